"""Command line: ``python -m rulescore --list`` or ``python -m rulescore ID name=value ... [--json]``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import RulesInputError, calculate, catalogue
from .core import get_calculator


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulescore", description="Run a rules calculator.")
    parser.add_argument("calculator", nargs="?", help="calculator id, e.g. gurps.jump")
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

    inputs: dict[str, Any] = {}
    for assignment in args.assignments:
        name, sep, value = assignment.partition("=")
        if not sep:
            print(f"error: {assignment!r} is not name=value", file=sys.stderr)
            return 2
        inputs[name] = value
    try:
        result = calculate(args.calculator, inputs)
    except RulesInputError as error:
        if args.json:
            print(json.dumps({"error": {"field": error.field, "message": error.message}}))
        else:
            print(f"error: {error.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"outputs": dict(result), "steps": result.steps, "inputs": result.inputs}, indent=2))
        return 0
    for spec in get_calculator(args.calculator).outputs:
        if result[spec.name] is None:
            continue  # does not apply to these inputs
        unit = f" {spec.unit}" if spec.unit else ""
        print(f"{spec.label}: {spec.text(result[spec.name])}{unit}")
    print("\nWorking:")
    for sentence in result.steps:
        print(f"  - {sentence}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
