// @ts-check
// The Characters page's library: export to a file, import from a file or a link (checked by
// rulescore, shown, and added only on "Import"), import from GCS or Codex Quest
// (foreign-import.js), sharing a link with its QR code (uqr,
// vendored), and the backup of everything: "Back up everything", "Restore from a backup"
// (asks before replacing anything) and when the last backup was made.

import { downloadBackup } from "../kept/backup.js";
import {
  BACKUP_FORMAT, FORMAT, MAX_BACKUP_BYTES, MAX_IMPORT_BYTES, SYSTEM_NAMES, fromLinkPayload, merge, readBackup,
  newId, plainRecord, readDocument, selection, toLinkPayload,
} from "../kept/documents.js";
import { button, confirmThen, element, listed } from "../core/dom.js";
import { checkShelfRecord } from "../kept/shelf.js";
import { bindForeignImport, previewForeign } from "./foreign-import.js";
import { figuresOf, reread } from "./sheets.js";
import { addAll, clearAll, compareBackup, getMeta, restore } from "../kept/store.js";

/** @typedef {import("../kept/documents.js").Store} Store */
/** @typedef {import("../kept/documents.js").Backup} Backup */
/** @typedef {import("../kept/shelf.js").ShelfRecord} ShelfRecord */
/** @typedef {import("./sheets.js").PageState} PageState */

const siteRoot = new URL("../../../", import.meta.url);
const charactersPage = new URL("characters/", siteRoot);

// --- Export, import, sharing ---------------------------------------------------------------

/** @param {PageState} state @param {HTMLElement} library @param {() => Promise<void>} redraw the page, after a change */
export function bindLibrary(state, library, redraw) {
  library.hidden = false;
  library.addEventListener("click", (event) => {
    const target = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("button"));
    const action = target?.dataset.action;
    if (action === "export-characters") exportFile(state);
    else if (action === "copy-share") copyShare(/** @type {HTMLButtonElement} */ (target));
    else if (action === "backup-everything") downloadBackup(state.kept).then(() => storageNote(state, library));
    else if (action === "clear-everything") {
      confirmThen(/** @type {HTMLButtonElement} */ (target), async () => {
        const problem = await clearAll(state.kept);
        await redraw();
        note(library, problem ?? "Everything this site kept on this device is deleted.");
      });
    }
  });
  // One "Import a file" and "Restore from a backup" alike: the file says what it is (importAny).
  for (const input of library.querySelectorAll("[data-import-file], [data-restore-file]")) {
    const chosen = /** @type {HTMLInputElement} */ (input);
    chosen.addEventListener("change", () => {
      const file = chosen.files?.[0];
      chosen.value = ""; // the same file can be chosen again
      if (file) importAny(state, library, file, redraw, chosen.matches("[data-restore-file]"));
    });
  }
  bindForeignImport(library, (file) => importAny(state, library, file, redraw)); // the drop zone
  storageNote(state, library);
  if (location.hash.startsWith("#import=")) {
    showImport(state, fromLinkPayload(location.hash.slice("#import=".length)), "this link", redraw);
  }
}

/**
 * Any file given to "Import a file" or "Restore from a backup": a backup of this site goes to
 * Restore (with its question), a characters file or a file holding a share link to the import,
 * anything else to rulescore's reader of GCS and Codex Quest files, which says what it is not.
 * The line under the control says which it was.
 * @param {PageState} state @param {HTMLElement} library @param {File} file @param {() => Promise<void>} redraw
 * @param {boolean} [restoring] given to "Restore from a backup": a file that is none of the site's own is
 *   refused as a backup would be, not read as another program's character
 */
