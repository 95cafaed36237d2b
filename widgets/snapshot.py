"""The engine's memory snapshot: made on each device, not at build time. Once the site is saved
offline, the engine worker makes it from the files the device already has and keeps it in Cache
Storage; later starts begin from it (widgets/assets/engine/engine-snapshot.js).

The build gives the engine worker the key a snapshot must carry: a hash of everything that goes
into one (the Pyodide runtime and standard library the site serves, the rulescore wheel, and the
code that makes it). Pyodide itself checks only that the runtime matches, so the worker compares
this key and boots plain (then makes a new snapshot) when it differs.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from widgets.packed import CACHE, WORKER, plain_bytes  # noqa: F401 (CACHE: the build's cache, for stdlib.py)

SHARED = Path(__file__).resolve().parent / "assets" / "engine" / "engine-snapshot.js"
SNAPSHOT_URL = "assets/engine/engine.snapshot"  # relative to the site root; no such file is served
# The line of engine-worker.js that the build replaces with this build's snapshot key.
PLACEHOLDER = "const SNAPSHOT = /** @type {{url: string, key: string} | null} */ (null);"
# What a snapshot is made from, as Pyodide gets it (relative to the site root; the big ones are
# served zstd-compressed, widgets/packed.py), plus the code making it.
INPUTS = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.js", "pyodide/pyodide.asm.wasm",
          "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "assets/engine/rulescore.whl")


def snapshot_key(site_dir: Path) -> str:
    digest = hashlib.sha256()
    for name in INPUTS:
        data = plain_bytes(Path(site_dir), name)
        digest.update(Path(name).name.encode() + b"\0" + hashlib.sha256(data).digest())
    digest.update(SHARED.name.encode() + b"\0" + hashlib.sha256(SHARED.read_bytes()).digest())
    return digest.hexdigest()


def write_snapshot_key(site_dir: Path) -> str:
    """Tell this build's engine worker where its device keeps the snapshot and the key it must
    carry; returns the key."""
    site_dir = Path(site_dir)
    key = snapshot_key(site_dir)
    worker = site_dir / WORKER
    script = worker.read_text(encoding="utf-8")
    if PLACEHOLDER not in script:
        raise RuntimeError(f"{WORKER} lost its snapshot placeholder")
    info = json.dumps({"url": SNAPSHOT_URL, "key": key})
    worker.write_text(script.replace(PLACEHOLDER, f"const SNAPSHOT = {info};"), encoding="utf-8")
    return key
