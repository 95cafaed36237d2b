// @ts-check
// The Session page's fight panel (issue 29): the round, whose turn it is (large), the order
// with each combatant's figures, maneuver and effects (each with when it ends and its rule),
// a big Next turn button (Alt+N), and one-tap Damage, Maneuver, Attack and Defends that open the action form
// on that combatant. Everything comes from rulescore.session's view["fight"]; the players'
// view gives foes' state in words only, and the panel draws just what it is given.

import { element } from "../core/dom.js";
import { ruleLink } from "./session-view.js";

/** @typedef {import("./sessions.js").PageState} PageState */

/** @param {Record<string, any>} fight @param {string} id */
function named(fight, id) {
  return fight.combatants.find((/** @type {Record<string, any>} */ one) => one.id === id)?.name ?? "";
}

/**
 * Links to the calculators a turn needs, opened with this combatant's figures filled in (the
 * calculator pages read their inputs from the address, as a shared link does).
 * @param {Record<string, any>} one
 */
function calculatorLinks(one) {
  const site = new URL("../../../", import.meta.url);
  return element("details", { class: "rc-fight-calculators", "data-fight-calculators": "" }, [
    element("summary", {}, [`Calculators with ${one.name}'s figures`]),
    element("ul", {}, one.calculators.map((/** @type {Record<string, any>} */ calc) => {
      const inputs = Object.entries(calc.inputs).map(([name, value]) => `${name}:${encodeURIComponent(String(value))}`);
      const href = new URL(`${calc.page}?${calc.id}=${inputs.join(",")}#calc-${calc.id.replaceAll(".", "-")}`, site).href;
      return element("li", {}, [element("a", { href, "data-calculator-link": calc.id }, [calc.title])]);
    })),
  ]);
}

/** @param {Record<string, any>} fight @param {Record<string, any>} one
 * @param {boolean} maneuvers GURPS and SHELL @param {boolean} attacks Basic Fantasy's attack rolls
 * @param {boolean} defends GURPS's active defences, on anyone's turn
 * @param {boolean} gm the GM's view: the players' view has no controls, only what a player may see */
function row(fight, one, maneuvers, attacks, defends, gm) {
  const current = one.id === fight.current;
  const acted = fight.acted.includes(one.id);
  const figures = one.figures?.length ? one.figures.join(", ") : "";
  const state = [figures, one.looks && (!figures || one.side === "foes") ? one.looks : ""].filter(Boolean).join("; ");
  return element("li", { class: "rc-fight-one", "data-combatant": one.id, "data-side": one.side,
    ...(current ? { "data-current": "", "aria-current": "true" } : {}), ...(acted ? { "data-acted": "" } : {}),
    ...(one.out ? { "data-out": "" } : {}) }, [
    element("p", {}, [element("strong", {}, [one.name]), one.side === "foes" ? " (foe)" : "",
      state ? ` ${state}` : "", one.maneuver_name ? `; maneuver: ${one.maneuver_name}` : "",
      one.out ? "; out of the fight" : acted ? "; has acted" : ""]),
    ...(one.effects?.length ? [element("ul", { "data-fight-effects": "" }, one.effects.map(
      (/** @type {Record<string, any>} */ e) => element("li", {}, [
        e.name ? element("strong", {}, [`${e.name}: `]) : "", e.text ?? "", e.ends ? ` (ends ${e.ends})` : "",
        ...(e.rule ? [" ", ruleLink(e.rule)] : [])])))] : []),
    ...(one.calculators?.length && gm ? [calculatorLinks(one)] : []),
    ...(one.out || !gm ? [] : [element("p", { class: "rc-fight-buttons" }, [
      element("button", { type: "button", "data-action": "fight-damage", "data-who": one.id, "data-side": one.side },
        [`Damage ${one.name}`]),
      ...(maneuvers && current ? [" ", element("button", { type: "button", "data-action": "fight-maneuver",
        "data-who": one.id }, [`${one.name}'s maneuver`])] : []),
      // Whoever cannot attack now (surprised, their maneuver...) gets rulescore's reason instead.
      ...(attacks && current ? [" ", one.no_attack ? element("span", { class: "rc-hint", "data-no-attack": one.id },
        [one.no_attack]) : element("button", { type: "button", "data-action": "fight-attack",
        "data-who": one.id }, [`${one.name} attacks`])] : []),
      ...(defends ? [" ", element("button", { type: "button", "data-action": "fight-defend", "data-who": one.id },
        [`${one.name} defends`])] : []),
      ...(one.foe_row ? [" ", element("button", { type: "button", "data-action": "fight-edit-foe", "data-who": one.id },
        [`${one.name}'s figures`])] : []),
    ])]),
  ]);
}

/**
 * Draws the fight of the view shown (GM's or players'), or hides the panel outside a fight.
 * @param {PageState} state @param {Record<string, any>} view
 */
export function renderFight(state, view) {
  const panel = /** @type {HTMLElement | null} */ (state.root.querySelector("[data-fight]"));
  if (!panel) return;
  const fight = view.fight;
  panel.hidden = !fight;
  if (!fight) return panel.replaceChildren();
  const maneuvers = state.actions.some((action) => action.id === "maneuver");
  const attacks = state.actions.some((action) => action.id === "attack");
  const defends = state.actions.some((action) => action.id === "defend");
  const byId = new Map(fight.combatants.map((/** @type {Record<string, any>} */ one) => [one.id, one]));
  const order = fight.order.map((/** @type {string} */ id) => byId.get(id)).filter(Boolean);
  panel.replaceChildren(
    element("h3", { "data-fight-round": String(fight.round) }, [`Fight: round ${fight.round}`]),
    element("p", { class: "rc-fight-now", "data-fight-current": fight.current ?? "" },
      fight.current ? ["Now: ", element("strong", {}, [named(fight, fight.current)])] : ["Nobody left to act."]),
    element("p", { class: "rc-fight-next" }, [
      element("button", { type: "button", "data-action": "next-turn", "aria-keyshortcuts": "Alt+N" }, ["Next turn"]),
      element("span", { class: "rc-hint" }, [" or Alt+N"])]),
    element("ol", { class: "rc-fight-order", "data-fight-order": "" },
      order.map((/** @type {Record<string, any>} */ one) => row(fight, one, maneuvers, attacks, defends, state.gm))),
  );
}

/**
 * Opens the action form on `actionId` with `who` chosen, and puts the reader in its first
 * field to fill in (the damage, the maneuver).
 * @param {PageState} state @param {string} actionId @param {string} who @param {() => void} rebuild
 */
export function openAction(state, actionId, who, rebuild) {
  const select = /** @type {HTMLSelectElement | null} */ (state.root.querySelector("[data-session-action]"));
  if (!select || ![...select.options].some((option) => option.value === actionId)) return;
  select.value = actionId;
  rebuild();
  const whoField = /** @type {HTMLSelectElement | null} */ (state.root.querySelector('[data-session-fields] [data-field="who"]'));
  if (whoField) {
    whoField.value = who;
    whoField.dispatchEvent(new Event("change", { bubbles: true })); // the preview follows the one chosen
  }
  const first = /** @type {HTMLElement | null} */ (state.root.querySelector(
    '[data-session-fields] [data-field]:not([data-field="who"])')) ?? select;
  first.scrollIntoView({ block: "center" }); // clear of the session's sticky head
  first.focus({ preventScroll: true });
}
