"""The dice of one session action, each roll asked with whose it is and what it is for.

Every roll the rules make in a session goes through ``Dice``: ``dice(3, 6, purpose="Goblin
1's attack roll (to hit)")`` or ``dice.one(6, purpose="Initiative, Ana")``. The purpose is only
for asking: what is kept (``used``, ``[count, sides, faces]`` per roll) and replayed is the
same without it. A ``Roll`` (``roll(count, sides)``, the caller's dice) that has no faces to
give raises ``DiceWanted``; ``Dice`` adds the purpose on its way out, so the page can ask
the table for that roll by name:

>>> def table(count: int, sides: int) -> list[int]:
...     raise DiceWanted(count, sides)
>>> try:
...     Dice(table)(3, 6, purpose="Bruno's Block")
... except DiceWanted as wanted:
...     print(wanted.text)
Bruno's Block: roll 3d6
>>> dice = Dice(lambda count, sides: [4] * count)
>>> dice.one(6, purpose="Initiative, Ana"), dice.used
(4, [[1, 6, [4]]])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import RulesInputError
from ..dice import real_roll
from ..wording import received

Roll = Callable[[int, int], Sequence[int]]


class DiceWanted(Exception):
    """A ``Roll`` has no faces for this roll (the table's own dice ran out): ``count`` dice of
    ``sides`` are wanted next, for ``purpose`` (whose roll, what for; "" if not said)."""

    def __init__(self, count: int, sides: int, purpose: str = ""):
        super().__init__(f"{count}d{sides}")
        self.count, self.sides, self.purpose = count, sides, purpose

    @property
    def text(self) -> str:
        """The roll asked for in a sentence: "Goblin 1's damage (1d+2 cut): roll 1d6"."""
        return f"{self.purpose}: roll {self.count}d{self.sides}" if self.purpose else \
            f"Roll {self.count}d{self.sides}"


class Dice:
    """The dice of one action: asks ``roll`` (or replays ``recorded``), checks what comes back
    and keeps every roll in ``used`` so that undo and redo replay the same faces."""

    def __init__(self, roll: Roll | None = None, recorded: Sequence[Any] | None = None):
        self._roll = roll or real_roll
        self._recorded = list(recorded) if recorded is not None else None
        self.used: list[list[Any]] = []

    def __call__(self, count: int, sides: int, *, purpose: str = "") -> list[int]:
        """``count`` dice of ``sides``; ``purpose`` says whose roll it is and what for."""
        if self._recorded is not None:
            if not self._recorded:
                raise RulesInputError("roll", f"Dice: the dice kept for this action ran out before {count}d{sides} "
                                              f"was rolled.")
            want_count, want_sides, faces = self._recorded.pop(0)
            if (want_count, want_sides) != (count, sides):
                raise RulesInputError("roll", f"Dice: {want_count}d{want_sides} was kept for this roll, but "
                                              f"{count}d{sides} is rolled here.")
        else:
            try:
                faces = self._roll(count, sides)
            except DiceWanted as wanted:
                wanted.purpose = wanted.purpose or purpose
                raise
        if (not isinstance(faces, Sequence) or isinstance(faces, str) or len(faces) != count
                or any(isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides
                       for face in faces)):
            shown = ", ".join(received(face) for face in faces[:count + 3]) \
                if isinstance(faces, (list, tuple)) and faces else received(faces)
            raise RulesInputError("roll", f"Dice: {count}d{sides} is rolled here; received {shown}; give "
                                          + ("1 face, a whole number" if count == 1 else
                                             f"{count} faces, each a whole number") + f" from 1 to {sides}.")
        self.used.append([count, sides, list(faces)])
        return list(faces)

    def one(self, sides: int, *, purpose: str = "") -> int:
        """One die."""
        return self(1, sides, purpose=purpose)[0]


__all__ = ["Dice", "DiceWanted", "Roll"]
