// @ts-check
// What a phone sends the GM's device (issue 36, 42): each message checked by rulescore on the
// session this device holds (rulescore/seats.py), then applied like any action of the page,
// shown to the GM first (an attack whose target's defence the GM taps, or every request with
// "approve players' requests" on), or refused with the rules' sentence. A request is taken once
// by its id: the same message again (a double tap, a replay) gets the first answer again and
// is never applied twice.

import { timeOfDay } from "../core/dom.js";
import { askSession } from "../engine/engine.js";
import { partyShown } from "../session/session-view.js";
import { PROTOCOL } from "./table-protocol.js";

/** @typedef {import("../session/sessions.js").PageState} PageState */
/** @typedef {import("./table-panel.js").Seat} Seat */
/** @typedef {import("../../engine-messages.js").SessionResponse} SessionResponse */
/** Applies an action like the page's own (with the faces of a player's own attack roll); the
 * rules' refusal, or null once done and saved.
 * @typedef {(action: Record<string, unknown>, dice: number[][] | null) => Promise<SessionResponse | null>} Apply */
/** What the requests need of the page: `apply` an action, `draw` the panel again, `keep` the seats.
 * @typedef {{apply: Apply, draw: () => void, keep: () => void}} Page */

const MAX_MESSAGE_CHARS = 4000; // rulescore/seats.py MAX_REQUEST_CHARS: longer is refused before the engine
const REFUSALS_KEPT = 20; // the GM's panel lists the newest refusals; a flood cannot grow it
const ANSWERS_KEPT = 50; // a seat's newest request ids and their answers, for replays


/** @param {string} who @param {PageState} state */
export function nameOf(who, state) {
  return partyShown(state).find((member) => member.id === who)?.name ?? "someone who left";
}

/** A choice's label, as an action's form gives it (undefined when the form has none).
 * @param {PageState} state @param {string} action @param {string} field @param {string} value */
export function choiceLabel(state, action, field, value) {
  const form = state.actions.find((one) => one.id === action);
  return form?.fields.find((/** @type {Record<string, any>} */ f) => f.name === field)?.choice_labels?.[value];
}

/** A defence's label, as the attack form gives it. @param {PageState} state @param {string} id */
export function defenceLabel(state, id) {
  return choiceLabel(state, "attack", "defence", id) ?? id;
}

/** The open session's newest state, as the engine holds it (its record once written). @param {PageState} state */
export function heldRecord(state) {
  const held = state.table.held;
  return held && held.id === state.session?.id && held.stamp !== state.session?.stamp ? held : state.session;
}

/** Sends a message to a seat's phone; an answer to a request is kept by its id, so that the
 * same request again is answered the same. @param {Seat} seat @param {Record<string, unknown>} message */
export function send(seat, message) {
  const id = typeof message.id === "string" ? message.id : "";
  if (id && seat.answered.has(id)) seat.answered.set(id, message);
  if (seat.channel?.readyState === "open") seat.channel.send(JSON.stringify(message));
}

/** What a request asks for, in words for the GM. @param {PageState} state @param {Record<string, any>} action */
export function described(state, action) {
  if (action?.do === "next_turn") return "to end their turn.";
  if (action?.do === "attack") {
    const fighters = state.views?.gm_view?.fight?.combatants ?? [];
    const target = fighters.find((/** @type {Record<string, any>} */ one) => one.id === action.target);
    const weapon = fighters.find((/** @type {Record<string, any>} */ one) => one.id === action.who)?.weapons
      ?.find((/** @type {Record<string, any>} */ one) => one.index === action.weapon);
    return `to attack ${target?.name ?? "someone"}${weapon ? ` with ${weapon.label ?? weapon.name}` : ""}.`;
  }
  if (action?.do === "map_draw") {
    const at = Array.isArray(action.at) ? ` at (${action.at.join(", ")})` : "";
    return action.shape === "room" && Array.isArray(action.size) ? `to draw a room ${action.size.join(" × ")}${at} on the map.`
      : `to draw ${action.shape === "stairs" ? "stairs" : `a ${String(action.shape ?? "shape")}`}${at} on the map.`;
  }
  if (action?.do === "map_erase") return "to erase something on the map.";
  if (action?.do === "map_move") return "to walk the party on the map.";
  if (action?.do === "maneuver") {
    return `for the maneuver ${choiceLabel(state, "maneuver", "maneuver", action.maneuver) ?? "they chose"}.`;
  }
  return "for an action.";
}

/**
 * Asks the engine about a phone's message on the newest state it holds, the seat's rate limit
 * passed in and kept; null with no open session.
 * @param {PageState} state @param {Seat} seat @param {string} op @param {Record<string, unknown>} request
 */
async function askForSeat(state, seat, op, request) {
  const session = heldRecord(state);
  if (!session) return null;
  const answer = await askSession({ op, seat: seat.id, ...request, bucket: seat.bucket, now: performance.now() / 1000 },
    session);
  seat.bucket = answer?.bucket ?? seat.bucket;
  return answer;
}

/** A phone's message refused: the phone told why, and the GM's panel lists it (the newest
 * REFUSALS_KEPT). @param {PageState} state @param {Page} page @param {Seat} seat @param {string} why @param {string} [id] */
