"""Shrinks the bytecode in a zip that ``pyodide py-compile`` wrote (the wheel, the standard
library): each code object's line table is replaced by one that puts every instruction on the
line where its function (or module) begins. The table is most of a .pyc's bytes after the
docstrings, and a browser never shows a line number: a traceback still names each file and
function, at its first line, and f_lineno stays a number (warnings and logging read it).

Run by the Python of the runtime's version (.venv-pyodide: 3.13 for Pyodide 0.29), since a
code object can only be read by the version that wrote it:
    python3.13 widgets/shrink_pyc.py ARCHIVE.zip
"""

from __future__ import annotations

import importlib.util
import marshal
import sys
import types
import zipfile

HEADER = 16  # magic, flags and the source's hash or time and size (PEP 552)
NO_COLUMNS = 13  # a line-table entry with a line only (CPython's Objects/locations.md)


def first_line_table(units: int) -> bytes:
    """A line table for ``units`` code units, each on the code object's first line: entries of
    at most 8 units, each saying "no columns, line + 0"."""
    table = bytearray()
    while units > 0:
        length = min(8, units)
        table += bytes([0x80 | NO_COLUMNS << 3 | (length - 1), 0])
        units -= length
    return bytes(table)


def shrunk(code: types.CodeType) -> types.CodeType:
    consts = tuple(shrunk(const) if isinstance(const, types.CodeType) else const for const in code.co_consts)
    return code.replace(co_linetable=first_line_table(len(code.co_code) // 2), co_consts=consts)


def shrink(path: str) -> int:
    """Rewrites the archive in place; returns how many .pyc files it shrank."""
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    count = 0
    with zipfile.ZipFile(path, "w") as archive:
        for info, data in entries:
            if info.filename.endswith(".pyc"):
                if data[:4] != importlib.util.MAGIC_NUMBER:
                    raise SystemExit(f"{info.filename}: bytecode of another Python than {sys.version.split()[0]}")
                data = data[:HEADER] + marshal.dumps(shrunk(marshal.loads(data[HEADER:])))
                count += 1
            archive.writestr(info, data)
    return count


if __name__ == "__main__":
    print(shrink(sys.argv[1]))
