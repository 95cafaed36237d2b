// @ts-check
// The backup of everything, as a file: made from the store (what only this page's memory
// holds included), and the alert any page shows when something could not be saved, with
// "Download a backup now" so that nothing kept only in memory is lost.

import { button, element } from "../core/dom.js";
import { makeBackup } from "./documents.js";
import { changeMeta, everything } from "./store.js";

/** @typedef {import("./store.js").Kept} Kept */

/** Downloads the backup file and records when. @param {Kept} kept @returns {Promise<string>} the time */
export async function downloadBackup(kept) {
  const backup = makeBackup(await everything(kept));
  const link = element("a", { href: URL.createObjectURL(new Blob([JSON.stringify(backup)], { type: "application/json" })),
    download: `rules-at-the-table-backup-${backup.made.slice(0, 10)}.json`, "data-backup-download": "" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.getAttribute("href") ?? ""), 10000);
  await changeMeta(kept, "last-backup", () => backup.made);
  return backup.made;
}

/**
 * Says what was not saved, at the top of the page's own area, with the backup at hand; the
 * page goes on working from memory. Null clears it.
 * @param {Kept} kept @param {Element} where the page's area (the alert goes first in it) @param {string | null} problem
 */
export function storageAlert(kept, where, problem) {
  let alert = where.querySelector(":scope > [data-storage-alert]");
  if (!problem) return alert?.remove();
  if (!alert) {
    alert = element("div", { class: "rc-storage-alert", "data-storage-alert": "", role: "alert" });
    where.prepend(alert);
  }
  const offer = button("download-backup", "Download a backup now");
  offer.addEventListener("click", () => downloadBackup(kept).then(() => { offer.textContent = "Backup downloaded"; }));
  alert.replaceChildren(element("p", {}, [problem]), element("p", { class: "rc-actions" }, [offer]));
}
