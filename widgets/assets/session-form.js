// @ts-check
// The Session page's action form: the fields of the chosen action as rulescore describes them
// (session.actions), the action read back as rulescore takes it, the dice a player rolls at
// the table, and a preview of what the action will log before it is done (session.preview).

import { MINUS, element, withMinus } from "./dom.js";
import { askSession, engineLive } from "./engine.js";

/** @typedef {import("./sessions.js").PageState} PageState */

/** The device's saved characters of the open session's game who are not in its party.
 * @param {PageState} state */
function joinable(state) {
  const session = state.session;
  const inParty = new Set((session?.state.party ?? []).map((/** @type {{id: string}} */ member) => member.id));
  return state.characters.characters.filter((character) => character.system === session?.system
    && !inParty.has(character.id));
}

/** @param {PageState} state */
export function currentAction(state) {
  const select = /** @type {HTMLSelectElement | null} */ (state.root.querySelector("[data-session-action]"));
  return state.actions.find((action) => action.id === select?.value) ?? null;
}

/** The chosen action's fields, drawn from rulescore's description of them. @param {PageState} state */
export function buildFields(state) {
  const action = currentAction(state);
  const holder = /** @type {HTMLElement} */ (state.root.querySelector("[data-session-fields]"));
  const help = state.root.querySelector("[data-session-action-help]");
  if (help) help.textContent = action?.help ?? "";
  const party = /** @type {Record<string, any>[]} */ (state.session?.state.party ?? []);
  state.dice = [];
  showDice(state, null);
  holder.replaceChildren(...(action?.fields ?? []).map((/** @type {Record<string, any>} */ field) => {
    const id = `session-field-${field.name}`;
    const label = element("label", { for: id }, [field.label, ...(field.unit ? [` (${field.unit})`] : [])]);
    /** @type {HTMLElement} */
    let control;
    if (field.who === "many") {
      control = element("span", { class: "rc-session-members", id, "data-field": field.name, "data-many": "" },
        party.map((member) => element("label", {}, [
          element("input", { type: "checkbox", value: member.id }), ` ${member.name}`])));
    } else if (field.who === "one") { // on the first member, or on nobody when the key is optional
      control = element("select", { id, "data-field": field.name },
        [...(field.default === "" ? [element("option", { value: "" }, ["nobody in particular"])] : []),
          ...party.map((member) => element("option", { value: member.id }, [member.name]))]);
    } else if (field.who === "saved") { // a saved character of the session's game, not in the party
      const newcomers = joinable(state);
      control = element("select", { id, "data-field": field.name, "data-saved": "" }, newcomers.length
        ? newcomers.map((character) => element("option", { value: character.id }, [character.name]))
        : [element("option", { value: "" }, ["none: every saved character is in the party"])]);
    } else if (field.kind === "choice") {
      control = element("select", { id, "data-field": field.name }, (field.choices ?? []).map((/** @type {string} */ value) =>
        element("option", value === field.default ? { value, selected: "" } : { value },
          [field.choice_labels?.[value] ?? value])));
    } else if (field.kind === "bool") {
      control = element("input", { type: "checkbox", id, "data-field": field.name, ...(field.default ? { checked: "" } : {}) });
    } else {
      control = element("input", { type: "text", id, "data-field": field.name, autocomplete: "off",
        inputmode: field.min !== null && field.min >= 0 ? (field.kind === "int" ? "numeric" : "decimal") : "text",
        value: field.default === null || field.default === undefined ? "" : withMinus(field.default) });
    }
    const hint = field.help ? [element("span", { class: "rc-hint" }, [field.help])] : [];
    return element("div", { class: `rc-field rc-field-${field.kind}` }, [label, control, ...hint]);
  }));
}

/** The action as rulescore takes it: the fixed keys, then each field as entered (text is
 * read by rulescore, which says what is wrong with it). @param {PageState} state */
export function readAction(state) {
  const action = currentAction(state);
  if (!action) return null;
  /** @type {Record<string, unknown>} */
  const built = { do: action.do, ...(action.fixed ?? {}) };
  for (const control of /** @type {NodeListOf<HTMLElement>} */ (state.root.querySelectorAll("[data-session-fields] [data-field]"))) {
    const name = /** @type {string} */ (control.dataset.field);
    if (control.dataset.many !== undefined) {
      built[name] = [...control.querySelectorAll("input:checked")].map((box) => /** @type {HTMLInputElement} */ (box).value);
    } else if (control instanceof HTMLInputElement && control.type === "checkbox") built[name] = control.checked;
    else {
      const value = /** @type {HTMLInputElement | HTMLSelectElement} */ (control).value.trim();
      if (control.dataset.saved !== undefined) {
        const chosen = joinable(state).find((character) => character.id === value);
        if (chosen) built[name] = { id: chosen.id, name: chosen.name, system: chosen.system, fields: chosen.fields };
      } else if (value !== "") built[name] = value.replace(MINUS, "-");
    }
  }
  return built;
}

/** @param {PageState} state @param {{count: number, sides: number} | null} need */
export function showDice(state, need) {
  const holder = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-dice]"));
  if (!holder) return;
  holder.hidden = !need;
  if (!need) return holder.replaceChildren();
  const done = state.dice.map((faces) => faces.join(" ")).join("; ");
  holder.replaceChildren(
    element("p", {}, [`Roll ${need.count}d${need.sides}` + (done ? ` (rolled so far: ${done})` : "") + ":"]),
    element("p", { class: "rc-session-faces" }, Array.from({ length: need.count }, (_, i) => element("input", {
      type: "text", inputmode: "numeric", "aria-label": `Die ${i + 1} of ${need.count}, 1 to ${need.sides}`,
      "data-face": "", "data-sides": String(need.sides), autocomplete: "off" }))),
  );
  /** @type {HTMLInputElement | null} */ (holder.querySelector("[data-face]"))?.focus();
}


/**
 * Shows what the action as filled in now would log, before it is done: the engine applies it
 * to a copy (session.preview) and stops at its first roll. Nothing is shown while the form
 * cannot be read yet (a required field empty) or the engine is still starting.
 * @param {PageState} state
 */
export async function showPreview(state) {
  const holder = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-preview]"));
  const session = state.session;
  const action = readAction(state);
  const asked = ++state.previews;
  if (!holder) return;
  if (!session || !action || !engineLive()) {
    holder.hidden = true;
    return;
  }
  const answer = await askSession({ op: "preview", state: session.state, action });
  if (asked !== state.previews) return; // the form changed again meanwhile
  const lines = /** @type {string[]} */ (answer?.ok ? answer.lines ?? [] : []);
  holder.hidden = !lines.length && !answer?.rolls;
  holder.replaceChildren(
    element("span", { class: "rc-session-preview-title" }, ["Will be logged: "]),
    ...lines.map((line) => element("span", { class: "rc-session-preview-line" }, [line, " "])),
    ...(answer?.ok && answer.rolls ? [element("span", {}, [lines.length ? "then the dice decide the rest."
      : "the dice decide what happens."])] : []));
}
