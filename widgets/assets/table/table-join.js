// @ts-check
// The Join a table page (issue 36): a player's phone joins the GM's session over the local
// network. It reads the GM's invitation (scanned with the camera or read from a photo by
// table-scan.js, or pasted), shows its reply code for the GM's device to take, and from then
// on draws what the GM's device sends: the players' view of the session and the seat's own
// character. It needs no rules engine (what it shows was worked out on the GM's device, so it
// is live at once even on an old phone) and it keeps nothing: the GM's device holds the
// session. On the player's turn it asks for their maneuver, their attack (its odds first) or
// the end of their turn (table-turn.js), and at any time says how they defend; the GM's
// device checks each request by the rules and says why when it refuses. While connected the
// screen is kept on (table-wake.js); a phone that loses the GM says so at once at the top,
// with the invitation's field and camera ready, and keeps the table as last seen (after a
// reload too), marked as not live.

import { button, element, onEveryPage, timeOfDay } from "../core/dom.js";
import { renderFight } from "../session/fight-panel.js";
import { renderView } from "../session/session-view.js";
import { qrCode, reply, whenLost, withCamera } from "./table-link.js";
import { scanControls } from "./table-scan.js";
import { PROTOCOL, phoneHears, requestMessage } from "./table-protocol.js";
import { clearTrouble, showTrouble } from "./table-trouble.js";
import { attackChosen, defenceChosen, defenceSection, drawDefence, drawOdds, drawTurn, turnSection } from "./table-turn.js";
import { keepAwake, newWake, wakeSwitch, watchWake } from "./table-wake.js";
import { drawMap, folded, mapSheet } from "../map/map-sheet.js";
import { bindMap, mapRefused } from "../map/map-input.js";

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
 * @property {string} from this page's own prefix for its requests' ids
 * @property {string} oddsFor the turn ("round current") whose attack odds were last asked for
 * @property {string} turnOf the turn last drawn ("round current")
 * @property {string} maneuver the last maneuver this player asked for
 * @property {boolean} camera the next reply is made with the camera allowed (its address by number)
 * @property {import("./table-wake.js").Wake} wake
 * @property {import("../map/map-sheet.js").MapSheet | null} map the party's map: drawn on every phone, drawn on by the mapper's
 * @property {boolean} mapFolded whether the player folded the map away or opened it (else it opens for the pen alone)
 */

const LAST_SEEN = "rules-table-last-seen"; // the table as this phone last drew it, for a reload

/** @param {JoinState} state @param {"connecting" | "connected" | "disconnected"} how @param {string} text
 * @param {boolean} [lost] the GM was lost: said in a banner that stays in sight */
function status(state, how, text, lost = false) {
  const line = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-status]"));
  line.dataset.state = how;
  line.textContent = text;
  line.toggleAttribute("data-lost", lost);
  // Once connected, the invitation's field steps aside: a phone's screen is for the table.
  /** @type {HTMLElement} */ (state.root.querySelector("[data-table-joining]")).hidden = how === "connected";
  state.wake.wanted = how === "connected";
  keepAwake(state.wake);
}

/** Marks the table shown as live or as last seen at `at`. @param {JoinState} state @param {Date | null} at */
function live(state, at) {
  const view = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-view]"));
  view.dataset.live = String(!at);
  const stale = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-stale]"));
  stale.hidden = !at;
  stale.textContent = at ? `Not live: the table as it was at ${timeOfDay(at)}.` : "";
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
  send(state, requestMessage(state.asked, state.seq, action, rolled, kind, state.from));
  state.asked += 1;
}

/** Asks for the odds of the attack chosen now. @param {JoinState} state */
function askOdds(state) {
  const roll = state.shown?.attack?.roll;
  const chosen = state.shown && roll ? attackChosen(state.root, state.shown.seat, roll) : null;
  if (chosen && "action" in chosen) request(state, chosen.action, undefined, "odds");
}

/** Draws a seat message: the session as the players see it, and this seat's character. @param {JoinState} state
 * @param {Record<string, any>} message */
