"""Basic Fantasy RPG: dungeon and wilderness adventuring.

Covers time and scale, carrying capacity and movement, light, doors, traps, secret doors,
dungeon survival, overland travel and forced marches, waterborne and air travel.
Limits are compared in exact arithmetic (Fractions): a load exactly at a limit is inside it,
and every chance decided by dice is an exact Fraction.
"""

from __future__ import annotations

import math
from fractions import Fraction

from . import dice
from .core import Input, Output, calculator, percent_text, table
from .core import number_text as n

SYSTEM = "Basic Fantasy RPG"

DUNGEON_PAGE = "bfrpg/dungeon/"
WILDERNESS_PAGE = "bfrpg/wilderness/"
WATER_PAGE = "bfrpg/waterborne/"

# --- Time and scale ---------------------------------------------------------------------
TURN_MINUTES = 10
ROUND_SECONDS = 10
ROUNDS_PER_TURN = 60
TURN_MOVE_MULTIPLE = 3  # movement per turn = 3 x movement per round


@table("bfrpg.time_scale")
def time_scale_table():
    rows = (
        ("Game turn (turn)", f"about {TURN_MINUTES} minutes", f"{ROUNDS_PER_TURN} combat rounds",
         f"exploring: {TURN_MOVE_MULTIPLE} × the movement rate"),
        ("Combat round (round)", f"about {ROUND_SECONDS} seconds", f"1/{ROUNDS_PER_TURN} of a turn",
         "the movement rate, in feet"),
    )
    return ("Time and scale", ("Unit", "Length", "Equals", "Movement in it"), rows,
            "Indoors distances are in feet; outdoors movement and ranges are read in yards, "
            "while areas of effect stay in feet.")


# --- Ability scores ---------------------------------------------------------------------
ABILITY_BONUSES = ((3, 3, -3), (4, 5, -2), (6, 8, -1), (9, 12, 0), (13, 15, 1), (16, 17, 2), (18, 18, 3))
SCORE_RANGE = (3, 18)
# One default per quantity, shared by every calculator that asks for it.
SCORE_DEFAULT = 10  # an average ability score (bonus 0)
SAVE_DEFAULT = 12  # a saving throw target number
MOVEMENT_DEFAULT = 40  # feet per round: every player character race unhindered
BONUS_LOWEST = min(bonus for _, _, bonus in ABILITY_BONUSES)
BONUS_HIGHEST = max(bonus for _, _, bonus in ABILITY_BONUSES)


def ability_bonus(score: int) -> int:
    """The bonus (or penalty) of an ability score 3-18; the same table serves every ability."""
    for low, high, bonus in ABILITY_BONUSES:
        if low <= score <= high:
            return bonus
    raise ValueError(f"ability scores run from 3 to 18, not {score}")


def _score_range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("0" if value == 0 else f"−{-value}")


CHART_MOST_BARS = 40


