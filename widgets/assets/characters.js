// @ts-check
// Characters at the table: the Characters page (editors, parties, export, import, sharing)
// and the character picker of every calculator a character feeds. It knows no rule: which
// input takes which figure is written into the form by the build (data-figure, from the
// catalogue's "character"), and every figure comes from rulescore in the engine
// (calculators.js askEngine). Storage is store.js's alone.

import { askEngine, engineReady, readInputs } from "./calculators.js";
import { MINUS, button, element, onEveryPage, withMinus } from "./dom.js";
import {
  MAX_IMPORT_BYTES, SYSTEM_NAMES, freeName, fromLinkPayload, loadStore, merge, newId, readDocument,
  saveStore, selection, toLinkPayload,
} from "./store.js";

/** @typedef {import("./store.js").Store} Store */
/** @typedef {import("./store.js").Character} Character */
/** @typedef {import("./store.js").Party} Party */
/** @typedef {import("./store.js").System} System */
/** @typedef {import("../engine-messages.js").EngineResponse} EngineResponse */
/** @typedef {import("../engine-messages.js").EngineAnswer} EngineAnswer */

const PICKED_PREFIX = "rules-at-the-table:picked:"; // + calculator id: the character or party chosen there
const siteRoot = new URL("../../", import.meta.url);
const charactersPage = new URL("characters/", siteRoot);

/**
 * What this page view knows: the store (read once per page), and for each calculator form
 * the character it was filled from and the values it got.
 * @typedef {object} PageState
 * @property {Store} store
 * @property {string | null} problem
 * @property {WeakMap<HTMLFormElement, {character: Character, values: Record<string, string | boolean>}>} filled
 * @property {Map<string, Promise<Set<string>>>} sheetFields by system: the fields its characters store
 * @property {Map<string, Set<string>>} knownFields the same, once known
 */

// --- Small DOM helpers ---------------------------------------------------------------------

/** A value as a form field shows it: text with the site's minus sign, or a checkbox's state.
 * @param {unknown} value @returns {string | boolean} */
function fieldValue(value) {
  return typeof value === "boolean" ? value : withMinus(value);
}

/** @param {HTMLInputElement | HTMLSelectElement} field */
function currentValue(field) {
  return field.type === "checkbox" ? /** @type {HTMLInputElement} */ (field).checked : field.value.trim();
}

/** @param {string | boolean} a @param {string | boolean} b */
function sameValue(a, b) {
  if (typeof a === "boolean" || typeof b === "boolean") return a === b;
  const number = (/** @type {string} */ text) => Number(text.replace(MINUS, "-").replace(",", "."));
  return a === b || (a !== "" && b !== "" && number(a) === number(b));
}

/** @param {HTMLFormElement} form @param {string} name */
function fieldOf(form, name) {
  return /** @type {HTMLInputElement | HTMLSelectElement | null} */ (
    form.querySelector(`[name="${CSS.escape(name)}"]`));
}

/** @param {HTMLFormElement} form @param {string} name @param {string | boolean} value */
function setField(form, name, value) {
  const field = fieldOf(form, name);
  if (!field) return;
  if (field.type === "checkbox") /** @type {HTMLInputElement} */ (field).checked = value === true || value === "true";
  else field.value = String(value);
  if (field.dataset.derived !== undefined) field.dataset.edited = "true";
}

/** @param {HTMLFormElement} form */
function recompute(form) {
  // Any field will do: calculators.js recomputes the whole form on an input event.
  form.querySelector("[name]")?.dispatchEvent(new Event("input", { bubbles: true }));
}

/** @param {HTMLFormElement} form @param {string} text */
function say(form, text) {
  const status = form.querySelector("[data-status]");
  if (status) status.textContent = text;
}

/** @param {PageState} state */
function save(state) {
  const problem = saveStore(state.store);
  if (!problem && navigator.storage?.persist) navigator.storage.persist().catch(() => false);
  return problem;
}

