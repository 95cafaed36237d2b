// @ts-check
// The Session page's "At the table" panel (issue 36): the GM invites a player's phone to a
// seat (a member of the party) with a code and its QR, takes the phone's reply, and from then
// on each change of the session goes to every connected seat, built by rulescore on this
// device from the players' view (rulescore/seats.py: a foe's numbers never leave it). A
// phone's request is checked by rulescore against the session held here, then applied like
// any action of the page (or, with "approve players' requests" on, shown to the GM first).
// The connection lives beside the session, never a copy of it: with nobody connected the
// page works exactly as before.

import { button, element } from "../core/dom.js";
import { askSession } from "../engine/engine.js";
import { partyShown } from "../session/session-view.js";
import { accept, invite, qrCode } from "./table-link.js";
import { scanControls } from "./table-scan.js";
import { PROTOCOL } from "./table-protocol.js";
import { clearTrouble, connectLimit, showTrouble } from "./table-trouble.js";

/** @typedef {import("../session/sessions.js").PageState} PageState */
/** @typedef {import("../../engine-messages.js").SessionResponse} SessionResponse */
/** Applies an action like the page's own (with the faces of a player's own attack roll); the
 * rules' refusal, or null once done and saved.
 * @typedef {(action: Record<string, unknown>, dice: number[][] | null) => Promise<SessionResponse | null>} Apply */

const MAX_MESSAGE_CHARS = 4000; // rulescore/seats.py MAX_REQUEST_CHARS: longer is refused before the engine
const REFUSALS_KEPT = 20; // the GM's panel lists the newest refusals; a flood cannot grow it
const siteRoot = new URL("../../../", import.meta.url).href;

/**
 * @typedef {object} Seat one phone's connection
 * @property {string} id the member it plays
 * @property {RTCPeerConnection} pc
 * @property {RTCDataChannel} channel
 * @property {boolean} connected
 * @property {string | null} since when it stopped being connected ("21:14")
 * @property {number} seq the last message's number
 * @property {Record<string, number> | null} bucket its rate limit (rulescore/seats.py admit)
 * @property {Promise<void>} queue its requests, carried out one after another in the order they came
 * @property {{defence: string, retreat: boolean} | null} defence how its player defends when attacked (the
 *   attack form starts on it)
 * @typedef {object} Table
 * @property {Map<string, Seat>} seats
 * @property {{seat: string, pc: RTCPeerConnection, channel: RTCDataChannel} | null} inviting
 * @property {{seat: string, text: string, id: string, what: string, defences?: {id: string, label: string}[]}[]} waiting
 *   requests the GM has not approved yet (an attack whose target's defence the GM chooses: with its defences)
 * @property {string[]} refused what was refused, newest last (the last REFUSALS_KEPT, for the GM)
 * @property {{id: string, stamp: string} | null} held the session's newest state as the engine holds it:
 *   the phones are sent it, and their requests checked on it, before the page has written it
 */

/** @returns {Table} */
export function newTable() {
  return { seats: new Map(), inviting: null, waiting: [], refused: [], held: null };
}

/** The panel's frame, built with the open session. */
export function tableSection() {
  return element("section", { class: "rc-table", "data-table": "", "aria-labelledby": "table-title" }, [
    element("h3", { id: "table-title" }, ["At the table: players' phones"]),
    element("p", { class: "rc-hint" }, ["Each player opens the site's Join a table page on their phone, on the same " +
      "Wi-Fi as this device (or its hotspot), and scans the invitation; then this device takes their reply."]),
    element("p", { class: "rc-field" }, [element("label", { for: "table-seat" }, ["Seat"]),
      element("select", { id: "table-seat", "data-table-seat": "" }), " ", button("invite-player", "Invite a player")]),
    element("div", { class: "rc-table-invite", "data-table-invite": "", hidden: "" }),
    element("p", {}, [element("label", {}, [element("input", { type: "checkbox", "data-table-approve": "" }),
      " Approve players' requests before they are done"])]),
    element("ul", { class: "rc-table-seats", "data-table-seats": "", "aria-live": "polite" }),
    element("ul", { class: "rc-table-requests", "data-table-requests": "" }),
    element("details", { class: "rc-table-refused", "data-table-refused": "", hidden: "" }, [
      element("summary", {}, ["Refused from the phones"]), element("ol", {})]),
  ]);
}