def roll_bars(distribution: dict, kind_of, most: int = CHART_MOST_BARS) -> list:
    """Chart bars for a roll's {total: probability}, in roll order. Past ``most`` totals, runs
    of neighbouring totals share a bar ("12-14"), and a bar never mixes two kinds."""
    width = -(-len(distribution) // most)
    bars, run = [], []

    def close():
        low, high = run[0][0], run[-1][0]
        bars.append((str(low) if low == high else f"{low}–{high}", sum(p for _, p in run), kind_of(low)))

    for total, p in sorted(distribution.items()):
        if run and (len(run) == width or kind_of(total) != kind_of(run[0][0])):
            close()
            run = []
        run.append((total, p))
    if run:
        close()
    return bars


@table("bfrpg.ability_bonus")
def ability_bonus_table():
    rows = tuple((_score_range(low, high), _signed(bonus)) for low, high, bonus in ABILITY_BONUSES)
    return ("Ability score bonus", ("Score", "Bonus"), rows,
            "One table for every ability: Strength, Intelligence, Wisdom, Dexterity, Constitution and Charisma.")


# --- Carrying capacity ------------------------------------------------------------------
RACES = (("human", "Human"), ("elf", "Elf"), ("dwarf", "Dwarf"), ("halfling", "Halfling"))
RACE_NAMES = dict(RACES)
BASE_CAPACITY = {"human": (60, 150), "elf": (60, 150), "dwarf": (60, 150), "halfling": (50, 100)}
CAPACITY_ROUNDING = 5  # pounds


def capacity_factor(bonus: int) -> Fraction:
    """+10 % of capacity for each +1 of Strength bonus, −20 % for each −1."""
    return 1 + Fraction(bonus, 10) if bonus >= 0 else 1 + Fraction(2 * bonus, 10)


def round_to_five(pounds: Fraction) -> int:
    """Nearest 5 lb. A value exactly halfway never arises from the book's figures; it would round up."""
    return CAPACITY_ROUNDING * math.floor(Fraction(pounds) / CAPACITY_ROUNDING + Fraction(1, 2))


def carrying_capacity(race: str, strength: int) -> tuple[int, int]:
    """(light limit, heavy limit) in pounds."""
    factor = capacity_factor(ability_bonus(strength))
    light, heavy = BASE_CAPACITY[race]
    return round_to_five(light * factor), round_to_five(heavy * factor)


@table("bfrpg.carrying_capacity")
def carrying_capacity_table():
    rows = []
    for low, high, bonus in ABILITY_BONUSES:
        human = carrying_capacity("human", low)
        halfling = carrying_capacity("halfling", low)
        rows.append((_score_range(low, high), f"{_signed(bonus)} ({_signed(int(100 * (capacity_factor(bonus) - 1)))}%)",
                     *human, *halfling))
    return ("Carrying capacity (pounds)",
            ("Strength", "Bonus (capacity)", "Human, Elf, Dwarf: light", "Human, Elf, Dwarf: heavy",
             "Halfling: light", "Halfling: heavy"),
            tuple(rows),
            "A load up to the light figure is a light load; up to the heavy figure, a heavy load. "
            "Figures are rounded to the nearest 5 pounds. Armour worn counts in the load.")


# --- Movement and encumbrance -------------------------------------------------------------
ARMORS = (("none", "No armour"), ("leather", "Leather armour"), ("metal", "Metal armour"))
ARMOR_ROW = {"none": 0, "leather": 1, "metal": 2}
MOVEMENT_ROWS = (  # (armour worn, feet per round lightly loaded, heavily loaded)
    ("None, or magic leather", 40, 30),
    ("Leather, or magic metal", 30, 20),
    ("Metal", 20, 10),
)
LOADS = ("light", "heavy", "over")
FASTEST_MOVE = max(light for _, light, _ in MOVEMENT_ROWS)


def movement_row(armor: str, magic_armor: bool) -> int:
    """The row of the movement table: magic armour moves the wearer up one row."""
    row = ARMOR_ROW[armor]
    return row - 1 if magic_armor and row > 0 else row


def load_category(load_lb: Fraction, light_limit: int, heavy_limit: int) -> str:
    if load_lb <= light_limit:
        return "light"
    if load_lb <= heavy_limit:
        return "heavy"
    return "over"


def movement_rate(armor: str, magic_armor: bool, load: str) -> int:
    """Feet per round; 0 for a load past the heavy limit, which the rules give no rate for."""
    if load == "over":
        return 0
    _, light, heavy = MOVEMENT_ROWS[movement_row(armor, magic_armor)]
    return light if load == "light" else heavy


@table("bfrpg.movement")
def movement_table():
    rows = tuple((armor, f"{light}'", f"{heavy}'", f"{TURN_MOVE_MULTIPLE * light}'", f"{TURN_MOVE_MULTIPLE * heavy}'")
                 for armor, light, heavy in MOVEMENT_ROWS)
    return ("Movement rate by armour and load",
            ("Armour worn", "Light load, per round", "Heavy load, per round",
             "Light load, per turn", "Heavy load, per turn"),
            rows,
            "' = feet. Magic armour weighs its full weight but moves the wearer up one row.")


# Beasts of burden: (animal, light load lb, heavy load lb, movement ft per round or None)
ANIMALS = (
    ("Camel", 400, 800, "50' (Bactrian 40')"),
    ("Donkey", 70, 140, "40'"),
    ("Draft horse", 350, 700, "60'"),
    ("Riding horse", 250, 500, "80'"),
    ("War horse", 350, 700, "60'"),
    ("Mule", 300, 600, "40'"),
    ("Pony", 275, 550, "40'"),
    ("Riding dog", 150, 300, "not given"),
)


@table("bfrpg.beasts_of_burden")
def beasts_table():
    return ("Beasts of burden", ("Animal", "Light load (lb)", "Heavy load (lb)", "Movement (unloaded)"),
            ANIMALS,
            "How far a heavy load slows an animal is not reproduced here: our sources lack that table.")


@calculator(
    id="bfrpg.encumbrance",
    system=SYSTEM,
    title="Encumbrance and movement",
    summary="Your light and heavy load limits, which one your gear falls under, and how far that lets you move.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("race", "Race", "choice", "human", choices=RACES),
        Input("strength", "Strength", "int", SCORE_DEFAULT, min=3, max=18),
        Input("armor", "Armour worn", "choice", "none", choices=ARMORS),
        Input("magic_armor", "The armour is magic", "bool", False),
        Input("load_lb", "Load carried", "number", 40, unit="lb", min=0, max=2000,
              help="everything carried, armour included"),
    ],
    outputs=[
        Output("strength_bonus", "Strength bonus", min=BONUS_LOWEST, max=BONUS_HIGHEST),
        Output("light_limit_lb", "Light load up to", "lb", min=0),
        Output("heavy_limit_lb", "Heavy load up to", "lb", min=0),
        Output("load", "Load", help="light, heavy, or over (more than the heavy limit)"),
        Output("movement_ft", "Movement per round", "ft", min=0, max=FASTEST_MOVE),
        Output("movement_per_turn_ft", "Movement per turn", "ft", min=0, max=TURN_MOVE_MULTIPLE * FASTEST_MOVE),
        Output("miles_per_day", "Travel per day, open clear terrain", "miles", min=0),
        Output("note", "What the rules say"),
    ],
)
def encumbrance(step, race, strength, armor, magic_armor, load_lb):
    bonus = ability_bonus(strength)
    step(f"Ability bonus table: Strength {strength} gives a bonus of {_signed(bonus)}.", rule="#carrying-capacity")
    factor = capacity_factor(bonus)
    base_light, base_heavy = BASE_CAPACITY[race]
    light_limit, heavy_limit = carrying_capacity(race, strength)
    if bonus > 0:
        rule = f"each +1 of Strength bonus adds 10%, so × {n(factor)}"
    elif bonus < 0:
        rule = f"each −1 of Strength bonus takes away 20%, so × {n(factor)}"
    else:
        rule = "no Strength bonus, so the base figures stand"
    article = "an" if race == "elf" else "a"
    if bonus:
        step(f"Carrying capacity: {article} {RACE_NAMES[race]} starts at {base_light} lb light and {base_heavy} lb "
             f"heavy; {rule}: {n(base_light * factor)} and {n(base_heavy * factor)} lb, rounded to the nearest "
             f"5 lb = {light_limit} lb and {heavy_limit} lb.", rule="#carrying-capacity")
    else:
        step(f"Carrying capacity: {article} {RACE_NAMES[race]} carries {light_limit} lb as a light load and "
             f"{heavy_limit} lb as a heavy one; {rule}.", rule="#carrying-capacity")
    load = load_category(load_lb, light_limit, heavy_limit)
    if load == "light":
        step(f"Load: {n(load_lb)} lb is no more than {light_limit} lb, so the character is lightly loaded.",
             rule="#carrying-capacity")
    elif load == "heavy":
        step(f"Load: {n(load_lb)} lb is over {light_limit} lb but no more than {heavy_limit} lb, "
             f"so the character is heavily loaded.", rule="#carrying-capacity")
    else:
        step(f"Load: {n(load_lb)} lb is over the heavy limit of {heavy_limit} lb: more than this character can carry.",
             rule="#carrying-capacity")
    row = movement_row(armor, magic_armor)
    armor_words = {"none": "no armour", "leather": "leather armour", "metal": "metal armour"}[armor]
    if armor == "none" and magic_armor:
        step("Armour: with no armour worn, the magic armour box changes nothing.", rule="#armour-counts-twice")
    elif magic_armor:
        step(f"Armour: magic {armor_words} moves the wearer up one row, to \"{MOVEMENT_ROWS[row][0]}\".",
             rule="#armour-counts-twice")
    else:
        step(f"Armour: {armor_words} uses the row \"{MOVEMENT_ROWS[row][0]}\".", rule="#armour-counts-twice")
    movement = movement_rate(armor, magic_armor, load)
    per_turn = TURN_MOVE_MULTIPLE * movement
    miles = wilderness_miles(movement)
    if load == "over":
        note = (f"Over {heavy_limit} lb the rules give no movement rate: the load is beyond this character's "
                f"carrying capacity. Lighten it to {heavy_limit} lb or less to move.")
        step("Movement: the movement table stops at a heavy load, so no movement rate applies (shown as 0).",
             rule="#movement-and-encumbrance")
    else:
        _, light_rate, heavy_rate = MOVEMENT_ROWS[row]
        step(f"Movement table, row \"{MOVEMENT_ROWS[row][0]}\", {load} load: {movement}' per round.",
             rule="#movement-and-encumbrance")
        step(f"Movement per turn = {TURN_MOVE_MULTIPLE} × the rate per round = {TURN_MOVE_MULTIPLE} × {movement} "
             f"= {per_turn}'.", rule="#movement-and-encumbrance")
        step(f"Wilderness rate = 0.6 × feet per round = 0.6 × {movement} = {n(miles)} miles in an 8-hour day "
             f"of open, clear terrain.", rule="bfrpg/wilderness/#wilderness-movement-rates")
        note = (f"Lightly loaded: {movement}' per round." if load == "light" else
                f"Heavily loaded: {movement}' per round; lighten to {light_limit} lb or less for "
                f"{light_rate}'.")
    return {
        "strength_bonus": bonus,
        "light_limit_lb": light_limit,
        "heavy_limit_lb": heavy_limit,
        "load": load,
        "movement_ft": movement,
        "movement_per_turn_ft": per_turn,
        "miles_per_day": miles,
        "note": note,
    }


