"""Days in the Basic Fantasy wilderness (docs: bfrpg/wilderness.md, dungeon.md#dungeon-survival):
a day of travel, of forced march or of rest, the food and water each member went without, the
night that ends the day (:func:`.rest.night`), and whether the party goes astray.

Our readings, where the sources leave a choice: a day with enough food (or water) ends the count
of days without it, and with it the loss of natural healing that count caused; each day ends
with its night, after the day's food and water: sleep is the party's ("full" by default, or
"short"), bed rest only on a day of rest.
"""

from __future__ import annotations

from typing import Any

from ..core import Input, RulesInputError, get_calculator
from ..notation import signed
from ..play.common import Action, Member, State, keys, member, members, name_of, note, sheet, take
from ..play.dice_asks import Dice
from .clock import DAY_TURNS, DUNGEON, WILDERNESS, log_time, pass_time, rested
from .forced_march import FORCED_MARCH_HOURS
from .rest import BED_REST, SLEEP, night, penalty
from .saves import save_succeeds
from .survival import FOOD_GRACE_DAYS, WATER_DIE
from .time_scale import ROUNDS_PER_TURN
from .wilderness import DAY_HOURS, TERRAIN, TERRAIN_CHOICES

ACTIVITY = Input("activity", "The day's activity", "choice", None,
                 choices=(("travel", "travel"), ("forced_march", "forced march"), ("rest", "rest")))
TERRAIN_INPUT = Input("terrain", "Terrain", "choice", "clear", choices=TERRAIN_CHOICES)
LEADER = Member("leader", "Leader")
WITHOUT_FOOD = Member("without_food", "Without food", many=True, help="none when left out")
WITHOUT_WATER = Member("without_water", "Without water", many=True, help="none when left out")


