"""Issue 36 (QR scanning): the table's codes read from their QR codes by the site's own vendored
decoder (qr-scanner, assets/vendor/), with the site's Content-Security-Policy in force. The
GM's invitation QR, as Playwright photographs it, given to the phone's photo input, joins; the
phone's reply QR given to the GM's photo input connects. A photo without a QR code and a QR
code of foreign text each say so and join nothing. The camera path runs in a Chromium launched
with a fake camera that films a Y4M file made from the QR's pixels."""

from __future__ import annotations

import base64
from pathlib import Path

from tests.browser.conftest import SCREENS, PageGuard
from tests.browser.helpers import screenshot
from tests.browser.test_accessibility import AXE, audit
from tests.browser.test_fight_page import begin_fight
from tests.browser.test_table import same_as_python

NO_CODE = "No QR code was found in this photo"
FOREIGN = "Invitation: This is not a table code: paste or scan the GM's invitation."
ORC = [{"name": "Orc", "count": "1", "hp": "17", "basic_speed": "4", "dr": "3"}]
VENDOR = ("assets/vendor/qr-scanner.min.js", "assets/vendor/qr-scanner-worker.min.js")
CONNECTED = '[data-table-status][data-state="connected"]'

# A QR code of `text` drawn by the vendored uqr in the page, on white, for Playwright to photograph.
FOREIGN_QR = """async ([text, root]) => {
    const qr = await import(new URL('assets/vendor/uqr.mjs', root).href);
    const box = document.createElement('div');
    box.id = 'foreign-qr';
    box.style.cssText = 'position:fixed;top:0;left:0;z-index:9999;background:#fff;padding:16px;width:260px';
    box.innerHTML = qr.renderSVG(text, { ecc: 'L' });
    document.body.append(box);
}"""

# The grey levels (Y) of a PNG drawn `side` pixels wide in the middle of a white w x h frame: what
# a fake camera films. The scanner looks at the middle two thirds of the frame (400 of 600 px,
# decoded at 400 px, so unscaled); the code sits well inside, as a player holds the phone.
GREY_FRAME = """async ([png, w, h, side]) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + png;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, w, h);
    const tall = Math.round(image.height * side / image.width);
    g.drawImage(image, Math.round((w - side) / 2), Math.round((h - tall) / 2), side, tall);
    const rgba = g.getImageData(0, 0, w, h).data;
    let out = '';
    for (let i = 0; i < rgba.length; i += 4) {
        out += String.fromCharCode(Math.round(0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]));
    }
    return btoa(out);
}"""
FRAME = (600, 600)
CODE_SIDE = 320
# Every camera track a page opens, kept to see that each was let go (stopped, the light off).
CAMERA_TRACKS = """(() => {
    if (!navigator.mediaDevices) return;  // a frame where there is no camera to watch
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    window.rcTracks = [];
    navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        window.rcTracks.push(...stream.getTracks());
        return stream;
    };
})()"""
CAMERA_ON = "() => window.rcTracks.some(t => t.readyState === 'live')"
CAMERA_OFF = "() => window.rcTracks.length > 0 && window.rcTracks.every(t => t.readyState === 'ended')"


def photo(png: bytes, name: str) -> dict:
    return {"name": name, "mimeType": "image/png", "buffer": png}


def contexts(browser, site_url: str):
    """A GM's context (tablet) and a phone's (phone), watched by one guard, axe ready in each
    (an init script, so that the site's policy stays in force)."""
    guard = PageGuard(site_url)
    made = []
    for screen in ("tablet", "phone"):
        context = guard.watch(browser.new_context(**SCREENS[screen]), every_request=True)
        context.add_init_script(script=AXE)
        made.append(context)
    return guard, made[0], made[1]


def invitation(gm, seat: str) -> tuple[str, bytes]:
    """The GM invites `seat`: the invitation's text and a photo of its QR code."""
    gm.select_option("[data-table-seat]", seat)
    gm.click('[data-action="invite-player"]')
    code = gm.locator("[data-table-invite] [data-table-code]")
    code.wait_for()
    return code.inner_text(), gm.locator("[data-table-invite] [data-table-qr]").screenshot()


