// @ts-check
// The Session page's "At the table" connections (issues 36, 42; the panel as drawn is
// table-panel.js): the GM invites players' phones to seats (members of the party), each
// invitation in its own block with its code and QR, any number waiting at once; a phone's
// reply names the invitation it answers, so it is taken for that seat, and one that answers
// none waiting is refused without touching a live seat. From then on each change of the
// session goes to every connected seat, built by rulescore on this device from the players'
// view (rulescore/play/seats.py: a foe's numbers never leave it); a phone's requests are
// checked and applied by table-requests.js.

import { button, element, timeOfDay } from "../core/dom.js";
import { askSession } from "../engine/engine.js";
import { accept, invite, qrCode, replyLink, whenLost, withCamera } from "./table-link.js";
import { drawTable, drawWaiting, endTable, keepSeats } from "./table-panel.js";
import { carryOut, heard, heldRecord, nameOf, send } from "./table-requests.js";
import { PROTOCOL } from "./table-protocol.js";
import { clearTrouble, connectLimit, showTrouble } from "./table-trouble.js";
import { watchWake } from "./table-wake.js";


/** @typedef {import("../session/sessions.js").PageState} PageState */
/** @typedef {import("../../engine-messages.js").SessionResponse} SessionResponse */
/** @typedef {import("./table-requests.js").Apply} Apply */
/** @typedef {import("./table-link.js").Reach} Reach */
/** @typedef {import("./table-panel.js").Seat} Seat */
/** @typedef {import("./table-panel.js").Invitation} Invitation */

const siteRoot = new URL("../../../", import.meta.url).href;

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
    seat.since = timeOfDay();
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
  // What the previous reply did is not left standing while this one is read.
  status.dataset.state = "reading";
  status.textContent = "Reading the reply…";
  const refused = (/** @type {string} */ text) => {
    status.dataset.state = "refused";
    status.textContent = `Reply code: ${text}`;
  };
  /** @type {import("./table-code.js").Link} */
  let link;
  try {
    link = replyLink(field.value);
  } catch (/** @type {any} */ problem) {
    refused(problem.message);
    return;
  }
  const invitation = [...state.table.invitations.values()].find((one) => one.tag === link.answers);
  if (!invitation) {
    refused("it answers no invitation waiting on this device (it was taken already, its seat was invited again " +
      "since, or it was made for another table). Nothing was changed: ask the player to scan the newest invitation " +
      "for their seat.");
    return;
  }
  state.table.invitations.delete(invitation.seat); // taken once, even by a double tap
  try {
    await accept(invitation.pc, link);
  } catch (/** @type {any} */ problem) {
    state.table.invitations.set(invitation.seat, invitation);
    refused(problem.message);
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
    // A download (the log, the map, a backup) stays on the page: nothing to ask.
    if (!link || !connected() || link.getAttribute("target") === "_blank" || link.getAttribute("href")?.startsWith("#")
      || link.hasAttribute("download")) return;
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
