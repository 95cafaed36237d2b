// @ts-check
// The Session page's action form: the fields of the chosen action as rulescore describes them
// (session.actions), the action read back as rulescore takes it, the dice a player rolls at
// the table, and a preview of what the action will log before it is done (session.preview).

import { MINUS, element, keypad, withMinus } from "../core/dom.js";
import { askSession, engineLive } from "../engine/engine.js";
import { attackOdds } from "./attack-odds.js";
import { armDefence, attackFieldChanged, defenceAuto, noAttack, noAttackShown, startAttacker, startDefence, startTarget,
  startWeapon, withoutDefence } from "./attack-form.js";
import { partyShown } from "./session-view.js";
import { startOnDeclaredDefence } from "../table/table-panel.js";

/** @typedef {import("./sessions.js").PageState} PageState */

/** The device's saved characters of the open session's game who are not in its party.
 * @param {PageState} state */
function joinable(state) {
  const session = state.session;
  const inParty = new Set(partyShown(state).map((member) => member.id));
  return state.characters.characters.filter((character) => character.system === session?.system
    && !inParty.has(character.id));
}

/** @param {PageState} state */
export function currentAction(state) {
  const select = /** @type {HTMLSelectElement | null} */ (state.root.querySelector("[data-session-action]"));
  return state.actions.find((action) => action.id === select?.value) ?? null;
}

/** The fight in the open session (the GM's view names everyone), or null.
 * @param {PageState} state @returns {Record<string, any> | null} */
export function fightOf(state) {
  return state.views?.gm_view?.fight ?? null;
}

/**
 * The control for one field rulescore describes: party members (one or many), a saved
 * character who may join, someone in the fight, a list of foes, a choice, yes/no or text.
 * @param {PageState} state @param {Record<string, any>} field @param {string} id
 * @param {Record<string, string>} data the attribute naming the field ({"data-field": name})
 * @returns {HTMLElement}
 */
function control(state, field, id, data) {
  const party = partyShown(state);
  const fight = fightOf(state);
  if (field.who === "many") {
    return element("span", { class: "rc-session-members", id, ...data, "data-many": "" },
      party.map((member) => element("label", {}, [
        element("input", { type: "checkbox", value: member.id }), ` ${member.name}`])));
  }
  if (field.who === "one") { // on the first member, or on nobody when the key is optional
    return element("select", { id, ...data },
      [...(field.default === "" ? [element("option", { value: "" }, ["nobody in particular"])] : []),
        ...party.map((member) => element("option", { value: member.id }, [member.name]))]);
  }
  if (field.who === "saved") { // a saved character of the session's game, not in the party
    const newcomers = joinable(state);
    return element("select", { id, ...data, "data-saved": "" }, newcomers.length
      ? newcomers.map((character) => element("option", { value: character.id }, [character.name]))
      : [element("option", { value: "" }, ["none: every saved character is in the party"])]);
  }
  if (field.who === "fighter" || field.who === "foe") { // someone in the fight: on whose turn it is
    const among = (fight?.combatants ?? []).filter((/** @type {Record<string, any>} */ one) =>
      field.who === "fighter" || one.side === "foes");
    const select = element("select", { id, ...data }, [
      ...(field.default === "" ? [element("option", { value: "" }, ["nobody in particular"])] : []),
      ...among.map((/** @type {Record<string, any>} */ one) => element("option", { value: one.id }, [one.name]))]);
    // "who" starts on whose turn it is; another (a target) on the first of the other side still in it.
    const side = among.find((/** @type {Record<string, any>} */ one) => one.id === fight?.current)?.side;
    /** @type {HTMLSelectElement} */ (select).value = field.default === "" ? ""
      : field.who === "fighter" && field.name === "who" ? fight?.current ?? ""
      : among.find((/** @type {Record<string, any>} */ one) => !one.out && one.side !== side)?.id
        ?? among.find((/** @type {Record<string, any>} */ one) => !one.out)?.id ?? "";
    return select;
  }
  if (field.kind === "foes") return foeList(state, field, id, data);
  if (field.kind === "choice") {
    return element("select", { id, ...data }, (field.choices ?? []).map((/** @type {string} */ value) =>
      element("option", value === field.default ? { value, selected: "" } : { value },
        [field.choice_labels?.[value] ?? value])));
  }
  if (field.kind === "bool") {
    return element("input", { type: "checkbox", id, ...data, ...(field.default ? { checked: "" } : {}) });
  }
  return element("input", { type: "text", id, ...data, autocomplete: "off", ...keypad(field),
    value: field.default === null || field.default === undefined ? "" : withMinus(field.default) });
}

