// @ts-check
// The Session page: a game session kept by rulescore.session in the engine. It knows no rule:
// the actions and their fields come from rulescore (session.actions), every change is an
// engine answer (the new state and both views), and the page draws the view it is given.
// Each session is a record in the store (store.js), saved after every action. An action is
// applied to the newest state of the session, read again just before (another tab may have
// moved it on): it is appended to the log, never written over the other tab's actions; if
// it makes no sense there any more, the page says so and nothing is lost. Other tabs'
// actions show here as they happen.

import { newMap } from "./session-map.js";
import { mapInWords } from "../map/map-export.js";
import { SYSTEM_NAMES } from "../kept/documents.js";
import { confirmThen, element, onEveryPage } from "../core/dom.js";
import { askSession, engineReady } from "../engine/engine.js";
import { openAction } from "./fight-panel.js";
import { buildFields, showDice } from "./session-form.js";
import { act, applyAction, applyForPhone, follow, nextTurn, previewSoon } from "./session-actions.js";
import { draw, openSession, redrawLog, saidProblem, status } from "./session-draw.js";
import { fillParties, openAndShow, renderList, showSession, startSession } from "./session-open.js";
import { offerWriteBack } from "./session-write-back.js";
import { tableAction, watchTable } from "../table/table-gm.js";
import { newTable } from "../table/table-panel.js";
import { loadShelf, shelfAction } from "./session-shelf.js";
import { all, closeStore, get, getMeta, listen, openStore, remove, sessionHeads } from "../kept/store.js";

/** @typedef {import("../kept/documents.js").Session} Session */
/** @typedef {import("../kept/documents.js").SessionHead} SessionHead */
/** @typedef {import("../kept/documents.js").Character} Character */
/** @typedef {import("../kept/documents.js").Party} Party */
/** @typedef {import("../kept/store.js").Kept} Kept */
/** @typedef {import("../../engine-messages.js").SessionResponse} SessionResponse */

/**
 * What the page holds while it is open: its handle on the store, the saved sessions' heads,
 * the open session as last read, the characters and parties (for new sessions), the actions
 * of the open session's system, the latest views, the dice a player has entered for the
 * action being applied, and whether the GM view is shown.
 * @typedef {object} PageState
 * @property {Kept} kept
 * @property {SessionHead[]} heads
 * @property {Session | null} session
 * @property {{characters: Character[], parties: Party[]}} characters
 * @property {Record<string, any>[]} actions
 * @property {Record<string, any> | null} views {view, gm_view}
 * @property {number[][]} dice
 * @property {boolean} gm
 * @property {HTMLElement} root
 * @property {number} previews how many previews were asked for (only the latest is shown)
 * @property {number} previewTimer the pending preview, while the reader is still typing
 * @property {number} follows how many times the page set out to show the kept session anew
 *   (an action or another tab's change): only the latest draws (session-actions.js follow)
 * @property {import("../table/table-panel.js").Table} table the players' phones connected to the open session
 * @property {import("../map/map-sheet.js").MapSheet | null} map the party's map (session-map.js), made once for the page
 * @property {import("../kept/shelf.js").ShelfRecord[]} shelf the GM's shelf (session-shelf.js), every game's
 * @property {{action: Record<string, unknown>, done: (answer: SessionResponse | null) => void} | null} [forPhone]
 *   a phone's request whose rolls the GM is giving in the dice field (with "I roll my own dice")
 */


/** @param {PageState} state */
async function exportLog(state) {
  const session = openSession(state);
  const answer = session ? await askSession({ op: "view", whole_log: true }, session) : null;
  const view = answer?.ok ? answer.gm_view : null;
  if (!session || !view) return;
  const text = [`${session.name} (${SYSTEM_NAMES[session.system]})`, "",
    ...view.log.map((/** @type {Record<string, any>} */ e) => `${e.at}: ${e.text}`), ...mapInWords(view.map)].join("\n") + "\n";
  const link = element("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })),
    download: `${session.name.replace(/[^\w -]+/g, "").trim() || "session"}-log.txt` });
  document.body.append(link);
  link.click();
  link.remove();
}

// --- Start -------------------------------------------------------------------------------------

/** @type {WeakSet<Element>} */
const started = new WeakSet();