/** @param {Store} store @param {string} id */
function characterById(store, id) {
  return store.characters.find((c) => c.id === id) ?? null;
}

/** The fields a character of ``system`` stores, as this version of the site has them (one
 * engine answer for a new character lists them all, defaults included).
 * @param {PageState} state @param {string} system @returns {Promise<Set<string>>} */
function sheetFields(state, system) {
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
async function figuresOf(state, character) {
  const known = await sheetFields(state, character.system);
  const fields = Object.fromEntries(Object.entries(character.fields).filter(([name]) => known.has(name)));
  return askEngine(character.system, fields, true);
}

/** @param {EngineAnswer} answer @param {string} figure */
function figure(answer, figure) {
  const output = answer.outputs[figure];
  return output ? output.value : answer.inputs[figure];
}

// --- The Characters page: one editor per system --------------------------------------------

/** @param {PageState} state @param {HTMLFormElement} form */
function bindEditor(state, form) {
  form.dataset.editing = "";
  form.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest("button");
    if (!target || !target.dataset.action) return;
    const id = target.dataset.id ?? "";
    const action = target.dataset.action;
    if (action === "save-character") saveCharacter(state, form);
    else if (action === "new-character") editCharacter(state, form, null);
    else if (action === "edit-character") editCharacter(state, form, characterById(state.store, id));
    else if (action === "duplicate-character") duplicateCharacter(state, form, id);
    else if (action === "delete-character") confirmThen(target, () => deleteCharacter(state, form, id));
    else if (action === "share-character") share(state, new Set([id]), characterById(state.store, id)?.name ?? "");
    else if (action === "new-party") newParty(state, form);
    else if (action === "delete-party") confirmThen(target, () => changeParties(state, form, (parties) =>
      parties.filter((p) => p.id !== id)));
    else if (action === "share-party") {
      const party = state.store.parties.find((p) => p.id === id);
      if (party) share(state, new Set(party.members), party.name);
    } else if (["member-up", "member-down", "member-remove", "member-add"].includes(action)) {
      editParty(state, form, id, action, target);
    }
  });
  form.querySelector("[data-parties]")?.removeAttribute("hidden");
  renderRoster(state, form);
}

/** A destructive button asks once more in place ("Really delete?") before it acts.
 * @param {HTMLButtonElement} target @param {() => void} act */
function confirmThen(target, act) {
  if (target.dataset.confirm) return act();
  target.dataset.confirm = "true";
  target.dataset.label = target.textContent ?? "";
  target.textContent = `Really ${target.textContent?.toLowerCase()}?`;
  setTimeout(() => {
    if (!target.isConnected) return;
    delete target.dataset.confirm;
    target.textContent = target.dataset.label ?? "";
  }, 5000);
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
        button("edit-character", "Edit", { "data-id": c.id }), " ",
        button("duplicate-character", "Duplicate", { "data-id": c.id }), " ",
        button("share-character", "Share", { "data-id": c.id }), " ",
        button("delete-character", "Delete", { "data-id": c.id }),
      ])))
      : element("p", {}, [`No ${SYSTEM_NAMES[system]} characters yet: fill in the sheet below and save it.`]));
  }
  renderParties(state, form);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {Character | null} character */
function editCharacter(state, form, character) {
  form.reset(); // the defaults the build wrote: derived fields follow the attributes again
  for (const field of form.querySelectorAll("[data-edited]")) delete /** @type {HTMLElement} */ (field).dataset.edited;
  const name = /** @type {HTMLInputElement} */ (fieldOf(form, "name"));
  name.value = character ? character.name : "";
  if (character) for (const [field, value] of Object.entries(character.fields)) setField(form, field, value);
  form.dataset.editing = character ? character.id : "";
  renderRoster(state, form);
  recompute(form);
  say(form, character ? `Editing ${character.name}.` : "A new character: fill in the sheet and save it.");
  if (character) name.focus();
}

