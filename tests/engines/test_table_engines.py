"""Issue 36 in WebKit and Firefox: the Join a table page follows a session that a Chromium GM
page sends over a WebRTC data channel, where the engine has data channels; where it has none
(Debian's WebKitGTK is built without WebRTC) the page says so plainly, its Join button is
off, and the run's summary records which."""

from __future__ import annotations

from rulescore import session
from tests.browser.conftest import CHROMIUM_ARGS, SCREENS, chromium_executable
from tests.browser.stats import STATS
from tests.browser.test_fight_page import begin_fight, press
from tests.browser.test_session import saved_state as saved
from tests.engines.test_engines import open_page, wait_until

SHOWN_CURRENT = "document.querySelector('[data-table-view] [data-fight-current]')?.dataset.fightCurrent"


def test_the_join_page_follows_a_chromium_gm(driver, site_url, playwright):
    engine = driver.engine
    open_page(driver, site_url + "table/")
    wait_until(driver, "return document.querySelector('[data-table-status]') !== null", timeout=30)
    if driver.execute_script("return typeof RTCPeerConnection") != "function":
        status = driver.execute_script("return document.querySelector('[data-table-status]').textContent")
        assert "cannot join a table: it has no WebRTC" in status, status
        assert driver.execute_script("return document.querySelector('[data-action=\"join-table\"]').disabled")
        STATS[f"{engine}: the Join a table page"] = "no WebRTC in this build: the page says so, Join is off"
        return
    chromium = playwright.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
    try:
        gm = chromium.new_context(**SCREENS["tablet"]).new_page()
        dice = begin_fight(gm, site_url, "The pair", [{"name": "Orc", "count": "2", "hp": "17", "basic_speed": "4"}])
        gm.select_option("[data-table-seat]", "g1")
        gm.click('[data-action="invite-player"]')
        invitation = gm.locator("[data-table-invite] [data-table-code]")
        invitation.wait_for()
        driver.execute_script("""const field = document.querySelector('[data-table-offer]');
            field.value = arguments[0];
            document.querySelector('[data-action="join-table"]').click();""", invitation.inner_text())
        wait_until(driver, "return !!document.querySelector('[data-table-reply] [data-table-code]')", timeout=20)
        answer = driver.execute_script("return document.querySelector('[data-table-reply] [data-table-code]')"
                                       ".textContent")
        gm.fill("[data-table-answer]", answer)
        gm.click('[data-action="accept-player"]')
        wait_until(driver, "return document.querySelector('[data-table-status]').dataset.state === 'connected'",
                   timeout=20)
        gm.wait_for_selector('[data-table-seats] [data-seat="g1"][data-connected="true"]', timeout=10_000)
        for _ in range(3):  # the fight as rulescore's players' view gives it, through two of the GM's turns
            current = session.view(saved(gm))["fight"]["current"]
            wait_until(driver, f"return ({SHOWN_CURRENT}) === arguments[0]", current, timeout=5)
            order = driver.execute_script("return [...document.querySelectorAll('[data-table-view] "
                                          "[data-combatant]')].map(e => e.dataset.combatant)")
            assert order == session.view(saved(gm))["fight"]["order"]
            press(gm, '[data-fight] [data-action="next-turn"]', dice)
        STATS[f"{engine}: the Join a table page"] = "joined a Chromium GM over a data channel, followed the fight"
    finally:
        chromium.close()
