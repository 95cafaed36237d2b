"""Rolls: how a calculator decided by one roll reads its dice (``declare_roll``), rolling or
reading a player's faces for it (``resolve``), and the margin's sign rule. The registry itself
(``RollSpec``, ``_ROLLS``) stays in :mod:`rulescore.core` beside the calculators it marks. The
imports run one way, core <- dice <- rolls: a rule module declares its roll with
``from ..rolls import declare_roll`` (``rulescore.resolve`` is this module's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import dice as dice_module
from .core import (
    _REGISTRY,
    _ROLLS,
    Input,
    Result,
    RollFunction,
    RollSpec,
    RulesInputError,
    Working,
    all_calculators,
    get_calculator,
)


def declare_roll(calculator_id: str, notation: str, choice: Input | None = None,
                 notations: Iterable[tuple[str, str]] = (),
                 feed: Callable[[Any], dict[str, Any]] | None = None,
                 follows: str | None = None) -> Callable[[RollFunction], RollFunction]:
    """Declare how a calculator's answer is decided by one roll of ``notation``.

    The decorated function takes ``(step, rolled, result, which)``: the working to add to, the
    :class:`rulescore.dice.Rolled` roll, the calculator's own Result for the inputs, and the
    ``choice`` value (None without one); it returns at least ``outcome`` and ``margin``.
    ``choice`` is an extra input resolve() takes when the calculator answers several rolls
    (which door, which defence), ``notations`` the notation each of its values rolls;
    ``feed(rolled)`` gives calculator inputs the roll fills in (a Fright Check's roll).
    ``follows`` names one of the calculator's own inputs whose value picks the notation from
    ``notations`` instead (the chance picker: a door on 1d6, a saving throw on 1d20).

    >>> get_calculator("gurps.success_roll").roll, get_calculator("gurps.jump").roll
    ('3d6', None)
    """

    def register(function: RollFunction) -> RollFunction:
        if calculator_id in _ROLLS:
            raise ValueError(f"roll for {calculator_id} declared twice")
        calc = get_calculator(calculator_id)
        if choice is not None and choice.name in {spec.name for spec in calc.inputs}:
            raise ValueError(f"{calculator_id}: the roll's choice {choice.name} is already an input")
        if follows is not None and (choice is not None or follows not in {spec.name for spec in calc.inputs}):
            raise ValueError(f"{calculator_id}: the roll follows {follows}, which must be an input (and no choice)")
        _REGISTRY[calculator_id] = calc._replace(roll=notation)
        _ROLLS[calculator_id] = RollSpec(notation, function, choice, tuple(notations), feed, follows)
        return function

    return register


def resolve(calculator_id: Any, inputs: Any = None, dice: Any = None,
            roll: Callable[[int, int], Any] | None = None) -> Result:
    """Decide a roll: the calculator's Result for ``inputs`` plus ``notation``, ``dice`` (the
    faces), ``total``, ``outcome`` and ``margin``, its working followed by the roll's. ``dice``
    None rolls (``roll(count, sides)``, real dice by default); a list is the faces a player
    rolled. ``margin`` is zero or more on a success (a win, a hit, a save) and negative on a
    failure: the target minus the total where the roll must be low, the total minus the
    number needed where it must be high; an automatic success or failure against the numbers
    (GURPS 3–4 and 17–18, BFRPG natural 1 and 20) reads 0 or −1. A calculator not decided by
    a roll, or inputs for which no roll is made, raise RulesInputError.

    >>> r = resolve("gurps.success_roll", {"effective_skill": 12}, dice=[3, 4, 5])
    >>> r["total"], r["outcome"], r["margin"]
    (12, 'success', 0)
    """
    calc = get_calculator(calculator_id)
    spec = _ROLLS.get(calc.id)
    if spec is None:
        raise RulesInputError("calculator", f"calculator: {calc.id} is not decided by a roll, so there is nothing "
                                            f"to resolve; the ones that are: {', '.join(sorted(_ROLLS))}.")
    if inputs is None:
        inputs = {}
    if not isinstance(inputs, Mapping):
        calc.resolve(inputs)  # raises the usual message for inputs that are not a mapping
    given = dict(inputs)
    which = None
    if spec.choice is not None:
        which = spec.choice.parse(given.pop(spec.choice.name, spec.choice.default))
    checked = calc.resolve(given)  # every input checked before any die is rolled
    if spec.follows is not None:
        which = checked[spec.follows]
    notation = dict(spec.notations).get(which, spec.notation) if which is not None else spec.notation
    rolled = dice_module.roll(notation, faces=dice, roll=roll)
    if spec.feed is not None:
        given.update(spec.feed(rolled))
    result = calc.run(given)
    step = Working()
    extra = spec.function(step, rolled, result, which)
    outputs = {**result, **extra, "notation": notation, "dice": list(rolled.faces), "total": rolled.total}
    used = dict(result.inputs)
    if spec.choice is not None:
        used[spec.choice.name] = which
    return Result(calc.id, outputs, result.steps + step.steps, used, result.step_rules + step.step_rules,
                  result.charts + step.charts)


def roll_calculators() -> list[str]:
    """The ids of the calculators resolve() decides, in declaration order.

    >>> "shell.attack" in roll_calculators(), "gurps.jump" in roll_calculators()
    (True, False)
    """
    return [calc.id for calc in all_calculators() if calc.id in _ROLLS]


def signed_margin(margin: int, success: bool) -> int:
    """A margin that keeps its sign rule (0 or more on a success, negative on a failure) when
    an automatic success or failure overrules the numbers: then 0 or −1.

    >>> signed_margin(3, True), signed_margin(-2, True), signed_margin(1, False), signed_margin(-4, False)
    (3, 0, -1, -4)
    """
    if success:
        return max(margin, 0)
    return min(margin, -1)
