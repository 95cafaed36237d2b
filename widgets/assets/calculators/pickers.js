// @ts-check
// The character picker of every calculator a character feeds: choosing a character fills the
// inputs it gives (which input takes which figure is written into the form by the build:
// data-figure, from the catalogue's "character"); "Whole party" gives a row per member or
// fills one input per member. A field changed afterwards reads "Bruno: 12" with a button back
// to it, and "Save to Bruno" writes such changes to the character as kept now. Pickers follow
// the store: a character saved or changed in another tab shows here at once.

import { readInputs } from "./calculators.js";
import { button, element } from "../core/dom.js";
import { askEngine } from "../engine/engine.js";
import {
  characterById, currentValue, fieldOf, fieldValue, figure, figuresOf, recompute, reread, sameValue, setField, sheetFields,
} from "../characters/sheets.js";
import { update } from "../kept/store.js";

/** @typedef {import("../kept/documents.js").Character} Character */
/** @typedef {import("../kept/documents.js").Party} Party */
/** @typedef {import("../characters/sheets.js").PageState} PageState */

const PICKED_PREFIX = "rules-at-the-table:picked:"; // + calculator id: the character or party chosen there

export function pickerForms() {
  return [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("select[data-character-picker]"))]
    .map((picker) => /** @type {HTMLFormElement} */ (picker.form));
}

/** @param {HTMLFormElement} form */
function pickerOf(form) {
  return /** @type {HTMLSelectElement} */ (form.querySelector("select[data-character-picker]"));
}

/** @param {PageState} state */
export function refreshPickers(state) {
  for (const form of pickerForms()) {
    fillPicker(state, form);
    // The character it was filled from changed (here or in another tab): filled again.
    const filled = state.filled.get(form);
    const now = filled && characterById(state.store, filled.character.id);
    if (filled && (!now || now.rev !== filled.character.rev)) choose(state, form, pickerOf(form).value);
  }
}

/** @param {PageState} state @param {HTMLFormElement} form */
function fillPicker(state, form) {
  const picker = pickerOf(form);
  const system = picker.dataset.system;
  const chosen = picker.value;
  const characters = state.store.characters.filter((c) => c.system === system);
  const parties = state.store.parties.filter((p) => p.system === system && p.members.length);
  picker.replaceChildren(element("option", { value: "" }, ["none"]),
    ...characters.map((c) => element("option", { value: `c:${c.id}` }, [c.name])),
    ...parties.map((p) => element("option", { value: `p:${p.id}` }, [`Whole party: ${p.name}`])));
  picker.value = [...picker.options].some((option) => option.value === chosen) ? chosen : "";
  const bar = /** @type {HTMLElement} */ (form.querySelector("[data-character-bar]"));
  bar.hidden = false;
  const note = bar.querySelector("[data-character-note]");
  if (note) note.textContent = characters.length ? "" : " none saved yet";
}

/** @param {PageState} state @param {HTMLFormElement} form */
export function bindPicker(state, form) {
  fillPicker(state, form);
  const picker = pickerOf(form);
  const key = PICKED_PREFIX + form.dataset.calculator;
  picker.addEventListener("change", () => {
    try {
      if (picker.value) localStorage.setItem(key, picker.value);
      else localStorage.removeItem(key);
    } catch { /* the choice lasts for this visit */ }
    choose(state, form, picker.value);
  });
  form.addEventListener("input", (event) => {
    if (/** @type {Element} */ (event.target).matches("[data-character-picker]")) return;
    showChanges(state, form);
  });
  form.addEventListener("rc:result", () => {
    if (picker.value.startsWith("p:")) showParty(state, form);
    nameMembers(state, form);
  });
  form.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest("button");
    if (target?.dataset.action === "use-character-value") useCharacterValue(state, form, target.dataset.name ?? "");
    if (target?.dataset.action === "save-to-character") saveToCharacter(state, form);
    if (target?.dataset.action === "reset") setTimeout(() => choose(state, form, picker.value));
  });
  let remembered = null;
  try {
    remembered = localStorage.getItem(key);
  } catch { /* nothing remembered */ }
  if (remembered && [...picker.options].some((option) => option.value === remembered)) {
    picker.value = remembered;
    choose(state, form, remembered); // the character as saved now: edits on the Characters page show
  }
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} value */
async function choose(state, form, value) {
  const partyView = /** @type {HTMLElement | null} */ (form.querySelector("[data-party-view]"));
  if (partyView) partyView.hidden = true;
  state.filled.delete(form);
  delete form.dataset.character;
  delete form.dataset.party;
  showChanges(state, form);
  if (value.startsWith("c:")) {
    const character = characterById(state.store, value.slice(2));
    if (character) await fillFrom(state, form, character);
  } else if (value.startsWith("p:")) {
    const party = state.store.parties.find((p) => p.id === value.slice(2));
    if (party) {
      form.dataset.party = party.name;
      await fillParty(state, form, party);
    }
  }
}

