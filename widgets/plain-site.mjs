// @ts-check
// The built site's engine as Pyodide takes it, for the Node tools that run it (measure-stdlib.mjs,
// make-snapshot.mjs, bench/engine_turn.mjs, tests/test_engine_snapshot.py). The site serves the
// WebAssembly, the standard library and the wheel zstd-compressed (widgets/packed.py): each is
// decompressed here with the decoder the browser uses, and Pyodide's runtime is laid out in a
// scratch folder (removed when Node exits) as the browser's engine worker gets it. A site whose
// files are still plain (during the build, before they are packed) is read as it is.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { decompress } from "fzstd";

/**
 * @param {string} siteDir the built site
 * @returns {{indexURL: string, loaderURL: string, stdLibPath: string, wheel: Uint8Array}}
 */
export function plainSite(siteDir) {
  /** @param {string} relative @returns {Uint8Array} */
  const plain = (relative) => existsSync(join(siteDir, relative)) ? readFileSync(join(siteDir, relative))
    : decompress(readFileSync(join(siteDir, relative + ".zst")));
  const runtime = mkdtempSync(join(tmpdir(), "rules-engine-"));
  process.on("exit", () => rmSync(runtime, { recursive: true, force: true }));
  for (const name of ["pyodide.mjs", "pyodide.asm.js", "pyodide-lock.json"]) {
    copyFileSync(join(siteDir, "pyodide", name), join(runtime, name));
  }
  for (const name of ["pyodide.asm.wasm", "python_stdlib.zip"]) writeFileSync(join(runtime, name), plain(`pyodide/${name}`));
  return {
    indexURL: runtime + "/",
    loaderURL: pathToFileURL(join(runtime, "pyodide.mjs")).href,
    stdLibPath: join(runtime, "python_stdlib.zip"),
    wheel: plain("assets/engine/rulescore.whl"),
  };
}