/** @param {string} who @param {PageState} state */
function nameOf(who, state) {
  return partyShown(state).find((member) => member.id === who)?.name ?? "someone who left";
}

/** A choice's label, as an action's form gives it (undefined when the form has none).
 * @param {PageState} state @param {string} action @param {string} field @param {string} value */
function choiceLabel(state, action, field, value) {
  const form = state.actions.find((one) => one.id === action);
  return form?.fields.find((/** @type {Record<string, any>} */ f) => f.name === field)?.choice_labels?.[value];
}

/** A defence's label, as the attack form gives it. @param {PageState} state @param {string} id */
function defenceLabel(state, id) {
  return choiceLabel(state, "attack", "defence", id) ?? id;
}

/**
 * The attack form starts on the defence the target's player declared on their phone (the GM
 * sees it, and may change it). @param {PageState} state @param {HTMLElement} holder
 */
export function startOnDeclaredDefence(state, holder) {
  const target = /** @type {HTMLSelectElement | null} */ (holder.querySelector('[data-field="target"]'))?.value;
  const declared = target ? state.table.seats.get(target)?.defence : null;
  const defence = /** @type {HTMLSelectElement | null} */ (holder.querySelector('select[data-field="defence"]'));
  if (!declared?.defence || !defence || ![...defence.options].some((option) => option.value === declared.defence)) return;
  defence.value = declared.defence;
  const retreat = /** @type {HTMLInputElement | null} */ (holder.querySelector('input[data-field="retreat"]'));
  if (retreat) retreat.checked = declared.retreat;
}

/** The open session's newest state, as the engine holds it (its record once written). @param {PageState} state */
function heldRecord(state) {
  const held = state.table.held;
  return held && held.id === state.session?.id && held.stamp !== state.session?.stamp ? held : state.session;
}

const clock = () => new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/** Draws the seats, the seat picker and the requests waiting. @param {PageState} state */
export function drawTable(state) {
  const root = state.root;
  const picker = /** @type {HTMLSelectElement | null} */ (root.querySelector("[data-table-seat]"));
  if (!picker) return;
  const chosen = picker.value;
  picker.replaceChildren(...partyShown(state).map((member) => element("option", { value: member.id }, [member.name])));
  if ([...picker.options].some((option) => option.value === chosen)) picker.value = chosen;
  root.querySelector("[data-table-seats]")?.replaceChildren(...[...state.table.seats.values()].map((seat) =>
    element("li", { "data-seat": seat.id, "data-connected": String(seat.connected) }, [
      `${nameOf(seat.id, state)}: `, seat.connected ? "connected" : `not connected${seat.since ? ` since ${seat.since}` : ""}`,
      seat.defence?.defence ? `; defends with ${defenceLabel(state, seat.defence.defence)}${seat.defence.retreat
        ? ", retreating" : ""}` : "",
      " ", button("end-seat", `End ${nameOf(seat.id, state)}'s seat`, { "data-id": seat.id })])));
  const refused = /** @type {HTMLElement | null} */ (root.querySelector("[data-table-refused]"));
  if (refused) {
    refused.hidden = !state.table.refused.length;
    /** @type {HTMLElement} */ (refused.querySelector("summary")).textContent =
      `Refused from the phones (the last ${state.table.refused.length})`;
    refused.querySelector("ol")?.replaceChildren(...state.table.refused.map((line) => element("li", {}, [line])));
  }
  root.querySelector("[data-table-requests]")?.replaceChildren(...state.table.waiting.map((waiting, index) =>
    element("li", { "data-table-request": String(index) }, [`${nameOf(waiting.seat, state)} asks: ${waiting.what} `,
      ...(waiting.defences ? ["The target's defence: ", ...waiting.defences.flatMap((defence) => [button("approve-request",
        defence.label, { "data-id": String(index), "data-defence": defence.id }), " "])]
        : [button("approve-request", "Approve", { "data-id": String(index) }), " "]),
      button("refuse-request", "Refuse", { "data-id": String(index) })])));
}

/** @param {Seat} seat @param {Record<string, unknown>} message */
function send(seat, message) {
  if (seat.channel.readyState === "open") seat.channel.send(JSON.stringify(message));
}

/**
 * Sends each of `seats` what its phone shows now, built by rulescore in one request (the
 * players' view once for them all). Each message's number is taken at once, before the engine
 * answers, so two sent close together never bear the same one.
 * @param {PageState} state @param {Seat[]} seats @param {"snapshot" | "change"} kind
 * @param {{id: string, stamp?: string, state?: string | Record<string, any>} | null} [record] the session as the engine holds it
 */
