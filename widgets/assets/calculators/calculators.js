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

/** @typedef {import("../../engine-messages.js").EngineResponse} EngineResponse */
/** @typedef {import("../../engine-messages.js").FormInputs} FormInputs */
/** A form's named control: an <input> (text or checkbox) or a <select>. @typedef {HTMLInputElement | HTMLSelectElement} Field */

const STATE = { static: "static", loading: "loading", ready: "ready", error: "error" };
const siteRoot = new URL("../../../", import.meta.url);
const STORAGE_PREFIX = "rules-at-the-table:inputs:";
/** @type {WeakMap<HTMLFormElement, number>} */
const newest = new WeakMap(); // form -> seq of its newest request: older answers are dropped
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

// --- Inputs: read, share in the URL, remember on the device -------------------------------

// A character editor's name field is the character's, not an input rulescore reads.
/** @param {HTMLFormElement} form @returns {Field[]} */
function fields(form) {
  return [.../** @type {NodeListOf<Field>} */ (form.querySelectorAll("[name]:not([data-character-name])"))];
}

// The values as typed: rulescore validates them, so "abc" reaches it and gets its message.
/** @param {HTMLFormElement} form @returns {FormInputs} */
export function readInputs(form) {
  /** @type {FormInputs} */
  const inputs = {};
  for (const field of fields(form)) {
    if (field.type === "checkbox") inputs[field.name] = /** @type {HTMLInputElement} */ (field).checked;
    else if (field.dataset.derived === undefined || field.dataset.edited) inputs[field.name] = field.value;
    // An untouched derived field is left out, so rulescore derives it from the others.
  }
  return inputs;
}

// A number field left empty (the reader is retyping it): nothing is computed meanwhile.
/** @param {HTMLFormElement} form */
function emptyFields(form) {
  return fields(form).filter((field) => field.dataset.step !== undefined && field.value.trim() === ""
    && field.dataset.following === undefined);
}

// What is worth keeping in a link or on the device: empty fields are left to their defaults.
/** @param {HTMLFormElement} form @returns {FormInputs} */
function keptInputs(form) {
  return Object.fromEntries(Object.entries(readInputs(form))
    .filter(([, value]) => typeof value !== "string" || value.trim() !== ""));
}

/** @param {HTMLFormElement} form @param {Record<string, unknown>} values from a link or the device */
function writeInputs(form, values) {
  for (const [name, value] of Object.entries(values)) {
    const field = /** @type {Field | null} */ (form.querySelector(`[name="${CSS.escape(name)}"]`));
    if (!field) continue; // a stale or foreign name in a link: ignored
    if (field.type !== "checkbox" && String(value).trim() === "") continue; // left to its default
    if (field.type === "checkbox") /** @type {HTMLInputElement} */ (field).checked = value === true || value === "true";
    else field.value = String(value); // assigned as text: a link's content is never markup
    if (field.dataset.derived !== undefined) field.dataset.edited = "true";
  }
}

// ?gurps.jump=basic_move:6,running_yards:4 - one readable parameter per calculator.
function queryParts() {
  return window.location.search.slice(1).split("&").filter(Boolean).map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? [safeDecode(part), ""] : [safeDecode(part.slice(0, at)), part.slice(at + 1)];
  });
}

/** @param {string} text */
function safeDecode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** @param {HTMLFormElement} form */
function inputsFromURL(form) {
  if (!form.dataset.calculator) return null;
  const found = queryParts().find(([key]) => key === form.dataset.calculator);
  if (!found) return null;
  /** @type {Record<string, string>} */
  const values = {};
  for (const pair of found[1].split(",")) {
    const at = pair.indexOf(":");
    if (at > 0) values[safeDecode(pair.slice(0, at))] = safeDecode(pair.slice(at + 1));
  }
  return values;
}

