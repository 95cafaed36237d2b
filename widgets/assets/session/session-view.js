// @ts-check
// The Session page's drawing of a view: the clock, the lights, each character with their
// figures, condition, effects and what is due for them, the log. It draws what
// rulescore.session.view gives, word for word (the figures come labelled, "HP 5 of 12" or
// "damage taken 14 of 12 HP", so the page never guesses what a number means).

import { element } from "../core/dom.js";

/** @typedef {import("./sessions.js").PageState} PageState */

/** @param {string} link a site-relative rule link */
export function ruleLink(link) {
  return element("a", { class: "rc-rule", href: new URL(link, new URL("../../../", import.meta.url)).href }, ["§ rule"]);
}

/** The open session's party as its view lists it (each member's id and name, in order): the
 * GM's view on the Session page, the players' on a phone (the page's copy of the record need not
 * hold the state itself). @param {PageState} state @returns {{id: string, name: string}[]} */
export function partyShown(state) {
  return (state.views?.gm_view ?? state.views?.view)?.characters ?? [];
}

/** @param {PageState} state @param {string} id */
function nameOf(state, id) {
  return partyShown(state).find((member) => member.id === id)?.name ?? "someone who left";
}

/** @param {Record<string, any>} person */
function words(person) {
  return [person.condition, person.fatigue].filter((w) => typeof w === "string" && w && w !== "rested");
}

/** @param {Record<string, any>} person */
function personSection(person) {
  const due = /** @type {string[]} */ (person.due ?? []);
  return element("section", { class: "rc-session-person", "data-character-id": person.id }, [
    element("p", {}, [element("strong", {}, [person.name]), ` ${(person.figures ?? []).join(", ")}`]),
    ...(words(person).length ? [element("p", { class: "rc-session-condition", "data-condition": "" },
      [words(person).join("; ")])] : []),
    element("ul", { "data-effects": "" }, (person.effects ?? []).map((/** @type {{text: string, rule?: string}} */ e) =>
      element("li", {}, [e.text, ...(e.rule ? [" ", ruleLink(e.rule)] : [])]))),
    ...(due.length ? [element("ul", { class: "rc-session-due", "data-person-due": "" },
      due.map((line) => element("li", {}, [line])))] : []),
  ]);
}

// The log shows its newest entries first; past LOG_SHOWN, the rest wait behind a button, so a
// long evening's log (thousands of entries) is not rebuilt, nor sent by the engine, at every tap
// (rulescore/web_session.py LOG_SENT: the same 100).
const LOG_SHOWN = 100;

/** @param {Element} root @param {Record<string, any>[]} entries the newest (all when asked)
 * @param {number} count how many the whole log holds */
function drawLog(root, entries, count) {
  const log = root.querySelector("[data-session-log]");
  if (!log) return;
  const whole = /** @type {HTMLElement | null} */ (root.querySelector("[data-session-log-more]"))?.dataset.open !== undefined;
  const shown = whole ? entries : entries.slice(-LOG_SHOWN);
  log.setAttribute("start", String(count)); // the newest keeps its number when older ones wait
  log.replaceChildren(...[...shown].reverse().map((entry) =>
    element("li", {}, [element("span", { class: "rc-session-at" }, [entry.at]), ` ${entry.text}`,
      ...(entry.rule ? [" ", ruleLink(entry.rule)] : [])])));
  const more = /** @type {HTMLButtonElement | null} */ (root.querySelector("[data-session-log-more]"));
  if (more) {
    more.hidden = count <= LOG_SHOWN;
    more.textContent = whole ? `Show the last ${LOG_SHOWN} entries only` : `Show all ${count} entries`;
  }
}

/** Draws the open session's view (the GM's or the players'). @param {PageState} state */
export function renderView(state) {
  const root = state.root;
  const view = state.views ? (state.gm ? state.views.gm_view : state.views.view) : null;
  if (!view) return;
  const clock = root.querySelector("[data-session-clock]");
  if (clock) {
    clock.textContent = view.clock;
    const next = /** @type {HTMLElement | null} */ (root.querySelector("[data-head-next-turn]"));
    if (next) next.hidden = !view.fight;
    clock.setAttribute("data-turn", String(view.turn));
    clock.setAttribute("data-round", String(view.round));
  }
  const lights = root.querySelector("[data-session-lights]");
  lights?.replaceChildren(...(view.lights?.length ? [element("h3", {}, ["Lights"]),
    element("ul", {}, view.lights.map((/** @type {Record<string, any>} */ light) => element("li", {
      "data-light": String(light.id), "data-burning": String(light.burning) }, [
      `Light ${light.id}: ${light.source}`, light.by ? ` (${nameOf(state, light.by)})` : "", `, ${light.state}`,
      ...(light.turns_left !== undefined ? [element("span", { class: "rc-gm", "data-turns-left": String(light.turns_left) },
        [`: ${light.turns_left} turn${light.turns_left === 1 ? "" : "s"} left`])] : []),
    ])))] : []));
  const characters = /** @type {Record<string, any>[]} */ (view.characters ?? []);
  root.querySelector("[data-session-characters]")?.replaceChildren(...characters.map(personSection));
  // The sticky head's one line: each burning light, each character's first figure and condition.
  const fight = view.fight;
  const now = fight?.combatants.find((/** @type {Record<string, any>} */ one) => one.id === fight.current);
  root.querySelector("[data-session-summary]")?.replaceChildren([
    ...(fight ? [`Fight round ${fight.round}${now ? `: ${now.name}'s turn` : ""}`] : []),
    ...(view.lights ?? []).filter((/** @type {Record<string, any>} */ light) => light.burning)
      .map((/** @type {Record<string, any>} */ light) => `${light.source} ${light.state}`),
    ...characters.map((person) => `${person.name}${person.figures?.length ? ` ${person.figures[0]}` : ""}` +
      (typeof person.condition === "string" && person.condition ? ` (${person.condition})` : "")),
  ].join(" · "));
  // What is due for a character is drawn with them; the rest (lights, the fight) here.
  const theirs = new Set(characters.flatMap((person) => person.due ?? []));
  root.querySelector("[data-session-due]")?.replaceChildren(...(view.due ?? [])
    .filter((/** @type {string} */ line) => !theirs.has(line))
    .map((/** @type {string} */ line) => element("li", {}, [line])));
  drawLog(root, view.log ?? [], view.log_count ?? view.log?.length ?? 0);
  const undo = /** @type {HTMLButtonElement | null} */ (root.querySelector('[data-action="undo"]'));
  const redo = /** @type {HTMLButtonElement | null} */ (root.querySelector('[data-action="redo"]'));
  if (undo) undo.disabled = !view.can_undo;
  if (redo) redo.disabled = !view.can_redo;
}