# --- Light ---------------------------------------------------------------------------------
# (key, label, bright radius ft, dim light reaches ft, burn dice (count, sides, add) or None)
LIGHT_SOURCES = (
    ("torch", "Torch", 30, 50, (1, 4, 4)),
    ("lantern", "Lantern (one flask of oil)", 30, 50, (1, 6, 18)),
    ("candle", "Candle", 5, 10, None),
)
LIGHT = {key: (label, lit, dim, burn) for key, label, lit, dim, burn in LIGHT_SOURCES}
CANDLE_TURNS_PER_INCH = 3


def burn_dice_text(burn) -> str:
    count, sides, add = burn
    return f"{count}d{sides}+{add}"


def burns_longer_than(burn, turns: int) -> Fraction:
    """Exact chance a torch or lantern still burns after ``turns`` turns (burn time > turns)."""
    count, sides, add = burn
    return dice.chance(count, sides, lambda total: total + add > turns)


@calculator(
    id="bfrpg.light",
    system=SYSTEM,
    title="Light sources",
    summary="How far a torch, lantern or candle lights, how long it lasts, and the chance it is still alight.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("source", "Light source", "choice", "torch", choices=tuple((k, v[0]) for k, v in LIGHT.items())),
        Input("candle_height_in", "Candle height", "number", 6, unit="in", min=Fraction(1, 2), max=24,
              step=Fraction(1, 2), help="only for a candle"),
        Input("turns", "Turns already burning", "int", 6, unit="turns", min=0, max=100,
              help="a turn is about 10 minutes"),
    ],
    outputs=[
        Output("lit_radius_ft", "Light out to", "ft", min=min(s[2] for s in LIGHT_SOURCES),
               max=max(s[2] for s in LIGHT_SOURCES)),
        Output("dim_radius_ft", "Dim light out to", "ft", min=min(s[3] for s in LIGHT_SOURCES),
               max=max(s[3] for s in LIGHT_SOURCES)),
        Output("burn_min_turns", "Burns at least", "turns", min=0),
        Output("burn_max_turns", "Burns at most", "turns", min=0),
        Output("burn_average_turns", "Burns on average", "turns", min=0),
        Output("burn_min_minutes", "Burns at least", "minutes", min=0),
        Output("burn_max_minutes", "Burns at most", "minutes", min=0),
        Output("still_burning", "Chance it is still alight", format="percent"),
        Output("still_burning_x_in_y", "Still alight, as odds"),
    ],
)
def light(step, source, candle_height_in, turns):
    label, lit, dim, burn = LIGHT[source]
    step(f"Light: a {label.lower()} lights a {lit}' radius; dim light reaches {dim - lit}' further, to {dim}'.",
         rule="#light")
    if burn is None:
        low = high = CANDLE_TURNS_PER_INCH * candle_height_in
        average = low
        still = Fraction(1) if low > turns else Fraction(0)
        step(f"Burn time: a taper candle burns about {CANDLE_TURNS_PER_INCH} turns per inch = "
             f"{CANDLE_TURNS_PER_INCH} × {n(candle_height_in)} in = {n(low)} turns.", rule="#light")
        step(f"After {turns} turns: {n(low)} turns of burning is "
             + ("more, so it is still alight." if still else "not more, so it has burned out."), rule="#light")
    else:
        count, sides, add = burn
        low, high = count + add, count * sides + add
        average = Fraction(count * (sides + 1), 2) + add
        step(f"Burn time = {burn_dice_text(burn)} turns: {low} to {high}, {n(average)} on average.", rule="#light")
        still = burns_longer_than(burn, turns)
        step(f"After {turns} turns it is still alight if its burn time is more than {turns}: "
             f"chance {dice.x_in_y(still)} ({n(still * 100)}%).", rule="#light")
        step.chart(f"{burn_dice_text(burn)} turns of burning against {turns} turns",
                   roll_bars({total + add: p for total, p in dice.distribution(count, sides).items()},
                             lambda total: "success" if total > turns else "failure"),
                   f"still alight {percent_text(still)} of the time")
    return {
        "lit_radius_ft": lit,
        "dim_radius_ft": dim,
        "burn_min_turns": low,
        "burn_max_turns": high,
        "burn_average_turns": average,
        "burn_min_minutes": TURN_MINUTES * low,
        "burn_max_minutes": TURN_MINUTES * high,
        "still_burning": still,
        "still_burning_x_in_y": dice.x_in_y(still),
    }


@table("bfrpg.light_sources")
def light_table():
    rows = []
    for _key, label, lit, dim, burn in LIGHT_SOURCES:
        if burn is None:
            turns = f"about {CANDLE_TURNS_PER_INCH} per inch of height"
            minutes = f"about {CANDLE_TURNS_PER_INCH * TURN_MINUTES} per inch"
        else:
            count, sides, add = burn
            turns = f"{burn_dice_text(burn)} ({count + add}–{count * sides + add})"
            minutes = f"{TURN_MINUTES * (count + add)}–{TURN_MINUTES * (count * sides + add)}"
        rows.append((label, f"{lit}'", f"{dim}'", turns, minutes))
    return ("Light sources", ("Source", "Light radius", "Dim light to", "Burns (turns)", "Burns (minutes)"),
            tuple(rows), "' = feet. Dim light is the ring beyond the lit radius.")


# --- Doors, traps, secret doors -------------------------------------------------------------
DOOR_DICE = (("stuck_door", "Stuck door", 6), ("locked_door", "Locked door", 10), ("bend_bars", "Bend bars", 20))
SECRET_DOOR_INT = 15  # Intelligence from which the range grows by 1
TRAP_RANGE = {"dwarf": 2}  # searching for traps: 1-2 on 1d6 for a Dwarf (race rules), 1 for anyone else
SEARCH_SQUARE_FT = 10  # a trap search takes at least a turn for each 10' square


def door_range(strength: int) -> int:
    """The winning range for forcing doors and bars: 1 plus the Strength bonus, never below 0."""
    return max(1 + ability_bonus(strength), 0)


def secret_door_range(race: str, intelligence: int) -> int:
    return 1 + (intelligence >= SECRET_DOOR_INT) + (race == "elf")


def trap_range(race: str) -> int:
    """The winning range for a trap search on 1d6: Dwarves 1-2, everyone else 1."""
    return TRAP_RANGE.get(race, 1)


def range_text(wins: int, sides: int) -> str:
    """"1-3 on 1d6", "1 on 1d6", or "none" for a range of 0."""
    if wins <= 0:
        return "no roll succeeds"
    return f"{'1' if wins == 1 else f'1-{wins}'} on 1d{sides}"


def _range_chart(step, title: str, wins: int, sides: int) -> None:
    """The chart of an x-in-y roll: 1 to ``wins`` on 1d``sides`` succeeds."""
    p = Fraction(max(wins, 0), sides)
    step.chart(title, roll_bars(dice.distribution(1, sides), lambda roll: "success" if roll <= wins else "failure"),
               f"succeeds {percent_text(p)} of the time")


def odds_text(wins: int, sides: int) -> str:
    """Unreduced odds as players say them: "2 in 6"."""
    return f"{wins} in {sides}"


