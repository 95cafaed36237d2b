// @ts-check
// The Characters page's import from another program: a character file saved by GURPS
// Character Sheet (.gcs) or exported by Codex Quest (.json), chosen or dropped onto the
// control. rulescore reads it (rulescore.web.respond_import, in the engine worker, so offline
// too); the preview shows the character, what will be imported, what is left out and the
// cross-check of the other program's figures against ours, and nothing is saved before
// "Import". A character of the same name and system already on the device is never replaced
// without the reader's word: keep the one here, take the file's figures (the same record, its
// id kept), or keep both (the file's under a numbered name). A file the site cannot read is
// refused with rulescore's sentence, and nothing changes.
//
// DOM: [data-foreign-drop] holds input[data-foreign-import-file]; [data-foreign-preview] with
// data-foreign-state = checking | asking | refused | done | cancelled; in it
// [data-foreign-fields], [data-foreign-skipped], table[data-foreign-checks] and the buttons
// confirm-foreign-import, cancel-foreign-import, foreign-keep-local, foreign-take-file,
// foreign-keep-both and foreign-keep-foe, which keeps it on the GM's shelf as a
// foe (kept/shelf.js) instead of making a character.

import { SYSTEM_NAMES, freeName, newId } from "../kept/documents.js";
import { MINUS, button, element, withMinus } from "../core/dom.js";
import { askImport, engineLive } from "../engine/engine.js";
import { reread } from "./sheets.js";
import { put, update } from "../kept/store.js";

/** @typedef {import("./sheets.js").PageState} PageState */
/** @typedef {import("../kept/documents.js").Character} Character */
/** @typedef {import("../kept/documents.js").Fields} Fields */
/** @typedef {import("../kept/documents.js").System} System */
/** @typedef {import("../../engine-messages.js").ImportResponse} ImportResponse */
/** @typedef {import("../../engine-messages.js").ImportCheck} ImportCheck */
/** @typedef {import("../../engine-messages.js").ImportField} ImportField */

const MAX_BYTES = 5 * 1024 * 1024; // rulescore reads up to 5 MB (rulescore/importers.py)
const MAX_NAME = 60; // as documents.js keeps names
const CHOOSE = "choose the .gcs file GCS saved or the .json file Codex Quest exported";

/**
 * Files dropped onto the import box go where a chosen file goes (library.js's importAny).
 * @param {HTMLElement} library the library section @param {(file: File) => unknown} onFile
 */
export function bindForeignImport(library, onFile) {
  const zone = /** @type {HTMLElement | null} */ (library.querySelector("[data-foreign-drop]"));
  if (!zone) return;
  const dragging = (/** @type {boolean} */ on) => zone.toggleAttribute("data-dragging", on);
  zone.addEventListener("dragover", (event) => {
    if (!event.dataTransfer?.types.includes("Files")) return;
    event.preventDefault(); // a drop here is ours, not the browser's (which would open the file)
    event.dataTransfer.dropEffect = "copy";
    dragging(true);
  });
  zone.addEventListener("dragleave", () => dragging(false));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    dragging(false);
    const dropped = event.dataTransfer?.files[0];
    if (dropped) onFile(dropped);
  });
}

/**
 * A file of another program read through rulescore and shown with its question; a second file
 * chosen while the first is read wins (the area counts the turns). Resolves to what the file
 * is once it is shown, or null when it was refused or overtaken.
 * @param {PageState} state @param {HTMLElement} area @param {File} file @param {() => Promise<void>} redraw
 * @returns {Promise<{name: string, system: System, program: string} | null>}
 */
export async function previewForeign(state, area, file, redraw) {
  const turn = String(Number(area.dataset.turn ?? 0) + 1);
  area.dataset.turn = turn;
  return (await preview(state, area, file, () => area.dataset.turn === turn, redraw)) || null;
}

/** @param {HTMLElement} area @param {"checking" | "asking" | "refused" | "done" | "cancelled"} phase
 * @param {(Node | string)[]} children */
function show(area, phase, children) {
  area.hidden = false;
  area.dataset.foreignState = phase;
  area.replaceChildren(...children);
}

/** @param {HTMLElement} area @param {string} source @param {string} why */
function refused(area, source, why) {
  show(area, "refused", [element("p", { class: "rc-error", role: "alert" },
    [`Nothing was imported from ${source}. ${why} Nothing on this device was changed.`])]);
}

/**
 * Reads the file through rulescore, shows what it holds and asks.
 * @param {PageState} state @param {HTMLElement} area @param {File} file
 * @param {() => boolean} current false once another file was chosen @param {() => Promise<void>} redraw
 * @returns {Promise<{name: string, system: System, program: string} | void | false>} what was shown
 */
