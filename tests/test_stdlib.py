"""The standard library the site serves is trimmed to what the engine imports (issue 35): the
built site's zip holds exactly the measured files, a fraction of the full one; a zip missing one
of them fails the walk the build checks it with (so the build, never a page); the engine's wheel
ships without docstrings but with the same code."""

from __future__ import annotations

import ast
import io
import zipfile
from pathlib import Path

import pytest

from rulescore import catalogue
from widgets import engine, packed, stdlib

SERVED = f"pyodide/{stdlib.NAME}"  # served zstd-compressed (widgets/packed.py)


def served_zip(site_dir: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(packed.plain_bytes(site_dir, SERVED)))


def test_the_site_serves_the_measured_standard_library_and_no_more(site_dir):
    # as bytecode where pyodide-build is set up (the build's precompile), else as source
    served = [name.removesuffix("c") for name in served_zip(site_dir).namelist()]
    full = zipfile.ZipFile(engine.PYODIDE_NPM / stdlib.NAME).namelist()
    assert set(served) < set(full)
    for needed in ("fractions.py", "json/__init__.py", "re/__init__.py", "typing.py", "random.py",
                   "encodings/utf_8.py", "pyodide/__init__.py", "_pyodide/_base.py"):
        assert needed in served
    assert "unittest/__init__.py" not in served and "xml/__init__.py" not in served
    # The files' own sizes: the served zip stores its entries (zstd compresses it whole), the full one deflates them.
    with zipfile.ZipFile(engine.PYODIDE_NPM / stdlib.NAME) as whole:
        full_size = sum(entry.file_size for entry in whole.infolist())
    assert sum(entry.file_size for entry in served_zip(site_dir).infolist()) < full_size * 0.6


def test_a_standard_library_missing_a_module_the_engine_imports_fails_the_check(site_dir, tmp_path):
    served = served_zip(site_dir).namelist()
    plain = tmp_path / "served" / stdlib.NAME
    plain.parent.mkdir()
    plain.write_bytes(packed.plain_bytes(site_dir, SERVED))
    assert stdlib._measure(site_dir, plain) == sorted(served)
    short = tmp_path / stdlib.NAME
    stdlib.write_trimmed([name.removesuffix("c") for name in served if not name.startswith("fractions.")], short)
    with pytest.raises(RuntimeError, match="fractions"):
        stdlib._measure(site_dir, short)


def test_the_trimmed_zip_is_the_same_bytes_for_the_same_list(tmp_path):
    files = ["fractions.py", "json/__init__.py"]
    stdlib.write_trimmed(files, tmp_path / "one.zip")
    stdlib.write_trimmed(list(reversed(files)), tmp_path / "two.zip")
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()


def test_the_wheel_ships_the_code_without_its_docstrings():
    source = (engine.PACKAGE / "core.py").read_text(encoding="utf-8")
    shipped = engine.without_docstrings(source)
    assert len(shipped) < len(source) and '"""' not in shipped.split("\n", 1)[0]
    assert ast.dump(ast.parse(shipped)).count("FunctionDef") == ast.dump(ast.parse(source)).count("FunctionDef")
    only_doc = engine.without_docstrings('def f():\n    """Nothing else."""\n')
    assert only_doc == "def f():\n    pass\n"
    assert catalogue()  # the CPython package keeps its docstrings (the doctests run on it)
