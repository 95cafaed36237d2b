// @ts-check
// The Session page's attack form starts right (issue 42): on an attacker who may attack now,
// a target who is not the attacker, the attacker's own weapon (the fight view's
// `weapon_default`: their last one in this fight, else their best) and the best defence the
// target can make (the preview's `defence_best`, or "none" where none is open), a defence the
// target's player declared on their phone still winning over it. An attacker who cannot attack
// now gets rulescore's reason (`no_attack`) instead of a preview.

import { element } from "../core/dom.js";
import { startOnDeclaredDefence } from "../table/table-panel.js";

/** @typedef {import("./sessions.js").PageState} PageState */

/** @param {Record<string, any> | null} fight @param {string | undefined} id */
function combatant(fight, id) {
  return fight?.combatants.find((/** @type {Record<string, any>} */ one) => one.id === id) ?? null;
}

/** @param {HTMLElement} holder @param {string} name */
function select(holder, name) {
  return /** @type {HTMLSelectElement | null} */ (holder.querySelector(`select[data-field="${name}"]`));
}

/**
 * The attacker starts on whose turn it is when they may attack now, else on the first in the
 * fight who may (someone waiting); nobody may: on whose turn it is, and the preview says why.
 * @param {HTMLElement} holder @param {Record<string, any> | null} fight
 */
export function startAttacker(holder, fight) {
  const who = select(holder, "who");
  if (!who || !fight || !combatant(fight, who.value)?.no_attack) return;
  const able = fight.combatants.find((/** @type {Record<string, any>} */ one) => !one.out && !one.no_attack
    && [...who.options].some((option) => option.value === one.id));
  if (able) who.value = able.id;
}

/**
 * The target starts on the first still standing on the other side from the attacker (else anyone
 * else standing), never on the attacker; one the GM picked stays while it is someone else.
 * @param {HTMLElement} holder @param {Record<string, any> | null} fight
 */
export function startTarget(holder, fight) {
  const target = select(holder, "target");
  const who = select(holder, "who")?.value;
  if (!target || !fight || !who || (target.dataset.picked !== undefined && target.value !== who)) return;
  const side = combatant(fight, who)?.side;
  const others = fight.combatants.filter((/** @type {Record<string, any>} */ one) => one.id !== who && !one.out
    && [...target.options].some((option) => option.value === one.id));
  const chosen = others.find((/** @type {Record<string, any>} */ one) => one.side !== side) ?? others[0];
  if (chosen) target.value = chosen.id;
}

/** The Weapon starts on the attacker's `weapon_default` (null: the form's first choice).
 * @param {HTMLSelectElement} weapon @param {Record<string, any>} attacker */
export function startWeapon(weapon, attacker) {
  const start = attacker.weapon_default;
  if (start !== null && start !== undefined && [...weapon.options].some((option) => option.value === String(start))) {
    weapon.value = String(start);
  }
}

/**
 * Follows the GM's changes on the attack form: a defence (or retreat) picked stays as picked; a
 * new attacker, target or weapon starts the defence on the best again, and a target picked stays.
 * @param {HTMLElement} holder @param {Element} changed
 */
export function attackFieldChanged(holder, changed) {
  const defence = select(holder, "defence");
  if (changed.matches('[data-field="defence"], [data-field="retreat"], [data-field="second_defence"]')) {
    if (defence) delete defence.dataset.defenceAuto;
  } else if (changed.matches('[data-field="who"], [data-field="target"], [data-field="weapon"]')) {
    if (defence) defence.dataset.defenceAuto = "";
  }
  if (changed.matches('[data-field="target"]')) /** @type {HTMLElement} */ (changed).dataset.picked = "";
}

/** A new attack form: its defence starts on the best once the preview knows it. @param {HTMLElement} holder */
export function armDefence(holder) {
  const defence = select(holder, "defence");
  if (defence) defence.dataset.defenceAuto = "";
}

/** Whether the defence is still the form's to choose (the GM has not picked one).
 * @param {PageState} state @param {Record<string, unknown> | null} action */
export function defenceAuto(state, action) {
  return action?.do === "attack"
    && state.root.querySelector('[data-session-fields] select[data-field="defence"]')?.hasAttribute("data-defence-auto") === true;
}

/** The action without the target's defence, to learn the defences open when the one the form
 * started on is not. @param {Record<string, unknown>} action */
export function withoutDefence(action) {
  const rest = { ...action };
  for (const key of ["defence", "retreat", "second_defence"]) delete rest[key];
  return rest;
}

/**
 * The defences the target can make now, the others not offered; while the GM has picked none,
 * the form starts on the best (a defence the target's player declared wins over it).
 * @param {PageState} state @param {Record<string, any>} attack the preview's `attack`
 */
export function startDefence(state, attack) {
  const holder = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-session-fields]"));
  const defence = holder ? select(holder, "defence") : null;
  if (!holder || !defence || !Array.isArray(attack.defences)) return; // a game whose preview lists none (SHELL)
  const open = attack.defences.map((/** @type {Record<string, any>} */ d) => d.id);
  const offered = [...defence.options].map((option) => option.value);
  const best = [attack.defence_best, ...open, "none"].find((one) => one && offered.includes(one)) ?? defence.value;
  for (const option of defence.options) option.disabled = option.value !== "none" && !open.includes(option.value);
  if (defence.dataset.defenceAuto !== undefined) {
    defence.value = best;
    startOnDeclaredDefence(state, holder);
  }
  if (defence.selectedOptions[0]?.disabled) defence.value = best;
}

/** Why the attacker chosen cannot attack now (rulescore's `no_attack`), or null.
 * @param {Record<string, any> | null} fight @param {Record<string, unknown> | null} action */
export function noAttack(fight, action) {
  if (action?.do !== "attack") return null;
  const reason = combatant(fight, /** @type {string | undefined} */ (action.who))?.no_attack;
  return typeof reason === "string" && reason ? reason : null;
}

/** The reason drawn where the preview goes. @param {string} reason */
export function noAttackShown(reason) {
  return element("span", { class: "rc-session-preview-line", "data-no-attack": "" }, [reason]);
}