@calculator(
    id="bfrpg.chances",
    system=SYSTEM,
    title="Doors, bars, traps, secret doors and listening",
    summary="Your odds of forcing doors and bars, finding traps and secret doors, and hearing through a door.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("race", "Race", "choice", "human", choices=RACES),
        Input("strength", "Strength", "int", SCORE_DEFAULT, min=3, max=18),
        Input("intelligence", "Intelligence", "int", SCORE_DEFAULT, min=3, max=18),
    ],
    outputs=[
        Output("door_strength_bonus", "Strength bonus", min=BONUS_LOWEST, max=BONUS_HIGHEST),
        Output("stuck_door", "Open a stuck door", format="percent"),
        Output("stuck_door_x_in_y", "Stuck door, as odds", "on 1d6"),
        Output("locked_door", "Force a locked door", format="percent"),
        Output("locked_door_x_in_y", "Locked door, as odds", "on 1d10"),
        Output("bend_bars", "Bend metal bars", format="percent"),
        Output("bend_bars_x_in_y", "Bars, as odds", "on 1d20"),
        Output("secret_door", "Find a secret door", format="percent"),
        Output("secret_door_x_in_y", "Secret door, as odds", "on 1d6"),
        Output("find_trap", "Find a trap", format="percent"),
        Output("find_trap_x_in_y", "Trap, as odds", "on 1d6"),
        Output("listen", "Hear something at a door", format="percent"),
        Output("listen_x_in_y", "Listening, as odds", "on 1d6"),
        Output("special_cases", "Special cases"),
    ],
)
def chances(step, race, strength, intelligence):
    bonus = ability_bonus(strength)
    wins = door_range(strength)
    step(f"Ability bonus table: Strength {strength} gives {_signed(bonus)}.", rule="#carrying-capacity")
    step(f"Forcing doors and bars: the range is 1 plus the Strength bonus = 1 {'+' if bonus >= 0 else '−'} "
         f"{abs(bonus)} = {n(1 + bonus)}"
         + (": no roll wins, so the character needs help, tools or another way through (our reading)."
            if 1 + bonus <= 0 else "."),
         rule="#stuck-doors")
    out = {"door_strength_bonus": bonus}
    for name, label, sides in DOOR_DICE:
        p = Fraction(wins, sides)
        out[name] = p
        out[f"{name}_x_in_y"] = odds_text(wins, sides)
        step(f"{label}: {range_text(wins, sides)} = {odds_text(wins, sides)} ({n(p * 100)}%).",
             rule="#stuck-doors" if name == "stuck_door" else "#locked-doors-and-metal-bars")
        _range_chart(step, f"{label}: 1d{sides}", wins, sides)
    secret = secret_door_range(race, intelligence)
    reasons = ["1 for anyone"]
    if intelligence >= SECRET_DOOR_INT:
        reasons.append(f"+1 for Intelligence {intelligence} (15 or more)")
    if race == "elf":
        reasons.append("+1 for an Elf")
    step(f"Secret doors: range = {', '.join(reasons)} = {range_text(secret, 6)} ({n(Fraction(secret, 6) * 100)}%).",
         rule="#secret-doors")
    _range_chart(step, "Secret door: 1d6", secret, 6)
    out["secret_door"] = Fraction(secret, 6)
    out["secret_door_x_in_y"] = odds_text(secret, 6)
    traps = trap_range(race)
    if race == "dwarf":
        step(f"Traps: a Dwarf searching for traps uses the race's own ability, {range_text(traps, 6)} = "
             f"{odds_text(traps, 6)} ({n(Fraction(traps, 6) * 100)}%), in place of the usual 1 on 1d6.",
             rule="#searching-for-traps")
    else:
        step(f"Traps: a search finds a trap on {range_text(traps, 6)} = {odds_text(traps, 6)} "
             f"({n(Fraction(traps, 6) * 100)}%).", rule="#searching-for-traps")
    step(f"Search time: each {SEARCH_SQUARE_FT}' square takes at least a turn, so one searcher covers at most one "
         f"{SEARCH_SQUARE_FT}' square a turn, and gets one useful search of it.", rule="#searching-for-traps")
    step("Listening: anyone who is not a Thief hears something on 1 on 1d6 (1 in 6, about 16.67%); "
         "the GM rolls it.", rule="#listening-at-doors")
    _range_chart(step, "Find a trap: 1d6", traps, 6)
    _range_chart(step, "Listen at a door: 1d6", 1, 6)
    out["find_trap"] = Fraction(traps, 6)
    out["find_trap_x_in_y"] = odds_text(traps, 6)
    out["listen"] = Fraction(1, 6)
    out["listen_x_in_y"] = odds_text(1, 6)
    notes = ["Thieves use their own Find Traps and Listen abilities instead."]
    if race == "dwarf":
        notes = ["A Dwarf who is also a Thief uses the better of the two trap rolls.",
                 "Thieves use their own Listen ability."]
    out["special_cases"] = " ".join(notes)
    return out


@table("bfrpg.door_chances")
def door_chances_table():
    rows = []
    for low, high, bonus in ABILITY_BONUSES:
        wins = door_range(low)
        rows.append((_score_range(low, high), _signed(bonus),
                     *(f"{range_text(wins, sides)}" for _, _, sides in DOOR_DICE)))
    return ("Forcing doors and bars by Strength",
            ("Strength", "Bonus", "Stuck door", "Locked door", "Bend bars"), tuple(rows),
            "The range is 1 plus the Strength bonus, rolled on 1d6, 1d10 or 1d20.")


@table("bfrpg.search_chances")
def search_chances_table():
    rows = []
    for label, intelligence in (("3-14", 10), ("15-18", 15)):
        rows.append((label, range_text(secret_door_range("human", intelligence), 6),
                     range_text(secret_door_range("elf", intelligence), 6)))
    return ("Finding secret doors", ("Intelligence", "Human, Dwarf, Halfling", "Elf"), tuple(rows),
            f"Finding a trap: {range_text(trap_range('dwarf'), 6)} for a Dwarf, {range_text(trap_range('human'), 6)} "
            f"for anyone else without a special ability; listening at a door: 1 on 1d6.")


# --- Dungeon survival --------------------------------------------------------------------
FOOD_GRACE_DAYS = 2  # no effect for the first two days without food
WATER_DIE = 4  # 1d4 hit points a day without water