async function importAny(state, library, file, redraw, restoring = false) {
  const kind = /** @type {HTMLElement | null} */ (library.querySelector("[data-import-kind]"));
  const said = (/** @type {string} */ text, /** @type {string} */ what) => {
    if (kind) { kind.textContent = text; kind.dataset.importKind = what; }
  };
  for (const area of library.querySelectorAll("[data-import-preview], [data-foreign-preview], [data-restore-preview]")) {
    /** @type {HTMLElement} */ (area).hidden = true;
  }
  const source = `the file ${file.name}`;
  if (file.size > MAX_BACKUP_BYTES) {
    said(`${file.name} is ${(file.size / 1048576).toFixed(0)} MB: larger than any file this site reads. Nothing was ` +
      "imported.", "too-large");
    return;
  }
  const text = await file.text().catch(() => null);
  if (text === null) return said(`The browser could not read ${file.name}: choose it again.`, "unreadable");
  const format = jsonFormat(text);
  const link = /#import=([A-Za-z0-9_.\-]+)$/.exec(text.trim());
  if (format === BACKUP_FORMAT) {
    said(`${file.name} is a backup of everything this site keeps: restoring it asks first.`, "backup");
    return showRestore(state, readBackup(text), source, redraw, library);
  }
  if (format === FORMAT) {
    said(`${file.name} is a characters file from this site.`, "characters");
    return showImport(state, file.size > MAX_IMPORT_BYTES ? { error: `the file is ${(file.size / 1048576).toFixed(1)} ` +
      `MB; a characters file is at most ${MAX_IMPORT_BYTES / 1048576} MB` } : readDocument(text), source, redraw);
  }
  if (link && format === null) {
    said(`${file.name} holds a share link from this site.`, "link");
    return showImport(state, fromLinkPayload(link[1]), source, redraw);
  }
  if (restoring) {
    said(`${file.name} is not a backup of this site.`, "unknown");
    return showRestore(state, readBackup(text), source, redraw, library);
  }
  if (format) { // a JSON document naming a format not ours: readDocument says so
    said(`${file.name} is not a file this site reads.`, "unknown");
    return showImport(state, readDocument(text), source, redraw);
  }
  said(`Reading ${file.name} as a character from GURPS Character Sheet or Codex Quest.`, "other-program");
  const area = /** @type {HTMLElement | null} */ (library.querySelector("[data-foreign-preview]"));
  const read = area && await previewForeign(state, area, file, redraw);
  if (read) said(`${file.name} is ${read.name}, a ${SYSTEM_NAMES[read.system]} character from ${read.program}.`, "other-program");
}

/** The "format" a JSON document names: "" when it names none, null when the text is not JSON.
 * @param {string} text @returns {string | null} */
function jsonFormat(text) {
  try {
    const data = JSON.parse(text);
    return data && typeof data === "object" && typeof data.format === "string" ? data.format : "";
  } catch {
    return null;
  }
}

/** @param {HTMLElement} library @param {string} text */
function note(library, text) {
  const line = library.querySelector("[data-backup-note]");
  if (line) line.textContent = text;
}

/** Whether the browser may delete what is kept, and when the last backup was made.
 * @param {PageState} state @param {HTMLElement} library */
async function storageNote(state, library) {
  const line = library.querySelector("[data-storage-note]");
  const persisted = await navigator.storage?.persisted?.().catch(() => false);
  if (!persisted) await navigator.storage?.persist?.().catch(() => false);
  if (line) {
    line.textContent = (state.kept.problem ? `${state.kept.problem} ` : "") + (persisted
      ? "This browser keeps them until you delete them."
      : "This browser may delete them: Safari, for one, deletes a site's data after 7 days without a visit " +
        "unless the site is added to the Home Screen. Back everything up now and then to be safe.");
  }
  const last = await getMeta(state.kept, "last-backup");
  const backupLine = library.querySelector("[data-backup-note]");
  if (backupLine) {
    backupLine.toggleAttribute("data-last-backup", Boolean(last));
    backupLine.textContent = last ? `Last backup: ${new Date(last).toLocaleString()}.` : "No backup made on this device yet.";
  }
}

