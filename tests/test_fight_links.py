"""The calculators a turn needs, linked from each combatant with their figures (issue 29): in
every game, for characters and foes, hurt or not, each link's inputs are ones its calculator
takes, and only the GM's view has them (a foe's figures are the GM's)."""

from __future__ import annotations

import pytest

from rulescore import calculate, session, web

PARTY = {"bfrpg": {"strength": "16"}, "gurps": {"st": "12"}, "shell": {}}
FOES = {"bfrpg": [{"monster": "orc", "count": 2}], "gurps": [{"name": "Orc", "count": 2, "dr": 2}],
        "shell": [{"name": "Orc", "count": 2}]}
HURT = {"bfrpg": {"hp": 3}, "gurps": {"damage": 7, "type": "cutting"}, "shell": {"damage": 6}}


@pytest.mark.parametrize("system", sorted(PARTY))
def test_every_combatants_links_are_taken_by_their_calculators(system):
    party = [{"id": "p", "name": "Pat", "system": system, "fields": PARTY[system]}]
    state = session.apply(session.new(system, party), {"do": "fight", "foes": FOES[system]},
                          roll=lambda count, sides: [2] * count)
    for who in ("p", "f1"):
        state = session.apply(state, {"do": "damage", "who": who, **HURT[system]},
                              roll=lambda count, sides: [min(6, sides)] * count)
    combatants = session.view(state, gm=True)["fight"]["combatants"]
    assert all(one["calculators"] for one in combatants)
    for one in combatants:
        for link in one["calculators"]:
            answer = web.respond(link["id"], {name: str(value).lower() if isinstance(value, bool) else str(value)
                                              for name, value in link["inputs"].items()})
            assert answer["ok"], (one["name"], link, answer)
            assert calculate(link["id"], link["inputs"]).inputs  # the same through the Python API
    assert all(one["calculators"] == [] for one in session.view(state)["fight"]["combatants"])
