// @ts-check
// The GM's shelf on the Session page (issue 43): the foes, encounters and random tables kept
// on this device for the open session's game (kept/shelf.js), and the starter foes, each one
// tap from the fight: a foe with how many, "Fight" (or "Join the fight" while one is on); an
// encounter, "Start" (its counts rolled); a table, "Roll" (into a fight, or the GM's log while
// one is on). What the tap sends is an action like any other (rulescore decides, the log and
// undo keep it); the GM's own dice are asked for when "I roll my own dice" is ticked.
// The shelf is the GM's: the players' view hides it (session.css).
//
// DOM: details[data-shelf] > [data-shelf-list] with li[data-shelf-foe=<id>] (input[data-shelf-count],
// button[data-action="shelf-fight"]), li[data-shelf-encounter=<id>] (button "shelf-encounter"),
// li[data-shelf-table=<id>] (button "shelf-table"), each kept one with button "shelf-delete";
// form[data-shelf-keep] (select[data-shelf-kind], input[data-shelf-name], input[data-shelf-text],
// button "shelf-keep-text"); [data-shelf-said] says what was kept or refused.

import { MAX_SHELF_TEXT, STARTERS, foeRow } from "../kept/shelf.js";
import { button, confirmThen, element } from "../core/dom.js";
import { newId } from "../kept/documents.js";
import { all, put, remove } from "../kept/store.js";
import { readFoe } from "./session-form.js";

/** @typedef {import("./sessions.js").PageState} PageState */
/** @typedef {import("../kept/shelf.js").ShelfRecord} ShelfRecord */

const MAX_COUNT = 50; // as rulescore's fight takes foes

/** The shelf's place in the open session. */
export function shelfSection() {
  return element("details", { class: "rc-shelf", "data-shelf": "" }, [
    element("summary", {}, ["The GM's shelf: foes, encounters and random tables"]),
    element("div", { "data-shelf-list": "" }),
    element("p", { class: "rc-hint", "data-shelf-said": "", role: "status" }),
    element("form", { class: "rc-shelf-keep", "data-shelf-keep": "", novalidate: "" }, [
      element("p", { class: "rc-title" }, [element("strong", {}, ["Keep an encounter or a table"])]),
      element("div", { class: "rc-field" }, [element("label", { for: "shelf-kind" }, ["Kind"]),
        element("select", { id: "shelf-kind", "data-shelf-kind": "" }, [
          element("option", { value: "encounter" }, ["Encounter"]),
          element("option", { value: "table" }, ["Random table"])])]),
      element("div", { class: "rc-field" }, [element("label", { for: "shelf-name" }, ["Name"]),
        element("input", { id: "shelf-name", "data-shelf-name": "", maxlength: "60", autocomplete: "off",
          placeholder: "Goblin patrol" })]),
      element("div", { class: "rc-field" }, [element("label", { for: "shelf-text" }, ["Words"]),
        element("input", { id: "shelf-text", "data-shelf-text": "", maxlength: String(MAX_SHELF_TEXT),
          autocomplete: "off", "aria-describedby": "shelf-text-hint", placeholder: "2d4 goblins and an ogre" }),
        element("p", { class: "rc-hint", id: "shelf-text-hint" }, ["An encounter: how many and who, “2d4 goblins " +
          "and an ogre”. A table: its die, a colon, then each result or range and what it gives, split by “;”: " +
          "“1d8: 1-3 2d4 goblins; 4-5 1d6 orcs; 6 a black bear; 7-8 nothing”."])]),
      element("p", { class: "rc-actions" }, [button("shelf-keep-text", "Keep it on the shelf")]),
    ]),
  ]);
}

/** The shelf's records read again from the store. @param {PageState} state */
export async function loadShelf(state) {
  state.shelf = /** @type {ShelfRecord[]} */ (await all(state.kept, "shelf"));
  drawShelf(state);
}

/** @param {PageState} state @returns {ShelfRecord[]} this game's, kept first, then the starters */
function shelfOf(state) {
  const system = state.session?.system;
  const kept = [...(state.shelf ?? [])].filter((one) => one.system === system).sort((a, b) => a.name.localeCompare(b.name));
  return [...kept, ...STARTERS.filter((one) => one.system === system)];
}