@calculator(
    id="bfrpg.survival",
    system=SYSTEM,
    title="Going without food or water",
    summary="Hit points lost to hunger and thirst, and whether natural healing still works.",
    page=DUNGEON_PAGE,
    inputs=[
        Input("days_without_food", "Days without enough food", "int", 4, unit="days", min=0, max=60),
        Input("days_without_water", "Days without enough water", "int", 0, unit="days", min=0, max=30,
              help="days with less than a quart of water"),
        Input("current_hp", "Current hit points", "int", 8, unit="HP", min=1, max=300),
    ],
    outputs=[
        Output("hp_lost_least", "HP lost, at least", "HP", min=0),
        Output("hp_lost_average", "HP lost, on average", "HP", min=0),
        Output("hp_lost_most", "HP lost, at most", "HP", min=0),
        Output("hp_left_least", "HP left, worst case", "HP", max=300),
        Output("hp_left_most", "HP left, best case", "HP", max=300),
        Output("chance_hp_gone", "Chance HP fall to 0 or below", format="percent"),
        Output("natural_healing", "Natural healing works"),
    ],
)
def survival(step, days_without_food, days_without_water, current_hp):
    food_loss = max(days_without_food - FOOD_GRACE_DAYS, 0)
    step(f"Food: the first {FOOD_GRACE_DAYS} days without enough food do nothing; each later day costs 1 HP: "
         f"{days_without_food} days → {food_loss} HP.", rule="#going-hungry")
    d = days_without_water
    least, most = food_loss + d, food_loss + WATER_DIE * d
    average = food_loss + Fraction(WATER_DIE + 1, 2) * d
    if d:
        step(f"Water: every day without enough water costs 1d{WATER_DIE} HP: {d}d{WATER_DIE} = {d} to "
             f"{WATER_DIE * d}, {n(Fraction(WATER_DIE + 1, 2) * d)} on average.", rule="#going-thirsty")
        gone = dice.chance(d, WATER_DIE, lambda total: food_loss + total >= current_hp)
        step.chart(f"{d}d{WATER_DIE} thirst damage against {current_hp} HP"
                   + (f" less {food_loss} for hunger" if food_loss else ""),
                   roll_bars(dice.distribution(d, WATER_DIE),
                             lambda total: "failure" if food_loss + total >= current_hp else "success"),
                   f"HP stay above 0 {percent_text(1 - gone)} of the time")
    else:
        step("Water: no days without enough water, no loss.", rule="#going-thirsty")
        gone = Fraction(1 if food_loss >= current_hp else 0)
    step(f"Total HP lost: {least} to {most}, {n(average)} on average; from {current_hp} HP that leaves "
         f"{n(current_hp - most)} to {n(current_hp - least)}; chance of reaching 0 or less {n(gone * 100)}%.",
         rule="#dungeon-survival")
    hungry = days_without_food > FOOD_GRACE_DAYS
    healing = not hungry and d == 0
    why = []
    if hungry:
        why.append("hunger stops it once HP start to drop")
    if d:
        why.append("thirst stops it with the first die of damage")
    step("Natural healing: " + ("still works (magic healing always does)." if healing else
                                "lost, because " + " and ".join(why) + "; magic healing still works."),
         rule="#going-thirsty" if d and not hungry else "#going-hungry")
    return {
        "hp_lost_least": least,
        "hp_lost_average": average,
        "hp_lost_most": most,
        "hp_left_least": current_hp - most,
        "hp_left_most": current_hp - least,
        "chance_hp_gone": gone,
        "natural_healing": healing,
    }


@table("bfrpg.survival")
def survival_table():
    rows = []
    for day in range(1, 8):
        food = max(day - FOOD_GRACE_DAYS, 0)
        rows.append((day, food, "yes" if day <= FOOD_GRACE_DAYS else "no",
                     f"{day}–{WATER_DIE * day} (average {n(Fraction(WATER_DIE + 1, 2) * day)})"))
    return ("Hit points lost without food or water (running totals)",
            ("Days", "No food: HP lost", "No food: natural healing", "No water: HP lost"), tuple(rows),
            "Without water, natural healing stops from the first day. Magic healing always works.")


# --- Wilderness movement -----------------------------------------------------------------
WILDERNESS_FACTOR = Fraction(3, 5)  # miles per 8-hour day per foot of movement per round
DAY_HOURS = 8
FORCED_MARCH_HOURS = 12
FORCED_MARCH_FACTOR = Fraction(3, 2)
AIR_FACTOR = 2
AIRBORNE_MINIMUM = Fraction(1, 3)


def wilderness_miles(movement_ft) -> Fraction:
    """Miles per 8-hour day in open, clear terrain: 0.6 x feet per round."""
    return WILDERNESS_FACTOR * movement_ft


TERRAINS = (  # (key, label, multiplier)
    ("clear", "Clear", Fraction(1)), ("plains", "Plains", Fraction(1)), ("trail", "Trail", Fraction(1)),
    ("road", "Road (paved)", Fraction(4, 3)),
    ("desert", "Desert", Fraction(2, 3)), ("forest", "Forest", Fraction(2, 3)), ("hills", "Hills", Fraction(2, 3)),
    ("jungle", "Jungle", Fraction(1, 3)), ("mountains", "Mountains", Fraction(1, 3)),
    ("swamp", "Swamp", Fraction(1, 3)),
)
TERRAIN = {key: (label, factor) for key, label, factor in TERRAINS}


def fraction_text(value: Fraction) -> str:
    """1, 2/3, 1 1/3: a multiplier as the rules print it."""
    value = Fraction(value)
    whole, part = divmod(value.numerator, value.denominator)
    if part == 0:
        return str(whole)
    frac = f"{part}/{value.denominator}"
    return f"{whole} {frac}" if whole else frac


def multiplier_text(factor: Fraction) -> str:
    """×1, ×2/3, ×1 1/3."""
    return "×" + fraction_text(factor)


@table("bfrpg.wilderness_rates")
def wilderness_rates_table():
    rows = tuple((f"{ft}'", n(wilderness_miles(ft)), n(FORCED_MARCH_FACTOR * wilderness_miles(ft)),
                  n(AIR_FACTOR * wilderness_miles(ft)))
                 for ft in range(10, 130, 10))
    return ("Wilderness movement rates (miles per day)",
            ("Movement per round", "Normal (8 hours)", "Forced march (12 hours)", "By air"), rows,
            "For open, clear terrain: miles per day = 0.6 × feet per round. "
            "A group moves at its slowest member's rate.")


@table("bfrpg.terrain")
def terrain_table():
    groups = {}
    for _key, label, factor in TERRAINS:
        groups.setdefault(factor, []).append(label)
    rows = tuple((", ".join(labels), multiplier_text(factor), n(factor * wilderness_miles(40)))
                 for factor, labels in sorted(groups.items(), reverse=True))
    return ("Terrain", ("Terrain", "Distance", "Miles per day at 40'"), rows,
            "Flying ignores terrain.")


NATURAL_FAIL, NATURAL_SUCCESS = 1, 20  # an unadjusted 1 always fails a save, an unadjusted 20 always succeeds


def save_succeeds(roll: int, bonus: int, save_target: int) -> bool:
    """One saving throw: the natural 1 and 20 decide first, then 1d20 + bonus against the target."""
    if roll == NATURAL_FAIL:
        return False
    if roll == NATURAL_SUCCESS:
        return True
    return roll + bonus >= save_target


def save_chance(save_target: int, bonus: int) -> Fraction:
    """Chance that a saving throw succeeds: between 1/20 and 19/20 whatever the target and bonus."""
    return dice.chance(1, 20, lambda roll: save_succeeds(roll, bonus, save_target))


def forced_march_damage(days: int, p_save: Fraction):
    """(chance of any damage, expected damage-days) over ``days`` days of forced march in a row.

    The first day is free. Each later day a save is rolled until one fails; from then on the
    1d6 comes every day without a save.
    """
    at_risk = max(days - 1, 0)
    p_fail = 1 - p_save
    expected_days = Fraction(0)
    for first_fail in range(1, at_risk + 1):  # position of the first failed save
        expected_days += p_save ** (first_fail - 1) * p_fail * (at_risk - first_fail + 1)
    return at_risk, 1 - p_save ** at_risk, expected_days