function draw(state, message) {
  state.shown = message;
  state.seq = message.seq;
  try {
    localStorage.setItem(LAST_SEEN, JSON.stringify({ at: new Date().toISOString(), message }));
  } catch { /* a private window keeps nothing: the table is still drawn */ }
  drawMessage(state, message);
  live(state, null);
}

/** Draws a seat message (live, or as last seen). @param {JoinState} state @param {Record<string, any>} message */
function drawMessage(state, message) {
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
  if (state.map) {
    const pen = { canDraw: view.map?.mapper === message.seat, canWalk: view.map?.walker === message.seat };
    if (!state.mapFolded) folded(state.map, !pen.canDraw && !pen.canWalk); // the mapper's phone opens on the map
    drawMap(state.map, view.map ?? null, { ...pen, gm: false, party: [] });
  }
  const turnOf = view.fight ? `${view.fight.round} ${view.fight.current}` : "";
  const begun = turnOf !== state.turnOf;
  state.turnOf = turnOf;
  if (drawTurn(state.root, message, begun, state.maneuver) && state.oddsFor !== turnOf) { // a turn begins: its odds at once
    state.oddsFor = turnOf;
    askOdds(state);
  }
}

/** @param {JoinState} state @param {unknown} data */
function heard(state, data) {
  const step = phoneHears(state.seq, data);
  if (step.do === "draw") draw(state, step.message);
  else if (step.do === "snapshot") send(state, { type: "snapshot" }); // some were missed: all again
  else if (step.do === "say") {
    said(state, step.text);
    if (state.map && step.text.startsWith("Not done")) mapRefused(state.map, step.text);
  }
  else if (step.do === "odds") drawOdds(state.root, step.message);
}

/** @param {JoinState} state */
async function join(state) {
  const field = /** @type {HTMLTextAreaElement} */ (state.root.querySelector("[data-table-offer]"));
  const error = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-error]"));
  const area = /** @type {HTMLElement} */ (state.root.querySelector("[data-table-reply]"));
  error.hidden = true;
  state.pc?.close();
  state.pc = null;
  let made;
  try {
    made = state.camera ? await withCamera(() => reply(field.value)) : await reply(field.value);
  } catch (/** @type {any} */ problem) {
    error.hidden = false;
    error.textContent = `${state.camera ? "Camera" : "Invitation"}: ${problem.message}${state.camera
      ? ". Without it, join the GM's device's hotspot (it lets devices reach each other), then scan again." : ""}`;
    return;
  }
  area.hidden = false;
  if (made.reach === "none") { // a reply that could reach nothing is never shown
    made.pc.close();
    area.replaceChildren(element("p", {}, ["This phone offered no local address for the GM's device to reach. Some " +
      "browsers offer it only to a page allowed the camera: the camera is used only while the reply is made. If you " +
      "would rather not, join the GM's device's hotspot and scan the invitation again."]),
    element("p", {}, [button("allow-camera", "Allow the camera to connect")]));
    area.scrollIntoView({ block: "nearest" });
    return;
  }
  state.pc = made.pc;
  area.replaceChildren(element("p", {}, ["Show this reply to the GM's device (or send them the text under it):"]),
    await qrCode(made.code, "QR code of this phone's reply", siteRoot).catch(() => element("p", {}, [
      "The QR code could not be drawn: send the text below instead."])),
    element("p", {}, [element("code", { class: "rc-table-code", "data-table-code": "" }, [made.code])]));
  status(state, "connecting", "Waiting for the GM's device to take the reply…");
  area.scrollIntoView({ block: "start" }); // the reply's QR, for the GM to scan
  const pc = made.pc;
  const reach = made.reach;
  let joined = false; // once connected, a failure is a lost GM, not a join that did not work
  pc.onconnectionstatechange = () => {
    if (state.pc !== pc) return;
    if (pc.connectionState === "failed" && !joined) failed(state, pc, reach);
    else whenLost(pc, () => { if (state.pc === pc && joined) lost(state); });
  };
  const channel = await made.channel;
  if (state.pc !== pc) return;
  state.channel = channel;
  channel.onmessage = (event) => heard(state, event.data);
  channel.onclose = () => { if (state.pc === pc) lost(state); };
  const opened = () => {
    joined = true;
    field.value = ""; // used: the field waits empty for the next invitation
    area.hidden = true;
    state.camera = false;
    clearTrouble(state.root);
    status(state, "connected", "Connected to the GM's device.");
    send(state, { type: "snapshot" });
  };
  if (channel.readyState === "open") opened();
  else channel.onopen = opened;
}

