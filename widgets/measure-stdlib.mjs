// @ts-check
// Which modules of Python's standard library the engine imports, measured in the very runtime
// the site serves (widgets/stdlib.py runs it at build time, under Node, as the snapshot is made):
//   node widgets/measure-stdlib.mjs SITE_DIR STDLIB_ZIP
// Pyodide starts with STDLIB_ZIP as its standard library, the wheel is mounted, and WALK runs
// every path of the engine (each calculator with its sample inputs, sheets, rolls, sessions of
// the three games through a fight and an attack, undo, redo, previews, write-back, imports); it
// prints the files (as the zip names them) of the standard library's modules then in
// sys.modules, as JSON. An import
// that fails (a module missing from a trimmed zip) makes it exit non-zero.
import { WARM_UP, mountWheel } from "./assets/engine/engine-snapshot.js";
import { plainSite } from "./plain-site.mjs";

export const WALK = `
import json, sys, zipfile
import rulescore, rulescore.web as web
# Every module of the wheel but __main__ (the command line, never run in the browser).
for name in zipfile.ZipFile(sys.path[0]).namelist():
    if name.startswith("rulescore/") and name.endswith((".py", ".pyc")) and not name.endswith("__main__.py"):
        __import__(name.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__"))
for calc in rulescore.catalogue():
    for sample in calc.get("examples", []) or [{}]:
        web.respond_json(calc["id"], json.dumps(sample.get("inputs", sample) if isinstance(sample, dict) else {}), False)
FOES = {"gurps": [{"name": "Orc", "dr": 1, "weapon": "Axe", "damage": "1d+2 cut"}],
        "bfrpg": [{"monster": "bugbear"}], "shell": [{"name": "Thug", "damage": "+1 cut"}]}
for system, foes in FOES.items():
    party = [{"id": "a", "name": "Ana", "system": system, "fields": {}}]
    ask = lambda request: json.loads(web.respond_session_json(json.dumps(request)))
    state = ask({"op": "new", "system": system, "party": party})["state"]
    for action in ({"do": "fight", "foes": foes}, {"do": "attack", "who": "a", "target": "f1", "defence": "none"},
                   {"do": "next_turn"}, {"do": "edit_foe", "who": "f1", "dr": 2}, {"do": "end_fight"}):
        ask({"op": "preview", "state": state, "action": action})
        answer = ask({"op": "apply", "state": state, "action": action, "dice": None})
        state = answer.get("state", state)
    for op in ("undo", "redo", "view", "write_back"):
        ask({"op": op, "state": state})
web.respond_json("gurps", "{}", True)
`;

const [siteDir, stdlib] = process.argv.slice(2);
const { indexURL, loaderURL, wheel } = plainSite(siteDir);
/** @type {{loadPyodide: typeof import("pyodide").loadPyodide}} */
const { loadPyodide } = await import(loaderURL);
const pyodide = await loadPyodide({ indexURL, stdLibURL: stdlib });
mountWheel(pyodide, wheel);
try {
  pyodide.runPython(WARM_UP);
  pyodide.runPython(WALK);
} catch (/** @type {any} */ error) {
  // The Python traceback alone: an uncaught error would print the whole minified runtime first,
  // more than a pipe takes before Node exits.
  process.stderr.write(String(error.message) + "\n");
  process.exit(1);
}
// The standard library is imported from the zip on sys.path ("/lib/python313.zip"): each
// module's file inside it, as the zip names it.
const names = pyodide.runPython(`
import json, sys
zipped = next(entry for entry in sys.path if entry.endswith(".zip") and "python" in entry) + "/"
json.dumps(sorted({str(module.__file__)[len(zipped):] for module in list(sys.modules.values())
                   if str(getattr(module, "__file__", None) or "").startswith(zipped)}))
`);
process.stdout.write(String(names));
