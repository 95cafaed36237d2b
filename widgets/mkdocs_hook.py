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

from widgets import bundle, engine, offline, packed, render, snapshot, stdlib  # noqa: E402

log = logging.getLogger("mkdocs.hooks.widgets")


def on_config(config):
    GAMES.clear()
    # The fences are bound to each page in on_page_markdown; listed here too so that a page
    # rendered outside the hook's events still knows them.
    set_fences(config, render.PageFences(""))
    return config


def set_fences(config, fences: render.PageFences) -> None:
    """Give superfences this page's fence formatters (MkDocs reads mdx_configs per page)."""
    superfences = config.mdx_configs.setdefault("pymdownx.superfences", {})
    others = [fence for fence in superfences.get("custom_fences", []) if fence["name"] not in dict(render.fences())]
    superfences["custom_fences"] = others + fences.custom_fences()


# Browser libraries from npm (package.json pins them), served from the site itself.
VENDORED = {
    "assets/vendor/uqr.mjs": ROOT / "node_modules" / "uqr" / "dist" / "index.mjs",  # QR codes
    "assets/vendor/idb.mjs": ROOT / "node_modules" / "idb" / "build" / "index.js",  # IndexedDB with promises
    # The engine's big files decompressed on the device (engine-files.js, widgets/packed.py).
    "assets/vendor/fzstd.mjs": ROOT / "node_modules" / "fzstd" / "esm" / "index.mjs",
    # Reading QR codes (table-scan.js): the ES module imports "./qr-scanner-worker.min.js", so
    # the two sit side by side under their own names.
    "assets/vendor/qr-scanner.min.js": ROOT / "node_modules" / "qr-scanner" / "qr-scanner.min.js",
    "assets/vendor/qr-scanner-worker.min.js": ROOT / "node_modules" / "qr-scanner" / "qr-scanner-worker.min.js",
}


def on_files(files, config):
    # The browser side lives in widgets/assets, a folder per feature; it is served as assets/widgets/,
    # the pages' modules and styles as one bundle each under its entry's name (widgets/bundle.py).
    made, bundled = bundle.page_bundles()
    for path in sorted(bundle.ASSETS.rglob("*")):
        if path.is_file() and path.resolve() not in bundled:
            served = f"assets/widgets/{path.relative_to(bundle.ASSETS).as_posix()}"
            if path in made:
                files.append(File.generated(config, served, content=made[path]))
            else:
                files.append(File.generated(config, served, abs_src_path=str(path)))
    for served, source in VENDORED.items():
        if not source.is_file():
            raise RuntimeError(f"{source.relative_to(ROOT)} is missing: run npm ci")
        files.append(File.generated(config, served, abs_src_path=str(source)))
    return files


def on_page_markdown(markdown, page, config, files):
    # A fresh set of fences for each page: rule links relative to it, its calculators listed.
    page.calculator_fences = render.PageFences(page.url)
    set_fences(config, page.calculator_fences)
    return markdown


def game_of(page) -> str | None:
    """The game a page belongs to: its top-level section in the nav ("GURPS Lite")."""
    sections = [ancestor for ancestor in page.ancestors if getattr(ancestor, "is_section", False)]
    return sections[-1].title if sections else None


# Page URL -> game, for the search index (written after every page is rendered).
GAMES: dict[str, str] = {}


def on_page_content(html, page, config, files):
    game = game_of(page)
    if game and (page.title or "") != game:
        GAMES[page.url] = game
    calculators = page.calculator_fences.calculators
    # A GM screen (the screen fence) is nothing but its calculators: it needs no strip.
    if calculators and 'class="rc-screen"' not in html:
        # A page's calculators sit among its rules, often far down: a strip under the title
        # links to each, in page order.
        strip = render.calculators_strip(list(dict.fromkeys(calculators)))
        at = html.find("</h1>")
        html = html[: at + 5] + strip + html[at + 5:] if at >= 0 else strip + html
    return html


# Only this site's own files may run or be fetched. 'wasm-unsafe-eval' lets Pyodide compile
# its WebAssembly; styles may be inline (the theme sets some), scripts only by hash.
# worker-src adds blob: for one reason: the vendored QR decoder (qr-scanner-worker.min.js, served
# from this site) starts its worker from a blob: URL it makes of its own code; a blob can only
# be made by a script this policy already let run, and scripts, images and fetches get no blob:.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {hashes}; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; manifest-src 'self'; "
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


# mkdocs-material's own script, at the end of <body>.
THEME_SCRIPT = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')


# First in <head> of every page: lets instant navigation work wherever the site is hosted
# (the file says how). Its comments stay in the file.
SITEMAP_FIX = "".join(
    line for line in (Path(__file__).resolve().parent / "sitemap-fix.js").read_text(encoding="utf-8").splitlines(True)
    if not line.lstrip().startswith("//"))


