// @ts-check
// One generic renderer for every calculator form the build wrote (widgets/render.py).
// It never knows a calculator by name: it reads the form, asks the engine worker, and
// writes the answer into the elements marked data-output, data-steps, data-charts and
// data-error-for. It also keeps each form's inputs in the page URL (to share) and on the
// device (to come back to).
//
// Besides the DOM contract (ARCHITECTURE.md), a form carries data-pending while the result on show
// is not for the inputs in the form: "engine" until the engine has computed them (a shared
// link or remembered inputs; the values are hidden, "working…"), "input" while a number
// field is empty, being retyped (nothing is computed; the last result stays, greyed).

import { MINUS, onEveryPage } from "../core/dom.js";
import { askRoll, engineFailure, engineLive, post, restartEngine, startEngine } from "../engine/engine.js";
import { chipGroups, pickChip, showChipOdds, syncChips } from "./chips.js";
import {
  emptyFields, fields, inputsFromURL, keepLater, readInputs, remembered, resetInputs, setURL, shareURL, writeInputs,
} from "./form-inputs.js";
import { stepField } from "./stepper.js";

export { readInputs }; // pickers.js and characters.js read a form through this module

/** @typedef {import("../../engine-messages.js").EngineResponse} EngineResponse */
/** @typedef {import("./form-inputs.js").Field} Field */

const STATE = { static: "static", loading: "loading", ready: "ready", error: "error" };
const siteRoot = new URL("../../../", import.meta.url);
/** @type {WeakMap<HTMLFormElement, number>} */
const newest = new WeakMap(); // form -> seq of its newest request: older answers are dropped
/** @type {WeakSet<HTMLFormElement>} */
const inFlight = new WeakSet(); // forms whose request the engine is working on
/** @type {WeakSet<HTMLFormElement>} */
const askAgain = new WeakSet(); // forms whose inputs changed meanwhile (see update)
/** @type {WeakSet<Element>} */
const bound = new WeakSet();
/** @type {WeakMap<HTMLFormElement, string>} */
const shownFor = new WeakMap(); // form -> the inputs (as a key) its shown result is for
/** @type {WeakMap<HTMLFormElement, string>} */
const defaultsFor = new WeakMap(); // form -> its default inputs (as a key)

/** @returns {HTMLFormElement[]} */
// Calculator forms, and the character editors of the Characters page: the same renderer
// computes both; an editor asks for a character's figures (rulescore.derive) instead.
function forms() {
  return [.../** @type {NodeListOf<HTMLFormElement>} */ (
    document.querySelectorAll("form[data-calculator], form[data-character-editor]"))];
}

/** @param {HTMLFormElement} form @param {string} text */
function setStatus(form, text) {
  const status = form.querySelector("[data-status]");
  if (status) status.textContent = text;
  return status;
}

/** @param {HTMLFormElement} form */
function showFailure(form) {
  form.dataset.state = STATE.error;
  form.dataset.error = "engine";
  form.removeAttribute("aria-busy");
  markPending(form);
  const shown = form.dataset.pending
    ? "It is needed for the result of these inputs; Reset shows the result for the default inputs."
    : shownFor.get(form) === defaultsFor.get(form)
      ? "The result shown is for the default inputs."
      : "The result shown is for the inputs above.";
  const status = setStatus(form,
    `The live calculator could not start (${engineFailure()}). ${shown} ` +
    "The rules on this page are unaffected.");
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "rc-retry";
  retry.dataset.retry = "";
  retry.textContent = "Try again";
  retry.addEventListener("click", () => restartEngine());
  status?.append(" ", retry);
}

/** The engine restarts: every form waits for it again. @param {string} [reason] */
function showRestart(reason) {
  for (const form of forms()) {
    delete form.dataset.error;
    form.dataset.state = STATE.loading;
    setStatus(form, reason ? `${reason}; restarting it…` : "Starting the live calculator…");
    markPending(form);
  }
}

// --- Inputs: read, share in the URL, remember on the device (form-inputs.js) ---------------

/** @param {HTMLFormElement} form */
function reset(form) {
  resetInputs(form);
  update(form);
  if (engineFailure()) showFailure(form);
}

