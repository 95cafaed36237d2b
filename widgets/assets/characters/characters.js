// @ts-check
// Characters at the table: the Characters page (an editor per system, the roster, parties).
// It knows no rule: every figure comes from rulescore in the engine. Each character and
// party is its own record in the store (store.js); a save names the revision the editor
// opened, so a character changed in another tab meanwhile is shown beside this tab's version
// and the reader chooses. Other tabs' changes are read again as they happen. The calculators'
// pickers are pickers.js's; export, import, sharing and the backup are library.js's; the
// parties are parties.js's.

import { SYSTEM_NAMES, freeName, newId } from "../kept/documents.js";
import { button, confirmThen, element, onEveryPage } from "../core/dom.js";
import { askEngine } from "../engine/engine.js";
import { bindHome, renderHome } from "./character-home.js";
import { bindListFields } from "../calculators/list-field.js";
import { bindLibrary, share } from "./library.js";
import { deleteParty, editParty, newParty, renderParties } from "./parties.js";
import { bindPicker, pickerForms, refreshPickers } from "../calculators/pickers.js";
import { alertIfUnsaved, characterById, fieldOf, pageState, recompute, reread, say, setField } from "./sheets.js";
import { closeStore, listen, openStore, put, remove, update } from "../kept/store.js";
import { readInputs } from "../calculators/calculators.js";

/** @typedef {import("../kept/documents.js").Character} Character */
/** @typedef {import("../kept/documents.js").Party} Party */
/** @typedef {import("../kept/documents.js").System} System */
/** @typedef {import("./sheets.js").PageState} PageState */

function editors() {
  return [.../** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form[data-character-editor]"))];
}

/** Everything on the page drawn again from the store (after this page's or another tab's change).
 * @param {PageState} state */
export async function redraw(state) {
  await reread(state);
  const home = document.querySelector("[data-character-home]");
  if (home) renderHome(state, home);
  for (const form of editors()) {
    renderRoster(state, form);
    followOtherTabs(state, form);
  }
  refreshPickers(state);
}

// --- The Characters page: one editor per system --------------------------------------------

/** @param {PageState} state @param {HTMLFormElement} form */
function bindEditor(state, form) {
  form.dataset.editing = "";
  bindListFields(form); // the weapons a character carries
  form.addEventListener("input", (event) => {
    if (!(/** @type {Element} */ (event.target).closest("[data-conflict]"))) form.dataset.dirty = "true";
    delete form.dataset.said;
  });
  // The live calculator says "Live: …" once it is up: a save's outcome said before stays.
  form.addEventListener("rc:result", () => {
    const status = form.querySelector("[data-status]");
    if (status && form.dataset.said) status.textContent = form.dataset.said;
  });
  form.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest("button");
    if (!target || !target.dataset.action) return;
    const id = target.dataset.id ?? "";
    const action = target.dataset.action;
    if (action === "save-character") saveCharacter(state, form);
    else if (action === "new-character") editCharacter(state, form, null, true);
    else if (action === "edit-character") editCharacter(state, form, characterById(state.store, id));
    else if (action === "duplicate-character") duplicateCharacter(state, form, id);
    else if (action === "delete-character") confirmThen(target, () => deleteCharacter(state, form, id));
    else if (action.startsWith("conflict-")) resolveConflict(state, form, action);
    else if (action === "share-character") share(state, new Set([id]), characterById(state.store, id)?.name ?? "", target);
    else if (action === "share-party") {
      const party = state.store.parties.find((p) => p.id === id);
      if (party) share(state, new Set(party.members), party.name, target);
    }
    else if (action === "new-party") newParty(state, form, () => redraw(state));
    else if (action === "delete-party") confirmThen(target, () => deleteParty(state, form, id, () => redraw(state)));
    else if (["member-up", "member-down", "member-remove", "member-add"].includes(action)) {
      editParty(state, form, id, action, target, () => redraw(state));
    }
  });
  form.querySelector("[data-parties]")?.removeAttribute("hidden");
  renderRoster(state, form);
}

// The sheet fields a session writes wounds back into (rulescore/write_back.py FIELDS), by label.
const WOUNDS = { hp_lost: "HP lost", fp_lost: "FP lost", damage_taken: "damage taken" };

/** A character's wounds in words beside its name on the roster (nothing when unhurt).
 * @param {Character} character */
