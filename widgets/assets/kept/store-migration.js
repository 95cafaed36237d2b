// @ts-check
// Moving the older localStorage documents into IndexedDB, once (store.js openStore).

import { readDocument, readRolls, readSessionsDocument } from "./documents.js";
import { HEADS, KINDS, META, announce, database, headOf, memoryOf } from "./store-records.js";

/** @typedef {import("./documents.js").Character} Character */
/** @typedef {import("./documents.js").Party} Party */
/** @typedef {import("./documents.js").Session} Session */
/** @typedef {import("./documents.js").Roll} Roll */
/** @typedef {import("./store-records.js").Kept} Kept */

const OLD_KEYS = { characters: "rules-at-the-table:characters", sessions: "rules-at-the-table:sessions",
  rolls: "rules-at-the-table:rolls" };

/**
 * Copies what the older version kept in localStorage into IndexedDB (a record already there
 * is left as it is), reads every one back, and only then removes the old copy. If anything
 * fails, the old copy stays, the page works from it in memory, and says so.
 * @param {Kept} kept
 */
export async function moveFromLocalStorage(kept) {
  /** @type {Record<string, string | null>} */
  const texts = {};
  try {
    for (const [name, key] of Object.entries(OLD_KEYS)) texts[name] = localStorage.getItem(key);
  } catch {
    return; // no localStorage at all: nothing was ever kept there
  }
  if (Object.values(texts).every((text) => text === null)) return;
  /** @type {{characters: Character[], parties: Party[], sessions: Session[], shelf: [], rolls: Roll[],
   *   open: string | null}} the older storage kept no shelf */
  const found = { characters: [], parties: [], sessions: [], shelf: [], rolls: [], open: null };
  /** @type {string[]} */
  const unreadable = [];
  /** @type {string[]} */
  const movable = [];
  const parse = (/** @type {string} */ text) => { try { return JSON.parse(text); } catch { return null; } };
  if (texts.characters !== null) {
    const read = readDocument(texts.characters);
    if ("store" in read) { found.characters = read.store.characters; found.parties = read.store.parties; movable.push("characters"); }
    else unreadable.push(`characters (${read.error})`);
  }
  if (texts.sessions !== null) {
    const data = parse(texts.sessions);
    const read = readSessionsDocument(data);
    if (typeof read === "string") unreadable.push(`sessions (${read})`);
    else { found.sessions = read; found.open = typeof data.open === "string" ? data.open : null; movable.push("sessions"); }
  }
  if (texts.rolls !== null) {
    found.rolls = readRolls(parse(texts.rolls)) ?? [];
    movable.push("rolls");
  }
  const db = await database(kept);
  try {
    if (!db) throw new Error("refused");
    const tx = db.transaction([...KINDS, HEADS, META], "readwrite");
    for (const kind of KINDS) {
      for (const record of found[kind]) {
        if (await tx.objectStore(kind).get(record.id)) continue;
        tx.objectStore(kind).put({ ...record, rev: 1 });
        if (kind === "sessions") tx.objectStore(HEADS).put(headOf(/** @type {Session} */ (record)));
      }
    }
    if (found.rolls.length && !(await tx.objectStore(META).get("rolls"))) tx.objectStore(META).put(found.rolls, "rolls");
    if (found.open && !(await tx.objectStore(META).get("open-session"))) tx.objectStore(META).put(found.open, "open-session");
    await tx.done;
    for (const kind of KINDS) {
      for (const record of found[kind]) {
        const stored = await db.get(kind, record.id);
        if (!stored || stored.name !== record.name) throw new Error(`${record.name} did not read back`);
      }
    }
    for (const name of movable) localStorage.removeItem(OLD_KEYS[/** @type {"rolls"} */ (name)]);
    announce(kept, { kind: "all", id: "" });
  } catch {
    for (const kind of KINDS) for (const record of found[kind]) memoryOf(kept, kind).set(record.id, { ...record, rev: 0 });
    memoryOf(kept, META).set("rolls", found.rolls);
    kept.problem = "Your characters and sessions could not be moved to this version's storage; they are still " +
      "kept where the older version kept them, and this page works from them. Download a backup to be safe.";
  }
  if (unreadable.length) {
    kept.problem = `Some of what an older version saved could not be read: ${unreadable.join("; ")}. It is ` +
      "left where it was, untouched.";
  }
}
