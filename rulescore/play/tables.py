"""Encounters and random tables (issue 43, item 5): a GM's encounter ("2d4 goblins and an ogre")
starts a fight with its counts rolled, and a GM's own random table ("1d8: 1-3 2d4 goblins; 4-5
1d6 orcs; 6 a black bear; 7-8 nothing") is rolled into a log line or a fight.

>>> table = read_table("1d8: 1-3 2d4 goblins; 4-5 1d6 orcs; 6 a black bear; 7-8 nothing")
>>> table.dice, [(row.low, row.high, row.text) for row in table.rows]
('1d8', [(1, 3, '2d4 goblins'), (4, 5, '1d6 orcs'), (6, 6, 'a black bear'), (7, 8, 'nothing')])
>>> read_encounter("2d4 goblins and an ogre")
[Group(how_many='2d4', name='Goblin'), Group(how_many='1', name='Ogre')]

Our readings: a table must give each result of its die exactly once (a gap or an overlap is
refused, naming the results); a row that is "nothing", or is written in brackets or quotation
marks ("(a rustle in the dark)"), or whose words do not read as counts and names, is a line for
the log; a name is made singular for the foes' rows the simple English
way ("wolves" a wolf, "goblins" a goblin), and each game may match it to a foe it knows (Basic
Fantasy: its monster list). The table's roll and its row are the GM's alone in the log; the
fight it starts is everyone's.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..core import Input, RulesInputError
from ..dice import parse
from ..dice import roll as roll_dice
from ..wording import received
from .common import Action, State, keys, note, take
from .dice_asks import Dice
from .fight import Fight
from .registry import rules_of

MAX_TEXT = 2000
MAX_ROWS = 100
TABLE = Input("table", "Random table", "text", None, max=MAX_TEXT,
              help="“1d8: 1-3 2d4 goblins; 4-5 1d6 orcs; 6 a black bear; 7-8 nothing”")
ENCOUNTER = Input("encounter", "Encounter", "text", None, max=MAX_TEXT, help="“2d4 goblins and an ogre”")
INTO_FIGHT = Input("fight", "Start a fight with what it gives", "bool", True)
_ROW = re.compile(r"\s*(\d+)(?:\s*[-–]\s*(\d+))?\s+(.+)")
_GROUP = re.compile(r"(\d+d\d+(?:\s*[+-]\s*\d+)?|\d+|an?)\s+(.+)", re.IGNORECASE)
_AND = re.compile(r"\s*,\s*|\s+and\s+|\s*\+\s*", re.IGNORECASE)
MAX_GROUPS = 10
NOTHING = ("nothing", "none", "no encounter")


class Row(NamedTuple):
    low: int
    high: int
    text: str


class Table(NamedTuple):
    dice: str
    rows: list[Row]


class Group(NamedTuple):
    how_many: str  # dice ("2d4") or a number ("1")
    name: str  # singular, capitalised: a foe row's name


def _refuse(field: Input, why: str) -> RulesInputError:
    return RulesInputError(field.name, f"{field.label}: {why}")


def read_table(text: Any) -> Table:
    """A random table: its die, then rows of a result or a range and what it gives, by ";"."""
    if not isinstance(text, str) or ":" not in text or len(text) > MAX_TEXT:
        raise _refuse(TABLE, f"received {received(text)}; write its die, a colon, then each row as a result or a "
                             f"range and what it gives, split by “;”: {TABLE.help}.")
    head, body = text.split(":", 1)
    try:
        notation = parse(head.strip())
    except RulesInputError as error:
        raise _refuse(TABLE, f"its die {error.message.split(': ', 1)[-1]}") from None
    if notation.wins or notation.times != 1:
        raise _refuse(TABLE, f"its die is {received(head.strip())}; give one roll of dice, as “1d8” or “2d6”.")
    low, high = notation.number + notation.adds, notation.number * notation.sides + notation.adds
    rows: list[Row] = []
    for part in [part for part in body.split(";") if part.strip()][:MAX_ROWS + 1]:
        matched = _ROW.fullmatch(part)
        if not matched:
            raise _refuse(TABLE, f"the row {received(part.strip())} does not start with a result or a range "
                                 f"(“4-5 1d6 orcs”).")
        first = int(matched[1])
        rows.append(Row(first, int(matched[2] or first), matched[3].strip()))
    if not rows or len(rows) > MAX_ROWS:
        raise _refuse(TABLE, f"give 1 to {MAX_ROWS} rows after the colon.")
    covered: dict[int, int] = {}
    for row in rows:
        if row.low > row.high or row.low < low or row.high > high:
            raise _refuse(TABLE, f"the row “{row.low}-{row.high}” is outside what {notation.text} rolls "
                                 f"({low} to {high}).")
        for result in range(row.low, row.high + 1):
            covered[result] = covered.get(result, 0) + 1
    missing = [str(n) for n in range(low, high + 1) if n not in covered]
    twice = [str(n) for n, times in covered.items() if times > 1]
    if missing or twice:
        raise _refuse(TABLE, "each result of the die needs one row: " + "; ".join(
            words for words in (f"no row for {', '.join(missing)}" if missing else "",
                                f"more than one row for {', '.join(twice)}" if twice else "") if words) + ".")
    return Table(notation.text, rows)


def singular(words: str) -> str:
    """A plural name made singular the simple English way, capitalised: "wolves" → "Wolf"."""
    words = words.strip()
    for plural, one in (("ves", "f"), ("ies", "y"), ("men", "man"), ("ches", "ch"), ("shes", "sh")):
        if words.endswith(plural):
            words = words[: -len(plural)] + one
            break
    else:
        if words.endswith("s") and not words.endswith("ss"):
            words = words[:-1]
    return words[:1].upper() + words[1:]


def read_encounter(text: str, field: Input = ENCOUNTER) -> list[Group]:
    """The groups of an encounter ("2d4 goblins, 1d6 orcs and a black bear"); [] when the words
    name none (a row of a table that is a line for the log)."""
    if text.strip()[:1] in ("(", "“", '"') or text.strip().lower() in NOTHING:
        return []  # a line for the log
    groups = []
    for part in [part for part in _AND.split(text.strip()) if part.strip()]:
        matched = _GROUP.fullmatch(part.strip())
        if not matched:
            return []
        count = "1" if matched[1].lower() in ("a", "an") else matched[1].replace(" ", "")
        if "d" in count:
            parse(count)  # a count in dice must read as dice
        elif int(count) < 1:
            return []
        groups.append(Group(count, singular(matched[2])))
    if len(groups) > MAX_GROUPS:
        raise _refuse(field, f"{len(groups)} groups; {MAX_GROUPS} at most.")
    return groups


def _rolled(groups: list[Group], dice: Dice) -> list[tuple[int, str]]:
    rolled = []
    for group in groups:
        if "d" in group.how_many:
            purpose = f"how many: {group.name}"

            def asked(count: int, sides: int, purpose: str = purpose) -> list[int]:
                return dice(count, sides, purpose=purpose)
            rolled.append((max(roll_dice(group.how_many, roll=asked).total, 1), group.name))
        else:
            rolled.append((int(group.how_many), group.name))
    return rolled


def _start_fight(state: State, rolled: list[tuple[int, str]], dice: Dice) -> None:
    fight = rules_of(state["system"]).fight
    assert isinstance(fight, Fight)  # every game's fight is one
    foes = [{**fight.foe_named(name), "name": name, "count": count} for count, name in rolled]
    fight.start(state, {"do": "fight", "foes": foes}, dice)


def _said(rolled: list[tuple[int, str]]) -> str:
    return ", ".join(f"{count} × {name}" for count, name in rolled)


def roll_table(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "roll_table", "table": text, "fight": true}``: the table rolled; what its row gives
    starts a fight (with ``fight`` and no fight going on), or is a line for the GM's log."""
    keys(action, (TABLE.name, INTO_FIGHT.name))
    table, into_fight = read_table(take(action, TABLE)), take(action, INTO_FIGHT)
    if into_fight and state.get("fight"):
        raise _refuse(INTO_FIGHT, "a fight is already going on; roll it for the log, or end the fight first.")
    result = roll_dice(table.dice, roll=lambda count, sides: dice(count, sides, purpose="the random table")).total
    row = next(row for row in table.rows if row.low <= result <= row.high)
    groups = read_encounter(row.text, TABLE)
    rolled = _rolled(groups, dice)
    at = rules_of(state["system"]).at(state)
    note(state, at, f"Random table ({table.dice}): {result}, {row.text}" + (f": {_said(rolled)}." if rolled else "."),
         None, gm_only=True)
    if rolled and into_fight:
        _start_fight(state, rolled, dice)


def encounter(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "encounter", "encounter": "2d4 goblins and an ogre"}``: a fight with its counts rolled."""
    keys(action, (ENCOUNTER.name,))
    text = take(action, ENCOUNTER)
    groups = read_encounter(text)
    if not groups:
        raise _refuse(ENCOUNTER, f"received {received(text)}; give how many and who, as {ENCOUNTER.help}.")
    if state.get("fight"):
        raise _refuse(ENCOUNTER, "a fight is already going on: add foes with “Reinforcements”, or end it first.")
    rolled = _rolled(groups, dice)
    note(state, rules_of(state["system"]).at(state), f"Encounter “{text.strip()}”: {_said(rolled)}.", None,
         gm_only=True)
    _start_fight(state, rolled, dice)


TABLE_ACTIONS = {"roll_table": roll_table, "encounter": encounter}
TABLE_FORMS = (
    Action("encounter", "encounter", "An encounter", "A fight against the foes named, their counts rolled "
                                                      "(“2d4 goblins and an ogre”).", (ENCOUNTER,)),
    Action("roll_table", "roll_table", "Roll a random table", "Your own table rolled, in your log alone; what "
                                                              "it gives can start a fight.", (TABLE, INTO_FIGHT)),
)
