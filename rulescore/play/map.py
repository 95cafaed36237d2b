"""The party's map (issue 44): rooms, corridors, walls, doors, stairs and notes drawn square by
square, and the party's marker walked across them, keeping time by the game's exploring pace.

The map is part of the session (``state["map"]``, made by the first map action; a session saved
before has none and shows an empty map), so undo, redo, backups and every open tab keep it as
they keep the rest. Its pieces and geometry are :mod:`rulescore.play.map_shapes`'s.

- ``{"do": "map_draw", "shape": "room", "at": [x, y], "size": [w, h], "level": 1}``; a ``wall``
  or a ``door`` (``"door": "plain" | "stuck" | "locked" | "secret"``) on a ``"side"`` of a square;
  ``stairs`` with a ``"way"``; a ``note`` with its ``"text"`` and ``"gm"`` (the GM's alone).
- ``{"do": "map_erase", "at": [x, y], "level": 1}``: the newest shape touching that square.
- ``{"do": "map_move", "path": [[x, y], ...]}``: the party walks, square by square, never
  diagonally, never off the map, never through a wall; the game says how long it takes
  (``GameRules.walk``; none: no time passes).
- ``{"do": "map_place", "at": [x, y], "level": n}``: the party's marker put down, no time passing.
- ``{"do": "map_scale", "scale": N}``; ``{"do": "map_pen", "mapper": id, "walker": id, "ask": bool}``:
  a player's phone may draw (the mapper) or walk the marker (the walker); with ``ask`` the GM
  approves each drawing first (:mod:`rulescore.play.seats`).

Our readings: a door drawn on the party's map is one they have opened or can open, so the walk
passes through it; a walk's part of a round is carried to the next walk.

>>> from rulescore import session
>>> state = session.new("gurps", [])
>>> state = session.apply(state, {"do": "map_draw", "shape": "room", "at": [2, 2], "size": [3, 1]})
>>> state = session.apply(state, {"do": "map_move", "path": [[2, 2], [3, 2], [4, 2]]})
>>> session.view(state)["map"]["party"], session.view(state)["log"][-1]["text"][:37]
([4, 2], 'The party walks 2 yd (2 squares); no ')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Input, RulesInputError
from .common import Member, State, keys, member, name_of, note, take
from .dice_asks import Dice
from .map_shapes import (
    DOOR,
    GM_NOTE,
    LEVEL,
    MAX_SHAPES,
    NOTE,
    SHAPE,
    SHEET,
    SIDE,
    WAY,
    Square,
    blocked,
    covers,
    described,
    on_map,
    path,
    said,
    same,
    size,
    square,
    step_edge,
)
from .registry import rules_of

MAP_DOS = ("map_draw", "map_erase", "map_move", "map_place", "map_scale", "map_pen")  # drawn by the map's widget
MAPPER = Member("mapper", "Mapper", optional=True)
WALKER = Member("walker", "Party marker", optional=True)
ASK = Input("ask", "The GM approves each drawing", "bool", False)
_KEYS = {"room": ("size",), "wall": ("side",), "door": ("side", "door"), "stairs": ("way",), "note": ("text", "gm")}


def the_map(state: State) -> dict[str, Any]:
    """The session's map, made empty by the first map action."""
    if "map" not in state:
        unit, scale = rules_of(state["system"]).map_unit[:2]
        state["map"] = {"scale": scale, "unit": unit, "shapes": [], "next_id": 1, "party": None, "party_level": 1,
                        "mapper": None, "walker": None, "ask": False, "carry": [0, 1]}
    found: dict[str, Any] = state["map"]
    return found


def distance_text(distance: int, unit: str) -> str:
    """120' or 12 yd."""
    return f"{distance}'" if unit == "ft" else f"{distance} {unit}"


def _log(state: State, text: str, gm_only: bool = False) -> None:
    note(state, rules_of(state["system"]).at(state), text, None, gm_only=gm_only)


def _level(action: dict[str, Any], default: int) -> int:
    level: int = take(action, LEVEL._replace(default=default))
    return level


def party_level(state: State) -> int:
    """The level the party's marker is on (1 before it is on the map)."""
    level: int = state.get("map", {}).get("party_level", 1)
    return level


def on_the_map(state: State, at: Square, level: int, field: str) -> None:
    """Refuse a square no room of ``level`` covers, naming it."""
    if not on_map(the_map(state)["shapes"], at, level):
        raise RulesInputError(field, f"Square {said(at)} is not on the map yet" + ("" if level == 1 else
                                     f" (level {level})") + ": draw it first.")


