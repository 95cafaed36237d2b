// @ts-check
// The Session page's "At the table" panel (issues 36, 42): the GM invites players' phones to
// seats (members of the party), each invitation in its own block with its code and QR, any
// number waiting at once; a phone's reply names the invitation it answers, so it is taken for
// that seat, and one that answers none waiting is refused without touching a live seat. From
// then on each change of the session goes to every connected seat, built by rulescore on this
// device from the players' view (rulescore/seats.py: a foe's numbers never leave it); a
// phone's requests are checked and applied by table-requests.js. Seats are kept with the
// session (a reload lists them, each one "Invite again" away), the screen is kept on while a
// phone is connected, and a request waiting for the GM shows in the page's sticky head.

import { button, element } from "../core/dom.js";
import { askSession } from "../engine/engine.js";
import { changeMeta, getMeta } from "../kept/store.js";
import { partyShown } from "../session/session-view.js";
import { accept, invite, qrCode, replyLink, whenLost, withCamera } from "./table-link.js";
import { carryOut, clock, defenceLabel, heard, heldRecord, nameOf, send } from "./table-requests.js";
import { scanControls } from "./table-scan.js";
import { PROTOCOL } from "./table-protocol.js";
import { clearTrouble, connectLimit, showTrouble } from "./table-trouble.js";
import { keepAwake, newWake, wakeSwitch, watchWake } from "./table-wake.js";

/** @typedef {import("../session/sessions.js").PageState} PageState */
/** @typedef {import("../../engine-messages.js").SessionResponse} SessionResponse */
/** @typedef {import("./table-requests.js").Apply} Apply */
/** @typedef {import("./table-link.js").Reach} Reach */

