"""The Basic Fantasy monsters a fight can start from: the figures a fight uses, transcribed
from the rulebook's 248 monster stat lines (Basic Fantasy Role-Playing Game, 4th edition,
release 128, by Chris Gonnerman and contributors, CC BY-SA 4.0, as published in the public
``jmhimara/bfrpg`` repository, ``monsters.json``; see docs/credits.md).

Each row: name, Armor Class, hit dice, attack bonus where the line gives one (else it follows
from the hit dice: :func:`attack_bonus`), morale, movement, attacks with their damage, and what
the line says beyond a plain figure (``notes``: another AC unarmoured, "(m)" for magic weapons
needed, a range of hit dice, a second morale score). Hit dice read "4" (4d8), "3+2" (3d8 + 2),
"1-1" (1d8 − 1), "1/2" (1d4 hit points, under one hit die) or "1hp" (1 hit point); a range
("1 to 4") is transcribed as its first figure, the range kept in the notes. An AC the line
gives no number for is ``None`` (the fight's form default applies); every monster has hit dice,
a morale, a movement and its attacks. Morale "N/A" (mindless) is transcribed as 12, which never
fails.

Several monsters share one block of columns (the ants, cattle, crocodiles, the elementals by
how they were summoned, elephants, mammoths, ostrich and emu, rhinos, rocs, trollkin): a cell
printed once across the columns, or as "-same-", is read as the figure it repeats, and a
comment above the rows says which. The blocks headed "Elemental, Cold" and "Elemental, Wood"
repeat the Earth columns' labels; they are named by their heading, so every name is distinct.

>>> goblin = MONSTERS["goblin"]
>>> goblin.ac, goblin.hit_dice, goblin.morale, attack_bonus(goblin.hit_dice)
(14, '1-1', 7, 0)
>>> hit_dice_roll("3+2"), hit_dice_roll("1/2"), hit_dice_roll("1hp")
((3, 8, 2), (1, 4, 0), (0, 0, 1))
>>> len(MONSTERS)
248
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Monster(NamedTuple):
    key: str
    name: str
    ac: int | None
    hit_dice: str
    given_attack_bonus: int | None
    morale: int
    movement: str
    attacks: str
    notes: str


# name, AC, hit dice, attack bonus (where given), morale, movement, attacks: damage, notes
_ROWS: tuple[tuple[str, int | None, str, int | None, int, str, str, str], ...] = (
    # The three ants are one block: "1 bite" and the morale are printed once, in the Giant ant's column.
    ('Ant, Giant', 17, '4', None, 7, "60' (10')", '1 bite: 2d6', 'morale 7 on first sighting, 12 after engaged'),
    ('Ant, Huge', 15, '2', None, 7, "50'", '1 bite: 1d10', 'morale 7 on first sighting, 12 after engaged'),
    ('Ant, Large', 13, '1', None, 7, "40'", '1 bite: 1d6', 'morale 7 on first sighting, 12 after engaged'),
    ('Antelope', 13, '1', None, 5, "80' (10')", '1 butt: 1d4 or 1d6 or 1d8', 'hit dice 1 to 4; morale 5 (7)'),
    ('Ape, Carnivorous', 14, '4', None, 7, "40'", '2 claws: 1d4/1d4', ''),
    ('Barkling', 15, '1/2', None, 7, "20' Unarmored, 40'", '1 bite or 1 weapon: 1d4 bite, or by weapon', 'AC 15 (11); morale 7 (9)'),
    ('Basilisk, Common', 16, '6', None, 9, "20' (10')", '1 bite/1 gaze: 1d10/petrification', ''),
    ('Basilisk, Greater', 17, '8', None, 10, "20' (10')", '1 bite/ 1 gaze: 1d12 + poison, bite, petrification gaze', ''),
    ('Bat', 14, '1hp', None, 6, "30' Fly 40'", '1 special: Confusion', ''),
    ('Giant Bat', 14, '2', None, 8, "10' Fly 60' (10')", '1 bite: 1d4', ''),
    ('Bear, Black', 14, '4', None, 7, "40'", '2 claws/1 bite + hug: 1d4/1d4/1d6 + 2d6 hug', ''),
    ('Bear, Cave', 15, '7', None, 9, "40'", '2 claws/1 bite + hug: 1d8/1d8/2d6 + 2d8 hug', ''),
    ('Bear, Grizzly (or Brown)', 14, '5', None, 8, "40'", '2 claws/1 bite + hug: 1d4/1d4/1d8 + 2d8 hug', ''),
    ('Bear, Polar', 14, '6', None, 8, "40'", '2 claws/1 bite + hug: 1d6/1d6/1d10 + 2d8 hug', ''),
    ('Bee, Giant', 13, '1/2', None, 9, "10' Fly 50'", '1 sting: 1d4 + poison', ''),
    ('Beetle, Giant Bombardier', 16, '2', None, 8, "40'", '1 bite + special: 1d6 + special', ''),
    ('Beetle, Giant Fire', 16, '1+2', None, 7, "40'", '1 bite: 2d4', ''),
    ('Beetle, Giant Oil', 16, '2', None, 8, "40'", '1 bite + spray (see below): 2d4 bite, special spray', ''),
    ('Beetle, Giant Tiger', 17, '3+1', None, 9, "60' (10')", '1 bite: 2d6', ''),
    ('Blink Dog', 15, '4', None, 6, "40'", '1 bite: 1d6', ''),
    ('Blood Rose', 13, '2', None, 12, "1'", '1 to 3 + blood drain: 1d6, 1d6/round blood drain', 'hit dice 2 to 4'),
    ('Boar', 13, '3', None, 9, "50' (10')", '1 tusk: 2d4', ''),
    ('Bugbear', 15, '3+1', None, 9, "30' Unarmored 40'", '1 weapon: 1d8+1 or by weapon +1', 'AC 15 (13)'),
    ('Caecilia, Giant', 14, '6', None, 9, "20' (10')", '1 bite + swallow on 19/20: 1d8 + 1d8/round if swallowed', ''),
    ('Cattle', 14, '2+2', None, 5, "50' (10')", '1 horn/head butt or 1 trample: 1d4 butt, 2d4 trample', 'morale 5 (8)'),
    # Aurochs and bison print their attacks as "-Same-": the Cattle's, beside them.
    ('Aurochs', 16, '3', None, 7, "50' (10')", '1 horn/head butt or 1 trample: 1d4 butt, 2d4 trample', 'morale 7 (9)'),
    ('Bison', 16, '4', None, 7, "50' (10')", '1 horn/head butt or 1 trample: 1d4 butt, 2d4 trample', 'morale 7 (9)'),
    ('Cave Locust, Giant', 16, '2', None, 5, "20' Fly 60' (15')", '1 bite or 1 bump or 1 spit: 1d2 or 1d4* or special', ''),
    ('Caveman', 12, '2', None, 7, "40'", '1 weapon: 1d8 or weapon + 1', ''),
    ('Centaur', 15, '4', None, 8, "50' Unarmored 60' (10')", '2 hooves/1 weapon: 1d6/1d6/1d6 or by weapon', 'AC 15 (13)'),
    ('Centipede, Giant', 11, '1/2', None, 7, "40'", '1 bite: poison bite', ''),
    ('Cheetah', 14, '2', None, 7, "100'", '2 claws/1 bite: 1d4/1d4/2d4', ''),
    ('Chimera', 16, '9', 8, 9, "40' (10') Fly 60' (15')", '2 claws, 1 lion bite, 1 goat horns,1 dragon bite or breath: 1d4 claw, 2d4 bite (lion or dragon), 1d8 horns (goat), 3d4 dragon breath', ''),
    ('Cockatrice', 14, '5', None, 7, "30' Fly 60' (10')", '1 beak + special: 1d6 + petrification', ''),
    ('Crab, Giant', 18, '3', None, 7, "20' Swim 20'", '2 pincers: 2d6/2d6', ''),
    ('Normal Crocodile', 15, '2', None, 7, "30' (10') Swim 30' (10')", '1 bite: 1d8', ''),
    # "-Same-" movement: the Normal Crocodile's.
    ('Large Crocodile', 17, '6', None, 8, "30' (10') Swim 30' (10')", '1 bite: 2d8', ''),
    ('Giant Crocodile', 19, '15', 11, 9, "30' (10') Swim 30' (10')", '1 bite: 3d8', ''),
    ('Common Deceiver', 16, '6', None, 8, "50'", '3 bites: 1d6 snake bite, 1d8 panther bite', ''),
    ('Greater Deceiver', 16, '7', None, 9, "40'", '3 bites: 1d6 + poison snake bite, 2d6 panther bite', ''),
    ('Dinosaur, Deinonychus', 15, '3', None, 8, "50'", '1 bite: 1d8', ''),
    ('Pterodactyl', 12, '1', None, 7, "Fly 60' (10')", '1 bite: 1d4', ''),
    ('Pteranodon', 13, '5', None, 8, "Fly 60' (15')", '1 bite: 2d6', ''),
    ('Dinosaur, Stegosaurus', 17, '11', 9, 7, "20' (15')", '1 tail/1 bite or 1 trample: 2d8/1d6 or 2d8', ''),
    ('Dinosaur, Triceratops', 19, '11', 9, 8, "30' (15')", '1 gore or 1 trample: 3d6 or 3d6 (special, see below)', ''),
    ('Dinosaur, Tyrannosaurus Rex', 23, '18', 12, 11, "40' (10')", '1 bite: 6d6', ''),
    ('Djinni', 15, '7+1', None, 12, "30' Fly 80'", '1 fist or 1 whirlwind: 2d8 or 2d6', 'AC 15 (m); morale 12 (8)'),
    ('Normal Dog', 14, '1+1', None, 9, "50'", '1 bite: 1d4 + hold', ''),
    ('Riding Dog', 14, '2', None, 9, "50'", '1 bite: 1d4+1 + hold', ''),
    ('Doppleganger', 15, '4', None, 10, "30'", '1 fist or Weapon: 1d12 or by weapon', ''),
    ('Dragon, Swamp', 18, '7', None, 8, "30' Fly 80' (15')", '2 claws/1 bite or breath/1 tail: 1d6/1d6/2d10 or breath/1d6', ''),
    ('Dragon, Desert', 20, '9', 8, 9, "30' Fly 80' (15')", '2 claws/1 bite or breath/1 tail: 1d8/1d8/3d8 or breath/1d8', ''),
    ('Dragon, Plains', 16, '5', None, 8, "50' Fly 80' (10')", '2 claws, 1 bite or breath, 1 tail: 1d6 claw, 2d10 or breath, 1d8 tail', ''),
    ('Dragon, Forest', 19, '8', None, 8, "30' Fly 80' (15')", '2 claws/1 bite or breath/1 tail: 1d6/1d6/3d8 or breath/1d6', ''),
    ('Dragon, Mountain', 21, '10', 9, 8, "30' Fly 80' (20')", '2 claws/1 bite or breath/1 tail: 1d8/1d8/4d8 or breath/1d8', ''),
    ('Dragon, Sea', 19, '8', None, 8, "10' Fly 60' (20') Swim 60' (15')", '2 claws/1 bite or breath: 1d6/1d6/3d8 or breath', ''),
    ('Dragon, Ice', 17, '6', None, 8, "30' Fly 80' (10')", '2 claws/1 bite or breath/1 tail: 1d4/1d4/2d8 or breath/1d4', ''),
    ('Dragon Turtle', 22, '30', None, 10, "10' (10') Swim 30' (15')", '2 claws/1 bite or breath: 2d8/2d8/10d6 or 30d8', ''),
    ('Dragon, Cloud', 22, '11', 9, 10, "30' Fly 80' (20')", '2 claws, 1 bite or breath, 1 tail: 2d4 claw, 6d6 bite or breath, 2d4 tail', ''),
    ('Dryad', 15, '2', None, 6, "40'", '1 dagger or fist: 1d4', ''),
    ('Eagle', 13, '2', None, 8, "10' fly 160 (10')'", '2 talons, 1 beak: 1d6/1d6/1d4', ''),
    ('Eagle, Giant', 15, '4', None, 7, "10' fly 90'", '2 claws, 1 bite: 1d6/1d6/1d8', 'morale 7 (12 if defending a nest)'),
    ('Efreeti', 21, '10', 9, 12, "30' Fly 80' (10')", '1: 2d8 or special', 'AC 21 (m); morale 12 (9)'),
    ('Staff Elemental, Air', 18, '8', None, 10, "Fly 120'", 'special: 1d12', 'AC 18 (m)'),
    ('Device Elemental, Air', 20, '12', 10, 10, "Fly 120'", 'special: 2d8', 'AC 20 (m)'),
    ('Spell Elemental, Air', 22, '16', 12, 10, "Fly 120'", 'special: 3d6', 'AC 22 (m)'),
    # The block under the heading "Elemental, Cold" repeats the Earth columns' labels: it is the cold
    # elemental (its text follows), named so here.
    ('Staff Elemental, Cold', 18, '8', None, 10, "40'", '1: 1d12', 'AC 18 (m)'),
    ('Device Elemental, Cold', 20, '12', 10, 10, "40'", '1: 2d8', 'AC 20 (m)'),
    ('Spell Elemental, Cold', 22, '16', 12, 10, "40'", '1: 3d6', 'AC 22 (m)'),
    # Earth, fire and water print movement and morale once across the staff, device and spell columns.
    ('Staff Elemental, Earth', 18, '8', None, 10, "20' (10')", '1: 1d12', 'AC 18 (m)'),
    ('Device Elemental, Earth', 20, '12', 10, 10, "20' (10')", '1: 2d8', 'AC 20 (m)'),
    ('Spell Elemental, Earth', 22, '16', 12, 10, "20' (10')", '1: 3d6', 'AC 22 (m)'),
    ('Staff Elemental, Fire', 18, '8', None, 10, "40' Fly 30'", '1: 1d12', 'AC 18 (m)'),
    ('Device Elemental, Fire', 20, '12', 10, 10, "40' Fly 30'", '1: 2d8', 'AC 20 (m)'),
    ('Spell Elemental, Fire', 22, '16', 12, 10, "40' Fly 30'", '1: 3d6', 'AC 22 (m)'),
    ('Staff Elemental, Lightning', 19, '8', None, 10, "40' Fly 80'", 'special: 1d12', 'AC 19 (m)'),
    ('Device Elemental, Lightning', 21, '12', 10, 10, "40' Fly 80'", 'special: 2d8', 'AC 21 (m)'),
    ('Spell Elemental, Lightning', 23, '16', 12, 10, "40' Fly 80'", 'special: 3d6', 'AC 23 (m)'),
    ('Staff Elemental, Metal', 19, '8', None, 10, "20' (10')", '1: 1d12', 'AC 19 (m)'),
    ('Device Elemental, Metal', 21, '12', 10, 10, "20' (10')", '1: 2d8', 'AC 21 (m)'),
    ('Spell Elemental, Metal', 23, '16', 12, 10, "20' (10')", '1: 3d6', 'AC 23 (m)'),
    ('Staff Elemental, Water', 18, '8', None, 10, "20' (15') Swim 60'", '1: 1d12', 'AC 18 (m)'),
    ('Device Elemental, Water', 20, '12', 10, 10, "20' (15') Swim 60'", '1: 2d8', 'AC 20 (m)'),
    ('Spell Elemental, Water', 22, '16', 12, 10, "20' (15') Swim 60'", '1: 3d6', 'AC 22 (m)'),
    # Under the heading "Elemental, Wood", again with the Earth columns' labels: the wood elemental.
    ('Staff Elemental, Wood', 17, '8', None, 10, "40'", '1: 1d12', 'AC 17 (m)'),
    ('Device Elemental, Wood', 19, '12', 10, 10, "40'", '1: 2d8', 'AC 19 (m)'),
    ('Spell Elemental, Wood', 21, '16', 12, 10, "40'", '1: 3d6', 'AC 21 (m)'),
    ('Asiatic Elephant', 16, '9', 8, 8, "40' (10')", '2 tusks, 1 trunk grab, 2 tramples: 2d4 tusk, 2d6 grab, 2d8 trample', ''),
    # Attacks and damage printed "-same-": the Asiatic elephant's.
    ('African Elephant', 18, '10', 9, 8, "50' (15')", '2 tusks, 1 trunk grab, 2 tramples: 2d4 tusk, 2d6 grab, 2d8 trample', ''),
    ('Falcon', 11, '1/2', None, 8, "10' fly 160' (10')", '2 talons, 1 beak: 1d4 talon, 1d4 beak', ''),
    ('Huge Barracuda', 16, '5', None, 8, "Swim 60'", '1 bite: 2d6', ''),
    ('Giant Barracuda', 15, '9', 8, 10, "Swim 60' (10')", '1 bite: 2d8+1', ''),
    ('Fish, Giant Bass', 13, '2', None, 8, "Swim 40' (10')", '1 bite: 1d6', ''),
    ('Fish, Giant Catfish', 16, '8', None, 8, "Swim 30' (10')", '1 bite/2 fins: 2d8/1d4+poison/1d4+poison', ''),
    ('Fish, Giant Piranha', 15, '4', None, 7, "Swim 50'", '1 bite: 1d8', 'morale 7 (11)'),
    ('Fly, Giant', 14, '2', None, 8, "30' Fly 60'", '1 bite: 1d8', ''),
    ('Frog, Giant (and Toad, Giant)', 13, '2', None, 6, "30' Swim 30'", '1 tongue or 1 bite: grab or 1d4+1', ''),
    ('Gargoyle', 15, '4', None, 11, "30' Fly 50' (15')", '2 claws/1 bite/1 horn: 1d4/1d4/1d6/1d4', 'AC 15 (m)'),
    ('Ghost', 20, '10', 9, 10, "30'", '1 touch/1 gaze: 1d8 + special', 'AC 20 (m)'),
    ('Ghoul', 14, '2', None, 9, "30'", '2 claws, 1 bite: 1d4 all + paralysis', ''),
    ('Ghast', 15, '2', None, 9, "30'", '2 claws, 1 bite: 1d4 all + paralysis + stench', ''),
    ('Giant, Cloud', 19, '12+3', 10, 10, "20' Unarmored 40' (10')", '1 giant weapon or 1 thrown rock: 6d6 or 3d6', 'AC 19 (13)'),
    ('Giant, Cyclops', 15, '13', 10, 9, "20' Unarmored 30'", '1 giant club or 1 rock (thrown): 3d10 or 3d6', 'AC 15 (13)'),
    ('Giant, Fire', 17, '11+2', 9, 9, "20' Unarmored 40' (10')", '1 giant weapon or 1 thrown rock: 5d6 or 3d6', 'AC 17 (13)'),
    ('Giant, Frost', 17, '10+1', 9, 9, "20' Unarmored 40' (10')", '1 giant weapon or 1 thrown rock: 4d6 or 3d6', 'AC 17 (13)'),
    ('Giant, Hill', 15, '8', None, 8, "30' Unarmored 40'", '1 giant weapon (club): 2d8', 'AC 15 (13)'),
    ('Giant, Mountain', 15, '16', 12, 10, "40', Unarmored 50' (10')", '1 giant weapon or 1 thrown rock: 7d6 (8d6) weapon, 4d6 rock', 'AC 15 (13)'),
    ('Giant, Stone', 17, '9', 8, 9, "30' Unarmored 40'", '1 stone club or 1 thrown rock: 3d6 or 3d6', 'AC 17 (15)'),
    ('Giant, Storm', 19, '15', 11, 10, "30' Unarmored 50' (10')", '1 giant weapon or 1 lightning bolt: 8d6 or 15d6', 'AC 19 (13)'),
    ('Gnoll', 15, '2', None, 8, "30' Unarmored 40'", '1 weapon: 2d4 or by weapon +1', 'AC 15 (13)'),
    ('Gnome', 15, '1', None, 8, "20' Unarmored 40'", '1 weapon: 1d6 or by weapon', 'AC 15 (11)'),
    ('Goblin', 14, '1-1', None, 7, "20' Unarmored 30'", '1 weapon: 1d6 or by weapon', 'AC 14 (11); morale 7 or see below'),
    ('Golem, Amber', 21, '10', 9, 12, "60'", '2 claws/1 bite: 2d6/2d6/2d10', 'AC 21 (m)'),
    ('Golem, Bone', 19, '8', None, 12, "40' (10')", '4 weapons: 1d6/1d6/1d6/1d6 or by weapon', 'AC 19 (m)'),
    ('Golem, Bronze', 20, '20', 13, 12, "80' (10')", '1 fist + special: 3d10 + special', 'AC 20 (m)'),
    ('Golem, Clay', 22, '11', 9, 12, "20'", '1 fist: 3d10', 'AC 22 (m)'),
    ('Golem, Flesh', 20, '9', 8, 12, "30'", '2 fists: 2d8/2d8', 'AC 20 (m)'),
    ('Golem, Iron', 25, '17', 12, 12, "20' (10')", '1 + special: 4d10 + special', 'AC 25 (m)'),
    ('Golem, Stone', 25, '14', 11, 12, "20' (10')", '1 + special: 3d8 + special', 'AC 25 (m)'),
    ('Golem, Wood', 13, '2+2', None, 12, "40'", '1 fist: 1d8', 'AC 13 (m)'),
    ('Gorgon', 19, '8', None, 8, "40' (10')", '1 gore or 1 breath: 2d6 or petrification breath', ''),
    ('Griffon', 18, '7', None, 8, "40' (10') Fly 120' (10')", '2 claws/1 bite: 1d4/1d4/2d8', ''),
    ('Hangman Tree', 16, '5', None, 12, '0', '4 limbs + strangle: 1d6 per limb o + 1d6/round strangle', ''),
    ('Harpy', 13, '2', None, 7, "20' Fly 50' (10')", '2 claws/1 weapon + special: 1d4/1d4/1d6 or by weapon + special', ''),
    ('Normal Hawk', 12, '1/2', None, 7, "Fly 160'", '1 claw or bite: 1d2', ''),
    ('Giant Hawk', 14, '4', None, 8, "Fly 150' (10')", '1 claw or bite: 1d6', ''),
    ('Hellhound', 14, '3', None, 9, "40'", '1 bite or 1 breath: 1d6 or 1d6 per Hit Die', 'AC 14 to 18; hit dice 3 to 7'),
    ('Hippogriff', 15, '3', None, 8, "60' (10') Fly 120' (10')", '2 claws/1 bite: 1d6/1d6/1d10', ''),
    ('Hobgoblin', 14, '1', None, 8, "30' Unarmored 40'", '1 weapon: 1d8 or by weapon', 'AC 14 (11)'),
    ('Hydra', 16, '5', 10, 9, "40' (10')", '5 to 12 bites: 1d10 per bite', 'AC 16 to 23; hit dice 5 to 12 (+10)'),
    ('Hyena', 13, '2+1', None, 8, "60'", '1 bite: 1d6', ''),
    ('Hyenodon', 13, '3+1', None, 8, "40'", '1 bite: 1d8', ''),
    ('Insect Swarm', None, '2', None, 11, "10' Fly 20'", '1 swarm: 1d3 (double against no armor)', 'AC Immune to normal weapons, including most magical types; hit dice 2 to 4'),
    ('Invisible Stalker', 19, '8', None, 12, "40'", '1: 4d4', ''),
    ('Ironbane', 15, '3', None, 8, "50'", '1 touch: special', ''),
    ('Jaguar', 16, '4', None, 8, "70' Swim 30'", '2 claws/1 bite: 1d4/1d4/2d4', ''),
    ('Jelly, Black', 14, '10', 9, 12, "20'", '1 pseudopod: 3d8', ''),
    ('Jelly, Glass', 12, '4', None, 12, "20'", '1: 2d4 + paralysis', ''),
    ('Jelly, Gray', 12, '3', None, 12, "1'", '1 pseudopod: 2d8', ''),
    ('Jelly, Green', 12, '2', None, 12, "1'", '1 special: special', 'AC 12 (only hit by fire or cold)'),
    ('Jelly, Ochre', 12, '5', None, 12, "10'", '1 pseudopod: 2d6', 'AC 12 (only hit by fire or cold)'),
    ('Kobold', 13, '1/2', None, 6, "20' Unarmored 30'", '1 weapon: 1d4 or by weapon', 'AC 13 (11)'),
    ('Leech, Giant', 17, '6', None, 10, "30'", '1 bite + hold: 1d6 + 1d6/round', ''),
    ('Leopard (Panther)', 16, '4', None, 8, "60' (10')", '2 claws, 1 bite: 1d4 claw, 2d4 bite', ''),
    ('Lion', 14, '5', None, 9, "50'", '2 claws/1 bite: 1d6/1d6/1d10', ''),
    ('Living Statue, Crystal', 16, '3', None, 12, "30'", '2 fists: 1d6/1d6', ''),
    ('Living Statue, Iron', 18, '4', None, 12, "10'", '2 fists: 1d8/1d8 + special', ''),
    ('Living Statue, Stone', 16, '5', None, 12, "20'", '2 lava sprays: 2d6/2d6', ''),
    ('Lizard, Giant Draco', 15, '4+2', None, 7, "40' Fly 70' (20', and see below)", '1 bite: 1d10', ''),
    ('Lizard, Giant Gecko', 15, '3+1', None, 7, "40' (special)", '1 bite: 1d8', ''),
    ('Lizard, Giant Horned Chameleon', 18, '5', None, 7, "40' (10')", '1 tongue or 1 bite: grab or 2d6', ''),
    ('Lizard, Giant Tuatara', 16, '6', None, 6, "40' (10')", '2 claws/1 bite: 1d4/1d4/2d6', ''),
    ('Common Lizard Man', 15, '2', None, 11, "20' Unarmored 30' Swim 40' (not armor)", '1 weapon: 1d6+1 or by weapon +1', 'AC 15 (12)'),
    ('Subterranean Lizard Man', 15, '2', None, 9, "30' Swim 40'", '2 claws, 1 bite: 1d4 claw, 1d4 bite', ''),
    ('Lycanthrope, Werebear', 18, '6', None, 10, "40'", '2 claws/1 bite + hug: 2d4/2d4/2d8 + 2d8', 'AC 18 (s)'),
    ('Lycanthrope, Wereboar', 16, '4', None, 9, "50' Human Form 40'", '1 bite: 2d6', 'AC 16 (s)'),
    ('Lycanthrope, Wererat', 13, '3', None, 8, "40'", '1 bite or 1 weapon: 1d4 or 1d6 or by weapon', 'AC 13 (s)'),
    ('Lycanthrope, Weretiger', 17, '5', None, 9, "50' Human Form 40'", '2 claws/1 bite: 1d6/1d6/2d6', 'AC 17 (s)'),
    ('Lycanthrope, Werewolf', 15, '4', None, 8, "60' Human Form 40'", '1 bite (or 1 weapon): 2d4 (1d6 or by weapon)', 'AC 15 (s)'),
    ('Manticore', 18, '6+1', None, 9, "40' Fly 60' (10')", "2 claws/1 bite or 1d8 spikes (180' range): 1d4/1d4/2d4 or 1d6 per spike", ''),
    ('Mammoth', 17, '15', 11, 8, "40' (15')", '2 tusks, 1 trunk grab, 2 tramples: 3d6 tusk, 2d6 trunk, 2d8 trample', ''),
    # Attacks printed "-same-": the Mammoth's (its own damage is printed).
    ('Mastodon', 18, '15', 11, 8, "50' (15')", '2 tusks, 1 trunk grab, 2 tramples: 2d6 tusk, 2d4 trunk, 2d8 trample', ''),
    ('Medusa', 12, '4', None, 8, "30'", '1 snakebite + gaze: 1d6+poison + petrification', ''),
    ('Mermaid', 12, '1', None, 8, "Swim 40'", '1 weapon: 1d6 or by weapon', ''),
    ('Minotaur', 14, '6', None, 11, "30' Unarmored 40'", '1 gore/1 bite or 1 weapon: 1d6/1d6 , 1d6+2 or by weapon + 2', 'AC 14 (12)'),
    ('Mountain Lion', 14, '3+2', None, 8, "50'", '2 claws/1 bite: 1d4/1d4/1d6', ''),
    ('Mummy', 17, '5', None, 12, "20'", '1 touch + disease: 1d12 + disease', 'AC 17 (m) (see below)'),
    ('Nixie', 16, '1', None, 6, "40' Swim 40'", '1 dagger: 1d4', ''),
    ('Octopus, Giant', 19, '8', None, 7, "Swim 30'", '8 tentacles/1 bite: 1d4 per tentacle/1d6', ''),
    ('Ogre', 15, '4+1', None, 10, "30' Unarmored 40'", '1 huge weapon: 2d6', 'AC 15 (12)'),
    ('Orc', 14, '1', None, 8, "30' Unarmored 40'", '1 weapon: 1d8 or by weapon', 'AC 14 (11)'),
    # Hit dice printed "3 2" in the Ostrich's column, the Emu's blank: read as 3 and 2 (each saves
    # as a fighter of that level and is worth the XP of that many hit dice).
    ('Ostrich', 14, '3', None, 8, "60'", '1 kick: 1d6', ''),
    ('Emu', 14, '2', None, 8, "50'", '1 kick: 1d4', ''),
    ('Owl', 15, '1', None, 8, "10' Fly 160' (10')", '2 talons, 1 beak: 1d4 talon, 1d4 beak', ''),
    ('Owlbear', 15, '5', None, 9, "40'", '2 claws/1 bite + 1 hug: 1d8/1d8/1d8 + 2d8', ''),
    ('Parrot (or Cockatiel)', 11, '1/2', None, 6, "10' Fly 100' (10')", '1 talon or 1 beak: 1d4 talon or 1d4 beak', ''),
    ('Pegasus', 15, '4', None, 8, "80' (10') Fly 160' (10')", '2 hooves: 1d6/1d6', ''),
    ('Pixie', 17, '1', None, 7, "30' Fly 60'", '1 dagger: 1d4', ''),
    ('Purple Worm', 16, '11', 9, 10, "20' (15') Burrow 20' (15')", '1 bite/1 sting: 2d8/1d8+poison', 'hit dice 11 (+9) to 20 (+13)'),
    ('Normal Rat', 11, '1hp', None, 5, "20' Swim 10'", '1 bite per pack: 1d6 + disease', ''),
    ('Giant Rat', 13, '1/2', None, 8, "40' Swim 20'", '1 bite: 1d4 + disease', ''),
    ('Rhagodessa, Giant', 16, '4', None, 9, "50'", '2 legs/1 bite: grab/grab/2d8', ''),
    ('Black Rhino', 17, '8', None, 6, "40' (15')", '1 butt or 1 trample: 2d6 or 2d8', ''),
    # Attacks printed only in the Black Rhino's column.
    ('Woolly Rhino', 19, '12', 10, 6, "40' (15')", '1 butt or 1 trample: 2d8 or 2d12', ''),
    # Attacks and movement printed only in the Normal Roc's column.
    ('Normal Roc', 18, '6', None, 8, "20' Fly 160' (10')", '2 claws/1 bite: 1d6/1d6/2d6', ''),
    ('Large Roc', 18, '12', 10, 9, "20' Fly 160' (10')", '2 claws/1 bite: 1d8/1d8/2d10', ''),
    ('Giant Roc', 18, '32', 16, 10, "20' Fly 160' (10')", '2 claws/1 bite: 3d6/3d6/6d6', ''),
    ('Rock Baboon', 14, '2', None, 8, "40'", '1 club or Fist /1 bite: 1d6 club or 1d4 fist/1d4 bite', ''),
    ('Rot Grub', 10, '1hp', None, 12, "5'", '1 bite: special', ''),
    ('Rust Monster', 18, '5', None, 7, "40'", '1 touch: special', ''),
    ('Sabre-Tooth Cat', 14, '8', None, 10, "50'", '2 claws/1 bite: 1d6/1d6/2d8', ''),
    ('Salamander, Flame', 19, '8', None, 8, "40'", '2 claws/1 bite + heat: 1d4/1d4/1d8 + 1d8/round', 'AC 19 (m)'),
    ('Salamander, Frost', 21, '12', 10, 9, "40'", '4 claws/1 bite + cold: 1d6/1d6/1d6/1d6/2d6 + 1d8/round', 'AC 21 (m)'),
    ('Salamander, Lightning', 20, '10', 9, 8, "40'", '2 bites + lightning: 2d4 bite, 1d8/round lightning', 'AC 20 (m)'),
    ('Salamander, Sand', 18, '7', 4, 8, "20'", '1 bite + special, see below: 1d6 + petrification', 'AC 18 (m)'),
    ('Scorpion, Giant', 15, '4', None, 11, "50' (10')", '2 claws/1 stinger: 1d10/1d10/1d6 + poison', ''),
    ('Sea Serpent', 17, '6', None, 8, "Swim 50' (10')", '1 bite: 2d6', ''),
    ('Shadow', 13, '2', None, 12, "30'", '1 touch: 1d4 + 1 point Strength loss', 'AC 13 (m)'),
    ('Shark, Bull', 13, '2', None, 7, "Swim 60' (10')", '1 bite: 2d4', ''),
    ('Shark, Great White', 19, '8', None, 8, "Swim 60' (10')", '1 bite: 2d10', ''),
    ('Shark, Mako', 15, '4', None, 7, "Swim 80'", '1 bite: 2d6', ''),
    ('Shrew, Common Giant', 16, '1', None, 10, "60'", '2 bites: 1d6/1d6', ''),
    ('Shrew, Venomous Giant', 16, '1', None, 10, "60'", '2 bites: 1d6/1d6 + poison', ''),
    ('Shrieker', 13, '3', None, 12, "5'", 'Special: None', ''),
    ('Skeleton', 13, '1', None, 12, "40'", '1 weapon: 1d6 or by weapon', 'AC 13 (see below)'),
    ('Snake, Giant Rattlesnake', 15, '2', None, 8, "40'", '1 bite: 1d8 + poison', ''),
    ('Snake, Pit Viper', 14, '1', None, 7, "30'", '1 bite: 1d4 + poison', ''),
    ('Snake, Python', 14, '5', None, 8, "30'", '1 bite/1 constrict: 1d4/2d4', ''),
    ('Snake, Sea', 14, '3', None, 7, "10' Swim 30'", '1 bite: 1 + poison', ''),
    ('Snake, Spitting Cobra', 13, '1', None, 7, "30'", '1 bite or 1 spit: 1d4 + poison or blindness', ''),
    ('Spectre', 17, '6', None, 11, "Fly 100'", '1 touch: Energy drain 2 levels/touch', 'AC 17 (m)'),
    ('Spider, Giant Black Widow', 14, '3', None, 8, "20' Web 40'", '1 bite: 2d6 + poison', ''),
    ('Spider, Giant Crab', 13, '2', None, 7, "40'", '1 bite: 1d8 + poison', ''),
    ('Spider, Giant Tarantula', 15, '4', None, 8, "50'", '1 bite: 1d8 + poison', ''),
    ('Sprite', 15, '1/2', None, 7, "20' Fly 60'", '1 dagger or 1 spell: 1d4 or by spell', ''),
    ('Squid, Giant Male', 16, '6', None, 8, "Swim 40'", '8 tentacles/1 bite: 1d4 per tentacle/1d10', ''),
    ('Squid, Giant Female', 17, '7', None, 8, "Swim 40'", '8 tentacles/1 bite: 1d4 per tentacle/1d12', ''),
    ('Stirge', 13, '1', None, 9, "10' Fly 60'", '1 bite: 1d4 + 1d4/round blood drain', ''),
    ('Strangle Vine', 15, '6', None, 12, "5'", '1 entangle + special: 1d8 entangle + special', ''),
    ('Tentacle Worm', 13, '3', None, 9, "40'", '6 tentacles: paralysis', ''),
    ('Tiger', 14, '6', None, 9, "50'", '2 claws/1 bite: 1d6/1d6/2d6', ''),
    ('Titanothere', 15, '12', 10, 7, "40' (10')", '1 butt or 1 trample: 2d6 or 3d8', ''),
    ('Treant', 19, '8', None, 9, "20'", '2 fists: 2d6/2d6', ''),
    ('Troll', 16, '6', None, 10, "40'", '2 claws/1 bite: 1d6/1d6/1d10', 'morale 10 (8)'),
    ('Trollwife', 16, '6', None, 10, "40'", '2 claws/1 bite: 1d8/1d8/2d6', 'morale 10 (8)'),
    # Attacks and morale printed once across the three ages.
    ('Trollkin, Infant', 14, '1', None, 9, "30'", '2 claws, 1 bite: 1d4 claw, 1d4 bite', 'hit dice 1 - 2; morale 9 (7)'),
    ('Trollkin, Juvenile', 15, '3', None, 9, "50'", '2 claws, 1 bite: 1d4 claw, 1d6 bite', 'hit dice 3 - 4; morale 9 (7)'),
    ('Trollkin, Adolescent', 16, '5', None, 9, "40'", '2 claws, 1 bite: 1d6 claw, 1d6 bite', 'hit dice 5 - 6; morale 9 (7)'),
    ('Box Turtle', 15, '1/2', None, 5, "5' Swim 20'", '1 bite: 1d2', ''),
    ('Snapping Turtle', 16, '1', None, 6, "5' Swim 20'", '1 bite: 1d6', ''),
    ('Unicorn', 19, '4', None, 7, "80'", '2 hooves/1 horn (+3 attack bonus): 1d8/1d8/1d6+3', ''),
    ('Alicorn', 19, '4', None, 9, "70'", '2 hooves/1 horn: 2d4/2d4/2d6', ''),
    ('Urgoblin', 14, '2', None, 9, "30' Unarmored 40'", '1 weapon: 1d8 or by weapon', 'AC 14 (11)'),
    ('Vampire', 18, '7', 8, 11, "40' Fly 60'", '1 weapon or special: 1d8 or by weapon or special', 'AC 18 to 20 (m); hit dice 7 to 9 (+8)'),
    ('Water Termite, Giant', 13, '1', None, 10, "Swim 30'", '1 spray: Stun', 'hit dice 1 to 4'),
    ('Weasel', 17, '5', None, 8, "50'", '1 bite + hold: 2d4 + 2d4 per round', ''),
    ('Whale, Killer', 17, '6', None, 10, "Swim 80' (10')", '1 bite: 2d10', ''),
    ('Whale, Narwhal', 19, '12', 10, 8, "Swim 60'", '1 horn: 2d6', ''),
    ('Whale, Sperm', 22, '36', 16, 7, "Swim 60' (20')", '1 bite or special: 3d20', ''),
    ('Wight', 15, '3', None, 12, "30'", '1 touch: Energy drain (1 level)', 'AC 15 (s)'),
    ('Normal Wolf', 13, '2', None, 8, "60'", '1 bite: 1d6', ''),
    ('Dire Wolf', 14, '4', None, 9, "50'", '1 bite: 2d4', ''),
    ('Wraith', 15, '4', None, 12, "Fly 80'", '1 touch: 1d6 + energy drain (1 level)', 'AC 15 (m)'),
    ('Wyvern', 18, '7', None, 9, "30' (10') Fly 80' (15')", '1 bite/1 stinger or 2 talons/1 stinger: 2d8/1d6 + poison or 1d10/1d10/1d6 + poison', ''),
    ('Yellow Mold', None, '2', None, 12, '0', 'Special: See below', 'AC Can always be hit; morale N/A (never breaks)'),
    ('Zombie', 12, '2', None, 12, "20'", '1 weapon: 1d8 or by weapon', 'AC 12 (see below)'),
    ('Zombraire', 12, '2', None, 9, "20'", '1 dagger or 1 spell: 1d4 or per spell', 'AC 12 (see below); hit dice 2 (variable); morale 9 to 12 (see below)'),
    ('Skeletaire', 13, '1', None, 12, "40'", '1 dagger or 1 spell: 1d4 or per spell', 'AC 13 (see below); hit dice 1 (variable)'),
)

# Attack bonus by monster hit dice (under 1: +0), from the rulebook's attack table.
_ATTACK_BONUS = ((1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (10, 9), (12, 10), (14, 11),
                 (16, 12), (20, 13), (24, 14), (28, 15), (32, 16))
_HIT_DICE = re.compile(r"(\d+)([+-]\d+)?")


def _key(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    key, number = base, 1
    while key in taken:
        number += 1
        key = f"{base}_{number}"
    taken.add(key)
    return key


def _table() -> dict[str, Monster]:
    taken: set[str] = set()
    table = {}
    for name, ac, hit_dice, bonus, morale, movement, attacks, notes in _ROWS:
        key = _key(name, taken)
        number = key.rsplit("_", 1)[-1]
        shown = f"{name} ({number})" if key != _key(name, set()) else name
        table[key] = Monster(key, shown, ac, hit_dice, bonus, morale, movement, attacks, notes)
    return table


MONSTERS = _table()

# Keys of lines renamed since sessions were saved with them (the repeated Earth elementals were
# the Earth and Wood blocks under copied labels): a saved fight naming one still replays.
RENAMED = {f"{how}_elemental_earth_{number}": f"{how}_elemental_{element}"
           for how in ("staff", "device", "spell") for number, element in ((2, "earth"), (3, "wood"))}


def hit_dice_roll(hit_dice: str) -> tuple[int, int, int]:
    """The hit point roll of a monster's hit dice: (dice, sides, added); (0, 0, N) for N fixed."""
    if hit_dice == "1/2":
        return 1, 4, 0
    if hit_dice == "1hp":
        return 0, 0, 1
    found = _HIT_DICE.fullmatch(hit_dice)
    if not found:
        raise ValueError(f"hit dice {hit_dice!r}")
    return int(found.group(1)), 8, int(found.group(2) or 0)


def attack_bonus(hit_dice: str) -> int:
    """The attack bonus for hit dice: a "+" or "−" is ignored, but 1−1 and less count as under 1."""
    dice, sides, added = hit_dice_roll(hit_dice)
    if sides != 8 or (dice == 1 and added < 0):
        return 0
    bonus = 0
    for least, value in _ATTACK_BONUS:
        if dice >= least:
            bonus = value
    return bonus
