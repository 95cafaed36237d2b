// One Next turn's time in the engine worker, under Pyodide in Node (bench/engine_turn.py runs it):
//   node bench/engine_turn.mjs CASES_JSON REPEAT SITE_DIR[:both] [SITE_DIR[:both] ...]
// Each site's own runtime and wheel, each in a Pyodide of its own in this one process (a site
// built before a change beside one built after, measured turn about so the machine's load
// weighs on both alike); ":both" sends a site the request for both views, as the page did
// before issue 45. Each case's state is held as the worker holds it, then the worker's call is
// timed as the worker times it: respond_held, and its answer parsed by JSON.parse.
// Prints [{case: [ms, ...]}, ...], one a site, as JSON.
import { readFile } from "node:fs/promises";
import { mountWheel } from "../widgets/assets/engine/engine-snapshot.js";
import { plainSite } from "../widgets/plain-site.mjs";

const [casesFile, repeatText, ...sites] = process.argv.slice(2);
const repeat = Number(repeatText);
const cases = JSON.parse(await readFile(casesFile, "utf8"));

/** A site's engine, holding each case's state under the case's name. @param {string} arg */
async function engine(arg) {
  const both = arg.endsWith(":both");
  const dir = both ? arg.slice(0, -":both".length) : arg;
  const { indexURL, loaderURL, wheel } = plainSite(dir); // the files as Pyodide gets them, .zst or not
  const { loadPyodide } = await import(loaderURL);
  const pyodide = await loadPyodide({ indexURL });
  mountWheel(pyodide, wheel);
  const sessions = pyodide.pyimport("rulescore.web_session");
  const held = sessions.new_held();
  for (const [label, { state }] of Object.entries(cases)) {
    // The state sent once, as the page sends it when the worker does not hold it.
    const sent = JSON.parse(sessions.respond_held(held, JSON.stringify({ op: "view", state: JSON.stringify(state),
      session: { id: label, stamp: "" } }), label));
    if (!sent.ok) throw new Error(JSON.stringify(sent).slice(0, 300));
  }
  /** @param {string} label @param {string} stamp */
  const turn = (label, stamp) => {
    const start = performance.now();
    const answer = JSON.parse(sessions.respond_held(held, both ? cases[label].request_both : cases[label].request,
      stamp));
    const took = performance.now() - start;
    if (!answer.ok) throw new Error(JSON.stringify(answer).slice(0, 300));
    return took;
  };
  return turn;
}

const engines = [];
for (const site of sites) engines.push(await engine(site));
const times = engines.map(() => Object.fromEntries(Object.keys(cases).map((label) => [label, /** @type {number[]} */ ([])])));
let stamp = 0;
for (let round = 0; round < repeat + 5; round++) {
  for (const label of Object.keys(cases)) {
    engines.forEach((turn, at) => {
      const took = turn(label, `s${stamp++}`);
      if (round >= 5) times[at][label].push(took); // the first few warm up
    });
  }
}
process.stdout.write(JSON.stringify(times));
