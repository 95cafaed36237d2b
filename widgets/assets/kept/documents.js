// @ts-check
// The documents this site reads and writes: characters files and links (version 1), roll
// history, the backup of everything, and the older localStorage documents they move from.
// Pure data in and out, checked field by field: nothing here runs what a file or a link
// contains. Keeping them on the device is store.js's alone.

import { checkShelf } from "./shelf.js";

/** @typedef {import("./shelf.js").ShelfRecord} ShelfRecord */

export const FORMAT = "rules-at-the-table/characters";
export const VERSION = 1;
export const SYSTEMS = /** @type {const} */ (["bfrpg", "gurps", "shell"]);
export const SYSTEM_NAMES = { bfrpg: "Basic Fantasy", gurps: "GURPS", shell: "SHELL" };
export const MAX_IMPORT_BYTES = 1024 * 1024; // a party of a dozen is a few kilobytes
const MAX_LIST_TEXT = 16000; // a sheet's list as JSON text, as rulescore.lists reads it
const MAX_NAME = 60;

/**
 * @typedef {"bfrpg" | "gurps" | "shell"} System
 * @typedef {Record<string, string | boolean>} Fields as a form gives them (rulescore reads the text)
 * @typedef {{id: string, name: string, system: System, fields: Fields, rev?: number}} Character rev: store.js's revision
 * @typedef {{id: string, name: string, system: System, members: string[], rev?: number}} Party members by id, in order
 * @typedef {{format: string, version: number, characters: Character[], parties: Party[], shelf?: ShelfRecord[]}} Store
 *   shelf: the GM's shelf (shelf.js), in an exported file; a file without one has none
 */

/** @returns {Store} */
export function emptyStore() {
  return { format: FORMAT, version: VERSION, characters: [], parties: [] };
}

// Each step turns version N into N + 1; a version-1 document needs none yet. A site update
// that adds a field needs no step at all: a character without it takes the field's default.
/** @type {Record<number, (data: any) => any>} */
const MIGRATIONS = {};

/**
 * A characters document (a file, a link, what is stored) checked and migrated; every
 * problem is a sentence a player can act on. Field values are checked by rulescore later.
 * @param {string} text @returns {{store: Store} | {error: string}}
 */
export function readDocument(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: "it is not JSON, so not a characters file" };
  }
  if (!data || typeof data !== "object" || data.format !== FORMAT) {
    return { error: `it is not a Rules at the Table characters file (it should say "format": "${FORMAT}")` };
  }
  if (!Number.isInteger(data.version) || data.version < 1) return { error: "its version is missing or not a number" };
  if (data.version > VERSION) {
    return { error: `it was made by a newer version of this site (format version ${data.version}; this one reads ` +
      `up to ${VERSION}): reload the site to update it, then try again` };
  }
  for (let version = data.version; version < VERSION; version++) data = MIGRATIONS[version](data);
  const characters = Array.isArray(data.characters) ? data.characters : null;
  const parties = data.parties === undefined ? [] : Array.isArray(data.parties) ? data.parties : null;
  if (!characters || !parties) return { error: "its characters or parties are not lists" };
  /** @type {Store} */
  const store = emptyStore();
  for (const [i, raw] of characters.entries()) {
    const checked = checkCharacter(raw, `character ${i + 1}`);
    if (typeof checked === "string") return { error: checked };
    store.characters.push(checked);
  }
  for (const [i, raw] of parties.entries()) {
    const where = `party ${i + 1}`;
    if (!raw || typeof raw !== "object") return { error: `${where} is not a party` };
    const name = checkName(raw.name, where);
    if (!name.ok) return { error: name.error };
    if (!SYSTEMS.includes(raw.system)) return { error: `${where} has an unknown game system ${JSON.stringify(raw.system)}` };
    if (!Array.isArray(raw.members) || raw.members.some((/** @type {unknown} */ m) => typeof m !== "string")) {
      return { error: `${where} has no list of members` };
    }
    const known = new Set(store.characters.filter((c) => c.system === raw.system).map((c) => c.id));
    store.parties.push({ id: String(raw.id || newId("p")), name: name.value, system: raw.system,
      members: raw.members.filter((/** @type {string} */ m) => known.has(m)) });
  }
  // The GM's shelf, added to version 1 beside the characters: a file made before it has none.
  const shelf = checkShelf(data.shelf);
  if (typeof shelf === "string") return { error: shelf };
  if (shelf.length) store.shelf = shelf;
  return { store };
}