/** @param {HTMLFormElement} form @param {HTMLButtonElement} button */
async function copyLink(form, button) {
  setURL(shareURL(form));
  const link = window.location.href;
  try {
    await navigator.clipboard.writeText(link);
    setStatus(form, "Link copied: it opens this calculator with these inputs.");
  } catch {
    setStatus(form, `Copy this link: ${link}`); // no clipboard access (plain http, old browser)
  }
  button.focus();
}

// --- Talking to the engine and showing its answers ----------------------------------------

// Until the engine is live, a form whose inputs differ from those of the result on show (a
// shared link, remembered inputs, typing while it starts) hides that result as pending; a
// live engine answers in milliseconds, and aria-busy covers that.
/** @param {HTMLFormElement} form */
function markPending(form) {
  if (engineLive()) return;
  if (JSON.stringify(readInputs(form)) !== shownFor.get(form)) form.dataset.pending = "engine";
  else if (form.dataset.pending) delete form.dataset.pending;
}

/** @param {HTMLFormElement} form */
function update(form) {
  syncChips(form);
  markPending(form);
  if (!engineLive()) return;
  const empty = emptyFields(form);
  if (empty.length) {
    newest.set(form, 0); // an answer still on its way is for older inputs: dropped
    askAgain.delete(form); // and nothing to ask once it comes
    return showIncomplete(form, empty);
  }
  form.setAttribute("aria-busy", "true");
  // One request at a time a form: inputs changed while the engine works on one (typing "12" is
  // two changes, a shared link or a chip sets several fields) are asked for once it answers,
  // the newest only, so a slow phone never computes results nobody will see.
  if (inFlight.has(form)) {
    askAgain.add(form);
    return;
  }
  const inputs = readInputs(form);
  const key = JSON.stringify(inputs);
  const editor = form.dataset.characterEditor;
  const seq = post({ id: editor ?? /** @type {string} */ (form.dataset.calculator), inputs, sheet: editor !== undefined },
    (response) => {
      inFlight.delete(form);
      if (askAgain.delete(form)) update(form); // its answer is for older inputs: dropped
      else if (response && newest.get(form) === seq) show(form, response, key);
    });
  newest.set(form, seq); // an answer still on its way is for older inputs: dropped
  inFlight.add(form);
}

/**
 * A roll for a calculator with the form's inputs (and `extra` beside them): engine.js askRoll.
 * @param {HTMLFormElement} form @param {Record<string, unknown>} extra @param {number[] | null} dice
 */
export function askFormRoll(form, extra, dice) {
  return askRoll(/** @type {string} */ (form.dataset.calculator), { ...readInputs(form), ...extra }, dice);
}

/** @param {HTMLFormElement} form */
function clearErrors(form) {
  // Only the engine's own fields: the character's name is checked by the Characters page
  // (characters.js), and a live result arriving after a refused save must not hide that.
  const own = fields(form);
  const names = new Set(own.map((field) => field.name));
  for (const message of /** @type {NodeListOf<HTMLElement>} */ (
    form.querySelectorAll("[data-error-for], [data-needed-for]"))) {
    if (!names.has(message.dataset.errorFor ?? message.dataset.neededFor ?? "")) continue;
    message.hidden = true;
    if (message.dataset.errorFor !== undefined) message.textContent = "";
  }
  for (const field of own) field.removeAttribute("aria-invalid");
}

/** @param {Field} field */
function labelOf(field) {
  const label = field.labels && field.labels[0];
  // A label starts with its text (widgets/render.py), before any unit.
  return label ? /** @type {Text} */ (label.firstChild).textContent.trim() : field.name;
}

