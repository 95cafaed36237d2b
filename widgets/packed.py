"""The engine's three big files shipped zstd-compressed: Pyodide's WebAssembly runtime, the
standard library and the rulescore wheel.

gzip, which a host applies (or not) on the way, leaves Pyodide's 8.6 MB of WebAssembly at 2.83 MB;
zstd at level 19 makes it 2.28 MB, and the two zips, written with stored entries so zstd sees
their contents whole, 0.51 and 0.32 MB instead of 0.70 and 0.49 MB deflated. The build writes
``FILE.zst`` and removes ``FILE``, so a first visit can only download the compressed form. The
engine worker decompresses each on the device, once, as it arrives, and keeps the plain bytes in
the engine's own cache (widgets/assets/engine/engine-files.js): every later start, plain or from
the memory snapshot, reads them as they are. What Pyodide gets are the very bytes the build
made, so the snapshot's key (widgets/snapshot.py, computed from the plain bytes) still holds.

The engine worker is told each file's hash and type (``PACKED``): a kept copy of another build
is decompressed again. The Node tools that run the site's engine read the plain bytes through
widgets/plain-site.mjs.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import zstandard

from widgets.offline import digest  # the engine checks a kept plain copy by it

ROOT = Path(__file__).resolve().parent.parent
# Where the build keeps what it made or measured once: these .zst, the standard library's list
# (widgets/stdlib.py).
CACHE = Path(os.environ.get("RULES_SNAPSHOT_CACHE", ROOT / ".snapshot-cache"))
WORKER = "assets/widgets/engine/engine-worker.js"  # relative to the site root
# Paths from the site root, as served before compression; each is served as PATH + SUFFIX.
PACKED = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "assets/engine/rulescore.whl")
SUFFIX = ".zst"
LEVEL = 19  # 22 saves 0.2 kB more on the WebAssembly for 15% more build time
# A 2 MB window, not level 19's 8 MB: the decoder, fed the download block by block, moves its
# whole window along at each block, which took about 220 ms for the WebAssembly under Node
# instead of 110 ms; it costs 5 kB (2.277 MB instead of 2.272).
WINDOW_LOG = 21
TYPES = {".wasm": "application/wasm", ".zip": "application/zip", ".whl": "application/zip"}
# The line of engine-worker.js the build replaces with the packed files' hashes and types.
PLACEHOLDER = 'const PACKED = /** @type {Record<string, import("./engine-files.js").PackedFile> | null} */ (null);'


def plain_bytes(site_dir: Path, relative: str) -> bytes:
    """A file of the site as Pyodide gets it: the plain file, or its .zst decompressed."""
    path = Path(site_dir) / relative
    if path.is_file():
        return path.read_bytes()
    return zstandard.ZstdDecompressor().decompress(path.with_name(path.name + SUFFIX).read_bytes())


def compress(data: bytes) -> bytes:
    """``data`` at zstd level 19 (its window 2 MB) with its size and a checksum in the frame. Level 19 takes about
    3.5 s for the WebAssembly, which never changes between builds: the result is kept in the
    build's cache under a hash of the plain bytes."""
    kept = CACHE / f"zst{LEVEL}-{WINDOW_LOG}-{hashlib.sha256(data).hexdigest()[:24]}{SUFFIX}"
    if kept.is_file():
        return kept.read_bytes()
    parameters = zstandard.ZstdCompressionParameters.from_level(
        LEVEL, source_size=len(data), window_log=WINDOW_LOG, write_checksum=1, write_content_size=1)
    packed = zstandard.ZstdCompressor(compression_params=parameters).compress(data)
    CACHE.mkdir(parents=True, exist_ok=True)
    scratch = kept.with_name(f"{kept.name}.{os.getpid()}")  # two builds at once never read half a file
    scratch.write_bytes(packed)
    scratch.replace(kept)
    return packed


def pack_engine(site_dir: Path) -> dict:
    """Replace the site's plain engine files with their .zst and tell the engine worker their
    hashes and types; returns the plain and packed sizes."""
    site_dir = Path(site_dir)
    files, plain_total, packed_total = {}, 0, 0
    for relative in PACKED:
        plain = site_dir / relative
        data = plain.read_bytes()
        packed = compress(data)
        plain.with_name(plain.name + SUFFIX).write_bytes(packed)
        plain.unlink()
        files[relative] = {"hash": digest(data), "type": TYPES[plain.suffix]}
        plain_total, packed_total = plain_total + len(data), packed_total + len(packed)
    worker = site_dir / WORKER
    script = worker.read_text(encoding="utf-8")
    if PLACEHOLDER not in script:
        raise RuntimeError(f"{WORKER} lost its packed files' placeholder")
    worker.write_text(script.replace(PLACEHOLDER, f"const PACKED = {json.dumps(files)};"), encoding="utf-8")
    return {"files": len(files), "plain_bytes": plain_total, "packed_bytes": packed_total}