/** @param {PageState} state */
function fighting(state) {
  return Boolean(state.views?.gm_view?.fight);
}

/** @param {ShelfRecord} one */
function deleteButton(one) {
  return one.starter ? "" : button("shelf-delete", "Delete", { "data-id": one.id, "aria-label": `Delete: ${one.name}` });
}

/** @param {ShelfRecord} one @param {boolean} fight */
function foeItem(one, fight) {
  const count = `shelf-count-${one.id}`;
  return element("li", { "data-shelf-foe": one.id }, [
    element("span", { class: "rc-roster-name" }, [one.name]), " ",
    element("span", { class: "rc-hint" }, [one.starter ? "(a starter foe)" : one.sheet ? "(its sheet)"
      : one.row?.monster ? "(a monster row)" : "(figures)"]),
    " ",
    element("label", { for: count, class: "rc-shelf-count" }, ["How many"]), " ",
    element("input", { id: count, type: "number", min: "1", max: String(MAX_COUNT), value: "1", inputmode: "numeric",
      "data-shelf-count": "" }), " ",
    // Each button's name begins with the words it shows (WCAG 2.5.3), then says which.
    button("shelf-fight", fight ? "Join the fight" : "Fight", { "data-id": one.id,
      "aria-label": `${fight ? "Join the fight" : "Fight"}: ${one.name}` }), " ",
    deleteButton(one),
  ]);
}

/** @param {ShelfRecord} one @param {boolean} fight */
function textItem(one, fight) {
  const table = one.kind === "table";
  return element("li", { [table ? "data-shelf-table" : "data-shelf-encounter"]: one.id }, [
    element("span", { class: "rc-roster-name" }, [one.name]), " ",
    element("span", { class: "rc-hint" }, [one.text ?? ""]), " ",
    table
      ? button("shelf-table", fight ? "Roll (to the log)" : "Roll", { "data-id": one.id,
        "aria-label": `${fight ? "Roll (to the log)" : "Roll"}: ${one.name}` })
      : button("shelf-encounter", "Start", { "data-id": one.id, "aria-label": `Start: ${one.name}`,
        ...(fight ? { disabled: "" } : {}) }),
    " ", deleteButton(one),
  ]);
}

/** The shelf drawn for the open session (its game; Fight or Join the fight as things stand).
 * @param {PageState} state */
export function drawShelf(state) {
  const list = state.root.querySelector("[data-shelf-list]");
  if (!list) return;
  const shelf = shelfOf(state);
  const fight = fighting(state);
  const part = (/** @type {string} */ title, /** @type {ShelfRecord[]} */ records, /** @type {string} */ none,
    /** @type {(one: ShelfRecord) => Element} */ item) => [element("h4", {}, [title]),
    records.length ? element("ul", { class: "rc-shelf-items" }, records.map(item)) : element("p", {}, [none])];
  list.replaceChildren(
    ...part("Foes", shelf.filter((one) => one.kind === "foe"), "None kept for this game yet: keep a creature from " +
      "the Characters page's import, or a row of the fight form with “Keep this foe”.", (one) => foeItem(one, fight)),
    ...part("Encounters", shelf.filter((one) => one.kind === "encounter"), "None yet: keep one below.",
      (one) => textItem(one, fight)),
    ...part("Random tables", shelf.filter((one) => one.kind === "table"), "None yet: keep one below.",
      (one) => textItem(one, fight)),
  );
}

/** @param {PageState} state @param {string} text */
function say(state, text) {
  const said = state.root.querySelector("[data-shelf-said]");
  if (said) said.textContent = text;
}

/** @param {PageState} state @param {ShelfRecord} record @returns {Promise<void>} */
export async function keepOnShelf(state, record) {
  const written = await put(state.kept, "shelf", record, 0);
  const problem = "record" in written ? written.problem : "it could not be kept";
  say(state, problem ? `${record.name}: ${problem}` : `${record.name} is on the shelf.`);
  await loadShelf(state);
}

