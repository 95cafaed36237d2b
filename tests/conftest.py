"""Shared fixtures: one strict build of the site per test run, served on 127.0.0.1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("webkit", "firefox")


def pytest_addoption(parser):
    # Here rather than in tests/engines/conftest.py: pytest reads options only from the
    # conftest files it loads at start-up, which for a plain `pytest` (./run test) is this one.
    group = parser.getgroup("engines", "WebKitGTK and Firefox through WebDriver (tests/engines)")
    group.addoption("--engines", default=",".join(ENGINES),
                    help="comma-separated WebDriver engines to test: webkit, firefox (empty: none)")
    group.addoption("--all-engines", action="store_true", default=False,
                    help="the whole matrix in WebKitGTK and Firefox: every calculator and a cold load of every "
                         "page offline (default: a representative subset)")


@pytest.fixture(scope="session")
def site_build(tmp_path_factory):
    """Build the site once with ``mkdocs build --strict``; the result carries the outcome."""
    site_dir = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    completed = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    return completed, site_dir


@pytest.fixture(scope="session")
def site_dir(site_build):
    completed, directory = site_build
    if completed.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{completed.stdout}\n{completed.stderr}")
    return directory


@pytest.fixture(scope="session")
def site_url(site_dir):
    from widgets.serve import serve_in_thread

    server, url = serve_in_thread(str(site_dir))
    yield url
    server.shutdown()
    server.server_close()


def pytest_terminal_summary(terminalreporter):
    """The figures a reader of the run wants: what the tests actually tried."""
    from tests.browser.stats import STATS
    from tests.test_properties import TRIED

    lines = [f"{name}: {count}" for name, count in sorted(STATS.items())]
    if TRIED:
        lines.append(f"property-test examples: {sum(TRIED.values())} over {len(TRIED)} calculators "
                     f"(at least {min(TRIED.values())} each)")
    if lines:
        terminalreporter.section("what was checked")
        for line in lines:
            terminalreporter.write_line(line)