/** @param {HTMLFormElement} form */
function shareURL(form) {
  const id = form.dataset.calculator;
  const encoded = Object.entries(keptInputs(form))
    .map(([name, value]) => `${name}:${encodeURIComponent(String(value))}`).join(",");
  const others = queryParts().filter(([key]) => key !== id)
    .map(([key, raw]) => (raw ? `${encodeURIComponent(key)}=${raw}` : encodeURIComponent(key)));
  const query = [...others, `${id}=${encoded}`].join("&");
  return `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
}

/** @param {HTMLFormElement} form */
function dropFromURL(form) {
  const others = queryParts().filter(([key]) => key !== form.dataset.calculator)
    .map(([key, raw]) => `${encodeURIComponent(key)}=${raw}`);
  setURL(`${window.location.pathname}${others.length ? `?${others.join("&")}` : ""}${window.location.hash}`);
}

// Browsers limit how often a page may rewrite its URL (WebKit throws after about 100
// rewrites in 10 seconds), so the URL and the saved inputs follow the form a moment after
// typing stops, and a refusal never gets in the way of the result.
/** @param {string} url */
function setURL(url) {
  const { pathname, search, hash } = window.location;
  if (url === `${pathname}${search}${hash}`) return; // unchanged: spend none of the allowance
  try {
    history.replaceState(history.state, "", url);
  } catch {
    // Throttled: the next change writes it.
  }
}

/** @type {WeakMap<HTMLFormElement, number>} */
const keepTimers = new WeakMap();
/** @param {HTMLFormElement} form */
function keepLater(form) {
  if (!form.dataset.calculator) return; // a character editor keeps nothing of its own
  clearTimeout(keepTimers.get(form));
  keepTimers.set(form, setTimeout(() => {
    setURL(shareURL(form));
    remember(form);
  }, 250));
}

/** @param {HTMLFormElement} form */
function remember(form) {
  try {
    localStorage.setItem(STORAGE_PREFIX + form.dataset.calculator, JSON.stringify(keptInputs(form)));
  } catch {
    // Storage full or disabled (private browsing): the calculator still works.
  }
}

/** @param {HTMLFormElement} form @returns {Record<string, unknown> | null} */
function remembered(form) {
  if (!form.dataset.calculator) return null;
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_PREFIX + form.dataset.calculator) || "null");
    return saved && typeof saved === "object" && !Array.isArray(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** @param {HTMLFormElement} form */
function reset(form) {
  clearTimeout(keepTimers.get(form));
  try {
    localStorage.removeItem(STORAGE_PREFIX + form.dataset.calculator);
  } catch { /* nothing stored */ }
  form.reset(); // back to the defaults the build wrote into the form
  for (const field of fields(form)) delete field.dataset.edited;
  if (form.dataset.calculator) dropFromURL(form);
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

// A field's text as a number: "−2" and "-2" alike, "5,75" as 5.75; NaN when it is not one.
/** @param {string} text */
function fieldNumber(text) {
  const plain = String(text).trim().replace(/\u2212/g, "-");
  const decimal = /^[+-]?[0-9]*,[0-9]+$/.test(plain) ? plain.replace(",", ".") : plain;
  return decimal === "" ? NaN : Number(decimal);
}

/** @param {HTMLInputElement} field @param {number} direction +1 or -1 */
function stepField(field, direction) {
  const step = Number(field.dataset.step) || 1;
  const min = field.dataset.min === undefined ? -Infinity : Number(field.dataset.min);
  const max = field.dataset.max === undefined ? Infinity : Number(field.dataset.max);
  const current = fieldNumber(field.value);
  const start = Number.isFinite(current) ? current : fieldNumber(field.defaultValue);
  // Snap to the step grid, then clamp; rounding keeps 0.25 steps free of float dust.
  const next = Math.min(max, Math.max(min, Math.round((start + direction * step) / step) * step));
  const decimals = (String(step).split(".")[1] || "").length;
  let text = String(Number(next.toFixed(decimals))).replace("-", MINUS);
  if (field.value.includes(",")) text = text.replace(".", ","); // keep the reader's decimal comma
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
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

// --- Chips: a modifier picker's choices as buttons, each with the odds it would give -------

// A chip group's native control (select or checkbox), which keeps the value, and that value
// as the chips name it ("true"/"false" for a checkbox).
/** @param {HTMLFormElement} form @param {HTMLElement} group @returns {[Field | null, string]} */
function chipField(form, group) {
  const field = /** @type {Field | null} */ (form.querySelector(`[name="${CSS.escape(group.dataset.chipsFor ?? "")}"]`));
  if (!field) return [null, ""];
  return [field, field.type === "checkbox" ? String(/** @type {HTMLInputElement} */ (field).checked) : field.value];
}

/** @param {HTMLFormElement} form @returns {HTMLElement[]} */
function chipGroups(form) {
  return [.../** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-chips-for]"))];
}

/** @param {HTMLFormElement} form */
function syncChips(form) {
  for (const group of chipGroups(form)) {
    const [, value] = chipField(form, group);
    for (const chip of /** @type {NodeListOf<HTMLButtonElement>} */ (group.querySelectorAll("[data-chip-value]"))) {
      chip.setAttribute("aria-pressed", String(chip.dataset.chipValue === value));
    }
  }
}

/** @param {HTMLFormElement} form @param {HTMLButtonElement} chip */
function pickChip(form, chip) {
  const [field] = chipField(form, /** @type {HTMLElement} */ (chip.closest("[data-chips-for]")));
  if (!field) return;
  if (field.type === "checkbox") {
    const box = /** @type {HTMLInputElement} */ (field);
    box.checked = !box.checked;
  } else field.value = chip.dataset.chipValue ?? "";
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

// Each chip shows the odds with it picked (a yes/no chip: with it on), marked better or worse
// than the odds now; a group whose chips all give the same odds does nothing for these inputs.
/** @param {HTMLFormElement} form @param {import("../../engine-messages.js").EngineAnswer} answer */
function showChipOdds(form, answer) {
  for (const group of chipGroups(form)) {
    const odds = answer.alternatives?.[group.dataset.chipsFor ?? ""];
    if (!odds) continue;
    const [, value] = chipField(form, group);
    const now = Number(odds[value]?.value ?? NaN);
    const all = Object.values(odds).map((chance) => chance.value);
    group.toggleAttribute("data-no-effect", all.every((chance) => chance === all[0]));
    for (const chip of /** @type {NodeListOf<HTMLButtonElement>} */ (group.querySelectorAll("[data-chip-value]"))) {
      const chance = odds[chip.dataset.chipValue ?? ""];
      const badge = chip.querySelector("[data-chip-odds]");
      if (!badge) continue;
      badge.textContent = chance ? chance.text : "not allowed";
      const shown = Number(chance?.value ?? NaN);
      chip.dataset.effect = Number.isNaN(shown) || Number.isNaN(now) ? "none"
        : shown > now ? "better" : shown < now ? "worse" : "same";
    }
  }
}

/** @param {HTMLFormElement} form */
function update(form) {
  syncChips(form);
  markPending(form);
  if (!engineLive()) return;
  const empty = emptyFields(form);
  if (empty.length) {
    newest.set(form, 0); // an answer still on its way is for older inputs: dropped
    return showIncomplete(form, empty);
  }
  const inputs = readInputs(form);
  const key = JSON.stringify(inputs);
  form.setAttribute("aria-busy", "true");
  const editor = form.dataset.characterEditor;
  const seq = post({ id: editor ?? /** @type {string} */ (form.dataset.calculator), inputs, sheet: editor !== undefined },
    (response) => { if (newest.get(form) === seq) show(form, response, key); });
  newest.set(form, seq); // an answer still on its way is for older inputs: dropped
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
  for (const message of /** @type {NodeListOf<HTMLElement>} */ (
    form.querySelectorAll("[data-error-for], [data-needed-for]"))) {
    message.hidden = true;
    if (message.dataset.errorFor !== undefined) message.textContent = "";
  }
  for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
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

/** @param {HTMLFormElement} form */
function announceLater(form) {
  clearTimeout(announceTimers.get(form));
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
