"""The readings of the Basic Fantasy routine lines that need more than their dice (docs:
bfrpg/monsters.md), by the line's text as :mod:`.monsters` gives it: the data
:mod:`.routine_rules` serves. Figures and saves are the rulebook's (each monster's description,
Basic Fantasy Role-Playing Game 4th edition, CC BY-SA 4.0); the words are ours. A save is named
only where the description gives one.
"""

from __future__ import annotations

from typing import NamedTuple

from .routines import Attack


class Rule(NamedTuple):
    kind: str  # one of KINDS
    reading: str  # our reading, in words (the docs' table)
    hug: str | None = None  # dice rolled when both claws hit one target in the routine
    swallow: tuple[str, int, str] | None = None  # (attack, lowest natural d20 that hits, what it does)
    on_hit: tuple[tuple[str, str], ...] = ()  # (attack name, words for the GM when it hits; "{target}")
    each_time: str = ""  # words for the GM each time the whole routine is made
    attacks: tuple[Attack, ...] = ()  # the routine, for a line the reader keeps whole
    heads: bool = False  # as many attacks as the foe's hit dice (a hydra's heads)
    hidden: tuple[str, ...] = ()  # attacks whose note the fight no longer shows (the hug, played)


def _poison(attack: str, words: str = "Poison: {target} saves vs. Poison or dies.") -> tuple[str, str]:
    return attack, words


_DOG = ("The dog keeps its grip: {target} takes 1d4 each round with no roll, until the dog is killed or {target} "
        "spends an attack breaking free (a save vs. Death Ray plus the Strength bonus).")
_AURA = ("The {which} salamander's {what}: everyone within 20' who does not resist {resist} takes 1d8 this round "
         "(the GM rolls).")
_PETRIFY = "{target} meets the gaze: a save vs. Petrify, or {target} is turned to stone."
_DRAGON = ("The rulebook lets the dragon breathe instead of biting; the breath's damage and shape are in its "
           "entry (by its age and hit points): the GM's.")
_HUG = ("Claws, claws, bite, each rolled; when both claws hit the same target in the one action, the hug's {dice} "
        "is rolled after the bite and taken off that target too.")


def _bear(dice: str) -> Rule:
    return Rule("conditional", _HUG.format(dice=dice), hug=dice, hidden=("bite",))


def _hold(attack: str, what: str) -> tuple[tuple[str, str], ...]:
    return ((attack, what),)