// An empty number field is not an error: the reader is retyping it. Nothing is computed;
// the last result stays, greyed, and the field says quietly what it needs.
/** @param {HTMLFormElement} form @param {Field[]} empty */
function showIncomplete(form, empty) {
  form.removeAttribute("aria-busy");
  for (const field of empty) {
    const message = /** @type {HTMLElement | null} */ (
      form.querySelector(`[data-error-for="${CSS.escape(field.name)}"]`));
    if (message) {
      message.hidden = true;
      message.textContent = "";
    }
    field.removeAttribute("aria-invalid");
  }
  for (const hint of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-needed-for]"))) {
    hint.hidden = !empty.some((field) => field.name === hint.dataset.neededFor);
  }
  const stillWrong = [.../** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-error-for]"))]
    .some((message) => !message.hidden);
  if (!stillWrong) {
    delete form.dataset.error;
    form.dataset.state = STATE.ready;
    setStatus(form, `Enter ${empty.map(labelOf).join(" and ")} to update the result.`);
  }
  form.dataset.pending = "input";
  form.classList.add("rc-stale");
}

/** @param {string} link */
function ruleHref(link) {
  const url = new URL(link, siteRoot);
  return url.pathname === window.location.pathname ? url.hash : url.href;
}

/** @param {string} text @param {string | null} link */
function stepItem(text, link) {
  const item = document.createElement("li");
  const sentence = document.createElement("span");
  sentence.className = "rc-step";
  sentence.textContent = text;
  item.append(sentence);
  if (link) {
    const anchor = document.createElement("a");
    anchor.className = "rc-rule";
    anchor.href = ruleHref(link);
    anchor.textContent = "§ rule";
    item.append(" ", anchor);
  }
  return item;
}

/** @param {HTMLFormElement} form @param {EngineResponse} response @param {string} key */
function show(form, response, key) {
  form.removeAttribute("aria-busy");
  delete form.dataset.pending;
  clearErrors(form);
  if (!response.ok) {
    // The last good result stays, greyed, and the message sits beside the field at fault.
    const message = /** @type {HTMLElement | null} */ (
      form.querySelector(`[data-error-for="${CSS.escape(String(response.field))}"]`));
    if (message) {
      message.textContent = response.message;
      message.hidden = false;
      form.querySelector(`[name="${CSS.escape(String(response.field))}"]`)?.setAttribute("aria-invalid", "true");
      setStatus(form, "Fix the marked field to update the result.");
    } else {
      setStatus(form, response.message);
    }
    form.classList.add("rc-stale");
    cancelAnnouncement(form); // the greyed result is not read out as if it stood
    form.dataset.state = STATE.error;
    form.dataset.error = "input";
    return;
  }
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-output]"))) {
    const output = response.outputs[/** @type {string} */ (element.dataset.output)];
    if (!output) continue;
    element.textContent = output.text;
    element.dataset.value = JSON.stringify(output.value);
    // An output that does not apply to these inputs (null) is hidden, row and all.
    const row = /** @type {HTMLElement | null} */ (element.closest(".rc-output"));
    if (row) row.hidden = output.value === null;
  }
  const main = [...form.querySelectorAll(".rc-output:not([hidden])")].slice(0, 2); // the phone's result line (render.py)
  form.querySelector("[data-result-line]")?.replaceChildren(main.map((row) => `${row.querySelector("dt")?.textContent}: ${row.querySelector("dd")?.textContent}`).join(" · "));
  form.querySelector("[data-steps]")?.replaceChildren(
    ...response.steps.map((text, i) => stepItem(text, response.rules[i])));
  const charts = form.querySelector("[data-charts]");
  // The SVG comes from rulescore's own chart code (rulescore/web.py), built from numbers
  // and escaped labels, never from what a reader typed.
  if (charts) charts.innerHTML = response.charts.join("");
  for (const field of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("[data-derived]"))) {
    if (!field.dataset.edited && field.name in response.inputs) {
      field.value = String(response.inputs[field.name]).replace("-", MINUS);
    }
  }
  showChipOdds(form, response); // the chips were synced with the inputs when these were sent
  shownFor.set(form, key);
  figuresFor(form, key);
  if (touched.delete(form)) announceLater(form); // what the reader changed, not the page's first result
  form.classList.remove("rc-stale");
  delete form.dataset.error;
  form.dataset.state = STATE.ready;
  setStatus(form, "Live: the result follows your inputs.");
  form.dispatchEvent(new CustomEvent("rc:result", { bubbles: true }));
}

// A screen reader hears a result once the reader stops typing: one sentence, the first two
// results, after a pause (each keystroke's result would be read out otherwise).
const ANNOUNCE_AFTER_MS = 900;
/** @type {WeakMap<HTMLFormElement, number>} */
const announceTimers = new WeakMap();
/** @type {WeakSet<HTMLFormElement>} */
const touched = new WeakSet(); // forms with an input since their last result

/** A pending sentence dropped: a result it would read out is no longer the last word.
 * @param {HTMLFormElement} form */
function cancelAnnouncement(form) {
  clearTimeout(announceTimers.get(form));
}

