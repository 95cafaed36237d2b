"""Issue 42 item 7 on the Session page: with "I roll my own dice" ticked, the prompt says whose
roll it is and what for ("Initiative, Alda: roll 1d6"), the die fields say it too, and Enter
goes to the next die and, in the last one, carries on as "Do it" does."""

from __future__ import annotations

from tests.browser.helpers import wait_for_python
from tests.browser.test_fight_page import add_foes, start
from tests.browser.test_session import saved_state as saved

ASKED = "[data-session-dice]:not([hidden]) [data-dice-asked]"


def asked_for(page, text: str) -> None:
    """Waits for the prompt that starts with ``text``, its fields empty."""
    page.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent.startsWith(text)"
                           " && [...document.querySelectorAll('[data-session-dice] [data-face]')].every(f => !f.value)",
                           arg=[ASKED, text], timeout=30_000)


def test_the_dice_prompt_names_the_roll_and_enter_carries_on(page, site_url):
    start(page, site_url, "bfrpg", "Alda alone")
    add_foes(page, [{"monster": "ogre"}])  # its hit points rolled: 4d8 (hit dice 4+1)
    page.select_option('[data-session-fields] [data-field="surprise"]', "none")
    page.click('[data-action="apply-action"]')
    asked_for(page, "Ogre's hit points (hit dice 4+1): roll 4d8.")
    faces = page.locator("[data-session-dice] [data-face]")
    assert faces.count() == 4 and faces.first.get_attribute("data-sides") == "8"
    assert faces.nth(3).get_attribute("aria-label") == "Ogre's hit points (hit dice 4+1): die 4 of 4, 1 to 8"
    for face in "1234":  # Enter moves on to the next die, then carries on from the last
        page.keyboard.type(face)
        page.keyboard.press("Enter")
    asked_for(page, "Initiative, Alda: roll 1d6 (rolled so far: 1 2 3 4).")
    assert page.locator("[data-session-dice] [data-face]").get_attribute("aria-label") == \
        "Initiative, Alda: die 1 of 1, 1 to 6"
    page.keyboard.type("5")  # the field has the focus
    page.keyboard.press("Enter")
    asked_for(page, "Initiative, Ogre: roll 1d6 (rolled so far: 1 2 3 4; 5).")
    page.locator("[data-session-dice] [data-face]").fill("2")
    page.locator("[data-session-dice] [data-face]").press("Enter")
    wait_for_python(page, lambda: bool(saved(page)["done"]), "the fight to begin")
    assert saved(page)["done"][-1]["dice"] == [[4, 8, [1, 2, 3, 4]], [1, 6, [5]], [1, 6, [2]]]
    assert page.locator("[data-session-dice]").is_hidden()
    assert page.locator("[data-session-message]").is_hidden()
