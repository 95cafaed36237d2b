// @ts-check
// The engine's memory snapshot, made and kept on the device: once the site is saved offline,
// the engine worker, started a second time under the name SNAPSHOT_MAKER, boots Pyodide from
// the files the device already has, warms rulescore up and keeps the snapshot in Cache Storage
// (SNAPSHOT_CACHE); later starts begin from it (engine-worker.js). Nothing of it is downloaded.
// widgets/make-snapshot.mjs makes one the same way under Node, for the tests. A snapshot is
// Pyodide's whole WebAssembly memory once rulescore is imported and warmed up, so starting
// from it skips the interpreter's start-up and every import. Pyodide's snapshot API is private (loadPyodide's _makeSnapshot and _loadSnapshot):
// package.json pins the version it was checked with, and tests/browser/test_snapshot.py and
// tests/test_engine_snapshot.py check it.
//
// The file is a 128-byte header naming the key it was made for (the build's hash of every
// input: runtime, standard library, wheel, this file) and the snapshot's length, then Pyodide's
// snapshot. 128 keeps the snapshot 4-byte aligned, which Pyodide reads through a Uint32Array.
// The length is checked because Pyodide does not reject a truncated snapshot: it never
// settles.

/** The engine worker's name when it is started to make the snapshot rather than to answer. */
export const SNAPSHOT_MAKER = "make-snapshot";
/** The device's own snapshot lives here, not in the service worker's caches (each version of
 * the site replaces those): an update that leaves the key unchanged keeps the snapshot. */
export const SNAPSHOT_CACHE = "rules-engine-snapshot";
/** The key a kept snapshot was made for, also as a header, so it is checked without reading 21 MB. */
export const KEY_HEADER = "x-rules-snapshot-key";

/** Where the wheel lives in Pyodide's in-memory file system (it is on sys.path). */
export const WHEEL_PATH = "/home/pyodide/rulescore.whl";
const MAGIC = "rules-at-the-table engine snapshot\n";
const HEADER_BYTES = 128;

/**
 * Put the wheel on sys.path. Python imports straight from the zip (zipimport is already
 * loaded for the standard library): cheaper than loadPackage, and than unpackArchive, which
 * first imports sysconfig, shutil and zipfile (about 60 ms at start-up).
 * @param {import("pyodide").PyodideAPI} pyodide @param {Uint8Array} wheel
 */
export function mountWheel(pyodide, wheel) {
  pyodide.FS.writeFile(WHEEL_PATH, wheel);
  pyodide.runPython(`import sys; sys.path.insert(0, "${WHEEL_PATH}")`);
}

/**
 * A snapshot file made here: Pyodide booted for snapshotting, the wheel mounted, WARM_UP run,
 * the memory taken. The interpreter is left to the garbage collector.
 * @param {typeof import("pyodide").loadPyodide} loadPyodide @param {string} indexURL
 * @param {Uint8Array} wheel @param {string} key @param {Record<string, string>} [env]
 */
export async function makeSnapshotFile(loadPyodide, indexURL, wheel, key, env) {
  const pyodide = await loadPyodide({
    indexURL,
    _makeSnapshot: true, // private (see above)
    ...(env ? { env } : {}),
  });
  mountWheel(pyodide, wheel);
  pyodide.runPython(WARM_UP);
  return snapshotFile(key, pyodide.makeMemorySnapshot());
}

// What the maker runs before taking the snapshot: import everything the calculators use and
// answer each of them once, so a start from the snapshot has nothing left to import. The
// rolls use a fixed seed (replaced at every start, see freshStart).
export const WARM_UP = `
import json, random
random.seed(0)
import rulescore, rulescore.session, rulescore.web as web
import rulescore.importers, rulescore.gurps.gcs_import, rulescore.bfrpg.codex_quest
for calc in rulescore.catalogue():
    web.respond_json(calc["id"], "{}", False)
    if calc.get("roll"):
        web.respond_roll_json(calc["id"], "{}", "null")
for system in sorted({calc["id"].split(".")[0] for calc in rulescore.catalogue()}):
    web.respond_json(system, "{}", True)
    web.respond_session_json(json.dumps({"op": "actions", "system": system}))
# An import from GCS and from Codex Quest (the Characters page's), and a refused file.
web.respond_import_json(json.dumps({"version": 5, "profile": {"name": "Warm"}, "attributes": [
    {"attr_id": a, "adj": 0, "calc": {"value": 10}} for a in ("st", "dx", "iq", "ht")]}))
web.respond_import_json(json.dumps({"name": "Warm", "race": "human", "class": "fighter", "level": 1,
    "abilities": {a: {"value": 10} for a in ("strength", "intelligence", "wisdom", "dexterity", "constitution",
    "charisma")}, "hp": {"current": 6, "max": 6}, "settings": {"version": "2.0"}}))
web.respond_import_json("{}")
`;

