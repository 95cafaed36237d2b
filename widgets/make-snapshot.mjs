// @ts-check
// Makes the engine's memory snapshot at build time, under Node, from the very files the site
// serves (widgets/snapshot.py runs it; see engine-snapshot.js for what a snapshot is):
//   node widgets/make-snapshot.mjs SITE_DIR KEY OUT_FILE
// Pyodide under Node runs the same WebAssembly as the browser, and a snapshot made here loads
// there (checked). Two runs still differ a little (see ARCHITECTURE.md), which is why the build reuses
// a snapshot whose key did not change rather than making it again.
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { WARM_UP, mountWheel, snapshotFile } from "./assets/engine/engine-snapshot.js";

const [siteDir, key, out] = process.argv.slice(2);
const site = pathToFileURL(siteDir.endsWith("/") ? siteDir : siteDir + "/");
/** @type {{loadPyodide: typeof import("pyodide").loadPyodide}} */
const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", site).href);
const pyodide = await loadPyodide({
  indexURL: new URL("pyodide/", site).pathname,
  _makeSnapshot: true, // private (see engine-snapshot.js)
  // Python's hash seed is frozen into the snapshot either way; a fixed one makes two builds'
  // snapshots nearly the same (see ARCHITECTURE.md). Pyodide reads no variable from Node's environment.
  env: { HOME: "/home/pyodide", PYTHONHASHSEED: "0" },
});
mountWheel(pyodide, new Uint8Array(await readFile(new URL("assets/engine/rulescore.whl", site))));
pyodide.runPython(WARM_UP);
const snapshot = pyodide.makeMemorySnapshot();
await writeFile(out, snapshotFile(key, snapshot));
