"""The Basic Fantasy session: turns and rounds, lights burning down, searching, listening and
forcing doors, days in the wilderness (travel, forced marches, food and water, getting lost)
and hit points. Dispatched by :mod:`rulescore.play.session` (through the game's
``RULES``, :mod:`rulescore.bfrpg.fight`); every figure comes from the dungeon and wilderness
modules (light, doors_and_traps, survival, forced_march, wilderness). The clock is
:mod:`.clock`, the wilderness days :mod:`.days`.

Time is counted in combat rounds, 60 to a turn of about 10 minutes. A torch lit with a 1d4 of
2 burns 6 turns, so it is out once six turns have passed:

>>> from rulescore import session
>>> state = session.apply(session.new("bfrpg", []), {"do": "light", "source": "torch"}, roll=lambda n, s: [2])
>>> [session.view(session.apply(state, {"do": "advance", "turns": t}))["lights"][0]["state"] for t in (1, 5, 6)]
['burning', 'burning low', 'went out']

Our readings, where the sources leave a choice (each also said in the log entry it shapes):

- A light is "burning low" for the players once it could go out within a turn: its time
  burning is within a turn of the least its dice give (a torch after 4 turns, a lantern after
  18), or within its last turn for a candle. That depends only on the dice, never on the roll.
- Listening and forcing a door take no time of their own: the rules give them none.
- Several searchers of one area for secret doors: the third spends two turns and every later
  one an hour (six turns) on each 10' of wall, where the first two spend one.
- The days' readings (food and water, the night that ends each day) are in :mod:`.days`; those
  of healing and short sleep in :mod:`.rest`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..core import Input, RulesInputError, get_calculator
from ..notation import number_text
from ..play.common import Action, Member, State, keys, member, name_of, note, passed, passing, sheet, take
from ..play.dice_asks import Dice
from ..play.history import copy_json
from . import days, wandering
from .clock import (
    COMBAT,
    DAY_TURNS,
    DUNGEON,
    HOUR_TURNS,
    WILDERNESS,
    clock_text,
    log_time,
    pass_time,
    rested,
    rounds_left,
)
from .doors_and_traps import DOOR_DICE, SEARCH_SQUARE_FT, door_range, range_text, secret_door_range, trap_range
from .light import CANDLE_TURNS_PER_INCH, LIGHT, LIGHT_SOURCES, burn_dice_text
from .rest import effects as rest_effects
from .rest import figures as rest_figures
from .rest import heals_naturally
from .survival import FOOD_GRACE_DAYS
from .time_scale import ROUNDS_PER_TURN, TURN_MINUTES


def _days(count: int) -> str:
    return f"{count} day{'' if count == 1 else 's'}"
MAX_TURNS = 100_000

_CANDLE = next(spec for spec in get_calculator("bfrpg.light").inputs if spec.name == "candle_height_in")
SOURCE = Input("source", "Light source", "choice", None, choices=tuple((s.key, s.label) for s in LIGHT_SOURCES))
HEIGHT = _CANDLE._replace(name="height_in", default=None)
TURNS = Input("turns", "Turns", "int", None, min=1, max=MAX_TURNS)  # 0 would log time that never passed
RESTING = Input("resting", "Resting", "bool", False,
                help="the party rests these turns: a runner's exhaustion ends after a turn of it")
ROUNDS = Input("rounds", "Rounds", "int", None, min=1, max=MAX_TURNS * ROUNDS_PER_TURN)
WALL = Input("wall_ft", "Wall searched", "number", 10, unit="ft", min=10, max=1000, step=10,
             help="10' of wall a turn for each searcher")
SQUARES = Input("squares", "10' squares searched", "int", 1, min=1, max=100)
SEARCH_FOR = Input("for", "Searching for", "choice", None, choices=(("secret_doors", "secret doors"),
                                                                    ("traps", "traps")))
DOOR = Input("door", "Door", "choice", None, choices=tuple((roll.name.removesuffix("_door"), roll.label)
                                                           for roll in DOOR_DICE))
HP = Input("hp", "Hit points", "int", None, min=0, max=1000)
MAGIC = Input("magic", "Magical healing", "bool", False)
AREA = Input("area", "Area", "text", "here", max=80, help="a short name for the place searched")
BEARER = Member("by", "Carried by", help="leave it at nobody for the party as a whole", optional=True)
SEARCHER = Member("by", "Searcher")
LISTENER = Member("by", "Listener")
FORCER = Member("by")
WHO = Member("who")


# --------------------------------------------------------------------------- time (.clock)

_at = log_time  # the time as a log entry gives it (the fight's Fight.at reads it here)


def start(party: list[dict[str, Any]], sheets: dict[str, dict[str, Any]]) -> State:
    """The BFRPG part of a new session: the clock at 0, no lights, each character with the hit points
    their sheet has now."""
    return {"clock": {"rounds": 0}, "lights": [], "searches": {"secret_doors": {}, "traps": {}},
            "characters": {c["id"]: {"hp": sheets[c["id"]]["current_hp"], "days_without_food": 0,
                                     "days_without_water": 0, "forced_march_days": 0, "march_save_failed": False,
                                     "short_nights": 0, "weapons": copy_json(sheets[c["id"]].get("weapons", []))}
                           for c in party}}


def advance(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "advance", "turns": N}`` or ``{"do": "advance", "rounds": N}``; ``"resting": true``
    with turns: the party rests them, which ends a runner's exhaustion."""
    keys(action, ("turns", "rounds", "resting"))
    if ("turns" in action) == ("rounds" in action):
        raise RulesInputError("turns", "Time passes: give either turns or rounds, not both.")
    if "turns" in action:
        turns = take(action, TURNS)
        rounds, text = turns * ROUNDS_PER_TURN, f"{passing(turns, 'turn')} (about {turns * TURN_MINUTES} minutes)."
    else:
        rounds = take(action, ROUNDS)
        text = f"{passing(rounds, 'combat round')} ({ROUNDS_PER_TURN} rounds make a turn)."
    note(state, _at(state), text, DUNGEON + "#time-and-scale")
    pass_time(state, rounds)
    if take(action, RESTING) and rounds >= ROUNDS_PER_TURN:
        rested(state, "a turn of rest")


