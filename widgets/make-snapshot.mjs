// @ts-check
// Makes the engine's memory snapshot under Node, from the very files the site serves, the way
// a device makes its own (engine-snapshot.js); for the tests (tests/test_engine_snapshot.py):
//   node widgets/make-snapshot.mjs SITE_DIR KEY OUT_FILE
// Pyodide under Node runs the same WebAssembly as the browser.
import { writeFile } from "node:fs/promises";
import { makeSnapshotFile } from "./assets/engine/engine-snapshot.js";
import { plainSite } from "./plain-site.mjs";

const [siteDir, key, out] = process.argv.slice(2);
const { indexURL, loaderURL, wheel } = plainSite(siteDir);
/** @type {{loadPyodide: typeof import("pyodide").loadPyodide}} */
const { loadPyodide } = await import(loaderURL);
// Pyodide reads no variable from Node's environment: HOME as in the browser.
const file = await makeSnapshotFile(loadPyodide, indexURL, wheel, key, { HOME: "/home/pyodide" });
await writeFile(out, file);
