// @ts-check
// The GM's shelf (issue 43): foes, encounters and random tables kept on the device beside the
// characters, each its own record in the store's "shelf" (store.js), in backups, checked on the
// way in like any record. Rulescore reads what they hold when a fight starts from them
// (rulescore/play/foe_sheet.py, rulescore/play/tables.py): the shelf keeps text and figures only.
//
// A record: {id, kind: "foe" | "encounter" | "table", name, system, rev} and
// - a foe: `sheet`, a character's or creature's fields as the Characters page keeps them (a
//   GURPS creature imported from GCS), or `row`, a fight form's foe row (a Basic Fantasy monster
//   with the GM's changes, a SHELL foe);
// - an encounter or a table: `text` ("2d4 goblins and an ogre"; "1d8: 1-3 2d4 goblins; ...").
// The starter shelf (STARTERS) is ours, never stored: a few foes of our own making for GURPS and
// SHELL (Basic Fantasy's starter shelf is the rulebook's monster list in the fight form).

/** @typedef {import("./documents.js").System} System */
/** @typedef {"foe" | "encounter" | "table"} ShelfKind */
/**
 * @typedef {{id: string, kind: ShelfKind, name: string, system: System, sheet?: Record<string, string | boolean>,
 *   row?: Record<string, string | boolean>, text?: string, rev?: number, starter?: boolean}} ShelfRecord
 */

export const SHELF_KINDS = /** @type {ShelfKind[]} */ (["foe", "encounter", "table"]);
export const MAX_SHELF_TEXT = 2000; // as rulescore.play.tables reads them
const MAX_NAME = 60;
const MAX_FIELDS = 200;
const MAX_VALUE = 20000; // a GCS creature's weapons as text
const SYSTEMS = ["bfrpg", "gurps", "shell"];

/** @param {unknown} fields @returns {fields is Record<string, string | boolean>} */
function isFields(fields) {
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) return false;
  const entries = Object.entries(fields);
  return entries.length <= MAX_FIELDS && entries.every(([key, value]) => key.length <= 40 &&
    (typeof value === "boolean" || (typeof value === "string" && value.length <= MAX_VALUE)));
}

/**
 * A shelf record checked whole: the record (unknown keys dropped), or a sentence naming what is
 * wrong with it (`where` says which one: "shelf record 3").
 * @param {unknown} raw @param {string} where @returns {ShelfRecord | string}
 */
export function checkShelfRecord(raw, where) {
  if (!raw || typeof raw !== "object") return `${where} is not a record`;
  const record = /** @type {Record<string, unknown>} */ (raw);
  const name = typeof record.name === "string" ? record.name.trim() : "";
  const what = name ? `${where} (${name.slice(0, MAX_NAME)})` : where;
  if (typeof record.id !== "string" || !record.id || record.id.length > 40) return `${what} has no id`;
  if (!name || name.length > MAX_NAME) return `${what} needs a name of 1 to ${MAX_NAME} characters`;
  if (!SHELF_KINDS.includes(/** @type {ShelfKind} */ (record.kind))) {
    return `${what} is not a foe, an encounter or a table`;
  }
  if (!SYSTEMS.includes(/** @type {string} */ (record.system))) return `${what} names no game the site knows`;
  /** @type {ShelfRecord} */
  const checked = { id: record.id, kind: /** @type {ShelfKind} */ (record.kind), name,
    system: /** @type {System} */ (record.system) };
  if (typeof record.rev === "number") checked.rev = record.rev;
  if (checked.kind === "foe") {
    if (record.sheet !== undefined) {
      if (!isFields(record.sheet)) return `${what}: its sheet is not a list of figures`;
      checked.sheet = record.sheet;
    } else if (isFields(record.row)) {
      checked.row = record.row;
    } else {
      return `${what}: a foe needs its sheet or its figures`;
    }
  } else {
    if (typeof record.text !== "string" || !record.text.trim() || record.text.length > MAX_SHELF_TEXT) {
      return `${what} needs its words, 1 to ${MAX_SHELF_TEXT} characters`;
    }
    checked.text = record.text;
  }
  return checked;
}