def on_post_page(output, page, config):
    output = THEME_SEARCH.sub(lambda found: f'{found.group(1)}{SEARCH_ON_DEMAND}"', output, count=1)
    head = ""
    if 'data-calculator="' in output:
        src = json.dumps(get_relative_url("assets/widgets/engine/engine-worker.js", page.url))
        # The theme's script is loaded by engine-start.js, after the engine's first answers.
        theme = THEME_SCRIPT.search(output)
        if not theme:
            raise RuntimeError(f"{page.file.src_uri}: the theme's script tag was not found")
        output = output[: theme.start()] + output[theme.end():]
        start = ENGINE_START.replace("WORKER_URL", src).replace("THEME_URL", json.dumps(theme.group(1)))
        head = f"<script>{start}</script>"
    output = output.replace("</head>", head + "</head>", 1)
    first = ""
    if config.site_url:
        built = escape_xml(config.site_url.rstrip("/") + "/")
        root = get_relative_url(".", page.url).rstrip("/") + "/"
        fix = SITEMAP_FIX.replace("BUILT_ROOT", json.dumps(built)).replace("PAGE_ROOT", json.dumps(root))
        first = f"<script>{fix}</script>"
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(first + output)}">'
    # After the charset declaration, which must stay within the first 1024 bytes; the policy
    # before any script.
    charset = re.search(r"<meta charset=[^>]*>", output)
    if charset:
        return output[: charset.end()] + meta + first + output[charset.end():]
    return re.sub(r"(<head[^>]*>)", lambda m: m.group(1) + meta + first, output, count=1)


def escape_xml(text: str) -> str:
    """A URL as sitemap.xml writes it (MkDocs escapes it like HTML text)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def name_games_in_search(site_dir: Path) -> int:
    """Search results name the game: each page's own entry in the search index gets its
    game after its title ("Encumbrance · SHELL"); the page's sections are listed under it."""
    path = site_dir / "search" / "search_index.json"
    if not path.exists():
        return 0
    index = json.loads(path.read_text(encoding="utf-8"))
    named = 0
    for entry in index["docs"]:
        game = GAMES.get(entry["location"])  # a page's own entry has no "#"
        if game and not entry["title"].endswith(f" · {game}"):
            entry["title"] = f"{entry['title']} · {game}"
            named += 1
    path.write_text(json.dumps(index, separators=(",", ":")), encoding="utf-8")
    return named


# The theme's search worker as pages name it in their configuration, and the worker written
# beside it that starts it on a reader's first search (search-on-demand.js says why).
THEME_SEARCH_FILE = r"search\.[0-9a-f]+\.min\.js"
THEME_SEARCH = re.compile(r'("search": "[^"]*?assets/javascripts/workers/)(' + THEME_SEARCH_FILE + ')"')
SEARCH_ON_DEMAND = "search-on-demand.js"


def write_search_on_demand(site_dir: Path) -> str:
    """search-on-demand.js written beside the theme's search worker, naming it; its name."""
    workers = site_dir / "assets" / "javascripts" / "workers"
    (theme,) = [path.name for path in workers.glob("search.*.min.js")]
    source = (Path(__file__).resolve().parent / SEARCH_ON_DEMAND).read_text(encoding="utf-8")
    (workers / SEARCH_ON_DEMAND).write_text(source.replace("THEME_WORKER", json.dumps(theme)), encoding="utf-8")
    return theme


def on_post_build(config):
    site_dir = Path(config.site_dir)
    theme_search = write_search_on_demand(site_dir)
    log.info("search: the index is built on a reader's first search (%s started then)", theme_search)
    # The search plugin has written its index by now (hooks run after plugins).
    named = name_games_in_search(site_dir)
    log.info("search: %d page entries name their game", named)
    done = engine.write_engine(site_dir)
    how = "precompiled with pyodide py-compile" if done["precompiled"] else "as source (pyodide-build not set up)"
    log.info("engine: rulescore wheel %s; Pyodide runtime copied", how)
    # The standard library trimmed to what the engine imports (measured, then checked): before
    # the snapshot's key, which covers it.
    lib = stdlib.write_stdlib(site_dir)
    if "error" in lib:
        log.info("engine: the whole standard library served (%s), %.1f MB", lib["error"], lib["full_bytes"] / 1e6)
    else:
        log.info("engine: standard library trimmed to %d files%s, %.2f MB of %.2f MB (%s)", lib["files"],
                 " as bytecode" if lib["precompiled"] else "", lib["bytes"] / 1e6, lib["full_bytes"] / 1e6,
                 "list reused" if lib["reused"] else "measured")
    # From the files just written; before the service worker, which records the worker's hash.
    key = snapshot.write_snapshot_key(site_dir)
    log.info("engine: memory snapshot made on each device (key %s)", key[:12])
    # After everything that reads the plain files; before the precache list, which must list the .zst.
    packing = packed.pack_engine(site_dir)
    log.info("engine: %d files shipped zstd-compressed, %.2f MB of %.2f MB", packing["files"],
             packing["packed_bytes"] / 1e6, packing["plain_bytes"] / 1e6)
    offline.write_web_manifest(site_dir)
    # Last: the precache list hashes every file the steps above wrote.
    saved = offline.write_service_worker(site_dir)
    log.info("offline: sw.js precaches %d files, %.1f MB (version %s)",
             saved["files"], saved["bytes"] / 1e6, saved["version"])