async function sendViews(state, seats, kind, record = heldRecord(state)) {
  if (!record || !seats.length) return;
  const wanted = seats.map((seat) => ({ seat: seat.id, seq: ++seat.seq, kind }));
  const answer = await askSession({ op: "seats", seats: wanted }, record);
  if (answer?.ok) deliver(state, answer.seat_messages);
}

/** Each seat message to its phone. @param {PageState} state @param {Record<string, any>[] | undefined} messages */
function deliver(state, messages) {
  for (const message of messages ?? []) {
    const seat = state.table.seats.get(message.seat);
    if (seat) send(seat, message);
  }
}

/** The next change's number for each connected phone: an action's request carries them
 * (`seats`), and the engine builds their messages with its answer. @param {PageState} state */
export function seatsToTell(state) {
  return [...state.table.seats.values()].filter((seat) => seat.connected)
    .map((seat) => ({ seat: seat.id, seq: ++seat.seq, kind: "change" }));
}

/**
 * Each phone sent its message from the engine's answer to an action, before the page draws it
 * (`record`: the new state as the engine holds it); with no answer, the numbers taken go back.
 * @param {PageState} state @param {{seat: string, seq: number}[]} wanted
 * @param {SessionResponse | null} answer @param {{id: string, stamp: string}} record
 */
export function tellSeats(state, wanted, answer, record) {
  if (!answer?.ok) {
    for (const one of wanted) {
      const seat = state.table.seats.get(one.seat);
      if (seat?.seq === one.seq) seat.seq -= 1;
    }
    return;
  }
  state.table.held = record;
  deliver(state, answer.seat_messages);
}

/** After every change of the open session: each connected phone gets its seat's new view, as
 * soon as the engine holds it (`record`: its id and new stamp; by default the open record).
 * @param {PageState} state @param {{id: string, stamp?: string} | null} [record] */
export function tableChanged(state, record = state.session) {
  state.table.held = record ? { id: record.id, stamp: record.stamp ?? "" } : null;
  sendViews(state, [...state.table.seats.values()].filter((seat) => seat.connected), "change", record);
  drawTable(state);
}