# --------------------------------------------------------------------------- light

def light(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "light", "source": "torch" | "lantern" | "candle", "height_in": H, "by": id}``;
    the height only for a candle, the bearer optional."""
    keys(action, ("source", "height_in", "by"))
    source = LIGHT[take(action, SOURCE)]
    by = member(state, action, BEARER) if BEARER.name in action else None
    who = f"{name_of(state, by)} lights" if by else "The party lights"
    ident = 1 + max((light["id"] for light in state["lights"]), default=0)
    if source.burn is None:
        height = take(action, HEIGHT)
        turns = CANDLE_TURNS_PER_INCH * height
        if turns.denominator != 1 and (turns * ROUNDS_PER_TURN).denominator != 1:
            raise RulesInputError("height_in", "Candle height: give whole or half inches.")
        burn_rounds = int(turns * ROUNDS_PER_TURN)
        text = (f"{who} a candle ({_inches(height)} in) as light {ident}: about {CANDLE_TURNS_PER_INCH} turns per "
                f"inch, so {_turns_text(burn_rounds)}.")
        note(state, _at(state), text, DUNGEON + "#light")
    else:
        if "height_in" in action:
            raise RulesInputError("height_in", f"Candle height: only a candle takes one, not a {source.key}.")
        owner = f"{name_of(state, by)}'s" if by else "the party's"
        total = sum(dice(source.burn.number, source.burn.sides, purpose=f"How long {owner} "
                         f"{source.label.lower()} burns (rolled in secret)")) + source.burn.add
        burn_rounds = total * ROUNDS_PER_TURN
        label = source.label.lower()
        note(state, _at(state), f"{who} a {label} as light {ident}; it burns {burn_dice_text(source.burn)} turns, "
                                f"rolled in secret.", DUNGEON + "#light",
             gm_text=f"{who} a {label} as light {ident}: {burn_dice_text(source.burn)} turns, rolled "
                     f"{total - source.burn.add} + {source.burn.add} = {total} turns.")
    state["lights"].append({"id": ident, "source": source.key, "by": by, "lit_at": state["clock"]["rounds"],
                            "burn_rounds": burn_rounds})


def _inches(height: Any) -> str:
    return str(height.numerator) if height.denominator == 1 else f"{float(height):g}"


def _turns_text(rounds: int) -> str:
    turns, extra = divmod(rounds, ROUNDS_PER_TURN)
    return f"{turns} turns" + (f" and {extra} rounds" if extra else "")


def _light_view(light: dict[str, Any], now: int, gm: bool) -> dict[str, Any]:
    source = LIGHT[light["source"]]
    left = rounds_left(light, now)
    least = (source.burn.least * ROUNDS_PER_TURN) if source.burn else light["burn_rounds"]
    burning = left > 0
    low = burning and now - light["lit_at"] >= least - ROUNDS_PER_TURN
    shown: dict[str, Any] = {"id": light["id"], "source": light["source"], "by": light["by"], "burning": burning,
                             "state": "went out" if not burning else "burning low" if low else "burning"}
    if gm:
        shown.update(turns_left=math.ceil(left / ROUNDS_PER_TURN), rounds_left=left,
                     burns_turns=light["burn_rounds"] / ROUNDS_PER_TURN
                     if light["burn_rounds"] % ROUNDS_PER_TURN else light["burn_rounds"] // ROUNDS_PER_TURN)
    return shown


# --------------------------------------------------------------------------- searching, listening, doors

def search(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "search", "for": "secret_doors", "by": id, "wall_ft": 10, "area": "..."}`` or
    ``{"do": "search", "for": "traps", "by": id, "squares": 1, "area": "..."}``. The GM rolls."""
    keys(action, ("for", "by", "wall_ft", "squares", "area"))
    what = take(action, SEARCH_FOR)
    by = member(state, action, SEARCHER)
    area = take(action, AREA)
    who, figures = name_of(state, by), sheet(state, by)
    done: list[str] = state["searches"][what].setdefault(area, [])
    if what == "traps":
        if "wall_ft" in action:
            raise RulesInputError("wall_ft", "Wall searched: a search for traps counts 10' squares, not wall.")
        if by in done:
            raise RulesInputError("by", f"Searcher: {who} has already searched {area} for traps; a character gets "
                                        f"one useful search of a place (Dungeon adventures, “Searching for traps”).")
        squares = take(action, SQUARES)
        wins, turns = trap_range(figures["race"]), squares
        timing = f"{squares} 10' square{'s' if squares != 1 else ''}, at least a turn each"
        rule = DUNGEON + "#searching-for-traps"
    else:
        if "squares" in action:
            raise RulesInputError("squares", "10' squares searched: a search for secret doors counts the wall "
                                             "searched, not squares.")
        sections = int(take(action, WALL)) // SEARCH_SQUARE_FT
        wins = secret_door_range(figures["race"], figures["intelligence"])
        per = 1 if len(done) < 2 else 2 if len(done) == 2 else HOUR_TURNS
        turns = per * sections
        timing = (f"{sections * SEARCH_SQUARE_FT}' of wall, {per} turn{'s' if per != 1 else ''} per 10'"
                  + ("" if len(done) < 2 else " (the third searcher of a place takes two turns)" if len(done) == 2
                     else " (after three searchers, every search of a place takes an hour)"))
        rule = DUNGEON + ("#secret-doors" if len(done) < 2 else "#several-searchers")
    face = dice.one(6, purpose=f"{who}'s search for {'secret doors' if what == 'secret_doors' else 'traps'} "
                               f"(the GM rolls)")
    done.append(by)
    found = face <= wins
    label = "secret doors" if what == "secret_doors" else "traps"
    note(state, _at(state), f"{who} searches {area} for {label}: {timing}; the GM rolls.", rule,
         gm_text=f"{who} searches {area} for {label}: {timing}. Rolled {face} on 1d6 against "
                 f"{range_text(wins, 6)}: " + (f"finds any {label[:-1]} there." if found else
                                               "finds nothing, even if there is something to find."))
    pass_time(state, turns * ROUNDS_PER_TURN)


