// @ts-check
// The Join a table page (issue 36): a player's phone joins the GM's session over the local
// network. It reads the GM's invitation (scanned with the camera or read from a photo by
// table-scan.js, or pasted), shows its reply code for the GM's device to take, and from then
// on draws what the GM's device sends: the players' view of the session and the seat's own
// character. It needs no rules engine (what it shows was worked out on the GM's device, so it
// is live at once even on an old phone) and it keeps nothing: the GM's device holds the
// session. On the player's turn it asks for their maneuver, their attack (its odds first) or
// the end of their turn (table-turn.js), and at any time says how they defend; the GM's
// device checks each request by the rules and says why when it refuses.

import { button, element, onEveryPage } from "../core/dom.js";
import { renderFight } from "../session/fight-panel.js";
import { renderView } from "../session/session-view.js";
import { reply, qrCode } from "./table-link.js";
import { scanControls } from "./table-scan.js";
import { PROTOCOL, phoneHears, requestMessage } from "./table-protocol.js";
import { clearTrouble, showTrouble } from "./table-trouble.js";
import { attackChosen, defenceChosen, defenceSection, drawDefence, drawOdds, drawTurn, turnSection } from "./table-turn.js";

const siteRoot = new URL("../../../", import.meta.url).href;

/**
 * What the page holds: its parts, the connection, the last message drawn and its number.
 * @typedef {object} JoinState
 * @property {HTMLElement} root
 * @property {RTCPeerConnection | null} pc
 * @property {RTCDataChannel | null} channel
 * @property {Record<string, any> | null} shown the last seat message drawn
 * @property {number} seq
 * @property {number} asked requests sent so far (each has its own id)
 * @property {string} oddsFor the turn ("round current") whose attack odds were last asked for
 */

/** @param {JoinState} state @param {"connecting" | "connected" | "disconnected"} how @param {string} text */
function status(state, how, text) {
  const line = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-status]"));
  line.dataset.state = how;
  line.textContent = text;
  // Once connected, the invitation's field steps aside: a phone's screen is for the table.
  /** @type {HTMLElement} */ (state.root.querySelector("[data-table-joining]")).hidden = how === "connected";
}

/** @param {JoinState} state @param {string} text */
function said(state, text) {
  const line = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-said]"));
  line.hidden = !text;
  line.textContent = text;
}

/** @param {JoinState} state @param {Record<string, unknown>} message */
function send(state, message) {
  if (state.channel?.readyState === "open") state.channel.send(JSON.stringify({ v: PROTOCOL, ...message }));
}

/** Asks the GM's device for an action of this seat (with the faces of the attack roll the
 * player rolled), or with `kind` "odds" for an attack's odds only.
 * @param {JoinState} state @param {Record<string, unknown>} action @param {number[]} [rolled]
 * @param {"request" | "odds"} [kind] */
function request(state, action, rolled, kind = "request") {
  if (kind === "request") said(state, "Asked the GM's device…");
  send(state, requestMessage(state.asked, state.seq, action, rolled, kind));
  state.asked += 1;
}

/** Asks for the odds of the attack chosen now. @param {JoinState} state */
function askOdds(state) {
  const chosen = state.shown ? attackChosen(state.root, state.shown.seat) : null;
  if (chosen && "action" in chosen) request(state, chosen.action, undefined, "odds");
}

/** Draws a seat message: the session as the players see it, and this seat's character. @param {JoinState} state
 * @param {Record<string, any>} message */
function draw(state, message) {
  state.shown = message;
  state.seq = message.seq;
  const view = message.view;
  // The Session page's own drawing of the players' view: what the phone shows is what it shows.
  const page = { root: state.root, views: { view, gm_view: null }, gm: false, actions: [] };
  renderView(/** @type {any} */ (page));
  renderFight(/** @type {any} */ (page), view);
  state.root.querySelector(".rc-fight-next")?.remove(); // Next turn is the GM's; the player asks below
  const me = (view.characters ?? []).find((/** @type {Record<string, any>} */ one) => one.id === message.seat);
  const mine = state.root.querySelector(`[data-session-characters] [data-character-id="${CSS.escape(message.seat)}"]`);
  const holder = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-me]"));
  holder.replaceChildren(element("h3", {}, [`You play ${message.me?.name ?? me?.name ?? "a character"}`]),
    ...(mine ? [mine.cloneNode(true)] : []));
  drawDefence(state.root, message);
  const turnOf = view.fight ? `${view.fight.round} ${view.fight.current}` : "";
  if (drawTurn(state.root, message) && state.oddsFor !== turnOf) { // a turn begins: its odds at once
    state.oddsFor = turnOf;
    askOdds(state);
  }
}

/** @param {JoinState} state @param {unknown} data */
function heard(state, data) {
  const step = phoneHears(state.seq, data);
  if (step.do === "draw") draw(state, step.message);
  else if (step.do === "snapshot") send(state, { type: "snapshot" }); // some were missed: all again
  else if (step.do === "say") said(state, step.text);
  else if (step.do === "odds") drawOdds(state.root, step.message);
}