# The lines that need more than their dice, by their text as the monster rows give it.
SPECIAL: dict[str, Rule] = {
    # ---------------------------------------------------------------- conditional: hug and swallow
    "2 claws/1 bite + hug: 1d4/1d4/1d6 + 2d6 hug": _bear("2d6"),
    "2 claws/1 bite + hug: 1d8/1d8/2d6 + 2d8 hug": _bear("2d8"),
    "2 claws/1 bite + hug: 1d4/1d4/1d8 + 2d8 hug": _bear("2d8"),
    "2 claws/1 bite + hug: 1d6/1d6/1d10 + 2d8 hug": _bear("2d8"),
    "2 claws/1 bite + hug: 2d4/2d4/2d8 + 2d8": _bear("2d8"),  # the werebear: "+ hug" on the left
    "2 claws/1 bite + 1 hug: 1d8/1d8/1d8 + 2d8": _bear("2d8"),  # the owlbear "fights much as do bears"
    "1 bite + swallow on 19/20: 1d8 + 1d8/round if swallowed": Rule(
        "conditional", "Bite 1d8. A bite that hits on a natural 19 or 20 swallows a small humanoid (goblin or "
        "halfling size) whole: the log names it then; inside, 1d8 a round, fought back only with a dagger-sized "
        "weapon (the GM's).", swallow=("bite", 19, "{target} is swallowed whole if goblin- or halfling-sized: 1d8 "
                                                   "damage each round inside; only a small cutting or stabbing "
                                                   "weapon works from in there, with no adjustments."),
        attacks=(Attack("bite", "1d8"),)),
    "1 bite/1 sting: 2d8/1d8+poison": Rule(
        "conditional", "Bite 2d8, sting 1d8. The description adds a swallow: a bite hitting on a natural 19 or 20 "
        "swallows a man-sized or smaller target (3d6 a round inside), named then; the sting's poison: a save vs. "
        "Poison or death, named on a hit.",
        swallow=("bite", 19, "{target} is swallowed whole if man-sized or smaller: 3d6 damage each round from "
                             "digestion; only a dagger or shortsword is any use inside."),
        on_hit=(_poison("sting"),)),
    "1 tongue or 1 bite: grab or 1d4+1": Rule(
        "conditional", "Tongue (no damage) or bite 1d4+1, each its own attack. A tongue hit drags a dwarf-sized or "
        "smaller target to the mouth, bitten with no roll every round after; a hit on a natural 20 swallows it "
        "(1d6 a round, one victim at a time), named then.",
        swallow=("bite", 20, "{target} is swallowed whole (dwarf-sized or smaller; one victim at a time): 1d6 damage "
                             "each round."),
        on_hit=(("tongue", "The tongue drags {target} to the mouth if dwarf-sized or smaller: from next round the "
                           "bite hits with no roll."),)),
    # ---------------------------------------------------------------- alternatives read by hand
    "1 butt: 1d4 or 1d6 or 1d8": Rule(
        "alternative", "Butt 1d4. The line's 1d6 and 1d8 follow the antelope's size (1 to 4 hit dice): we roll "
        "1d4 and name the others beside it; the GM types the bigger dice in the foe's damage."),
    "1 bite or 1 weapon: 1d4 bite, or by weapon": Rule(
        "alternative", "Bite 1d4 or a weapon, each its own attack; the weapon's damage is the GM's to enter."),
    "1 bite or 1 weapon: 1d4 or 1d6 or by weapon": Rule(
        "alternative", "Bite 1d4 (the line's 1d6 named beside it) or a weapon, each its own attack; the weapon's "
        "damage is the GM's to enter."),
    "1 bite (or 1 weapon): 2d4 (1d6 or by weapon)": Rule(
        "alternative", "Bite 2d4; a weapon instead (1d6 or by weapon) is named beside the damage."),
    "1 gore/1 bite or 1 weapon: 1d6/1d6 , 1d6+2 or by weapon + 2": Rule(
        "alternative", "Gore 1d6 and bite 1d6, each rolled; or, as its own attack, a weapon (1d6+2, or the "
        "weapon's damage +2) entered by the GM."),
    "1 club or Fist /1 bite: 1d6 club or 1d4 fist/1d4 bite": Rule(
        "alternative", "Club 1d6 and bite 1d4, each rolled; a fist (1d4) in the club's place is named beside the "
        "damage."),
    "1 dagger or 1 spell: 1d4 or by spell": Rule(
        "alternative", "Dagger 1d4 or a spell, each its own attack; the spell's effect is the GM's."),
    **{line: Rule("alternative", f"{dice} each rolled; the breath instead of the bite is named. " + _DRAGON)
       for line, dice in (
           ("2 claws/1 bite or breath/1 tail: 1d6/1d6/2d10 or breath/1d6", "Claws 1d6, bite 2d10, tail 1d6,"),
           ("2 claws/1 bite or breath/1 tail: 1d8/1d8/3d8 or breath/1d8", "Claws 1d8, bite 3d8, tail 1d8,"),
           ("2 claws/1 bite or breath/1 tail: 1d6/1d6/3d8 or breath/1d6", "Claws 1d6, bite 3d8, tail 1d6,"),
           ("2 claws/1 bite or breath/1 tail: 1d8/1d8/4d8 or breath/1d8", "Claws 1d8, bite 4d8, tail 1d8,"),
           ("2 claws/1 bite or breath: 1d6/1d6/3d8 or breath", "Claws 1d6, bite 3d8,"),
           ("2 claws/1 bite or breath/1 tail: 1d4/1d4/2d8 or breath/1d4", "Claws 1d4, bite 2d8, tail 1d4,"),
           ("2 claws, 1 bite or breath, 1 tail: 2d4 claw, 6d6 bite or breath, 2d4 tail",
            "Claws 2d4, bite 6d6, tail 2d4,"))},
    "2 claws/1 bite or breath: 2d8/2d8/10d6 or 30d8": Rule(
        "alternative", "Claws 2d8, bite 10d6, each rolled; the breath instead of the bite (30d8 by the line, a save "
        "vs. Dragon Breath as for dragons) is named beside the damage."),
    # ---------------------------------------------------------------- named to the GM
    "1 bite/1 gaze: 1d10/petrification": Rule(
        "gm", "Bite 1d10. The gaze has no dice: the fight keeps its roll, and a hit is read as the target meeting "
        "the gaze (a save vs. Petrify or stone), named to the GM; a surprised target meets it anyway.",
        on_hit=(("gaze", _PETRIFY),)),
    "1 bite/ 1 gaze: 1d12 + poison, bite, petrification gaze": Rule(
        "gm", "Bite 1d12 with the skin's poison (a save vs. Poison or death) and the petrifying gaze as the common "
        "basilisk's, each named on a hit.", on_hit=(_poison("bite"), ("gaze", _PETRIFY)),
        attacks=(Attack("bite", "1d12", "poison"), Attack("gaze", None, "petrification"))),
    "1 special: Confusion": Rule(
        "gm", "No damage: for every ten bats one creature is confused (−2 on attack rolls and saving throws while "
        "the bats stay), named on a hit.", on_hit=(("special", "Confusion: {target} takes −2 on attack rolls and "
                                                               "saving throws while the bats stay (one creature for "
                                                               "every ten bats)."),)),
    "1 sting: 1d4 + poison": Rule("gm", "Sting 1d4; poison: a save vs. Poison or death, named on a hit.",
                                  on_hit=(_poison("sting"),)),
    "1 bite + special: 1d6 + special": Rule(
        "gm", "Bite 1d6. The spray is named each time: 2d6 to all in a 10' cone behind it (a save vs. Death Ray "
        "halves), five times a day at most and once in three rounds; it may spray instead of biting.",
        each_time="The bombardier beetle may spray instead: 2d6 to all in a 10' cone behind it, a save vs. Death "
                  "Ray for half (five times a day, once in three rounds at most)."),
    "1 bite + spray (see below): 2d4 bite, special spray": Rule(
        "gm", "Bite 2d4. The oil spray, named each time, needs its own roll to hit and reaches only those within 5' "
        "of its back: −2 on attack rolls for 24 hours.",
        each_time="The oil beetle may also spray those within 5' of its back (a roll to hit): a hit gives −2 on "
                  "attack rolls for 24 hours."),
    "1 to 3 + blood drain: 1d6, 1d6/round blood drain": Rule(
        "gm", "The line gives 1 to 3 canes: we make one cane attack of 1d6 per action (the GM attacks again for "
        "each further cane). A cane that hits wraps round the target and drains 1d6 a round; the scent "
        "befuddles (a save vs. Poison); both named to the GM.",
        on_hit=(("cane", "The cane wraps {target}: 1d6 blood drain every round after. Anyone smelling the rose "
                         "saves vs. Poison each round or is befuddled."),),
        attacks=(Attack("cane", "1d6", "blood drain"),)),
    "1 bite or 1 bump or 1 spit: 1d2 or 1d4* or special": Rule(
        "gm", "Bite 1d2 or bump 1d4, each its own attack; the spit (kept for a failed morale check) is rolled "
        "against AC 11 with Dexterity and magic only: a hit, a save vs. Poison or helpless for 3d6 rounds, "
        "named then.", on_hit=(("spit", "The spit counts against AC 11 plus Dexterity and magic only: {target} "
                                        "saves vs. Poison or can do nothing for 3d6 rounds."),)),
    "1 bite: poison bite": Rule("gm", "Bite with no dice; its poison: a save vs. Poison at +2 or death, named on a "
                                      "hit.", on_hit=(_poison("bite", "Poison: {target} saves vs. Poison at +2 or "
                                                                      "dies."),)),
    "2 claws, 1 lion bite, 1 goat horns,1 dragon bite or breath: 1d4 claw, 2d4 bite (lion or dragon), 1d8 horns "
    "(goat), 3d4 dragon breath": Rule(
        "alternative", "Claws 1d4 each, lion bite 2d4, goat horns 1d8, dragon bite 2d4, each rolled. The dragon "
        "head may breathe instead of biting: the line gives 3d4, the description 3d6 (a save vs. Dragon Breath "
        "for half); we name the breath with the line's figure and leave the choice to the GM."),
    "1 beak + special: 1d6 + petrification": Rule(
        "gm", "Beak 1d6; its touch petrifies: a save vs. Petrification or stone, named on a hit.",
        on_hit=(("beak", "{target} saves vs. Petrification or is turned to stone."),)),
    "3 bites: 1d6 snake bite, 1d8 panther bite": Rule(
        "played", "Three bites: we read them as the two serpent heads (1d6 each) and the panther's jaws (1d8), "
        "each rolled.", attacks=(Attack("snake bite", "1d6"), Attack("snake bite", "1d6"),
                                 Attack("panther bite", "1d8"))),
    "3 bites: 1d6 + poison snake bite, 2d6 panther bite": Rule(
        "gm", "Two serpent bites of 1d6 with poison (a save vs. Poison or death, named on a hit) and the panther's "
        "bite 2d6.", on_hit=(_poison("snake bite"),),
        attacks=(Attack("snake bite", "1d6", "poison"), Attack("snake bite", "1d6", "poison"),
                 Attack("panther bite", "2d6"))),
    "1 gore or 1 trample: 3d6 or 3d6 (special, see below)": Rule(
        "gm", "Gore 3d6 or trample 3d6, each its own attack. A trample's one roll counts against up to two "
        "man-sized (or four smaller) foes side by side, damage for each it hits: named to the GM.",
        on_hit=(("trample", "The one trample roll counts against up to two man-sized (four smaller) foes side by "
                            "side: the GM rolls 3d6 for each other it hits."),)),
    "1 bite: 1d4 + hold": Rule("gm", "Bite 1d4; the dog then keeps its grip (1d4 a round with no roll until it is "
                                     "killed or the target breaks free), named on a hit.",
                               on_hit=_hold("bite", _DOG)),
    "1 bite: 1d4+1 + hold": Rule("gm", "Bite 1d4+1; the dog keeps its grip as a normal dog does (1d4 a round), named "
                                       "on a hit.", on_hit=_hold("bite", _DOG)),
    "2 claws, 1 bite or breath, 1 tail: 1d6 claw, 2d10 or breath, 1d8 tail": Rule(
        "alternative", "Claws 1d6 each, bite 2d10, tail 1d8, each rolled; the breath instead of the bite is named. "
        + _DRAGON, attacks=(Attack("claw", "1d6"), Attack("claw", "1d6"), Attack("bite", "2d10", "or breath"),
                            Attack("tail", "1d8"))),
    "1 bite/2 fins: 2d8/1d4+poison/1d4+poison": Rule(
        "gm", "Bite 2d8, two fins 1d4 each; a fin's poison, named on a hit: a save vs. Poison or burning pain for "
        "3d10 rounds (−1 on attack rolls and saves, each further sting −1 more to −5 and 6 rounds longer).",
        on_hit=(("fin", "Poison: {target} saves vs. Poison or burns with pain for 3d10 rounds: −1 on attack rolls "
                        "and saving throws (each further sting −1 more, to −5, and 6 rounds longer)."),)),
    "1 touch/1 gaze: 1d8 + special": Rule(
        "gm", "Touch 1d8 (the ghost regains as many hit points; the target loses 1 Constitution, elves and dwarves "
        "save vs. Death Ray) and the sight of it (a save vs. Spells or flight for 2d6 rounds), each named on a "
        "hit of that attack.",
        on_hit=(("touch", "The ghost regains the hit points it did; {target} loses 1 Constitution (an elf or a "
                          "dwarf saves vs. Death Ray against it)."),
                ("gaze", "{target} sees the ghost: a save vs. Spells, or {target} flees for 2d6 rounds (a save "
                         "made, never again from this ghost).")),
        attacks=(Attack("touch", "1d8", "special"), Attack("gaze", None, "special"))),
    "2 claws, 1 bite: 1d4 all + paralysis": Rule(
        "gm", "Claws and bite 1d4 each; each hit paralyses unless the target saves vs. Paralysis (2d8 turns; elves "
        "are immune), named on a hit.",
        on_hit=(("*", "Paralysis: {target} saves vs. Paralysis or is paralysed for 2d8 turns (an elf is "
                      "immune)."),)),
    "2 claws, 1 bite: 1d4 all + paralysis + stench": Rule(
        "gm", "As the ghoul's, and its stench named each time: living creatures within 10' save vs. Poison or are "
        "sickened for 2d6 rounds (−2 to attack rolls).",
        on_hit=(("*", "Paralysis: {target} saves vs. Paralysis or is paralysed for 2d8 turns (an elf is "
                      "immune)."),),
        each_time="The ghast's stench: living creatures within 10' save vs. Poison or are sickened for 2d6 rounds "
                  "(−2 to attack rolls); a save made holds for 24 hours."),
    "1 giant weapon or 1 thrown rock: 7d6 (8d6) weapon, 4d6 rock": Rule(
        "alternative", "Weapon 7d6 or thrown rock 4d6, each its own attack. The line's \"(8d6)\" beside the weapon "
        "is not explained: we roll 7d6 and name the 8d6 to the GM.",
        on_hit=(("giant weapon", "The line also gives 8d6 for the weapon, in brackets: the GM's call."),)),
    "1 fist + special: 3d10 + special": Rule(
        "gm", "Fist 3d10; the heat (another 1d10 unless resistant to heat or fire) named on a hit, and the molten "
        "spray on whoever hits it (2d6, a save vs. Death Ray avoids) named each time.",
        on_hit=(("fist", "The heat: {target} takes another 1d10 unless resistant to heat or fire (the GM rolls it)."),),
        each_time="Whoever hits the bronze golem is sprayed with molten metal: 2d6, a save vs. Death Ray avoids it."),
    "1 + special: 4d10 + special": Rule(
        "gm", "One blow 4d10; its poison gas (a 10' cube for a round, a save vs. Dragon Breath or death) named "
        "each time.", each_time="The iron golem may breathe poison gas instead: a 10' cube for one round, a save "
                                "vs. Dragon Breath or death."),
    "1 + special: 3d8 + special": Rule(
        "gm", "One blow 3d8; its slow (as the spell, every other round, a save vs. Spells resists) named each "
        "time.", each_time="The stone golem may slow a foe (as the spell) every other round: a save vs. Spells "
                           "resists."),
    "1 gore or 1 breath: 2d6 or petrification breath": Rule(
        "gm", "Gore 2d6 or breath, each its own attack; the breath petrifies all in 60' by 10' (a save vs. Petrify "
        "resists), named when it is made.",
        on_hit=(("breath", "Everyone in the breath (60' long, 10' wide) saves vs. Petrify or is turned to stone; "
                           "as many breaths a day as its hit dice, not two rounds running."),)),
    "4 limbs + strangle: 1d6 per limb o + 1d6/round strangle": Rule(
        "gm", "Four limbs, 1d6 each, rolled at the one target (the rulebook has no more than one limb on a creature "
        "as a rule: the GM may aim them apart); a limb that hits strangles, 1d6 a round after, named then.",
        on_hit=(("limb", "The limb has {target} by the neck: 1d6 strangling each round after."),)),
    "2 claws/1 weapon + special: 1d4/1d4/1d6 or by weapon + special": Rule(
        "gm", "Claws 1d4 each, weapon 1d6 (or by weapon); the song named each time: living creatures within 300' "
        "save vs. Spells or are charmed.",
        each_time="The harpies' song: living creatures within 300' save vs. Spells or are charmed (a save made "
                  "holds against that harpy for 24 hours)."),
    "1 bite or 1 breath: 1d6 or 1d6 per Hit Die": Rule(
        "alternative", "Bite 1d6 or breath, each its own attack (the rulebook: breath one round in three, 1-2 on "
        "1d6). The breath does 1d6 per hit die: the fight rolls as many d6 as the foe's hit dice, and names the "
        "cone and the save to the GM.", on_hit=(("breath", "The breath reaches all in its cone (10' wide; 10', 20' "
                                                           "or 30' long by size): the GM rolls the others' damage."),)),
    "5 to 12 bites: 1d10 per bite": Rule(
        "played", "One bite of 1d10 for each head: a hydra has as many heads as hit dice, so the fight makes as "
        "many bites as the foe's hit dice (a head cut off is the GM's to take away).",
        attacks=(Attack("bite", "1d10"),), heads=True),
    "1 swarm: 1d3 (double against no armor)": Rule(
        "gm", "1d3, doubled against an unarmoured target (a creature without armour counts so below AC 15): "
        "named on a hit for the GM to double.",
        on_hit=(("swarm", "If {target} wears no armour (a creature: AC under 15), the damage is doubled: the GM "
                          "adds as much again."),)),
    "1 touch: special": Rule(
        "gm", "No damage: its touch ruins non-magical metal (a rust monster's, an ironbane's), named on a hit.",
        on_hit=(("touch", "Non-magical metal the touch reaches on {target} is ruined; a metal weapon striking it "
                          "does half damage and is destroyed."),)),
    "1: 2d4 + paralysis": Rule(
        "gm", "One blow 2d4; a save vs. Paralysis or paralysed for 2d4 turns, named on a hit.",
        on_hit=(("attack", "Paralysis: {target} saves vs. Paralysis or is paralysed for 2d4 turns."),)),
    "1 special: special": Rule(
        "gm", "No damage roll: the jelly eats away the flesh it touches; scraped off the first round, then frozen, "
        "burned or cut away; left 6+1d4 rounds, the victim becomes green jelly. Named on a hit.",
        on_hit=(("special", "The jelly is on {target}: scrape it off this round, after that freeze, burn or cut it "
                            "away (the victim takes the same damage); in 6+1d4 rounds {target} becomes green "
                            "jelly."),)),
    "1 bite + hold: 1d6 + 1d6/round": Rule(
        "gm", "Bite 1d6; attached, it drains 1d6 a round until it or the target dies, named on a hit.",
        on_hit=_hold("bite", "The leech is attached: {target} takes 1d6 each round until one of them is dead.")),
    "2 fists: 1d8/1d8 + special": Rule(
        "gm", "Fists 1d8 each; a metal weapon that hits it may stick (a save vs. Spells avoids), named each time.",
        each_time="A non-magical metal weapon striking the iron statue sticks fast until it is destroyed; the "
                  "wielder saves vs. Spells to avoid it."),
    "1 tongue or 1 bite: grab or 2d6": Rule(
        "gm", "Tongue (no damage) or bite 2d6, each its own attack; a tongue hit drags the prey in, bitten with "
        "no roll every round after, named then.",
        on_hit=(("tongue", "The tongue drags {target} to the mouth: the bite hits with no roll next round and every "
                           "round after."),)),
    "2 claws/1 bite or 1d8 spikes (180' range): 1d4/1d4/2d4 or 1d6 per spike": Rule(
        "gm", "Claws 1d4 each and bite 2d4, or the tail spikes as their own attack: 1d8 spikes at 1d6 each (24 "
        "in all), named on a hit for the GM to roll.",
        on_hit=(("1d8 spikes (180' range)", "The GM rolls 1d8 spikes, 1d6 damage each (24 in the tail, 1d6 regrown "
                                            "a day)."),)),
    "1 snakebite + gaze: 1d6+poison + petrification": Rule(
        "gm", "The snakes bite as one, 1d6 with poison (a save vs. Poison or death in a turn), named on a hit; the "
        "gaze (a save vs. Petrification) named each time.",
        on_hit=(_poison("snakebite", "Poison: {target} saves vs. Poison or dies within a turn."),),
        each_time="The medusa's gaze: anyone meeting it saves vs. Petrification or is turned to stone (a surprised "
                  "foe meets it)."),
    "1 touch + disease: 1d12 + disease": Rule(
        "gm", "Touch 1d12; mummy rot (no healing, natural or magical, until cure disease), named on a hit; the "
        "rulebook gives no save.",
        on_hit=(("touch", "Mummy rot: {target} regains no hit points, by rest or magic, until cured by cure "
                          "disease."),)),
    "1 bite per pack: 1d6 + disease": Rule(
        "gm", "A pack's bite 1d6; disease on 5% of bites, named on a hit for the GM to roll.",
        on_hit=(("bite per pack", "Disease: 5% a bite (the GM rolls d%): sick in 3d6 hours, then −1 Constitution "
                                  "an hour, a save vs. Death Ray after each to break the fever."),)),
    "1 bite: 1d4 + disease": Rule(
        "gm", "Bite 1d4; disease on 5% of bites, named on a hit for the GM to roll.",
        on_hit=(("bite", "Disease: 5% a bite (the GM rolls d%): sick in 3d6 hours, then −1 Constitution an hour, a "
                         "save vs. Death Ray after each to break the fever."),)),
    "2 legs/1 bite: grab/grab/2d8": Rule(
        "gm", "Two legs (no damage) and a bite 2d8; a leg that hits holds the victim, bitten with no roll each "
        "round after; named then.",
        on_hit=(("leg", "{target} is stuck to the leg: drawn in and bitten for 2d8 with no roll each round after, "
                        "until freed (an open doors roll)."),)),
    "1 bite: special": Rule(
        "gm", "The grub burrows in, named on a hit: noticed with a save vs. Death Ray plus the Wisdom bonus; fire "
        "or a cut kills it in the first two rounds, then only cure disease; the heart in 1d3 turns.",
        on_hit=(("bite", "A rot grub burrows into {target}: noticed on a save vs. Death Ray plus the Wisdom bonus; "
                         "fire or a cut kills it in the first two rounds, after that only cure disease (the heart "
                         "in 1d3 turns)."),)),
    "2 claws/1 bite + heat: 1d4/1d4/1d8 + 1d8/round": Rule(
        "gm", "Claws 1d4 each, bite 1d8; its heat, named each time: 1d8 a round to all not resistant within 20'.",
        each_time=_AURA.format(which="flame", what="heat", resist="fire")),
    "4 claws/1 bite + cold: 1d6/1d6/1d6/1d6/2d6 + 1d8/round": Rule(
        "gm", "Four claws 1d6 each, bite 2d6; its cold, named each time: 1d8 a round to all not resistant within "
        "20'.", each_time=_AURA.format(which="frost", what="cold", resist="cold")),
    "2 bites + lightning: 2d4 bite, 1d8/round lightning": Rule(
        "gm", "Two bites 2d4 each; its lightning, named each time: 1d8 a round to all not resistant within 20'.",
        each_time=_AURA.format(which="lightning", what="lightning", resist="lightning")),
    "1 bite + special, see below: 1d6 + petrification": Rule(
        "gm", "Bite 1d6; a save vs. Petrify or stone, named on a hit.",
        on_hit=(("bite", "{target} saves vs. Petrify or is turned to stone."),)),
    "2 claws/1 stinger: 1d10/1d10/1d6 + poison": Rule(
        "gm", "Claws 1d10 each, stinger 1d6 with poison (a save vs. Poison or death), named on a hit.",
        on_hit=(_poison("stinger"),)),
    "1 touch: 1d4 + 1 point Strength loss": Rule(
        "gm", "Touch 1d4 and 1 Strength drained, named on a hit (2 or less: helpless; 0: dead, rising as a shadow; "
        "back at 1 a turn).",
        on_hit=(("touch", "{target} loses 1 Strength (at 2 or less cannot move, at 0 dies and rises as a shadow; "
                          "1 point comes back each turn)."),)),
    "2 bites: 1d6/1d6 + poison": Rule(
        "gm", "Two bites 1d6 each, at one or two foes; the poison named on a hit (one save a round, however many "
        "bites).", on_hit=(_poison("bite", "Poison: {target} saves vs. Poison or dies (one save this round, "
                                           "however many bites)."),)),
    "Special: None": Rule(
        "gm", "No attack: it shrieks, and the GM checks for wandering monsters each round it does.",
        on_hit=(("Special", "The shrieker does no harm: it wails, and the GM checks for wandering monsters each "
                            "round."),)),
    "1 bite: 1d8 + poison": Rule(
        "gm", "Bite 1d8; its poison, named on a hit: for a giant rattlesnake or crab spider, a save vs. Poison or "
        "death; a giant tarantula's makes its victim dance (the GM's, from its entry).",
        on_hit=(_poison("bite", "Poison: {target} saves vs. Poison, or dies (a giant rattlesnake, a giant crab "
                                "spider) or dances 2d10 rounds at −4 (a giant tarantula)."),)),
    "1 bite: 1d4 + poison": Rule("gm", "Bite 1d4; a save vs. Poison or death, named on a hit.",
                                 on_hit=(_poison("bite"),)),
    "1 bite: 1 + poison": Rule(
        "gm", "Bite 1 point (the victim notices it half the time); a save vs. Poison at −4 or death, named on a "
        "hit.", on_hit=(_poison("bite", "Poison: {target} saves vs. Poison at −4 or dies (and notices the bite "
                                        "only half the time)."),)),
    "1 bite or 1 spit: 1d4 + poison or blindness": Rule(
        "gm", "Bite 1d4 or spit, each its own attack; the bite's poison (a save vs. Poison or death) and the "
        "spit's blinding (a save vs. Poison or blind for good), named on a hit.",
        on_hit=(_poison("bite"), ("spit", "{target} saves vs. Poison or is blinded for good (cure blindness "
                                          "heals it)."))),
    "1 touch: Energy drain 2 levels/touch": Rule(
        "gm", "No damage roll: each touch drains two levels, named on a hit.",
        on_hit=(("touch", "Energy drain: {target} loses two levels."),)),
    "1 bite: 2d6 + poison": Rule("gm", "Bite 2d6; a save vs. Poison at −2 or death, named on a hit.",
                                 on_hit=(_poison("bite", "Poison: {target} saves vs. Poison at −2 or dies."),)),
    "1 dagger or 1 spell: 1d4 or per spell": Rule(
        "alternative", "Dagger 1d4 or a spell, each its own attack; the spell's effect is the GM's."),
    "1 bite: 1d4 + 1d4/round blood drain": Rule(
        "gm", "Bite 1d4; attached, it drains 1d4 a round until killed, named on a hit.",
        on_hit=_hold("bite", "The stirge is attached: {target} loses 1d4 blood each round until it is killed.")),
    "1 entangle + special: 1d8 entangle + special": Rule(
        "gm", "Entangle 1d8; the victim held takes 1d8 a round after, breaking free with a save vs. Death Ray "
        "plus the Strength bonus (a full action), named on a hit.",
        on_hit=(("entangle", "{target} is entangled: 1d8 each round after; breaking free takes a save vs. Death "
                             "Ray plus the Strength bonus, as the whole action."),)),
    "6 tentacles: paralysis": Rule(
        "gm", "Six tentacles with no damage; each hit: a save vs. Paralysis or paralysed for 2d4 turns, named then.",
        on_hit=(("tentacle", "Paralysis: {target} saves vs. Paralysis or is paralysed for 2d4 turns."),)),
    "2 hooves/1 horn (+3 attack bonus): 1d8/1d8/1d6+3": Rule(
        "gm", "Hooves 1d8 each, horn 1d6+3. The line gives the horn \"+3 attack bonus\": we roll it with the "
        "unicorn's own bonus and name the +3 to the GM (the line is unclear whether it is on top).",
        on_hit=(("horn", "The line gives the horn +3 to hit: the GM may count it."),)),
    "1 weapon or special: 1d8 or by weapon or special": Rule(
        "gm", "Weapon 1d8 (or by weapon); the charming gaze and the draining bite named each time.",
        each_time="The vampire's gaze charms (a save vs. Spells at −2); its bite on a charmed victim does 1d3, "
                  "then drains a level each round."),
    "1 spray: Stun": Rule(
        "gm", "No damage: a hit stuns unless the target saves vs. Poison, named then.",
        on_hit=(("spray", "{target} saves vs. Poison or is stunned: no move and no action for the rest of this "
                          "round and all of the next."),)),
    "1 bite + hold: 2d4 + 2d4 per round": Rule(
        "gm", "Bite 2d4; it keeps its grip, 2d4 a round until one of them dies, named on a hit.",
        on_hit=_hold("bite", "The weasel keeps its grip: {target} takes 2d4 each round until one of them is dead.")),
    "1 bite or special: 3d20": Rule(
        "alternative", "Bite 3d20; instead of biting, a sound blast (no roll to hit; a save vs. Death Ray or "
        "stunned 1d4 rounds) is named beside the damage."),
    "1 touch: Energy drain (1 level)": Rule(
        "gm", "No damage roll: a touch drains one level, named on a hit.",
        on_hit=(("touch", "Energy drain: {target} loses one level."),)),
    "1 touch: 1d6 + energy drain (1 level)": Rule(
        "gm", "Touch 1d6 and a level drained, named on a hit.",
        on_hit=(("touch", "Energy drain: {target} loses one level."),)),
    "1 bite/1 stinger or 2 talons/1 stinger: 2d8/1d6 + poison or 1d10/1d10/1d6 + poison": Rule(
        "gm", "Bite 2d8 and stinger 1d6, or (each its own attack) talons 1d10 each and stinger; the sting's poison "
        "(a save vs. Poison or death) named on a hit.", on_hit=(_poison("stinger"),)),
    "Special: See below": Rule(
        "gm", "No attack roll of its own: disturbed, it puffs spores once a day; all within 10' save vs. Death Ray "
        "or take 1d8 a round for 6 rounds. Named on a hit.",
        on_hit=(("Special", "Spores: everyone within 10' saves vs. Death Ray or takes 1d8 a round for 6 rounds "
                            "(once a day)."),)),
}
