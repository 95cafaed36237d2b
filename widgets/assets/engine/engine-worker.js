// @ts-check
// The calculator engine: one module worker per visit runs rulescore in the vendored Pyodide.
// Messages in: {seq, id, inputs, sheet?, session?, roll?, dice?, importing?}. Messages out: {type: "ready", boot, note?}
// (boot: how it started, from the memory snapshot or plain), {type: "failed", message},
// {type: "result", seq, response} where response is rulescore.web.respond()'s JSON.
// Started under the name SNAPSHOT_MAKER it answers nothing: it makes this device's memory
// snapshot if none is kept for this build's key, says {type: "snapshot", state} and is done.

/** @typedef {import("../../engine-messages.js").EngineRequest} EngineRequest */
/** @typedef {import("../../engine-messages.js").EngineReply} EngineReply */
/** @typedef {import("../../engine-messages.js").EngineResponse} EngineResponse */

import {
  KEY_HEADER, SNAPSHOT_CACHE, SNAPSHOT_MAKER, freshStart, makeSnapshotFile, mountWheel, readSnapshotFile, releaseSnapshot,
} from "./engine-snapshot.js";
import { packedFetch } from "./engine-files.js";

const siteRoot = new URL("../../../", import.meta.url);
const indexURL = new URL("pyodide/", siteRoot).href;
const wheelURL = new URL("assets/engine/rulescore.whl", siteRoot).href;
// Where this device keeps its memory snapshot and the key this build's must have:
// widgets/snapshot.py replaces this line with both (null: none is made). See engine-snapshot.js.
const SNAPSHOT = /** @type {{url: string, key: string} | null} */ (null);
// The files served zstd-compressed, with their plain bytes' hashes: widgets/packed.py replaces
// this line (null: served plain). Pyodide's loader fetches two of them by URL, so from here on
// this worker's fetch answers their plain URLs with the plain bytes (engine-files.js).
const PACKED = /** @type {Record<string, import("./engine-files.js").PackedFile> | null} */ (null);
// A packed file that cannot be had fails the start at once (as a stray error: see below).
if (PACKED) self.fetch = packedFetch(PACKED, siteRoot, self.fetch.bind(self), (error) => strayError(error));

/** @param {string} url */
async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()} could not be fetched (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

// When each boot stage ended, in ms since the page's time origin (for the benchmark).
/** @type {Record<string, number>} */
const stages = {};
const stage = (/** @type {string} */ name) => { stages[name] = performance.timeOrigin + performance.now(); };

/**
 * The snapshot this device made, when it was made for this build's key. A page may ask for a
 * plain boot by naming its worker "plain" (the benchmark and tests, through
 * window.rulesEngineBoot).
 * @typedef {{snapshot?: Uint8Array, stale?: boolean, broken?: boolean}} CachedSnapshot
 * @returns {Promise<CachedSnapshot>}
 */
async function cachedSnapshot() {
  if (!SNAPSHOT || self.name === "plain" || !self.caches) return {};
  const response = await caches.match(new URL(SNAPSHOT.url, siteRoot).href);
  if (!response) return {};
  const { key, whole, snapshot } = readSnapshotFile(new Uint8Array(await response.arrayBuffer()));
  if (key === SNAPSHOT.key && whole) return { snapshot };
  await forgetSnapshot();
  return key === SNAPSHOT.key ? { broken: true } : { stale: true };
}

// A snapshot that failed or is stale is dropped, so the next visit boots plain at once and
// this one makes this build's snapshot again.
async function forgetSnapshot() {
  if (!SNAPSHOT) return;
  const url = new URL(SNAPSHOT.url, siteRoot).href;
  for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
}

/** @type {((error: unknown) => void) | null} */
let onStrayError = null; // while a snapshot start is tried: where its stray errors go
// A start from the snapshot takes about 0.5 s here; one that has not finished after this long
// never will (a snapshot Pyodide cannot use may leave loadPyodide unsettled, see below).
const SNAPSHOT_START_LIMIT_MS = 20_000;

/**
 * Pyodide may report a failure as a stray error instead of rejecting, or not at all: while the
 * snapshot is tried, such an error, or no answer within the limit, rejects the attempt.
 * @template T @param {Promise<T>} promise @returns {Promise<T>}
 */
function settlesCleanly(promise) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return new Promise((/** @type {(value: T) => void} */ resolve, reject) => {
    onStrayError = reject;
    timer = setTimeout(() => reject(new Error("the snapshot did not start")), SNAPSHOT_START_LIMIT_MS);
    promise.then(resolve, reject);
  }).finally(() => {
    onStrayError = null;
    clearTimeout(timer);
  });
}