def forced_march_toll(step, forced_days: int, save_target: int, constitution: int):
    """(chance of any damage, average HP, most HP) over ``forced_days`` forced march days in a
    row, or (None, None, None) when there is no forced march. The one place both travel
    calculators work out the daily save vs. Death Ray and its damage."""
    if not forced_days:
        step("No forced march, so no damage from marching.", rule="#forced-march")
        return None, None, None
    bonus = ability_bonus(constitution)
    p = save_chance(save_target, bonus)
    at_risk, any_damage, expected_days = forced_march_damage(forced_days, p)
    modifier = f" {'+' if bonus >= 0 else '−'} {abs(bonus)}" if bonus else ""
    plain_odds = sum(1 for roll in range(2, 20) if roll + bonus >= save_target)
    step(f"Save vs. Death Ray: 1d20{modifier} (Constitution {constitution}) against {save_target}; a natural 1 "
         f"always fails and a natural 20 always succeeds, so {plain_odds + 1} of the 20 rolls save: "
         f"{n(p * 100)}% a day.", rule="#forced-march")
    expected, most = expected_days * Fraction(7, 2), 6 * at_risk
    step(f"Forced march damage: {forced_days} day{'s' if forced_days != 1 else ''} in a row "
         f"put{'s' if forced_days == 1 else ''} {at_risk} day{'s' if at_risk != 1 else ''} at risk (the first is "
         f"free); chance of taking any damage = 1 − {n(p)}^{at_risk} = {n(any_damage * 100)}%; on average "
         f"{n(expected_days)} days of 1d6 (3.5 each) = {n(expected)} HP; at most {at_risk} × 6 = {most} HP.",
         rule="#forced-march")
    if at_risk:
        step.chart(f"Save vs. Death Ray: 1d20{modifier} against {save_target}",
                   roll_bars(dice.distribution(1, 20),
                             lambda roll: "success" if save_succeeds(roll, bonus, save_target) else "failure"),
                   f"saves {percent_text(p)} of the time, each day at risk until a save fails")
    return any_damage, expected, most


@calculator(
    id="bfrpg.overland",
    system=SYSTEM,
    title="Overland travel",
    summary="Miles covered in a day by terrain, forced march or flight, and what a forced march costs in hit points.",
    page=WILDERNESS_PAGE,
    inputs=[
        Input("movement_ft", "Movement rate", "int", MOVEMENT_DEFAULT, unit="ft/round", min=5, max=480,
              help="the slowest member's rate per combat round"),
        Input("terrain", "Terrain", "choice", "clear", choices=tuple((k, label) for k, label, _ in TERRAINS)),
        Input("forced_march", "Forced march", "bool", False, help="12 hours a day instead of 8"),
        Input("by_air", "Travelling by air", "bool", False),
        Input("days", "Days of travel", "int", 3, unit="days", min=1, max=60,
              help="days in a row, for the forced march risk"),
        Input("death_ray_save", "Save vs. Death Ray", "int", SAVE_DEFAULT, min=1, max=20,
              help="the target number from the character's saving throw table"),
        Input("constitution", "Constitution", "int", SCORE_DEFAULT, min=3, max=18),
    ],
    outputs=[
        Output("miles_per_day", "Miles per day", "miles", min=0),
        Output("total_miles", "Miles over all the days", "miles", min=0),
        Output("hours_per_day", "Hours of travel a day", "h", min=DAY_HOURS, max=FORCED_MARCH_HOURS),
        Output("min_airborne_ft", "Slowest speed that stays aloft", "ft/round",
               help="winged fliers; shown only when travelling by air", min=0),
        Output("damage_chance", "Chance of forced march damage", format="percent"),
        Output("expected_damage", "Forced march damage, average", "HP", min=0),
        Output("most_damage", "Forced march damage, at most", "HP", min=0),
    ],
)
def overland(step, movement_ft, terrain, forced_march, by_air, days, death_ray_save, constitution):
    base = wilderness_miles(movement_ft)
    step(f"Wilderness rate = 0.6 × feet per round = 0.6 × {movement_ft} = {n(base)} miles in an 8-hour day.",
         rule="#wilderness-movement-rates")
    label, factor = TERRAIN[terrain]
    if by_air:
        miles = AIR_FACTOR * base
        step(f"By air: double the rate and ignore terrain = 2 × {n(base)} = {n(miles)} miles.",
             rule="#travelling-by-air")
    else:
        miles = factor * base
        step(f"Terrain: {label.lower()} is {multiplier_text(factor)}: {n(base)} × {fraction_text(factor)} "
             f"= {n(miles)} miles.", rule="#terrain")
    hours = DAY_HOURS
    if forced_march:
        hours = FORCED_MARCH_HOURS
        step(f"Forced march: 12 hours instead of 8 adds 50% = {n(miles)} × 1.5 = "
             f"{n(miles * FORCED_MARCH_FACTOR)} miles.",
             rule="#forced-march")
        miles = miles * FORCED_MARCH_FACTOR
    any_damage, expected, most = forced_march_toll(step, days if forced_march else 0, death_ray_save, constitution)
    total = miles * days
    step(f"Over {days} day{'s' if days != 1 else ''}: {n(miles)} × {days} = {n(total)} miles.",
         rule="#overland-travel")
    airborne = Fraction(movement_ft) * AIRBORNE_MINIMUM if by_air else None
    if by_air:
        step(f"Staying aloft: most winged creatures need at least a third of their movement = "
             f"{movement_ft} / 3 = {n(airborne)}' per round.", rule="#travelling-by-air")
    return {
        "miles_per_day": miles,
        "total_miles": total,
        "hours_per_day": hours,
        "min_airborne_ft": airborne,
        "damage_chance": any_damage,
        "expected_damage": expected,
        "most_damage": most,
    }


# --- Waterborne travel -------------------------------------------------------------------
WATER_DAY_HOURS = 12
NAVIGATOR_HOURS = 24
GALE_DICE = (2, 8)
# (key, label, d% low, d% high, sailing multiplier, tacking multiplier)
WINDS = (
    ("becalmed", "Becalmed", 1, 5, Fraction(0), Fraction(0)),
    ("very_light_breeze", "Very light breeze", 6, 13, Fraction(1, 3), Fraction(0)),
    ("light_breeze", "Light breeze", 14, 25, Fraction(1, 2), Fraction(1, 3)),
    ("moderate_breeze", "Moderate breeze", 26, 40, Fraction(2, 3), Fraction(1, 3)),
    ("average", "Average winds", 41, 70, Fraction(1), Fraction(1, 2)),
    ("strong", "Strong winds", 71, 85, Fraction(4, 3), Fraction(2, 3)),
    ("very_strong", "Very strong winds", 86, 96, Fraction(3, 2), Fraction(0)),
    ("gale", "Gale", 97, 100, Fraction(2), Fraction(0)),
)
WIND = {w[0]: w[1:] for w in WINDS}
TACKING_IMPOSSIBLE = ("very_strong", "gale")  # the rules say so outright; other ×0 cases just make no headway
# (key, label, miles per day under sail or None, miles per day rowed/paddled/poled or None)
VESSELS = (
    ("canoe", "Canoe", None, 30),
    ("caravel", "Caravel", 42, None),
    ("carrack", "Carrack", 48, None),
    ("small_galley", "Small galley", 36, 24),
    ("large_galley", "Large galley", 42, 24),
    ("longship", "Longship", 42, 24),
    ("raft", "Raft or barge", None, 18),
    ("riverboat", "Riverboat", None, 30),
    ("rowboat", "Rowboat", None, 24),
    ("sailboat", "Sailboat", 36, None),
)
VESSEL = {v[0]: v[1:] for v in VESSELS}
WIND_DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def _d100_range(low: int, high: int) -> str:
    text = lambda v: "00" if v == 100 else f"{v:02d}"  # noqa: E731
    return f"{text(low)}–{text(high)}"