async function init() {
  const root = /** @type {HTMLElement | null} */ (document.querySelector("[data-session]"));
  if (!root || started.has(root)) return;
  started.add(root);
  root.hidden = false;
  document.querySelector("[data-session-nojs]")?.remove();
  const kept = await openStore();
  const openId = await getMeta(kept, "open-session");
  /** @type {PageState} */
  const state = { kept, heads: await sessionHeads(kept), session: openId ? await get(kept, "sessions", openId) : null,
    characters: { characters: await all(kept, "characters"), parties: await all(kept, "parties") },
    actions: [], views: null, dice: [], gm: true, root, previews: 0, previewTimer: 0, follows: 0, table: newTable(),
    shelf: [], map: null };
  state.map = newMap((action) => act(state, { op: "apply", action }, { quiet: true }));
  const problem = kept.problem;
  if (problem) saidProblem(state, problem);
  watchTable(() => state);
  listen(kept, async (change) => {
    if (!root.isConnected) return closeStore(kept);
    if (change.kind === "characters" || change.kind === "parties" || change.kind === "all") {
      state.characters = { characters: await all(kept, "characters"), parties: await all(kept, "parties") };
      fillParties(state);
      if (root.querySelector("[data-session-fields] [data-saved]")) buildFields(state); // who may join
    }
    if (change.kind === "shelf" || change.kind === "all") loadShelf(state);
    if (change.kind === "sessions" || change.kind === "all") {
      state.heads = await sessionHeads(kept);
      renderList(state);
      if (!change.id || change.id === state.session?.id) follow(state);
    }
  });
  fillParties(state);
  renderList(state);
  root.addEventListener("change", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.matches('[name="session_system"]')) fillParties(state);
    if (target.matches("[data-session-action]")) buildFields(state);
    if (target.closest("[data-session-act]")) previewSoon(state);
    if (target.matches("[data-own-dice]")) {
      state.dice = [];
      showDice(state, null);
      state.forPhone?.done({ ok: false, message: "The GM stopped entering dice for it: ask again." });
      state.forPhone = null;
    }
  });
  root.addEventListener("input", (event) => {
    if (/** @type {Element} */ (event.target).closest("[data-session-act]")) previewSoon(state);
  });
  root.addEventListener("submit", (event) => event.preventDefault());
  // Alt+N: the next turn, from anywhere on the page. Caught first and kept from the theme,
  // whose own "n" (next page) would otherwise leave the session mid-fight.
  window.addEventListener("keydown", (event) => {
    if (!root.isConnected || !event.altKey || event.code !== "KeyN" || !state.gm) return;
    const next = /** @type {HTMLButtonElement | null} */ (root.querySelector('[data-fight]:not([hidden]) [data-action="next-turn"]'));
    if (!next) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    next.click();
  }, { capture: true });
  root.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest("button");
    const action = target?.dataset.action;
    const id = target?.dataset.id ?? "";
    if (tableAction(state, action, target ?? null, (done, dice) => applyForPhone(state, done, dice))) return;
    if (shelfAction(state, action, target ?? null, (done) => applyForPhone(state, done, null))) return;
    if (action === "start-session") startSession(state);
    else if (action === "apply-action") applyAction(state);
    else if (action === "next-turn") nextTurn(state);
    else if (action === "log-more" && target) {
      if (target.dataset.open === undefined) target.dataset.open = "";
      else delete target.dataset.open;
      redrawLog(state);
    }
    else if (action === "fight-damage") {
      openAction(state, target?.dataset.side === "foes" ? "damage_foe" : "damage", id || (target?.dataset.who ?? ""),
        () => buildFields(state));
    } else if (action === "fight-maneuver" || action === "fight-attack" || action === "fight-defend"
      || action === "fight-edit-foe") {
      const chosen = { "fight-maneuver": "maneuver", "fight-attack": "attack", "fight-defend": "defend",
        "fight-edit-foe": "edit_foe" }[action];
      openAction(state, chosen, target?.dataset.who ?? "", () => buildFields(state));
    }
    else if (action === "undo" || action === "redo") act(state, { op: action });
    else if (action === "export-log") exportLog(state);
    else if (action === "toggle-head" && target) {
      const open = target.getAttribute("aria-expanded") !== "true";
      target.setAttribute("aria-expanded", String(open));
      target.textContent = open ? "Less" : "More";
      target.setAttribute("aria-label", `${target.textContent}: the lights and the party`);
      target.closest(".rc-session-head")?.toggleAttribute("data-head-open", open);
    }
    else if (action === "toggle-gm") {
      state.gm = !state.gm;
      target?.setAttribute("aria-pressed", String(state.gm));
      target?.setAttribute("data-session-view", state.gm ? "gm" : "players");
      if (target) target.textContent = state.gm ? "GM view" : "Players' view";
      draw(state);
    } else if (action === "resume-session") {
      get(state.kept, "sessions", id).then((session) => openAndShow(state, session, null));
    } else if (action === "close-session" || action === "write-back") {
      const area = /** @type {HTMLElement} */ (root.querySelector("[data-write-back]"));
      const closing = action === "close-session";
      if (state.session) {
        offerWriteBack(state.kept, area, state.session, closing).then((goOn) => {
          if (closing && goOn) openAndShow(state, null, null);
        });
      }
    } else if (action === "delete-session" && target) {
      confirmThen(target, () => remove(state.kept, "sessions", id).then(async (problem) => {
        if (state.session?.id === id) return openAndShow(state, null, problem);
        state.heads = await sessionHeads(state.kept);
        renderList(state);
      }));
    }
  });
  status(state, problem ?? "Starting the rules engine…");
  await engineReady(); // a session's actions and views all come from the engine
  status(state, problem ?? "Ready.");
  if (state.session) await showSession(state);
}

onEveryPage(init);
