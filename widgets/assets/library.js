// @ts-check
// The Characters page's library: export to a file, import from a file or a link (checked by
// rulescore, shown, and added only on "Import"), import from GCS or Codex Quest
// (foreign-import.js), sharing a link with its QR code (uqr,
// vendored), and the backup of everything: "Back up everything", "Restore from a backup"
// (asks before replacing anything) and when the last backup was made.

import { downloadBackup } from "./backup.js";
import {
  MAX_BACKUP_BYTES, MAX_IMPORT_BYTES, SYSTEM_NAMES, fromLinkPayload, merge, readBackup, readDocument, selection,
  toLinkPayload,
} from "./documents.js";
import { button, confirmThen, element } from "./dom.js";
import { bindForeignImport } from "./foreign-import.js";
import { figuresOf, reread } from "./sheets.js";
import { addAll, clearAll, compareBackup, getMeta, restore } from "./store.js";

/** @typedef {import("./documents.js").Store} Store */
/** @typedef {import("./documents.js").Backup} Backup */
/** @typedef {import("./sheets.js").PageState} PageState */

const siteRoot = new URL("../../", import.meta.url);
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
  const file = /** @type {HTMLInputElement} */ (library.querySelector("[data-import-file]"));
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = ""; // the same file can be chosen again
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      return showImport(state, { error: `the file is ${(chosen.size / 1048576).toFixed(1)} MB; a characters file ` +
        `is at most ${MAX_IMPORT_BYTES / 1048576} MB` }, `the file ${chosen.name}`, redraw);
    }
    showImport(state, readDocument(await chosen.text()), `the file ${chosen.name}`, redraw);
  });
  const restoring = /** @type {HTMLInputElement | null} */ (library.querySelector("[data-restore-file]"));
  restoring?.addEventListener("change", async () => {
    const chosen = restoring.files?.[0];
    restoring.value = "";
    if (!chosen) return;
    showRestore(state, chosen.size > MAX_BACKUP_BYTES ? { error: "it is larger than any backup this site makes" }
      : readBackup(await chosen.text()), chosen.name, redraw, library);
  });
  bindForeignImport(state, library, redraw); // characters from GCS and Codex Quest
  storageNote(state, library);
  if (location.hash.startsWith("#import=")) {
    showImport(state, fromLinkPayload(location.hash.slice("#import=".length)), "this link", redraw);
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
      `${count(backup.sessions.length, "session", "sessions")} and ${count(backup.rolls.length, "roll", "rolls")}: ` +
      `${plan.added} new here, ${plan.same} already here as they are.`]),
    ...(plan.differing.length ? [element("p", {}, [`Different here: ${plan.differing.join(", ")}. Replace them with ` +
      "the backup's, or keep both (the backup's under another name)?"])] : []),
    element("p", { class: "rc-actions" }, plan.differing.length
      ? [button("confirm-restore-replace", "Restore, replacing those"), " ", button("confirm-restore", "Restore, keeping both"),
        " ", button("cancel-restore", "Cancel")]
      : [button("confirm-restore", "Restore"), " ", button("cancel-restore", "Cancel")]),
  );
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
  const parties = read.store.parties.map((p) => p.name);
  area.dataset.importState = "asking";
  area.replaceChildren(
    element("p", {}, [`${source} holds ${names.length} character${names.length === 1 ? "" : "s"}` +
      (parties.length ? ` and the part${parties.length === 1 ? "y" : "ies"} ${parties.join(", ")}` : "") + ":"]),
    element("ul", {}, names.map((name) => element("li", {}, [name]))),
    ...(renamed.length ? [element("p", {}, [`Names already taken get a number: ${renamed.join("; ")}.`])] : []),
    element("p", {}, [button("confirm-import", "Import"), " ", button("cancel-import", "Cancel")]),
  );
  area.onclick = async (event) => {
    const action = /** @type {Element} */ (event.target).closest("button")?.getAttribute("data-action");
    if (action !== "confirm-import" && action !== "cancel-import") return;
    area.onclick = null;
    if (action === "confirm-import") {
      const problem = await addAll(state.kept, { characters: merged.characters.filter((c) => !known.has(c.id)),
        parties: merged.parties.filter((p) => !known.has(p.id)) });
      await redraw();
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
export async function share(state, ids, what) {
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

