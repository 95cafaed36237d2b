// The calculator engine: one module worker per visit runs rulescore in the vendored Pyodide.
// Messages in: {seq, id, inputs}. Messages out: {type: "ready"}, {type: "failed", message},
// {type: "result", seq, response} where response is rulescore.web.respond()'s JSON.

const siteRoot = new URL("../../", import.meta.url);
const indexURL = new URL("pyodide/", siteRoot).href;
const wheelURL = new URL("assets/engine/rulescore.whl", siteRoot).href;
const WHEEL_PATH = "/home/pyodide/rulescore.whl"; // in Pyodide's in-memory file system

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()} could not be fetched (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

// When each boot stage ended, in ms since the page's time origin (for the benchmark).
const stages = {};
const stage = (name) => { stages[name] = performance.timeOrigin + performance.now(); };

const boot = (async () => {
  stage("workerStarted");
  const wheel = fetchBytes(wheelURL); // downloads while the runtime starts
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
  const respond = pyodide.pyimport("rulescore.web").respond_json;
  stage("rulescoreImported");
  // For the benchmark (and curious readers in devtools): memory and stage times.
  self.engineStats = () => ({
    wasmHeapBytes: pyodide._module?.HEAPU8?.length ?? pyodide._module?.wasmMemory?.buffer.byteLength ?? null,
    stagesAt: stages,
  });
  return respond;
})();

let booted = false;
const fail = (error) => postMessage({ type: "failed", message: lastLine(error) });
boot.then(() => {
  booted = true;
  postMessage({ type: "ready" });
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
function lastLine(error) {
  const text = String((error && error.message) || error || "unknown error").trim();
  return text.split("\n").pop().slice(0, 300);
}

onmessage = async ({ data }) => {
  const { seq, id, inputs } = data;
  let response;
  try {
    const respond = await boot;
    response = JSON.parse(respond(id, JSON.stringify(inputs)));
  } catch (error) {
    response = { ok: false, field: null, message: `The calculator failed unexpectedly: ${lastLine(error)}` };
  }
  postMessage({ type: "result", seq, response });
};