/** The bound fields of a form: [input name, figure, party member number or 0].
 * @param {HTMLFormElement} form @returns {[string, string, number][]} */
function bindings(form) {
  return [.../** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-character-for]"))].map((mark) => [
    mark.dataset.characterFor ?? "", mark.dataset.figure ?? "", Number(mark.dataset.partyMember || 0)]);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {Character} character */
async function fillFrom(state, form, character) {
  const answer = await figuresOf(state, character);
  if (pickerOf(form).value !== `c:${character.id}`) return; // another choice since
  if (!answer || !answer.ok) {
    const note = form.querySelector("[data-character-note]");
    if (note) note.textContent = ` ${character.name} cannot be used: ${answer ? answer.message : "no engine"}`;
    return;
  }
  /** @type {Record<string, string | boolean>} */
  const values = {};
  for (const [name, figureName, member] of bindings(form)) {
    if (member > 1) continue; // one character is the party's first member only
    const value = figure(answer, figureName);
    if (value === null || value === undefined) continue; // does not apply (no Dodge under an impossible load)
    values[name] = fieldValue(value);
    setField(form, name, values[name]);
  }
  state.filled.set(form, { character, values });
  form.dataset.character = character.name;
  recompute(form);
  showChanges(state, form);
}

/** Marks each field changed from the character's value ("Bruno: 12", with a button back to
 * it), and offers "Save to Bruno" for changes to what the character stores.
 * @param {PageState} state @param {HTMLFormElement} form */
function showChanges(state, form) {
  const filled = state.filled.get(form);
  const stored = filled ? state.knownFields.get(filled.character.system) ?? new Set() : new Set();
  let saveable = 0;
  for (const mark of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-character-for]"))) {
    const name = mark.dataset.characterFor ?? "";
    const field = fieldOf(form, name);
    const kept = filled?.values[name];
    const changed = field && kept !== undefined && !sameValue(currentValue(field), kept);
    mark.hidden = !changed;
    field?.toggleAttribute("data-changed-from-character", Boolean(changed));
    if (!changed || !filled) {
      mark.replaceChildren();
      continue;
    }
    const shown = typeof kept === "boolean" ? (kept ? "yes" : "no") : kept;
    mark.replaceChildren(`${filled.character.name}: ${shown} `, button("use-character-value", `Use ${shown}`, { "data-name": name }));
    if (stored.has(mark.dataset.figure ?? "")) saveable++;
  }
  const saveButton = /** @type {HTMLButtonElement} */ (form.querySelector('[data-action="save-to-character"]'));
  saveButton.hidden = !filled || !saveable;
  if (filled) saveButton.textContent = `Save to ${filled.character.name}`;
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} name */
function useCharacterValue(state, form, name) {
  const value = state.filled.get(form)?.values[name];
  if (value === undefined) return;
  setField(form, name, value);
  recompute(form);
  showChanges(state, form);
}

/** @param {PageState} state @param {HTMLFormElement} form */
async function saveToCharacter(state, form) {
  const filled = state.filled.get(form);
  if (!filled) return;
  const note = form.querySelector("[data-character-note]");
  const stored = await sheetFields(state, filled.character.system);
  /** @type {Record<string, string | boolean>} */
  const changes = {};
  for (const [name, figureName] of bindings(form)) {
    const field = fieldOf(form, name);
    if (field && stored.has(figureName) && !sameValue(currentValue(field), filled.values[name] ?? "")) {
      changes[figureName] = currentValue(field);
    }
  }
  /** @type {string | null} */
  let refused = null;
  // Only these fields change, on the character as kept now (another tab may have saved meanwhile).
  const written = await update(state.kept, "characters", filled.character.id, async (/** @type {Character | null} */ now) => {
    if (!now) return null;
    const character = { ...now, fields: { ...now.fields, ...changes } };
    const answer = await figuresOf(state, character);
    if (!answer || !answer.ok) {
      refused = answer ? answer.message : "the live calculator could not start";
      return null;
    }
    return character;
  });
  if (!written) {
    if (note) note.textContent = ` Not saved: ${refused ?? `${filled.character.name} was deleted in another tab`}`;
    return;
  }
  await reread(state);
  await fillFrom(state, form, written.record);
  if (note) note.textContent = written.problem ? ` ${written.problem}` : ` Saved to ${written.record.name}.`;
}

/** A whole party: inputs that take one member each get the party in order (empty places
 * 0); otherwise each member's result is shown in a row of its own.
 * @param {PageState} state @param {HTMLFormElement} form @param {Party} party */
async function fillParty(state, form, party) {
  const members = party.members.map((id) => characterById(state.store, id)).filter((c) => c !== null);
  const slots = bindings(form).filter(([, , member]) => member > 0);
  if (!slots.length) return showParty(state, form);
  const answers = await Promise.all(members.map((member) => figuresOf(state, member)));
  if (pickerOf(form).value !== `p:${party.id}`) return;
  const view = /** @type {HTMLElement} */ (form.querySelector("[data-party-view]"));
  /** @type {Node[]} */
  const lines = [];
  for (const [name, figureName, member] of slots) {
    const answer = answers[member - 1];
    const character = members[member - 1];
    const field = fieldOf(form, name);
    if (!field) continue;
    if (!character || !answer || !answer.ok) {
      if (Number(field.dataset.min ?? 1) <= 0) setField(form, name, "0");
      continue;
    }
    setField(form, name, fieldValue(figure(answer, figureName)));
    lines.push(element("li", {}, [`${labelText(field)}: ${character.name}, ${answer.outputs[figureName]?.text ??
      figure(answer, figureName)}`]));
  }
  const extra = members.length - Math.max(...slots.map(([, , member]) => member));
  view.replaceChildren(element("p", {}, [`${party.name}, in the party's order:`]), element("ul", {}, lines),
    ...(extra > 0 ? [element("p", {}, [`${extra} more member${extra === 1 ? "" : "s"} than this calculator takes: ` +
      "only the first ones count."])] : []));
  view.hidden = false;
  recompute(form);
}

/** Where a result names a party member by number (the travel planner's slowest member), the
 * party view says who that is. @param {PageState} state @param {HTMLFormElement} form */
function nameMembers(state, form) {
  const line = form.querySelector("[data-member-named]");
  const party = state.store.parties.find((p) => `p:${p.id}` === pickerOf(form).value);
  const named = /** @type {HTMLElement | null} */ (form.querySelector("[data-names-member]"));
  if (!party || !named) return line?.remove();
  const member = characterById(state.store, party.members[Number(named.dataset.value) - 1] ?? "");
  const label = named.closest(".rc-output")?.querySelector("dt")?.textContent ?? "";
  const text = member ? `${label}: ${member.name} (member ${named.dataset.value})` : "";
  if (member) named.textContent = `${member.name} (member ${named.dataset.value})`; // on a tile too, not a bare number
  if (line) line.textContent = text;
  else form.querySelector("[data-party-view]")?.append(element("p", { "data-member-named": "" }, [text]));
}

/** @param {HTMLInputElement | HTMLSelectElement} field */
function labelText(field) {
  return field.labels?.[0]?.firstChild?.textContent?.trim() ?? field.name;
}

/** One row per member: the calculator's answer with that member's figures and the other
 * inputs as the form has them. @param {PageState} state @param {HTMLFormElement} form */
async function showParty(state, form) {
  const picker = pickerOf(form);
  const party = state.store.parties.find((p) => `p:${p.id}` === picker.value);
  const view = /** @type {HTMLElement} */ (form.querySelector("[data-party-view]"));
  if (!party || bindings(form).some(([, , member]) => member > 0)) return;
  const asked = picker.value;
  const members = party.members.map((id) => characterById(state.store, id)).filter((c) => c !== null);
  const outputs = [.../** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".rc-output"))]
    .filter((row) => !row.hidden).slice(0, 5)
    .map((row) => [row.querySelector("[data-output]")?.getAttribute("data-output") ?? "",
      row.querySelector("dt")?.textContent ?? ""]);
  const rows = await Promise.all(members.map(async (member) => {
    const answer = await figuresOf(state, member);
    if (!answer || !answer.ok) return [member.name, answer ? answer.message : "no engine"];
    const inputs = { ...readInputs(form) };
    for (const [name, figureName] of bindings(form)) {
      const value = figure(answer, figureName);
      if (value !== null && value !== undefined) inputs[name] = String(fieldValue(value));
    }
    const result = await askEngine(/** @type {string} */ (form.dataset.calculator), inputs);
    if (!result || !result.ok) return [member.name, result ? result.message : "no engine"];
    return [member.name, ...outputs.map(([name]) => result.outputs[name]?.text ?? "")];
  }));
  if (picker.value !== asked) return;
  view.replaceChildren(element("table", { class: "rc-party-table", "data-party-table": "" }, [
    element("caption", {}, [`${party.name}: each member with the inputs above`]),
    element("thead", {}, [element("tr", {}, [element("th", { scope: "col" }, ["Member"]),
      ...outputs.map(([, label]) => element("th", { scope: "col" }, [label]))])]),
    element("tbody", {}, rows.map(([name, ...cells]) => element("tr", {}, [element("th", { scope: "row" }, [name]),
      ...cells.map((cell) => element("td", {}, [cell]))]))),
  ]));
  view.hidden = false;
}

// --- Start ---------------------------------------------------------------------------------

/** @type {WeakSet<Element>} */
const started = new WeakSet();
