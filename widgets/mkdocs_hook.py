"""The MkDocs hook (``hooks:`` in mkdocs.yml): calculator and table fences, browser assets,
and the engine files (rulescore wheel, vendored Pyodide) written into the built site."""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import re
import sys
from pathlib import Path

# MkDocs loads this file by path; the project root must be importable for rulescore/widgets.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.structure.files import File  # noqa: E402
from mkdocs.utils import get_relative_url  # noqa: E402

from widgets import engine, offline, render  # noqa: E402

log = logging.getLogger("mkdocs.hooks.widgets")
ASSETS = Path(__file__).resolve().parent / "assets"
FENCES = (
    ("calculator", render.calculator_fence),
    ("table", render.table_fence),
    ("example", render.example_fence),
    ("calculators", render.calculator_list_fence),
)


def on_config(config):
    superfences = config.mdx_configs.setdefault("pymdownx.superfences", {})
    custom = superfences.setdefault("custom_fences", [])
    known = {fence["name"] for fence in custom}
    for name, formatter in FENCES:
        if name not in known:
            custom.append({"name": name, "class": name, "format": formatter})
    return config


def on_files(files, config):
    # The browser side lives in widgets/assets; it is served as assets/widgets/.
    for path in sorted(ASSETS.iterdir()):
        files.append(File.generated(config, f"assets/widgets/{path.name}", abs_src_path=str(path)))
    return files


def on_page_markdown(markdown, page, config, files):
    render.current_page_url = page.url  # fences below render rule links relative to it
    return markdown


# Only this site's own files may run or be fetched. 'wasm-unsafe-eval' lets Pyodide compile
# its WebAssembly; styles may be inline (the theme sets some), scripts only by hash.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {hashes}; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
       "object-src 'none'; base-uri 'self'; form-action 'self'")
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)


def content_security_policy(html: str) -> str:
    """The policy for one page, allowing exactly the inline scripts it carries."""
    hashes = []
    for attributes, body in INLINE_SCRIPT.findall(html):
        if "application/json" in attributes:  # a data block, never run
            continue
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    return CSP.format(hashes=" ".join(sorted(set(hashes))))


# Last in <head> of a page with calculators: starts the engine worker once the stylesheets
# are in (the file says why there). Its comments stay in the file rather than every page.
ENGINE_START = "".join(
    line for line in (Path(__file__).resolve().parent / "engine-start.js").read_text(encoding="utf-8").splitlines(True)
    if not line.lstrip().startswith("//"))


def on_post_page(output, page, config):
    head = ""
    if 'data-calculator="' in output:
        src = json.dumps(get_relative_url("assets/widgets/engine-worker.js", page.url))
        head = f"<script>{ENGINE_START.replace('WORKER_URL', src)}</script>"
    output = output.replace("</head>", head + "</head>", 1)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(output)}">'
    return re.sub(r"(<head[^>]*>)", lambda m: m.group(1) + meta, output, count=1)


def on_post_build(config):
    site_dir = Path(config.site_dir)
    done = engine.write_engine(site_dir)
    how = "precompiled with pyodide py-compile" if done["precompiled"] else "as source (pyodide-build not set up)"
    log.info("engine: rulescore wheel %s; Pyodide runtime copied", how)
    offline.write_web_manifest(site_dir)
    # Last: the precache list hashes every file the steps above wrote.
    saved = offline.write_service_worker(site_dir)
    log.info("offline: sw.js precaches %d files, %.1f MB (version %s)", saved["files"], saved["bytes"] / 1e6, saved["version"])
