// @ts-check
// The Session page's open session drawn: its status line, what the engine is asked to send
// with its views, the view shown (the GM's, or the players' asked after it), the log redrawn,
// and the action picker filled with what can be done now.

import { storageAlert } from "../kept/backup.js";
import { element } from "../core/dom.js";
import { askSession, playersView } from "../engine/engine.js";
import { renderFight } from "./fight-panel.js";
import { buildFields } from "./session-form.js";
import { renderView } from "./session-view.js";
import { drawShelf } from "./session-shelf.js";
import { drawSessionMap } from "./session-map.js";

/** @typedef {import("./sessions.js").PageState} PageState */

/** @param {PageState} state */
export function openSession(state) {
  return state.session;
}

/** @param {PageState} state @param {string} text */
export function status(state, text) {
  const line = state.root.querySelector("[data-session-status]");
  if (line) line.textContent = text;
}

/** What could not be saved, said above the session with the backup at hand.
 * @param {PageState} state @param {string | null} problem */
export function saidProblem(state, problem) {
  storageAlert(state.kept, state.root, problem ?? state.kept.problem);
}

// Actions that only make sense in a fight; outside one the form offers "Start a fight" instead.
/** The actions the form offers now: those rulescore says can be taken (the view's actions_now: no
 * time passing in a fight, no fight actions outside one...); none before the engine's first view
 * (the page and the engine always come from the same version of the site). @param {PageState} state */
export function offered(state) {
  const now = state.views?.gm_view?.actions_now ?? [];
  return state.actions.filter((action) => now.includes(action.id));
}

/** Fills the action picker (keeping the chosen action when it is still offered) and its fields.
 * @param {PageState} state */
export function fillActions(state) {
  const select = /** @type {HTMLSelectElement | null} */ (state.root.querySelector("[data-session-action]"));
  if (!select) return;
  const chosen = select.value;
  const actions = offered(state);
  select.replaceChildren(...actions.map((action) => element("option", { value: action.id }, [action.label])));
  if (actions.some((action) => action.id === chosen)) select.value = chosen;
  else if (actions.some((action) => action.id === "next_turn")) select.value = "next_turn"; // an attack done: on to the next
  buildFields(state);
}

/** What the engine is asked to send with the views: the whole log only when the reader asked
 * for it, else its newest entries; the players' view later while the GM's is shown
 * (engine.js playersView). @param {PageState} state */
export function shownParts(state) {
  return { whole_log: /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-log-more]"))
    ?.dataset.open !== undefined, players_view: state.gm ? "later" : true };
}

/** The open session's views again, with the whole log or its newest entries, drawn.
 * @param {PageState} state */
export async function redrawLog(state) {
  const session = openSession(state);
  const answer = session ? await askSession({ op: "view", ...shownParts(state) }, session) : null;
  if (!answer?.ok || state.session !== session) return;
  state.views = { view: answer.view, gm_view: answer.gm_view };
  draw(state);
}

/** Draws the view shown: the session, and its fight. @param {PageState} state */
export function draw(state) {
  if (state.views && !state.gm && !state.views.view) return void drawPlayersView(state, state.views);
  // The players' view is what a player may see and do: the GM's controls go (calculators.css).
  state.root.querySelector("[data-session-active]")?.toggleAttribute("data-players-view", !state.gm);
  renderView(state);
  const view = state.views ? (state.gm ? state.views.gm_view : state.views.view) : null;
  if (view) {
    renderFight(state, view);
    drawSessionMap(state, view);
  }
  drawShelf(state); // Fight, or Join the fight while one is on
}

/** The players' view, which came after the GM's (asked with it, in the background), or asked now.
 * @param {PageState} state @param {Record<string, any>} views */
async function drawPlayersView(state, views) {
  const view = await playersView(views.gm_view);
  if (state.views !== views) return; // a newer answer, drawn
  if (!view) return redrawLog(state);
  views.view = view;
  draw(state);
}
