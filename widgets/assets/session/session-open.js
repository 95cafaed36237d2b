// @ts-check
// The Session page's saved sessions and the open one: the list, a new session started for a
// party, a session opened (on this device: the GM screens show it), and the open session's
// page built and shown from the engine's views.

import { SYSTEM_NAMES, newId } from "../kept/documents.js";
import { button, element } from "../core/dom.js";
import { askSession, engineLive } from "../engine/engine.js";
import { draw, fillActions, openSession, saidProblem, shownParts, status } from "./session-draw.js";
import { drawTable, endTable, newTable, restoreSeats, tableSection, waitingLine } from "../table/table-panel.js";
import { changeMeta, put, sessionHeads } from "../kept/store.js";
import { loadShelf, shelfSection } from "./session-shelf.js";
import { resetMap } from "../map/map-sheet.js";

/** @typedef {import("../kept/documents.js").Session} Session */
/** @typedef {import("../../engine-messages.js").SessionResponse} SessionResponse */
/** @typedef {import("./sessions.js").PageState} PageState */

// --- Saved sessions and starting one --------------------------------------------------------

/** @param {PageState} state */
export function renderList(state) {
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
export function fillParties(state) {
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
export async function startSession(state) {
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
export async function openAndShow(state, session, problem, answer) {
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

/** @param {PageState} state @param {SessionResponse} [answer] the engine's answer for its state, if at hand */
export async function showSession(state, answer) {
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
  loadShelf(state); // drawn once read
  drawTable(state);
  restoreSeats(state); // the seats kept from before a reload, each one "Invite again" away
  status(state, `${session.name}: saved on this device after every action.`);
}

// --- The open session ------------------------------------------------------------------------

/** @param {PageState} state @param {Session} session */
function buildActive(state, session) {
  const active = /** @type {HTMLElement} */ (state.root.querySelector("[data-session-active]"));
  if (state.map) resetMap(state.map); // another session's map: drawn anew, fitted to its drawing
  active.replaceChildren(
    // On a phone the head is one line (name, clock, Next turn); the summary opens on a tap.
    element("div", { class: "rc-session-head" }, [
      element("div", { class: "rc-session-headline" }, [
        element("h2", { "data-session-name": "", tabindex: "-1" }, [session.name]),
        element("p", { class: "rc-session-clock", "data-session-clock": "" }),
        // In a fight, Next turn stays in sight beside the name (one-handed on a phone, the panel scrolled away).
        button("next-turn", "Next turn", { "data-head-next-turn": "", "aria-keyshortcuts": "Alt+N", hidden: "" }),
        button("toggle-head", "More", { "data-head-toggle": "", "aria-expanded": "false",
          // Its name begins with the word it shows (WCAG 2.5.3: a voice user says what they see).
          "aria-controls": "session-summary", "aria-label": "More: the lights and the party" })]),
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
    ...(state.map ? [state.map.root] : []), // the party's map, under the actions
    shelfSection(),
    tableSection(),
    element("h3", {}, ["Log"]),
    element("ol", { class: "rc-session-log", "data-session-log": "", reversed: "" }),
    element("p", {}, [button("log-more", "Show the whole log", { "data-session-log-more": "", hidden: "" })]),
  );
  fillActions(state);
}
