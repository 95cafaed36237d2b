"""Issue 36: when a phone and the GM's device cannot reach each other, the GM's page says what
the connection tried (the addresses each side offered, the routes tried, the state) and what
to do, instead of waiting silently; the seat shows as not connected."""

from __future__ import annotations

from tests.browser.conftest import SCREENS
from tests.browser.helpers import screenshot
from tests.browser.test_accessibility import AXE, audit
from tests.browser.test_fight_page import begin_fight


def unreachable(code: str) -> str:
    """A code as on a network that keeps devices apart: its one address out of reach (192.0.2.1
    is reserved for documentation and never answers)."""
    parts = code.split("~")
    parts[6] = "u192.0.2.1|9"
    return "~".join(parts)


def test_a_phone_out_of_reach_gets_what_was_tried_and_what_to_do(browser, site_url):
    gm_context = browser.new_context(**SCREENS["tablet"])
    gm_context.add_init_script(script=AXE)  # axe ready, the site's policy in force
    phone_context = browser.new_context(**SCREENS["phone"])
    try:
        gm = gm_context.new_page()
        begin_fight(gm, site_url, "The pair", [{"name": "Orc", "count": "1", "hp": "17", "basic_speed": "4"}])
        gm.evaluate("window.rulesTableConnectMs = 1500")  # the page waits 15 s; the test need not
        gm.select_option("[data-table-seat]", "g2")
        gm.click('[data-action="invite-player"]')
        invitation = gm.locator("[data-table-invite] [data-table-code]")
        invitation.wait_for()
        phone = phone_context.new_page()
        phone.goto(site_url + "table/")
        phone.fill("[data-table-offer]", unreachable(invitation.inner_text()))
        phone.click('[data-action="join-table"]')
        reply = phone.locator("[data-table-reply] [data-table-code]")
        reply.wait_for()
        gm.fill("[data-table-answer]", unreachable(reply.inner_text()))
        gm.click('[data-action="accept-player"]')
        trouble = gm.locator("[data-table] [data-table-trouble]")
        trouble.wait_for(timeout=10_000)
        tried = trouble.locator("[data-table-tried] li").all_inner_texts()
        assert tried[0].startswith("This device (the GM's) offered ") and "local name (.local)" in tried[0]
        assert tried[1] == "The phone offered 1 by number."
        assert "route" in tried[2] and tried[3].startswith("The connection ")
        assert "not a guest network" in trouble.inner_text()
        assert gm.locator('[data-table-seats] [data-seat="g2"]').get_attribute("data-connected") == "false"
        screenshot(gm.locator("[data-table]"), "table-gm-trouble-tablet.png")
        assert audit(gm) == []
    finally:
        gm_context.close()
        phone_context.close()