function refuse(state, page, seat, why, id = "") {
  state.table.refused = [...state.table.refused, `${timeOfDay()} ${nameOf(seat.id, state)}: ${why}`].slice(-REFUSALS_KEPT);
  page.draw();
  send(seat, { v: PROTOCOL, type: "refused", id, message: why });
}

/**
 * A request from a seat's phone, checked by rulescore on this device and applied like the
 * page's own actions. An attack whose target chooses a defence waits for the GM to choose it
 * (`chosen`, then).
 * @param {PageState} state @param {Page} page @param {Seat} seat @param {string} text @param {string} id
 * @param {Record<string, string>} [chosen]
 */
export async function carryOut(state, page, seat, text, id, chosen = {}) {
  if (!state.session) return;
  const checked = await askForSeat(state, seat, "table_request", { text, sent: seat.seq });
  if (!checked?.ok || !checked.action) {
    return refuse(state, page, seat, checked?.message ?? "The GM's device could not check it.", id);
  }
  if (checked.defences?.length && !chosen.defence) {
    const what = described(state, checked.action);
    state.table.waiting.push({ seat: seat.id, text, id, what, defences: checked.defences });
    page.draw();
    return send(seat, { v: PROTOCOL, type: "waiting", id, message: `Asked: ${what} The GM chooses the target's defence…` });
  }
  const refusal = await page.apply({ ...checked.action, ...chosen }, checked.dice ?? null);
  if (refusal) return refuse(state, page, seat, refusal.message ?? "Refused.", id);
  send(seat, { v: PROTOCOL, type: "done", id });
}

/** The odds of an attack a phone is about to ask for, in the players' view (rulescore.seats.odds).
 * @param {PageState} state @param {Page} page @param {Seat} seat @param {string} text @param {string} id */
async function answerOdds(state, page, seat, text, id) {
  if (!state.session) return;
  const odds = await askForSeat(state, seat, "table_odds", { text });
  send(seat, odds?.ok ? { v: PROTOCOL, type: "odds", id, attack: odds.attack ?? null, lines: odds.lines ?? [] }
    : { v: PROTOCOL, type: "odds", id, message: odds?.message ?? "The GM's device could not work them out." });
}

/** A player's answer to "how do you defend?", checked and kept with the seat.
 * @param {PageState} state @param {Page} page @param {Seat} seat @param {string} text */
async function keepDefence(state, page, seat, text) {
  if (!state.session) return;
  const kept = await askForSeat(state, seat, "table_defence", { text });
  if (!kept?.ok || !kept.declared) return refuse(state, page, seat, kept?.message ?? "The GM's device could not keep it.");
  seat.defence = kept.declared;
  page.draw();
  page.keep();
  send(seat, { v: PROTOCOL, type: "noted", message: seat.defence.defence ? `The GM's attack form will start on ${
    defenceLabel(state, seat.defence.defence)}${seat.defence.retreat ? ", retreating" : ""}.` : "The GM will ask you." });
}

/**
 * What a phone sends: a request for a snapshot, an action, its odds, or how it defends.
 * Whatever it is, it is checked before anything is done; a bad one is refused and the session
 * is not touched. Each seat's messages are carried out one after another, in the order they
 * came (each sees the rate limit the one before left).
 * @param {PageState} state @param {Page} page @param {Seat} seat @param {unknown} data
 * @param {(seat: Seat) => void} snapshot sends the seat its whole view again
 */
export function heard(state, page, seat, data, snapshot) {
  if (typeof data !== "string" || data.length > MAX_MESSAGE_CHARS) {
    return refuse(state, page, seat, `Request: longer than ${MAX_MESSAGE_CHARS} characters; nothing was done.`);
  }
  /** @type {Record<string, any> | null} */
  let message = null;
  try {
    message = JSON.parse(data);
  } catch { /* refused below, by rulescore */ }
  if (message?.type === "snapshot") return snapshot(seat);
  if (message?.type === "defence") {
    seat.queue = seat.queue.then(() => keepDefence(state, page, seat, data));
    return;
  }
  const id = String(message?.id ?? "").slice(0, 40);
  if (id && seat.answered.has(id)) { // a replay: the first answer again, once it is given
    seat.queue = seat.queue.then(() => {
      const answer = seat.answered.get(id);
      if (answer && seat.channel?.readyState === "open") seat.channel.send(JSON.stringify(answer));
    });
    return;
  }
  if (id) {
    seat.answered.set(id, null);
    for (const old of [...seat.answered.keys()].slice(0, -ANSWERS_KEPT)) seat.answered.delete(old);
  }
  if (message?.type === "odds") {
    seat.queue = seat.queue.then(() => answerOdds(state, page, seat, data, id));
    return;
  }
  const approve = /** @type {HTMLInputElement | null} */ (state.root.querySelector("[data-table-approve]"));
  // The mapper's strokes wait for the GM only when the GM asked for it on the map (its pen).
  const drawing = ["map_draw", "map_erase"].includes(message?.action?.do);
  if (message?.type === "request" && (drawing ? Boolean(state.views?.gm_view?.map?.ask) : approve?.checked)) {
    state.table.waiting.push({ seat: seat.id, text: data, id, what: described(state, message.action) });
    page.draw();
    return send(seat, { v: PROTOCOL, type: "waiting", id, message: "Asked: the GM looks at your request first…" });
  }
  seat.queue = seat.queue.then(() => carryOut(state, page, seat, data, id));
}
