"""What the Basic Fantasy and SHELL attack actions share (``{"do": "attack", ...}``, each game's
rules in ``rulescore/<system>/attack_action.py``): the weapon an action names, the one log line
an attack leaves, and the shape ``session.preview`` gives an attack before its dice.

An attack is one action: its to-hit roll, its damage roll and the wound, which the game's own
damage action makes (called, never repeated). Whatever that damage action logs is folded into
the attack's line (:func:`folded`), so the log holds one entry a GM can read aloud.

>>> spread({1: 0.5, 3: 0.5}, "1d2+1")["average"]
2.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..core import Input, RulesInputError
from ..notation import minus
from ..wording import received
from .common import State, note

MOST_WEAPONS = 24  # the longest weapons list a sheet holds (rulescore.gurps.weapons.WEAPONS_MOST)
WEAPON = Input("weapon", "Weapon", "int", None, min=0, max=MOST_WEAPONS - 1,
               help="one of the attacker's own weapons, as their sheet or figures list them; with none, a "
                    "character rolls to hit only and a monster attacks with its whole routine")


def weapon_label(weapon: Mapping[str, Any]) -> str:
    """A weapon as a person reads it: its name, and its usage where it has one (a GURPS sheet's
    weapon rows: "Spear (Thrust)", "Spear (Thrown)"), so each usage is its own choice.

    >>> weapon_label({"name": "Natural Attacks", "usage": "Bite"}), weapon_label({"name": "Axe"})
    ('Natural Attacks (Bite)', 'Axe')
    """
    usage = str(weapon.get("usage") or "").strip()
    return f"{weapon['name']} ({usage})" if usage else str(weapon["name"])


def weapon_named(action: Mapping[str, Any], weapons: Sequence[Mapping[str, Any]], who: str) -> int | None:
    """The index of the weapon ``action["weapon"]`` names in ``weapons`` (its index, its name with
    its usage, "Spear (Thrown)", or its name as written on the sheet, any case: the first of that
    name); None when the action names none (the key left out or empty). ``who`` is the attacker's
    name, for the refusal.

    >>> weapon_named({"weapon": "dagger"}, [{"name": "Sword"}, {"name": "Dagger"}], "Ana")
    1
    >>> weapon_named({"weapon": "Spear (Thrown)"}, [{"name": "Spear", "usage": "Thrust"},
    ...                                            {"name": "Spear", "usage": "Thrown"}], "Ana")
    1
    >>> weapon_named({"weapon": 2}, [{"name": "Sword"}], "Ana")
    Traceback (most recent call last):
    ...
    rulescore.core.RulesInputError: Weapon: Ana has no weapon number 2; choose 0 (Sword).
    """
    given = action.get(WEAPON.name)
    if given is None or given == "":
        return None
    listed = "; ".join(f"{index} ({one['name'] or 'unnamed'}" + (f", {one['usage']}" if one.get("usage") else "")
                       + ")" for index, one in enumerate(weapons))
    offer = f"choose {listed}" if weapons else f"{who} has none on their sheet, so leave it empty"
    if isinstance(given, str) and not given.strip().lstrip("+").isdigit():
        wanted = given.strip().lower()
        for named in (weapon_label, lambda one: str(one["name"])):
            for index, one in enumerate(weapons):
                if named(one).strip().lower() == wanted:
                    return index
        raise RulesInputError(WEAPON.name, f"{WEAPON.label}: {who} has no weapon {received(given)}; {offer}.")
    try:
        index = WEAPON._replace(max=None).parse(given)
    except RulesInputError:
        raise RulesInputError(WEAPON.name, f"{WEAPON.label}: received {received(given)}; give the weapon's number "
                                           f"or its name ({offer}).") from None
    if not 0 <= index < len(weapons):
        raise RulesInputError(WEAPON.name, f"{WEAPON.label}: {who} has no weapon number {index}; {offer}.")
    result: int = index
    return result


def folded(state: State, start: int) -> tuple[str, str]:
    """Take back the entries logged since the log held ``start`` (what the damage action an
    attack called wrote): their text for the players and for the GM, to fold into the attack's
    one line."""
    entries = state["log"][start:]
    del state["log"][start:]
    players = " ".join(entry["text"] for entry in entries if not entry.get("gm_only"))
    return players, " ".join(entry.get("gm_text", entry["text"]) for entry in entries)


def one_line(state: State, at: str, text: str, gm_text: str, rule: str) -> None:
    """Log the attack as one entry, ``gm_text`` in the GM's view where it differs."""
    note(state, at, text, rule, gm_text=gm_text if gm_text != text else None)


def spread(distribution: Mapping[int, Any], text: str) -> dict[str, Any]:
    """A damage roll's ``dice`` (as the rules write it, with the site's minus sign), ``least``,
    ``most`` and ``average`` (exact, as a float), from ``{damage: probability}``."""
    average = sum((Fraction(damage) * Fraction(p) for damage, p in distribution.items()), Fraction(0))
    return {"dice": minus(text), "least": min(distribution), "most": max(distribution),
            "average": float(average)}


HELD = {"needed": None, "chance": None, "working": ["The foe's figures are the GM's: the GM's screen shows the odds."]}


def for_players(preview: dict[str, Any], foe_attacks: bool, foe_defends: bool) -> dict[str, Any]:
    """An attack's preview as the players' view gives it: no odds where a foe's figures decide
    them, no damage roll of a foe's."""
    if not (foe_attacks or foe_defends):
        return preview
    routine = [{**one, "to_hit": dict(HELD), **({"damage": None} if foe_attacks else {})}
               for one in preview["routine"]]
    return {**preview, "to_hit": routine[0]["to_hit"], "damage": routine[0]["damage"], "routine": routine}


def chance(p: Any) -> float:
    """A probability as the preview gives it: a float of the exact fraction."""
    return float(Fraction(p))