/**
 * A shelf button's action; false when the button is not the shelf's. `apply` does an action as
 * a phone's request is done (session-actions.js applyForPhone: with "I roll my own dice" the GM
 * is asked for each roll).
 * @param {PageState} state @param {string | undefined} action @param {Element | null} target
 * @param {(action: Record<string, unknown>) => unknown} apply
 */
export function shelfAction(state, action, target, apply) {
  if (!action?.startsWith("shelf-") || !(target instanceof HTMLButtonElement)) return false;
  const one = shelfOf(state).find((record) => record.id === target.dataset.id);
  if (action === "shelf-keep-text") keepText(state);
  else if (action === "shelf-keep-row") keepRow(state, target);
  else if (action === "shelf-delete" && one) {
    confirmThen(target, () => remove(state.kept, "shelf", one.id).then(() => loadShelf(state)));
  } else if (action === "shelf-fight" && one) {
    const input = /** @type {HTMLInputElement | null} */ (target.closest("li")?.querySelector("[data-shelf-count]"));
    const count = Number(input?.value);
    if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
      say(state, `How many ${one.name}: give a whole number from 1 to ${MAX_COUNT}.`);
      input?.focus();
      return true;
    }
    say(state, "");
    apply({ do: fighting(state) ? "join_fight" : "fight", foes: [foeRow(one, count)] });
  } else if (action === "shelf-encounter" && one) {
    apply({ do: "encounter", encounter: one.text });
  } else if (action === "shelf-table" && one) {
    apply({ do: "roll_table", table: one.text, fight: !fighting(state) });
  }
  return true;
}

/**
 * A row of the fight form kept as a foe, its figures as they stand (how many left out): a
 * monster of the list with the GM's changes, a foe typed in. Named by its Name, else its monster.
 * @param {PageState} state @param {Element} target the row's button
 */
function keepRow(state, target) {
  const row = target.closest("[data-foe-row]");
  const session = state.session;
  if (!row || !session) return;
  const { name, count, ...figures } = readFoe(row);
  const monster = /** @type {HTMLSelectElement | null} */ (row.querySelector('[data-foe-field="monster"]'));
  const called = typeof name === "string" && name ? name : monster?.value ? monster.selectedOptions[0]?.text ?? "" : "";
  const said = row.querySelector("[data-shelf-row-said]") ?? row.appendChild(
    element("p", { class: "rc-hint", "data-shelf-row-said": "", role: "status" }));
  if (!called) {
    said.textContent = "Name: give this foe a name (or pick a monster) before keeping it on the shelf.";
    return;
  }
  const kept = Object.fromEntries(Object.entries(figures).map(([key, value]) => [key,
    typeof value === "boolean" ? value : String(value)]));
  keepOnShelf(state, { id: newId("s"), kind: "foe", name: called.slice(0, 60), system: session.system, row: kept })
    .then(() => { said.textContent = `${called} is on the shelf: open the shelf below the actions to fight it.`; });
}

/** @param {PageState} state */
function keepText(state) {
  const session = state.session;
  const form = state.root.querySelector("[data-shelf-keep]");
  if (!session || !form) return;
  const kind = /** @type {HTMLSelectElement} */ (form.querySelector("[data-shelf-kind]")).value === "table"
    ? "table" : "encounter";
  const nameInput = /** @type {HTMLInputElement} */ (form.querySelector("[data-shelf-name]"));
  const textInput = /** @type {HTMLInputElement} */ (form.querySelector("[data-shelf-text]"));
  const name = nameInput.value.trim();
  const text = textInput.value.trim();
  if (!name) {
    say(state, "Name: give the encounter or table a name, 1 to 60 characters.");
    return nameInput.focus();
  }
  if (!text) {
    say(state, `Words: write the ${kind === "table" ? "table" : "encounter"}, as the hint below the field says.`);
    return textInput.focus();
  }
  keepOnShelf(state, { id: newId("s"), kind, name, system: session.system, text }).then(() => {
    nameInput.value = "";
    textInput.value = "";
  });
}
