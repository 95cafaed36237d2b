"""Offline use: the service worker and its precache list, written from the built site.

Every file a reader may need is listed with a content hash. The worker's cache is named
after the hash of the whole list, so each build gets its own cache, filled completely
before it takes over; files whose hash did not change are copied from the old cache
instead of downloaded again.

The engine's memory snapshot is not among them: each device makes its own once the site is
saved (widgets/snapshot.py, widgets/assets/engine/engine-snapshot.js).
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "service-worker.js"
SERVICE_WORKER = "sw.js"
# Built files no page uses: source maps, the search's extra languages, the zipped sitemap,
# the theme's default favicon (ours replaces it). sitemap.xml itself stays: instant
# navigation reads it to know which links are internal.
NOT_PRECACHED = ("*.map", "assets/javascripts/lunr/*", "sitemap.xml.gz", "assets/images/favicon.png",
                 SERVICE_WORKER)


def _url(relative: str) -> str:
    """The URL a page asks for: directory URLs for index pages (``gurps/jumping/``)."""
    if relative == "index.html":
        return "./"
    return relative[: -len("index.html")] if relative.endswith("/index.html") else relative


def digest(data: bytes) -> str:
    """A file's hash in the precache list (and the engine's check of its kept plain copies)."""
    return hashlib.sha256(data).hexdigest()[:16]


def precache_entries(site_dir: Path) -> list[dict]:
    entries = []
    for path in sorted(p for p in Path(site_dir).rglob("*") if p.is_file()):
        relative = path.relative_to(site_dir).as_posix()
        if any(fnmatch.fnmatch(relative, pattern) for pattern in NOT_PRECACHED):
            continue
        entries.append({"url": _url(relative), "hash": digest(path.read_bytes()), "bytes": path.stat().st_size})
    return entries


def write_service_worker(site_dir: Path) -> dict:
    """Write sw.js with this build's precache list; returns the version and total size."""
    entries = precache_entries(site_dir)
    version = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:16]
    manifest = {"version": version, "files": [[e["url"], e["hash"]] for e in entries]}
    script = TEMPLATE.read_text(encoding="utf-8").replace(
        "self.PRECACHE = null;", f"self.PRECACHE = {json.dumps(manifest, separators=(',', ':'))};"
    )
    (Path(site_dir) / SERVICE_WORKER).write_text(script, encoding="utf-8")
    return {"version": version, "files": len(entries), "bytes": sum(e["bytes"] for e in entries)}


WEB_MANIFEST = {
    "name": "Rules at the Table",
    "short_name": "Rules",
    "description": "Rules reference and calculators for Basic Fantasy RPG, GURPS Lite and SHELL. Works offline.",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "background_color": "#ffffff",
    "theme_color": "#795548",
    "icons": [
        {"src": f"assets/icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": "any"}
        for size in (192, 512)
    ] + [
        {"src": "assets/icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        {"src": "assets/icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
    ],
}


def write_web_manifest(site_dir: Path) -> None:
    (Path(site_dir) / "manifest.webmanifest").write_text(json.dumps(WEB_MANIFEST, indent=2), encoding="utf-8")