/**
 * After a start from a snapshot: what the snapshot froze is made fresh again.
 * - The file system is not in the snapshot: the wheel is written back where sys.path and
 *   zipimport's cached directory expect it (the key guarantees the very same bytes), for any
 *   module imported later.
 * - The random generator's state is the maker's: without a new seed every start would roll
 *   the same dice. The seed comes from the browser's cryptographic generator.
 * - The time zone was read when the maker started (the device may have travelled since):
 *   Emscripten's C library keeps it in `timezone`, `daylight` and `tzname` (localtime's
 *   tm_zone points there), and the `time`
 *   module copied it at import. Pyodide has no time.tzset, so Emscripten's own reader is run
 *   again and `time` gets what CPython would have copied (altzone is timezone - 3600 there).
 *   localtime's offsets and the date come from JavaScript's Date on every call anyway.
 * @param {import("pyodide").PyodideAPI} pyodide @param {Uint8Array} wheel
 */
export function freshStart(pyodide, wheel) {
  pyodide.FS.mkdirTree(WHEEL_PATH.slice(0, WHEEL_PATH.lastIndexOf("/")));
  pyodide.FS.writeFile(WHEEL_PATH, wheel);
  const seed = [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  const zone = readTimeZone(pyodide);
  pyodide.runPython(`
import random, time
random.seed(int("${seed}", 16))
time.timezone, time.daylight, time.tzname = ${zone.timezone}, ${zone.daylight}, (${JSON.stringify(zone.names[0])}, ${JSON.stringify(zone.names[1])})
time.altzone = time.timezone - 3600
`);
}

/**
 * Emscripten's module inside Pyodide (private, absent from Pyodide's types): the tzset reader
 * and where the C library keeps the zone.
 * @typedef {object} Emscripten
 * @property {(timezone: number, daylight: number, stdName: number, dstName: number) => void} __tzset_js
 * @property {number} _timezone @property {number} _daylight @property {number} _tzname
 * @property {Int32Array} HEAP32 @property {Uint32Array} HEAPU32
 * @property {(pointer: number) => string} UTF8ToString
 */

/** @param {import("pyodide").PyodideAPI} pyodide */
function readTimeZone(pyodide) {
  const module = /** @type {{_module: Emscripten}} */ (/** @type {unknown} */ (pyodide))._module;
  const names = [module.HEAPU32[module._tzname >> 2], module.HEAPU32[(module._tzname >> 2) + 1]];
  module.__tzset_js(module._timezone, module._daylight, names[0], names[1]);
  return {
    timezone: module.HEAP32[module._timezone >> 2],
    daylight: module.HEAP32[module._daylight >> 2],
    names: names.map((pointer) => module.UTF8ToString(pointer)),
  };
}

/**
 * Pyodide keeps the snapshot's bytes in its configuration after starting: let them go (21 MB).
 * @param {import("pyodide").PyodideAPI} pyodide
 */
export function releaseSnapshot(pyodide) {
  const api = /** @type {{_api?: {config?: {_loadSnapshot?: unknown}}}} */ (/** @type {unknown} */ (pyodide))._api;
  if (api?.config) api.config._loadSnapshot = undefined;
}

/** @param {string} key @param {Uint8Array} snapshot the bytes makeMemorySnapshot gave */
export function snapshotFile(key, snapshot) {
  const file = new Uint8Array(HEADER_BYTES + snapshot.length);
  const { written } = new TextEncoder().encodeInto(`${MAGIC}${key}\n${snapshot.length}\n`, file);
  if (written > HEADER_BYTES) throw new Error("snapshot key too long");
  file.set(snapshot, HEADER_BYTES);
  return file;
}

/**
 * The key a snapshot file was made for, whether it is whole, and the snapshot itself (a view,
 * not a copy); a file that is not one gives key null.
 * @param {Uint8Array} file
 */
export function readSnapshotFile(file) {
  const header = new TextDecoder().decode(file.subarray(0, HEADER_BYTES));
  const [key, length] = header.startsWith(MAGIC) ? header.slice(MAGIC.length).split("\n") : [null, ""];
  const snapshot = file.subarray(HEADER_BYTES);
  return { key, whole: Number(length) === snapshot.length, snapshot };
}
