// @ts-check
// An attack's odds before its dice, drawn the same on the Session page's action form and on a
// player's phone at the table (session.preview's "attack"; in the players' view a foe's
// figures, and every chance drawn from them, stay with the GM).

import { element, withMinus } from "../core/dom.js";

/** A chance as the site shows it: "84 %", "under 1 %". @param {number} p */
function percent(p) {
  return p > 0 && p < 0.005 ? "under 1 %" : p < 1 && p > 0.995 ? "over 99 %" : `${Math.round(p * 100)} %`;
}

/**
 * An attack's odds before its dice (session.preview's "attack"): to hit, each defence the
 * target can make with its score, and the damage's spread; for a monster, each attack of its routine.
 * @param {Record<string, any>} attack
 */
export function attackOdds(attack) {
  const steps = [...(attack.routine?.length ? attack.routine : [attack])];
  return element("ul", { class: "rc-attack-odds", "data-attack-odds": "" }, steps.flatMap((step) => [
    // A foe's figures are the GM's: in the players' view its chances come as a sentence instead.
    ...(step.to_hit ? [element("li", { "data-odds": "to-hit" }, [
      element("strong", {}, [`${step.name ? `${step.name}: ` : ""}to hit `]),
      ...(step.to_hit.chance === null || step.to_hit.chance === undefined ? [(step.to_hit.working ?? []).join(" ")] : [
        step.to_hit.skill !== undefined ? `${withMinus(step.to_hit.skill)} or less` : `${withMinus(step.to_hit.needed)} or more`,
        `, ${percent(step.to_hit.chance)}`])])] : []),
    ...(step.defences ?? []).map((/** @type {Record<string, any>} */ defence) => element("li", {
      "data-odds": `defence-${defence.id}` }, [element("strong", {}, [`${defence.label}`]),
      defence.chance === undefined ? " (the defender's to choose)" : [" ",
        defence.score !== undefined ? `${withMinus(defence.score)}, ` : "", percent(defence.chance)].join("")])),
    ...(step.damage ? [element("li", { "data-odds": "damage" }, [element("strong", {}, ["Damage "]),
      `${withMinus(step.damage.dice)}: ${withMinus(step.damage.least)} to ${withMinus(step.damage.most)}` +
        (step.damage.average !== undefined ? `, ${withMinus(Math.round(step.damage.average * 10) / 10)} on average` : "")])] : []),
  ]));
}
