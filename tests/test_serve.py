"""The static server: the MIME types the engine and the offline cache depend on."""

from __future__ import annotations

import urllib.request

import pytest

from widgets.serve import serve_in_thread


@pytest.fixture(scope="module")
def served(site_dir):
    server, url = serve_in_thread(str(site_dir))
    yield url
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("path, mime", [
    ("pyodide/pyodide.asm.wasm", "application/wasm"),
    ("pyodide/pyodide.mjs", "text/javascript"),
    ("assets/widgets/calculators.js", "text/javascript"),
    ("sw.js", "text/javascript"),
    ("manifest.webmanifest", "application/manifest+json"),
    ("pyodide/pyodide-lock.json", "application/json"),
    ("assets/icons/icon.svg", "image/svg+xml"),
    ("", "text/html"),
])
def test_mime_types(served, path, mime):
    with urllib.request.urlopen(served + path) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].split(";")[0] == mime