@table("bfrpg.sailing_winds")
def sailing_winds_table():
    rows = tuple((_d100_range(low, high), label, multiplier_text(sail),
                  "not possible" if key in TACKING_IMPOSSIBLE else multiplier_text(tack))
                 for key, label, low, high, sail, tack in WINDS)
    return ("Wind and sailing speed", ("d%", "Wind", "With the wind", "Against the wind (tacking)"), rows,
            "Multipliers apply to a sailing ship's miles per day. Where sailing makes no headway (×0 or not "
            "possible), a ship that has oars rows at its rowing rate instead. "
            "A gale deals 2d8 damage per hour to a ship exposed to it.")


@table("bfrpg.wind_direction")
def wind_direction_table():
    rows = tuple((str(i + 1), d) for i, d in enumerate(WIND_DIRECTIONS)) + (("9-12", "the local prevailing wind"),)
    return ("Wind direction (1d12)", ("d12", "Wind from"), rows, "")


@table("bfrpg.vessels")
def vessels_table():
    rows = tuple((label, sail if sail is not None else "—", row if row is not None else "—",
                  "sails and oars" if sail and row else ("sails" if sail else "no sails"))
                 for _, label, sail, row in VESSELS)
    return ("Vessels (miles per 12-hour day)", ("Vessel", "Under sail", "Rowed, paddled or poled", "Moved by"),
            rows, "Wind changes only the sailing figure.")


@calculator(
    id="bfrpg.sailing",
    system=SYSTEM,
    title="Travel by water",
    summary="Miles a boat or ship covers in a day for the wind it meets, rowing, tacking or sailing round the clock.",
    page=WATER_PAGE,
    inputs=[
        Input("vessel", "Vessel", "choice", "caravel", choices=tuple((v[0], v[1]) for v in VESSELS)),
        Input("wind", "Wind", "choice", "average", choices=tuple((w[0], w[1]) for w in WINDS)),
        Input("against_wind", "Against the wind (tacking)", "bool", False),
        Input("navigator_24h", "Qualified navigator, sailing day and night", "bool", False,
              help="not for ships that stop each night or lack their minimum crew"),
        Input("rowing", "Rowing instead of sailing", "bool", False, help="galleys and longships"),
    ],
    outputs=[
        Output("miles_per_day", "Miles per day", "miles", min=0),
        Output("hours_per_day", "Hours of travel a day", "h", min=WATER_DAY_HOURS, max=NAVIGATOR_HOURS),
        Output("propulsion", "Moving by"),
        Output("wind_multiplier", "Wind multiplier", help="on the sailing rate; shown only under sail",
               min=0, max=max(w[4] for w in WINDS)),
        Output("gale_damage", "Gale damage"),
        Output("gale_damage_average", "Gale damage a day, average", "HP", min=0),
        Output("note", "What the rules say"),
    ],
)
def sailing(step, vessel, wind, against_wind, navigator_24h, rowing):
    label, sail_rate, oar_rate = VESSEL[vessel]
    name = label.lower()
    wind_label, _, _, sail_factor, tack_factor = WIND[wind]
    factor = tack_factor if against_wind else sail_factor  # what the wind does to sailing
    notes = []
    if sail_rate is None:
        use_sail = False
        step(f"Vessel: a {name} has no sails; it makes {oar_rate} miles in a 12-hour day whatever the wind.",
             rule="#vessels-and-the-sailing-day")
        propulsion = "oars, paddles or poles"
    elif oar_rate is None:
        use_sail = True
        step(f"Vessel: a {name} has no oars, so it sails ({sail_rate} miles in a 12-hour day)."
             if rowing else f"Vessel: a {name} sails {sail_rate} miles in a 12-hour day.",
             rule="#vessels-and-the-sailing-day")
        propulsion = "sails"
    elif rowing:
        use_sail = False
        step(f"Vessel: a {name} makes {sail_rate} miles a day under sail or {oar_rate} rowed; it is rowing.",
             rule="#vessels-and-the-sailing-day")
        propulsion = "oars"
    elif not factor:
        # Our reading: a ship that has oars rows whenever its sails cannot carry it.
        use_sail = False
        if wind == "becalmed":
            why = "Becalmed: sails are useless"
        elif against_wind and wind in TACKING_IMPOSSIBLE:
            why = f"{wind_label}: sailing against the wind is not possible"
        else:
            why = f"{wind_label}: too little wind to make headway against it"
        step(f"{why}, so the {name} takes to its oars and rows at its rowing rate ({oar_rate} miles a day).",
             rule="#wind-and-weather")
        notes.append(f"{why}; the {name} rows instead.")
        propulsion = "oars"
    else:
        use_sail = True
        step(f"Vessel: a {name} makes {sail_rate} miles a day under sail or {oar_rate} rowed; it is sailing.",
             rule="#vessels-and-the-sailing-day")
        propulsion = "sails"
    if use_sail:
        direction = "against the wind (tacking)" if against_wind else "with the wind"
        step(f"Wind: {wind_label.lower()}, {direction} = {multiplier_text(factor)}"
             + (" (no headway)." if not factor else "."), rule="#wind-and-weather")
        if not factor:
            if wind == "becalmed":
                notes.append("Becalmed: a ship with only sails cannot move.")
            elif against_wind and wind in TACKING_IMPOSSIBLE:
                notes.append(f"{wind_label}: sailing against the wind is not possible.")
            else:
                notes.append(f"{wind_label}: too little wind to make headway against it.")
        rate = sail_rate * factor
        hours = NAVIGATOR_HOURS if navigator_24h and factor else WATER_DAY_HOURS
        if navigator_24h and factor:
            step(f"Navigator aboard, sailing day and night: 24 hours instead of 12 doubles the distance "
                 f"= 2 × {n(rate)} = {n(2 * rate)} miles.", rule="#vessels-and-the-sailing-day")
            rate *= 2
        if oar_rate is not None and rate < oar_rate:
            notes.append(f"Rowing would be faster in this wind: {oar_rate} miles a day.")
        wind_multiplier = factor
    else:
        wind_multiplier = None  # the wind does not change a rowed vessel's rate
        rate = Fraction(oar_rate)
        hours = WATER_DAY_HOURS
        if against_wind and sail_rate is not None and factor:
            step("Tacking is a sailing matter: rowing ignores the wind's direction.", rule="#wind-and-weather")
        if navigator_24h:
            notes.append("Only sailing ships travel day and night with a navigator; 12 hours used.")
    dice_count, sides = GALE_DICE
    if wind == "gale":
        per_day = Fraction(dice_count * (sides + 1), 2) * hours
        gale = f"{dice_count}d{sides} per hour ({dice_count * hours}d{sides} a day)"
        step(f"Gale: a ship out in it takes {dice_count}d{sides} damage per hour, "
             f"{hours} hours × 9 = {n(per_day)} on average a day.", rule="#wind-and-weather")
        step.chart(f"{dice_count}d{sides} gale damage each hour",
                   roll_bars(dice.distribution(dice_count, sides), lambda total: "neutral"),
                   f"{n(Fraction(dice_count * (sides + 1), 2))} on average, rolled for each of {hours} hours")
        notes.append("A gale may damage or sink the ship.")
    else:
        per_day, gale = None, None  # no gale, no gale damage: the page hides both
    step(f"Distance = {n(rate)} miles in a {hours}-hour day.", rule="#vessels-and-the-sailing-day")
    if not notes:
        notes.append(f"{n(rate)} miles a day.")
    return {
        "miles_per_day": rate,
        "hours_per_day": hours,
        "propulsion": propulsion,
        "wind_multiplier": wind_multiplier,
        "gale_damage": gale,
        "gale_damage_average": per_day,
        "note": " ".join(notes),
    }


