"""GURPS fights (docs: gurps/maneuvers.md, "Fights in the session"): the turn sequence,
maneuvers and what they leave in force, and injury to foes, by the same rules as the party's
(:mod:`rulescore.gurps.session`). The machinery is :mod:`rulescore.play.fight`.

The order of turns, and who is who in a fight (a foe's figures, a character's from the sheet):
:mod:`rulescore.gurps.fighters`.

Our readings, where the sources leave a choice (also in the docs):

- A round is one second: the session clock moves one turn (a second) as each round ends.
- The HT roll to stay conscious at 0 HP or less comes at the start of each of that combatant's
  turns; the HT roll to recover from a stun at the end of each of their turns.
- Shock applies to the victim's next turn and ends with it; hurt again before then, the shocks
  add up, never past −4. Hurt on their own turn, it is their next turn that suffers it.
- Maneuvers whose effect lasts "until your next turn" (All-Out Attack, All-Out Defense, Move and
  Attack, Concentrate, Wait) end when that turn starts; bonuses for "your next turn" (Aim,
  Evaluate, Feint) end when it ends. Aim and Evaluate count consecutive turns of the same
  maneuver. An aiming fighter who is injured rolls Will at once; a concentrating one, Will − 3;
  on a failure the aim or the concentration is lost.
- A foe's own DR is used when the damage gives none (the form's DR left blank); a DR given with
  the damage replaces it.

Attacks, from the attack roll to the wound, are one action: :mod:`rulescore.gurps.attack`; what a
fighter fights with (weapons, DR, shield, a foe's Parry and Block): :mod:`rulescore.gurps.kit`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import Input, RulesInputError, get_calculator
from ..notation import signed
from ..play.common import State, keys, note, sheet, take
from ..play.dice_asks import Dice
from ..play.fight import Fighter, effect, ends_at_turn, looks
from ..play.form_specs import Shown
from ..play.registry import GameRules
from ..play.weapon_choice import remembered
from . import session as rules
from .attack import FORM as ATTACK_FORM
from .attack import attack_with, attacker_can, open_to_attack, preview_with, target_can
from .attack_plan import attacker_refusal
from .common import succeeds
from .defend import FORM as DEFEND_FORM
from .defend import defend_with
from .encumbrance import DODGE_BONUS_MAX, encumbered_dodge
from .fighters import INJURY, MANEUVERS, PAGE, GurpsFighters
from .injury import DEAD_MULTIPLE, SHOCK_CAP, death_checks_crossed, reeling
from .kit import character_kit, defence_inputs, weapons_shown
from .recovery import very_tired
from .wounds import reeling_effect

# All-Out Defense's options as gurps.defense names its increased defence (a double defence adds none)
AOD_INCREASED = {"increased_dodge": "dodge", "increased_parry": "parry", "increased_block": "block"}
# All-Out Attack's melee options as gurps.melee_attack names its maneuvers (the ranged ones attack plainly there)
MELEE_ALL_OUT = {"determined": "all_out_determined", "strong": "all_out_strong", "double": "all_out_double",
                 "feint": "all_out_feint"}

OPTIONS = {"all_out_attack": ("determined", "double", "feint", "strong", "ranged_determined", "suppression"),
           "all_out_defense": ("increased_dodge", "increased_parry", "increased_block", "double_defense")}
MANEUVER = Input("maneuver", "Maneuver", "choice", None, choices=MANEUVERS)
OPTION = Input("option", "Option", "choice", "", help="All-Out Attack or All-Out Defense only: which one",
               choices=(("", "Determined, or Increased Dodge"),
                        *((option, f"{'All-Out Attack' if maneuver == 'all_out_attack' else 'All-Out Defense'}: "
                                   f"{option.replace('_', ' ')}") for maneuver, options in OPTIONS.items()
                          for option in options)))
TARGET = Fighter("target", "Target", help="Aim, Evaluate, Feint (or All-Out Attack's): the foe in view", optional=True)
MARGIN = Input("margin", "Feint won by", "int", 0, min=0, max=20,
               help="the margin of the Feint's Quick Contest (a Feint, or All-Out Attack with its Feint option)")
TARGETED = ("aim", "evaluate", "feint")  # the maneuvers that take a target (and All-Out Attack (Feint))
# The maneuver form as the page shows it: each option only for the maneuvers that take it.
MANEUVER_FORM = (MANEUVER, Shown(OPTION, "maneuver", tuple(OPTIONS), tuple(OPTIONS.items())),
                 Shown(TARGET, "maneuver", (*TARGETED, "all_out_attack")),
                 Shown(MARGIN, "maneuver", ("feint", "all_out_attack")))
# The damage to a foe: left blank, the foe's own DR (its figures); a number given replaces it.
FOE_DR = rules.DR._replace(default="", help="blank: the foe's own DR, from its figures; a number replaces it")
SURPRISED = Input("surprised", "Surprised", "choice", "none", help="a surprised side must Do Nothing on its first turn",
                  choices=(("none", "nobody"), ("party", "the party"), ("foes", "the foes")))
AOA_TEXT = {"determined": "+4 to hit in melee", "double": "two attacks on the same foe",
            "feint": "a Feint, then an attack on the same foe", "strong": "+2 damage, or +1 a die if better",
            "ranged_determined": "+1 to hit with a ranged weapon", "suppression": "suppression fire (RoF 5+)"}
AOD_TEXT = {"increased_dodge": "+2 to Dodge", "increased_parry": "+2 to Parry", "increased_block": "+2 to Block",
            "double_defense": "a second, different defence against an attack the first failed against"}


class GurpsFight(GurpsFighters):
    """A GURPS fight: the turns, maneuvers, damage to foes and the view, on its fighters and order."""

    maneuver_fields = (MANEUVER, OPTION, TARGET, MARGIN)
    fight_fields = (SURPRISED,)

    # ------------------------------------------------------------ turns
    def can_now(self, state: State, form_id: str, field: str, who: str) -> bool:
        """The dead take no damage, healing or fatigue (a hurt one only is healed); the out, the
        unconscious and an All-Out Attacker make no active defence."""
        if form_id in ("damage", "heal", "fatigue"):
            character = state["characters"][who]
            return not character["dead"] and (form_id != "heal" or character["hp_lost"] > 0)
        if form_id == "damage_foe":
            return not state["fight"]["combatants"][who]["dead"]
        if form_id == "defend":
            fight = state["fight"]
            return not self.out(state, fight, who) and not any(
                e["who"] == who and e["name"] == "All-Out Attack" for e in fight["effects"])
        if form_id == "attack":  # gurps.attack: an attacker able to attack now, a target still in the fight
            return attacker_can(self, state, who) if field == "who" else target_can(self, state, who)
        return True

    def open_now(self, state: State, form_id: str) -> bool:
        return form_id != "attack" or open_to_attack(self, state)

    def no_attack(self, state: State, fight: dict[str, Any], who: str) -> str:
        return attacker_refusal(self, state, who)

    def start_turn(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        figures, wounds, name = self.figures(state, who), self.wounds(state, who), self.name(state, who)
        if figures["hp"] - wounds["hp_lost"] <= 0:
            roll, ok = self._ht(dice, figures["ht"], f"{name}'s HT roll to stay conscious (0 HP or less)")
            rule = INJURY + "#0-hp-or-less-staying-conscious"
            if ok:
                self.note_figures(state, who, f"{name} is at 0 HP or less: HT {figures['ht']} rolled {roll}, stays "
                                              f"conscious this turn.", rule,
                                  f"{name} is at 0 HP or less and stays conscious this turn.")
            else:
                wounds.update(conscious=False, stunned=False)
                if wounds is state["characters"].get(who):
                    wounds.update(down_at=state["clock"]["turns"], wake_rolls=0)
                self.note_figures(state, who, f"{name} is at 0 HP or less: HT {figures['ht']} rolled {roll}, falls "
                                              f"unconscious.", rule,
                                  f"{name} is at 0 HP or less and falls unconscious.")
        if wounds["stunned"] and wounds["conscious"]:
            note(state, self.at(state), f"{name} is stunned: Do Nothing this turn, −4 to active defences.",
                 INJURY + "#stunning")

    def end_turn(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        wounds, figures, name = self.wounds(state, who), self.figures(state, who), self.name(state, who)
        if wounds["stunned"] and wounds["conscious"] and not wounds["dead"]:
            roll, ok = self._ht(dice, figures["ht"], f"{name}'s HT roll to recover from stun")
            wounds["stunned"] = not ok
            self.note_figures(state, who, f"End of {name}'s turn: HT {figures['ht']} to recover from the stun rolled "
                                          f"{roll}, " + ("recovered." if ok else "still stunned."),
                              INJURY + "#stunning",
                              f"End of {name}'s turn: " + ("recovered from the stun." if ok else "still stunned."))
        if any(e["who"] == who and e["name"] == "Shock" and e["ends"]["round"] <= fight["round"]
               for e in fight["effects"]):
            wounds["shock"] = 0

    # ------------------------------------------------------------ damage
    def foe_damage(self, state: State, fight: dict[str, Any], who: str, action: dict[str, Any], dice: Dice) -> None:
        """The party's damage rules (gurps.session.damage) with the foe's figures."""
        keys(action, ("who", "damage", "dr", "type", "torso"))
        foe, name = fight["combatants"][who], fight["combatants"][who]["name"]
        if foe["dead"]:
            raise RulesInputError("who", f"Foe: {name} is dead.")
        hp, ht = foe["hp"], foe["ht"]
        before = hp - foe["hp_lost"]
        dr = take(action, rules.DR) if action.get("dr", "") != "" else foe["dr"]  # blank: the foe's own
        hit = get_calculator("gurps.injury").run({"damage": take(action, rules.DAMAGE), "dr": dr,
                                                  "damage_type": take(action, rules.DAMAGE_TYPE), "hp": hp,
                                                  "hp_lost_before": foe["hp_lost"], "ht": ht,
                                                  "torso": take(action, rules.TORSO)})
        foe["hp_lost"] += hit["injury"]
        after = hp - foe["hp_lost"]
        foe["shock"] = max(foe["shock"] + hit["shock"], -SHOCK_CAP)
        at = self.at(state)
        note(state, at, f"{name} takes {'an' if hit['injury'] else 'no'} injury.",  # the players: no DR by arithmetic
             INJURY + "#general-damage", gm_text=f"{name} takes {hit['penetrating']} penetrating damage (DR {dr}): "
                                                  f"{hit['injury']} HP of injury, {before} → {after} of {hp} HP.")
        if after <= -DEAD_MULTIPLE * hp:
            foe.update(dead=True, conscious=False, stunned=False)
            note(state, at, f"{name} dies.", INJURY + "#1-hp-and-below-death-checks")
            return
        for k in death_checks_crossed(before, after, hp):
            roll, ok = self._ht(dice, ht, f"{name}'s HT roll to survive (−{k} × HP)")
            self.note_figures(state, who, f"{name} reaches −{k} × HP: HT {ht} to survive rolled {roll}, "
                              + ("survives." if ok else "dies."), INJURY + "#1-hp-and-below-death-checks",
                              f"{name} rolls to survive: " + ("survives." if ok else "dies."))
            if not ok:
                foe.update(dead=True, conscious=False, stunned=False)
                return
        if hit["major_wound"] and hit["knockdown_roll"] is not None and foe["conscious"]:
            roll, ok = self._ht(dice, ht, f"{name}'s HT roll against knockdown (major wound)")
            outcome = "no further effect" if ok else "knocked out" if roll - ht >= 5 else "stunned"
            foe.update(conscious=ok or roll - ht < 5, stunned=not ok and roll - ht < 5)
            self.note_figures(state, who, f"Major wound to the torso: {name} rolls HT {ht}: {roll}, {outcome}.",
                              INJURY + "#major-wounds", f"Major wound to the torso: {name} rolls HT: {outcome}.")

    def after_damage(self, state: State, fight: dict[str, Any], who: str, dice: Dice) -> None:
        wounds, name = self.wounds(state, who), self.name(state, who)
        fight["effects"] = [e for e in fight["effects"] if not (e["who"] == who and e["name"] == "Shock")]
        if wounds["shock"]:
            fight["effects"].append(effect(who, "Shock", f"{signed(wounds['shock'])} to DX, IQ and skills based on "
                                                         f"them", ends_at_turn(fight, who, "turn_end"),
                                           INJURY + "#shock"))
        for kept in [e for e in fight["effects"] if e["who"] == who and e["name"] in ("Aim", "Concentrate")]:
            will = self.figures(state, who)["will"] - (3 if kept["name"] == "Concentrate" else 0)
            doing = "aiming" if kept["name"] == "Aim" else "concentrating"
            if self.figures(state, who).get("iq") == 0:  # mindless: no Will roll, nothing to distract (our reading)
                said = f"{name} is hurt while {doing}: mindless (IQ 0), no Will roll; keeps it."
                self.note_figures(state, who, said, PAGE + ("#aim" if kept["name"] == "Aim" else "#concentrate"), said)
                continue
            minus = " − 3" if kept["name"] == "Concentrate" else ""
            roll = sum(dice(3, 6, purpose=f"{name}'s Will{minus} roll to keep {doing}"))
            ok = succeeds(roll, will)
            self.note_figures(state, who, f"{name} is hurt while {doing}: Will {will} rolled {roll}, "
                              + ("keeps it." if ok else "loses it."), PAGE + ("#aim" if kept["name"] == "Aim" else
                                                                             "#concentrate"),
                              f"{name} is hurt while {doing} and rolls Will: " + ("keeps it." if ok else "loses it."))
            if not ok:
                fight["effects"].remove(kept)

    # ------------------------------------------------------------ maneuvers
    def maneuver_form_fields(self) -> tuple[Any, ...]:
        return MANEUVER_FORM

    def maneuver_effects(self, state: State, fight: dict[str, Any], who: str, maneuver: str, streak: int,
                         action: dict[str, Any], dice: Dice) -> list[dict[str, Any]]:
        option = take(action, OPTION)
        allowed = OPTIONS.get(maneuver, ())
        if option and option not in allowed:
            named = dict(MANEUVERS)[maneuver]
            raise RulesInputError("option", f"Option: {option.replace('_', ' ')} is not an option of {named}; "
                                            + (f"use one of {', '.join(o.replace('_', ' ') for o in allowed)}."
                                               if allowed else "it takes none."))
        option = option or (allowed[0] if allowed else "")
        feinting = maneuver == "feint" or (maneuver, option) == ("all_out_attack", "feint")
        if "target" in action and maneuver not in (*TARGETED, "all_out_attack") and action["target"] != "":
            raise RulesInputError("target", f"Target: only Aim, Evaluate and Feint (or All-Out Attack's) take one, "
                                            f"not {dict(MANEUVERS)[maneuver]}" + (f" ({option})." if option else "."))
        if not feinting and "margin" in action and take(action, MARGIN) != 0:  # 0: the form's blank
            raise RulesInputError("margin", "Feint won by: only a Feint, or All-Out Attack with its Feint option, "
                                            "takes a margin.")
        target = self.fighter(state, fight, action, TARGET) if action.get("target") not in (None, "") else None
        name = self.name(state, who)
        if maneuver not in self.maneuver_choices(state, fight, who):  # the view's maneuvers_open
            raise RulesInputError("maneuver", f"Maneuver: {name} is {self._must_do_nothing(state, fight, who)} and "
                                              f"must Do Nothing.")
        at_them = f" against {self.name(state, target)}" if target else ""
        start, end = ends_at_turn(fight, who), ends_at_turn(fight, who, "turn_end")
        made: list[dict[str, Any]] = []

        def add(title: str, text: str, ends: dict[str, Any], anchor: str, bonus: int = 0) -> None:
            made.append(effect(who, title, text, ends, PAGE + anchor, "maneuver"))
            if target or bonus:  # what a later attack reads (gurps.attack): against whom, and how much
                made[-1].update(target=target, bonus=bonus)

        if maneuver == "aim":
            extra = " +1" if streak == 2 else " +2" if streak >= 3 else ""
            add("Aim", f"{streak} turn{'s' if streak > 1 else ''} of Aim: the weapon's Accuracy{extra} to an Attack or "
                       f"All-Out Attack{at_them} next turn; any active defence spoils it; hurt, a Will roll or it is "
                       f"lost", end, "#aim", streak)
        elif maneuver == "evaluate":
            add("Evaluate", f"{signed(min(streak, 3))} to an Attack, Feint, All-Out Attack or Move and Attack"
                            f"{at_them}, next turn only", end, "#evaluate", min(streak, 3))
        elif maneuver == "feint":
            margin = take(action, MARGIN)
            if margin:
                add("Feint", f"{self.name(state, target) if target else 'the foe'} defends at −{margin} against "
                             f"{name}'s attack next turn", end, "#feint", margin)
        elif maneuver == "all_out_attack":
            margin = take(action, MARGIN) if option == "feint" else 0
            if margin:  # the Feint comes first, this turn: it counts against the attack that follows it
                add("Feint", f"{self.name(state, target) if target else 'the foe'} defends at −{margin} against "
                             f"{name}'s attack this turn", {**end, "round": fight["round"]}, "#all-out-attack", margin)
            add("All-Out Attack", f"{AOA_TEXT[option]}; no active defence at all until {name}'s next turn; half Move, "
                                  f"forward only", start, "#all-out-attack")
            made[-1]["option"] = option  # for the attack calculator's link
        elif maneuver == "all_out_defense":
            add("All-Out Defense", f"{AOD_TEXT[option]} until {name}'s next turn", start, "#all-out-defense")
            made[-1]["option"] = option  # for the defences' link
        elif maneuver == "move_and_attack":
            add("Move and Attack", "the attack at −4 in melee (skill 9 at most) or −2 or Bulk at range; only Dodge or "
                                   f"Block until {name}'s next turn", start, "#move-and-attack")
        elif maneuver == "concentrate":
            add("Concentrate", "forced to defend, knocked down, hurt or distracted: a Will − 3 roll or the "
                               "concentration is lost", start, "#concentrate")
        elif maneuver == "wait":
            add("Wait", "may interrupt the order when the trigger set comes, with an Attack, Feint, All-Out Attack or "
                        "Ready", start, "#wait")
        label = dict(MANEUVERS)[maneuver]
        note(state, self.at(state), f"{name}: {label}" + (f" ({option.replace('_', ' ')})" if option else "")
             + at_them + (f", turn {streak} in a row" if streak > 1 and maneuver in ("aim", "evaluate") else "")
             + ".", PAGE + "#" + label.lower().replace(" ", "-"))
        return made

    # ------------------------------------------------------------ the view
    def conditions(self, state: State, fight: dict[str, Any], who: str) -> list[dict[str, Any]]:
        figures, wounds = self.figures(state, who), self.wounds(state, who)
        current, hp = figures["hp"] - wounds["hp_lost"], figures["hp"]
        shown = []
        if wounds["dead"]:
            return [{"name": "Dead", "text": "out of the fight", "ends": "never", "rule": INJURY + "#general-damage"}]
        if not wounds["conscious"]:
            shown.append({"name": "Unconscious", "text": "can do nothing", "ends": "when they wake",
                          "rule": rules.RECOVERY + "#recovering-from-unconsciousness"})
        if wounds["stunned"]:
            shown.append({"name": "Stunned", "text": "must Do Nothing; −4 to active defences",
                          "ends": "when a HT roll at the end of their turn succeeds", "rule": INJURY + "#stunning"})
        if current <= 0 and wounds["conscious"]:
            shown.append({"name": "0 HP or less", "text": "a HT roll at the start of each turn to stay conscious",
                          "ends": "when healed above 0 HP", "rule": INJURY + "#0-hp-or-less-staying-conscious"})
        reeled = reeling_effect(current, hp, wounds["conscious"])  # as the party's line says it (.session)
        return shown + ([reeled] if reeled else [])

    def calculator_inputs(self, state: State, fight: dict[str, Any], who: str) -> dict[str, dict[str, Any]]:
        """The melee attack (skill; this turn's maneuver; the Evaluate turns just before; shock as the
        other modifier), the injury the fighter takes and their defences."""
        figures, wounds = self.figures(state, who), self.wounds(state, who)
        hp = figures["hp"]
        one = fight["combatants"][who]
        skill = one.get("skill", 12) if one["side"] == "foes" else sheet(state, who)["weapon_skill"]
        mine = {e["name"]: e for e in fight["effects"] if e["who"] == who}
        now, before = self.maneuvers(one, fight)
        maneuver = {"move_and_attack": "move_and_attack"}.get(now.get("id", ""), "attack")
        if now.get("id") == "all_out_attack":
            option = mine.get("All-Out Attack", {}).get("option") or OPTIONS["all_out_attack"][0]
            maneuver = MELEE_ALL_OUT.get(option, "attack")
        evaluated = before.get("streak", 0) if before.get("id") == "evaluate" and \
            before.get("round") == fight["round"] - 1 else 0
        links = {"gurps.melee_attack": {"skill": skill, "maneuver": maneuver, "evaluate_turns": min(evaluated, 3),
                                        "other_modifier": max(wounds["shock"], -SHOCK_CAP)},
                 "gurps.injury": {"hp": hp, "hp_lost_before": wounds["hp_lost"], "ht": figures["ht"],
                                  "dr": figures["dr"] if "dr" in figures else character_kit(state, who)["dr"]}}
        if "All-Out Attack" not in mine:  # after an All-Out Attack there is no active defence to work out
            defense = mine.get("All-Out Defense")
            increased = (defense.get("option") or OPTIONS["all_out_defense"][0]) if defense else ""
            links["gurps.defense"] = {"basic_speed": figures["basic_speed"], "stunned": wounds["stunned"],
                                      "halved": reeling(hp - wounds["hp_lost"], hp),
                                      "increased_defense": AOD_INCREASED.get(increased, "none"),
                                      **self._defence_figures(state, one, who), **defence_inputs(state, who)}
        return links

    def _defence_figures(self, state: State, one: dict[str, Any], who: str) -> dict[str, Any]:
        """What a character's sheet gives the defences beyond the skill: load, shield, traits, FP."""
        if one["side"] == "foes":  # its Dodge as given (0 in its row: Basic Speed + 3)
            extra = one["dodge"] - encumbered_dodge(Fraction(one["basic_speed"]), 0)
            if 0 <= extra <= DODGE_BONUS_MAX:
                return {"dodge_bonus": extra} if extra else {}
            # else as a Speed giving that Dodge (below 3: a load taking it down from 3)
            return {"basic_speed": max(one["dodge"] - 3, 0), "encumbrance_level": max(3 - one["dodge"], 0)}
        figures, fp_lost = sheet(state, who), state["characters"][who]["fp_lost"]
        level = figures["encumbrance_level"]  # None past Extra-Heavy: no move at all, the heaviest level here
        return {"encumbrance_level": 4 if level is None else level, "dodge_bonus": figures["dodge_bonus"],
                "very_tired": very_tired(figures["fp"] - fp_lost, figures["fp"])}

    def shown(self, state: State, fight: dict[str, Any], who: str, gm: bool) -> dict[str, Any]:
        figures, wounds = self.figures(state, who), self.wounds(state, who)
        current = figures["hp"] - wounds["hp_lost"]
        shown: dict[str, Any] = {"looks": looks(current, figures["hp"], wounds["dead"], not wounds["conscious"])}
        shown["figures"] = []
        if gm or fight["combatants"][who]["side"] == "party":
            shown.update(hp=current, max_hp=figures["hp"], figures=[f"HP {current} of {figures['hp']}"])
        if gm and "dr" in figures:  # a foe's: what damage to it takes off unless the form gives another
            shown["dr"] = figures["dr"]
            shown["figures"] = shown["figures"] + ([f"DR {figures['dr']}"] if figures["dr"] else [])
        shown["weapons"] = weapons_shown(state, who, gm)  # the attack form's Weapon (gurps.attack)
        return shown

    def due(self, state: State, fight: dict[str, Any], gm: bool) -> list[dict[str, Any]]:
        items = []
        order, turn = fight["order"], fight["turn"]
        for who in order[turn:] + order[:turn]:
            wounds, name = self.wounds(state, who), self.name(state, who)
            if wounds["dead"] or not wounds["conscious"]:
                continue
            if wounds["stunned"]:
                items.append({"who": who, "text": f"{name}: HT roll to recover from the stun at the end of their turn.",
                              "rule": INJURY + "#stunning"})
            if self.figures(state, who)["hp"] - wounds["hp_lost"] <= 0 and who != self.current(fight):
                items.append({"who": who, "text": f"{name}: HT roll to stay conscious at the start of their turn.",
                              "rule": INJURY + "#0-hp-or-less-staying-conscious"})
            if fight["combatants"][who]["side"] == "party" and 0 < sheet(state, who)["fp"] <= wounds["fp_lost"]:
                items.append({"who": who, "text": f"{name}: at 0 FP or less, a Will roll to do anything but talk or "
                                                  f"rest on their turn (each FP spent also costs 1 HP).",
                              "rule": rules.RECOVERY + "#lost-fatigue-points"})
        return items


