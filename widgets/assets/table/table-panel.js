// @ts-check
// The Session page's "At the table" panel as drawn (issue 42): its frame, the seats (kept with
// the session: a reload lists them, each one "Invite again" away), the requests waiting (in the
// page's sticky head too, and as a count in the hidden tab's title), and the table's state.
// table-gm.js makes and keeps the connections; this part only draws what the table holds.

import { button, element } from "../core/dom.js";
import { changeMeta, getMeta } from "../kept/store.js";
import { partyShown } from "../session/session-view.js";
import { defenceLabel, nameOf } from "./table-requests.js";
import { scanControls } from "./table-scan.js";
import { keepAwake, newWake, wakeSwitch } from "./table-wake.js";

/** @typedef {import("../session/sessions.js").PageState} PageState */
/** @typedef {import("./table-link.js").Reach} Reach */

const SEATS_KEY = "table-seats"; // kept: {session id: [{id, defence}]}, the newest sessions'
const SESSIONS_WITH_SEATS = 10;

/**
 * @typedef {object} Seat one phone's seat, connected or not
 * @property {string} id the member it plays
 * @property {RTCPeerConnection | null} pc null for a seat kept from before a reload
 * @property {RTCDataChannel | null} channel
 * @property {boolean} connected
 * @property {string | null} since when it stopped being connected ("21:14")
 * @property {number} seq the last message's number
 * @property {Record<string, number> | null} bucket its rate limit (rulescore/seats.py admit)
 * @property {Promise<void>} queue its requests, carried out one after another in the order they came
 * @property {{defence: string, retreat: boolean} | null} defence how its player defends when attacked
 * @property {Map<string, Record<string, unknown> | null>} answered its newest requests' answers by id (null: on its way)
 * @typedef {object} Invitation one invitation waiting for its phone's reply
 * @property {string} seat
 * @property {RTCPeerConnection} pc
 * @property {RTCDataChannel} channel
 * @property {string} code
 * @property {string} tag what a reply to it names
 * @property {Reach} reach
 * @typedef {object} Table
 * @property {Map<string, Seat>} seats
 * @property {Map<string, Invitation>} invitations by seat: one each, valid until its reply is taken or the seat invited again
 * @property {{seat: string, text: string, id: string, what: string, defences?: {id: string, label: string}[]}[]} waiting
 *   requests the GM has not approved yet (an attack whose target's defence the GM chooses: with its defences)
 * @property {string[]} refused what was refused, newest last (the last few, for the GM)
 * @property {{id: string, stamp: string} | null} held the session's newest state as the engine holds it:
 *   the phones are sent it, and their requests checked on it, before the page has written it
 * @property {import("./table-wake.js").Wake} wake
 * @property {string} title the page's own title (a count of waiting requests goes before it while hidden)
 */

/** @returns {Table} */
export function newTable() {
  return { seats: new Map(), invitations: new Map(), waiting: [], refused: [], held: null, wake: newWake(),
    title: document.title.replace(/^\(\d+\) /, "") };
}

/** Closes every connection of a table (another session opened, the page left). @param {Table} table */
export function endTable(table) {
  for (const seat of table.seats.values()) seat.pc?.close();
  for (const invitation of table.invitations.values()) invitation.pc.close();
  table.wake.wanted = false;
  keepAwake(table.wake);
}

/** The panel's frame, built with the open session. */
export function tableSection() {
  return element("section", { class: "rc-table", "data-table": "", "aria-labelledby": "table-title" }, [
    element("h3", { id: "table-title" }, ["At the table: players' phones"]),
    element("p", { class: "rc-hint" }, ["Each player opens the site's Join a table page on their phone, on the same " +
      "Wi-Fi as this device (or its hotspot), and scans the invitation; then this device takes their reply."]),
    element("p", { class: "rc-field" }, [element("label", { for: "table-seat" }, ["Seat"]),
      element("select", { id: "table-seat", "data-table-seat": "" }), " ", button("invite-player", "Invite a player")]),
    element("div", { class: "rc-table-invite", "data-table-invite": "", hidden: "" }, [
      element("div", { "data-table-invitations": "" }),
      scanControls({ what: "reply", action: "scan-answer", photo: "data-table-answer-photo", onCode: (answer) => {
        const field = /** @type {HTMLTextAreaElement | null} */ (document.querySelector("[data-table-answer]"));
        if (field) field.value = answer;
        field?.closest("[data-table-invite]")?.querySelector('[data-action="accept-player"]')
          ?.dispatchEvent(new MouseEvent("click", { bubbles: true })); // as the Connect button does
      } }),
      element("p", { class: "rc-field" }, [element("label", { for: "table-answer" }, ["A phone's reply code"]),
        element("textarea", { id: "table-answer", rows: "3", "data-table-answer": "", spellcheck: "false",
          "aria-describedby": "table-answer-status" })]),
      element("p", {}, [button("accept-player", "Connect")]),
      element("p", { class: "rc-table-answer-status", id: "table-answer-status", "data-table-answer-status": "",
        role: "status" })]),
    wakeSwitch("Keep this screen on while phones are connected"),
    element("p", {}, [element("label", {}, [element("input", { type: "checkbox", "data-table-approve": "" }),
      " Approve players' requests before they are done"])]),
    element("ul", { class: "rc-table-seats", "data-table-seats": "", "aria-live": "polite" }),
    element("ul", { class: "rc-table-requests", "data-table-requests": "" }),
    element("details", { class: "rc-table-refused", "data-table-refused": "", hidden: "" }, [
      element("summary", {}, ["Refused from the phones"]), element("ol", {})]),
  ]);
}

