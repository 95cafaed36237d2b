// @ts-check
// The player's turn on the Join a table page (issue 36): their maneuver, their attack (whom,
// with which weapon, their own dice if they roll them, the odds shown before they tap) and
// the end of their turn; and, at any time, how they defend when attacked. Each is a request the GM's device checks by the rules; this part
// only draws what the seat's message offers and reads what the player chose.

import { button, element } from "../core/dom.js";
import { attackOdds } from "../session/attack-odds.js";
import { facesExample, facesTyped } from "./table-protocol.js";

/** @param {string} id @param {string} label @param {Element} control @param {string} [hint] */
function field(id, label, control, hint) {
  return element("p", { class: "rc-field" }, [element("label", { for: id }, [label]), " ", control,
    ...(hint ? [" ", element("span", { class: "rc-hint", id: `${id}-hint` }, [hint])] : [])]);
}

/** The turn's section, hidden until it is the seat's turn. */
export function turnSection() {
  return element("section", { class: "rc-table-turn", "data-table-turn": "", hidden: "", "aria-label": "Your turn" }, [
    element("h3", {}, ["Your turn"]),
    element("p", { class: "rc-field", "data-table-maneuver-area": "" }, [element("label", { for: "table-maneuver" },
      ["Maneuver"]), element("select", { id: "table-maneuver", "data-table-maneuver": "" }), " ",
    button("request-maneuver", "Ask for this maneuver")]),
    element("div", { class: "rc-table-attack", "data-table-attack": "", hidden: "" }, [
      element("h4", {}, ["Attack"]),
      field("table-target", "Target", element("select", { id: "table-target", "data-table-target": "" })),
      field("table-weapon", "Weapon", element("select", { id: "table-weapon", "data-table-weapon": "" })),
      // A text keyboard: a phone's numeric keypad has no space to part the faces with.
      field("table-rolled", "Your own dice", element("input", { type: "text", id: "table-rolled", "data-table-rolled": "",
        autocomplete: "off", enterkeyhint: "go", "aria-describedby": "table-rolled-hint" }),
      "each face, e.g. 5 4 3; leave empty for the GM's device to roll"),
      element("div", { class: "rc-table-odds", "data-table-odds": "", "aria-live": "polite" }),
      element("p", {}, [button("request-attack", "Attack")])]),
    // Why there is no attack this turn (surprised, a maneuver without one, nobody left), from rulescore.
    element("p", { class: "rc-table-no-attack", "data-table-no-attack": "", hidden: "" }),
    element("p", {}, [button("request-next-turn", "End my turn")])]);
}

/** @param {HTMLSelectElement} select @param {{id: string, label: string}[]} options */
function offer(select, options) {
  const chosen = select.value;
  select.replaceChildren(...options.map((one) => element("option", { value: one.id }, [one.label])));
  if (options.some((one) => one.id === chosen)) select.value = chosen;
}

/**
 * Draws the turn for a seat message: shown on the seat's own turn, with the maneuvers open
 * (none where the game has none) and the attack's targets and weapons. When a turn begins
 * (`begun`), the maneuver starts on the last one this player took (`last`), else Attack.
 * True when the attack's choices are shown (its odds are then worth asking for).
 * @param {HTMLElement} root @param {Record<string, any>} message @param {boolean} begun @param {string} last
 */
export function drawTurn(root, message, begun, last) {
  const view = message.view;
  const turn = /** @type {HTMLElement} */ (root.querySelector("[data-table-turn]"));
  turn.hidden = !(view.fight && view.fight.current === message.seat);
  const picker = /** @type {HTMLSelectElement} */ (root.querySelector("[data-table-maneuver]"));
  const maneuvers = /** @type {{id: string, label: string}[]} */ (message.maneuvers ?? []);
  offer(picker, maneuvers);
  const start = [last, "attack"].find((id) => maneuvers.some((one) => one.id === id));
  if (begun && start) picker.value = start;
  /** @type {HTMLElement} */ (root.querySelector("[data-table-maneuver-area]")).hidden = !maneuvers.length;
  const attack = /** @type {Record<string, any> | null} */ (message.attack ?? null);
  const area = /** @type {HTMLElement} */ (root.querySelector("[data-table-attack]"));
  area.hidden = !attack || turn.hidden || !attack.targets.length;
  const none = /** @type {HTMLElement} */ (root.querySelector("[data-table-no-attack]"));
  none.hidden = turn.hidden || !message.no_attack;
  none.textContent = message.no_attack ? `No attack this turn: ${message.no_attack}` : "";
  if (area.hidden || !attack) return false;
  offer(/** @type {HTMLSelectElement} */ (root.querySelector("[data-table-target]")),
    attack.targets.map((/** @type {{id: string, name: string}} */ one) => ({ id: one.id, label: one.name })));
  const weapons = attack.weapons.map((/** @type {{index: number, name: string}} */ one) => ({
    id: String(one.index), label: one.name }));
  const weapon = /** @type {HTMLSelectElement} */ (root.querySelector("[data-table-weapon]"));
  offer(weapon, weapons);
  // A turn begins on the weapon this fighter last attacked with, else its best (rulescore's choice).
  if (begun && weapons.some((/** @type {{id: string}} */ one) => one.id === String(attack.weapon_default))) {
    weapon.value = String(attack.weapon_default);
  }
  /** @type {HTMLElement} */ (weapon.closest("p")).hidden = !weapons.length;
  const roll = `${attack.roll.count}d${attack.roll.sides}`;
  /** @type {HTMLElement} */ (root.querySelector('label[for="table-rolled"]')).textContent = `Your own dice (${roll})`;
  /** @type {HTMLElement} */ (root.querySelector("#table-rolled-hint")).textContent = attack.roll.count > 1
    ? `each face, e.g. ${facesExample(attack.roll)}; leave empty for the GM's device to roll`
    : `the face, e.g. ${facesExample(attack.roll)}; leave empty for the GM's device to roll`;
  return true;
}