/** @param {JoinState} state */
async function join(state) {
  const field = /** @type {HTMLTextAreaElement} */ (state.root.querySelector("[data-table-offer]"));
  const error = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-error]"));
  error.hidden = true;
  state.pc?.close();
  let made;
  try {
    made = await reply(field.value);
  } catch (/** @type {any} */ problem) {
    error.hidden = false;
    error.textContent = `Invitation: ${problem.message}`;
    return;
  }
  state.pc = made.pc;
  const area = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-reply]"));
  area.hidden = false;
  area.replaceChildren(element("p", {}, ["Show this reply to the GM's device (or send them the text under it):"]),
    await qrCode(made.code, "QR code of this phone's reply", siteRoot).catch(() => element("p", {}, [
      "The QR code could not be drawn: send the text below instead."])),
    element("p", {}, [element("code", { class: "rc-table-code", "data-table-code": "" }, [made.code])]));
  status(state, "connecting", "Waiting for the GM's device to take the reply…");
  const pc = made.pc;
  pc.onconnectionstatechange = () => {
    if (state.pc !== pc) return;
    if (pc.connectionState === "failed") {
      status(state, "disconnected", "The phones could not reach each other: use the same Wi-Fi as the GM's device " +
        "(not a guest network, which keeps devices apart), or join the GM's phone's hotspot, then join again.");
      showTrouble(/** @type {Element} */ (state.root.querySelector("[data-table-status]")), pc, "phone");
    } else if (pc.connectionState === "disconnected" || pc.connectionState === "closed") lost(state);
  };
  const channel = await made.channel;
  if (state.pc !== pc) return;
  state.channel = channel;
  channel.onmessage = (event) => heard(state, event.data);
  channel.onclose = () => { if (state.pc === pc) lost(state); };
  const opened = () => {
    area.hidden = true;
    clearTrouble(state.root);
    status(state, "connected", "Connected to the GM's device.");
    send(state, { type: "snapshot" });
  };
  if (channel.readyState === "open") opened();
  else channel.onopen = opened;
}

/** @param {JoinState} state */
function lost(state) {
  const since = new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  status(state, "disconnected", `Not connected since ${since}: showing the table as it was. To rejoin, ask the GM ` +
    "for a new invitation to your seat and paste or scan it above.");
}

/** @param {HTMLElement} root */
function build(root) {
  root.replaceChildren(
    element("div", { "data-table-joining": "" }, [
      // A code read goes where a pasted one does, and joins at once (the camera, asked for
      // first, is what lets Safari offer its local addresses to the connection made next).
      scanControls({ what: "invitation", action: "scan-offer", photo: "data-table-offer-photo", onCode: (code) => {
        /** @type {HTMLTextAreaElement} */ (root.querySelector("[data-table-offer]")).value = code;
        /** @type {HTMLButtonElement} */ (root.querySelector('[data-action="join-table"]')).click();
      } }),
      element("div", { class: "rc-field" }, [element("label", { for: "table-offer" }, ["The GM's invitation code"]),
        element("textarea", { id: "table-offer", rows: "3", "data-table-offer": "", spellcheck: "false" })]),
      element("p", {}, [button("join-table", "Join the table")])]),
    element("p", { class: "rc-error", "data-table-error": "", role: "alert", hidden: "" }),
    element("div", { class: "rc-table-reply", "data-table-reply": "", hidden: "" }),
    element("p", { class: "rc-table-status", "data-table-status": "", "data-state": "disconnected", role: "status" },
      ["Not connected."]),
    turnSection(),
    defenceSection(),
    element("p", { class: "rc-table-said", "data-table-said": "", role: "status", hidden: "" }),
    element("section", { class: "rc-table-me", "data-table-me": "", "aria-label": "Your character" }),
    element("section", { class: "rc-table-view", "data-table-view": "", "aria-label": "The table" }, [
      element("p", { class: "rc-session-clock", "data-session-clock": "" }),
      element("section", { class: "rc-fight", "data-fight": "", hidden: "", "aria-label": "The fight" }),
      element("div", { class: "rc-session-lights", "data-session-lights": "" }),
      element("div", { class: "rc-session-characters", "data-session-characters": "" }),
      element("ul", { class: "rc-session-due", "data-session-due": "" }),
      element("h3", {}, ["Log"]),
      element("ol", { class: "rc-session-log", "data-session-log": "", reversed: "" })]),
  );
}

function init() {
  const root = /** @type {HTMLElement | null} */ (document.querySelector("[data-table-join]"));
  if (!root || root.dataset.bound) return;
  root.dataset.bound = "";
  build(root);
  /** @type {JoinState} */
  const state = { root, pc: null, channel: null, shown: null, seq: 0, asked: 0, oddsFor: "" };
  if (typeof RTCPeerConnection !== "function") { // Debian's WebKitGTK, for one, is built without WebRTC
    status(state, "disconnected", "This browser cannot join a table: it has no WebRTC, the way phones talk to each " +
      "other. Open this page in your phone's usual browser (Chrome, Safari, Firefox, Samsung Internet).");
    /** @type {HTMLButtonElement} */ (root.querySelector('[data-action="join-table"]')).disabled = true;
  }
  root.addEventListener("change", (event) => { // a new target or weapon: its odds
    if (/** @type {Element} */ (event.target).matches("[data-table-target], [data-table-weapon]")) askOdds(state);
    if (/** @type {Element} */ (event.target).matches("[data-table-defence], [data-table-retreat]")) {
      send(state, defenceChosen(root));
    }
  });
  root.addEventListener("click", (event) => {
    const action = /** @type {Element} */ (event.target).closest("button")?.dataset.action;
    const seat = state.shown?.seat;
    if (action === "join-table") join(state);
    else if (action === "request-next-turn") request(state, { do: "next_turn" });
    else if (action === "request-attack" && seat) {
      const chosen = attackChosen(root, seat);
      if ("error" in chosen) said(state, chosen.error);
      else request(state, chosen.action, chosen.rolled);
    }
    else if (action === "request-maneuver" && seat) {
      const maneuver = /** @type {HTMLSelectElement} */ (root.querySelector("[data-table-maneuver]")).value;
      request(state, { do: "maneuver", who: seat, maneuver });
    }
  });
}

onEveryPage(init);
