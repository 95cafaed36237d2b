"""Command line: ``python -m rulescore --list``, ``python -m rulescore ID name=value ... [--json]``,
or ``python -m rulescore derive SYSTEM name=value ... [--json]`` for a character's figures."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import RulesInputError, calculate, catalogue, derive
from .characters import character_sheet
from .core import get_calculator


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulescore", description="Run a rules calculator.")
    parser.add_argument("calculator", nargs="?",
                        help='calculator id, e.g. gurps.jump; or "derive" then a system (bfrpg, gurps, shell)')
    parser.add_argument("assignments", nargs="*", metavar="name=value", help="input values")
    parser.add_argument("--list", action="store_true", help="list every calculator and its inputs")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)

    if args.list or not args.calculator:
        if args.json:
            print(json.dumps(catalogue(), indent=2))
            return 0
        for calc in catalogue():
            print(f"{calc['id']}  ({calc['system']}) {calc['title']}: {calc['summary']}")
            for spec in calc["inputs"]:
                unit = f" {spec['unit']}" if spec["unit"] else ""
                print(f"    {spec['name']}={spec['default']}{unit}  {spec['label']}")
        return 0

    assignments = args.assignments
    deriving = args.calculator == "derive"
    if deriving and not assignments:
        print("error: derive needs a system: bfrpg, gurps or shell", file=sys.stderr)
        return 2
    inputs: dict[str, Any] = {}
    for assignment in assignments[1:] if deriving else assignments:
        name, sep, value = assignment.partition("=")
        if not sep:
            print(f"error: {assignment!r} is not name=value", file=sys.stderr)
            return 2
        inputs[name] = value
    try:
        if deriving:
            result = derive(assignments[0], inputs)
            outputs = character_sheet(assignments[0]).outputs
        else:
            result = calculate(args.calculator, inputs)
            outputs = get_calculator(args.calculator).outputs
    except RulesInputError as error:
        if args.json:
            print(json.dumps({"error": {"field": error.field, "message": error.message}}))
        else:
            print(f"error: {error.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"outputs": dict(result), "steps": result.steps, "inputs": result.inputs}, indent=2))
        return 0
    for spec in outputs:
        if result[spec.name] is None:
            continue  # does not apply to these inputs
        unit = f" {spec.unit_shown}" if spec.unit_shown else ""
        print(f"{spec.label}: {spec.text(result[spec.name])}{unit}")
    print("\nWorking:")
    for sentence in result.steps:
        print(f"  - {sentence}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
