"""The party's map, its pieces (issue 44): squares, sizes, paths and shapes read from an action,
each refused by the field at fault in a sentence for a person, and the map's geometry (which
room covers a square, which wall stands between two squares). :mod:`rulescore.play.map` keeps
the map in the session with these.

The sheet is 100 × 100 squares, ``[x, y]``: x across (0 at the left), y down (0 at the top), as
a page draws it; so north is the side toward y − 1 and west the side toward x − 1. A wall on the
north side of (3, 4) is the wall on the south side of (3, 3): both stand on one edge.

>>> square({"at": [3, 4]}, "at", "Square")
(3, 4)
>>> square({"at": [3, 100]}, "at", "Square")
Traceback (most recent call last):
...
rulescore.core.RulesInputError: Square: received (3, 100); give two whole numbers from 0 to 99, across then down, \
as [3, 4].
>>> edge((3, 4), "n") == edge((3, 3), "s"), step_edge((3, 4), (4, 4)) == edge((3, 4), "e")
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Input, RulesInputError
from ..wording import received

SHEET = 100  # squares across and down
MAX_ROOM = 60  # a room's width or height, in squares
MAX_PATH = 400  # squares in one walk
MAX_SHAPES = 3000  # shapes on one map
MAX_NOTE = 500  # characters in a note
MAX_LEVEL = 20

Square = tuple[int, int]
Edge = tuple[int, int, str]  # a square and "s" or "e": every edge named once

LEVEL = Input("level", "Level", "int", 1, min=1, max=MAX_LEVEL)
SHAPE = Input("shape", "Shape", "choice", None, choices=(("room", "room"), ("wall", "wall"), ("door", "door"),
                                                          ("stairs", "stairs"), ("note", "note")))
SIDE = Input("side", "Side", "choice", None, choices=(("n", "north"), ("e", "east"), ("s", "south"), ("w", "west")))
DOOR = Input("door", "Door", "choice", "plain", choices=(("plain", "plain"), ("stuck", "stuck"), ("locked", "locked"),
                                                         ("secret", "secret")))
WAY = Input("way", "Stairs", "choice", None, choices=(("up", "up"), ("down", "down")))
NOTE = Input("text", "Note", "text", None, max=MAX_NOTE, help="the note's words")
GM_NOTE = Input("gm", "The GM's note", "bool", False)
SIDE_NAMES = dict(SIDE.choices)
_STEPS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def _pair(value: Any) -> tuple[int, int] | None:
    """Two whole numbers (never yes or no), or None."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    if any(isinstance(one, bool) or not isinstance(one, int) for one in value):
        return None
    return value[0], value[1]


def _quoted(value: Any) -> str:
    pair = _pair(value) if isinstance(value, list) and len(value) == 2 else None
    if pair is not None:
        return f"({pair[0]}, {pair[1]})"
    return received(value)


def square_of(value: Any, field: str, label: str) -> Square:
    """``value`` as a square of the sheet, or RulesInputError naming ``field`` by ``label``."""
    pair = _pair(value)
    if pair is None or not all(0 <= one < SHEET for one in pair):
        raise RulesInputError(field, f"{label}: received {_quoted(value)}; give two whole numbers from 0 to "
                                     f"{SHEET - 1}, across then down, as [3, 4].")
    return pair


def square(action: Mapping[str, Any], key: str, label: str) -> Square:
    """The square ``action[key]`` names (required)."""
    if key not in action:
        raise RulesInputError(key, f"{label}: missing; give the square as [x, y], two whole numbers from 0 to "
                                   f"{SHEET - 1}.")
    return square_of(action[key], key, label)


def size(action: Mapping[str, Any], at: Square) -> tuple[int, int]:
    """A room's width and height, within MAX_ROOM and inside the sheet from ``at``."""
    value = action.get("size")
    pair = _pair(value)
    if pair is None or not all(1 <= one <= MAX_ROOM for one in pair):
        raise RulesInputError("size", f"Size: received {_quoted(value)}; give the width and the height in squares, "
                                      f"two whole numbers from 1 to {MAX_ROOM}, as [3, 2] (a corridor is 1 wide).")
    if at[0] + pair[0] > SHEET or at[1] + pair[1] > SHEET:
        raise RulesInputError("size", f"Size: a room {pair[0]} × {pair[1]} at {said(at)} runs off the {SHEET} × "
                                      f"{SHEET} sheet; make it smaller or draw it further in.")
    return pair


