// @ts-check
// The calculator engine: one module worker per visit runs rulescore in the vendored Pyodide.
// Messages in: {seq, id, inputs, sheet?, session?, roll?, dice?}. Messages out: {type: "ready"}, {type: "failed", message},
// {type: "result", seq, response} where response is rulescore.web.respond()'s JSON.

/** @typedef {import("../engine-messages.js").EngineRequest} EngineRequest */
/** @typedef {import("../engine-messages.js").EngineReply} EngineReply */
/** @typedef {import("../engine-messages.js").EngineResponse} EngineResponse */

const siteRoot = new URL("../../", import.meta.url);
const indexURL = new URL("pyodide/", siteRoot).href;
const wheelURL = new URL("assets/engine/rulescore.whl", siteRoot).href;
const WHEEL_PATH = "/home/pyodide/rulescore.whl"; // in Pyodide's in-memory file system

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

const boot = (async () => {
  stage("workerStarted");
  const wheel = fetchBytes(wheelURL); // downloads while the runtime starts
  /** @type {{loadPyodide: typeof import("pyodide").loadPyodide}} */
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  stage("loaderImported");
  const pyodide = await loadPyodide({ indexURL });
  stage("runtimeLoaded");
  // The wheel is a zip of precompiled modules, so Python imports straight from it (zipimport
  // is already loaded for the standard library). That is cheaper than loadPackage and than
  // unpackArchive, which first imports sysconfig, shutil and zipfile: about 60 ms at start-up.
  pyodide.FS.writeFile(WHEEL_PATH, await wheel);
  pyodide.runPython(`import sys; sys.path.insert(0, "${WHEEL_PATH}")`);
  stage("wheelMounted");
  const web = pyodide.pyimport("rulescore.web");
  /** @type {(id: string, inputsJSON: string, sheet: boolean) => string} */
  const calculate = web.respond_json;
  /** @type {(requestJSON: string) => string} */
  const session = web.respond_session_json;
  /** @type {(id: string, inputsJSON: string, diceJSON: string) => string} */
  const roll = web.respond_roll_json;
  /** @type {(request: EngineRequest) => string} */
  const respond = (request) => request.session ? session(JSON.stringify(request.inputs))
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
  });
  return respond;
})();

let booted = false;
const fail = (/** @type {unknown} */ error) =>
  postMessage(/** @satisfies {EngineReply} */ ({ type: "failed", message: lastLine(error) }));
boot.then(() => {
  booted = true;
  postMessage(/** @satisfies {EngineReply} */ ({ type: "ready" }));
}, fail);

// Pyodide does not reject when its wasm cannot be fetched or compiled: the failure surfaces
// as an unhandled rejection and loadPyodide never settles. Before the engine is up, any
// such stray error means it will not come up.
self.addEventListener("unhandledrejection", (event) => {
  if (booted) return;
  event.preventDefault();
  fail(event.reason);
});
self.addEventListener("error", (event) => {
  if (booted) return;
  event.preventDefault();
  fail(event.error || event.message);
});

// A Python error's message is its whole traceback; a reader gets the final line only.
/** @param {any} error an Error, a PythonError, or whatever else was thrown */
function lastLine(error) {
  const text = String((error && error.message) || error || "unknown error").trim();
  return /** @type {string} */ (text.split("\n").pop()).slice(0, 300); // split gives at least one part
}

onmessage = async (/** @type {MessageEvent<EngineRequest>} */ { data }) => {
  const { seq } = data;
  /** @type {EngineResponse} */
  let response;
  try {
    const respond = await boot;
    response = JSON.parse(respond(data));
  } catch (error) {
    response = { ok: false, field: null, message: `The calculator failed unexpectedly: ${lastLine(error)}` };
  }
  postMessage(/** @satisfies {EngineReply} */ ({ type: "result", seq, response }));
};