/** A field with its label and hint. @param {HTMLElement} made @param {Record<string, any>} field @param {string} id */
function labelled(made, field, id) {
  const label = element("label", { for: id }, [field.label, ...(field.unit ? [` (${field.unit})`] : [])]);
  const hint = field.help ? [element("span", { class: "rc-hint" }, [field.help])] : [];
  return element("div", { class: `rc-field rc-field-${field.kind}` }, [label, made, ...hint]);
}

/**
 * A list of foes, a row for each kind (a name and how many, then each figure). A figure left
 * blank is not sent: rulescore takes the monster's, or the default shown as the placeholder.
 * @param {PageState} state @param {Record<string, any>} field @param {string} id @param {Record<string, string>} data
 */
function foeList(state, field, id, data) {
  const rows = element("div", { class: "rc-foe-rows", "data-foe-rows": "" });
  const list = element("fieldset", { class: "rc-foes", id, ...data, "data-foes": "" }, [
    element("legend", {}, [field.label]), rows,
    element("p", {}, [element("button", { type: "button", "data-action": "add-foe" }, ["Add another kind of foe"])])]);
  const add = () => {
    const n = rows.children.length + 1;
    rows.append(element("div", { class: "rc-foe-row", "data-foe-row": "" }, [
      element("p", { class: "rc-title" }, [element("strong", {}, [`Foes, row ${n}`])]),
      ...(field.fields ?? []).map((/** @type {Record<string, any>} */ inner) => {
        const innerId = `${id}-${n}-${inner.name}`;
        const made = inner.kind === "choice" || inner.kind === "bool" ? control(state, inner, innerId, { "data-foe-field": inner.name })
          : element("input", { type: "text", id: innerId, "data-foe-field": inner.name, autocomplete: "off", ...keypad(inner),
            placeholder: inner.default === null || inner.default === undefined || inner.default === "" ? ""
              : withMinus(inner.default) });
        if (inner.name === "count") /** @type {HTMLInputElement} */ (made).value = "1";
        if (inner.choice_figures) made.addEventListener("change", () => monsterFigures(made, inner.choice_figures));
        if (inner.kind === "choice" && (inner.choices ?? []).length > 30) return filtered(made, inner, innerId);
        return labelled(made, inner, innerId);
      }),
      element("p", { class: "rc-actions" }, [
        // Kept on the GM's shelf as it stands (session-shelf.js): a monster with the GM's changes, a foe typed in.
        element("button", { type: "button", "data-action": "shelf-keep-row" }, ["Keep this foe on the shelf"]),
        ...(n > 1 ? [" ", element("button", { type: "button", "data-action": "remove-foe" }, ["Remove this row"])] : [])]),
    ]));
  };
  add();
  list.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest("button");
    if (target?.dataset.action === "add-foe") {
      add();
      /** @type {HTMLElement | null} */ (rows.lastElementChild?.querySelector("input, select"))?.focus();
    } else if (target?.dataset.action === "remove-foe") {
      target.closest("[data-foe-row]")?.remove();
      /** @type {HTMLElement | null} */ (list.querySelector('[data-action="add-foe"]'))?.focus();
    }
  });
  return list;
}

/**
 * A monster picked from the list fills its row with its figures at once (each still editable)
 * and says its movement and attacks; picking none empties them again.
 * @param {HTMLElement} select @param {Record<string, Record<string, string | number>>} figures by monster id
 */
function monsterFigures(select, figures) {
  const row = select.closest("[data-foe-row]");
  if (!row) return;
  const chosen = figures[/** @type {HTMLSelectElement} */ (select).value] ?? null;
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (row.querySelectorAll("input[data-foe-field]"))) {
    const name = /** @type {string} */ (input.dataset.foeField);
    if (name in (chosen ?? {}) || input.dataset.fromMonster !== undefined) {
      input.value = chosen && name in chosen ? withMinus(chosen[name]) : "";
      input.toggleAttribute("data-from-monster", Boolean(chosen && name in chosen));
    }
  }
  let said = row.querySelector("[data-monster-figures]");
  if (!said) {
    said = element("p", { class: "rc-hint", "data-monster-figures": "", "aria-live": "polite" });
    select.closest(".rc-field")?.after(said);
  }
  said.textContent = chosen ? [`Moves ${chosen.movement}`, `attacks ${chosen.attacks}`, chosen.notes]
    .filter((text) => text && !String(text).endsWith("undefined")).join("; ") + "." : "";
}

