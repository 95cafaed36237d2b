// Its own copy of the runtime (bench/benchmark.py): the site serves the WebAssembly compressed.
const indexURL = new URL("./", import.meta.url).href;
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
// Pyodide as shipped: its whole standard library (bench/benchmark.py copies it beside this file).
await loadPyodide({ indexURL, stdLibURL: new URL("python_stdlib.zip", import.meta.url).href });
postMessage("ready");