/** @param {unknown} raw @param {string} where @returns {Character | string} */
function checkCharacter(raw, where) {
  if (!raw || typeof raw !== "object") return `${where} is not a character`;
  const record = /** @type {Record<string, unknown>} */ (raw);
  const name = checkName(record.name, where);
  if (!name.ok) return name.error;
  const system = /** @type {System} */ (record.system);
  if (!SYSTEMS.includes(system)) {
    return `${name.value} has an unknown game system ${JSON.stringify(record.system)} (known: ${SYSTEMS.join(", ")})`;
  }
  const fields = record.fields;
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) return `${name.value} has no fields`;
  /** @type {Fields} */
  const kept = {};
  for (const [field, value] of Object.entries(fields)) {
    // A list the sheet keeps (weapons) is JSON text, longer than a figure; rulescore checks both.
    if (typeof value === "string" && value.startsWith("[")) kept[field] = value.slice(0, MAX_LIST_TEXT);
    else if (typeof value === "boolean" || typeof value === "string") kept[field] = value.toString().slice(0, 100);
    else if (typeof value === "number" && Number.isFinite(value)) kept[field] = String(value);
    else return `${name.value}: the field ${field} holds ${JSON.stringify(value)?.slice(0, 40)}, not a value`;
    if (typeof value === "boolean") kept[field] = value;
  }
  return { id: String(record.id || newId("c")), name: name.value, system, fields: kept };
}

/** @param {unknown} raw @param {string} where @returns {{ok: true, value: string} | {ok: false, error: string}} */
function checkName(raw, where) {
  if (typeof raw !== "string" || !raw.trim()) return { ok: false, error: `${where} has no name` };
  if (raw.trim().length > MAX_NAME) return { ok: false, error: `${where}'s name is longer than ${MAX_NAME} characters` };
  return { ok: true, value: raw.trim() };
}

/** @param {string} prefix */
export function newId(prefix) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A name not yet used by a character of the system: "Bruno", then "Bruno (2)"...
 * @param {Store} store @param {System} system @param {string} name @param {string} [except] an id to ignore */
export function freeName(store, system, name, except) {
  const taken = new Set(store.characters.filter((c) => c.system === system && c.id !== except).map((c) => c.name));
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name} (${n})`)) n++;
  return `${name} (${n})`;
}

/**
 * Adds what a file or link holds; a name already used gets a number, ids are made anew
 * so nothing stored is ever replaced. Returns the new store and what was renamed.
 * @param {Store} store @param {Store} incoming
 */
export function merge(store, incoming) {
  const result = /** @type {Store} */ (JSON.parse(JSON.stringify(store)));
  /** @type {Record<string, string>} */
  const ids = {};
  /** @type {string[]} */
  const renamed = [];
  for (const character of incoming.characters) {
    const name = freeName(result, character.system, character.name);
    if (name !== character.name) renamed.push(`${character.name} → ${name}`);
    ids[character.id] = newId("c");
    result.characters.push({ ...character, id: ids[character.id], name });
  }
  for (const party of incoming.parties) {
    result.parties.push({ ...party, id: newId("p"), members: party.members.map((m) => ids[m]).filter(Boolean) });
  }
  return { store: result, renamed };
}

/** A document holding some characters (and the parties wholly made of them), for a file or link.
 * @param {Store} store @param {Set<string>} [characterIds] all when left out @returns {Store} */
export function selection(store, characterIds) {
  const chosen = store.characters.filter((c) => !characterIds || characterIds.has(c.id));
  const ids = new Set(chosen.map((c) => c.id));
  return { format: FORMAT, version: VERSION, characters: chosen,
    parties: store.parties.filter((p) => characterIds ? p.members.length && p.members.every((m) => ids.has(m)) : true) };
}

// --- Links: the document in the URL fragment (never sent to a server), with a checksum so
// that a link cut short or changed is caught before anything is shown.

/** FNV-1a, 32 bits: enough to notice a damaged link (not a signature). @param {string} text */
function checksum(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** @param {string} text @returns {string} base64url of its UTF-8, then "." and a checksum */
function encodePayload(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const encoded = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${encoded}.${checksum(encoded)}`;
}

