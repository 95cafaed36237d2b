"""Wandering monsters in a Basic Fantasy session (issue 43, item 5; docs: bfrpg/dungeon.md,
"Wandering monsters"): the GM sets how often a check falls due, every so many turns, and its
chance ("1 in 6"), and may give the random table of what comes; once that many turns have passed
since the last check (or since they were set), the GM's view reminds them, and the check rolls
the chance and, when a monster comes, the table.

Our texts give no interval and no chance for these checks: both are the GM's to set, nothing is
assumed. The reminders, the rolls and what comes are in the GM's log alone until a fight begins.

>>> from rulescore import session
>>> party = [{"id": "a", "name": "Ana", "system": "bfrpg", "fields": {}}]
>>> state = session.apply(session.new("bfrpg", party), {"do": "wandering", "every": 2, "chance": "1 in 6"})
>>> state = session.apply(state, {"do": "advance", "turns": 2})
>>> session.view(state, gm=True)["due"]
['A wandering-monster check is due (every 2 turns, 1 in 6): Wandering-monster check.']
>>> session.view(state)["due"]
[]
"""

from __future__ import annotations

from typing import Any

from ..core import Input, RulesInputError
from ..dice import parse
from ..dice import roll as roll_dice
from ..play.common import Action, State, keys, note, take
from ..play.dice_asks import Dice
from ..play.tables import MAX_TEXT, read_table, roll_table
from ..wording import received
from .time_scale import ROUNDS_PER_TURN

PAGE = "bfrpg/dungeon/#wandering-monsters"
EVERY = Input("every", "Every (turns)", "int", None, unit="turns", min=0, max=144,
              help="how many turns between checks; 0 stops the reminders")
CHANCE = Input("chance", "Chance", "text", "1 in 6", max=20, help="“1 in 6”, “1-2 in 6”")
WHAT_COMES = Input("table", "What comes (a random table)", "text", "", max=MAX_TEXT,
                   help="left empty: the check says only whether something comes")
LABEL = "Wandering-monster check"


def _turn(state: State) -> int:
    turn: int = state["clock"]["rounds"] // ROUNDS_PER_TURN
    return turn


def set_checks(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "wandering", "every": N, "chance": "1 in 6", "table": text}``: checks every N
    turns from now (0: none)."""
    keys(action, (EVERY.name, CHANCE.name, WHAT_COMES.name))
    every, chance = take(action, EVERY), str(action.get(CHANCE.name) or CHANCE.default).strip()
    try:
        notation = parse(chance)
    except RulesInputError:
        notation = None
    if notation is None or notation.wins is None or len(chance) > CHANCE.max:
        raise RulesInputError(CHANCE.name, f"{CHANCE.label}: received {received(chance)}; give a chance as "
                                           f"“1 in 6” or “1-2 in 6”.")
    table = str(action.get(WHAT_COMES.name) or "").strip()
    if table:
        read_table(table)  # refused now, by its field, rather than at the check
    if not every:
        state.pop("wandering", None)
        note(state, f"turn {_turn(state)}", "No more wandering-monster checks.", PAGE, gm_only=True)
        return
    state["wandering"] = {"every": every, "chance": notation.text, "table": table, "from": _turn(state)}
    note(state, f"turn {_turn(state)}", f"Wandering-monster checks every {every} turn{'s' if every != 1 else ''}, "
                                        f"{notation.text}" + (", with a table of what comes." if table else "."),
         PAGE, gm_only=True)


def check(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "wandering_check"}``: the chance rolled; what comes rolled on the table (a fight,
    unless one is on: then a line of the GM's log). The next check falls due ``every`` turns on."""
    keys(action, ())
    checks = state.get("wandering")
    if not checks:
        raise RulesInputError("do", f"{LABEL}: set the checks first with “Wandering monsters”.")
    made = roll_dice(checks["chance"], roll=lambda count, sides: dice(count, sides, purpose="the wandering-monster "
                                                                                           "check"))
    checks["from"] = _turn(state)
    note(state, f"turn {_turn(state)}", f"{LABEL} ({checks['chance']}): {made.total}, "
                                        + ("something comes." if made.won else "nothing comes."), PAGE, gm_only=True)
    if made.won and checks["table"]:
        roll_table(state, {"table": checks["table"], "fight": not state.get("fight")}, dice)


def due(state: State, gm: bool) -> list[str]:
    """The reminder, in the GM's view, once the check has fallen due."""
    checks = state.get("wandering")
    if not gm or not checks or _turn(state) - checks["from"] < checks["every"]:
        return []
    every = checks["every"]
    return [f"A wandering-monster check is due (every {every} turn{'s' if every != 1 else ''}, "
            f"{checks['chance']}): {LABEL}."]


ACTIONS = {"wandering": set_checks, "wandering_check": check}
FORMS = (
    Action("wandering", "wandering", "Wandering monsters", "How often a wandering-monster check falls due and its "
                                                           "chance, and what comes; in the GM's view alone.",
           (EVERY, CHANCE, WHAT_COMES)),
    Action("wandering_check", "wandering_check", LABEL, "The chance rolled; on a success, the table of what comes "
                                                         "(a fight, or a line of the log during one).", ()),
)