FIGHT = GurpsFight()

ACTIONS = {**FIGHT.actions(), "defend": defend_with(FIGHT), "attack": remembered(FIGHT, attack_with(FIGHT))}
FORMS = (*rules.FORMS, *FIGHT.forms((rules.DAMAGE, FOE_DR, rules.FORM_DAMAGE_TYPE, rules.TORSO)), ATTACK_FORM,
         DEFEND_FORM)
PREVIEWS = {"attack": preview_with(FIGHT)}  # what session.preview adds for an attack: its odds


def start(party: list[dict[str, Any]], sheets: dict[str, dict[str, Any]]) -> State:
    return FIGHT.wrap_start(party, sheets)


def view(state: State, gm: bool) -> dict[str, Any]:
    return FIGHT.wrap_view(state, gm)


_at = rules._at

# What the play layer calls (rulescore.play.registry; registered by rulescore/gurps/__init__.py).
RULES = GameRules(fight=FIGHT, actions=ACTIONS, forms=FORMS, start=start, view=view, at=_at, previews=PREVIEWS,
                  sheet_fields=rules.SHEET_FIELDS, leaving=rules.leaving,
                  player_actions=("maneuver", "attack", "next_turn"), player_attack_fields=("who", "target", "weapon"),
                  attack_roll=(3, 6))
