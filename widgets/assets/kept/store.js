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

import {
  ROLLS_FORMAT, ROLLS_KEPT, ROLLS_VERSION, freeName, newId, plainRecord, readDocument, readRolls, readSessionsDocument,
} from "./documents.js";

/** @typedef {import("./documents.js").Character} Character */
/** @typedef {import("./documents.js").Party} Party */
/** @typedef {import("./documents.js").Session} Session */
/** @typedef {import("./documents.js").SessionHead} SessionHead */
/** @typedef {import("./documents.js").Roll} Roll */
/** @typedef {import("./documents.js").Backup} Backup */
/** @typedef {"characters" | "parties" | "sessions"} Kind */
/** @typedef {{kind: Kind | "meta" | "all", id: string}} Change what another tab or script changed */
/** @typedef {import("idb").IDBPDatabase} Database */

export const DB_NAME = "rules-at-the-table";
const DB_VERSION = 1;
const CHANNEL = "rules-at-the-table:store";
/** @type {Kind[]} */
const KINDS = ["characters", "parties", "sessions"];
const HEADS = "heads"; // a session's name, system and time, to list sessions without reading their logs
const META = "meta"; // keyed values: the roll history, the open session, the last backup
const OLD_KEYS = { characters: "rules-at-the-table:characters", sessions: "rules-at-the-table:sessions",
  rolls: "rules-at-the-table:rolls" };
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
function reason(error) {
  const name = /** @type {{name?: string}} */ (error)?.name;
  if (name === "QuotaExceededError") return "the device's storage for this site is full";
  return "this browser does not let the site keep data here (private browsing, or storage turned off)";
}

/** @param {string} kind @param {Record<string, any>} record */
function described(kind, record) {
  const noun = { characters: "the character", parties: "the party", sessions: "the session" }[kind] ?? "it";
  return record.name ? `${noun} ${record.name}` : "the roll history";
}

/** @returns {Promise<Kept>} */
export async function openStore() {
  /** @type {Kept} */
  const kept = { db: null, connect: () => Promise.reject(new Error("no IndexedDB")), refused: false, problem: null,
    memory: new Map(), channel: null, listeners: new Set() };
  try {
    /** @type {typeof import("idb")} */
    const idb = await import(new URL("../../vendor/idb.mjs", import.meta.url).href);
    kept.connect = () => idb.openDB(DB_NAME, DB_VERSION, {
      upgrade(db) {
        for (const name of [...KINDS, HEADS]) db.createObjectStore(name, { keyPath: "id" });
        db.createObjectStore(META);
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

/** The open database, opened again if it was closed; null once the browser refuses.
 * @param {Kept} kept @returns {Promise<Database | null>} */
async function database(kept) {
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
function announce(kept, change) {
  kept.channel?.postMessage(change);
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

/** @param {Kept} kept @param {string} name */
function memoryOf(kept, name) {
  let held = kept.memory.get(name);
  if (!held) kept.memory.set(name, held = new Map());
  return held;
}

/** Every record of a kind, with those kept only in memory over them.
 * @template {Character | Party | Session} T @param {Kept} kept @param {Kind} kind @returns {Promise<T[]>} */
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
function headOf(session) {
  return { id: session.id, name: session.name, system: session.system, updated: session.updated };
}

/**
 * Writes a record made from revision `base` of it (0 for a new one). If the stored one has
 * moved on, nothing is written and `conflict` is the stored one.
 * @template {Character | Party | Session} T
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
 * @template {Character | Party | Session} T
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

// --- The backup of everything ---------------------------------------------------------------

/** Everything kept, memory included. @param {Kept} kept */
export async function everything(kept) {
  return {
    characters: /** @type {Character[]} */ (await all(kept, "characters")),
    parties: /** @type {Party[]} */ (await all(kept, "parties")),
    sessions: /** @type {Session[]} */ (await all(kept, "sessions")),
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
 * @param {{characters?: Character[], parties?: Party[]}} records @returns {Promise<string | null>} the problem
 */
export async function addAll(kept, records) {
  const db = await database(kept);
  const kinds = /** @type {("characters" | "parties")[]} */ (["characters", "parties"]);
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

// --- Moving the older localStorage documents in, once --------------------------------------

/**
 * Copies what the older version kept in localStorage into IndexedDB (a record already there
 * is left as it is), reads every one back, and only then removes the old copy. If anything
 * fails, the old copy stays, the page works from it in memory, and says so.
 * @param {Kept} kept
 */
async function moveFromLocalStorage(kept) {
  /** @type {Record<string, string | null>} */
  const texts = {};
  try {
    for (const [name, key] of Object.entries(OLD_KEYS)) texts[name] = localStorage.getItem(key);
  } catch {
    return; // no localStorage at all: nothing was ever kept there
  }
  if (Object.values(texts).every((text) => text === null)) return;
  /** @type {{characters: Character[], parties: Party[], sessions: Session[], rolls: Roll[], open: string | null}} */
  const found = { characters: [], parties: [], sessions: [], rolls: [], open: null };
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
