"""The pages' scripts and styles as one file each: esbuild (pinned in package.json) bundles the
modules every page runs (widgets/assets/core/pages.js imports them in order) and the site's
stylesheets (styles/pages.css) into the files served under those entries' names.

Why: a page used to ask for about 60 small modules and 7 stylesheets, each a request through
the service worker (and a module to link). Bundled, a warm page load took about 14 % less CPU
in Chromium and reached its live calculators sooner (PERFORMANCE.md, "The pages' scripts and
styles in one file each").

The engine's worker is not bundled: it is started by URL and imports its own modules, so the
modules it reaches are served as they are, the same sources as in the bundle. A module that
only the bundle uses is not served on its own (it would only add to what a device saves offline).
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "widgets" / "assets"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
PAGES_ENTRY = ASSETS / "core" / "pages.js"  # served as the bundle; its folder depth is the modules'
STYLES_ENTRY = ASSETS / "styles" / "pages.css"
WORKER_ENTRY = ASSETS / "engine" / "engine-worker.js"


def _esbuild(entry: Path) -> tuple[bytes, set[Path]]:
    """The bundle of ``entry`` and the source files it took in. Dynamic imports of computed URLs
    (the vendored libraries, Pyodide) stay as they are; relative URLs made from import.meta.url
    still resolve, since the bundle sits at the same folder depth as the modules."""
    if not ESBUILD.is_file():
        raise RuntimeError("node_modules/.bin/esbuild is missing: run npm ci")
    with tempfile.TemporaryDirectory() as scratch:
        out, meta = Path(scratch) / f"out{entry.suffix}", Path(scratch) / "meta.json"
        # Whitespace and syntax minified, names kept: a page error still names its function.
        subprocess.run([str(ESBUILD), str(entry), "--bundle", "--format=esm", "--charset=utf8",
                        "--minify-whitespace", "--minify-syntax", "--log-level=error",
                        f"--outfile={out}", f"--metafile={meta}"], check=True, cwd=ROOT)
        inputs = {(ROOT / name).resolve() for name in json.loads(meta.read_text(encoding="utf-8"))["inputs"]}
        return out.read_bytes(), inputs


def page_bundles() -> tuple[dict[Path, bytes], set[Path]]:
    """Each entry's bundle (by entry), and the sources the site need not serve on their own."""
    scripts, bundled = _esbuild(PAGES_ENTRY)
    styles, styled = _esbuild(STYLES_ENTRY)
    _, worker_modules = _esbuild(WORKER_ENTRY)  # only which modules the worker reaches
    made = {PAGES_ENTRY: scripts, STYLES_ENTRY: styles}
    return made, (bundled | styled) - worker_modules - set(made)