/** The sheet's values as a character keeps them: untouched derived fields are left out, so
 * they go on following the attributes. @param {HTMLFormElement} form */
function sheetValues(form) {
  return /** @type {Record<string, string | boolean>} */ (readInputs(form));
}

/** @param {HTMLFormElement} form @param {string} message */
function nameError(form, message) {
  const error = /** @type {HTMLElement} */ (form.querySelector('[data-error-for="name"]'));
  error.textContent = message;
  error.hidden = !message;
  fieldOf(form, "name")?.toggleAttribute("aria-invalid", Boolean(message));
}

/** @param {PageState} state @param {HTMLFormElement} form */
async function saveCharacter(state, form) {
  const system = /** @type {System} */ (form.dataset.characterEditor);
  const name = String(/** @type {HTMLInputElement} */ (fieldOf(form, "name")).value).trim();
  const editing = form.dataset.editing ?? "";
  if (!name) return nameError(form, "Name: enter a name for the character (up to 60 letters).");
  if (freeName(state.store, system, name, editing) !== name) {
    return nameError(form, `Name: there is already a ${SYSTEM_NAMES[system]} character called ${name}; ` +
      "choose another name.");
  }
  nameError(form, "");
  const fields = sheetValues(form);
  const answer = await askEngine(system, fields, true);
  if (!answer) return say(form, "The live calculator is not running, so the character cannot be checked and saved yet.");
  if (!answer.ok) return say(form, `Not saved: ${answer.message}`);
  const store = state.store;
  const existing = characterById(store, editing);
  if (existing) Object.assign(existing, { name, fields });
  else {
    const created = { id: newId("c"), name, system, fields };
    store.characters.push(created);
    form.dataset.editing = created.id;
  }
  const problem = save(state);
  renderRoster(state, form);
  refreshPickers(state);
  say(form, problem ?? `Saved ${name}.`);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} id */
function duplicateCharacter(state, form, id) {
  const original = characterById(state.store, id);
  if (!original) return;
  const copy = { ...original, id: newId("c"), fields: { ...original.fields },
    name: freeName(state.store, original.system, `${original.name} (copy)`) };
  state.store.characters.push(copy);
  const problem = save(state);
  editCharacter(state, form, copy);
  refreshPickers(state);
  say(form, problem ?? `Made ${copy.name}; edit and save it.`);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} id */
function deleteCharacter(state, form, id) {
  const gone = characterById(state.store, id);
  state.store.characters = state.store.characters.filter((c) => c.id !== id);
  for (const party of state.store.parties) party.members = party.members.filter((m) => m !== id);
  const problem = save(state);
  if (form.dataset.editing === id) editCharacter(state, form, null);
  renderRoster(state, form);
  refreshPickers(state);
  say(form, problem ?? `Deleted ${gone?.name ?? "the character"}.`);
}

// --- Parties -------------------------------------------------------------------------------

/** @param {PageState} state @param {HTMLFormElement} form */
function renderParties(state, form) {
  const system = /** @type {System} */ (form.dataset.characterEditor);
  const area = form.querySelector("[data-parties]");
  if (!area) return;
  const mine = state.store.characters.filter((c) => c.system === system);
  const parties = state.store.parties.filter((p) => p.system === system);
  const nameId = `${form.id}-party-name`;
  area.replaceChildren(
    element("h3", {}, [`${SYSTEM_NAMES[system]} parties`]),
    ...parties.map((party) => element("section", { class: "rc-party-card", "data-party-id": party.id }, [
      element("p", { class: "rc-party-name" }, [element("strong", {}, [party.name]), " ",
        button("share-party", "Share", { "data-id": party.id }), " ", button("delete-party", "Delete party", { "data-id": party.id })]),
      element("ol", {}, party.members.map((memberId) => element("li", {}, [
        characterById(state.store, memberId)?.name ?? "?", " ",
        button("member-up", "↑", { "data-id": party.id, "data-member": memberId }), " ",
        button("member-down", "↓", { "data-id": party.id, "data-member": memberId }), " ",
        button("member-remove", "Remove", { "data-id": party.id, "data-member": memberId }),
      ]))),
      element("p", {}, [
        element("label", { for: `${party.id}-add` }, ["Add "]),
        element("select", { id: `${party.id}-add`, "data-add-member": party.id },
          mine.filter((c) => !party.members.includes(c.id)).map((c) => element("option", { value: c.id }, [c.name]))),
        " ", button("member-add", "Add to party", { "data-id": party.id }),
      ]),
    ])),
    element("p", { class: "rc-new-party" }, [
      element("label", { for: nameId }, ["New party "]),
      element("input", { type: "text", id: nameId, "data-party-name": "", maxlength: "60", placeholder: "Tuesday group",
        autocomplete: "off" }),
      " ", button("new-party", "Make party"),
    ]),
  );
}

