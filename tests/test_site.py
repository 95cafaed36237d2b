"""The site build: strict MkDocs, and every fence in docs/ agrees with rulescore."""

from __future__ import annotations

import io
import json
import re
import zipfile
from html import unescape
from pathlib import Path

from markdown_it import MarkdownIt

import rulescore
from rulescore.web import respond
from widgets import bundle, engine, packed
from widgets.mkdocs_hook import THEME_SCRIPT

DOCS = Path(__file__).resolve().parent.parent / "docs"
FENCE_KINDS = ("calculator", "table", "example")


def fences():
    """(page, kind, content) of every calculator/table/example fence in docs/."""
    parser = MarkdownIt("commonmark")
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        for token in parser.parse(page.read_text(encoding="utf-8")):
            if token.type == "fence" and token.info.strip() in FENCE_KINDS:
                found.append((page.relative_to(DOCS).as_posix(), token.info.strip(), token.content.strip()))
    return found


def test_strict_build_passes(site_build):
    completed, site_dir = site_build
    assert completed.returncode == 0, completed.stderr
    assert "WARNING" not in completed.stderr
    assert (site_dir / "gurps" / "encumbrance" / "index.html").exists()


def test_every_calculator_fence_names_a_calculator_and_every_calculator_is_placed():
    catalogue = {calc["id"]: calc for calc in rulescore.catalogue()}
    placed = {}
    for page, kind, content in fences():
        if kind == "calculator":
            assert content in catalogue, f"{page}: calculator fence names unknown {content!r}"
            placed.setdefault(content, []).append(page)
    assert set(placed) == set(catalogue), f"not placed on any page: {set(catalogue) - set(placed)}"
    for calc_id, pages in placed.items():
        # The catalogue's page link must point at the page that places the calculator.
        expected = catalogue[calc_id]["page"].rstrip("/") + ".md"
        assert expected in pages, f"{calc_id}: catalogue page {expected} but placed on {pages}"


def test_every_table_and_example_fence_is_valid():
    tables = set(rulescore.tables())
    for page, kind, content in fences():
        if kind == "table":
            assert content in tables, f"{page}: unknown table {content!r}"
        if kind == "example":
            calc_id, *assignments = content.split()
            answer = respond(calc_id, dict(a.split("=", 1) for a in assignments))
            assert answer["ok"], f"{page}: {content}: {answer}"


def test_tables_are_rendered_from_rulescore(site_dir):
    html = (site_dir / "gurps" / "encumbrance" / "index.html").read_text(encoding="utf-8")
    data = rulescore.table("gurps.encumbrance_levels")
    table = re.search(r'data-table="gurps.encumbrance_levels".*?</table>', html, re.S).group(0)
    cells = re.findall(r"<td>(.*?)</td>", table)
    assert len(cells) == len(data["rows"]) * len(data["columns"])
    assert cells[len(data["columns"]) + 2] == "2 × BL"


def test_static_results_are_the_cpython_defaults(site_dir):
    """Before any JavaScript, each form already shows rulescore's default result."""
    for calc in rulescore.catalogue():
        html = (site_dir / calc["page"] / "index.html").read_text(encoding="utf-8")
        assert f'data-calculator="{calc["id"]}" data-state="static"' in html
        form = re.search(rf'<form [^>]*data-calculator="{re.escape(calc["id"])}".*?</form>', html, re.S).group(0)
        expected = respond(calc["id"])
        for name, shown in expected["outputs"].items():
            match = re.search(rf'data-output="{name}" data-value="([^"]*)">([^<]*)<', form)
            assert match, f"{calc['id']}: no output {name}"
            assert json.loads(unescape(match.group(1))) == shown["value"]
            assert unescape(match.group(2)) == shown["text"]