/**
 * Shows what a backup holds and what restoring it changes, and asks first: records that
 * differ from the ones here are replaced only on the reader's word (or kept both).
 * @param {PageState} state @param {{backup: Backup} | {error: string}} read @param {string} source
 * @param {() => Promise<void>} redraw @param {HTMLElement} library
 */
async function showRestore(state, read, source, redraw, library) {
  const area = /** @type {HTMLElement} */ (library.querySelector("[data-restore-preview]"));
  area.hidden = false;
  if ("error" in read) {
    area.dataset.restoreState = "refused";
    area.replaceChildren(element("p", { class: "rc-error", role: "alert" },
      [`Nothing was restored from ${source}: ${read.error}. Nothing on this device was changed.`]));
    return;
  }
  const { backup } = read;
  const plan = await compareBackup(state.kept, backup);
  const count = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) => `${n} ${n === 1 ? one : many}`;
  area.dataset.restoreState = "asking";
  area.replaceChildren(
    element("p", {}, [`${source}, a backup made ${backup.made ? new Date(backup.made).toLocaleString() : "at an unknown time"}, ` +
      `holds ${count(backup.characters.length, "character", "characters")}, ${count(backup.parties.length, "party", "parties")}, ` +
      `${count(backup.sessions.length, "session", "sessions")}, ` +
      `${count(backup.shelf.length, "record of the GM's shelf", "records of the GM's shelf")} and ` +
      `${count(backup.rolls.length, "roll", "rolls")}: ` +
      `${plan.added} new here, ${plan.same} already here as they are.`]),
    ...(plan.differing.length ? [element("p", {}, [`Different here: ${plan.differing.join(", ")}. Replace them with ` +
      "the backup's, or keep both (the backup's under another name)?"])] : []),
    element("p", { class: "rc-actions" }, plan.differing.length
      ? [button("confirm-restore-replace", "Restore, replacing those"), " ", button("confirm-restore", "Restore, keeping both"),
        " ", button("cancel-restore", "Cancel")]
      : [button("confirm-restore", "Restore"), " ", button("cancel-restore", "Cancel")]),
  );
  area.scrollIntoView({ block: "center" });
  /** @type {HTMLElement | null} */ (area.querySelector("button"))?.focus({ preventScroll: true });
  area.onclick = async (event) => {
    const action = /** @type {Element} */ (event.target).closest("button")?.getAttribute("data-action");
    if (!action?.endsWith("-restore") && action !== "confirm-restore-replace") return;
    area.onclick = null;
    if (action === "cancel-restore") {
      area.dataset.restoreState = "cancelled";
      return area.replaceChildren(element("p", { role: "status" }, ["Nothing was restored."]));
    }
    const problem = await restore(state.kept, backup, action === "confirm-restore-replace");
    await redraw();
    area.dataset.restoreState = problem ? "refused" : "done";
    area.replaceChildren(element("p", { role: "status" }, [problem ?? `Restored from ${source}.`]));
  };
}

