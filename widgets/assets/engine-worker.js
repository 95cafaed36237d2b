// The calculator engine: one module worker per visit runs rulescore in the vendored Pyodide.
// Messages in: {seq, id, inputs}. Messages out: {type: "ready"}, {type: "failed", message},
// {type: "result", seq, response} where response is rulescore.web.respond()'s JSON.

const siteRoot = new URL("../../", import.meta.url);
const indexURL = new URL("pyodide/", siteRoot).href;
const wheelURL = new URL("assets/engine/rulescore.whl", siteRoot).href;

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()} could not be fetched (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

const boot = (async () => {
  const wheel = fetchBytes(wheelURL); // downloads while the runtime starts
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  // unpackArchive is faster than loadPackage for one dependency-free wheel (no lock lookup).
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  // For the benchmark (and curious readers in devtools): the engine's memory once running.
  self.engineStats = () => ({
    wasmHeapBytes: pyodide._module?.HEAPU8?.length ?? pyodide._module?.wasmMemory?.buffer.byteLength ?? null,
  });
  return pyodide.pyimport("rulescore.web").respond_json;
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