def unjoined(phone) -> None:
    """The phone has joined nothing: no reply, no connection."""
    assert phone.locator("[data-table-reply]").is_hidden()
    assert phone.locator("[data-table-status]").get_attribute("data-state") == "disconnected"


def connected(gm, phone, seat: str) -> None:
    phone.wait_for_selector(CONNECTED, timeout=10_000)
    gm.wait_for_selector(f'[data-table-seats] [data-seat="{seat}"][data-connected="true"]', timeout=10_000)


def test_codes_read_from_photos_join_a_phone(browser, site_url):
    guard, gm_context, phone_context = contexts(browser, site_url)
    try:
        gm = gm_context.new_page()
        begin_fight(gm, site_url, "The pair", ORC)
        phone = phone_context.new_page()
        phone.goto(site_url + "table/")
        offer = phone.locator("textarea[data-table-offer]")
        error = phone.locator("[data-table-scan-error]")
        assert phone.locator('[data-action="scan-offer"]').inner_text() == "Scan the invitation with the camera"
        photo_input = phone.locator("input[type=file][data-table-offer-photo]")
        assert (photo_input.get_attribute("accept"), photo_input.get_attribute("capture")) == ("image/*", None)
        assert phone.get_by_label("Read a photo of the invitation").count() == 1
        assert audit(phone) == []
        # A photo with no QR code in it: said, and nothing changes.
        heading = phone.locator("h1").screenshot()
        photo_input.set_input_files(photo(heading, "heading.png"))
        error.wait_for()
        assert error.inner_text().startswith(NO_CODE) and "paste" in error.inner_text()
        assert offer.input_value() == "" and phone.locator("[data-table-error]").is_hidden()
        unjoined(phone)
        assert audit(phone) == []
        screenshot(phone, "table-join-scan-phone.png")  # the Join page's controls, as a phone shows them
        # A QR code of another text: read, then refused by the code check, as if pasted.
        phone.evaluate(FOREIGN_QR, ["https://example.com", site_url])
        foreign = phone.locator("#foreign-qr").screenshot()
        phone.evaluate("() => document.getElementById('foreign-qr').remove()")
        photo_input.set_input_files(photo(foreign, "example.png"))
        phone.locator("[data-table-error]").wait_for()
        assert phone.locator("[data-table-error]").inner_text() == FOREIGN
        assert offer.input_value() == "https://example.com" and error.is_hidden()
        unjoined(phone)
        # The GM's invitation, photographed: the phone reads exactly its text and joins.
        code, qr = invitation(gm, "g1")
        assert gm.locator('[data-table-invite] [data-action="scan-answer"]').inner_text() == \
            "Scan the reply with the camera"
        assert gm.get_by_label("Read a photo of the reply").count() == 1
        assert audit(gm) == []
        gm.set_viewport_size(SCREENS["phone"]["viewport"])
        gm.locator("[data-table-invite]").scroll_into_view_if_needed()
        screenshot(gm, "table-gm-scan-phone.png")  # the GM's panel with the reply's controls, at phone size
        gm.set_viewport_size(SCREENS["tablet"]["viewport"])
        photo_input.set_input_files(photo(qr, "invitation.png"))
        reply = phone.locator("[data-table-reply] [data-table-code]")
        reply.wait_for()
        assert offer.input_value() == code
        answer = phone.locator("[data-table-reply] [data-table-qr]").screenshot()
        gm.locator("input[type=file][data-table-answer-photo]").set_input_files(photo(answer, "reply.png"))
        connected(gm, phone, "g1")
        assert gm.locator("[data-table-answer]").is_hidden()  # the invitations' panel closed once taken
        same_as_python(gm, phone, "g1")  # the session's fight, on the phone
        # Read by the site's own files: the decoder and its worker came from the site (the guard
        # refuses any other host), and the policy refused nothing (a refusal is a console error).
        for path in VENDOR:
            assert site_url + path in guard.requests
        assert guard.problems() == []
    finally:
        gm_context.close()
        phone_context.close()


