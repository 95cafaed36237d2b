// @ts-check
// The store's records (store.js has the contract): each character, party and session, written
// from the revision it was based on, kept in this page's memory when the browser refuses; the
// small values beside them (the roll history, the open session, the last backup); and what
// every part of the store shares: the database opened again when closed, the tabs told.

import { ROLLS_FORMAT, ROLLS_KEPT, ROLLS_VERSION, readRolls } from "./documents.js";

/** @typedef {import("./documents.js").Character} Character */
/** @typedef {import("./documents.js").Party} Party */
/** @typedef {import("./documents.js").Session} Session */
/** @typedef {import("./documents.js").SessionHead} SessionHead */
/** @typedef {import("./documents.js").Roll} Roll */
/** @typedef {import("./shelf.js").ShelfRecord} ShelfRecord */
/** @typedef {"characters" | "parties" | "sessions" | "shelf"} Kind shelf: the GM's foes, encounters, tables (shelf.js) */
/** @typedef {{kind: Kind | "meta" | "all", id: string}} Change what another tab or script changed */
/** @typedef {import("idb").IDBPDatabase} Database */

/** @type {Kind[]} */
export const KINDS = ["characters", "parties", "sessions", "shelf"];
export const HEADS = "heads"; // a session's name, system and time, to list sessions without reading their logs
export const META = "meta"; // keyed values: the roll history, the open session, the last backup
const RETRIES = 8; // `update` against a record other tabs keep changing

/**
 * A page's handle on the store.
 * @typedef {object} Kept
 * @property {Database | null} db null while closed (another tab upgrades) or refused
 * @property {() => Promise<Database>} connect
 * @property {boolean} refused the browser will not keep anything: memory only
 * @property {string | null} problem what the page should say about keeping data, if anything
 * @property {Map<string, Map<string, any>>} memory records (and meta values) not saved, by store name
 * @property {BroadcastChannel | null} channel
 * @property {Set<(change: Change) => void>} listeners
 */

/** Why a write or the opening failed, as a reader can act on it. @param {unknown} error */
export function reason(error) {
  const name = /** @type {{name?: string}} */ (error)?.name;
  if (name === "QuotaExceededError") return "the device's storage for this site is full";
  return "this browser does not let the site keep data here (private browsing, or storage turned off)";
}

/** @param {string} kind @param {Record<string, any>} record */
function described(kind, record) {
  const noun = { characters: "the character", parties: "the party", sessions: "the session",
    shelf: "the shelf's" }[kind] ?? "it";
  return record.name ? `${noun} ${record.name}` : "the roll history";
}

/** The open database, opened again if it was closed; null once the browser refuses.
 * @param {Kept} kept @returns {Promise<Database | null>} */
export async function database(kept) {
  if (kept.db || kept.refused) return kept.db;
  try {
    kept.db = await kept.connect();
  } catch (error) {
    kept.refused = true;
    kept.problem = `Nothing can be saved on this device: ${reason(error)}. The page works from memory until ` +
      "you leave it; download a backup to keep what you do.";
  }
  return kept.db;
}

/** Heard by every other tab and every other handle of this page. @param {Kept} kept @param {Change} change */
export function announce(kept, change) {
  kept.channel?.postMessage(change);
}

/** @param {Kept} kept @param {string} name */
export function memoryOf(kept, name) {
  let held = kept.memory.get(name);
  if (!held) kept.memory.set(name, held = new Map());
  return held;
}

/** Every record of a kind, with those kept only in memory over them.
 * @template {Character | Party | Session | ShelfRecord} T @param {Kept} kept @param {Kind} kind @returns {Promise<T[]>} */
export async function all(kept, kind) {
  const db = await database(kept);
  /** @type {Map<string, T>} */
  const found = new Map();
  if (db) for (const record of await db.getAll(kind)) found.set(record.id, record);
  for (const [id, record] of memoryOf(kept, kind)) found.set(id, record);
  return [...found.values()];
}

/** @param {Kept} kept @param {Kind} kind @param {string} id @returns {Promise<any>} */
export async function get(kept, kind, id) {
  const unsaved = memoryOf(kept, kind).get(id);
  if (unsaved) return unsaved;
  const db = await database(kept);
  return db ? (await db.get(kind, id)) ?? null : null;
}

/** @param {Kept} kept @returns {Promise<SessionHead[]>} */
export async function sessionHeads(kept) {
  const db = await database(kept);
  const heads = new Map(db ? (await db.getAll(HEADS)).map((head) => [head.id, head]) : []);
  for (const [id, session] of memoryOf(kept, "sessions")) heads.set(id, headOf(session));
  return [...heads.values()].sort((a, b) => a.updated.localeCompare(b.updated));
}

/** @param {Session} session @returns {SessionHead} */
export function headOf(session) {
  return { id: session.id, name: session.name, system: session.system, updated: session.updated };
}

/**
 * Writes a record made from revision `base` of it (0 for a new one). If the stored one has
 * moved on, nothing is written and `conflict` is the stored one.
 * @template {Character | Party | Session | ShelfRecord} T
 * @param {Kept} kept @param {Kind} kind @param {T} record @param {number} base
 * @returns {Promise<{record: T, problem: string | null} | {conflict: T | null}>}
 */