/**
 * The attack the player has chosen, as the session action and the faces they typed for the
 * game's attack roll (`roll`); or the sentence saying what to fix.
 * @param {HTMLElement} root @param {string} seat @param {{count: number, sides: number}} roll
 * @returns {{action: Record<string, unknown>, rolled: number[]} | {error: string}}
 */
export function attackChosen(root, seat, roll) {
  const target = /** @type {HTMLSelectElement} */ (root.querySelector("[data-table-target]")).value;
  const weapon = /** @type {HTMLSelectElement} */ (root.querySelector("[data-table-weapon]"));
  const typed = /** @type {HTMLInputElement} */ (root.querySelector("[data-table-rolled]")).value;
  const rolled = facesTyped(typed, roll);
  if (!rolled) {
    const faces = roll.count > 1 ? `each of the ${roll.count} faces` : "the face";
    return { error: `Your own dice: give ${faces} of the ${roll.count}d${roll.sides} you rolled, from 1 to ${roll.sides}` +
      ` (e.g. ${facesExample(roll)}), or leave it empty for the GM's device to roll.` };
  }
  const armed = !(/** @type {HTMLElement} */ (weapon.closest("p")).hidden) && weapon.value !== "";
  return { action: { do: "attack", who: seat, target, ...(armed ? { weapon: Number(weapon.value) } : {}) }, rolled };
}

/** Draws an attack's odds (or why there are none) as the GM's device sent them.
 * @param {HTMLElement} root @param {Record<string, any>} message */
export function drawOdds(root, message) {
  const holder = /** @type {HTMLElement} */ (root.querySelector("[data-table-odds]"));
  holder.replaceChildren(message.attack ? attackOdds(message.attack)
    : element("p", {}, [String(message.message ?? "No odds for this attack.")]));
}

/** How the player defends when attacked (GURPS, SHELL: the target's choice), hidden where the
 * game has none. The GM's attack form starts on it. */
export function defenceSection() {
  return element("section", { class: "rc-table-defence", "data-table-defence-area": "", hidden: "",
    "aria-label": "When you are attacked" }, [
    element("h3", {}, ["When you are attacked"]),
    field("table-defence", "I defend with", element("select", { id: "table-defence", "data-table-defence": "" })),
    element("p", { "data-table-retreat-area": "" }, [element("label", {}, [
      element("input", { type: "checkbox", "data-table-retreat": "" }), " and retreat"])]),
  ]);
}

/** @param {HTMLElement} root @param {Record<string, any>} message */
export function drawDefence(root, message) {
  const area = /** @type {HTMLElement} */ (root.querySelector("[data-table-defence-area]"));
  const offered = /** @type {{choices: {id: string, label: string}[], retreat: boolean} | null} */ (message.defence ?? null);
  area.hidden = !offered;
  if (!offered) return;
  const select = /** @type {HTMLSelectElement} */ (root.querySelector("[data-table-defence]"));
  if (select.options.length !== offered.choices.length + 1) {
    offer(select, [{ id: "", label: "Whatever the GM asks" }, ...offered.choices]);
  }
  /** @type {HTMLElement} */ (root.querySelector("[data-table-retreat-area]")).hidden = !offered.retreat;
}

/** The defence chosen, as the message that tells the GM's device. @param {HTMLElement} root */
export function defenceChosen(root) {
  return {
    type: "defence",
    defence: /** @type {HTMLSelectElement} */ (root.querySelector("[data-table-defence]")).value,
    retreat: /** @type {HTMLInputElement} */ (root.querySelector("[data-table-retreat]")).checked,
  };
}