def test_engine_files_are_in_the_site(site_dir):
    # The WebAssembly, the standard library and the wheel are served zstd-compressed (tests/test_packed.py).
    for name in ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm.zst", "python_stdlib.zip.zst", "pyodide-lock.json"):
        assert (site_dir / "pyodide" / name).stat().st_size > 0
    with zipfile.ZipFile(io.BytesIO(packed.plain_bytes(site_dir, "assets/engine/rulescore.whl"))) as wheel:
        names = wheel.namelist()
    # With pyodide-build set up (./run does it where a Python 3.13 exists) the modules ship as
    # bytecode for the runtime's Python; otherwise as source.
    suffix = ".pyc" if engine.PYODIDE_BUILD.exists() else ".py"
    for module in ("core", "bfrpg/__init__", "gurps/encumbrance", "shell/combat"):
        assert f"rulescore/{module}{suffix}" in names, module
    assert any(n.endswith(".dist-info/WHEEL") for n in names)
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.13.")  # the runtime the wheel is compiled for
    assert '"0.29.5"' in (site_dir / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")


def test_each_page_runs_one_bundle_and_the_worker_finds_its_modules(site_dir):
    """Pages name one module script and one stylesheet of ours, the bundles (widgets/bundle.py)
    holding what their entries list; a file only a bundle needs is not served again, the
    worker's modules are."""
    widgets = site_dir / "assets" / "widgets"
    for page in site_dir.rglob("index.html"):
        html = page.read_text(encoding="utf-8")
        scripts = re.findall(r'<script src="([^"]+)" type="module">', html)
        assert [src.rsplit("assets/", 1)[-1] for src in scripts] == ["widgets/core/pages.js"], page
        styles = re.findall(r'<link rel="stylesheet" href="[^"]*assets/(widgets/[^"]+)">', html)
        assert styles == ["widgets/styles/pages.css"], page
    assert [p.name for p in (widgets / "styles").iterdir()] == ["pages.css"]
    assert b"@media print" in (widgets / "styles" / "pages.css").read_bytes()
    served = (widgets / "core" / "pages.js").read_bytes()
    made, bundled = bundle.page_bundles()
    assert served == made[bundle.PAGES_ENTRY]
    assert not re.search(rb'^\s*import\s*["{]', served, re.M)  # nothing left for the browser to fetch
    listed = re.findall(r'^import "([^"]+)";$', bundle.PAGES_ENTRY.read_text(encoding="utf-8"), re.M)
    assert len(listed) == 8
    for module in listed:  # each in the bundle, and not served on its own
        source = (bundle.PAGES_ENTRY.parent / module).resolve()
        assert source in bundled and not (widgets / source.relative_to(bundle.ASSETS)).exists(), module
    for module in ("engine-worker.js", "engine-files.js", "engine-snapshot.js"):
        assert (widgets / "engine" / module).stat().st_size > 0, module  # (the build fills in the worker's keys)
    assert not (widgets / "engine" / "engine.js").exists()


def test_a_calculator_page_leaves_the_theme_script_to_the_engine_start(site_dir):
    """On a page with calculators the theme's script is loaded by the engine's start in <head>
    (widgets/engine-start.js), not by its own tag; every other page keeps the tag."""
    with_calculators = 0
    for page in site_dir.rglob("index.html"):
        html = page.read_text(encoding="utf-8")
        tags = THEME_SCRIPT.findall(html)
        if 'data-calculator="' not in html:
            assert len(tags) == 1, page
            continue
        with_calculators += 1
        assert not tags, page
        (theme,) = re.findall(r'script\.src = "([^"]+)"', html)
        assert (page.parent / theme).resolve().is_file(), page
    assert with_calculators > 20


def test_no_page_links_another_host_for_assets(site_dir):
    """Fonts, scripts and styles all come from the site itself."""
    for page in site_dir.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        html = re.sub(r'<link rel="canonical"[^>]*>', "", html)  # the published address: a name, not a fetch
        for attr in re.findall(r'<(?:script|link|img|iframe)[^>]*?(?:src|href)="([^"]+)"', html):
            assert not re.match(r"(https?:)?//", attr), f"{page}: {attr}"


def test_every_rule_link_in_the_working_reaches_a_heading(site_dir):
    """"§ rule" links beside each step must land on a real section of a built page."""
    from tests.samples import sample_cases

    checked = set()
    for calc in rulescore.catalogue():
        for inputs in [{}, *sample_cases(calc)]:
            answer = respond(calc["id"], inputs)
            for link in answer["ok"] and answer["rules"] or []:
                if not link or link in checked:
                    continue
                checked.add(link)
                path, _, anchor = link.partition("#")
                page = site_dir / path / "index.html"
                assert page.exists(), f"{calc['id']}: rule link {link} names no page"
                assert f'id="{anchor}"' in page.read_text(encoding="utf-8"), f"{calc['id']}: no #{anchor} on {path}"
    assert checked, "no step links to its rule"


def test_outputs_that_do_not_apply_are_hidden_in_the_static_page(site_dir):
    """A calculator's None (the output does not apply to the defaults) shows no row at all."""
    hidden_somewhere = 0
    for calc in rulescore.catalogue():
        html = (site_dir / calc["page"] / "index.html").read_text(encoding="utf-8")
        form = re.search(rf'<form [^>]*data-calculator="{re.escape(calc["id"])}".*?</form>', html, re.S).group(0)
        for name, shown in respond(calc["id"])["outputs"].items():
            row = re.search(rf'<div class="rc-output rc-output-{name}"( hidden)?><dt', form)
            assert row, f"{calc['id']}: no row for {name}"
            assert bool(row.group(1)) == (shown["value"] is None), f"{calc['id']}: {name}"
            hidden_somewhere += shown["value"] is None
    assert hidden_somewhere, "no default result has an output that does not apply"


def test_each_page_with_calculators_opens_with_links_to_them(site_dir):
    """Under the title, "Calculators on this page" links to each form, in page order."""
    pages = {}
    for page, kind, content in fences():
        if kind == "calculator":
            pages.setdefault(page, []).append(content)
    for page, calc_ids in pages.items():
        url = "" if page == "index.md" else page.removesuffix("index.md").removesuffix(".md").rstrip("/") + "/"
        html = (site_dir / url / "index.html").read_text(encoding="utf-8")
        strip = re.search(r'</h1><nav class="rc-on-this-page"[^>]*>(.*?)</nav>', html, re.S)
        assert strip, f"{page}: no strip right under the title"
        assert re.findall(r'href="#(calc-[^"]+)"', strip.group(1)) == \
            ["calc-" + calc_id.replace(".", "-") for calc_id in dict.fromkeys(calc_ids)], page
        for anchor in re.findall(r'href="#(calc-[^"]+)"', strip.group(1)):
            assert f'<form id="{anchor}"' in html, f"{page}: the strip links to a missing #{anchor}"
    assert pages
    home = (site_dir / "index.html").read_text(encoding="utf-8")
    article = re.search(r"<article.*?</article>", home, re.S).group(0)  # not only the site's tabs
    assert 'href="calculators/"' in article, "the home page links to the calculators index"


def test_titles_and_search_results_name_the_game(site_dir):
    def title(path):
        return re.search(r"<title>(.*?)</title>", (site_dir / path / "index.html").read_text(encoding="utf-8")).group(1)

    paths = ("", "gurps/", "gurps/encumbrance/", "shell/encumbrance/", "bfrpg/dungeon/", "calculators/")
    titles = {path: title(path) for path in paths}
    assert titles == {
        "": "Rules at the Table",
        "gurps/": "GURPS Lite · Rules at the Table",
        "gurps/encumbrance/": "Encumbrance and Move · GURPS Lite · Rules at the Table",
        "shell/encumbrance/": "Encumbrance · SHELL · Rules at the Table",
        "bfrpg/dungeon/": "Dungeon adventures · Basic Fantasy RPG · Rules at the Table",
        "calculators/": "Calculators · Rules at the Table",
    }
    docs = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    by_location = {doc["location"]: doc for doc in docs}
    assert by_location["gurps/encumbrance/"]["title"] == "Encumbrance and Move · GURPS Lite"
    assert by_location["shell/encumbrance/"]["title"] == "Encumbrance · SHELL"
    assert by_location["gurps/"]["title"] == "GURPS Lite"  # not "GURPS Lite · GURPS Lite"
    for doc in docs:
        page = doc["location"].split("#")[0]
        if "#" not in doc["location"] and page.split("/")[0] in ("gurps", "bfrpg", "shell") and page.count("/") > 1:
            assert " · " in doc["title"], doc["location"]
        # Calculator controls, default figures and status lines are not indexed.
        for control in ("The live calculator starts", "Copy link", "Enter a value", "Show the working<",
                        "Calculators on this page", "whole number, "):
            assert control not in doc["text"], (doc["location"], control)


def test_charts_name_their_axes_carry_a_summary_and_legend_their_kinds():
    from tests.samples import sample_cases

    seen = set()
    for calc in rulescore.catalogue():
        for inputs in [{}, *sample_cases(calc, random_cases=2)]:
            answer = respond(calc["id"], inputs)
            for svg in answer["ok"] and answer["charts"] or []:
                kinds = set(re.findall(r'<rect class="rc-bar rc-bar-([a-z-]+)"', svg))
                assert ">roll</text>" in svg and ">chance</text>" in svg, calc["id"]
                caption = re.search(r"<figcaption>(.*?)</figcaption>", svg).group(1)
                assert ": " in caption and caption.split(": ", 1)[1].strip(), f"{calc['id']}: a chart says nothing"
                legend = re.findall(r'<span class="rc-swatch rc-bar-([a-z-]+)"', svg)
                assert set(legend) == (kinds if kinds - {"neutral"} else set()), calc["id"]
                assert 'width="320"' in svg  # an intrinsic size, so no stylesheet can blow it up
                seen |= kinds
    assert {"success", "failure", "critical-success", "critical-failure", "neutral"} <= seen


def test_a_chart_without_a_summary_gets_one():
    from rulescore.web import chart_svg

    die = {"title": "1d6", "summary": "", "bars": [
        {"label": str(n), "p": 1 / 6, "kind": "success" if n >= 5 else "failure"} for n in range(1, 7)]}
    assert "<figcaption>1d6: success 33.33%, failure 66.67%</figcaption>" in chart_svg(die)
    plain = {"title": "1d4", "summary": "",
             "bars": [{"label": str(n), "p": 0.25, "kind": "neutral"} for n in range(1, 5)]}
    assert "<figcaption>1d4: 1 to 4</figcaption>" in chart_svg(plain) and "rc-legend" not in chart_svg(plain)


def test_number_fields_get_a_keypad_with_the_keys_they_need(site_dir):
    from widgets.render import keypad

    for calc in rulescore.catalogue():
        html = (site_dir / calc["page"] / "index.html").read_text(encoding="utf-8")
        for spec in calc["inputs"]:
            if spec["kind"] not in ("int", "number"):
                continue
            form = html.split(f'data-calculator="{calc["id"]}"')[1]
            field = re.search(rf'<input [^>]*name="{spec["name"]}"[^>]*>', form)
            mode = re.search(r'inputmode="([a-z]+)"', field.group(0)).group(1)
            negative = spec["min"] < 0
            assert mode == keypad(spec) == ("text" if negative else "numeric" if spec["kind"] == "int" else "decimal")
            assert 'type="text"' in field.group(0)  # type=number drops "5,75" and "abc"
            if spec["default"] < 0:
                assert f'value="\u2212{-spec["default"]}"' in field.group(0)
