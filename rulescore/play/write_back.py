"""What a session leaves on the characters' sheets: the wounds (and fatigue) each member carries
out of it, in the sheet's own fields, for the page to write back once the GM agrees.

``write_back(state)`` is ``{member id: {sheet field: value}}``, the fields each game names
(``GameRules.sheet_fields``, :mod:`rulescore.play.registry`): GURPS ``hp_lost`` and ``fp_lost``,
Basic Fantasy ``hp_lost``, SHELL ``damage_taken`` (lethal damage only: the non-lethal tally is
wiped at the end of each fight). A field appears only where the session's figure differs from
the one the member came in with (their sheet when the session began, or when they last joined
it); a member with no such field is absent. Conditions that last only within the session (a
stun, shock, a Basic Fantasy runner's exhaustion, days without food, END spent, where on the
body SHELL damage landed) have no field on a sheet and stay behind. Members who left the party
are included (their wounds are kept for a return, and so is the character they came in as);
a member who left before sessions kept that record is left out.

A value the sheet cannot hold is brought within it, as the sheet would refuse it (the game's
``GameRules.leaving``: ``leaving`` in each game's session.py): a GURPS
character dead in the session keeps at most the HP lost that leaves them short of −5 × HP, a
Basic Fantasy one at 0 HP or less keeps 1 HP, a SHELL one short of twice HP of damage; FP lost
stop at −FP. ``write_back_changes(state)`` says each member's changes in words, one line each,
for the page to show before it writes: the figure as it came in and as it leaves, and why a
value was brought within the sheet.

>>> from rulescore import session
>>> party = [{"id": "k", "name": "Kara", "system": "gurps", "fields": {"st": 12, "hp_lost": 2}}]
>>> state = session.apply(session.new("gurps", party), {"do": "damage", "who": "k", "damage": 3,
...                                                       "type": "crushing"})
>>> write_back(state), write_back_changes(state)
({'k': {'hp_lost': 5}}, ['Kara: HP lost 2 → 5.'])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..characters import character_sheet, derive
from .registry import rules_of


def _members(state: Mapping[str, Any]) -> Iterator[tuple[dict[str, Any], dict[str, Any], dict[str, Any], bool]]:
    """Each member as (party entry, sheet as they came in, their state now, whether they left)."""
    for member in state["party"]:
        yield member, state["sheets"][member["id"]], state["characters"][member["id"]], False
    left = state.get("left", {})
    for ident, member in state.get("leavers", {}).items():
        if ident in left:
            result = derive(state["system"], member["fields"])
            yield member, {**result.inputs, **dict(result)}, left[ident], True


def _changes(state: Mapping[str, Any]) -> Iterator[tuple[dict[str, Any], dict[str, int], dict[str, int], str, bool]]:
    """Each member whose figures differ: (entry, fields changed as they leave, as they came, why, left)."""
    rules = rules_of(state["system"])
    for member, sheet, now, left in _members(state):
        leaving, why = rules.leaving(sheet, now)  # the game's fields, within what its sheet holds
        came = {field: int(sheet.get(field, 0)) for field in rules.sheet_fields}
        changed = {field: int(value) for field, value in leaving.items() if value != came[field]}
        if changed:
            yield member, changed, came, why, left


def write_back(state: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """``{member id: {sheet field: value}}``: the fields of each member's sheet that the session
    changed, as they leave it (see the module's docstring). ``state`` is left as it was."""
    return {member["id"]: changed for member, changed, _, _, _ in _changes(state)}


def write_back_changes(state: Mapping[str, Any]) -> list[str]:
    """What :func:`write_back` would write, in words, one line per member in the same order:
    "Ana: Hit points lost 0 → 3.", each field by its label on the sheet; a member who left says so,
    and a value brought within the sheet says why."""
    labels = {spec.name: spec.label for spec in character_sheet(state["system"]).inputs}
    lines = []
    for member, changed, came, why, left in _changes(state):
        said = ", ".join(f"{labels[field]} {came[field]} → {value}" for field, value in changed.items())
        lines.append(f"{member['name']}{' (left the party)' if left else ''}: {said}"
                     + (f" ({why})." if why else "."))
    return lines


def came_in(state: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """For the page that writes the sheets: each changed member's ``name`` and ``came`` (the
    fields as they came in, to tell a sheet changed elsewhere since), and the fields' ``labels``."""
    labels = {spec.name: spec.label for spec in character_sheet(state["system"]).inputs}
    return {member["id"]: {"name": member["name"], "came": {field: came[field] for field in changed},
                           "labels": {field: labels[field] for field in changed}}
            for member, changed, came, _, _ in _changes(state)}
