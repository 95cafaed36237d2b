"""SHELL fights and low END (issue 29): the initiative rating AG − 2 × EL uses the AG that low
END leaves, and MV points the MV it leaves (−1 at a third of base END or less; halved, fractions
dropped, at 0 or less), by shell.fatigue's own rule."""

from __future__ import annotations

from rulescore import calculate, session

ORLA = {"id": "o", "name": "Orla", "system": "shell", "fields": {"ag": "12"}}


def orla_in_a_fight(end_spent: int) -> dict:
    state = session.new("shell", [ORLA])
    if end_spent:
        state = session.apply(state, {"do": "spend_end", "who": "o", "end": end_spent})
    state = session.apply(state, {"do": "fight", "foes": [{"name": "Orc"}]}, roll=lambda count, sides: [5] * count)
    return next(one for one in session.view(state, gm=True)["fight"]["combatants"] if one["id"] == "o")


def test_low_end_lowers_the_initiative_rating_and_mv_points():
    sheet = session.new("shell", [ORLA])["sheets"]["o"]
    base_end, mv, el, ag = sheet["end"], sheet["mv"], sheet["encumbrance_level"], sheet["ag_final"]
    rested, third, spent = orla_in_a_fight(0), orla_in_a_fight(base_end - base_end // 3), orla_in_a_fight(base_end)
    assert (rested["initiative"], rested["mv_points"]) == (ag - 2 * el, mv - el)
    low = calculate("shell.fatigue", {"base_end": base_end, "other_end_spent": base_end - base_end // 3})
    assert low["st_ag_modifier"] == -1 and (third["initiative"], third["mv_points"]) == (ag - 1 - 2 * el, mv - 1 - el)
    assert (spent["initiative"], spent["mv_points"]) == (ag - 2 - 2 * el, mv // 2 - el)