/** What a request asks for, in words for the GM. @param {PageState} state @param {Record<string, any>} action */
function described(state, action) {
  if (action?.do === "next_turn") return "to end their turn";
  if (action?.do === "attack") {
    const fighters = state.views?.gm_view?.fight?.combatants ?? [];
    const target = fighters.find((/** @type {Record<string, any>} */ one) => one.id === action.target);
    const weapon = fighters.find((/** @type {Record<string, any>} */ one) => one.id === action.who)?.weapons
      ?.find((/** @type {Record<string, any>} */ one) => one.index === action.weapon);
    return `to attack ${target?.name ?? "someone"}${weapon ? ` with ${weapon.name}` : ""}.`;
  }
  if (action?.do === "maneuver") return `the maneuver ${choiceLabel(state, "maneuver", "maneuver", action.maneuver) ?? "they chose"}`;
  return "an action";
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

/**
 * A request from a seat's phone, checked by rulescore on this device and applied like the
 * page's own actions (`apply` returns the rules' refusal, or null once done and saved). An
 * attack whose target chooses a defence waits for the GM to choose it (`chosen`, then).
 * @param {PageState} state @param {Seat} seat @param {string} text @param {string} id
 * @param {Apply} apply @param {Record<string, string>} [chosen]
 */
async function carryOut(state, seat, text, id, apply, chosen = {}) {
  if (!state.session) return;
  const checked = await askForSeat(state, seat, "table_request", { text, sent: seat.seq });
  if (!checked?.ok || !checked.action) return refuse(state, seat, checked?.message ?? "The GM's device could not check it.", id);
  if (checked.defences?.length && !chosen.defence) {
    const what = described(state, checked.action);
    state.table.waiting.push({ seat: seat.id, text, id, what, defences: checked.defences });
    drawTable(state);
    return send(seat, { v: PROTOCOL, type: "waiting", id, message: `Asked: ${what} The GM chooses the target's defence…` });
  }
  const refusal = await apply({ ...checked.action, ...chosen }, checked.dice ?? null);
  if (refusal) return refuse(state, seat, refusal.message ?? "Refused.", id);
  send(seat, { v: PROTOCOL, type: "done", id });
}

/** The odds of an attack a phone is about to ask for, in the players' view (rulescore.seats.odds).
 * @param {PageState} state @param {Seat} seat @param {string} text @param {string} id */
async function answerOdds(state, seat, text, id) {
  if (!state.session) return;
  const odds = await askForSeat(state, seat, "table_odds", { text });
  send(seat, odds?.ok ? { v: PROTOCOL, type: "odds", id, attack: odds.attack ?? null, lines: odds.lines ?? [] }
    : { v: PROTOCOL, type: "odds", id, message: odds?.message ?? "The GM's device could not work them out." });
}

/** A player's answer to "how do you defend?", checked and kept with the seat.
 * @param {PageState} state @param {Seat} seat @param {string} text */
async function keepDefence(state, seat, text) {
  if (!state.session) return;
  const kept = await askForSeat(state, seat, "table_defence", { text });
  if (!kept?.ok || !kept.declared) return refuse(state, seat, kept?.message ?? "The GM's device could not keep it.");
  seat.defence = kept.declared;
  drawTable(state);
  send(seat, { v: PROTOCOL, type: "noted", message: seat.defence.defence ? `The GM's attack form will start on ${
    defenceLabel(state, seat.defence.defence)}${seat.defence.retreat ? ", retreating" : ""}.` : "The GM will ask you." });
}

/** A phone's message refused: the phone told why, and the GM's panel lists it (the newest
 * REFUSALS_KEPT). @param {PageState} state @param {Seat} seat @param {string} why @param {string} [id] */
function refuse(state, seat, why, id = "") {
  state.table.refused = [...state.table.refused, `${clock()} ${nameOf(seat.id, state)}: ${why}`].slice(-REFUSALS_KEPT);
  drawTable(state);
  send(seat, { v: PROTOCOL, type: "refused", id, message: why });
}

/**
 * What a phone sends: a request for a snapshot, or for an action. Whatever it is, it is
 * checked before anything is done; a bad one is refused and the session is not touched.
 * @param {PageState} state @param {Seat} seat @param {unknown} data
 * @param {Apply} apply
 */
function heard(state, seat, data, apply) {
  if (typeof data !== "string" || data.length > MAX_MESSAGE_CHARS) {
    return refuse(state, seat, `Request: longer than ${MAX_MESSAGE_CHARS} characters; nothing was done.`);
  }
  /** @type {Record<string, any> | null} */
  let message = null;
  try {
    message = JSON.parse(data);
  } catch { /* refused below */ }
  if (message?.type === "snapshot") return sendViews(state, [seat], "snapshot");
  const id = String(message?.id ?? "").slice(0, 40);
  if (message?.type === "defence") { // how the player defends when attacked, checked by rulescore
    seat.queue = seat.queue.then(() => keepDefence(state, seat, data));
    return;
  }
  if (message?.type === "odds") { // an attack's odds, asked before the player taps Attack
    seat.queue = seat.queue.then(() => answerOdds(state, seat, data, id));
    return;
  }
  const approve = /** @type {HTMLInputElement | null} */ (state.root.querySelector("[data-table-approve]"));
  if (message?.type === "request" && approve?.checked) {
    state.table.waiting.push({ seat: seat.id, text: data, id, what: described(state, message.action) });
    return drawTable(state);
  }
  // One after another, in the order they came (each sees the rate limit the one before left);
  // rulescore checks the shape, the version and the seat.
  seat.queue = seat.queue.then(() => carryOut(state, seat, data, id, apply));
}

/** A connection becomes a seat: connected while its channel is open. @param {PageState} state
 * @param {string} who @param {RTCPeerConnection} pc @param {RTCDataChannel} channel
 * @param {Apply} apply */
function seated(state, who, pc, channel, apply) {
  state.table.seats.get(who)?.pc.close(); // a rejoin: the seat is kept, the old connection let go
  /** @type {Seat} */
  const seat = { id: who, pc, channel, connected: false, since: null, seq: 0, bucket: null, queue: Promise.resolve(),
    defence: state.table.seats.get(who)?.defence ?? null }; // a rejoin keeps the seat's answer
  state.table.seats.set(who, seat);
  const lost = () => {
    if (state.table.seats.get(who) !== seat || !seat.connected) return;
    seat.connected = false;
    seat.since = clock();
    drawTable(state);
  };
  const opened = () => {
    seat.connected = true;
    seat.since = null;
    clearTrouble(state.root);
    sendViews(state, [seat], "snapshot");
    drawTable(state);
  };
  if (channel.readyState === "open") opened(); // it may open before the reply's promise settles here
  else channel.onopen = opened;
  channel.onclose = lost;
  // Not connected after a while (or failed): say what was tried, and what to do.
  const stuck = () => {
    const seats = state.root.querySelector("[data-table-seats]");
    if (!seat.connected && !seat.since && state.table.seats.get(who) === seat && seats) showTrouble(seats, pc, "gm");
  };
  setTimeout(stuck, connectLimit());
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === "failed") stuck();
    if (["disconnected", "failed", "closed"].includes(pc.connectionState)) lost();
  };
  channel.onmessage = (event) => heard(state, seat, event.data, apply);
  drawTable(state);
}

