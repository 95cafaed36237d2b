"""The static server: the MIME types the engine and the offline cache depend on."""

from __future__ import annotations

import urllib.request

import pytest


@pytest.mark.parametrize("path, mime", [
    ("pyodide/pyodide.asm.wasm.zst", "application/zstd"),
    ("pyodide/pyodide.mjs", "text/javascript"),
    ("assets/widgets/core/pages.js", "text/javascript"),
    ("sw.js", "text/javascript"),
    ("manifest.webmanifest", "application/manifest+json"),
    ("pyodide/pyodide-lock.json", "application/json"),
    ("assets/icons/icon.svg", "image/svg+xml"),
    ("", "text/html"),
])
def test_mime_types(site_url, path, mime):
    with urllib.request.urlopen(site_url + path) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].split(";")[0] == mime
