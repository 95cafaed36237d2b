"""The browser engine's files: the rulescore wheel and the vendored Pyodide runtime.

The wheel is written here directly (a wheel is a zip with a dist-info folder), so the build
needs no build backend and gives the same bytes for the same sources. When a Python of the
runtime's minor version with pyodide-build is set up (see ARCHITECTURE.md), the wheel's modules are
precompiled to bytecode with ``pyodide py-compile`` so the browser skips compiling them.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulescore"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
# The core runtime a module worker needs; nothing else from the npm package is served.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_BUILD = Path(os.environ.get("RULES_PYODIDE_BUILD", ROOT / ".venv-pyodide" / "bin" / "pyodide"))
SHRINK = Path(__file__).resolve().parent / "shrink_pyc.py"
LOCK = "pyodide-lock.json"
WHEEL_NAME = "rulescore.whl"  # fixed name: the worker fetches it without a version lookup
_EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed timestamps: the same sources give the same wheel


def _version() -> str:
    for line in (PACKAGE / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.split("=")[1].strip().strip("\"'")
    raise RuntimeError("rulescore/__init__.py has no __version__")


def without_docstrings(source: str) -> str:
    """A module's source without its docstrings (and comments): the browser never reads them
    (nothing in rulescore uses ``__doc__``; the doctests run in CPython), and they are about a
    third of the bytes a first visit downloads for the engine. A body left empty gets ``pass``."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def build_wheel(directory: Path) -> Path:
    """Write rulescore-VERSION-py3-none-any.whl into ``directory`` and return its path."""
    version = _version()
    dist_info = f"rulescore-{version}.dist-info"
    entries = {
        path.relative_to(ROOT).as_posix(): without_docstrings(path.read_text(encoding="utf-8")).encode()
        for path in sorted(PACKAGE.rglob("*.py"))
    }
    entries[f"{dist_info}/METADATA"] = f"Metadata-Version: 2.1\nName: rulescore\nVersion: {version}\n".encode()
    entries[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: widgets.engine\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = []
    for name, data in entries.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    entries[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()

    path = Path(directory) / f"rulescore-{version}-py3-none-any.whl"
    _write_zip(path, entries)
    return path


def _write_zip(path: Path, entries: dict) -> None:
    """Entries stored, not deflated: the site ships the zip zstd-compressed whole (widgets/packed.py),
    which makes it a third smaller than deflating each entry, and zipimport then reads without inflating."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for name, data in entries.items():
            archive.writestr(zipfile.ZipInfo(name, _EPOCH), data)


def _pin_timestamps(path: Path) -> None:
    """py-compile stamps the build time into the zip: rewrite it so equal sources give
    equal bytes (and the offline cache keeps an unchanged engine instead of refetching it)."""
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    _write_zip(path, entries)


def precompile(archive: Path) -> Path | None:
    """Replace the .py files of a wheel or zip with bytecode, when pyodide-build is set up;
    returns the archive then written (py-compile renames a wheel: tagged for the runtime), or
    None when not done.

    The bytecode is made small, since each device downloads it once and then starts from its
    own memory snapshot: compiled as ``python -OO`` would (no docstrings or asserts: the
    standard library is written to run so, and rulescore's asserts only narrow types), then
    with one line per function (widgets/shrink_pyc.py)."""
    if not PYODIDE_BUILD.exists():
        return None
    # SOURCE_DATE_EPOCH makes py_compile write hash-based .pyc headers, not the build time;
    # PYTHONOPTIMIZE is the level py_compile compiles at.
    env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800", "PYTHONOPTIMIZE": "2"}
    others = set(archive.parent.glob("*" + archive.suffix)) - {archive}
    subprocess.run([str(PYODIDE_BUILD), "py-compile", "--silent", "--compression-level", "9", str(archive)],
                   check=True, env=env)
    (compiled,) = set(archive.parent.glob("*" + archive.suffix)) - others
    subprocess.run([str(PYODIDE_BUILD.parent / "python"), str(SHRINK), str(compiled)], check=True,
                   capture_output=True)
    _pin_timestamps(compiled)
    return compiled


def _lock_without_packages(lock: Path) -> dict:
    """Pyodide's lock file lists the 300 packages of its distribution; the engine loads none of
    them (rulescore needs only the standard library), so the site serves its "info" alone,
    which loadPyodide checks against the runtime."""
    return {"info": json.loads(lock.read_text(encoding="utf-8"))["info"], "packages": {}}


def write_engine(site_dir: Path) -> dict:
    """Put the wheel and the Pyodide runtime into the built site; report what was done."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_NPM / name).exists()]
    if missing:
        raise RuntimeError(f"Pyodide runtime files missing from node_modules/pyodide ({missing}): run npm ci")
    runtime_dir = Path(site_dir) / "pyodide"
    runtime_dir.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        target = runtime_dir / name
        source = PYODIDE_NPM / name
        if name == LOCK:
            target.write_text(json.dumps(_lock_without_packages(source), separators=(",", ":")), encoding="utf-8")
        elif not target.exists() or target.stat().st_size != source.stat().st_size:
            shutil.copyfile(source, target)
    engine_dir = Path(site_dir) / "assets" / "engine"
    engine_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        wheel = build_wheel(Path(scratch))
        compiled = precompile(wheel)
        shutil.copyfile(compiled or wheel, engine_dir / WHEEL_NAME)
    return {"wheel": engine_dir / WHEEL_NAME, "precompiled": compiled is not None}