function wounds(character) {
  const said = Object.entries(WOUNDS).map(([field, label]) => [label, Number(character.fields[field] ?? 0)])
    .filter(([, value]) => Number.isFinite(value) && Number(value) > 0).map(([label, value]) => `${label} ${value}`);
  return said.length ? [element("span", { class: "rc-roster-wounds", "data-character-wounds": "" },
    [`(${said.join(", ")})`]), " "] : [];
}

/** @param {PageState} state @param {HTMLFormElement} form */
function renderRoster(state, form) {
  const system = /** @type {System} */ (form.dataset.characterEditor);
  const mine = state.store.characters.filter((c) => c.system === system);
  const roster = form.querySelector("[data-character-roster]");
  if (roster) {
    roster.replaceChildren(mine.length
      ? element("ul", { class: "rc-roster-list" }, mine.map((c) => element("li", {
        "data-character-id": c.id, ...(form.dataset.editing === c.id ? { "aria-current": "true" } : {}),
      }, [
        element("span", { class: "rc-roster-name" }, [c.name]), " ",
        ...wounds(c), button("edit-character", "Edit", { "data-id": c.id }), " ",
        button("duplicate-character", "Duplicate", { "data-id": c.id }), " ",
        button("share-character", "Share", { "data-id": c.id }), " ",
        button("delete-character", "Delete", { "data-id": c.id }),
      ])))
      : element("p", {}, [`No ${SYSTEM_NAMES[system]} characters yet: fill in the sheet below and save it.`]));
  }
  renderParties(state, form);
}

/** The character open in an editor changed in another tab: an untouched editor shows the new
 * version; one with changes keeps them (saving then offers both). @param {PageState} state @param {HTMLFormElement} form */