/**
 * A long choice (the rulebook's monsters) with a filter above it: typing keeps only the
 * matching choices, the first of them chosen.
 * @param {HTMLElement} made the select @param {Record<string, any>} field @param {string} id
 */
function filtered(made, field, id) {
  const select = /** @type {HTMLSelectElement} */ (made);
  const all = [...select.options].map((option) => [option.value, option.text]);
  const filter = /** @type {HTMLInputElement} */ (element("input", { type: "search", id: `${id}-filter`,
    autocomplete: "off", "data-choice-filter": "", placeholder: "type to filter" }));
  filter.addEventListener("input", () => {
    const wanted = filter.value.trim().toLowerCase();
    const kept = all.filter(([value, text]) => !value || text.toLowerCase().includes(wanted));
    select.replaceChildren(...kept.map(([value, text]) => element("option", { value }, [text])));
    if (wanted && kept.length > 1) select.value = kept[1][0];
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  return element("div", { class: `rc-field rc-field-${field.kind}` }, [
    element("label", { for: `${id}-filter` }, [`${field.label}: filter`]), filter,
    element("label", { for: id }, [field.label]), select,
    ...(field.help ? [element("span", { class: "rc-hint" }, [field.help])] : [])]);
}

/** The chosen action's fields, drawn from rulescore's description of them. @param {PageState} state */
export function buildFields(state) {
  const action = currentAction(state);
  const holder = /** @type {HTMLElement} */ (state.root.querySelector("[data-session-fields]"));
  const help = state.root.querySelector("[data-session-action-help]");
  if (help) help.textContent = action?.help ?? "";
  state.dice = [];
  showDice(state, null);
  holder.replaceChildren(...(action?.fields ?? []).map((/** @type {Record<string, any>} */ field) => {
    const id = `session-field-${field.name}`;
    return labelled(control(state, field, id, { "data-field": field.name }), field, id);
  }));
  // The maneuvers the current fighter may choose now, starting on their last one (or Attack).
  const fight = fightOf(state);
  const maneuver = /** @type {HTMLSelectElement | null} */ (holder.querySelector('select[data-field="maneuver"]'));
  if (maneuver && fight && Array.isArray(fight.maneuvers_open) && fight.maneuvers_open.length) {
    for (const option of [...maneuver.options]) if (!fight.maneuvers_open.includes(option.value)) option.remove();
    const now = fight.combatants.find((/** @type {Record<string, any>} */ one) => one.id === fight.current);
    if (now?.maneuver_default && fight.maneuvers_open.includes(now.maneuver_default)) maneuver.value = now.maneuver_default;
  }
  // An attack starts on someone who may attack now, a target other than them, their weapon and
  // (once the preview knows the defences open) the target's best defence: attack-form.js.
  const attack = action?.do === "attack";
  if (attack) {
    startAttacker(holder, fight);
    startTarget(holder, fight);
    armDefence(holder);
  }
  holder.onchange = (event) => {
    if (attack) attackFieldChanged(holder, /** @type {Element} */ (event.target));
    if (/** @type {Element} */ (event.target).matches('[data-field="who"]')) {
      if (attack) startTarget(holder, fight);
      weaponChoices(holder, fight);
      figuresOf(holder, fight, action?.fields ?? []);
    }
    if (/** @type {Element} */ (event.target).matches('[data-field="who"], [data-field="target"]')) {
      startOnDeclaredDefence(state, holder);
    }
    followConditions(holder, action?.fields ?? []);
  };
  weaponChoices(holder, fight);
  figuresOf(holder, fight, action?.fields ?? []);
  startOnDeclaredDefence(state, holder);
  followConditions(holder, action?.fields ?? []);
}

/**
 * Fields holding a figure of the foe chosen ("figure_of": "who", Change a foe's figures) start on
 * that foe's figures (the GM's view's `foe_row`), so the GM changes only what is wrong.
 * @param {HTMLElement} holder @param {Record<string, any> | null} fight @param {Record<string, any>[]} fields
 */
function figuresOf(holder, fight, fields) {
  for (const field of fields) {
    if (!field.figure_of) continue;
    const chosen = /** @type {HTMLSelectElement | null} */ (holder.querySelector(`[data-field="${CSS.escape(field.figure_of)}"]`))?.value;
    const row = fight?.combatants.find((/** @type {Record<string, any>} */ one) => one.id === chosen)?.foe_row;
    const made = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (holder.querySelector(`[data-field="${CSS.escape(field.name)}"]`));
    if (!row || !made || !(field.name in row)) continue;
    const value = row[field.name];
    if (made instanceof HTMLInputElement && made.type === "checkbox") made.checked = Boolean(value);
    else made.value = value === null || value === undefined ? "" : made instanceof HTMLSelectElement ? String(value) : withMinus(value);
  }
}

/**
 * The attack's Weapon field offers the attacker's own weapons (the fight view's `weapons`, each
 * usage its own, by its `label`: "Spear (Thrust)"), starting on their `weapon_default`; it
 * follows the attacker picked. Outside a fight the field stays as typed.
 * @param {HTMLElement} holder @param {Record<string, any> | null} fight
 */
function weaponChoices(holder, fight) {
  const field = /** @type {HTMLElement | null} */ (holder.querySelector('[data-field="weapon"]'));
  const who = /** @type {HTMLSelectElement | null} */ (holder.querySelector('[data-field="who"]'))?.value;
  const attacker = fight?.combatants.find((/** @type {Record<string, any>} */ one) => one.id === who);
  if (!field || !attacker?.weapons?.length) return;
  // A monster's routine (Basic Fantasy: "2 claws/1 bite") is one choice, first: every attack of it in turn.
  const routine = attacker.weapons.filter((/** @type {Record<string, any>} */ weapon) => weapon.routine);
  const select = element("select", { id: field.id, "data-field": "weapon" }, [
    ...(routine.length > 1 ? [element("option", { value: "" }, [`Whole routine: ${routine.map(
      (/** @type {Record<string, any>} */ weapon) => weapon.name).join(", ")}`])] : []),
    ...attacker.weapons.map((/** @type {Record<string, any>} */ weapon) => element("option", { value: String(weapon.index) }, [
      [weapon.label ?? weapon.name, weapon.damage ? withMinus(weapon.damage) : "",
        weapon.skill !== null && weapon.skill !== undefined ? `skill ${weapon.skill}` : ""].filter(Boolean).join(", ")]))]);
  startWeapon(/** @type {HTMLSelectElement} */ (select), attacker);
  field.replaceWith(select);
}

/**
 * Fields rulescore shows only for some values of another ("shown_when": {field: [values]}) are
 * hidden otherwise (and not sent), and a choice whose list depends on another field
 * ("choices_when": {field: {value: [choices]}}) offers that value's list.
 * @param {HTMLElement} holder @param {Record<string, any>[]} fields
 */
function followConditions(holder, fields) {
  const valueOf = (/** @type {string} */ name) =>
    /** @type {HTMLSelectElement | null} */ (holder.querySelector(`[data-field="${CSS.escape(name)}"]`))?.value ?? "";
  for (const field of fields) {
    const made = /** @type {HTMLSelectElement | null} */ (holder.querySelector(`[data-field="${CSS.escape(field.name)}"]`));
    const box = /** @type {HTMLElement | null} */ (made?.closest(".rc-field") ?? null);
    if (!made || !box) continue;
    box.hidden = Object.entries(field.shown_when ?? {}).some(([other, values]) =>
      !/** @type {string[]} */ (values).includes(valueOf(other)));
    for (const [other, lists] of Object.entries(field.choices_when ?? {})) {
      const wanted = /** @type {string[] | undefined} */ (lists[valueOf(other)]);
      if (!wanted || [...made.options].map((option) => option.value).join(" ") === wanted.join(" ")) continue;
      made.replaceChildren(...wanted.map((value) => element("option", { value }, [field.choice_labels?.[value] ?? value])));
    }
  }
}

/** A row of foes as rulescore takes it: the figures given, blank ones left to rulescore.
 * @param {Element} row */
export function readFoe(row) {
  /** @type {Record<string, unknown>} */
  const foe = {};
  for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (row.querySelectorAll("[data-foe-field]"))) {
    const name = /** @type {string} */ (input.dataset.foeField);
    if (input instanceof HTMLInputElement && input.type === "checkbox") foe[name] = input.checked;
    else if (input.value.trim() !== "") foe[name] = input.value.trim().replace(MINUS, "-");
  }
  return foe;
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
    if (/** @type {HTMLElement | null} */ (control.closest(".rc-field"))?.hidden) continue; // not for this choice
    if (control.dataset.foes !== undefined) {
      built[name] = [...control.querySelectorAll("[data-foe-row]")].map(readFoe);
    } else if (control.dataset.many !== undefined) {
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
  // Whose turn this screen shows: a Next turn tapped before another tab's caught up ends no one else's.
  const current = state.views?.gm_view?.fight?.current;
  if (built.do === "next_turn" && current) built.current = current;
  return built;
}

/**
 * The field a refusal names ("weapon", "target"), focused, as the Characters page does: what to
 * change is where the reader is; the refusal itself is said at [data-session-message].
 * @param {PageState} state @param {string | null | undefined} field
 */
export function focusRefused(state, field) {
  const refused = field ? state.root.querySelector(`[data-session-fields] [data-field="${CSS.escape(field)}"]`) : null;
  if (refused instanceof HTMLElement && !refused.closest("[hidden]")) refused.focus();
}

/**
 * Asks for the roll the rules want next, by whose roll it is and what for (the engine's
 * `need.text`, "Goblin 1's attack roll (to hit Bruno): roll 3d6"), one field a die. Enter
 * moves to the next die, and in the last one carries on as "Do it" does.
 * @param {PageState} state @param {{count: number, sides: number, for?: string, text?: string} | null} need
 */
export function showDice(state, need) {
  const holder = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-dice]"));
  if (!holder) return;
  holder.hidden = !need;
  if (!need) return holder.replaceChildren();
  const done = state.dice.map((faces) => faces.join(" ")).join("; ");
  const asked = need.text || `Roll ${need.count}d${need.sides}`;
  const die = (/** @type {number} */ i) =>
    `${need.for ? `${need.for}: die` : "Die"} ${i + 1} of ${need.count}, 1 to ${need.sides}`;
  holder.replaceChildren(
    element("p", { "data-dice-asked": "" }, [asked + (done ? ` (rolled so far: ${done})` : "") + "."]),
    element("p", { class: "rc-session-faces" }, Array.from({ length: need.count }, (_, i) => element("input", {
      type: "text", inputmode: "numeric", enterkeyhint: i + 1 < need.count ? "next" : "go",
      "aria-label": die(i),
      "data-face": "", "data-sides": String(need.sides), autocomplete: "off" }))),
  );
  holder.onkeydown = (event) => {
    const face = /** @type {Element} */ (event.target);
    if (event.key !== "Enter" || !face.matches("[data-face]")) return;
    event.preventDefault();
    const next = /** @type {HTMLInputElement | null} */ (face.nextElementSibling);
    if (next?.matches("[data-face]")) next.focus();
    else /** @type {HTMLButtonElement | null} */ (state.root.querySelector('[data-action="apply-action"]'))?.click();
  };
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
  const cannot = noAttack(fightOf(state), action); // an attacker who cannot attack now: rulescore says why
  holder.toggleAttribute("data-stale", Boolean(session && action && engineLive()) && !cannot); // kept until the answer
  if (cannot) {
    holder.hidden = false;
    holder.replaceChildren(noAttackShown(cannot));
    return;
  }
  if (!session || !action || !engineLive()) {
    holder.hidden = true;
    return;
  }
  let answer = await askSession({ op: "preview", action, gm: state.gm }, session);
  if (asked !== state.previews) return; // the form changed again meanwhile
  if (!answer?.ok && ["defence", "retreat", "second_defence"].includes(String(answer?.field)) && defenceAuto(state, action)) {
    // The defence the form started on is not open to this target: the defences open, then the best of
    // them (a game whose preview lists none, SHELL, keeps the refusal: the GM picks another).
    const open = await askSession({ op: "preview", action: withoutDefence(action), gm: state.gm }, session);
    if (asked !== state.previews) return;
    if (Array.isArray(open?.attack?.defences)) answer = open;
  }
  const lines = /** @type {string[]} */ (answer?.ok ? answer.lines ?? [] : []);
  holder.removeAttribute("data-stale");
  holder.hidden = !lines.length && !answer?.rolls;
  holder.replaceChildren(
    element("span", { class: "rc-session-preview-title" }, ["Will be logged: "]),
    ...lines.map((line) => element("span", { class: "rc-session-preview-line" }, [line, " "])),
    ...(answer?.ok && answer.rolls ? [element("span", {}, [lines.length ? "Then the dice decide the rest."
      : "the dice decide what happens."])] : []),
    ...(answer?.ok && answer.attack ? [attackOdds(/** @type {Record<string, any>} */ (answer.attack))] : []));
  if (answer?.ok && answer.attack) {
    holder.hidden = false;
    // The target's side picks among the defences it can make: the others are not offered, and
    // until the GM picks one the form starts on the best (or on the one the target's player declared).
    startDefence(state, answer.attack);
    const fields = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-fields]"));
    if (fields) followConditions(fields, currentAction(state)?.fields ?? []);
    // A second defence only for a target in All-Out Defense (Double Defense); hidden, it is not sent.
    const second = state.root.querySelector('[data-field="second_defence"]')?.closest(".rc-field");
    if (second instanceof HTMLElement && !answer.attack.double_defence) second.hidden = true;
  }
}