def listen(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "listen", "by": id}``: 1 on 1d6, rolled by the GM; it takes no time of its own."""
    keys(action, ("by",))
    by = member(state, action, LISTENER)
    who = name_of(state, by)
    face = dice.one(6, purpose=f"{who} listens at a door (the GM rolls)")
    note(state, _at(state), f"{who} listens at a door; the GM rolls.", DUNGEON + "#listening-at-doors",
         gm_text=f"{who} listens at a door: rolled {face} on 1d6, "
                 + ("a 1: hears whatever there is to hear." if face == 1 else "not a 1: hears nothing."))


def force(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "force", "door": "stuck" | "locked" | "bend_bars", "by": id}``: 1 plus the Strength
    bonus on 1d6, 1d10 or 1d20; it takes no time of its own."""
    keys(action, ("door", "by"))
    door = take(action, DOOR)
    by = member(state, action, FORCER)
    roll = next(roll for roll in DOOR_DICE if roll.name.removesuffix("_door") == door)
    who, wins = name_of(state, by), door_range(sheet(state, by)["strength"])
    rule = DUNGEON + ("#stuck-doors" if door == "stuck" else "#locked-doors-and-metal-bars")
    if wins <= 0:
        note(state, _at(state), f"{who} cannot force it alone: with a Strength penalty the range is 0, so no roll "
                                f"on 1d{roll.sides} succeeds (our reading); help, tools or another way are needed.",
             rule)
        return
    face = dice.one(roll.sides, purpose=f"{who}'s roll "
                              + ("to bend the bars" if door == "bend_bars" else f"to force the {door} door"))
    note(state, _at(state), f"{roll.label}: {who} needs {range_text(wins, roll.sides)}, rolled {face}: "
                            + ("it gives way." if face <= wins else "it holds."), rule)


