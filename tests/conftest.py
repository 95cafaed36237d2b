"""Shared fixtures: one strict build of the site per test run, served on 127.0.0.1."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
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


def _shared_dir(tmp_path_factory) -> Path:
    """A folder every process of this run sees: the one ./run test names for both of its phases
    (RULES_TEST_SHARED), else pytest-xdist's workers each get their own base folder inside the
    run's, so they share its parent; a run without workers has its own."""
    if os.environ.get("RULES_TEST_SHARED"):
        return Path(os.environ["RULES_TEST_SHARED"])
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def site_build(tmp_path_factory):
    """Build the site once with ``mkdocs build --strict``; the result carries the outcome. Under
    pytest-xdist the first worker to get here builds it and the others wait for it and use it
    (the tests copy the site before changing anything in it)."""
    shared = _shared_dir(tmp_path_factory)
    site_dir, outcome = shared / "site", shared / "site-build.json"
    with (shared / "site-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not outcome.exists():
            env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
            completed = subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
                cwd=ROOT, env=env, capture_output=True, text=True,
            )
            outcome.write_text(json.dumps([completed.returncode, completed.stdout, completed.stderr]))
    returncode, stdout, stderr = json.loads(outcome.read_text())
    return subprocess.CompletedProcess([], returncode, stdout, stderr), site_dir


@pytest.fixture(scope="session")
def site_dir(site_build):
    completed, directory = site_build
    if completed.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{completed.stdout}\n{completed.stderr}")
    return directory


@pytest.fixture(scope="session")
def served_site(site_dir):
    """The built site's URL on this run's server (under its own name: some test modules
    override ``site_url`` with a private server, and session fixtures need this one)."""
    from widgets.serve import serve_in_thread

    server, url = serve_in_thread(str(site_dir))
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(served_site):
    return served_site


def pytest_configure(config):
    # pytest-playwright empties its output folder (test-results/) in every process at its first
    # test, which under pytest-xdist can delete a screenshot another worker just wrote: the
    # run's controller empties it once, before any worker starts (see delete_output_dir below).
    # ./run test empties it itself, once for its two phases (RULES_TEST_SHARED).
    if not hasattr(config, "workerinput") and not os.environ.get("RULES_TEST_SHARED"):
        shutil.rmtree(config.getoption("--output", "test-results"), ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def delete_output_dir():
    """Replaces pytest-playwright's fixture of this name (see pytest_configure)."""


def _counts():
    from tests.browser.stats import STATS
    from tests.test_properties import TRIED

    return STATS, TRIED


def pytest_sessionfinish(session):
    """A pytest-xdist worker hands its counts to the controller, which prints them."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        stats, tried = _counts()
        workeroutput["rules_counts"] = json.dumps([dict(stats), dict(tried)])


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    stats, tried = _counts()
    sent = getattr(node, "workeroutput", {}).get("rules_counts")
    if sent:
        worker_stats, worker_tried = json.loads(sent)
        for name, value in worker_stats.items():  # counts add up; a sentence or a median is kept as said
            both_counts = isinstance(value, int) and isinstance(stats.get(name, 0), int)
            stats[name] = stats.get(name, 0) + value if both_counts else value
        tried.update(worker_tried)


def pytest_terminal_summary(terminalreporter):
    """The figures a reader of the run wants: what the tests actually tried."""
    STATS, TRIED = _counts()

    lines = [f"{name}: {count}" for name, count in sorted(STATS.items())]
    if TRIED:
        lines.append(f"property-test examples: {sum(TRIED.values())} over {len(TRIED)} calculators "
                     f"(at least {min(TRIED.values())} each)")
    if lines:
        terminalreporter.section("what was checked")
        for line in lines:
            terminalreporter.write_line(line)