/** @param {PageState} state @param {HTMLFormElement} form @param {(parties: Party[]) => Party[]} change */
function changeParties(state, form, change) {
  state.store.parties = change(state.store.parties);
  const problem = save(state);
  renderParties(state, form);
  refreshPickers(state);
  if (problem) say(form, problem);
}

/** @param {PageState} state @param {HTMLFormElement} form */
function newParty(state, form) {
  const system = /** @type {System} */ (form.dataset.characterEditor);
  const input = /** @type {HTMLInputElement} */ (form.querySelector("[data-party-name]"));
  const name = input.value.trim();
  if (!name) return say(form, "New party: enter the party's name first.");
  if (state.store.parties.some((p) => p.system === system && p.name === name)) {
    return say(form, `New party: there is already a ${SYSTEM_NAMES[system]} party called ${name}.`);
  }
  changeParties(state, form, (parties) => [...parties, { id: newId("p"), name, system, members: [] }]);
  say(form, `Made the party ${name}: add its members below it.`);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} id @param {string} action
 * @param {HTMLButtonElement} target */
function editParty(state, form, id, action, target) {
  changeParties(state, form, (parties) => parties.map((party) => {
    if (party.id !== id) return party;
    const members = [...party.members];
    const member = target.dataset.member ?? "";
    const at = members.indexOf(member);
    if (action === "member-add") {
      const chosen = /** @type {HTMLSelectElement | null} */ (form.querySelector(`[data-add-member="${CSS.escape(id)}"]`));
      if (chosen?.value && !members.includes(chosen.value)) members.push(chosen.value);
    } else if (action === "member-remove" && at >= 0) members.splice(at, 1);
    else if (action === "member-up" && at > 0) members.splice(at - 1, 0, ...members.splice(at, 1));
    else if (action === "member-down" && at >= 0 && at < members.length - 1) {
      members.splice(at + 1, 0, ...members.splice(at, 1));
    }
    return { ...party, members };
  }));
}

// --- Export, import, sharing ---------------------------------------------------------------

/** @param {PageState} state @param {HTMLElement} library */
function bindLibrary(state, library) {
  library.hidden = false;
  library.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest("button");
    if (target?.dataset.action === "export-characters") exportFile(state);
    if (target?.dataset.action === "copy-share") copyShare(target);
  });
  const file = /** @type {HTMLInputElement} */ (library.querySelector("[data-import-file]"));
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = ""; // the same file can be chosen again
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      return showImport(state, { error: `the file is ${(chosen.size / 1048576).toFixed(1)} MB; a characters file ` +
        `is at most ${MAX_IMPORT_BYTES / 1048576} MB` }, `the file ${chosen.name}`);
    }
    showImport(state, readDocument(await chosen.text()), `the file ${chosen.name}`);
  });
  storageNote(state, library);
}