# --- Travel planner ------------------------------------------------------------------------
LEGS = 3
MEMBERS = 4


def _planner_inputs():
    inputs = [Input("member_1_ft", "Member 1 movement", "int", MOVEMENT_DEFAULT, unit="ft/round", min=5, max=480)]
    for i in range(2, MEMBERS + 1):
        inputs.append(Input(f"member_{i}_ft", f"Member {i} movement", "int", 30 if i == 2 else 0,
                            unit="ft/round", min=0, max=480, help="leave at 0 when the party is smaller"))
    for i in range(1, LEGS + 1):
        inputs.append(Input(f"leg_{i}_terrain", f"Leg {i} terrain", "choice",
                            ("trail", "forest", "hills")[i - 1], choices=tuple((k, label) for k, label, _ in TERRAINS)))
        inputs.append(Input(f"leg_{i}_days", f"Leg {i} days", "int", (2, 1, 0)[i - 1], unit="days",
                            min=0, max=60, help="leave at 0 when the journey has fewer legs"))
        inputs.append(Input(f"leg_{i}_forced", f"Leg {i} forced march", "bool", False))
    inputs += [
        Input("by_air", "Travelling by air", "bool", False),
        Input("death_ray_save", "Save vs. Death Ray", "int", SAVE_DEFAULT, min=1, max=20,
              help="for forced march damage, the party member with the worst save: the highest save target "
                   "number once the Constitution bonus is counted"),
        Input("constitution", "Constitution", "int", SCORE_DEFAULT, min=3, max=18,
              help="of that same party member"),
    ]
    return inputs


@calculator(
    id="bfrpg.travel",
    system=SYSTEM,
    title="Wilderness travel planner",
    summary="A journey in up to three legs: the slowest member's pace, miles per leg, total miles and days, "
            "and the forced march toll.",
    page=WILDERNESS_PAGE,
    inputs=_planner_inputs(),
    outputs=[
        Output("pace_ft", "Party pace", "ft/round", min=1, max=480),
        *(Output(f"leg_{i}_miles", f"Leg {i}", "miles", min=0) for i in range(1, LEGS + 1)),
        Output("journey_miles", "Total distance", "miles", min=0),
        Output("journey_days", "Total days", "days", min=0, max=60 * LEGS),
        Output("forced_march_days", "Forced march days", "days", min=0, max=60 * LEGS),
        Output("march_damage_chance", "Chance of forced march damage", format="percent"),
        Output("march_damage_average", "Forced march damage, average", "HP", min=0),
        Output("march_damage_most", "Forced march damage, at most", "HP", min=0),
    ],
)
def travel(step, by_air, death_ray_save, constitution, **inputs):
    speeds = [inputs[f"member_{i}_ft"] for i in range(1, MEMBERS + 1) if inputs[f"member_{i}_ft"] > 0]
    pace = min(speeds)
    step(f"Pace: a group moves at its slowest member's rate = the least of {', '.join(map(str, speeds))} "
         f"= {pace}' per round.", rule="#wilderness-movement-rates")
    base = wilderness_miles(pace)
    step(f"Wilderness rate = 0.6 × {pace} = {n(base)} miles in an 8-hour day of open, clear terrain.",
         rule="#wilderness-movement-rates")
    out = {"pace_ft": pace}
    total_miles, total_days, forced_days = Fraction(0), 0, 0
    for i in range(1, LEGS + 1):
        days = inputs[f"leg_{i}_days"]
        terrain_label, factor = TERRAIN[inputs[f"leg_{i}_terrain"]]
        forced = inputs[f"leg_{i}_forced"]
        if not days:
            out[f"leg_{i}_miles"] = None  # no such leg: the page hides it
            continue
        daily = AIR_FACTOR * base if by_air else factor * base
        how = "by air (×2, terrain ignored)" if by_air else f"{terrain_label.lower()} {multiplier_text(factor)}"
        if forced:
            daily *= FORCED_MARCH_FACTOR
            how += ", forced march ×1.5"
            forced_days += days
        miles = daily * days
        out[f"leg_{i}_miles"] = miles
        total_miles += miles
        total_days += days
        step(f"Leg {i}: {how} = {n(daily)} miles a day × {days} = {n(miles)} miles.",
             rule="#travelling-by-air" if by_air else "#terrain")
    step(f"Journey: {n(total_miles)} miles in {total_days} days.", rule="#planning-a-journey")
    any_damage, expected, most = forced_march_toll(step, forced_days, death_ray_save, constitution)
    out.update({
        "journey_miles": total_miles,
        "journey_days": total_days,
        "forced_march_days": forced_days,
        "march_damage_chance": any_damage,
        "march_damage_average": expected,
        "march_damage_most": most,
    })
    return out


# --- Quick reference -------------------------------------------------------------------------
@table("bfrpg.quick_strength")
def quick_strength_table():
    """Everything Strength decides, one row per bonus band: the same data as the calculators."""
    rows = []
    for low, high, bonus in ABILITY_BONUSES:
        light, heavy = carrying_capacity("human", low)
        h_light, h_heavy = carrying_capacity("halfling", low)
        wins = door_range(low)
        rows.append((_score_range(low, high), _signed(bonus), f"{light} / {heavy}", f"{h_light} / {h_heavy}",
                     *(odds_text(wins, sides) for _, _, sides in DOOR_DICE)))
    return ("Strength at a glance",
            ("Score", "Bonus", "Load lb, light / heavy", "Halfling lb", "Stuck door (d6)", "Locked door (d10)",
             "Bend bars (d20)"),
            tuple(rows), "The bonus column serves every ability score. Doors and bars: the range is 1 plus the "
                         "Strength bonus, so a penalty leaves 0: as we read the rule, no roll wins (\"0 in 6\") and "
                         "the character needs help, tools or another way through.")