async function preview(state, area, file, current, redraw) {
  area.onclick = null;
  const source = `the file ${file.name}`;
  if (file.size > MAX_BYTES) {
    return refused(area, source, `This file is ${(file.size / 1048576).toFixed(1)} MB; a character file is far ` +
      `smaller and the site reads up to 5 MB: ${CHOOSE}.`);
  }
  show(area, "checking", [element("p", { role: "status" }, [engineLive() ? `Reading ${source}…`
    : `Reading ${source} as soon as the rules engine is up…`])]);
  /** @type {string} */
  let text;
  try {
    text = await file.text();
  } catch {
    return current() && refused(area, source, "The browser could not read it: choose it again.");
  }
  const answer = await askImport(text);
  if (!current()) return;
  if (!answer) {
    return refused(area, source, "The rules engine, which reads the file, could not start: reload the page and " +
      "try again.");
  }
  if (!answer.ok || !answer.system || !answer.fields) {
    return refused(area, source, answer.message ?? "The file could not be read.");
  }
  await reread(state);
  if (!current()) return;
  const system = /** @type {System} */ (answer.system);
  const name = (answer.name ?? "").trim().slice(0, MAX_NAME) || "Imported character";
  /** @type {Fields} */
  const fields = Object.fromEntries(Object.entries(answer.fields).map(([field, value]) =>
    [field, typeof value === "boolean" ? value : Array.isArray(value) ? JSON.stringify(value) : String(value)]));
  const here = state.store.characters.find((c) => c.system === system && c.name === name) ?? null;
  const what = `${name} (${SYSTEM_NAMES[system]})`;
  show(area, "asking", [
    element("p", {}, [element("strong", {}, [name]), `, a ${SYSTEM_NAMES[system]} character from ${answer.program}, ` +
      `in ${source}.`]),
    element("h4", {}, ["What will be imported"]),
    fieldList(answer.shown ?? [], here),
    element("h4", {}, ["Left out"]),
    (answer.skipped ?? []).length
      ? element("ul", { "data-foreign-skipped": "" }, (answer.skipped ?? []).map((line) => element("li", {}, [line])))
      : element("p", { "data-foreign-skipped": "" }, ["Nothing: the site uses everything the file holds."]),
    checksTable(answer.checks ?? [], answer.program ?? "The file"),
    ...question(what, here),
  ]);
  area.onclick = async (event) => {
    const action = /** @type {Element} */ (event.target).closest("button")?.getAttribute("data-action") ?? "";
    if (!["confirm-foreign-import", "cancel-foreign-import", "foreign-keep-local", "foreign-take-file",
      "foreign-keep-both", "foreign-keep-foe"].includes(action)) return;
    area.onclick = null;
    for (const choice of area.querySelectorAll("button")) choice.disabled = true;
    if (action === "cancel-foreign-import") {
      return show(area, "cancelled", [element("p", { role: "status" }, ["Nothing was imported."])]);
    }
    if (action === "foreign-keep-local") {
      return show(area, "cancelled", [element("p", { role: "status" },
        [`Nothing was imported: ${what} stays as it is on this device.`])]);
    }
    const { problem, saved } = action === "foreign-keep-foe"
      ? await keepFoe(state, { system, name, fields })
      : await save(state, action, { system, name, fields }, here);
    await redraw();
    show(area, "done", [element("p", { role: "status" }, [problem ?? saved])]);
  };
  area.scrollIntoView({ block: "start" });
  return { name, system, program: answer.program ?? "another program" };
}

/**
 * Writes the import as the reader chose.
 * @param {PageState} state @param {string} action
 * @param {{system: System, name: string, fields: Fields}} imported @param {Character | null} here
 * @returns {Promise<{problem: string | null, saved: string}>}
 */
async function save(state, action, imported, here) {
  const { system, name, fields } = imported;
  if (action === "foreign-take-file" && here) {
    // The file's figures on the same record (its id, so parties and pickers keep it), from the
    // newest version of it: another tab's change meanwhile is replaced too, as chosen.
    const written = await update(state.kept, "characters", here.id,
      (/** @type {Character | null} */ current) => ({ ...(current ?? here), name, system, fields }));
    return { problem: written?.problem ?? null, saved: `${name} now has the file's figures.` };
  }
  await reread(state); // another tab may have taken the name meanwhile
  const free = freeName(state.store, system, name);
  const written = await put(state.kept, "characters", { id: newId("c"), name: free, system, fields }, 0);
  const problem = "record" in written ? written.problem : null;
  return { problem, saved: `Imported ${free} (${SYSTEM_NAMES[system]}): pick them in any ` +
    `${SYSTEM_NAMES[system]} calculator.` };
}

/**
 * The import kept as a foe on the GM's shelf (a record of its own: no character is made).
 * @param {PageState} state @param {{system: System, name: string, fields: Fields}} imported
 * @returns {Promise<{problem: string | null, saved: string}>}
 */