/** @param {string} payload @returns {string | null} the text, or null when cut short or changed */
function decodePayload(payload) {
  const at = payload.lastIndexOf(".");
  if (at < 1 || checksum(payload.slice(0, at)) !== payload.slice(at + 1)) return null;
  try {
    const binary = atob(payload.slice(0, at).replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** @param {Store} document @returns {string} the fragment's payload */
export function toLinkPayload(document) {
  return encodePayload(JSON.stringify(document));
}

/** @param {string} payload @returns {{store: Store} | {error: string}} */
export function fromLinkPayload(payload) {
  const text = decodePayload(payload);
  if (text === null) return { error: "this link is damaged (cut short or changed on the way); ask for it again" };
  return readDocument(text);
}

// --- Sessions (the Session page): each with its whole state as rulescore.session made it
// (the engine checks the state itself when it is used). Before IndexedDB they were one
// localStorage document of this format, still read once to move them.

export const SESSIONS_FORMAT = "rules-at-the-table/sessions";
export const SESSIONS_VERSION = 1;
const SESSION_STATE_FORMAT = "rules-at-the-table/session";

/**
 * `state` is rulescore.session's state; written by the Session page, it is kept as its JSON text,
 * as the engine made it (a long evening's state cloned as an object cost the page more than the
 * action: the text is written as it is). `stamp`: the stamp of the engine that made `state`
 * (rulescore/web_session.py), so that engine need not be sent the state again; a session read
 * from a file has none, and a backup holds the state as an object (older sites read it).
 * @typedef {{id: string, name: string, system: System, updated: string, state: Record<string, any> | string,
 *   rev?: number, stamp?: string}} Session
 * @typedef {{id: string, name: string, system: System, updated: string}} SessionHead what the list shows
 */

/** @param {unknown} raw @param {string} where @returns {Session | string} */
export function checkSession(raw, where) {
  const record = /** @type {Record<string, any>} */ (raw);
  if (!record || typeof record !== "object") return `${where} is not a session`;
  const name = checkName(record.name, where);
  if (!name.ok) return name.error;
  if (!SYSTEMS.includes(record.system)) return `the session ${name.value} has an unknown game system`;
  const state = stateOf(record);
  if (!state || typeof state !== "object" || state.format !== SESSION_STATE_FORMAT) {
    return `the session ${name.value} holds no session state`;
  }
  return { id: String(record.id || newId("s")), name: name.value, system: record.system,
    updated: String(record.updated ?? ""), state };
}

/** A session record's state as an object (null if its text is damaged). @param {Record<string, any>} record */
function stateOf(record) {
  if (typeof record.state !== "string") return record.state;
  try {
    return JSON.parse(record.state);
  } catch {
    return null;
  }
}

/** A record as a backup holds it: no revision, no engine stamp (both belong to this device),
 * a session's state as an object. @param {Record<string, any>} record */
export function plainRecord(record) {
  const { rev: _rev, stamp: _stamp, ...kept } = record;
  return typeof kept.state === "string" ? { ...kept, state: stateOf(kept) } : kept;
}

/** The sessions of the older localStorage document. @param {unknown} data @returns {Session[] | string} */
export function readSessionsDocument(data) {
  const doc = /** @type {any} */ (data);
  if (doc?.format !== SESSIONS_FORMAT || !Array.isArray(doc.sessions)) return "it is not a sessions document";
  if (doc.version > SESSIONS_VERSION) return "it was made by a newer version of the site";
  const sessions = [];
  for (const [i, raw] of doc.sessions.entries()) {
    const checked = checkSession(raw, `session ${i + 1}`);
    if (typeof checked === "string") return checked;
    sessions.push(checked);
  }
  return sessions;
}

// --- Roll history: the last rolls made on this device, newest first.

export const ROLLS_FORMAT = "rules-at-the-table/rolls";
export const ROLLS_VERSION = 1;
export const ROLLS_KEPT = 20;

/**
 * @typedef {{at: string, id: string, title: string, inputs: Record<string, unknown>, notation: string,
 *   dice: number[], total: number, outcome: string, text: string, own: boolean}} Roll
 */

/** A rolls document checked, or null. @param {unknown} data @returns {Roll[] | null} */
export function readRolls(data) {
  const doc = /** @type {any} */ (data);
  if (!doc || doc.format !== ROLLS_FORMAT || !Array.isArray(doc.rolls) || doc.version > ROLLS_VERSION) return null;
  const good = doc.rolls.filter((/** @type {any} */ r) => r && typeof r.id === "string" && typeof r.title === "string"
    && Array.isArray(r.dice) && r.dice.every((/** @type {unknown} */ f) => Number.isInteger(f))
    && typeof r.outcome === "string" && typeof r.text === "string" && Number.isFinite(r.total));
  return good.slice(0, ROLLS_KEPT).map((/** @type {any} */ r) => ({ at: String(r.at ?? ""), id: r.id, title: r.title,
    inputs: r.inputs && typeof r.inputs === "object" ? r.inputs : {}, notation: String(r.notation ?? ""),
    dice: r.dice, total: r.total, outcome: r.outcome, text: r.text, own: Boolean(r.own) }));
}

/** @param {Roll[]} rolls a link payload (as for characters: base64url JSON and a checksum) */
export function rollsToLinkPayload(rolls) {
  return encodePayload(JSON.stringify({ format: ROLLS_FORMAT, version: ROLLS_VERSION, rolls }));
}

/** @param {string} payload @returns {Roll[] | null} null for a damaged link */
export function rollsFromLinkPayload(payload) {
  const text = decodePayload(payload);
  if (text === null) return null;
  try {
    return readRolls(JSON.parse(text));
  } catch {
    return null;
  }
}

// --- The backup of everything: characters, parties, sessions and the roll history in one
// versioned file, checked like an import before anything is changed.

export const BACKUP_FORMAT = "rules-at-the-table/backup";
export const BACKUP_VERSION = 2; // 2: the GM's shelf (a backup of version 1 has none)
export const MAX_BACKUP_BYTES = 50 * 1024 * 1024; // twenty long sessions are a few megabytes

/**
 * @typedef {{format: string, version: number, made: string, characters: Character[], parties: Party[],
 *   sessions: Session[], shelf: ShelfRecord[], rolls: Roll[]}} Backup
 */

/** @param {{characters: Character[], parties: Party[], sessions: Session[], shelf: ShelfRecord[], rolls: Roll[]}} data
 * @returns {Backup} */
export function makeBackup(data) {
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, made: new Date().toISOString(),
    characters: data.characters.map((c) => /** @type {Character} */ (plainRecord(c))),
    parties: data.parties.map((p) => /** @type {Party} */ (plainRecord(p))),
    sessions: data.sessions.map((s) => /** @type {Session} */ (plainRecord(s))),
    shelf: data.shelf.map((r) => /** @type {ShelfRecord} */ (plainRecord(r))), rolls: data.rolls };
}

/**
 * A backup file checked whole; every problem is a sentence a player can act on.
 * @param {string} text @returns {{backup: Backup} | {error: string}}
 */
export function readBackup(text) {
  if (text.length > MAX_BACKUP_BYTES) return { error: "it is larger than any backup this site makes" };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: "it is not JSON, so not a backup (it may be damaged or cut short)" };
  }
  if (!data || typeof data !== "object" || data.format !== BACKUP_FORMAT) {
    return { error: `it is not a Rules at the Table backup (it should say "format": "${BACKUP_FORMAT}")` };
  }
  if (!Number.isInteger(data.version) || data.version < 1) return { error: "its version is missing or not a number" };
  if (data.version > BACKUP_VERSION) {
    return { error: `it was made by a newer version of this site (backup version ${data.version}; this one reads ` +
      `up to ${BACKUP_VERSION}): reload the site to update it, then try again` };
  }
  const people = readDocument(JSON.stringify({ format: FORMAT, version: VERSION, characters: data.characters,
    parties: data.parties ?? [] }));
  if ("error" in people) return { error: people.error };
  if (!Array.isArray(data.sessions)) return { error: "its sessions are not a list" };
  /** @type {Session[]} */
  const sessions = [];
  for (const [i, raw] of data.sessions.entries()) {
    const checked = checkSession(raw, `session ${i + 1}`);
    if (typeof checked === "string") return { error: checked };
    sessions.push(checked);
  }
  const shelf = checkShelf(data.shelf);
  if (typeof shelf === "string") return { error: shelf };
  const rolls = readRolls({ format: ROLLS_FORMAT, version: ROLLS_VERSION, rolls: data.rolls ?? [] });
  if (!rolls) return { error: "its roll history is not a list of rolls" };
  return { backup: { format: BACKUP_FORMAT, version: BACKUP_VERSION, made: String(data.made ?? ""),
    characters: people.store.characters, parties: people.store.parties, sessions, shelf, rolls } };
}