/** @typedef {import("../../engine-messages.js").EngineBoot} EngineBoot */
/** @typedef {import("../../engine-messages.js").SnapshotState} SnapshotState */
/** @type {{boot: EngineBoot, note?: string}} */
const how = { boot: "plain" };

/**
 * The maker's work: this build's snapshot made and kept, unless it is kept already or another
 * tab is making it (one at a time, through a Web Lock where the browser has them).
 * @returns {Promise<SnapshotState>}
 */
async function keepSnapshot() {
  if (!SNAPSHOT || !self.caches) return "none";
  const { key } = SNAPSHOT;
  const url = new URL(SNAPSHOT.url, siteRoot).href;
  /** @returns {Promise<SnapshotState>} */
  const make = async () => {
    if ((await caches.match(url))?.headers.get(KEY_HEADER) === key) return "saved";
    const wheel = fetchBytes(wheelURL);
    /** @type {{loadPyodide: typeof import("pyodide").loadPyodide}} */
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const file = await makeSnapshotFile(loadPyodide, indexURL, await wheel, key);
    await forgetSnapshot(); // another key's, if any: one snapshot is all a device keeps
    await (await caches.open(SNAPSHOT_CACHE)).put(url, new Response(file, { headers: { [KEY_HEADER]: key } }));
    return "saved";
  };
  const locks = self.navigator.locks;
  /** @type {SnapshotState} */
  const busy = "busy";
  return locks ? locks.request("rules-engine-snapshot", { ifAvailable: true }, (lock) => (lock ? make() : busy)) : make();
}

const startEngine = async () => {
  stage("workerStarted");
  const wheel = fetchBytes(wheelURL); // downloads while the runtime starts
  // Read while the loader is imported.
  const kept = cachedSnapshot().catch(() => /** @type {CachedSnapshot} */ ({ broken: true }));
  // Pyodide's runtime script (1 MB) is evaluated while the snapshot is read: loadPyodide then
  // finds it loaded (and imports it itself if this failed). About 30 ms sooner (PERFORMANCE.md).
  const runtime = import(new URL("pyodide.asm.js", indexURL).href).catch(() => {});
  /** @type {{loadPyodide: typeof import("pyodide").loadPyodide}} */
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  stage("loaderImported");
  const { snapshot, stale, broken } = await kept;
  await runtime;
  stage("snapshotRead");
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await settlesCleanly(loadPyodide({
        indexURL,
        _loadSnapshot: snapshot, // private (see engine-snapshot.js)
      }));
      releaseSnapshot(pyodide);
      stage("runtimeLoaded");
      freshStart(pyodide, await wheel);
      pyodide.pyimport("rulescore.web"); // already imported in the snapshot: a cheap check that it is sane
      how.boot = "snapshot";
    } catch (error) {
      // Once, then plain: a broken snapshot must never cost a calculator.
      pyodide = null;
      how.boot = "plain-after-snapshot-failed";
      how.note = lastLine(error);
      await forgetSnapshot().catch(() => {});
    }
  } else if (stale) {
    how.boot = "plain-stale-snapshot";
  } else if (broken) {
    how.boot = "plain-after-snapshot-failed";
    how.note = "the cached snapshot is incomplete or unreadable";
  }
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL });
    stage("runtimeLoaded");
    mountWheel(pyodide, await wheel);
  }
  stage("wheelMounted");
  const web = pyodide.pyimport("rulescore.web");
  /** @type {(id: string, inputsJSON: string, sheet: boolean) => string} */
  const calculate = web.respond_json;
  // The sessions this worker holds between requests (rulescore.web_session): made once, passed in each time.
  const sessions = pyodide.pyimport("rulescore.web_session");
  const held = sessions.new_held();
  /** @type {(requestJSON: string) => string} */
  const session = (requestJSON) => sessions.respond_held(held, requestJSON, newStamp());
  /** @type {(stamp: string) => string | undefined} */
  const heldText = (stamp) => sessions.held_state_json(held, stamp);
  /** @type {(id: string, inputsJSON: string, diceJSON: string) => string} */
  const roll = web.respond_roll_json;
  /** @type {(text: string) => string} */
  const importing = web.respond_import_json;
  /** @type {(request: EngineRequest) => string} */
  const respond = (request) => request.session ? session(JSON.stringify(request.inputs))
    : request.importing ? importing(String(request.inputs.text ?? ""))
    : request.roll ? roll(request.id, JSON.stringify(request.inputs), JSON.stringify(request.dice ?? null))
      : calculate(request.id, JSON.stringify(request.inputs), Boolean(request.sheet));
  stage("rulescoreImported");
  // For the benchmark (and curious readers in devtools): memory and stage times.
  // Pyodide's Emscripten module is private: its published types leave it out.
  const internals = /** @type {{_module?: {HEAPU8?: Uint8Array, wasmMemory?: WebAssembly.Memory}}} */ (
    /** @type {unknown} */ (pyodide));
  self.engineStats = () => ({
    wasmHeapBytes: internals._module?.HEAPU8?.length ?? internals._module?.wasmMemory?.buffer.byteLength ?? null,
    stagesAt: stages,
    boot: how.boot,
  });
  return { respond, heldText };
};

