// @ts-check
// Rolling for the calculators a roll decides: "Roll" has the engine roll, "I rolled…" takes the
// faces rolled at the table; rulescore.resolve says the outcome and the rule. It knows no rule:
// which dice to ask for comes from the build (data-roll-dice, from rulescore.dice.parse). The
// last rolls stay on the device (store.js) and can be shared as a link or cleared.

import { storageAlert } from "../kept/backup.js";
import { askFormRoll } from "./calculators.js";
import { rollsFromLinkPayload, rollsToLinkPayload } from "../kept/documents.js";
import { MINUS, element, onEveryPage } from "../core/dom.js";
import { engineLive } from "../engine/engine.js";
import { keepRoll, listen, openStore, rolls as keptRolls } from "../kept/store.js";

/** @typedef {import("../kept/documents.js").Roll} Roll */
/** @typedef {import("../kept/store.js").Kept} Kept */


/** @param {HTMLElement} box */
function chooser(box) {
  return /** @type {HTMLSelectElement | null} */ (box.querySelector("[data-roll-for]"));
}

/** The notation rolled now: it may depend on which roll is chosen, in the box's own chooser or
 * (data-roll-follows) in one of the form's inputs. @param {HTMLElement} box */
function notation(box) {
  const follows = box.dataset.rollFollows;
  const field = follows ? /** @type {HTMLSelectElement | null} */ (box.closest("form")?.querySelector(
    `[name="${CSS.escape(follows)}"]`)) : chooser(box);
  const notations = JSON.parse(box.dataset.rollNotations ?? "{}");
  return (field && notations[field.value]) || /** @type {string} */ (box.dataset.roll);
}

/** One field per die, sized to the notation. @param {HTMLElement} box */
function drawFaces(box) {
  const rolled = notation(box);
  box.dataset.rolled = rolled;
  const [count, sides] = JSON.parse(/** @type {string} */ (box.dataset.rollDice))[rolled];
  const roll = box.querySelector('[data-action="roll"]');
  if (roll) roll.textContent = `Roll ${rolled}`;
  /** @type {HTMLElement} */ (box.querySelector("[data-faces]")).replaceChildren(...Array.from({ length: count },
    (_, i) => element("input", { type: "text", inputmode: "numeric", autocomplete: "off", "data-face": "",
      "data-sides": String(sides), "aria-label": `Die ${i + 1} of ${count} (1 to ${sides})` })));
}

/** @param {Roll} roll */
function historyItem(roll) {
  return element("li", {}, [`${roll.title}: ${roll.dice.join(" ")} = ${roll.total}, ${roll.outcome}`
    + (roll.own ? " (your dice)" : "")]);
}

/** @param {Roll[]} rolls @param {HTMLElement} [only] a box to draw, or every box on the page */
function drawHistory(rolls, only) {
  const boxes = only ? [only] : [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-roll-box]"))];
  for (const box of boxes) box.querySelector("[data-roll-history]")?.replaceChildren(...rolls.map(historyItem));
}

/** @param {Kept} kept @param {HTMLFormElement} form @param {HTMLElement} box @param {number[] | null} dice */
async function roll(kept, form, box, dice) {
  const outcome = /** @type {HTMLElement} */ (box.querySelector("[data-roll-outcome]"));
  const choice = chooser(box);
  const extra = choice ? { [/** @type {string} */ (choice.dataset.rollFor)]: choice.value } : {};
  outcome.hidden = false;
  if (!engineLive()) { // carried out once the engine is up, never dropped
    outcome.dataset.outcome = "";
    outcome.dataset.waiting = "";
    outcome.textContent = "Rolling as soon as the live calculator has started…";
  }
  const answer = await askFormRoll(form, extra, dice);
  delete outcome.dataset.waiting;
  if (!answer) {
    outcome.textContent = "The live calculator could not start, so nothing was rolled: try again.";
    return;
  }
  if (!answer.ok || !answer.roll) {
    outcome.dataset.outcome = "";
    outcome.replaceChildren(element("span", { class: "rc-error" }, [answer.ok ? "" : answer.message]));
    return;
  }
  const result = answer.roll;
  Object.assign(outcome.dataset, { outcome: result.outcome, total: String(result.total),
    margin: String(result.margin), dice: JSON.stringify(result.dice) });
  outcome.replaceChildren(element("strong", {}, [result.outcome]), ` ${result.text.replace(/(^|\s)-(\d)/g, `$1${MINUS}$2`)}`,
    ...(result.rule ? [" ", element("a", { class: "rc-rule", href: new URL(result.rule, new URL("../../../", import.meta.url)).href },
      ["§ rule"])] : []));
  const title = form.querySelector(".rc-title strong")?.textContent ?? String(form.dataset.calculator);
  /** @type {Roll} */
  const entry = { at: new Date().toISOString(), id: String(form.dataset.calculator), title, inputs: answer.inputs,
    notation: result.notation, dice: result.dice, total: result.total, outcome: result.outcome, text: result.text,
    own: dice !== null };
  const { value, problem } = await keepRoll(kept, entry);
  drawHistory(value);
  storageAlert(kept, box, problem);
}