# --------------------------------------------------------------------------- hit points

def _hp_change(state: State, action: dict[str, Any], sign: int) -> None:
    keys(action, ("who", "hp", "magic") if sign > 0 else ("who", "hp"))
    who = member(state, action, WHO)
    amount = take(action, HP)
    character, top = state["characters"][who], sheet(state, who)["hp"]
    name = name_of(state, who)
    if sign < 0:
        character["hp"] -= amount
        note(state, _at(state), f"{name} takes {amount} damage: {character['hp']} of {top} HP.", None)
        return
    magic = take(action, MAGIC)
    if not magic and not heals_naturally(character):
        raise RulesInputError("magic", f"Magical healing: {name} has lost natural healing to hunger or thirst; "
                                       f"only magic heals now (Dungeon adventures, “Dungeon survival”).")
    capped = character["hp"] + amount > top  # said only where the full score held the healing back
    character["hp"] = min(character["hp"] + amount, top)
    note(state, _at(state), f"{name} is healed{' by magic' if magic else ''}: {character['hp']} of {top} HP"
                            + (" (never above the full score)." if capped else "."),
         DUNGEON + "#dungeon-survival" if magic else None)


def damage(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "damage", "who": id, "hp": N}``: hit points lost, as rolled at the table."""
    _hp_change(state, action, -1)


def heal(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "heal", "who": id, "hp": N, "magic": false}``: natural healing stops with hunger
    and thirst; magic always works."""
    _hp_change(state, action, 1)


ACTIONS = {"advance": advance, "light": light, "search": search, "listen": listen, "force": force,
           "damage": damage, "heal": heal, **days.ACTIONS, **wandering.ACTIONS}
FORMS = (
    Action("advance_turns", "advance", "Time passes (turns)",
           f"Turns of about {TURN_MINUTES} minutes pass; each light whose time is up goes out.", (TURNS, RESTING)),
    Action("advance_rounds", "advance", "Time passes (rounds)",
           f"Combat rounds pass, {ROUNDS_PER_TURN} to a turn; each light whose time is up goes out.", (ROUNDS,)),
    Action("light", "light", "Light a light",
           "A torch or a lantern burns for a number of turns rolled in secret; a candle burns "
           f"{CANDLE_TURNS_PER_INCH} turns per inch of its height.", (SOURCE, HEIGHT, BEARER)),
    Action("search_secret_doors", "search", "Search for secret doors",
           "The GM rolls 1d6 in secret against the searcher's range; each 10' of wall takes a turn, more once "
           "two have searched the place.", (SEARCHER, WALL, AREA), fixed=((SEARCH_FOR.name, "secret_doors"),)),
    Action("search_traps", "search", "Search for traps",
           "The GM rolls 1d6 in secret against the searcher's range; each 10' square takes at least a turn, and "
           "each character searches a place once.", (SEARCHER, SQUARES, AREA), fixed=((SEARCH_FOR.name, "traps"),)),
    Action("listen", "listen", "Listen at a door",
           "The GM rolls 1d6 in secret: on a 1 the listener hears whatever there is to hear; it takes no time.",
           (LISTENER,)),
    Action("force", "force", "Force a door",
           "1 plus the Strength bonus or less on the door's die opens it ("
           + ", ".join(f"1d{roll.sides} for {roll.label.lower()}" for roll in DOOR_DICE) + "); it takes no time.",
           (DOOR, FORCER)),
    Action("damage", "damage", "Damage", "Hit points lost, as rolled at the table.", (WHO, HP)),
    Action("heal", "heal", "Heal",
           "Hit points back, never above the full score; hunger or thirst stops natural healing, not magic.",
           (WHO, HP, MAGIC)),
    *days.FORMS,
    *wandering.FORMS,
)