/** @param {PageState} state @param {HTMLElement} library */
async function storageNote(state, library) {
  const note = library.querySelector("[data-storage-note]");
  if (!note) return;
  const kept = await navigator.storage?.persisted?.().catch(() => false);
  note.textContent = (state.problem ? `${state.problem} ` : "") + (kept
    ? "This browser keeps them until you delete them."
    : "This browser may clear them: Safari, for one, deletes a site's data after 7 days without a visit unless " +
      "the site is added to the Home Screen. Export them to a file now and then to be safe.");
}

/** @param {PageState} state */
function exportFile(state) {
  const text = JSON.stringify(selection(state.store), null, 2);
  const link = element("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: `characters-${new Date().toISOString().slice(0, 10)}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.getAttribute("href") ?? ""), 10000);
}

/**
 * Shows what an import holds, checks every character with rulescore, and asks before
 * saving; nothing is stored until "Import" is pressed.
 * @param {PageState} state @param {{store: Store} | {error: string}} read @param {string} source
 */
async function showImport(state, read, source) {
  const area = /** @type {HTMLElement | null} */ (document.querySelector("[data-import-preview]"));
  if (!area) return;
  area.hidden = false;
  if ("error" in read) {
    area.dataset.importState = "refused";
    area.replaceChildren(element("p", { class: "rc-error", role: "alert" },
      [`Nothing was imported from ${source}: ${read.error}. Your saved characters are unchanged.`]));
    return;
  }
  area.dataset.importState = "checking";
  area.replaceChildren(element("p", {}, [`Checking ${source}…`]));
  for (const character of read.store.characters) {
    const answer = await figuresOf(state, character);
    if (answer && !answer.ok) {
      area.dataset.importState = "refused";
      area.replaceChildren(element("p", { class: "rc-error", role: "alert" }, [
        `Nothing was imported from ${source}: ${character.name} (${SYSTEM_NAMES[character.system]}): ` +
        `${answer.message} Your saved characters are unchanged.`]));
      return;
    }
  }
  const { store: merged, renamed } = merge(state.store, read.store);
  const names = read.store.characters.map((c) => `${c.name} (${SYSTEM_NAMES[c.system]})`);
  const parties = read.store.parties.map((p) => p.name);
  area.dataset.importState = "asking";
  area.replaceChildren(
    element("p", {}, [`${source} holds ${names.length} character${names.length === 1 ? "" : "s"}` +
      (parties.length ? ` and the part${parties.length === 1 ? "y" : "ies"} ${parties.join(", ")}` : "") + ":"]),
    element("ul", {}, names.map((name) => element("li", {}, [name]))),
    ...(renamed.length ? [element("p", {}, [`Names already taken get a number: ${renamed.join("; ")}.`])] : []),
    element("p", {}, [button("confirm-import", "Import"), " ", button("cancel-import", "Cancel")]),
  );
  area.onclick = (event) => {
    const action = /** @type {Element} */ (event.target).closest("button")?.getAttribute("data-action");
    if (action !== "confirm-import" && action !== "cancel-import") return;
    if (action === "confirm-import") {
      state.store = merged;
      const problem = save(state);
      for (const form of editors()) renderRoster(state, form);
      refreshPickers(state);
      area.dataset.importState = problem ? "refused" : "done";
      area.replaceChildren(element("p", { role: "status" }, [problem ?? `Imported ${names.join(", ")}.`]));
    } else {
      area.dataset.importState = "cancelled";
      area.replaceChildren(element("p", { role: "status" }, ["Nothing was imported."]));
    }
    if (location.hash.startsWith("#import=")) history.replaceState(history.state, "", location.pathname);
  };
}

/** @param {PageState} state @param {Set<string>} ids @param {string} what */
async function share(state, ids, what) {
  const area = /** @type {HTMLElement | null} */ (document.querySelector("[data-share]"));
  if (!area) return;
  const link = new URL(`#import=${toLinkPayload(selection(state.store, ids))}`, charactersPage).href;
  area.hidden = false;
  const field = element("input", { type: "text", readonly: "", value: link, "data-share-link": "",
    "aria-label": `Link to ${what}` });
  /** @type {Element} */
  let code = element("p", {}, ["Drawing the QR code…"]);
  area.replaceChildren(element("p", {}, [`Share ${what}: the link carries the character sheet itself, after the #, `
    + "which browsers never send to a server. Opening it asks before importing."]),
  element("p", {}, [field, " ", button("copy-share", "Copy link")]), code);
  area.scrollIntoView({ block: "nearest" });
  try {
    /** @type {typeof import("uqr")} */
    const qr = await import(new URL("assets/vendor/uqr.mjs", siteRoot).href);
    const svg = new DOMParser().parseFromString(qr.renderSVG(link, { ecc: "L" }), "image/svg+xml").documentElement;
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `QR code of the link to ${what}`);
    svg.setAttribute("data-share-qr", "");
    code.replaceWith(svg);
    code = svg;
  } catch {
    code.textContent = "Too much for one QR code: share the link or export a file instead.";
  }
}

