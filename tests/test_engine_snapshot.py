"""The engine's memory snapshot: the key the build gives (widgets/snapshot.py), and what a start
from a snapshot makes fresh again (widgets/assets/engine/engine-snapshot.js), checked under Node
with a snapshot made there as a device makes one. The browser side, where the device makes and
keeps it, is tests/browser/test_snapshot.py."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from widgets import offline, snapshot

ROOT = Path(__file__).resolve().parent.parent


def fake_site(directory: Path) -> Path:
    """The files a snapshot is made from, as small stand-ins, and the engine worker."""
    for name in snapshot.INPUTS:
        (directory / name).parent.mkdir(parents=True, exist_ok=True)
        (directory / name).write_bytes(name.encode())
    worker = directory / snapshot.WORKER
    worker.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / "widgets" / "assets" / "engine" / "engine-worker.js", worker)
    return directory


def test_the_key_covers_the_wheel_and_the_runtime(tmp_path):
    site = fake_site(tmp_path)
    first = snapshot.snapshot_key(site)
    assert snapshot.snapshot_key(site) == first
    for changed in ("assets/engine/rulescore.whl", "pyodide/python_stdlib.zip", "pyodide/pyodide.asm.wasm"):
        original = (site / changed).read_bytes()
        (site / changed).write_bytes(original + b"changed")
        assert snapshot.snapshot_key(site) != first, changed
        (site / changed).write_bytes(original)
    assert snapshot.snapshot_key(site) == first


def test_the_build_gives_the_worker_its_key_and_ships_no_snapshot(tmp_path):
    site = fake_site(tmp_path / "site")
    key = snapshot.write_snapshot_key(site)
    assert key == snapshot.snapshot_key(site)
    worker = (site / snapshot.WORKER).read_text()
    assert json.dumps({"url": snapshot.SNAPSHOT_URL, "key": key}) in worker
    assert snapshot.PLACEHOLDER not in worker
    offline.write_service_worker(site)
    assert "snapshot" not in (site / "sw.js").read_text().split("self.PRECACHE = ", 1)[1].split(";", 1)[0]
    assert not (site / snapshot.SNAPSHOT_URL).exists()


def test_the_built_site_has_no_snapshot_and_its_worker_a_key(site_dir):
    assert not (site_dir / snapshot.SNAPSHOT_URL).exists()
    assert snapshot.PLACEHOLDER not in (site_dir / snapshot.WORKER).read_text()


# Boots the built site's Pyodide under Node, from its snapshot or plain, and prints what a
# start must not take from the build machine: the time zone, the dice, the wheel on disk.
# The site's engine files are read as Pyodide takes them (widgets/plain-site.mjs: the big ones are
# served zstd-compressed).
START = """
import { readFile } from "node:fs/promises";
const [site, how, made, helper] = process.argv.slice(2);
const { indexURL, loaderURL, wheel } = (await import(helper)).plainSite(site);
const { loadPyodide } = await import(loaderURL);
const { freshStart, mountWheel, readSnapshotFile } = await import(site + "/assets/widgets/engine/engine-snapshot.js");
let pyodide;
if (how === "snapshot") {
  const { snapshot } = readSnapshotFile(new Uint8Array(await readFile(made)));
  pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
  freshStart(pyodide, wheel);
} else {
  pyodide = await loadPyodide({ indexURL });
  mountWheel(pyodide, wheel);
}
console.log(pyodide.runPython(`
import importlib, json, random, sys, time
import rulescore.notation
importlib.reload(rulescore.notation)  # read again from the wheel
json.dumps({"zone": [time.timezone, time.altzone, time.daylight, list(time.tzname)],
            "dice": [random.randint(1, 6) for _ in range(20)],
            "path": sys.path, "from": rulescore.notation.__file__})
`));
"""


def start(site_dir: Path, how: str, tmp_path: Path, zone: str) -> dict:
    script = tmp_path / "start.mjs"
    script.write_text(START)
    completed = subprocess.run(
        ["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(script), str(site_dir), how,
         str(tmp_path / "made.snapshot"), (ROOT / "widgets" / "plain-site.mjs").as_uri()],
        capture_output=True, text=True, timeout=120, env={**os.environ, "TZ": zone}, check=True)
    return json.loads(completed.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not shutil.which("node"), reason="Node.js is needed to start Pyodide outside a browser")
def test_a_start_from_the_snapshot_reads_the_time_zone_and_rolls_its_own_dice(site_dir, tmp_path):
    # Made the way a device makes one (engine-snapshot.js's makeSnapshotFile), under Node and UTC.
    maker = ROOT / "widgets" / "make-snapshot.mjs"
    key = snapshot.snapshot_key(site_dir)
    subprocess.run(["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(maker), str(site_dir), key,
                    str(tmp_path / "made.snapshot")],
                   capture_output=True, timeout=300, env={**os.environ, "TZ": "UTC"}, check=True)
    # A zone the build machine is unlikely to be in, with summer time: both offsets must be right.
    zone = "America/New_York"
    plain = start(site_dir, "plain", tmp_path, zone)
    first = start(site_dir, "snapshot", tmp_path, zone)
    second = start(site_dir, "snapshot", tmp_path, zone)
    assert first["zone"] == second["zone"] == plain["zone"]
    assert plain["zone"][0] == 5 * 3600  # the plain boot itself reads the zone: the comparison means something
    assert first["dice"] != second["dice"]
    wheel = "/home/pyodide/rulescore.whl"
    assert wheel in first["path"] and first["from"].startswith(wheel + "/")
