"""The engine's big files shipped zstd-compressed (widgets/packed.py): the build writes only the
.zst (a first visit cannot download a plain copy), and what they decompress to is exactly what
the build made, which the engine worker is told the hash of. The browser side (only the .zst
requested on a first visit, the plain bytes kept on the device) is tests/browser/test_offline.py."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest
import zstandard

from widgets import engine, offline, packed, snapshot, stdlib


def unpacked(site_dir, relative: str) -> bytes:
    """Decompressed here with zstandard, not with the build's own helper."""
    return zstandard.ZstdDecompressor().decompress((site_dir / (relative + packed.SUFFIX)).read_bytes())


def test_the_build_writes_the_zst_and_no_plain_copy(site_dir):
    listed = [entry["url"] for entry in offline.precache_entries(site_dir)]
    for relative in packed.PACKED:
        assert not (site_dir / relative).exists(), relative
        assert relative not in listed and relative + packed.SUFFIX in listed


def test_the_webassembly_decompresses_to_pyodides_own(site_dir):
    original = (engine.PYODIDE_NPM / "pyodide.asm.wasm").read_bytes()
    assert unpacked(site_dir, "pyodide/pyodide.asm.wasm") == original
    assert (site_dir / "pyodide/pyodide.asm.wasm.zst").stat().st_size < 0.3 * len(original)


def test_the_zips_decompress_to_the_zips_the_build_makes_stored(site_dir, tmp_path):
    wheel = engine.build_wheel(tmp_path)
    fresh_wheel = engine.precompile(wheel) or wheel
    assert unpacked(site_dir, "assets/engine/rulescore.whl") == fresh_wheel.read_bytes()
    served = zipfile.ZipFile(io.BytesIO(unpacked(site_dir, f"pyodide/{stdlib.NAME}")))
    fresh_stdlib = tmp_path / stdlib.NAME
    stdlib.write_trimmed([name.removesuffix("c") for name in served.namelist()], fresh_stdlib)
    engine.precompile(fresh_stdlib)
    assert unpacked(site_dir, f"pyodide/{stdlib.NAME}") == fresh_stdlib.read_bytes()
    for archive in (served, zipfile.ZipFile(fresh_wheel)):
        assert archive.testzip() is None
        assert {entry.compress_type for entry in archive.infolist()} == {zipfile.ZIP_STORED}


def test_the_engine_worker_is_told_each_plain_files_hash_and_type(site_dir):
    script = (site_dir / snapshot.WORKER).read_text(encoding="utf-8")
    assert packed.PLACEHOLDER not in script
    told = json.loads(re.search(r"^const PACKED = (.*);$", script, re.M).group(1))
    assert set(told) == set(packed.PACKED)
    for relative, file in told.items():
        assert file["hash"] == offline.digest(unpacked(site_dir, relative))
    assert told["pyodide/pyodide.asm.wasm"]["type"] == "application/wasm"


def test_the_snapshot_key_is_of_the_plain_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr(packed, "CACHE", tmp_path / "cache")
    site = tmp_path / "site"
    for name in snapshot.INPUTS:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(name.encode() * 100)
    worker = site / snapshot.WORKER
    worker.parent.mkdir(parents=True)
    worker.write_text(packed.PLACEHOLDER + "\n", encoding="utf-8")
    before = snapshot.snapshot_key(site)
    packed.pack_engine(site)
    assert snapshot.snapshot_key(site) == before
    (site / "pyodide/pyodide.asm.wasm.zst").write_bytes(packed.compress(b"another runtime"))
    assert snapshot.snapshot_key(site) != before


def test_a_worker_without_the_placeholder_fails_the_build(tmp_path, monkeypatch):
    monkeypatch.setattr(packed, "CACHE", tmp_path / "cache")
    site = tmp_path / "site"
    for name in packed.PACKED:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(b"x")
    (site / snapshot.WORKER).parent.mkdir(parents=True)
    (site / snapshot.WORKER).write_text("// no placeholder\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="placeholder"):
        packed.pack_engine(site)