/** @param {HTMLButtonElement} target */
async function copyShare(target) {
  const field = /** @type {HTMLInputElement | null} */ (document.querySelector("[data-share-link]"));
  if (!field) return;
  try {
    await navigator.clipboard.writeText(field.value);
    target.textContent = "Copied";
  } catch {
    field.select(); // no clipboard access: the link is selected to copy by hand
  }
}

function editors() {
  return [.../** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form[data-character-editor]"))];
}

// --- Calculator pickers --------------------------------------------------------------------

function pickerForms() {
  return [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("select[data-character-picker]"))]
    .map((picker) => /** @type {HTMLFormElement} */ (picker.form));
}

/** @param {HTMLFormElement} form */
function pickerOf(form) {
  return /** @type {HTMLSelectElement} */ (form.querySelector("select[data-character-picker]"));
}

/** @param {PageState} state */
function refreshPickers(state) {
  for (const form of pickerForms()) fillPicker(state, form);
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
function bindPicker(state, form) {
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
  const fresh = loadStore().store; // another tab may have saved meanwhile: change only these fields
  const character = characterById(fresh, filled.character.id);
  if (!character) return;
  const stored = await sheetFields(state, character.system);
  for (const [name, figureName] of bindings(form)) {
    const field = fieldOf(form, name);
    if (field && stored.has(figureName) && !sameValue(currentValue(field), filled.values[name] ?? "")) {
      character.fields[figureName] = currentValue(field);
    }
  }
  const answer = await figuresOf(state, character);
  if (!answer || !answer.ok) {
    const note = form.querySelector("[data-character-note]");
    if (note) note.textContent = ` Not saved: ${answer ? answer.message : "no engine"}`;
    return;
  }
  state.store = fresh;
  const problem = save(state);
  await fillFrom(state, form, character);
  const note = form.querySelector("[data-character-note]");
  if (note) note.textContent = problem ? ` ${problem}` : ` Saved to ${character.name}.`;
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

function init() {
  const editorForms = editors();
  const pickers = pickerForms();
  const library = /** @type {HTMLElement | null} */ (document.querySelector("[data-character-library]"));
  if (!editorForms.length && !pickers.length && !library) return;
  const { store, problem } = loadStore(); // once per page
  /** @type {PageState} */
  const state = { store, problem, filled: new WeakMap(), sheetFields: new Map(), knownFields: new Map() };
  for (const form of editorForms) if (!started.has(form)) { started.add(form); bindEditor(state, form); }
  for (const form of pickers) {
    if (started.has(form)) continue;
    started.add(form);
    bindPicker(state, form);
  }
  if (library && !started.has(library)) {
    started.add(library);
    bindLibrary(state, library);
    if (location.hash.startsWith("#import=")) {
      showImport(state, fromLinkPayload(location.hash.slice("#import=".length)), "this link");
    }
  }
}

onEveryPage(init);