def day(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "day", "activity": "travel" | "forced_march" | "rest", "terrain": "forest",
    "without_food": [ids], "without_water": [ids], "sleep": "full" | "short", "bed_rest": false}``:
    a whole day passes, then its night (:func:`.rest.night`: healing, short sleep); bed rest only
    on a day of rest."""
    keys(action, ("activity", "terrain", "without_food", "without_water", "sleep", "bed_rest"))
    activity = take(action, ACTIVITY)
    terrain = take(action, TERRAIN_INPUT)
    if activity == "rest" and "terrain" in action:
        raise RulesInputError("terrain", "Terrain: a day of rest goes nowhere; leave the terrain out.")
    short, bed_rest = take(action, SLEEP) == "short", take(action, BED_REST)
    if bed_rest and activity != "rest":
        raise RulesInputError("bed_rest", "Full bed rest: only on a day of rest; a day on the move is not spent in "
                                          "bed.")
    hungry = members(state, action, WITHOUT_FOOD)
    thirsty = members(state, action, WITHOUT_WATER)
    at = log_time(state)
    rested(state, "a day")
    if activity == "rest":
        note(state, at, "A day of rest: the forced march count starts again for everyone.",
             WILDERNESS + "#forced-march")
        for character in state["characters"].values():
            character.update(forced_march_days=0, march_save_failed=False)
    else:
        if not state["party"]:
            raise RulesInputError("activity", "The day's activity: a party with no one in it cannot travel.")
        forced = activity == "forced_march"
        slowest = min(state["party"], key=lambda c: sheet(state, c["id"])["movement_ft"])
        pace = sheet(state, slowest["id"])["movement_ft"]
        trip = get_calculator("bfrpg.overland").run({"movement_ft": pace, "terrain": terrain, "forced_march": forced,
                                                           "days": 1})
        miles = trip["miles_per_day"]
        ground = TERRAIN[terrain].label.lower()
        note(state, at, f"A day of {'forced march' if forced else 'travel'} "
                        f"({FORCED_MARCH_HOURS if forced else DAY_HOURS} hours) through {ground}"
                        f" at {slowest['name']}'s pace ({pace}' a round, the slowest): {miles:g} miles.",
             WILDERNESS + ("#forced-march" if forced else "#terrain"))
        if forced:
            for character in state["party"]:
                _forced_march_day(state, character["id"], dice, at)
    for character in state["party"]:
        _food_and_water(state, character["id"], character["id"] in hungry, character["id"] in thirsty, dice, at)
    night(state, at, short, bed_rest)
    pass_time(state, DAY_TURNS * ROUNDS_PER_TURN)


def _forced_march_day(state: State, who: str, dice: Dice, at: str) -> None:
    character, figures, name = state["characters"][who], sheet(state, who), name_of(state, who)
    character["forced_march_days"] += 1
    days = character["forced_march_days"]
    rule = WILDERNESS + "#forced-march"
    if days == 1:
        note(state, at, f"{name}: the first day of forced march costs nothing.", rule)
        return
    if not character["march_save_failed"]:
        bonus, target, tired = figures["constitution_bonus"], figures["death_ray_save"], penalty(character)
        face = dice.one(20, purpose=f"{name}'s save vs. Death Ray (day {days} of forced march)")
        rolled = f"{face}{_bonus(bonus, 'Constitution')}{_bonus(tired, 'short sleep')}"
        if save_succeeds(face, bonus + tired, target):
            note(state, at, f"{name}: day {days} of forced march; save vs. Death Ray rolled {rolled} against {target}: "
                            f"saved, no damage.", rule)
            return
        character["march_save_failed"] = True
        why = (f"save vs. Death Ray rolled {rolled} against {target}: failed, and it is not rolled again until a day "
               f"of rest")
    else:
        why = "the save already failed, so the damage comes without one"
    hurt = dice.one(6, purpose=f"{name}'s damage from forced march (day {days})")
    character["hp"] -= hurt
    note(state, at, f"{name}: day {days} of forced march; {why}; 1d6 damage = {hurt}: {character['hp']} of "
                    f"{figures['hp']} HP.", rule)


def _bonus(bonus: int, ability: str) -> str:
    """" +1 (Wisdom)", or nothing for no bonus."""
    return f" {signed(bonus)} ({ability})" if bonus else ""


def _food_and_water(state: State, who: str, hungry: bool, thirsty: bool, dice: Dice, at: str) -> None:
    character, name, top = state["characters"][who], name_of(state, who), sheet(state, who)["hp"]
    if hungry:
        character["days_without_food"] += 1
        days = character["days_without_food"]
        if days > FOOD_GRACE_DAYS:
            character["hp"] -= 1
            note(state, at, f"{name}: day {days} without enough food costs 1 HP ({character['hp']} of {top}), "
                            f"and natural healing stops.", DUNGEON + "#going-hungry")
        else:
            note(state, at, f"{name}: day {days} without enough food; the first {FOOD_GRACE_DAYS} do no harm.",
                 DUNGEON + "#going-hungry")
    elif character["days_without_food"]:
        character["days_without_food"] = 0
        note(state, at, f"{name} eats a full day's food: the count of hungry days ends and natural healing works "
                        f"again.", DUNGEON + "#going-hungry")
    if thirsty:
        character["days_without_water"] += 1
        hurt = dice.one(WATER_DIE, purpose=f"{name}'s damage from thirst (day {character['days_without_water']})")
        character["hp"] -= hurt
        note(state, at, f"{name}: day {character['days_without_water']} without enough water; 1d{WATER_DIE} = "
                        f"{hurt} HP ({character['hp']} of {top}); natural healing stops.", DUNGEON + "#going-thirsty")
    elif character["days_without_water"]:
        character["days_without_water"] = 0
        note(state, at, f"{name} drinks enough water for the day: natural healing works again unless hunger stops "
                        f"it (our reading).", DUNGEON + "#going-thirsty")


def lost(state: State, action: dict[str, Any], dice: Dice) -> None:
    """``{"do": "lost", "leader": id}``: off roads and rivers, the GM rolls the leader's save vs.
    Death Ray with the Wisdom bonus in secret; what a failure means is the GM's to decide."""
    keys(action, ("leader",))
    leader = member(state, action, LEADER)
    figures, name = sheet(state, leader), name_of(state, leader)
    bonus, target, tired = figures["wisdom_bonus"], figures["death_ray_save"], penalty(state["characters"][leader])
    face = dice.one(20, purpose=f"{name}'s save vs. Death Ray, to keep the party's way (the GM rolls)")
    kept = save_succeeds(face, bonus + tired, target)
    note(state, log_time(state), f"The GM rolls in secret whether {name}'s party goes astray.",
         WILDERNESS + "#becoming-lost",
         gm_text=f"Becoming lost: {name} leads; save vs. Death Ray rolled {face}{_bonus(bonus, 'Wisdom')}"
                 f"{_bonus(tired, 'short sleep')} against "
                 f"{target}: " + ("the party keeps its way." if kept else "failed: the party is lost, in whatever "
                                                                          "way the GM decides."))


ACTIONS = {"day": day, "lost": lost}

_DAY_FOOD = (WITHOUT_FOOD, WITHOUT_WATER, SLEEP)
FORMS = (
    Action("day_travel", "day", "A day of travel",
           f"A day ({DAY_HOURS} hours) on the move at the slowest member's pace through the terrain; those "
           "without food or water pay for it; a full night's sleep heals 1 HP.", (TERRAIN_INPUT, *_DAY_FOOD),
           fixed=((ACTIVITY.name, "travel"),)),
    Action("day_forced_march", "day", "A day of forced march",
           f"A day of {FORCED_MARCH_HOURS} hours' march; from the second such day before a rest, each member "
           "saves vs. Death Ray or takes 1d6; a full night's sleep heals 1 HP.", (TERRAIN_INPUT, *_DAY_FOOD),
           fixed=((ACTIVITY.name, "forced_march"),)),
    Action("day_rest", "day", "A day of rest",
           "A day without travel: the count of forced march days starts again; those without food or water pay "
           "for it; a full night's sleep heals 1 HP, full bed rest 1 more.", (*_DAY_FOOD, BED_REST),
           fixed=((ACTIVITY.name, "rest"),)),
    Action("lost", "lost", "Are we lost?",
           "Off roads and rivers, the GM rolls the leader's save vs. Death Ray, with the Wisdom bonus, in secret.",
           (LEADER,)),
)