const siteRoot = new URL("../../../", import.meta.url).href;
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
function drawWaiting(state) {
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

/** What the request handlers need of the page. @param {PageState} state @param {Apply} apply
 * @returns {import("./table-requests.js").Page} */
function pageOf(state, apply) {
  return { apply, draw: () => drawTable(state), keep: () => keepSeats(state) };
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

/** Keeps the open session's seats (who sits where, how each defends), so that a reload lists
 * them again. @param {PageState} state */
function keepSeats(state) {
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

/** A connection becomes a seat: connected while its channel is open. A seat invited again
 * keeps its answer on defence and its requests' answers; its old connection is let go now.
 * @param {PageState} state @param {Invitation} invitation @param {Apply} apply */
function seated(state, invitation, apply) {
  const { seat: who, pc, channel } = invitation;
  const before = state.table.seats.get(who);
  before?.pc?.close();
  /** @type {Seat} */
  const seat = { id: who, pc, channel, connected: false, since: null, seq: 0, bucket: null, queue: Promise.resolve(),
    defence: before?.defence ?? null, answered: before?.answered ?? new Map() };
  state.table.seats.set(who, seat);
  keepSeats(state);
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
  // Said only once a connection was tried and failed: failed, or no route working by the limit.
  const failed = async () => {
    const seats = state.root.querySelector("[data-table-seats]");
    if (seat.connected || seat.since || state.table.seats.get(who) !== seat || !seats) return;
    let worked = false;
    (await pc.getStats().catch(() => new Map())).forEach((report) => {
      worked ||= report.type === "candidate-pair" && report.state === "succeeded";
    });
    if (worked && pc.connectionState !== "failed") return; // a route works: the channel is on its way
    await showTrouble(seats, pc, "gm");
    cameraOffer(state, who, invitation.reach);
  };
  setTimeout(failed, connectLimit());
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === "failed") failed();
    whenLost(pc, lost);
  };
  channel.onmessage = (event) => heard(state, pageOf(state, apply), seat, event.data, (one) => sendViews(state, [one],
    "snapshot"));
  drawTable(state);
}

/** After a failed connection whose invitation offered only ".local" names: the one fix a page
 * can make, offered in the report. @param {PageState} state @param {string} who @param {Reach} reach */
function cameraOffer(state, who, reach) {
  const report = state.root.querySelector("[data-table-trouble]");
  if (!report || reach !== "named" || report.querySelector('[data-action="allow-camera"]')) return;
  report.append(element("p", {}, [`This device offered only a hidden local name, which ${nameOf(who, state)}'s phone ` +
    "may not find on this network. The camera, while it is allowed, lets this device offer its address by number; " +
    "it is used only while the new invitation is made. If it is refused, share this device's hotspot instead. ",
  button("allow-camera", "Allow the camera to connect", { "data-id": who })]));
}

/**
 * Makes a new invitation for `who` in its own block (in place of an earlier one for that
 * seat; a connected seat stays connected until the new reply is taken). With `camera`, the
 * camera is held while the invitation is made (table-link.js withCamera).
 * @param {PageState} state @param {string} who @param {Apply} apply @param {boolean} [camera]
 */
async function inviteSeat(state, who, apply, camera = false) {
  const area = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-invite]"));
  const list = /** @type {HTMLElement} */ (area.querySelector("[data-table-invitations]"));
  state.table.invitations.get(who)?.pc.close();
  state.table.invitations.delete(who);
  const name = nameOf(who, state);
  let block = /** @type {HTMLElement | null} */ (list.querySelector(`[data-table-invitation][data-seat="${CSS.escape(who)}"]`));
  if (!block) {
    block = element("div", { class: "rc-table-invitation", "data-table-invitation": "", "data-seat": who,
      role: "group", "aria-label": `Invitation for ${name}` });
    list.append(block);
  }
  area.hidden = false;
  block.replaceChildren(element("p", { role: "status" }, [camera ? "Asking for the camera, then making the invitation…"
    : "Making the invitation…"]));
  drawTable(state);
  /** @type {Awaited<ReturnType<typeof invite>>} */
  let made;
  try {
    made = camera ? await withCamera(invite) : await invite();
  } catch (/** @type {any} */ error) {
    block.replaceChildren(element("p", { role: "alert" }, [`No invitation could be made for ${name}: ${error.message}. ` +
      "Join the same Wi-Fi as the phones (not a guest network), or share this device's hotspot, and invite again."]));
    return;
  }
  if (!block.isConnected) return made.pc.close(); // the session was closed meanwhile
  const invitation = { seat: who, ...made };
  if (made.reach === "none") { // a code that could reach nothing is never shown
    made.pc.close();
    block.replaceChildren(element("p", {}, [`This device offered no local address for ${name}'s phone to reach. ` +
      "Some browsers offer it only to a page allowed the camera; the camera is used only while the invitation is " +
      "made. If the camera is refused, join the same Wi-Fi as the phones (or share this device's hotspot) and " +
      "invite again. "]), element("p", {}, [button("allow-camera-seat", "Allow the camera to connect", { "data-id": who })]));
    return;
  }
  state.table.invitations.set(who, invitation);
  block.replaceChildren(
    element("p", {}, [`${name}'s phone: on the Join a table page, scan this code (or paste the text under it).`]),
    await qrCode(made.code, `QR code of the invitation for ${name}`, siteRoot).catch(() => element("p", {}, [
      "The QR code could not be drawn: send the text below instead."])),
    element("p", {}, [element("code", { class: "rc-table-code", "data-table-code": "" }, [made.code])]),
    element("p", {}, [button("cancel-invitation", `Cancel ${name}'s invitation`, { "data-id": who })]));
  drawTable(state);
}

/** Takes the reply in the answer field for the invitation it names. @param {PageState} state @param {Apply} apply */
async function takeReply(state, apply) {
  const area = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-invite]"));
  const field = /** @type {HTMLTextAreaElement} */ (area.querySelector("[data-table-answer]"));
  const status = /** @type {HTMLElement} */ (area.querySelector("[data-table-answer-status]"));
  status.dataset.state = "refused";
  /** @type {import("./table-code.js").Link} */
  let link;
  try {
    link = replyLink(field.value);
  } catch (/** @type {any} */ problem) {
    status.textContent = `Reply code: ${problem.message}`;
    return;
  }
  const invitation = [...state.table.invitations.values()].find((one) => one.tag === link.answers);
  if (!invitation) {
    status.textContent = "Reply code: it answers no invitation waiting on this device (it was taken already, its " +
      "seat was invited again since, or it was made for another table). Nothing was changed: ask the player to " +
      "scan the newest invitation for their seat.";
    return;
  }
  state.table.invitations.delete(invitation.seat); // taken once, even by a double tap
  try {
    await accept(invitation.pc, link);
  } catch (/** @type {any} */ problem) {
    state.table.invitations.set(invitation.seat, invitation);
    status.textContent = `Reply code: ${problem.message}`;
    return;
  }
  field.value = "";
  status.dataset.state = "taken";
  status.textContent = `${nameOf(invitation.seat, state)}'s reply taken: connecting…`;
  area.querySelector(`[data-table-invitation][data-seat="${CSS.escape(invitation.seat)}"]`)?.remove();
  area.hidden = !state.table.invitations.size && !area.querySelector("[data-table-invitation]");
  seated(state, invitation, apply);
}

