"""What the HP a GURPS character or foe has left mean, said in one place for the party's line
(``view(state)["characters"]``, :mod:`.session`), the fight's (``view(state)["fight"]``,
:mod:`.fight`) and the log: reeling under 1/3 of HP, 0 HP and below included, for anyone awake.

>>> reeling_effect(-1, 12, awake=True)["name"], reeling_effect(-1, 12, awake=False)
('Reeling', None)
>>> hp_words(5, 12, conscious=False), hp_words(5, 12, conscious=True)
('still unconscious', 'hurt, still in the fight')
"""

from __future__ import annotations

from typing import Any

from .injury import hp_state, reeling

INJURY = "gurps/injury/"
REELING_RULE = INJURY + "#reeling-under-13-of-your-hp"


def reeling_effect(current: int, hp: int, awake: bool) -> dict[str, Any] | None:
    """Reeling (under 1/3 of HP: Move and Dodge halved) as an effect of someone awake, else None."""
    if not awake or not reeling(current, hp):
        return None
    return {"name": "Reeling", "text": "Move and Dodge halved", "ends": "when healed to 1/3 of HP",
            "rule": REELING_RULE}


def hp_words(current: int, hp: int, conscious: bool) -> str:
    """What ``current`` of ``hp`` HP means, in words; for someone unconscious, that they still are
    (with the death checks below −1 × HP): never "still in the fight" for someone who is not."""
    if conscious:
        return hp_state(current, hp)
    if current <= -hp:
        return f"still unconscious, {hp_state(current, hp)}"
    return "still unconscious"
