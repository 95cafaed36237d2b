"""The Basic Fantasy session's clock (docs: bfrpg/dungeon.md#time-and-scale): combat rounds,
60 to a turn of about 10 minutes, read as "turn 3, round 12"; lights going out as time passes;
a runner's exhaustion ended by rest. What passes time (:mod:`rulescore.bfrpg.session`, its days
:mod:`rulescore.bfrpg.days`, the fight's rounds) moves the clock here.

>>> clock_text(0), clock_text(61), clock_text(120)
('turn 0', 'turn 1, round 1', 'turn 2')
"""

from __future__ import annotations

from typing import Any

from ..play.common import State, note
from .shared import COMBAT_PAGE as COMBAT
from .shared import DUNGEON_PAGE as DUNGEON
from .shared import WILDERNESS_PAGE as WILDERNESS
from .time_scale import ROUNDS_PER_TURN, TURN_MINUTES

DAY_TURNS = 24 * 60 // TURN_MINUTES  # 144 turns in a day
HOUR_TURNS = 60 // TURN_MINUTES

__all__ = ["COMBAT", "DAY_TURNS", "DUNGEON", "HOUR_TURNS", "WILDERNESS", "clock_text", "log_time", "pass_time",
           "rested", "rounds_left"]


def clock_text(rounds: int) -> str:
    turn, into = divmod(rounds, ROUNDS_PER_TURN)
    return f"turn {turn}" + (f", round {into}" if into else "")


def log_time(state: State) -> str:
    """The time as a log entry gives it: "turn 3, round 12"."""
    return clock_text(state["clock"]["rounds"])


def rounds_left(light: dict[str, Any], now: int) -> int:
    out_at: int = light["lit_at"] + light["burn_rounds"]
    return max(out_at - now, 0)


def pass_time(state: State, rounds: int) -> None:
    """Move the clock on; each light whose time runs out on the way goes out (logged)."""
    before = state["clock"]["rounds"]
    after = before + rounds
    for light in sorted(state["lights"], key=lambda light: light["lit_at"] + light["burn_rounds"]):
        out_at = light["lit_at"] + light["burn_rounds"]
        if before < out_at <= after:
            label = light["source"]
            note(state, clock_text(out_at), f"The {label} (light {light['id']}) went out.", DUNGEON + "#light",
                 gm_text=f"The {label} (light {light['id']}) went out: its {light['burn_rounds'] // ROUNDS_PER_TURN}"
                         f" turns are up.")
    state["clock"]["rounds"] = after


def rested(state: State, how: str) -> None:
    """Runners exhausted in a fight walk again once they have rested (a turn at least)."""
    for member_ in state["party"]:
        if state["characters"][member_["id"]].pop("exhausted", False):
            note(state, log_time(state), f"{member_['name']} has had {how}: no longer exhausted from running.",
                 COMBAT + "#running-and-fleeing")