/** @param {PageState} state */
async function exportFile(state) {
  await reread(state); // as kept now: a change a moment ago (here or in another tab) included
  // Every character and party, and the GM's shelf (foes, encounters, tables) when it holds any.
  const shelf = state.shelf.map((record) => /** @type {ShelfRecord} */ (plainRecord(record)));
  const text = JSON.stringify({ ...selection(state.store), ...(shelf.length ? { shelf } : {}) }, null, 2);
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
 * @param {() => Promise<void>} redraw
 */
async function showImport(state, read, source, redraw) {
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
  await reread(state);
  const { store: merged, renamed } = merge(state.store, read.store);
  const known = new Set([...state.store.characters, ...state.store.parties].map((r) => r.id));
  const names = read.store.characters.map((c) => `${c.name} (${SYSTEM_NAMES[c.system]})`);
  // The shelf's records: one already here as it is stays as it is; any other comes in anew (a new id).
  // (Compared as checkShelfRecord writes them: the same keys in the same order, no revision.)
  const plain = (/** @type {ShelfRecord} */ record) => JSON.stringify(checkShelfRecord({ ...record, rev: 0 }, ""));
  const here = new Set(state.shelf.map(plain));
  const shelf = (read.store.shelf ?? []).filter((record) => !here.has(plain(record)))
    .map((record) => ({ ...record, id: newId("s") }));
  const parties = read.store.parties.map((p) => p.name);
  area.dataset.importState = "asking";
  const plainNames = read.store.characters.map((c) => c.name);
  area.replaceChildren(
    element("p", { class: "rc-import-question" }, [element("strong", {}, [`Import ${plainNames.length > 3
      ? `${plainNames.length} characters` : listed(plainNames, "and") || listed(parties) || "for the GM's shelf"}?`])]),
    element("p", {}, [`${source.charAt(0).toUpperCase()}${source.slice(1)} holds ${names.length} character${names.length === 1 ? "" : "s"}` +
      (parties.length ? ` and the part${parties.length === 1 ? "y" : "ies"} ${listed(parties)}` : "") + ":"]),
    element("ul", {}, names.map((name) => element("li", {}, [name]))),
    ...(shelf.length ? [element("p", { "data-import-shelf": "" }, [`For the GM's shelf: ` +
      `${listed(shelf.map((record) => `${record.name} (${SYSTEM_NAMES[record.system]})`))}.`])] : []),
    ...(renamed.length ? [element("p", {}, [`Names already taken get a number: ${renamed.join("; ")}.`])] : []),
    element("p", {}, [button("confirm-import", "Import"), " ", button("cancel-import", "Cancel")]),
  );
  // A link opened on a phone: the question is in view and its answer focused, not below the page.
  area.scrollIntoView({ block: "center" });
  /** @type {HTMLElement | null} */ (area.querySelector('[data-action="confirm-import"]'))?.focus({ preventScroll: true });
  area.onclick = async (event) => {
    const action = /** @type {Element} */ (event.target).closest("button")?.getAttribute("data-action");
    if (action !== "confirm-import" && action !== "cancel-import") return;
    area.onclick = null;
    if (action === "confirm-import") {
      const problem = await addAll(state.kept, { characters: merged.characters.filter((c) => !known.has(c.id)),
        parties: merged.parties.filter((p) => !known.has(p.id)), shelf });
      await redraw();
      area.dataset.importState = problem ? "refused" : "done";
      area.replaceChildren(element("p", { role: "status" }, [problem ?? `Imported ${listed(names)}.`]));
    } else {
      area.dataset.importState = "cancelled";
      area.replaceChildren(element("p", { role: "status" }, ["Nothing was imported."]));
    }
    if (location.hash.startsWith("#import=")) history.replaceState(history.state, "", location.pathname);
  };
}

/** The share panel, moved beside the Share button tapped (near) and focused.
 * @param {PageState} state @param {Set<string>} ids @param {string} what @param {Element} [near] */
export async function share(state, ids, what, near) {
  const area = /** @type {HTMLElement | null} */ (document.querySelector("[data-share]"));
  if (!area) return;
  const anchor = near?.closest(".rc-party-card, [data-character-roster], [data-character-home]");
  if (anchor && anchor.nextElementSibling !== area) anchor.after(area);
  const link = new URL(`#import=${toLinkPayload(selection(state.store, ids))}`, charactersPage).href;
  area.hidden = false;
  const field = /** @type {HTMLInputElement} */ (element("input", { type: "text", readonly: "", value: link,
    "data-share-link": "", "aria-label": `Link to ${what}` }));
  /** @type {Element} */
  let code = element("p", {}, ["Drawing the QR code…"]);
  area.replaceChildren(element("p", {}, [`Share ${what}: the link carries the character sheet itself, after the #, `
    + "which browsers never send to a server. Opening it asks before importing."]),
  element("p", {}, [field, " ", button("copy-share", "Copy link")]), code);
  area.scrollIntoView({ block: "center" });
  field.focus({ preventScroll: true });
  field.select();
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

