// @ts-check
// What the Characters page (characters.js, parties.js), the calculators' pickers (pickers.js)
// and the library (library.js) share: the page's view of the kept characters and parties, read
// from the store and read again whenever another tab or script changes them, the figures a
// character gives (rulescore.derive, through the engine), an editor's status line and the alert
// after a write that could not be saved. No rule is known here.

import { MINUS, withMinus } from "../core/dom.js";
import { askEngine, engineReady } from "../engine/engine.js";
import { all } from "../kept/store.js";
import { storageAlert } from "../kept/backup.js";

/** @typedef {import("../kept/documents.js").Store} Store */
/** @typedef {import("../kept/documents.js").Character} Character */
/** @typedef {import("../kept/documents.js").Party} Party */
/** @typedef {import("../kept/documents.js").System} System */
/** @typedef {import("../kept/store.js").Kept} Kept */
/** @typedef {import("../../engine-messages.js").EngineResponse} EngineResponse */
/** @typedef {import("../../engine-messages.js").EngineAnswer} EngineAnswer */

/**
 * What this page view knows: its handle on the store and the characters and parties as last
 * read; for each calculator form the character it was filled from and the values it got; for
 * each editor the revision of the character it opened.
 * @typedef {object} PageState
 * @property {Kept} kept
 * @property {Store} store
 * @property {import("../kept/shelf.js").ShelfRecord[]} shelf the GM's foes, encounters and tables
 * @property {WeakMap<HTMLFormElement, {character: Character, values: Record<string, string | boolean>}>} filled
 * @property {Map<string, Promise<Set<string>>>} sheetFields by system: the fields its characters store
 * @property {Map<string, Set<string>>} knownFields the same, once known
 * @property {WeakMap<HTMLFormElement, number>} editingRev the revision an editor's character had when opened
 * @property {WeakMap<HTMLFormElement, {mine: Character, theirs: Character | null}>} conflicts an editor's unsaved
 *   version and the one another tab saved meanwhile, while the reader chooses
 */

/** An editor's status line, beside Save. @param {HTMLFormElement} form @param {string} text */
export function say(form, text) {
  const status = form.querySelector("[data-status]");
  if (status) status.textContent = text;
  form.dataset.said = text; // kept over the live calculator's own line until the sheet is edited
}

/** After a write: what could not be saved is said at the top of the page, with the backup.
 * @param {PageState} state @param {string | null} problem */
export function alertIfUnsaved(state, problem) {
  const area = document.querySelector("article") ?? document.body;
  storageAlert(state.kept, area, problem ?? state.kept.problem);
}

/** @param {Kept} kept @returns {Promise<PageState>} */
export async function pageState(kept) {
  const state = { kept, store: { format: "", version: 1, characters: [], parties: [] }, shelf: [], filled: new WeakMap(),
    sheetFields: new Map(), knownFields: new Map(), editingRev: new WeakMap(), conflicts: new WeakMap() };
  await reread(state);
  return state;
}

/** The characters and parties as kept now, in the order they were made; the shelf by name. @param {PageState} state */
export async function reread(state) {
  const byAge = (/** @type {{id: string}} */ a, /** @type {{id: string}} */ b) => age(a.id) - age(b.id) || a.id.localeCompare(b.id);
  state.store.characters = (/** @type {Character[]} */ (await all(state.kept, "characters"))).sort(byAge);
  state.store.parties = (/** @type {Party[]} */ (await all(state.kept, "parties"))).sort(byAge);
  state.shelf = (/** @type {import("../kept/shelf.js").ShelfRecord[]} */ (await all(state.kept, "shelf")))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** When an id (documents.js newId: prefix, base-36 time, random) was made. @param {string} id */
function age(id) {
  return parseInt(id.split("-")[1] ?? "", 36) || 0;
}

/** A value as a form field shows it: text with the site's minus sign, or a checkbox's state.
 * @param {unknown} value @returns {string | boolean} */
export function fieldValue(value) {
  return typeof value === "boolean" ? value : withMinus(value);
}

/** @param {HTMLInputElement | HTMLSelectElement} field */
export function currentValue(field) {
  return field.type === "checkbox" ? /** @type {HTMLInputElement} */ (field).checked : field.value.trim();
}

/** @param {string | boolean} a @param {string | boolean} b */
export function sameValue(a, b) {
  if (typeof a === "boolean" || typeof b === "boolean") return a === b;
  const number = (/** @type {string} */ text) => Number(text.replace(MINUS, "-").replace(",", "."));
  return a === b || (a !== "" && b !== "" && number(a) === number(b));
}

/** @param {HTMLFormElement} form @param {string} name */
export function fieldOf(form, name) {
  return /** @type {HTMLInputElement | HTMLSelectElement | null} */ (
    form.querySelector(`[name="${CSS.escape(name)}"]`));
}

/** @param {HTMLFormElement} form @param {string} name @param {string | boolean} value */
export function setField(form, name, value) {
  const field = fieldOf(form, name);
  if (!field) return;
  if (field.type === "checkbox") /** @type {HTMLInputElement} */ (field).checked = value === true || value === "true";
  else field.value = String(value);
  if (field.dataset.derived !== undefined) field.dataset.edited = "true";
}

/** @param {HTMLFormElement} form */
export function recompute(form) {
  // Any field will do: calculators.js recomputes the whole form on an input event.
  form.querySelector("[name]")?.dispatchEvent(new Event("input", { bubbles: true }));
}

/** @param {Store} store @param {string} id */
export function characterById(store, id) {
  return store.characters.find((c) => c.id === id) ?? null;
}

/** The fields a character of ``system`` stores, as this version of the site has them (one
 * engine answer for a new character lists them all, defaults included).
 * @param {PageState} state @param {string} system @returns {Promise<Set<string>>} */
export function sheetFields(state, system) {
  let known = state.sheetFields.get(system);
  if (!known) {
    known = engineReady().then(() => askEngine(system, {}, true))
      .then((answer) => {
        const names = new Set(answer && answer.ok ? Object.keys(answer.inputs) : []);
        state.knownFields.set(system, names);
        return names;
      });
    state.sheetFields.set(system, known);
  }
  return known;
}

/** The figures a character gives, or the engine's message about what is wrong with them. A
 * field this version does not know (stored by another version) is kept but not sent.
 * @param {PageState} state @param {Character} character @returns {Promise<EngineResponse | null>} */
export async function figuresOf(state, character) {
  const known = await sheetFields(state, character.system);
  const fields = Object.fromEntries(Object.entries(character.fields).filter(([name]) => known.has(name)));
  return askEngine(character.system, fields, true);
}

/** @param {EngineAnswer} answer @param {string} figure */
export function figure(answer, figure) {
  const output = answer.outputs[figure];
  return output ? output.value : answer.inputs[figure];
}