/** The connection was tried and failed: what was tried, and the one fix a page can make when
 * this phone offered only a hidden ".local" name. @param {JoinState} state @param {RTCPeerConnection} pc
 * @param {import("./table-link.js").Reach} reach */
async function failed(state, pc, reach) {
  status(state, "disconnected", "The devices could not reach each other: use the same Wi-Fi as the GM's device " +
    "(not a guest network, which keeps devices apart), or join the GM's device's hotspot, then ask the GM for a " +
    "new invitation and scan it.");
  const line = /** @type {Element} */ (state.root.querySelector("[data-table-status]"));
  await showTrouble(line, pc, "phone");
  const report = state.root.querySelector("[data-table-trouble]");
  if (reach === "named" && report) {
    report.append(element("p", {}, ["This phone offered only a hidden local name, which the GM's device may not find " +
      "on this network. With the camera allowed, the phone offers its address by number instead; the camera is " +
      "used only while the reply is made. ", button("allow-camera", "Allow the camera to connect")]));
  }
}

/** @param {JoinState} state */
function lost(state) {
  const since = timeOfDay();
  status(state, "disconnected", `Not connected since ${since}. To rejoin, ask the GM for a new invitation to your ` +
    "seat (Invite again) and scan or paste it here: your seat and character are kept.", true);
  live(state, new Date());
  /** @type {HTMLElement} */ (state.root.querySelector("[data-table-turn]")).hidden = true; // nothing to ask now
  /** @type {HTMLElement} */ (state.root.querySelector("[data-table-joining]")).scrollIntoView({ block: "nearest" });
}

/** @param {HTMLElement} root */
function build(root) {
  root.replaceChildren(
    element("p", { class: "rc-table-status", "data-table-status": "", "data-state": "disconnected", role: "status" },
      ["Not connected."]),
    element("div", { "data-table-joining": "" }, [
      // A code read goes where a pasted one does, and joins at once (the camera, asked for
      // first, is what lets Safari offer its local addresses to the connection made next).
      scanControls({ what: "invitation", action: "scan-offer", photo: "data-table-offer-photo", onCode: (code) => {
        /** @type {HTMLTextAreaElement} */ (root.querySelector("[data-table-offer]")).value = code;
        /** @type {HTMLButtonElement} */ (root.querySelector('[data-action="join-table"]')).click();
      } }),
      element("div", { class: "rc-field" }, [element("label", { for: "table-offer" }, ["The GM's invitation code"]),
        element("textarea", { id: "table-offer", rows: "3", "data-table-offer": "", spellcheck: "false",
          enterkeyhint: "go" })]),
      element("p", {}, [button("join-table", "Join the table")])]),
    element("p", { class: "rc-error", "data-table-error": "", role: "alert", hidden: "" }),
    element("div", { class: "rc-table-reply", "data-table-reply": "", hidden: "" }),
    turnSection(),
    defenceSection(),
    element("p", { class: "rc-table-said", "data-table-said": "", role: "status", hidden: "" }),
    element("p", { class: "rc-table-stale", "data-table-stale": "", hidden: "" }),
    element("section", { class: "rc-table-me", "data-table-me": "", "aria-label": "Your character" }),
    element("section", { class: "rc-table-view", "data-table-view": "", "aria-label": "The table" }, [
      element("p", { class: "rc-session-clock", "data-session-clock": "" }),
      element("section", { class: "rc-fight", "data-fight": "", hidden: "", "aria-label": "The fight" }),
      element("div", { class: "rc-session-lights", "data-session-lights": "" }),
      element("div", { class: "rc-session-characters", "data-session-characters": "" }),
      element("ul", { class: "rc-session-due", "data-session-due": "" }),
      element("h3", {}, ["Log"]),
      element("ol", { class: "rc-session-log", "data-session-log": "", reversed: "" })]),
    wakeSwitch("Keep this screen on while connected"),
  );
}

