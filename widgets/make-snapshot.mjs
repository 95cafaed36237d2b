// @ts-check
// Makes the engine's memory snapshot under Node, from the very files the site serves, the way
// a device makes its own (engine-snapshot.js); for the tests (tests/test_engine_snapshot.py):
//   node widgets/make-snapshot.mjs SITE_DIR KEY OUT_FILE
// Pyodide under Node runs the same WebAssembly as the browser.
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { makeSnapshotFile } from "./assets/engine/engine-snapshot.js";

const [siteDir, key, out] = process.argv.slice(2);
const site = pathToFileURL(siteDir.endsWith("/") ? siteDir : siteDir + "/");
/** @type {{loadPyodide: typeof import("pyodide").loadPyodide}} */
const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", site).href);
const wheel = new Uint8Array(await readFile(new URL("assets/engine/rulescore.whl", site)));
// Pyodide reads no variable from Node's environment: HOME as in the browser.
const file = await makeSnapshotFile(loadPyodide, new URL("pyodide/", site).pathname, wheel, key,
  { HOME: "/home/pyodide" });
await writeFile(out, file);
