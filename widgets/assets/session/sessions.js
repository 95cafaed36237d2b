// @ts-check
// The Session page: a game session kept by rulescore.session in the engine. It knows no rule:
// the actions and their fields come from rulescore (session.actions), every change is an
// engine answer (the new state and both views), and the page draws the view it is given.
// Each session is a record in the store (store.js), saved after every action. An action is
// applied to the newest state of the session, read again just before (another tab may have
// moved it on): it is appended to the log, never written over the other tab's actions; if
// it makes no sense there any more, the page says so and nothing is lost. Other tabs'
// actions show here as they happen.

import { storageAlert } from "../kept/backup.js";
import { SYSTEM_NAMES, newId } from "../kept/documents.js";
import { button, confirmThen, element, onEveryPage } from "../core/dom.js";
import { askSession, engineLive, engineReady } from "../engine/engine.js";
import { openAction, renderFight } from "./fight-panel.js";
import { buildFields, fightOf, focusRefused, readAction, showDice, showPreview } from "./session-form.js";
import { partyShown, renderView } from "./session-view.js";
import { offerWriteBack } from "./session-write-back.js";
import { seatsToTell, tableAction, tableChanged, tellSeats, watchTable } from "../table/table-gm.js";
import { drawTable, endTable, newTable, restoreSeats, tableSection, waitingLine } from "../table/table-panel.js";
import { all, changeMeta, closeStore, get, getMeta, listen, openStore, put, remove, sessionHeads, update } from "../kept/store.js";

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
 * @property {import("../table/table-panel.js").Table} table the players' phones connected to the open session
 * @property {{action: Record<string, unknown>, done: (answer: SessionResponse | null) => void} | null} [forPhone]
 *   a phone's request whose rolls the GM is giving in the dice field (with "I roll my own dice")
 */


/** @param {PageState} state */
function openSession(state) {
  return state.session;
}

/** @param {PageState} state @param {string} text */
function status(state, text) {
  const line = state.root.querySelector("[data-session-status]");
  if (line) line.textContent = text;
}

// --- Saved sessions and starting one --------------------------------------------------------

/** @param {PageState} state */
function renderList(state) {
  const list = /** @type {HTMLElement} */ (state.root.querySelector("[data-session-list]"));
  const sessions = state.heads;
  list.replaceChildren(...(sessions.length ? [
    element("p", { class: "rc-title" }, [element("strong", {}, ["Saved sessions"])]),
    element("ul", { class: "rc-roster-list" }, sessions.map((s) => element("li", { "data-session-id": s.id }, [
      element("span", { class: "rc-roster-name" }, [s.name]), ` ${SYSTEM_NAMES[s.system]}, `,
      element("span", {}, [`saved ${s.updated.slice(0, 16).replace("T", " ")}`]), " ",
      s.id === state.session?.id ? element("strong", {}, ["open"]) : button("resume-session", "Resume", { "data-id": s.id }),
      " ", button("delete-session", "Delete", { "data-id": s.id }),
    ]))),
  ] : []));
}

/** @param {PageState} state */
function fillParties(state) {
  const system = /** @type {HTMLSelectElement} */ (state.root.querySelector('[name="session_system"]')).value;
  const select = /** @type {HTMLSelectElement} */ (state.root.querySelector("[data-session-party]"));
  const store = state.characters;
  const everyone = store.characters.filter((c) => c.system === system);
  select.replaceChildren(
    ...store.parties.filter((p) => p.system === system && p.members.length)
      .map((p) => element("option", { value: `p:${p.id}` }, [p.name])),
    ...(everyone.length ? [element("option", { value: "all" }, [`Every ${SYSTEM_NAMES[/** @type {"bfrpg"} */ (system)]} character`])] : []),
    element("option", { value: "none" }, ["Nobody yet (time and light only)"]));
}

/** @param {PageState} state */
async function startSession(state) {
  const root = state.root;
  const system = /** @type {HTMLSelectElement} */ (root.querySelector('[name="session_system"]')).value;
  const choice = /** @type {HTMLSelectElement} */ (root.querySelector("[data-session-party]")).value;
  const nameField = /** @type {HTMLInputElement} */ (root.querySelector('[name="session_name"]'));
  const error = /** @type {HTMLElement} */ (root.querySelector("[data-session-new-error]"));
  const store = state.characters;
  const ids = choice.startsWith("p:") ? store.parties.find((p) => `p:${p.id}` === choice)?.members ?? []
    : choice === "all" ? store.characters.filter((c) => c.system === system).map((c) => c.id) : [];
  const party = ids.map((id) => store.characters.find((c) => c.id === id)).filter((c) => c !== undefined);
  if (!engineLive()) status(state, "Waiting for the rules engine to start: the session begins as soon as it is up…");
  const answer = await askSession({ op: "new", system, party });
  if (!answer || !answer.ok || !answer.state) {
    error.hidden = false;
    error.textContent = answer?.message ?? "The rules engine could not start, so no session was begun: try again.";
    return;
  }
  error.hidden = true;
  const name = nameField.value.trim() || `Session ${state.heads.length + 1}`;
  /** @type {Session} */
  const session = { id: newId("s"), name, system: /** @type {"bfrpg"} */ (system), updated: new Date().toISOString(),
    state: answer.state };
  const written = await put(state.kept, "sessions", session, 0);
  if (!("record" in written)) return;
  nameField.value = "";
  await openAndShow(state, written.record, written.problem, answer);
  // Start did something: the new session is where the reader looks, its name focused.
  state.root.querySelector("[data-session-active]")?.scrollIntoView({ block: "start" });
  /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-name]"))?.focus({ preventScroll: true });
}