/** The table as this phone last drew it (before a reload), shown as not live. @param {JoinState} state */
function lastSeen(state) {
  try {
    const kept = JSON.parse(localStorage.getItem(LAST_SEEN) ?? "null");
    const at = new Date(kept?.at);
    if (!kept?.message?.view || Number.isNaN(at.getTime())) return;
    drawMessage(state, kept.message);
    /** @type {HTMLElement} */ (state.root.querySelector("[data-table-turn]")).hidden = true; // not live: nothing to ask
    live(state, at);
  } catch { /* nothing kept, or not of this site: the page starts empty */ }
}

function init() {
  const root = /** @type {HTMLElement | null} */ (document.querySelector("[data-table-join]"));
  if (!root || root.dataset.bound) return;
  root.dataset.bound = "";
  build(root);
  /** @type {JoinState} */
  const state = { root, pc: null, channel: null, shown: null, seq: 0, asked: 0, oddsFor: "", turnOf: "", maneuver: "",
    camera: false, wake: newWake(), from: `${Math.random().toString(36).slice(2, 8)}-`, map: null, mapFolded: false };
  const map = mapSheet(async (action) => { // a stroke is a request: the GM's device applies it and sends the map back
    request(state, action);
    return null;
  }, { open: false });
  bindMap(map);
  state.map = map;
  /** @type {HTMLElement} */ (root.querySelector("[data-table-me]")).after(map.root);
  map.root.addEventListener("click", (event) => { // the player's own choice of folded or open stays
    if (/** @type {Element} */ (event.target).closest('[data-action="map-open"], [data-action="map-fold"]')) state.mapFolded = true;
  });
  lastSeen(state);
  watchWake(root, () => state.wake);
  document.addEventListener("visibilitychange", () => { // back from a sleep: said at once if the GM was lost
    const status = /** @type {HTMLElement} */ (root.querySelector("[data-table-status]"));
    if (document.visibilityState === "visible" && state.channel && state.channel.readyState !== "open"
      && status.dataset.state === "connected") lost(state);
  });
  // Closed or left: the connection is closed here, so the GM's device hears it at once from the
  // channel instead of noticing the silence seconds later (a page torn down abruptly says nothing).
  window.addEventListener("pagehide", (event) => { if (!event.persisted) state.pc?.close(); });
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
  root.addEventListener("keydown", (event) => { // Enter does what the field's button does
    const field = /** @type {Element} */ (event.target);
    if (event.key !== "Enter" || event.shiftKey || event.isComposing) return;
    const go = field.matches("[data-table-offer]") ? "join-table" : field.matches("[data-table-rolled]")
      ? "request-attack" : null;
    if (!go) return;
    event.preventDefault();
    /** @type {HTMLButtonElement | null} */ (root.querySelector(`[data-action="${go}"]`))?.click();
  });
  root.addEventListener("click", (event) => {
    const action = /** @type {Element} */ (event.target).closest("button")?.dataset.action;
    const seat = state.shown?.seat;
    if (action === "join-table") join(state);
    else if (action === "allow-camera") {
      state.camera = true;
      if (state.pc) { // the invitation was used by the reply that failed: a new one is needed
        said(state, "The camera will be asked for when you join: scan the GM's new invitation for your seat.");
        /** @type {HTMLElement} */ (root.querySelector("[data-table-joining]")).scrollIntoView({ block: "nearest" });
      } else join(state); // no reply was shown: the same invitation, with the camera
    }
    else if (action === "request-next-turn") request(state, { do: "next_turn" });
    else if (action === "request-attack" && seat && state.shown?.attack?.roll) {
      const chosen = attackChosen(root, seat, state.shown.attack.roll);
      if ("error" in chosen) said(state, chosen.error);
      else request(state, chosen.action, chosen.rolled);
    }
    else if (action === "request-maneuver" && seat) {
      const maneuver = /** @type {HTMLSelectElement} */ (root.querySelector("[data-table-maneuver]")).value;
      state.maneuver = maneuver;
      request(state, { do: "maneuver", who: seat, maneuver });
    }
  });
}

onEveryPage(init);
