"""Render the app icons from docs/assets/icons/icon.svg (our artwork) with Chromium.

A maintenance tool, run by hand when the artwork changes; the PNGs are committed so a
build needs no browser: ``.venv/bin/python -m widgets.make_icons``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "docs" / "assets" / "icons"
SIZES = {"icon-32.png": 32, "icon-180.png": 180, "icon-192.png": 192, "icon-512.png": 512}
MASKABLE = {"icon-maskable-512.png": 512}  # drawn inside the 80 % safe zone Android may crop to
OPAQUE = {"icon-180.png", *MASKABLE}  # iOS fills transparent corners with black: paint them


def main():
    svg = (ICONS / "icon.svg").read_text()
    executable = os.environ.get("RULES_CHROMIUM") or shutil.which("chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        page = browser.new_page()
        for name, size in {**SIZES, **MASKABLE}.items():
            inset = size // 10 if name in MASKABLE else 0
            page.set_viewport_size({"width": size, "height": size})
            sized = svg.replace("<svg ", f"<svg width={size - 2 * inset} height={size - 2 * inset} ", 1)
            page.set_content(
                f'<body style="margin:0;background:{"#795548" if name in OPAQUE else "transparent"}">'
                f'<div style="padding:{inset}px">{sized}</div></body>')
            page.screenshot(path=str(ICONS / name), omit_background=name not in OPAQUE)
            print(ICONS / name)
        browser.close()


if __name__ == "__main__":
    main()