export async function put(kept, kind, record, base) {
  const unsaved = memoryOf(kept, kind);
  const held = unsaved.get(record.id); // a version only this page has: it is the one to build on
  if (held && (held.rev ?? 0) !== base) return { conflict: held };
  const db = await database(kept);
  if (!db) return keepInMemory(kept, kind, record, base, "nothing can be saved on this device");
  try {
    const tx = db.transaction(kind === "sessions" ? [kind, HEADS] : [kind], "readwrite");
    const current = await tx.objectStore(kind).get(record.id);
    if (!held && (current?.rev ?? 0) !== base) {
      tx.abort();
      await tx.done.catch(() => undefined);
      return { conflict: current ?? null };
    }
    const saved = { ...record, rev: Math.max(base, current?.rev ?? 0) + 1 };
    tx.objectStore(kind).put(saved);
    if (kind === "sessions") tx.objectStore(HEADS).put(headOf(/** @type {Session} */ (saved)));
    await tx.done;
    unsaved.delete(record.id);
    announce(kept, { kind, id: record.id });
    return { record: saved, problem: null };
  } catch (error) {
    return keepInMemory(kept, kind, record, base, reason(error));
  }
}

/** @template {Record<string, any>} T @param {Kept} kept @param {string} kind @param {T} record @param {number} base
 * @param {string} why @returns {{record: T, problem: string}} */
function keepInMemory(kept, kind, record, base, why) {
  const saved = { ...record, rev: base + 1 };
  memoryOf(kept, kind).set(record.id, saved);
  return { record: saved, problem: `Not saved: ${described(kind, record)} (${why}). It stays on this page ` +
    "until you leave it: download a backup now to keep it." };
}

/**
 * Applies `change` to the newest version of a record (null if there is none) and writes the
 * result, again from the newest if another tab wrote meanwhile. `change` returns the record
 * to write, or null to write nothing; it may be asynchronous (the rules engine). `known`, the
 * page's own copy, is tried first without reading the record again (a long session is large):
 * the write checks its revision all the same, and reads the newest only if another tab wrote.
 * @template {Character | Party | Session | ShelfRecord} T
 * @param {Kept} kept @param {Kind} kind @param {string} id @param {(current: T | null) => T | null | Promise<T | null>} change
 * @param {T} [known]
 * @returns {Promise<{record: T, problem: string | null} | null>} null when change wrote nothing
 */
export async function update(kept, kind, id, change, known) {
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const current = attempt === 0 && known ? known : await get(kept, kind, id);
    const next = await change(current);
    if (!next) return null;
    const written = await put(kept, kind, next, current?.rev ?? 0);
    if ("record" in written) return written;
  }
  throw new Error(`${kind} ${id} kept changing in other tabs`);
}

/** @param {Kept} kept @param {Kind} kind @param {string} id @returns {Promise<string | null>} the problem, if any */
export async function remove(kept, kind, id) {
  memoryOf(kept, kind).delete(id);
  const db = await database(kept);
  if (!db) return null;
  try {
    const tx = db.transaction(kind === "sessions" ? [kind, HEADS] : [kind], "readwrite");
    tx.objectStore(kind).delete(id);
    if (kind === "sessions") tx.objectStore(HEADS).delete(id);
    await tx.done;
    announce(kept, { kind, id });
    return null;
  } catch (error) {
    return `Not deleted (${reason(error)}).`;
  }
}

// --- Small values: the roll history, the open session, when the last backup was made ------

/** @param {Kept} kept @param {string} key @returns {Promise<any>} */
export async function getMeta(kept, key) {
  const unsaved = memoryOf(kept, META);
  if (unsaved.has(key)) return unsaved.get(key);
  const db = await database(kept);
  return db ? (await db.get(META, key)) ?? null : null;
}

/**
 * Sets a value from the newest one, in one transaction (so two tabs adding a roll keep both).
 * @param {Kept} kept @param {string} key @param {(current: any) => any} change
 * @returns {Promise<{value: any, problem: string | null}>}
 */
export async function changeMeta(kept, key, change) {
  const unsaved = memoryOf(kept, META);
  const db = await database(kept);
  if (db) {
    try {
      const tx = db.transaction(META, "readwrite");
      const value = change(unsaved.has(key) ? unsaved.get(key) : (await tx.store.get(key)) ?? null);
      tx.store.put(value, key);
      await tx.done;
      unsaved.delete(key);
      announce(kept, { kind: "meta", id: key });
      return { value, problem: null };
    } catch (error) {
      unsaved.set(key, change(unsaved.get(key) ?? null));
      return { value: unsaved.get(key), problem: `Not saved: the ${key} (${reason(error)}).` };
    }
  }
  unsaved.set(key, change(unsaved.get(key) ?? null));
  return { value: unsaved.get(key), problem: `Not saved: the ${key} (nothing can be saved on this device).` };
}

/** @param {Kept} kept @returns {Promise<Roll[]>} newest first */
export async function rolls(kept) {
  return readRolls({ format: ROLLS_FORMAT, version: ROLLS_VERSION, rolls: (await getMeta(kept, "rolls")) ?? [] }) ?? [];
}

/** @param {Kept} kept @param {Roll | null} roll null clears the history */
export async function keepRoll(kept, roll) {
  return changeMeta(kept, "rolls", (current) => roll ? [roll, ...(current ?? [])].slice(0, ROLLS_KEPT) : []);
}
