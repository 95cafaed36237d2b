// @ts-check
// The Session page's actions done: an action (or undo, redo) applied to the newest state of
// the open session, read again just before, and saved; a phone's request applied the same way,
// with the GM's dice when they roll their own; another tab's change followed; what follows a
// change (the picker, the fields, the preview).

import { askSession, engineLive } from "../engine/engine.js";
import { buildFields, fightOf, focusRefused, readAction, showDice, showPreview } from "./session-form.js";
import { draw, fillActions, offered, openSession, saidProblem, shownParts, status } from "./session-draw.js";
import { openAndShow, renderList } from "./session-open.js";
import { partyShown } from "./session-view.js";
import { seatsToTell, tableChanged, tellSeats } from "../table/table-gm.js";
import { drawTable } from "../table/table-panel.js";
import { get, sessionHeads, update } from "../kept/store.js";

/** @typedef {import("../kept/documents.js").Session} Session */
/** @typedef {import("../../engine-messages.js").SessionResponse} SessionResponse */
/** @typedef {import("./sessions.js").PageState} PageState */

/** @param {PageState} state */
export async function applyAction(state) {
  const session = openSession(state);
  const forPhone = state.forPhone ?? null;
  const action = forPhone ? forPhone.action : readAction(state);
  const message = /** @type {HTMLElement} */ (state.root.querySelector("[data-session-message]"));
  if (!session || !action) return;
  const own = /** @type {HTMLInputElement} */ (state.root.querySelector("[data-own-dice]")).checked;
  const faces = [...state.root.querySelectorAll("[data-session-dice] [data-face]")];
  if (own && faces.length) {
    const roll = faces.map((face) => Number(/** @type {HTMLInputElement} */ (face).value.trim()));
    const sides = Number(/** @type {HTMLElement} */ (faces[0]).dataset.sides);
    if (roll.some((face) => !Number.isInteger(face) || face < 1 || face > sides)) {
      message.hidden = false;
      message.textContent = `Dice: enter each face as a whole number from 1 to ${sides}.`;
      return;
    }
    state.dice.push(roll);
  }
  const answer = await act(state, { op: "apply", action, dice: own ? state.dice : null });
  if (answer?.need) return showDice(state, answer.need); // the next roll the rules want
  state.dice = [];
  showDice(state, null);
  if (!forPhone && answer && !answer.ok) focusRefused(state, answer.field); // the field to change, as refused
  if (forPhone) {
    state.forPhone = null;
    forPhone.done(answer);
  }
}

/**
 * A phone's request, applied like the page's own action: with "I roll my own dice" ticked the
 * GM is asked here for every roll the phone did not give (its player's own faces first), each
 * named by the engine; otherwise this device rolls them. Resolves with the rules' refusal, or
 * null once done and saved.
 * @param {PageState} state @param {Record<string, unknown>} action @param {number[][] | null} dice
 * @returns {Promise<SessionResponse | null>}
 */
export async function applyForPhone(state, action, dice) {
  const own = /** @type {HTMLInputElement | null} */ (state.root.querySelector("[data-own-dice]"))?.checked;
  if (!own) return act(state, { op: "apply", action, dice, then_roll: Boolean(dice) });
  if (state.forPhone || state.dice.length) {
    return { ok: false, message: "The GM is entering the dice of another action: ask again in a moment." };
  }
  const answer = await act(state, { op: "apply", action, dice: dice ?? [] });
  const need = answer?.need;
  if (!need) return answer;
  return new Promise((done) => {
    state.forPhone = { action, done };
    state.dice = [...(dice ?? [])];
    showDice(state, need);
    /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-dice]"))?.scrollIntoView({ block: "center" });
  });
}

/**
 * Does `request` (apply, undo, redo) to the session as kept now, and keeps the result: if
 * another tab moved the session on since this one last showed it, the action is appended
 * to that newer log. Shows the outcome; returns the engine's refusal, if any.
 * With `quiet`, a refusal is only returned (the map says it beside itself).
 * @param {PageState} state @param {Record<string, unknown>} request @param {{quiet?: boolean}} [options]
 * @returns {Promise<SessionResponse | null>}
 */
export async function act(state, request, options = {}) {
  try {
    return await actOnce(state, request, options);
  } finally {
    // Another tab's change heard while this action was under way was left to here: shown now,
    // unless what this tab kept is the newest (follow then reads one record and stops), or
    // another action of this tab is still under way (which follows when it ends).
    follow(state);
  }
}

/** act() without the following. @param {PageState} state @param {Record<string, unknown>} request
 * @param {{quiet?: boolean}} options @returns {Promise<SessionResponse | null>} */