def _not_fighting(state: State, field: str) -> None:
    if state.get("fight"):
        raise RulesInputError(field, "Path: the walk keeps exploration time; end the fight first.")


def map_draw(state: State, action: dict[str, Any], dice: Dice) -> None:
    """A room (a corridor: a room 1 wide), a wall, a door, stairs or a note drawn on the map."""
    kind = take(action, SHAPE)
    keys(action, ("shape", "at", "level", *_KEYS[kind]))
    at = square(action, "at", "Square")
    shape: dict[str, Any] = {"shape": kind, "at": list(at), "level": _level(action, 1)}
    if kind == "room":
        shape["size"] = list(size(action, at))
    elif kind in ("wall", "door"):
        shape["side"] = take(action, SIDE)
        if kind == "door":
            shape["door"] = take(action, DOOR)
    elif kind == "stairs":
        shape["way"] = take(action, WAY)
    else:
        shape.update(text=take(action, NOTE).strip(), gm=take(action, GM_NOTE))
    drawn = the_map(state)
    if any(same(shape, other) for other in drawn["shapes"]):
        raise RulesInputError("shape", f"Shape: {described(shape)} is already drawn on level {shape['level']}.")
    if len(drawn["shapes"]) >= MAX_SHAPES:
        raise RulesInputError("shape", f"Shape: the map holds {MAX_SHAPES} shapes, the most it keeps; erase some "
                                       f"first.")
    drawn["shapes"].append({"id": drawn["next_id"], **shape})
    drawn["next_id"] += 1
    _log(state, f"The map: {described(shape)}, level {shape['level']}.", gm_only=bool(shape.get("gm")))


def map_erase(state: State, action: dict[str, Any], dice: Dice) -> None:
    """The newest shape touching the square erased (a room covers every square inside it)."""
    keys(action, ("at", "level"))
    at, level = square(action, "at", "Square"), _level(action, 1)
    shapes = the_map(state)["shapes"]
    index = next((index for index in range(len(shapes) - 1, -1, -1)
                  if shapes[index]["level"] == level and covers(shapes[index], at)), None)
    if index is None:
        raise RulesInputError("at", f"Square {said(at)}: nothing is drawn there on level {level}.")
    shape = shapes.pop(index)
    _log(state, f"The map: {described(shape)} erased, level {level}.", gm_only=bool(shape.get("gm")))


def _put(state: State, at: Square, level: int) -> None:
    drawn = the_map(state)
    drawn["party"], drawn["party_level"] = list(at), level
    _log(state, f"The map: the party is at {said(at)}, level {level}.")


def map_place(state: State, action: dict[str, Any], dice: Dice) -> None:
    """The party's marker put on a drawn square; no time passes."""
    keys(action, ("at", "level"))
    at, level = square(action, "at", "Square"), _level(action, party_level(state))
    on_the_map(state, at, level, "at")
    _put(state, at, level)


def map_move(state: State, action: dict[str, Any], dice: Dice) -> None:
    """The party walks the path, square by square; the game's pace says how long it takes."""
    keys(action, ("path", "level"))
    squares = path(action)
    drawn = the_map(state)
    level = _level(action, party_level(state))
    _not_fighting(state, "path")
    if drawn["party"] is not None and level != drawn["party_level"]:
        raise RulesInputError("level", f"Level: the party is on level {drawn['party_level']}; put it on level "
                                       f"{level} first (by the stairs).")
    if drawn["party"] is None:
        on_the_map(state, squares[0], level, "path")
        start, squares = squares[0], squares[1:]
    else:
        start = (drawn["party"][0], drawn["party"][1])
        if squares[0] == start:
            squares = squares[1:]
        if not squares:
            raise RulesInputError("path", f"Path: the party is already at {said(start)}; give the squares it walks.")
    here = start
    for there in squares:
        crossing = step_edge(here, there)
        if crossing is None:
            raise RulesInputError("path", f"Path: from {said(here)} to {said(there)} is not a step to a square "
                                          f"beside it; walk square by square, never diagonally.")
        on_the_map(state, there, level, "path")
        if blocked(drawn["shapes"], crossing, level):
            raise RulesInputError("path", f"Path: a wall stands between {said(here)} and {said(there)}; walk round "
                                          f"it, or through a door.")
        here = there
    if drawn["party"] is None:
        _put(state, start, level)
    if not squares:
        return
    drawn["party"] = list(here)
    distance = len(squares) * drawn["scale"]
    walk = rules_of(state["system"]).walk
    if walk is not None:
        walk(state, distance, len(squares))
    else:
        _log(state, f"The party walks {distance_text(distance, drawn['unit'])} ({_count(len(squares))}); no time "
                    f"passes on the clock: it counts combat time only, and the rules give no exploring pace (our "
                    f"reading).")