def path(action: Mapping[str, Any]) -> list[Square]:
    """The squares of a walk, in order: 1 to MAX_PATH of them."""
    value = action.get("path")
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PATH:
        many = f"{len(value)} squares" if isinstance(value, list) else received(value)
        raise RulesInputError("path", f"Path: received {many}; give the squares walked in order, 1 to {MAX_PATH} of "
                                      f"them, each as [x, y].")
    squares = []
    for number, one in enumerate(value, 1):
        pair = _pair(one)
        if pair is None or not all(0 <= part < SHEET for part in pair):
            raise RulesInputError("path", f"Path: square {number} is {_quoted(one)}; give each square as two whole "
                                          f"numbers from 0 to {SHEET - 1}, as [3, 4].")
        squares.append(pair)
    return squares


def said(at: Sequence[int]) -> str:
    """A square as a message names it: "(3, 4)"."""
    return f"({at[0]}, {at[1]})"


def edge(at: Sequence[int], side: str) -> Edge:
    """The edge on ``side`` of the square ``at``, named by the square west or north of it."""
    if side == "n":
        return at[0], at[1] - 1, "s"
    if side == "w":
        return at[0] - 1, at[1], "e"
    return at[0], at[1], side


def step_edge(start: Square, end: Square) -> Edge | None:
    """The edge crossed stepping from ``start`` to ``end``; None unless they are side by side."""
    for side, (across, down) in _STEPS.items():
        if (start[0] + across, start[1] + down) == end:
            return edge(start, side)
    return None


def covers(shape: Mapping[str, Any], at: Square) -> bool:
    """Whether ``shape`` touches the square ``at``: a room every square inside it, the rest their own."""
    x, y = shape["at"]
    if shape["shape"] == "room":
        width, height = shape["size"]
        return bool(x <= at[0] < x + width and y <= at[1] < y + height)
    return (x, y) == at


def on_map(shapes: Sequence[Mapping[str, Any]], at: Square, level: int) -> bool:
    """Whether a room of ``level`` covers ``at``."""
    return any(shape["shape"] == "room" and shape["level"] == level and covers(shape, at) for shape in shapes)


def blocked(shapes: Sequence[Mapping[str, Any]], crossing: Edge, level: int) -> bool:
    """Whether a wall stands on the edge and no door is in it (a door on the party's map is one they
    opened or can open: our reading)."""
    kinds = {shape["shape"] for shape in shapes if shape["shape"] in ("wall", "door") and shape["level"] == level
             and edge(shape["at"], shape["side"]) == crossing}
    return "wall" in kinds and "door" not in kinds


def same(one: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """Whether two shapes are the same drawing at the same place (a wall on either side of one edge alike)."""
    if one["shape"] != other["shape"] or one["level"] != other["level"]:
        return False
    if one["shape"] in ("wall", "door"):
        return edge(one["at"], one["side"]) == edge(other["at"], other["side"]) and one.get("door") == other.get("door")
    return {k: v for k, v in one.items() if k != "id"} == {k: v for k, v in other.items() if k != "id"}


def described(shape: Mapping[str, Any]) -> str:
    """A shape as the log names it: "a room 3 × 2 at (4, 5)", "a stuck door on the east side of (4, 5)"."""
    at, kind = said(shape["at"]), shape["shape"]
    if kind == "room":
        width, height = shape["size"]
        name = "a corridor" if min(width, height) == 1 and max(width, height) > 1 else "a room"
        return f"{name} {width} × {height} at {at}"
    if kind == "wall":
        return f"a wall on the {SIDE_NAMES[shape['side']]} side of {at}"
    if kind == "door":
        return f"a {shape['door']} door on the {SIDE_NAMES[shape['side']]} side of {at}"
    if kind == "stairs":
        return f"stairs {shape['way']} at {at}"
    return ("the GM's note" if shape["gm"] else "a note") + f" at {at}: “{shape['text']}”"


__all__ = ["DOOR", "GM_NOTE", "LEVEL", "MAX_LEVEL", "MAX_NOTE", "MAX_PATH", "MAX_ROOM", "MAX_SHAPES", "NOTE",
           "SHAPE", "SHEET", "SIDE", "SIDE_NAMES", "WAY", "Edge", "Square", "blocked", "covers", "described", "edge",
           "on_map", "path", "said", "same", "size", "square", "square_of", "step_edge"]