/**
 * The panel's buttons; true when `action` was one of them.
 * @param {PageState} state @param {string | undefined} action @param {HTMLElement | null} target
 * @param {Apply} apply
 */
export function tableAction(state, action, target, apply) {
  const area = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-table-invite]"));
  if (!area) return false;
  if (action === "invite-player") {
    const who = /** @type {HTMLSelectElement} */ (state.root.querySelector("[data-table-seat]")).value;
    if (!who) return true;
    state.table.inviting?.pc.close();
    area.hidden = false;
    area.replaceChildren(element("p", { role: "status" }, ["Making the invitation…"]));
    invite().then(async ({ pc, channel, code }) => {
      state.table.inviting = { seat: who, pc, channel };
      const name = nameOf(who, state);
      area.replaceChildren(
        element("p", {}, [`${name}'s phone: on the Join a table page, scan this code (or paste the text under it).`]),
        await qrCode(code, `QR code of the invitation for ${name}`, siteRoot).catch(() => element("p", {}, [
          "The QR code could not be drawn: send the text below instead."])),
        element("p", {}, [element("code", { class: "rc-table-code", "data-table-code": "" }, [code])]),
        scanControls({ what: "reply", action: "scan-answer", photo: "data-table-answer-photo", onCode: (answer) => {
          /** @type {HTMLTextAreaElement} */ (area.querySelector("[data-table-answer]")).value = answer;
          tableAction(state, "accept-player", null, apply); // as the Connect button does
        } }),
        element("p", { class: "rc-field" }, [element("label", { for: "table-answer" }, [`${name}'s reply code`]),
          element("textarea", { id: "table-answer", rows: "3", "data-table-answer": "", spellcheck: "false" })]),
        element("p", {}, [button("accept-player", "Connect")]),
        element("p", { class: "rc-error", "data-table-error": "", role: "alert", hidden: "" }));
    }, (/** @type {Error} */ error) => {
      area.replaceChildren(element("p", { role: "alert" }, [`No invitation could be made: ${error.message}`]));
    });
    return true;
  }
  if (action === "accept-player") {
    const inviting = state.table.inviting;
    const error = /** @type {HTMLElement | null} */ (area.querySelector("[data-table-error]"));
    const text = /** @type {HTMLTextAreaElement | null} */ (area.querySelector("[data-table-answer]"))?.value ?? "";
    if (!inviting || !error) return true;
    accept(inviting.pc, text).then(() => {
      seated(state, inviting.seat, inviting.pc, inviting.channel, apply);
      state.table.inviting = null;
      area.hidden = true;
      area.replaceChildren();
    }, (/** @type {Error} */ problem) => {
      error.hidden = false;
      error.textContent = `Reply code: ${problem.message}`;
    });
    return true;
  }
  if (action === "end-seat" && target) {
    const seat = state.table.seats.get(target.dataset.id ?? "");
    seat?.pc.close();
    if (seat) state.table.seats.delete(seat.id);
    drawTable(state);
    return true;
  }
  if ((action === "approve-request" || action === "refuse-request") && target) {
    const [waiting] = state.table.waiting.splice(Number(target.dataset.id), 1);
    const seat = waiting ? state.table.seats.get(waiting.seat) : undefined;
    drawTable(state);
    if (!waiting || !seat) return true;
    const defence = target.dataset.defence;
    if (action === "approve-request") {
      seat.queue = seat.queue.then(() => carryOut(state, seat, waiting.text, waiting.id, apply, defence ? { defence } : {}));
    }
    else send(seat, { v: PROTOCOL, type: "refused", id: waiting.id, message: "The GM said no to this request." });
    return true;
  }
  return false;
}