/** The sticky head's line for requests waiting for the GM (shown only while one waits). */
export function waitingLine() {
  return button("show-waiting", "", { class: "rc-table-waiting", "data-table-waiting": "", hidden: "" });
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

/** The seat's line on the panel. @param {PageState} state @param {Seat} seat */
function seatLine(state, seat) {
  const name = nameOf(seat.id, state);
  const invited = state.table.invitations.has(seat.id);
  return element("li", { "data-seat": seat.id, "data-connected": String(seat.connected) }, [
    `${name}: `, seat.connected ? "connected" : `not connected${seat.since ? ` since ${seat.since}` : ""}`,
    seat.defence?.defence ? `; defends with ${defenceLabel(state, seat.defence.defence)}${seat.defence.retreat
      ? ", retreating" : ""}` : "",
    " ", ...(seat.connected || invited ? [] : [button("invite-seat", "Invite again", { "data-id": seat.id,
      "aria-label": `Invite again: ${name}'s phone` }), " "]),
    button("end-seat", `End ${name}'s seat`, { "data-id": seat.id })]);
}

/** The head's line and the page's title for the requests waiting. @param {PageState} state */
export function drawWaiting(state) {
  const count = state.table.waiting.length;
  const line = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-table-waiting]"));
  if (line) {
    line.hidden = !count;
    const first = state.table.waiting[0];
    line.textContent = first ? `${count > 1 ? `${count} requests wait. ` : ""}${nameOf(first.seat, state)}'s phone asks ${
      first.what} ${first.defences ? "Tap the target's defence." : "Approve or refuse."}` : "";
  }
  document.title = count && document.visibilityState === "hidden" ? `(${count}) ${state.table.title}` : state.table.title;
}

/** Draws the seats, the seat picker, the invitations' status and the requests waiting. @param {PageState} state */
export function drawTable(state) {
  const root = state.root;
  const picker = /** @type {HTMLSelectElement | null} */ (root.querySelector("[data-table-seat]"));
  if (!picker) return;
  const chosen = picker.value;
  picker.replaceChildren(...partyShown(state).map((member) => element("option", { value: member.id }, [member.name])));
  if ([...picker.options].some((option) => option.value === chosen)) picker.value = chosen;
  root.querySelector("[data-table-seats]")?.replaceChildren(...[...state.table.seats.values()]
    .map((seat) => seatLine(state, seat)));
  const refused = /** @type {HTMLElement | null} */ (root.querySelector("[data-table-refused]"));
  if (refused) {
    const count = state.table.refused.length;
    refused.hidden = !count;
    /** @type {HTMLElement} */ (refused.querySelector("summary")).textContent =
      `Refused from the phones (${count === 1 ? "the last one" : `the last ${count}`})`;
    refused.querySelector("ol")?.replaceChildren(...state.table.refused.map((line) => element("li", {}, [line])));
  }
  root.querySelector("[data-table-requests]")?.replaceChildren(...state.table.waiting.map((waiting, index) =>
    element("li", { "data-table-request": String(index) }, [`${nameOf(waiting.seat, state)} asks ${waiting.what} `,
      ...(waiting.defences ? ["The target's defence: ", ...waiting.defences.flatMap((defence) => [button("approve-request",
        defence.label, { "data-id": String(index), "data-defence": defence.id }), " "])]
        : [button("approve-request", "Approve", { "data-id": String(index) }), " "]),
      button("refuse-request", "Refuse", { "data-id": String(index) })])));
  drawWaiting(state);
  state.table.wake.wanted = [...state.table.seats.values()].some((seat) => seat.connected);
  keepAwake(state.table.wake);
}

/** Keeps the open session's seats (who sits where, how each defends), so that a reload lists
 * them again. @param {PageState} state */
export function keepSeats(state) {
  const id = state.session?.id;
  if (!id) return;
  const seats = [...state.table.seats.values()].map((seat) => ({ id: seat.id, defence: seat.defence }));
  changeMeta(state.kept, SEATS_KEY, (/** @type {Record<string, any> | null} */ kept) => {
    const others = Object.entries(kept && typeof kept === "object" ? kept : {}).filter(([key]) => key !== id);
    return Object.fromEntries([...others.slice(-(SESSIONS_WITH_SEATS - 1)), ...(seats.length ? [[id, seats]] : [])]);
  });
}

/** The open session's seats as kept before a reload: listed, not connected, each one "Invite
 * again" away. A kept list that is not of this site's shape is left out. @param {PageState} state */
export async function restoreSeats(state) {
  const id = state.session?.id;
  if (!id) return;
  const kept = /** @type {Record<string, any> | null} */ (await getMeta(state.kept, SEATS_KEY));
  const list = Array.isArray(kept?.[id]) ? kept[id] : [];
  const members = new Set(partyShown(state).map((member) => member.id));
  for (const one of list) {
    if (state.session?.id !== id || typeof one?.id !== "string" || !members.has(one.id) || state.table.seats.has(one.id)) {
      continue;
    }
    const defence = typeof one.defence?.defence === "string" ? { defence: one.defence.defence,
      retreat: one.defence.retreat === true } : null;
    state.table.seats.set(one.id, { id: one.id, pc: null, channel: null, connected: false, since: null, seq: 0,
      bucket: null, queue: Promise.resolve(), defence, answered: new Map() });
  }
  drawTable(state);
}