/** Makes `session` the open one (on this device: the GM screens show it) and shows it.
 * @param {PageState} state @param {Session | null} session @param {string | null} problem
 * @param {SessionResponse} [answer] */
async function openAndShow(state, session, problem, answer) {
  if (session?.id !== state.session?.id) { // another session: the phones' seats were at that one
    endTable(state.table);
    state.table = newTable();
  }
  state.session = session;
  const meta = await changeMeta(state.kept, "open-session", () => session?.id ?? null);
  state.heads = await sessionHeads(state.kept);
  await showSession(state, answer);
  saidProblem(state, problem ?? meta.problem);
}

/** What could not be saved, said above the session with the backup at hand.
 * @param {PageState} state @param {string | null} problem */
function saidProblem(state, problem) {
  storageAlert(state.kept, state.root, problem ?? state.kept.problem);
}

// Actions that only make sense in a fight; outside one the form offers "Start a fight" instead.
/** The actions the form offers now: those rulescore says can be taken (the view's actions_now: no
 * time passing in a fight, no fight actions outside one...); none before the engine's first view
 * (the page and the engine always come from the same version of the site). @param {PageState} state */
function offered(state) {
  const now = state.views?.gm_view?.actions_now ?? [];
  return state.actions.filter((action) => now.includes(action.id));
}

/** Fills the action picker (keeping the chosen action when it is still offered) and its fields.
 * @param {PageState} state */
function fillActions(state) {
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
 * for it, else its newest entries. @param {PageState} state */
function shownParts(state) {
  return { whole_log: /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-log-more]"))
    ?.dataset.open !== undefined };
}

/** The open session's views again, with the whole log or its newest entries, drawn.
 * @param {PageState} state */
async function redrawLog(state) {
  const session = openSession(state);
  const answer = session ? await askSession({ op: "view", ...shownParts(state) }, session) : null;
  if (!answer?.ok || state.session !== session) return;
  state.views = { view: answer.view, gm_view: answer.gm_view };
  draw(state);
}

/** Draws the view shown: the session, and its fight. @param {PageState} state */
function draw(state) {
  // The players' view is what a player may see and do: the GM's controls go (calculators.css).
  state.root.querySelector("[data-session-active]")?.toggleAttribute("data-players-view", !state.gm);
  renderView(state);
  const view = state.views ? (state.gm ? state.views.gm_view : state.views.view) : null;
  if (view) renderFight(state, view);
}

/** @param {PageState} state @param {SessionResponse} [answer] the engine's answer for its state, if at hand */
async function showSession(state, answer) {
  const session = openSession(state);
  const active = /** @type {HTMLElement} */ (state.root.querySelector("[data-session-active]"));
  const other = /** @type {HTMLDetailsElement} */ (state.root.querySelector("[data-session-other]"));
  renderList(state);
  other.open = !session; // an open session takes the top; the list and the new-session form fold away
  if (!session) {
    active.hidden = true;
    return;
  }
  const [views, actions] = await Promise.all([
    answer ?? askSession({ op: "view", ...shownParts(state) }, session),
    askSession({ op: "actions", system: session.system }),
  ]);
  if (!views || !views.ok || !actions || !actions.ok) {
    return status(state, `This session cannot be shown: ${views?.message ?? actions?.message ?? "no engine"}`);
  }
  if (views.stamp) session.stamp = views.stamp; // the engine holds this state from now on
  state.views = { view: views.view, gm_view: views.gm_view };
  state.actions = actions.actions ?? [];
  active.hidden = false;
  buildActive(state, session);
  draw(state);
  drawTable(state);
  restoreSeats(state); // the seats kept from before a reload, each one "Invite again" away
  status(state, `${session.name}: saved on this device after every action.`);
}

// --- The open session ------------------------------------------------------------------------

