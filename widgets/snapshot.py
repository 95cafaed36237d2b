"""The engine's memory snapshot: made at build time under Node, started from in the browser
once the service worker has cached it (see widgets/assets/engine/engine-snapshot.js).

The snapshot is keyed by a hash of everything that goes into it: the Pyodide runtime and
standard library the site serves, the rulescore wheel, and the code that makes it. Pyodide
itself checks only that the runtime matches, so the engine worker compares this key too and
boots plain when it differs. Snapshots are not byte-reproducible, so one made for a key is
kept in ``.snapshot-cache/`` and reused while the key stays the same.

Making one must never break the build: without Node, or when it fails, the site is built
without a snapshot (logged) and every visit boots plain.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("RULES_SNAPSHOT_CACHE", ROOT / ".snapshot-cache"))
MAKER = Path(__file__).resolve().parent / "make-snapshot.mjs"
SHARED = Path(__file__).resolve().parent / "assets" / "engine" / "engine-snapshot.js"
SNAPSHOT_URL = "assets/engine/engine.snapshot"  # relative to the site root
WORKER = "assets/widgets/engine/engine-worker.js"
# The line of engine-worker.js that the build replaces with this build's snapshot.
PLACEHOLDER = "const SNAPSHOT = /** @type {{url: string, key: string} | null} */ (null);"
# What a snapshot is made from, as served (relative to the site root), plus the code making it.
INPUTS = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.js", "pyodide/pyodide.asm.wasm",
          "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "assets/engine/rulescore.whl")


def snapshot_key(site_dir: Path) -> str:
    digest = hashlib.sha256()
    for path in [Path(site_dir) / name for name in INPUTS] + [MAKER, SHARED]:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _make(site_dir: Path, key: str, out: Path) -> None:
    node = shutil.which("node")
    if not node:
        raise RuntimeError("Node.js is not installed")
    partial = out.with_suffix(".partial")
    completed = subprocess.run(
        [node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(MAKER), str(site_dir), key, str(partial)],
        capture_output=True, text=True, timeout=300,
    )
    if completed.returncode != 0:
        partial.unlink(missing_ok=True)
        lines = (completed.stderr or completed.stdout).strip().splitlines()
        raise RuntimeError(lines[-1] if lines else f"node exited with {completed.returncode}")
    partial.replace(out)


def write_snapshot(site_dir: Path) -> dict:
    """Put this build's snapshot into the site and tell the engine worker its key. Returns what
    was done: {"key", "bytes", "reused"}, or {"error"} when the site goes without one."""
    site_dir = Path(site_dir)
    key = snapshot_key(site_dir)
    cached = CACHE / f"{key}.snapshot"
    reused = cached.is_file()
    try:
        if not reused:
            CACHE.mkdir(parents=True, exist_ok=True)
            _make(site_dir, key, cached)
            for old in CACHE.glob("*.snapshot"):  # one key at a time is all a build needs
                if old != cached:
                    old.unlink()
    except (OSError, RuntimeError, subprocess.SubprocessError) as error:
        return {"error": str(error) or type(error).__name__}
    shutil.copyfile(cached, site_dir / SNAPSHOT_URL)
    worker = site_dir / WORKER
    script = worker.read_text(encoding="utf-8")
    if PLACEHOLDER not in script:
        raise RuntimeError(f"{WORKER} lost its snapshot placeholder")
    info = json.dumps({"url": SNAPSHOT_URL, "key": key})
    worker.write_text(script.replace(PLACEHOLDER, f"const SNAPSHOT = {info};"), encoding="utf-8")
    return {"key": key, "bytes": cached.stat().st_size, "reused": reused}