# --------------------------------------------------------------------------- the view

SHEET_FIELDS = ("hp_lost",)  # what a session writes back to a Basic Fantasy sheet


def leaving(sheet: Mapping[str, Any], now: Mapping[str, Any]) -> tuple[dict[str, int], str]:
    """The sheet's HP lost as the session leaves a member (``sheet`` as they came in, ``now`` their
    state): 1 HP kept at least (dead or knocked out is not a sheet's), and why."""
    hp = sheet["hp"]
    lost = hp - now["hp"]
    why = f"{number_text(now['hp'])} HP in the session, dead or knocked out; a sheet keeps 1 HP at least" \
        if lost >= hp else ""
    return {"hp_lost": max(min(lost, hp - 1), 0)}, why


def view(state: State, gm: bool) -> dict[str, Any]:
    now = state["clock"]["rounds"]
    lights = [_light_view(light, now, gm) for light in state["lights"]]
    characters = []
    due: list[str] = []
    for member_ in state["party"]:
        ident = member_["id"]
        character, top = state["characters"][ident], sheet(state, ident)["hp"]
        # One shape for every game's effects: {"text", "rule"} (the page draws them alike).
        effects: list[dict[str, str]] = []
        if character["hp"] <= 0:
            effects.append({"text": "0 hit points or less: dead, or knocked out if the damage was subduing",
                            "rule": COMBAT + "#hit-points"})
        if not heals_naturally(character):
            effects.append({"text": "no natural healing (hunger or thirst); magic still heals",
                            "rule": DUNGEON + "#going-hungry"})
        if character["days_without_food"]:
            effects.append({"text": f"{_days(character['days_without_food'])} without enough food",
                            "rule": DUNGEON + "#going-hungry"})
        if character["days_without_water"]:
            effects.append({"text": f"{_days(character['days_without_water'])} without enough water",
                            "rule": DUNGEON + "#going-thirsty"})
        if character.get("exhausted"):
            effects.append({"text": "exhausted from running: walks only until they have rested a turn",
                            "rule": COMBAT + "#running-and-fleeing"})
        if character["forced_march_days"]:
            effects.append({"text": f"{_days(character['forced_march_days'])} of forced march since the last rest",
                            "rule": WILDERNESS + "#forced-march"})
        effects += rest_effects(character)
        mine = []
        if character["days_without_food"] >= FOOD_GRACE_DAYS:
            mine.append(f"{member_['name']}: another day without food costs 1 HP.")
        if character["forced_march_days"] >= 1:
            mine.append(f"{member_['name']}: another forced march day risks 1d6 damage.")
        condition = "0 HP or less" if character["hp"] <= 0 else "wounded" if character["hp"] < top else "unhurt"
        characters.append({"id": ident, "name": member_["name"], "hp": character["hp"], "max_hp": top,
                           "natural_healing": heals_naturally(character), "condition": condition,
                           "figures": [f"HP {character['hp']} of {top}", *rest_figures(character)],
                           "effects": effects, "due": mine})
        due += mine
    for shown in lights:
        if shown["state"] == "burning low":
            due.append(f"Light {shown['id']} ({shown['source']}) is burning low: it may go out within a turn.")
    due += wandering.due(state, gm)
    turn, round_, day = now // ROUNDS_PER_TURN, now % ROUNDS_PER_TURN, now // (DAY_TURNS * ROUNDS_PER_TURN) + 1
    minutes = now * TURN_MINUTES // ROUNDS_PER_TURN
    return {"turn": turn, "round": round_, "day": day, "minutes": minutes,
            "clock": clock_text(now).capitalize() + f", day {day}, {passed(minutes, 'minute')} in", "lights": lights,
            "characters": characters, "due": due}