async function actOnce(state, request, options) {
  const shown = state.session;
  const message = /** @type {HTMLElement} */ (state.root.querySelector("[data-session-message]"));
  if (!shown) return null;
  if (!engineLive()) status(state, "Waiting for the rules engine to start: your action follows as soon as it is up…");
  /** @type {SessionResponse | null} */
  let answer = null;
  let moved = false;
  const party = partyOf(state);
  // Marked from the tap until the new state is kept: what is drawn runs ahead of what is
  // stored, and a script (a test) that must see the stored state waits for the mark to go.
  state.root.dataset.sessionSaving = String(Number(state.root.dataset.sessionSaving ?? 0) + 1);
  state.follows++; // a follow under way draws nothing now: this action draws, then follows
  const written = await update(state.kept, "sessions", shown.id, async (/** @type {Session | null} */ fresh) => {
    if (!fresh) return null;
    moved = fresh.rev !== shown.rev;
    const seats = seatsToTell(state); // the phones at the table get the change with this answer
    answer = await askSession({ ...request, ...shownParts(state), ...(seats.length ? { seats } : {}) }, fresh);
    if (!answer || !answer.ok || !answer.stamp) {
      tellSeats(state, seats, null, { id: fresh.id, stamp: "" }); // their numbers go back
      return null;
    }
    // Drawn as soon as the engine answers (the tap's answer within a frame); the new state,
    // which the engine holds, is fetched and written after. A write that meets another tab's
    // comes back here and is drawn again.
    message.hidden = true;
    state.views = { view: answer.view, gm_view: answer.gm_view };
    draw(state);
    afterChange(state, party);
    tellSeats(state, seats, answer, { id: fresh.id, stamp: answer.stamp }); // drawn here first, then the phones
    const made = await askSession({ op: "state" }, { id: fresh.id, stamp: answer.stamp });
    if (!made?.ok || made.state_text === undefined) return null;
    return { ...fresh, state: made.state_text, stamp: answer.stamp, updated: new Date().toISOString() };
  }, shown).finally(() => {
    const left = Number(state.root.dataset.sessionSaving ?? 1) - 1;
    if (left > 0) state.root.dataset.sessionSaving = String(left);
    else delete state.root.dataset.sessionSaving;
  });
  const reply = /** @type {SessionResponse | null} */ (answer);
  if (!written) {
    if (reply?.need || (options.quiet && reply && !moved)) return reply;
    message.hidden = false;
    message.textContent = !reply ? (await get(state.kept, "sessions", shown.id)
      ? "The rules engine could not start, so nothing was done: try again."
      : "This session was deleted in another tab; nothing was done.")
      : moved ? `This session changed in another tab since this one showed it, and there: ${reply.message ?? ""} ` +
        "Nothing was lost; it now shows the newest state."
      : reply.message ?? "";
    if (moved) await follow(state);
    return reply;
  }
  state.session = written.record; // its new revision (the phones were sent it above)
  drawTable(state);
  state.heads = await sessionHeads(state.kept);
  renderList(state);
  status(state, written.problem ?? `${written.record.name}: saved.`);
  saidProblem(state, written.problem);
  return null;
}

/** The open session as kept now (another tab's actions included), shown. Only the latest
 * call draws, and none while this tab's own action is under way (act follows when it ends):
 * an older state's view, answered after a newer one was drawn, would stay on screen.
 * @param {PageState} state */
export async function follow(state) {
  const id = state.session?.id;
  if (!id || state.root.dataset.sessionSaving) return;
  const ticket = ++state.follows;
  const fresh = await get(state.kept, "sessions", id);
  if (ticket !== state.follows) return;
  if (!fresh) return openAndShow(state, null, null);
  if (fresh.rev === state.session?.rev) return;
  const answer = await askSession({ op: "view", ...shownParts(state) }, fresh);
  if (!answer || !answer.ok || state.session?.id !== id || ticket !== state.follows) return;
  const party = partyOf(state);
  if (answer.stamp) fresh.stamp = answer.stamp;
  state.session = fresh;
  state.views = { view: answer.view, gm_view: answer.gm_view };
  draw(state);
  afterChange(state, party);
  tableChanged(state);
}

/** The party's ids, in order, as one text. @param {PageState} state */
function partyOf(state) {
  return partyShown(state).map((member) => member.id).join(" ");
}

/** After the session changed: a party that changed (someone joined or left) is offered anew
 * in the action form; the preview follows the new state.
 * @param {PageState} state @param {string} party the party's ids before */
function afterChange(state, party) {
  // A fight started or ended: the picker offers its actions; in a fight the combatants change.
  const select = /** @type {HTMLSelectElement | null} */ (state.root.querySelector("[data-session-action]"));
  const ids = offered(state).map((action) => action.id).join(" ");
  if (select && [...select.options].map((option) => option.value).join(" ") !== ids) {
    fillActions(state);
    // The form changed above the button just tapped, which the browser keeps in place: the
    // action picker is brought back out from under the sticky head.
    const head = state.root.querySelector(".rc-session-head")?.getBoundingClientRect().bottom ?? 0;
    const under = head + 8 - select.getBoundingClientRect().top;
    if (under > 0) window.scrollBy(0, -under);
  } else if (partyOf(state) !== party || fightOf(state)) buildFields(state); // who may be chosen changed
  // The last preview spoke of the action just done: gone at once, the new one follows. Its room
  // is kept meanwhile (data-stale hides it, session.css), so what lies below (the map, a finger
  // dragging on it) does not jump up and back down a line after every action.
  state.root.querySelector("[data-session-preview]")?.setAttribute("data-stale", "");
  previewSoon(state);
}

/** Next turn: the action form on "next_turn", done at once (asking for the table's dice when
 * they roll their own). @param {PageState} state */
export function nextTurn(state) {
  const select = /** @type {HTMLSelectElement | null} */ (state.root.querySelector("[data-session-action]"));
  if (!select) return;
  if (select.value !== "next_turn") {
    select.value = "next_turn";
    buildFields(state);
  }
  applyAction(state);
}

/** A preview once the reader pauses typing. @param {PageState} state */
export function previewSoon(state) {
  clearTimeout(state.previewTimer);
  state.previewTimer = window.setTimeout(() => showPreview(state), 250);
}
