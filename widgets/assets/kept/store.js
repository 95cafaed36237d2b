// @ts-check
// What this site keeps on the device, and the one place that reads and writes it: characters,
// parties, sessions and the roll history in IndexedDB (through the vendored `idb` wrapper),
// each character, party and session its own record carrying a revision.
//
// - A write names the revision it was based on; if the record has moved on since (another
//   tab wrote it), nothing is written and the caller gets the newer record (`conflict`) to
//   merge or to show. `update` re-applies a change to the newest record instead, for changes
//   that combine (a party member added, an action appended to a session's log).
// - Every write is one transaction: a tab closed half-way leaves the earlier version whole.
// - Tabs tell each other what changed (BroadcastChannel); `listen` hears the other tabs and
//   the other scripts of this page.
// - Storage refused (private browsing) or full: the record is kept in this page's memory,
//   the caller gets a sentence saying what was not saved, and `everything` (the backup)
//   still holds it. What was saved before is never touched.
// - The older localStorage documents are moved in once, checked, and only then removed.
// A page opens its own handle (openStore) and passes it to every call: no module state.
// The parts: store-records.js (the records and small values), store-backup.js (the backup,
// restore, import and deleting everything), store-migration.js (the older localStorage).

import { HEADS, KINDS, META, database } from "./store-records.js";
import { moveFromLocalStorage } from "./store-migration.js";

export { addAll, clearAll, compareBackup, everything, restore } from "./store-backup.js";
export {
  all, changeMeta, get, getMeta, keepRoll, put, remove, rolls, sessionHeads, update,
} from "./store-records.js";

/** @typedef {import("./store-records.js").Kept} Kept */
/** @typedef {import("./store-records.js").Kind} Kind */
/** @typedef {import("./store-records.js").Change} Change */

export const DB_NAME = "rules-at-the-table";
const DB_VERSION = 2; // 2: the GM's shelf (shelf.js), a store of its own
const CHANNEL = "rules-at-the-table:store";

/** @returns {Promise<Kept>} */
export async function openStore() {
  /** @type {Kept} */
  const kept = { db: null, connect: () => Promise.reject(new Error("no IndexedDB")), refused: false, problem: null,
    memory: new Map(), channel: null, listeners: new Set() };
  try {
    /** @type {typeof import("idb")} */
    const idb = await import(new URL("../../vendor/idb.mjs", import.meta.url).href);
    kept.connect = () => idb.openDB(DB_NAME, DB_VERSION, {
      // A new database gets every store; one of an earlier version gets those it lacks, its records kept.
      upgrade(db) {
        for (const name of [...KINDS, HEADS]) {
          if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: "id" });
        }
        if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
      },
      // Another tab (a newer site) upgrades, or the data is being deleted: step aside, reopen later.
      blocking() { kept.db?.close(); kept.db = null; },
      terminated() { kept.db = null; },
    });
  } catch { /* no wrapper: refused below */ }
  await database(kept);
  if (typeof BroadcastChannel === "function") {
    kept.channel = new BroadcastChannel(CHANNEL);
    kept.channel.onmessage = (event) => { for (const listener of kept.listeners) listener(event.data); };
  }
  await moveFromLocalStorage(kept);
  return kept;
}

/** @param {Kept} kept @param {(change: Change) => void} listener */
export function listen(kept, listener) {
  kept.listeners.add(listener);
}

/** A page that is gone lets go of its connection and stops listening. @param {Kept} kept */
export function closeStore(kept) {
  kept.listeners.clear();
  kept.channel?.close();
  kept.channel = null;
  kept.db?.close();
  kept.db = null;
  kept.refused = true; // nothing more through this handle
}