/**
 * {op: "state"}: the held state's JSON text, passed on as text (parsing a long evening's state
 * here and cloning it to the page cost more than the action).
 * @param {(stamp: string) => string | undefined} heldText @param {EngineRequest} request @returns {EngineResponse}
 */
function stateText(heldText, request) {
  const named = /** @type {{session?: {stamp?: unknown}}} */ (/** @type {unknown} */ (request.inputs)).session;
  const stamp = String(named?.stamp ?? "");
  const text = heldText(stamp);
  /** @type {import("../../engine-messages.js").SessionResponse} */
  const answer = text === undefined
    ? { ok: false, held: false, field: "state", message: "Session: this state is not held by the engine." }
    : { ok: true, stamp, state_text: text };
  return /** @type {EngineResponse} */ (/** @type {unknown} */ (answer));
}

let booted = false;
const fail = (/** @type {unknown} */ error) =>
  postMessage(/** @satisfies {EngineReply} */ ({ type: "failed", message: lastLine(error) }));

// Pyodide does not reject when its wasm cannot be fetched or compiled: the failure surfaces
// as an unhandled rejection and loadPyodide never settles. Before the engine is up, any
// such stray error means it will not come up.
/** @param {unknown} error */
function strayError(error) {
  if (!booted) (onStrayError || fail)(error);
}
self.addEventListener("unhandledrejection", (event) => {
  if (booted) return;
  event.preventDefault();
  strayError(event.reason);
});
self.addEventListener("error", (event) => {
  if (booted) return;
  event.preventDefault();
  strayError(event.error || event.message);
});

// The stamp a session state made here bears: random, so no other tab's worker (restored from
// the same memory snapshot, with the same Python random state) can make the same one.
function newStamp() {
  return crypto.randomUUID ? crypto.randomUUID()
    : [...crypto.getRandomValues(new Uint32Array(4))].map((part) => part.toString(16).padStart(8, "0")).join("");
}

// A Python error's message is its whole traceback; a reader gets the final line only.
/** @param {any} error an Error, a PythonError, or whatever else was thrown */
function lastLine(error) {
  const text = String((error && error.message) || error || "unknown error").trim();
  return /** @type {string} */ (text.split("\n").pop()).slice(0, 300); // split gives at least one part
}

if (self.name === SNAPSHOT_MAKER) {
  keepSnapshot().then(
    (state) => postMessage(/** @satisfies {EngineReply} */ ({ type: "snapshot", state })),
    (error) => postMessage(/** @satisfies {EngineReply} */ ({ type: "snapshot", state: "failed", message: lastLine(error) })));
} else {
  const boot = startEngine();
  boot.then(() => {
    booted = true;
    postMessage(/** @satisfies {EngineReply} */ ({ type: "ready", ...how }));
  }, fail);

  onmessage = async (/** @type {MessageEvent<EngineRequest>} */ { data }) => {
    const { seq } = data;
    /** @type {EngineResponse} */
    let response;
    let start = 0;
    try {
      const { respond, heldText } = await boot;
      start = performance.now();
      response = data.session && data.inputs.op === "state" ? stateText(heldText, data) : JSON.parse(respond(data));
    } catch (error) {
      response = { ok: false, field: null, message: `The calculator failed unexpectedly: ${lastLine(error)}` };
    }
    postMessage(/** @satisfies {EngineReply} */ ({ type: "result", seq, response, took: performance.now() - start }));
  };
}