def _count(squares: int) -> str:
    return f"{squares} square" + ("" if squares == 1 else "s")


def carry(state: State) -> Fraction:
    """The part of a round walked and not yet passed."""
    numerator, denominator = the_map(state)["carry"]
    return Fraction(numerator, denominator)


def keep_carry(state: State, rest: Fraction) -> None:
    the_map(state)["carry"] = [rest.numerator, rest.denominator]


def map_scale(state: State, action: dict[str, Any], dice: Dice) -> None:
    """The distance a square stands for, in the map's unit."""
    keys(action, ("scale",))
    drawn = the_map(state)
    unit, _, least, most, step = rules_of(state["system"]).map_unit
    spec = Input("scale", "Scale", "number", None, unit=unit, min=least, max=most, step=step)
    scale = int(take(action, spec))
    drawn["scale"] = scale
    _log(state, f"The map: each square is {distance_text(scale, drawn['unit'])} across now.")


def map_pen(state: State, action: dict[str, Any], dice: Dice) -> None:
    """The GM gives a party member's seat the pen (``mapper``) and the party's marker (``walker``);
    "" gives them to nobody, a key left out keeps who has them; ``ask``: the GM approves each drawing."""
    keys(action, ("mapper", "walker", "ask"))
    drawn = the_map(state)
    for spec in (MAPPER, WALKER):
        if spec.name in action:
            drawn[spec.name] = None if action[spec.name] == "" else member(state, action, spec)
    if ASK.name in action:
        drawn["ask"] = take(action, ASK)
    for key in (MAPPER.name, WALKER.name):  # one who has left the party since holds nothing
        drawn[key] = _named(state, drawn[key])[0]
    mapper, walker = drawn["mapper"], drawn["walker"]
    text = (f"{name_of(state, mapper)} holds the pen" + (" (each drawing waits for the GM's approval)"
                                                         if drawn["ask"] else "") if mapper else
            "the GM alone draws") + "; " + (f"{name_of(state, walker)} moves the party's marker"
                                           if walker else "the GM alone moves the party's marker")
    _log(state, f"The map: {text}.")


MAP_ACTIONS = {"map_draw": map_draw, "map_erase": map_erase, "map_move": map_move, "map_place": map_place,
               "map_scale": map_scale, "map_pen": map_pen}


def _named(state: State, ident: Any) -> tuple[Any, Any]:
    """A member id and name, or None for both once they are not in the party."""
    for one in state["party"]:
        if one["id"] == ident:
            return ident, one["name"]
    return None, None


def map_view(state: State, gm: bool) -> dict[str, Any]:
    """What a screen shows of the map (the GM's notes in the GM's view only)."""
    drawn = state.get("map")
    if drawn is None:
        unit, scale = rules_of(state["system"]).map_unit[:2]
        drawn = {"scale": scale, "unit": unit, "shapes": [], "party": None, "party_level": 1, "mapper": None,
                 "walker": None, "ask": False}
    parts: dict[str, list[dict[str, Any]]] = {"room": [], "wall": [], "door": [], "stairs": [], "note": []}
    levels = {1}
    for shape in drawn["shapes"]:
        kind = shape["shape"]
        if kind == "note" and shape["gm"] and not gm:
            continue
        levels.add(shape["level"])
        parts[kind].append({key: value for key, value in shape.items() if key != "shape"})
    mapper, mapper_name = _named(state, drawn["mapper"])
    walker, _ = _named(state, drawn["walker"])
    party = drawn["party"]
    if party is not None:
        levels.add(drawn["party_level"])
    return {"scale": drawn["scale"], "unit": drawn["unit"], "size": [SHEET, SHEET], "rooms": parts["room"],
            "walls": parts["wall"], "doors": parts["door"], "stairs": parts["stairs"], "notes": parts["note"],
            "party": list(party) if party is not None else None, "party_level": drawn["party_level"],
            "levels": sorted(levels), "mapper": mapper, "mapper_name": mapper_name, "walker": walker,
            "ask": drawn["ask"]}


__all__ = ["MAP_ACTIONS", "MAP_DOS", "carry", "distance_text", "keep_carry", "map_draw", "map_erase", "map_move",
           "map_pen", "map_place", "map_scale", "map_view", "on_the_map", "party_level", "the_map"]