/** A list of shelf records checked whole: the records, or the first problem as a sentence.
 * @param {unknown} list @returns {ShelfRecord[] | string} */
export function checkShelf(list) {
  if (list === undefined) return []; // a backup made before the shelf
  if (!Array.isArray(list)) return "its shelf is not a list";
  /** @type {ShelfRecord[]} */
  const records = [];
  for (const [i, raw] of list.entries()) {
    const checked = checkShelfRecord(raw, `shelf record ${i + 1}`);
    if (typeof checked === "string") return checked;
    records.push(checked);
  }
  return records;
}

/**
 * The fight action's foe row for `count` of shelf foe `foe`: its sheet (rulescore takes every
 * figure from it) or its row's figures, named and counted.
 * @param {ShelfRecord} foe @param {number} count @returns {Record<string, unknown>}
 */
export function foeRow(foe, count) {
  return foe.sheet ? { name: foe.name, count, sheet: foe.sheet } : { ...foe.row, name: foe.name, count };
}

/** @param {string} id @param {string} name @param {System} system
 * @param {{sheet?: Record<string, string | boolean>, row?: Record<string, string | boolean>}} figures
 * @returns {ShelfRecord} */
function starter(id, name, system, figures) {
  return { id, kind: "foe", name, system, ...figures, starter: true };
}

const weapons = (/** @type {Record<string, unknown>[]} */ list) => JSON.stringify(list);

// Foes of our own making, figures worked out by the rules on our pages (never copied from a book
// or GCS's library): a GURPS wolf, bandit and giant rat (sheets); a SHELL wolf and bandit (foe rows).
export const STARTERS = [
  starter("starter-gurps-wolf", "Wolf", "gurps", { sheet: {
    st: "10", dx: "13", iq: "4", ht: "12", hp: "10", will: "10", per: "12", basic_speed: "6.25", basic_move: "9",
    dr: "1", weapons: weapons([{ name: "Bite", usage: "", skill: 14, damage: "1d cut", parry: "No", block: "No",
      reach: "C", acc: "", range: "", bulk: "" }]) } }),
  starter("starter-gurps-bandit", "Bandit", "gurps", { sheet: {
    st: "11", dx: "11", iq: "10", ht: "11", dr: "2", weapons: weapons([
      { name: "Shortsword", usage: "Swung", skill: 12, damage: "sw cut", parry: "9", block: "No", reach: "1",
        acc: "", range: "", bulk: "" },
      { name: "Shortsword", usage: "Thrust", skill: 12, damage: "thr imp", parry: "9", block: "No", reach: "1",
        acc: "", range: "", bulk: "" },
      { name: "Light crossbow", usage: "Shoot", skill: 11, damage: "1d+2 imp", parry: "No", block: "No", reach: "",
        acc: "3", range: "120/150", bulk: "-6" }]) } }),
  starter("starter-gurps-rat", "Giant rat", "gurps", { sheet: {
    st: "6", dx: "12", iq: "4", ht: "12", hp: "6", will: "10", per: "12", basic_speed: "6", basic_move: "7",
    weapons: weapons([{ name: "Bite", usage: "", skill: 13, damage: "1d-3 cut", parry: "No", block: "No",
      reach: "C", acc: "", range: "", bulk: "" }]) } }),
  starter("starter-shell-wolf", "Wolf", "shell", { row: {
    ag: "12", hp: "8", combat_level: "3", mv: "8", end: "12", st: "8", natural_dr: "1", damage: "+1 cut" } }),
  starter("starter-shell-bandit", "Bandit", "shell", { row: {
    ag: "10", hp: "10", combat_level: "3", st: "10", dr: "2", damage: "+2 cut" } }),
];