/** @param {PageState} state @param {Session} session */
function buildActive(state, session) {
  const active = /** @type {HTMLElement} */ (state.root.querySelector("[data-session-active]"));
  active.replaceChildren(
    // On a phone the head is one line (name, clock, Next turn); the summary opens on a tap.
    element("div", { class: "rc-session-head" }, [
      element("div", { class: "rc-session-headline" }, [
        element("h2", { "data-session-name": "", tabindex: "-1" }, [session.name]),
        element("p", { class: "rc-session-clock", "data-session-clock": "" }),
        // In a fight, Next turn stays in sight beside the name (one-handed on a phone, the panel scrolled away).
        button("next-turn", "Next turn", { "data-head-next-turn": "", "aria-keyshortcuts": "Alt+N", hidden: "" }),
        button("toggle-head", "More", { "data-head-toggle": "", "aria-expanded": "false",
          "aria-controls": "session-summary", "aria-label": "Show the lights and the party" })]),
      waitingLine(), // a phone's request waiting for the GM, in sight wherever the page is scrolled
      element("p", { class: "rc-session-summary", "data-session-summary": "", id: "session-summary" }),
    ]),
    element("p", { class: "rc-actions rc-session-controls" }, [
      button("toggle-gm", state.gm ? "GM view" : "Players' view", { "aria-pressed": String(state.gm),
        "data-session-view": state.gm ? "gm" : "players" }),
      button("undo", "Undo"), button("redo", "Redo"), button("export-log", "Export the log"),
      button("write-back", "Write wounds back to the characters"), button("close-session", "Close"),
    ]),
    element("div", { class: "rc-import", "data-write-back": "", hidden: "", role: "region", "aria-label": "Write back" }),
    element("div", { class: "rc-session-lights", "data-session-lights": "" }),
    element("div", { class: "rc-session-characters", "data-session-characters": "" }),
    element("section", { class: "rc-fight", "data-fight": "", hidden: "", "aria-label": "The fight" }),
    element("ul", { class: "rc-session-due", "data-session-due": "" }),
    element("form", { class: "rc-session-act", "data-session-act": "", novalidate: "" }, [
      element("div", { class: "rc-field" }, [element("label", { for: "session-action" }, ["Action"]),
        element("select", { id: "session-action", "data-session-action": "" })]),
      element("p", { class: "rc-hint", "data-session-action-help": "" }),
      element("div", { class: "rc-session-fields", "data-session-fields": "" }),
      element("p", { class: "rc-own-dice" }, [element("label", {}, [
        element("input", { type: "checkbox", "data-own-dice": "" }), " I roll my own dice"])]),
      element("div", { class: "rc-session-dice", "data-session-dice": "", hidden: "" }),
      element("p", { class: "rc-session-preview", id: "session-preview", "data-session-preview": "", hidden: "" }),
      element("p", { class: "rc-actions" }, [button("apply-action", "Do it", { "aria-describedby": "session-preview" })]),
      element("p", { class: "rc-error", "data-session-message": "", hidden: "", role: "alert" }),
    ]),
    tableSection(),
    element("h3", {}, ["Log"]),
    element("ol", { class: "rc-session-log", "data-session-log": "", reversed: "" }),
    element("p", {}, [button("log-more", "Show the whole log", { "data-session-log-more": "", hidden: "" })]),
  );
  fillActions(state);
}

/** @param {PageState} state */
async function applyAction(state) {
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
async function applyForPhone(state, action, dice) {
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
 * @param {PageState} state @param {Record<string, unknown>} request
 * @returns {Promise<SessionResponse | null>}
 */
async function act(state, request) {
  const shown = state.session;
  const message = /** @type {HTMLElement} */ (state.root.querySelector("[data-session-message]"));
  if (!shown) return null;
  if (!engineLive()) status(state, "Waiting for the rules engine to start: your action follows as soon as it is up…");
  /** @type {SessionResponse | null} */
  let answer = null;
  let moved = false;
  const party = partyOf(state);
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
  }, shown);
  const reply = /** @type {SessionResponse | null} */ (answer);
  if (!written) {
    if (reply?.need) return reply;
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

/** The open session as kept now (another tab's actions included), shown.
 * @param {PageState} state */
async function follow(state) {
  const id = state.session?.id;
  if (!id) return;
  const fresh = await get(state.kept, "sessions", id);
  if (!fresh) return openAndShow(state, null, null);
  if (fresh.rev === state.session?.rev) return;
  const answer = await askSession({ op: "view", ...shownParts(state) }, fresh);
  if (!answer || !answer.ok || state.session?.id !== id) return;
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
  // The last preview spoke of the action just done: gone at once, the new one follows.
  const preview = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-preview]"));
  if (preview) preview.hidden = true;
  previewSoon(state);
}

/** Next turn: the action form on "next_turn", done at once (asking for the table's dice when
 * they roll their own). @param {PageState} state */
function nextTurn(state) {
  const select = /** @type {HTMLSelectElement | null} */ (state.root.querySelector("[data-session-action]"));
  if (!select) return;
  if (select.value !== "next_turn") {
    select.value = "next_turn";
    buildFields(state);
  }
  applyAction(state);
}

/** A preview once the reader pauses typing. @param {PageState} state */
function previewSoon(state) {
  clearTimeout(state.previewTimer);
  state.previewTimer = window.setTimeout(() => showPreview(state), 250);
}

/** @param {PageState} state */
async function exportLog(state) {
  const session = openSession(state);
  const answer = session ? await askSession({ op: "view", whole_log: true }, session) : null;
  const view = answer?.ok ? answer.gm_view : null;
  if (!session || !view) return;
  const text = [`${session.name} (${SYSTEM_NAMES[session.system]})`, "",
    ...view.log.map((/** @type {Record<string, any>} */ e) => `${e.at}: ${e.text}`)].join("\n") + "\n";
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
    actions: [], views: null, dice: [], gm: true, root, previews: 0, previewTimer: 0, table: newTable() };
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