function followOtherTabs(state, form) {
  const id = form.dataset.editing;
  if (!id || state.conflicts.has(form)) return;
  const now = characterById(state.store, id);
  if (!now) return say(form, "This character was deleted in another tab; saving keeps it as a new one.");
  if (now.rev === state.editingRev.get(form)) return;
  if (form.dataset.dirty) return say(form, `${now.name} was changed in another tab; saving shows both versions.`);
  editCharacter(state, form, now);
  say(form, `${now.name} was changed in another tab: this is the new version.`);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {Character | null} character
 * @param {boolean} [focus] put the focus on the name for a new character too (a tap on New character) */
function editCharacter(state, form, character, focus = false) {
  form.reset(); // the defaults the build wrote: derived fields follow the attributes again
  for (const field of form.querySelectorAll("[data-edited]")) delete /** @type {HTMLElement} */ (field).dataset.edited;
  const name = /** @type {HTMLInputElement} */ (fieldOf(form, "name"));
  name.value = character ? character.name : "";
  if (character) for (const [field, value] of Object.entries(character.fields)) setField(form, field, value);
  form.dataset.editing = character ? character.id : "";
  state.editingRev.set(form, character?.rev ?? 0);
  delete form.dataset.dirty;
  showConflict(state, form, null);
  renderRoster(state, form);
  recompute(form);
  say(form, character ? `Editing ${character.name}.` : "A new character: fill in the sheet and save it.");
  if (character || focus) name.focus();
}

/** A character (or a new one, id null) opened from the top of the page: its game's editor,
 * scrolled to with the name focused. @param {PageState} state @param {System} system @param {string | null} id */
function openFromHome(state, system, id) {
  const form = editors().find((editor) => editor.dataset.characterEditor === system);
  if (!form) return;
  editCharacter(state, form, id ? characterById(state.store, id) ?? null : null, true);
  form.scrollIntoView({ block: "start" });
  fieldOf(form, "name")?.focus({ preventScroll: true });
}

/** @param {HTMLFormElement} form @param {string} message */
function nameError(form, message) {
  const error = /** @type {HTMLElement} */ (form.querySelector('[data-error-for="name"]'));
  error.textContent = message;
  error.hidden = !message;
  fieldOf(form, "name")?.toggleAttribute("aria-invalid", Boolean(message));
}

/** A save refused: the status beside Save says what was not saved and why, the field's own message
 * (if given) sits at the field, and the focus goes to the refused field.
 * @param {HTMLFormElement} form @param {string} field @param {string} why @param {string} atField */
function refuseSave(form, field, why, atField) {
  if (field === "name") nameError(form, atField);
  say(form, `Not saved: ${why.replace(/\.$/, "")}.`);
  form.dataset.refused = field;
  const input = /** @type {HTMLElement | null} */ (field ? fieldOf(form, field) : null);
  input?.focus();
}

/** Checked by rulescore (once the engine is up: "Checking…" until then), then written from
 * the revision the editor opened. @param {PageState} state @param {HTMLFormElement} form */
async function saveCharacter(state, form) {
  const system = /** @type {System} */ (form.dataset.characterEditor);
  const name = String(/** @type {HTMLInputElement} */ (fieldOf(form, "name")).value).trim();
  const editing = form.dataset.editing ?? "";
  await reread(state);
  if (!name) return refuseSave(form, "name", "Name is empty", "Name: enter a name for the character (up to 60 letters).");
  if (freeName(state.store, system, name, editing) !== name) {
    return refuseSave(form, "name", `Name is taken by another ${SYSTEM_NAMES[system]} character`,
      `Name: there is already a ${SYSTEM_NAMES[system]} character called ${name}; choose another name.`);
  }
  nameError(form, "");
  const fields = /** @type {Record<string, string | boolean>} */ (readInputs(form));
  form.dataset.saving = "";
  say(form, `Checking ${name}…`);
  const answer = await askEngine(system, fields, true);
  delete form.dataset.saving;
  if (!answer) {
    return say(form, `Not saved: the live calculator could not start, so ${name} cannot be checked. The sheet ` +
      "stays as you typed it: try again.");
  }
  if (!answer.ok) return refuseSave(form, answer.field ?? "", answer.message ?? "a figure is refused", "");
  const mine = { id: editing || newId("c"), name, system, fields };
  const written = await put(state.kept, "characters", mine, editing ? state.editingRev.get(form) ?? 0 : 0);
  if ("conflict" in written) return showConflict(state, form, { mine, theirs: written.conflict });
  await saved(state, form, written.record, written.problem, `Saved ${name}.`);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {Character} record
 * @param {string | null} problem @param {string} done */
async function saved(state, form, record, problem, done) {
  form.dataset.editing = record.id;
  state.editingRev.set(form, record.rev ?? 0);
  delete form.dataset.dirty;
  showConflict(state, form, null);
  await redraw(state);
  say(form, problem ?? done);
  alertIfUnsaved(state, problem);
}

/**
 * Both versions side by side, field by field, and the reader's choice: keep this tab's
 * (over the other), take the other tab's, or keep both (this tab's under a new name).
 * @param {PageState} state @param {HTMLFormElement} form
 * @param {{mine: Character, theirs: Character | null} | null} conflict null clears it
 */
function showConflict(state, form, conflict) {
  let area = form.querySelector("[data-conflict]");
  if (!conflict) {
    state.conflicts.delete(form);
    return area?.remove();
  }
  state.conflicts.set(form, conflict);
  if (!area) {
    area = element("div", { class: "rc-conflict", "data-conflict": "", role: "alert" });
    form.querySelector("[data-status]")?.after(area);
  }
  const { mine, theirs } = conflict;
  const label = (/** @type {string} */ name) => fieldOf(form, name)?.labels?.[0]?.firstChild?.textContent?.trim() ?? name;
  const shown = (/** @type {unknown} */ value) => value === undefined ? "(default)" : value === true ? "yes" : value === false ? "no" : String(value);
  const names = [...new Set([...Object.keys(mine.fields), ...Object.keys(theirs?.fields ?? {})])]
    .filter((name) => shown(mine.fields[name]) !== shown(theirs?.fields[name]));
  const rows = [["Name", mine.name, theirs?.name ?? ""], ...names.map((name) => [label(name), shown(mine.fields[name]),
    shown(theirs?.fields[name])])].filter(([, a, b], i) => i > 0 || a !== b);
  area.replaceChildren(
    element("p", {}, [theirs
      ? `${theirs.name} was changed in another tab since you opened it here. Nothing is lost: choose which to keep.`
      : `${mine.name} was deleted in another tab since you opened it here. Keep this tab's version?`]),
    ...(theirs ? [element("table", { class: "rc-conflict-table" }, [
      element("thead", {}, [element("tr", {}, ["Field", "This tab", "The other tab"].map((text) =>
        element("th", { scope: "col" }, [text])))]),
      element("tbody", {}, rows.map(([field, a, b]) => element("tr", {}, [element("th", { scope: "row" }, [field]),
        element("td", { "data-mine": "" }, [a]), element("td", { "data-theirs": "" }, [b])]))),
    ])] : []),
    element("p", { class: "rc-actions" }, [
      button("conflict-keep-mine", "Keep this tab's"), " ",
      ...(theirs ? [button("conflict-take-theirs", "Take the other tab's"), " ",
        button("conflict-keep-both", "Keep both")] : []),
    ]),
  );
  say(form, "Not saved yet: choose a version below.");
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} action */
async function resolveConflict(state, form, action) {
  const conflict = state.conflicts.get(form);
  if (!conflict) return;
  const { mine, theirs } = conflict;
  if (action === "conflict-take-theirs" && theirs) {
    showConflict(state, form, null);
    return editCharacter(state, form, theirs);
  }
  const record = action === "conflict-keep-both"
    ? { ...mine, id: newId("c"), name: freeName(state.store, mine.system, mine.name) } : mine;
  const written = await put(state.kept, "characters", record, action === "conflict-keep-both" ? 0 : theirs?.rev ?? 0);
  if ("conflict" in written) return showConflict(state, form, { mine, theirs: written.conflict });
  await saved(state, form, written.record, written.problem, `Saved ${record.name}.`);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} id */
async function duplicateCharacter(state, form, id) {
  const original = characterById(state.store, id);
  if (!original) return;
  const copy = { id: newId("c"), name: freeName(state.store, original.system, `${original.name} (copy)`),
    system: original.system, fields: { ...original.fields } };
  const written = await put(state.kept, "characters", copy, 0);
  if (!("record" in written)) return;
  await redraw(state);
  editCharacter(state, form, written.record);
  say(form, written.problem ?? `Made ${copy.name}; edit and save it.`);
  alertIfUnsaved(state, written.problem);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} id */
async function deleteCharacter(state, form, id) {
  const gone = characterById(state.store, id);
  const problem = await remove(state.kept, "characters", id);
  for (const party of state.store.parties.filter((p) => p.members.includes(id))) {
    await update(state.kept, "parties", party.id, (/** @type {Party | null} */ current) =>
      current && { ...current, members: current.members.filter((m) => m !== id) });
  }
  if (form.dataset.editing === id) editCharacter(state, form, null);
  await redraw(state);
  say(form, problem ?? `Deleted ${gone?.name ?? "the character"}.`);
}

// --- Start ---------------------------------------------------------------------------------

/** @type {WeakSet<Element>} */
const started = new WeakSet();

async function init() {
  const editorForms = editors().filter((form) => !started.has(form));
  const pickers = pickerForms().filter((form) => !started.has(form));
  const library = /** @type {HTMLElement | null} */ (document.querySelector("[data-character-library]"));
  const newLibrary = library && !started.has(library) ? library : null;
  if (!editorForms.length && !pickers.length && !newLibrary) return;
  for (const form of [...editorForms, ...pickers, ...(newLibrary ? [newLibrary] : [])]) started.add(form);
  const state = await pageState(await openStore());
  alertIfUnsaved(state, null);
  for (const form of editorForms) bindEditor(state, form);
  for (const form of pickers) bindPicker(state, form);
  if (newLibrary) {
    bindLibrary(state, newLibrary, () => redraw(state));
    bindHome(newLibrary, (system, id) => openFromHome(state, system, id),
      (id, near) => share(state, new Set([id]), characterById(state.store, id)?.name ?? "", near), state.kept,
      (id) => characterById(state.store, id) ?? null, () => redraw(state));
    const home = newLibrary.querySelector("[data-character-home]");
    if (home) renderHome(state, home);
  }
  let pending = 0;
  const mine = [...editorForms, ...pickers, ...(newLibrary ? [newLibrary] : [])];
  listen(state.kept, (change) => {
    if (!mine.some((element) => element.isConnected)) return closeStore(state.kept); // the reader moved on
    if (change.kind === "meta") return;
    clearTimeout(pending); // a restore or a burst of writes: drawn once
    pending = setTimeout(() => redraw(state), 30);
  });
  document.documentElement.dataset.charactersReady = "";
}

onEveryPage(init);
