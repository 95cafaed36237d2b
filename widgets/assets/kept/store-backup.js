// @ts-check
// The backup of everything (store.js): everything kept, a backup compared and restored in one
// transaction, an import's records added all at once, and everything deleted.

import { ROLLS_KEPT, freeName, newId, plainRecord } from "./documents.js";
import { HEADS, KINDS, META, all, announce, database, get, headOf, memoryOf, reason, rolls } from "./store-records.js";

/** @typedef {import("./documents.js").Character} Character */
/** @typedef {import("./documents.js").Party} Party */
/** @typedef {import("./documents.js").Session} Session */
/** @typedef {import("./documents.js").Roll} Roll */
/** @typedef {import("./documents.js").Backup} Backup */
/** @typedef {import("./shelf.js").ShelfRecord} ShelfRecord */
/** @typedef {import("./store-records.js").Kept} Kept */

/** Everything kept, memory included. @param {Kept} kept */
export async function everything(kept) {
  return {
    characters: /** @type {Character[]} */ (await all(kept, "characters")),
    parties: /** @type {Party[]} */ (await all(kept, "parties")),
    sessions: /** @type {Session[]} */ (await all(kept, "sessions")),
    shelf: /** @type {ShelfRecord[]} */ (await all(kept, "shelf")),
    rolls: await rolls(kept),
  };
}

/** @param {Record<string, any>} record */
function withoutRev(record) {
  return JSON.stringify(plainRecord(record));
}

/**
 * What restoring a backup would do: records it adds, records already here unchanged, and
 * records here that differ from the backup's (restore asks before replacing those).
 * @param {Kept} kept @param {Backup} backup
 */
export async function compareBackup(kept, backup) {
  /** @type {{added: number, same: number, differing: string[]}} */
  const found = { added: 0, same: 0, differing: [] };
  for (const kind of KINDS) {
    for (const record of backup[kind]) {
      const here = await get(kept, kind, record.id);
      if (!here) found.added++;
      else if (withoutRev(here) === withoutRev(record)) found.same++;
      else found.differing.push(here.name);
    }
  }
  return found;
}

/**
 * Restores a backup in one transaction: new records are added; a record here that differs is
 * replaced when `replace`, else the backup's is added beside it (renamed, new id). Rolls are
 * merged by time. Nothing is written if any part fails.
 * @param {Kept} kept @param {Backup} backup @param {boolean} replace @returns {Promise<string | null>} the problem
 */
export async function restore(kept, backup, replace) {
  const db = await database(kept);
  if (!db) return "Nothing can be restored: this browser does not let the site keep data here.";
  const characters = /** @type {Character[]} */ (await all(kept, "characters"));
  const renamedIds = new Map();
  try {
    const tx = db.transaction([...KINDS, HEADS, META], "readwrite");
    for (const kind of KINDS) {
      for (const record of /** @type {Record<string, any>[]} */ (backup[kind])) {
        const here = await tx.objectStore(kind).get(record.id);
        /** @type {Record<string, any>} */
        let written = { ...record, rev: (here?.rev ?? 0) + 1 };
        if (here && withoutRev(here) === withoutRev(record)) continue;
        if (here && !replace) {
          const name = kind === "characters"
            ? freeName({ format: "", version: 1, characters, parties: [] }, record.system, record.name) : `${record.name} (backup)`;
          written = { ...record, id: newId(kind[0]), name, rev: 1 };
          renamedIds.set(record.id, written.id);
          if (kind === "characters") characters.push(/** @type {Character} */ (written));
        }
        if (kind === "parties") written.members = written.members.map((/** @type {string} */ m) => renamedIds.get(m) ?? m);
        tx.objectStore(kind).put(written);
        if (kind === "sessions") tx.objectStore(HEADS).put(headOf(/** @type {Session} */ (written)));
      }
    }
    const keptRolls = (await tx.objectStore(META).get("rolls")) ?? [];
    const seen = new Set(keptRolls.map((/** @type {Roll} */ r) => `${r.at} ${r.id}`));
    const merged = [...keptRolls, ...backup.rolls.filter((r) => !seen.has(`${r.at} ${r.id}`))]
      .sort((a, b) => b.at.localeCompare(a.at)).slice(0, ROLLS_KEPT);
    tx.objectStore(META).put(merged, "rolls");
    await tx.done;
  } catch (error) {
    return `Nothing was restored: ${reason(error)}.`;
  }
  announce(kept, { kind: "all", id: "" });
  return null;
}

/**
 * Adds new records (an import: fresh ids) in one transaction: all of them or, if the browser
 * refuses, none (then they stay on the page, in memory). @param {Kept} kept
 * @param {{characters?: Character[], parties?: Party[], shelf?: ShelfRecord[]}} records
 * @returns {Promise<string | null>} the problem
 */
export async function addAll(kept, records) {
  const db = await database(kept);
  const kinds = /** @type {("characters" | "parties" | "shelf")[]} */ (["characters", "parties", "shelf"]);
  try {
    if (!db) throw new Error("refused");
    const tx = db.transaction(kinds, "readwrite");
    for (const kind of kinds) for (const record of records[kind] ?? []) tx.objectStore(kind).put({ ...record, rev: 1 });
    await tx.done;
  } catch (error) {
    for (const kind of kinds) for (const record of records[kind] ?? []) memoryOf(kept, kind).set(record.id, { ...record, rev: 1 });
    return `Not saved: the import (${db ? reason(error) : "nothing can be saved on this device"}). It stays on this ` +
      "page until you leave it: download a backup now to keep it.";
  }
  announce(kept, { kind: "all", id: "" });
  return null;
}

/** Deletes everything this site keeps on the device. @param {Kept} kept */
export async function clearAll(kept) {
  for (const held of kept.memory.values()) held.clear();
  const db = await database(kept);
  if (!db) return null;
  try {
    const tx = db.transaction([...KINDS, HEADS, META], "readwrite");
    await Promise.all([...KINDS, HEADS, META].map((name) => tx.objectStore(name).clear()));
    await tx.done;
  } catch (error) {
    return `Nothing was deleted: ${reason(error)}.`;
  }
  announce(kept, { kind: "all", id: "" });
  return null;
}