/** Wires what does not belong to one session: leaving the page with phones connected asks
 * first (the browser's own prompt on a reload or a close; a confirmation on the site's own
 * links, which change the page without unloading it), the wake lock follows the page's
 * visibility, the title its waiting requests. @param {() => PageState} current */
export function watchTable(current) {
  const connected = () => current().root.isConnected && [...current().table.seats.values()].some((seat) => seat.connected);
  watchWake(current().root, () => current().table.wake);
  window.addEventListener("beforeunload", (event) => {
    if (!connected()) return;
    event.preventDefault(); // the phones would lose the table
    event.returnValue = "";
  });
  document.addEventListener("click", (event) => {
    const link = /** @type {Element} */ (event.target).closest?.("a[href]");
    if (!link || !connected() || link.getAttribute("target") === "_blank" || link.getAttribute("href")?.startsWith("#")) return;
    if (confirm("Leave the session? The players' phones lose the table until you open it again and invite them.")) {
      endTable(current().table);
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
  document.addEventListener("visibilitychange", () => { if (current().root.isConnected) drawWaiting(current()); });
}

/**
 * The panel's buttons; true when `action` was one of them.
 * @param {PageState} state @param {string | undefined} action @param {HTMLElement | null} target
 * @param {Apply} apply
 */
export function tableAction(state, action, target, apply) {
  if (!state.root.querySelector("[data-table-invite]")) return false;
  const id = target?.dataset.id ?? "";
  if (action === "invite-player") {
    const who = /** @type {HTMLSelectElement} */ (state.root.querySelector("[data-table-seat]")).value;
    if (who) inviteSeat(state, who, apply);
  } else if (action === "invite-seat" && id) inviteSeat(state, id, apply);
  else if ((action === "allow-camera-seat" || action === "allow-camera") && id) inviteSeat(state, id, apply, true);
  else if (action === "accept-player") takeReply(state, apply);
  else if (action === "cancel-invitation" && id) {
    state.table.invitations.get(id)?.pc.close();
    state.table.invitations.delete(id);
    state.root.querySelector(`[data-table-invitation][data-seat="${CSS.escape(id)}"]`)?.remove();
    const area = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-invite]"));
    area.hidden = !area.querySelector("[data-table-invitation]");
    drawTable(state);
  } else if (action === "end-seat" && id) {
    state.table.seats.get(id)?.pc?.close();
    state.table.seats.delete(id);
    keepSeats(state);
    drawTable(state);
  } else if (action === "show-waiting") {
    const request = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-table-request]"));
    request?.scrollIntoView({ block: "center" });
    /** @type {HTMLElement | null} */ (request?.querySelector("button"))?.focus({ preventScroll: true });
  } else if ((action === "approve-request" || action === "refuse-request") && target) {
    const [waiting] = state.table.waiting.splice(Number(id), 1);
    const seat = waiting ? state.table.seats.get(waiting.seat) : undefined;
    drawTable(state);
    if (!waiting || !seat) return true;
    const defence = target.dataset.defence;
    if (action === "approve-request") {
      seat.queue = seat.queue.then(() => carryOut(state, pageOf(state, apply), seat, waiting.text, waiting.id,
        defence ? { defence } : {}));
    } else send(seat, { v: PROTOCOL, type: "refused", id: waiting.id, message: "The GM said no to this request." });
  } else return false;
  return true;
}