def y4m(path: Path, grey: bytes, width: int, height: int) -> None:
    """One 4:2:0 frame of `grey` (U and V neutral) as a Y4M file, the fake camera's film."""
    chroma = bytes([128]) * (width // 2 * height // 2)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    # Written aside, then renamed over the old one: a capture still reading (or mapping) the old
    # file keeps it whole, and the next camera opened reads the new one.
    aside = path.with_suffix(".new")
    aside.write_bytes(header + b"FRAME\n" + grey + chroma + chroma)
    aside.replace(path)


def film(page, path: Path, png: bytes) -> None:
    """What the fake camera films from now on: `png` on white."""
    grey = base64.b64decode(page.evaluate(GREY_FRAME, [base64.b64encode(png).decode(), *FRAME, CODE_SIDE]))
    y4m(path, grey, *FRAME)


def test_codes_read_by_the_camera_join_a_phone(browser_type, browser_type_launch_args, site_url, tmp_path):
    """Both ends scan with the camera: a Chromium whose camera films a file, rewritten with the
    code each side should see before it opens the camera."""
    video = tmp_path / "camera.y4m"
    y4m(video, bytes([96]) * (FRAME[0] * FRAME[1]), *FRAME)  # grey, until there is a code to film
    args = [*browser_type_launch_args.get("args", []), "--use-fake-device-for-media-stream",
            "--use-fake-ui-for-media-stream", f"--use-file-for-fake-video-capture={video}"]
    camera_browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        guard, gm_context, phone_context = contexts(camera_browser, site_url)
        for context in (gm_context, phone_context):
            context.add_init_script(script=CAMERA_TRACKS)
        gm = gm_context.new_page()
        begin_fight(gm, site_url, "The pair", ORC)
        phone = phone_context.new_page()
        phone.goto(site_url + "table/")
        code, qr = invitation(gm, "g2")
        # The camera at work, filming no code yet: its picture, Stop focused; stopped by the player.
        phone.click('[data-action="scan-offer"]')
        phone.wait_for_function(CAMERA_ON)
        assert phone.locator("[data-table-camera] video").is_visible()
        assert phone.evaluate("document.activeElement.dataset.action") == "stop-scan"
        assert audit(phone) == []
        screenshot(phone, "table-join-camera-phone.png")
        phone.click('[data-action="stop-scan"]')
        assert phone.locator("[data-table-camera]").is_hidden() and phone.evaluate(CAMERA_OFF)
        assert phone.evaluate("document.activeElement.dataset.action") == "scan-offer"
        # The GM's invitation filmed: read, the camera let go, joined.
        film(phone, video, qr)
        phone.click('[data-action="scan-offer"]')
        reply = phone.locator("[data-table-reply] [data-table-code]")
        reply.wait_for(timeout=20_000)
        assert phone.locator("textarea[data-table-offer]").input_value() == code
        assert phone.locator("[data-table-camera]").is_hidden() and phone.evaluate(CAMERA_OFF)
        film(gm, video, phone.locator("[data-table-reply] [data-table-qr]").screenshot())
        gm.click('[data-action="scan-answer"]')
        connected(gm, phone, "g2")
        same_as_python(gm, phone, "g2")
        # Stopped when the page is hidden.
        film(gm, video, gm.locator("h1").screenshot())  # no code in sight
        invitation(gm, "g1")
        gm.click('[data-action="scan-answer"]')
        gm.wait_for_function(CAMERA_ON)
        gm.evaluate("""() => {
            Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
            Object.defineProperty(document, 'hidden', { value: true, configurable: true });
            document.dispatchEvent(new Event('visibilitychange')); }""")
        assert gm.locator("[data-table-camera]").is_hidden()
        assert "page was hidden" in gm.locator("[data-table-scan-said]").inner_text() and gm.evaluate(CAMERA_OFF)
        for path in VENDOR:
            assert site_url + path in guard.requests
        assert guard.problems() == []
    finally:
        camera_browser.close()


def test_the_decoder_is_kept_for_offline(site_dir):
    """The service worker precaches the decoder and its worker: a phone reads codes offline."""
    precache = (site_dir / "sw.js").read_text(encoding="utf-8")
    for path in VENDOR:
        assert f'["{path}",' in precache