/** @param {HTMLFormElement} form */
function announceLater(form) {
  cancelAnnouncement(form);
  announceTimers.set(form, setTimeout(() => {
    const region = form.querySelector("[data-announce]");
    if (!region || !form.isConnected) return;
    const shown = [...form.querySelectorAll(".rc-output:not([hidden])")].slice(0, 2).map((row) =>
      `${row.querySelector("dt")?.textContent ?? ""} ${row.querySelector("dd")?.textContent ?? ""}`.trim());
    const title = form.querySelector(".rc-title strong")?.textContent ?? "";
    const text = `${title}: ${shown.join(", ")}`;
    if (region.textContent !== text) region.textContent = text;
  }, ANNOUNCE_AFTER_MS));
}

/** Says whose figures the result is for: a character's or a party's (pickers.js marks the
 * form with data-character / data-party), the defaults, or the reader's own.
 * @param {HTMLFormElement} form @param {string} key the inputs shown */
function figuresFor(form, key) {
  const line = form.querySelector("[data-figures-for]");
  if (!line) return;
  line.textContent = form.dataset.character ? `${form.dataset.character}'s figures`
    : form.dataset.party ? `Party: ${form.dataset.party}`
      : key === defaultsFor.get(form) ? "Default figures" : "Figures as entered";
}

/** @param {HTMLFormElement} form */
function bind(form) {
  if (bound.has(form)) return;
  bound.add(form);
  // The build's result is for the default inputs.
  const defaults = JSON.stringify(readInputs(form));
  defaultsFor.set(form, defaults);
  shownFor.set(form, defaults);
  const fromLink = inputsFromURL(form);
  const saved = fromLink || remembered(form);
  if (saved) writeInputs(form, saved);
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", (event) => {
    const field = /** @type {Field} */ (event.target); // an "input" event comes from a field
    if (field.dataset.derived !== undefined) field.dataset.edited = "true";
    delete field.dataset.following;
    touched.add(form);
    cancelAnnouncement(form); // still typing: the sentence waits for the last result
    update(form); // text fields, selects and checkboxes all fire "input"
    if (engineFailure()) showFailure(form); // its words depend on the inputs
    keepLater(form);
  });
  form.addEventListener("change", (event) => { // a worked-out field left empty follows the others again
    const field = /** @type {Field} */ (event.target);
    if (field.dataset.derived === undefined || field.value.trim() !== "") return;
    delete field.dataset.edited;
    field.dataset.following = "true";
    update(form);
  });
  form.addEventListener("click", (event) => {
    const button = /** @type {Element} */ (event.target).closest("button");
    if (!button) return;
    // A stepper sits beside its field, in the field's <span class="rc-number"> (widgets/render.py).
    if (button.dataset.stepper) {
      const field = /** @type {HTMLElement} */ (button.parentElement).querySelector("input");
      stepField(/** @type {HTMLInputElement} */ (field), Number(button.dataset.stepper));
    } else if (button.dataset.chipValue !== undefined) pickChip(form, /** @type {HTMLButtonElement} */ (button));
    else if (button.dataset.action === "reset") reset(form);
    else if (button.dataset.action === "copy-link") copyLink(form, button);
  });
  for (const hidden of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".rc-stepper, .rc-actions"))) {
    hidden.hidden = false;
  }
  for (const group of chipGroups(form)) { // chips take the native control's place
    group.hidden = false;
    group.closest(".rc-field")?.classList.add("rc-chips-live");
  }
  syncChips(form);
  if (engineFailure()) return showFailure(form);
  if (engineLive()) return update(form);
  form.dataset.state = STATE.loading;
  markPending(form);
  setStatus(form, form.dataset.pending
    ? "Starting the live calculator: the result for these inputs follows in a moment…"
    : "Starting the live calculator…");
}

// How the engine is doing, told by engine.js: every form follows.
document.addEventListener("rc:engine", (event) => {
  const { state, reason } = /** @type {CustomEvent} */ (event).detail;
  if (state === "ready") forms().forEach(update);
  else if (state === "failed") forms().forEach(showFailure);
  else showRestart(reason);
});

function init() {
  const found = forms();
  if (!found.length && !document.querySelector("[data-needs-engine]")) return;
  startEngine(); // once per visit; instant navigation keeps this module, and so the worker
  found.forEach(bind);
}

// Forms are bound once the document is parsed; mkdocs-material's instant navigation then
// announces each new page on document$.
onEveryPage(init);
