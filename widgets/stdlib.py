"""The standard library the site serves: Pyodide's ``python_stdlib.zip`` trimmed to the modules
the engine imports, measured, not guessed.

``widgets/measure-stdlib.mjs`` starts the very runtime the site serves under Node with the full
zip, mounts the wheel, runs every path of the engine (each calculator, sheets, rolls, sessions
of the three games through a fight and an attack, imports) and lists the files of the
standard library then loaded: Pyodide's own start-up and everything rulescore imports. The zip
written into the site holds those files only, precompiled to bytecode like the wheel when
pyodide-build is set up (a cold start then compiles none of the library: about 2.8 s less under
Node on this machine, for 0.58 MB more). The same walk then runs again on the trimmed zip: an
import missing there fails the build, never a visitor's page.
The browser tests then run every calculator, session and import against it.

The list is kept in ``.snapshot-cache/`` under a key of everything it depends on (the runtime,
the full zip, the wheel, the walk), so an unchanged engine is not measured again. Without
Node the full zip is served (logged): the site still works, it is only heavier.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

from widgets import engine
from widgets.engine import PYODIDE_NPM
from widgets.snapshot import CACHE, SHARED

MEASURER = Path(__file__).resolve().parent / "measure-stdlib.mjs"
NAME = "python_stdlib.zip"


def _measure(site_dir: Path, stdlib: Path) -> list[str]:
    """The standard library's files the engine loads with ``stdlib`` as its zip."""
    node = shutil.which("node")
    if not node:
        raise FileNotFoundError("Node.js is not installed")
    completed = subprocess.run(
        [node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(MEASURER), str(site_dir), str(stdlib)],
        capture_output=True, text=True, timeout=300,
    )
    if completed.returncode != 0:  # the Python error's own line, not Node's echo of the minified runtime
        lines = [line for line in (completed.stderr or completed.stdout).splitlines() if len(line) < 300]
        errors = [line for line in lines if re.match(r"[A-Z]\w*Error: ", line) and not line.startswith("PythonError")]
        raise RuntimeError(errors[-1] if errors else f"node exited with {completed.returncode}")
    files: list[str] = json.loads(completed.stdout)
    return files


def _key(site_dir: Path) -> str:
    digest = hashlib.sha256()
    inputs = [PYODIDE_NPM / NAME, Path(site_dir) / "pyodide" / "pyodide.asm.wasm",
              Path(site_dir) / "assets" / "engine" / "rulescore.whl", MEASURER, SHARED]
    for path in inputs:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def write_trimmed(files: list[str], path: Path) -> None:
    """The full zip's entries named in ``files``, sorted, written as the wheel is (engine._write_zip:
    fixed timestamps, so the same list gives the same bytes and the offline cache keeps it)."""
    with zipfile.ZipFile(PYODIDE_NPM / NAME) as full:
        engine._write_zip(path, {name: full.read(name) for name in sorted(files)})


def write_stdlib(site_dir: Path) -> dict:
    """Replace the site's full standard library with the trimmed one, checked. Returns what was
    done: ``files``, ``bytes``, ``full_bytes``, ``reused``, or ``error`` when Node is missing."""
    target = Path(site_dir) / "pyodide" / NAME
    full_bytes = (PYODIDE_NPM / NAME).stat().st_size
    key = _key(site_dir)
    record = CACHE / f"stdlib-{key[:24]}.json"
    kept = json.loads(record.read_text()) if record.is_file() else None
    try:
        files = kept["files"] if kept else _measure(site_dir, PYODIDE_NPM / NAME)
    except FileNotFoundError as missing:  # no Node: the full library, as before
        shutil.copyfile(PYODIDE_NPM / NAME, target)
        return {"error": str(missing), "full_bytes": full_bytes}
    write_trimmed(files, target)
    compiled = engine.precompile(target) is not None  # bytecode, as the wheel: a cold start compiles none of it
    if not kept:
        again = [name.removesuffix("c") for name in _measure(site_dir, target)]  # raises when an import fails
        if set(again) != set(files):
            raise RuntimeError(f"the trimmed standard library loads other files: {sorted(set(again) ^ set(files))}")
        CACHE.mkdir(parents=True, exist_ok=True)
        record.write_text(json.dumps({"files": files}))
    return {"files": len(files), "bytes": target.stat().st_size, "full_bytes": full_bytes, "reused": bool(kept),
            "precompiled": compiled}