/** @param {Kept} kept @param {HTMLFormElement} form @param {HTMLElement} box */
function useFaces(kept, form, box) {
  const fields = [.../** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll("[data-face]"))];
  const sides = Number(fields[0]?.dataset.sides);
  const bad = fields.filter((field) => {
    const face = Number(field.value.trim());
    const wrong = field.value.trim() === "" || !Number.isInteger(face) || face < 1 || face > sides;
    if (wrong) field.setAttribute("aria-invalid", "true"); // marked on the field itself, not only told
    else field.removeAttribute("aria-invalid");
    return wrong;
  });
  const outcome = /** @type {HTMLElement} */ (box.querySelector("[data-roll-outcome]"));
  if (bad.length) {
    outcome.id ||= `${form.dataset.calculator}-roll-outcome`.replace(/\W/g, "-");
    for (const field of bad) field.setAttribute("aria-describedby", outcome.id);
    outcome.hidden = false;
    outcome.dataset.outcome = "";
    const which = bad.map((field) => fields.indexOf(field) + 1).join(", ");
    outcome.replaceChildren(element("span", { class: "rc-error" },
      [`I rolled: die ${which} of ${fields.length} — enter each die as a whole number from 1 to ${sides}.`]));
    bad[0].focus();
    return;
  }
  for (const field of fields) field.removeAttribute("aria-describedby");
  roll(kept, form, box, fields.map((field) => Number(field.value.trim())));
}

/** @param {Kept} kept @param {HTMLElement} box */
async function share(kept, box) {
  const line = /** @type {HTMLElement} */ (box.querySelector("[data-roll-share]"));
  const url = new URL(location.href);
  url.hash = `rolls=${rollsToLinkPayload(await keptRolls(kept))}`;
  line.hidden = false;
  line.replaceChildren(element("input", { type: "text", readonly: "", value: url.href, "data-roll-share-link": "",
    "aria-label": "Link to these rolls" }));
  navigator.clipboard?.writeText(url.href).catch(() => undefined);
}

/** @type {WeakSet<Element>} */
const started = new WeakSet();

async function init() {
  const boxes = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-roll-box]"))]
    .filter((box) => !started.has(box));
  if (!boxes.length) return;
  for (const box of boxes) started.add(box);
  const kept = await openStore();
  const rolls = await keptRolls(kept);
  listen(kept, async (change) => { // a roll made in another tab, or the history cleared there
    if ((change.kind === "meta" && change.id === "rolls") || change.kind === "all") drawHistory(await keptRolls(kept));
  });
  for (const box of boxes) {
    const form = /** @type {HTMLFormElement} */ (box.closest("form"));
    box.hidden = false;
    drawFaces(box);
    drawHistory(rolls, box);
    chooser(box)?.addEventListener("change", () => drawFaces(box));
    if (box.dataset.rollFollows) { // the form's own input picks the die: redrawn when it changes it
      const follow = () => { if (notation(box) !== box.dataset.rolled) drawFaces(box); };
      form.addEventListener("input", follow);
      form.addEventListener("change", follow);
    }
    box.addEventListener("click", (event) => {
      const action = /** @type {Element} */ (event.target).closest("button")?.dataset.action;
      if (action === "roll") roll(kept, form, box, null);
      else if (action === "use-faces") useFaces(kept, form, box);
      else if (action === "share-rolls") share(kept, box);
      else if (action === "clear-rolls") keepRoll(kept, null).then(({ value }) => drawHistory(value));
    });
  }
  // A shared link's rolls, shown (not kept) in the first box, in the history's place.
  if (location.hash.startsWith("#rolls=")) {
    const shared = rollsFromLinkPayload(location.hash.slice("#rolls=".length));
    const list = boxes[0].querySelector("[data-roll-history]");
    const details = /** @type {HTMLDetailsElement | null} */ (boxes[0].querySelector(".rc-roll-history"));
    if (details) details.open = true;
    list?.replaceChildren(...(shared
      ? [element("li", {}, ["Rolls shared with you:"]), ...shared.map(historyItem)]
      : [element("li", { class: "rc-error" }, ["This link's rolls are damaged (cut short or changed); ask for it again."])]));
  }
}

onEveryPage(init);
