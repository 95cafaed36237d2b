"""Lists a character sheet keeps, such as the weapons a character carries: one sheet input of
kind "list" whose value is a list of items (or that list as JSON text, as the browser keeps
every field as text), each item a mapping checked field by field, then by the game's own check
(a damage notation, a parry figure). A refusal names the list, the item by its number and name,
and the field by its label.

>>> from rulescore.core import Input
>>> weapons = list_input("weapons", "Weapons", (Input("name", "Name", "text", "", max=40),
...                                              Input("skill", "Skill", "int", 10, min=1, max=30)))
>>> weapons.parse('[{"name": "Axe", "skill": "14"}, {"name": "Knife"}]')
[{'name': 'Axe', 'skill': 14}, {'name': 'Knife', 'skill': 10}]
>>> weapons.parse([{"name": "Axe", "skill": 99}])
Traceback (most recent call last):
...
rulescore.core.RulesInputError: Weapons, item 1 (Axe): Skill: received 99 (int); enter a whole number from 1 to 30.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from .core import Input, RulesInputError

MAX_TEXT = 16000  # the whole list as JSON text: two dozen weapons with every figure fit several times over

Check = Callable[[dict[str, Any]], dict[str, Any]]


def list_input(name: str, label: str, items: tuple[Input, ...], check: Check | None = None, most: int = 12,
               help: str = "") -> Input:
    """A sheet input holding up to ``most`` items of ``items``' fields; ``check`` (if given) takes
    one item's checked fields and returns them, normalised, or raises RulesInputError."""

    def fail(detail: str) -> RulesInputError:
        return RulesInputError(name, f"{label}: {detail}")

    def read(raw: Any) -> list[dict[str, Any]]:
        if raw is None or raw == "":
            return []
        if isinstance(raw, str):
            if len(raw) > MAX_TEXT:
                raise fail(f"{len(raw)} characters of text; a list holds {MAX_TEXT} at most.")
            try:
                raw = json.loads(raw)
            except ValueError:
                raise fail("not a list of items (its text is not JSON).") from None
        if not isinstance(raw, list):
            raise fail(f"give a list of up to {most} items.")
        if len(raw) > most:
            raise fail(f"{len(raw)} items; a sheet keeps {most} at most.")
        return [_item(raw_item, number) for number, raw_item in enumerate(raw, 1)]

    def _item(raw: Any, number: int) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise fail(f"item {number} is not a set of fields.")
        named = raw.get("name")
        shown = named.strip()[:40] if isinstance(named, str) else ""
        called = f"item {number}" + (f" ({shown})" if shown else "")
        fields = {field.name: field for field in items}
        for key in raw:
            if key not in fields:
                raise RulesInputError(name, f"{label}, {called}: it has no field “{str(key)[:30]}”; its fields are "
                                            f"{', '.join(field.label for field in items)}.")
        entry: dict[str, Any] = {}
        try:
            for field in items:
                given = raw.get(field.name)
                if given is None or given == "":
                    if field.default is not None and field.default != "":
                        entry[field.name] = _parse(field, field.default)
                    elif field.kind == "text":
                        entry[field.name] = ""
                    continue
                entry[field.name] = _parse(field, given)
            return check(entry) if check else entry
        except RulesInputError as error:
            raise RulesInputError(name, f"{label}, {called}: {error.message}") from None

    return Input(name, label, "list", "", max=most, help=help, read_list=read, items=items)


def _parse(field: Input, raw: Any) -> Any:
    """One item field: a "text" field is a short text (``field.max`` characters), any other kind
    is read as the sheet's inputs are."""
    if field.kind != "text":
        return field.parse(raw)
    if not isinstance(raw, str | int) or isinstance(raw, bool) or len(str(raw).strip()) > (field.max or 60):
        raise RulesInputError(field.name, f"{field.label}: give a text of {field.max or 60} characters at most.")
    return str(raw).strip()
