const indexURL = new URL("../pyodide/", import.meta.url).href;
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
await loadPyodide({ indexURL });
postMessage("ready");