async function keepFoe(state, imported) {
  const { system, name, fields } = imported;
  const written = await put(state.kept, "shelf", { id: newId("s"), kind: "foe", name, system, sheet: fields }, 0);
  const problem = "record" in written ? written.problem : null;
  return { problem, saved: `${name} is on the GM's shelf as a foe: on the Session page, open the shelf and ` +
    "fight any number of them in a tap." };
}

/**
 * What will be imported, label and value; beside a value the character here holds
 * differently, that value.
 * @param {ImportField[]} shown @param {Character | null} here
 */
function fieldList(shown, here) {
  const named = new Set(shown.map((entry) => entry.field));
  const rows = shown.map((entry) => {
    const mine = here?.fields[entry.field];
    const differs = here !== null && (mine === undefined || !sameText(mine, entry));
    return element("div", { "data-field": entry.field, ...(differs ? { "data-differs": "" } : {}) }, [
      element("dt", {}, [entry.label]),
      element("dd", {}, [withMinus(entry.text), ...(differs ? [" ", element("span", { class: "rc-foreign-here" },
        [`here: ${mine === undefined ? "not set" : asText(mine, entry)}`])] : [])]),
    ]);
  });
  const list = element("dl", { class: "rc-foreign-fields", "data-foreign-fields": "" }, rows);
  const dropped = here ? Object.keys(here.fields).filter((field) => !named.has(field)) : [];
  if (!dropped.length) return list;
  const wrapper = element("div", {}, [list, element("p", { class: "rc-foreign-note" }, [`Not in the file, so ` +
    `taking the file's figures sets them back to what the sheet works out: ${dropped.join(", ")}.`])]);
  return wrapper;
}

/** A value kept on the device, shown as the file's are. @param {string | boolean} value @param {ImportField} entry */
function asText(value, entry) {
  if (entry.choices) return entry.choices[String(value)] ?? String(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return withMinus(entry.unit ? `${value} ${entry.unit}` : String(value));
}

/** @param {string | boolean} value @param {ImportField} entry */
function sameText(value, entry) {
  if (entry.choices || typeof value === "boolean") return asText(value, entry) === entry.text;
  const number = (/** @type {string} */ text) => Number(text.replaceAll(MINUS, "-").replace(",", ".").split(" ")[0]);
  return number(String(value)) === number(entry.text);
}

/**
 * The cross-check: each figure the other program worked out, ours, and why they differ.
 * @param {ImportCheck[]} checks @param {string} program
 */
function checksTable(checks, program) {
  if (!checks.length) {
    return element("p", { "data-foreign-checks-none": "" }, [element("strong", {}, ["Nothing to check. "]),
      `${program}'s file holds no figures worked out from ` +
      "the others, so there is nothing to check: the site works them out from what is imported."]);
  }
  const value = (/** @type {number | string | null} */ figure) =>
    figure === null ? "—" : String(figure).replace(/-(?=\d)/g, MINUS);
  return element("div", { class: "rc-foreign-checks" }, [element("table", { class: "rc-foreign-table", "data-foreign-checks": "" }, [
    element("caption", {}, [`${program}'s figures beside ours`]),
    element("thead", {}, [element("tr", {}, ["Figure", `${program}'s`, "Ours", "Why they differ"].map((text) =>
      element("th", { scope: "col" }, [text])))]),
    element("tbody", {}, checks.map((check) => element("tr",
      { "data-agrees": check.agrees === null ? "unknown" : String(check.agrees) }, [
        element("th", { scope: "row" }, [check.figure]),
        element("td", { "data-theirs": "" }, [value(check.theirs)]),
        element("td", { "data-ours": "" }, [value(check.ours)]),
        element("td", {}, [check.agrees ? "the same" : check.why ?? ""]),
      ]))),
  ])]);
}

/**
 * The question at the foot of the preview: import or not; or, for a character already here,
 * which to keep.
 * @param {string} what @param {Character | null} here
 */
function question(what, here) {
  // A creature or NPC may go to the GM's shelf instead, as a foe (kept/shelf.js).
  const foe = [" ", button("foreign-keep-foe", "Keep as a foe on the GM's shelf")];
  if (!here) {
    return [element("p", {}, [`Import ${what}? Nothing is saved until you say so.`]),
      element("p", { class: "rc-actions" }, [button("confirm-foreign-import", "Import"), ...foe, " ",
        button("cancel-foreign-import", "Cancel")])];
  }
  return [
    element("p", { "data-foreign-existing": here.id }, [`${what} is already on this device. Keep the one here ` +
      "(nothing changes), take the file's figures (the same character, so parties and calculators keep it), or " +
      "keep both (the file's under a new name)?"]),
    element("p", { class: "rc-actions" }, [button("foreign-keep-local", "Keep the one here"), " ",
      button("foreign-take-file", "Take the file's figures"), " ", button("foreign-keep-both", "Keep both"), ...foe]),
  ];
}
