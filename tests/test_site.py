"""The site build: strict MkDocs, and every fence in docs/ agrees with rulescore."""

from __future__ import annotations

import json
import re
import zipfile
from html import unescape
from pathlib import Path

from markdown_it import MarkdownIt

import rulescore
from widgets import engine
from rulescore.web import respond

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
    for name in ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (site_dir / "pyodide" / name).stat().st_size > 0
    with zipfile.ZipFile(site_dir / "assets" / "engine" / "rulescore.whl") as wheel:
        names = wheel.namelist()
    # With pyodide-build set up (./run does it where a Python 3.13 exists) the modules ship as
    # bytecode for the runtime's Python; otherwise as source.
    suffix = ".pyc" if engine.PYODIDE_BUILD.exists() else ".py"
    assert f"rulescore/gurps{suffix}" in names and f"rulescore/core{suffix}" in names
    assert any(n.endswith(".dist-info/WHEEL") for n in names)
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.13.")  # the runtime the wheel is compiled for
    assert '"0.29.5"' in (site_dir / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")


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
