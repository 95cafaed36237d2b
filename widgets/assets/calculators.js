// @ts-check
// One generic renderer for every calculator form the build wrote (widgets/render.py).
// It never knows a calculator by name: it reads the form, asks the engine worker, and
// writes the answer into the elements marked data-output, data-steps, data-charts and
// data-error-for. It also keeps each form's inputs in the page URL (to share) and on the
// device (to come back to).
//
// Besides the DOM contract (README), a form carries data-pending while the result on show
// is not for the inputs in the form: "engine" until the engine has computed them (a shared
// link or remembered inputs; the values are hidden, "working…"), "input" while a number
// field is empty, being retyped (nothing is computed; the last result stays, greyed).

import { MINUS, onEveryPage } from "./dom.js";

/** @typedef {import("../engine-messages.js").EngineReply} EngineReply */
/** @typedef {import("../engine-messages.js").EngineRequest} EngineRequest */
/** @typedef {import("../engine-messages.js").EngineResponse} EngineResponse */
/** @typedef {import("../engine-messages.js").FormInputs} FormInputs */

/**
 * The engine as the page knows it: its worker (null when none could be started), whether it
 * is up, why it will not come up (null while it may) and the timer of its boot deadline.
 * `engine` is null only until the first startEngine() (a restart replaces it at once); the
 * worker's handlers and the forms' code run after that, so they cast it to Engine.
 * @typedef {object} Engine
 * @property {Worker | null} worker
 * @property {boolean} ready
 * @property {string | null} failure
 * @property {number} [deadline]
 */

/**
 * A form's named control: an <input> (text or checkbox) or a <select>.
 * @typedef {HTMLInputElement | HTMLSelectElement} Field
 */

const STATE = { static: "static", loading: "loading", ready: "ready", error: "error" };
const workerURL = new URL("engine-worker.js", import.meta.url);
const siteRoot = new URL("../../", import.meta.url);
const STORAGE_PREFIX = "rules-at-the-table:inputs:";
const ANSWER_TIMEOUT_MS = 8000; // a calculation takes milliseconds; this long means the worker died
// An engine that has said nothing after this long is treated as failed (it offers "Try
// again"; if it does come up later, the calculators go live all the same). Pyodide starts
// in 2-5 s on our machines, 10-20 s on a slow tablet. Tests set window.rulesEngineDeadlineMs.
const BOOT_DEADLINE_MS = 60000;

/** @type {Engine | null} */
let engine = null; // {worker, ready, failure}
let lastSeq = 0;
/** @type {Map<number, (response: EngineResponse) => void>} */
const waiting = new Map(); // seq -> what to do with its answer
/** @type {WeakMap<HTMLFormElement, number>} */
const newest = new WeakMap(); // form -> seq of its newest request: older answers are dropped
/** @type {WeakSet<Element>} */
const bound = new WeakSet();
/** @type {number | undefined} */
let watchdog;
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

function engineLive() {
  return Boolean(engine && engine.ready && !engine.failure);
}

function bootDeadlineMs() {
  const chosen = Number(window.rulesEngineDeadlineMs);
  return Number.isFinite(chosen) && chosen > 0 ? chosen : BOOT_DEADLINE_MS;
}

/** @param {HTMLFormElement} form @param {string} text */
function setStatus(form, text) {
  const status = form.querySelector("[data-status]");
  if (status) status.textContent = text;
  return status;
}

// Tells other scripts (offline.js waits for it before saving the site) how the engine went.
/** @param {"ready" | "failed"} state */
function announce(state) {
  document.dispatchEvent(new CustomEvent("rc:engine", { detail: { state } }));
}

export function startEngine() {
  if (engine) return;
  // A calculator page's head starts the worker (widgets/engine-start.js): adopt it.
  const early = window.rulesEngine;
  window.rulesEngine = null; // adopted once; a restart starts a new worker here
  let worker = null;
  try {
    worker = early ? early.worker : new Worker(workerURL, { type: "module" });
  } catch (/** @type {any} */ error) {
    // A browser without module workers (Firefox before 114, Safari before 15).
    engine = { worker: null, ready: false, failure: null };
    return engineFailed(`this browser cannot run it: ${error.message || error}`);
  }
  /** @type {Engine} */
  const started = { worker, ready: false, failure: null, deadline: undefined };
  engine = started;
  const waitMs = bootDeadlineMs();
  started.deadline = setTimeout(() => {
    if (engine === started && !started.ready && !started.failure) {
      engineFailed(`it has not answered after ${Math.round(waitMs / 1000)} seconds`);
    }
  }, waitMs);
  worker.onmessage = (/** @type {MessageEvent<EngineReply>} */ { data }) => {
    if (data.type === "ready") {
      clearTimeout(started.deadline);
      /** @type {Engine} */ (engine).ready = true;
      /** @type {Engine} */ (engine).failure = null; // a slow start past the deadline still counts
      announce("ready");
      forms().forEach(update);
    } else if (data.type === "failed") {
      clearTimeout(started.deadline);
      engineFailed(data.message);
    } else if (data.type === "result") {
      const answered = waiting.get(data.seq);
      waiting.delete(data.seq);
      if (!waiting.size) clearTimeout(watchdog);
      answered?.(data.response);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    if (/** @type {Engine} */ (engine).ready) restartEngine("the calculator engine stopped");
    else engineFailed(event.message || "its script did not load");
  };
  // What the worker said before it was adopted, replayed: the handler reads only data.
  for (const data of early ? early.messages : []) worker.onmessage(/** @type {MessageEvent<EngineReply>} */ ({ data }));
}

export function engineState() {
  return !engine ? "off" : engine.failure ? "failed" : engine.ready ? "ready" : "loading";
}

/** @param {string} reason */
function engineFailed(reason) {
  /** @type {Engine} */ (engine).failure = reason;
  announce("failed");
  forms().forEach(showFailure);
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
    `The live calculator could not start (${/** @type {Engine} */ (engine).failure}). ${shown} ` +
    "The rules on this page are unaffected.");
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "rc-retry";
  retry.dataset.retry = "";
  retry.textContent = "Try again";
  retry.addEventListener("click", () => restartEngine());
  status?.append(" ", retry);
}

/** @param {string} [reason] */
function restartEngine(reason) {
  /** @type {Engine} */ (engine).worker?.terminate();
  clearTimeout(/** @type {Engine} */ (engine).deadline);
  engine = null;
  waiting.clear();
  clearTimeout(watchdog);
  for (const form of forms()) {
    delete form.dataset.error;
    form.dataset.state = STATE.loading;
    setStatus(form, reason ? `${reason}; restarting it…` : "Starting the live calculator…");
    markPending(form);
  }
  startEngine(); // last: a start that fails at once shows its failure over the lines above
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
  return fields(form).filter((field) => field.dataset.step !== undefined && field.value.trim() === "");
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
  if (engine?.failure) showFailure(form);
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
/** @param {HTMLFormElement} form @param {import("../engine-messages.js").EngineAnswer} answer */
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
  const seq = ++lastSeq;
  newest.set(form, seq); // an answer still on its way is for older inputs: dropped
  const empty = emptyFields(form);
  if (empty.length) return showIncomplete(form, empty);
  const inputs = readInputs(form);
  const key = JSON.stringify(inputs);
  form.setAttribute("aria-busy", "true");
  const editor = form.dataset.characterEditor;
  post({ seq, id: editor ?? /** @type {string} */ (form.dataset.calculator), inputs, sheet: editor !== undefined },
    (response) => { if (newest.get(form) === seq) show(form, response, key); });
}

/** @param {EngineRequest} request @param {(response: EngineResponse) => void} then */
function post(request, then) {
  waiting.set(request.seq, then);
  // Only a live engine is asked (engineLive), and a live engine has a worker.
  /** @type {{worker: Worker}} */ (engine).worker.postMessage(request);
  clearTimeout(watchdog);
  watchdog = setTimeout(() => restartEngine("The calculator engine stopped answering"), ANSWER_TIMEOUT_MS);
}

/**
 * An answer from the engine for the character pages and pickers: calculator `id` for
 * `inputs`, or with `sheet` a character of system `id` (rulescore.derive). Null when the
 * engine is not live (yet, or at all).
 * @param {string} id @param {Record<string, unknown>} inputs @param {boolean} [sheet]
 * @returns {Promise<EngineResponse | null>}
 */
export function askEngine(id, inputs, sheet = false) {
  if (!engineLive()) return Promise.resolve(null);
  return new Promise((resolve) => post({ seq: ++lastSeq, id, inputs: /** @type {FormInputs} */ (inputs), sheet },
    resolve));
}

/**
 * A Session page request (rulescore.web.respond_session), answered once the engine is live;
 * null if it is not.
 * @param {Record<string, unknown>} request
 * @returns {Promise<import("../engine-messages.js").SessionResponse | null>}
 */
export async function askSession(request) {
  await engineReady();
  return new Promise((resolve) => post(
    { seq: ++lastSeq, id: "session", inputs: /** @type {FormInputs} */ (request), session: true },
    (response) => resolve(/** @type {import("../engine-messages.js").SessionResponse} */ (
      /** @type {unknown} */ (response)))));
}

/**
 * A roll for a calculator (rulescore.resolve) with the form's inputs: rolled by the engine
 * (`dice` null) or with the faces rolled at the table. Null when the engine is not live.
 * @param {HTMLFormElement} form @param {Record<string, unknown>} extra inputs beside the form's (which roll)
 * @param {number[] | null} dice
 * @returns {Promise<EngineResponse | null>}
 */
export function askRoll(form, extra, dice) {
  if (!engineLive()) return Promise.resolve(null);
  const inputs = { ...readInputs(form), ...extra };
  return new Promise((resolve) => post({ seq: ++lastSeq, id: /** @type {string} */ (form.dataset.calculator),
    inputs: /** @type {FormInputs} */ (inputs), roll: true, dice }, resolve));
}

/** Resolves once the engine is live (never, if it does not come up). */
export function engineReady() {
  if (engineLive()) return Promise.resolve();
  return new Promise((resolve) => document.addEventListener("rc:engine", function ready(event) {
    if (/** @type {CustomEvent} */ (event).detail.state !== "ready") return;
    document.removeEventListener("rc:engine", ready);
    resolve(undefined);
  }));
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
  form.classList.remove("rc-stale");
  delete form.dataset.error;
  form.dataset.state = STATE.ready;
  setStatus(form, "Live: the result follows your inputs.");
  form.dispatchEvent(new CustomEvent("rc:result", { bubbles: true }));
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
    update(form); // text fields, selects and checkboxes all fire "input"
    if (/** @type {Engine} */ (engine).failure) showFailure(form); // its words depend on the inputs
    keepLater(form);
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
  if (/** @type {Engine} */ (engine).failure) return showFailure(form);
  if (/** @type {Engine} */ (engine).ready) return update(form);
  form.dataset.state = STATE.loading;
  markPending(form);
  setStatus(form, form.dataset.pending
    ? "Starting the live calculator: the result for these inputs follows in a moment…"
    : "Starting the live calculator…");
}

// The Calculators page: narrow the list as the reader types.
function bindFilter() {
  const filter = /** @type {HTMLInputElement | null} */ (document.querySelector("[data-calculator-filter]"));
  if (!filter || bound.has(filter)) return;
  bound.add(filter);
  // The filter's line holds the count too (widgets/render.py).
  /** @type {HTMLElement} */ (filter.closest(".rc-filter")).hidden = false;
  const items = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-filter-text]"))];
  const count = /** @type {Element} */ (document.querySelector("[data-filter-count]"));
  filter.addEventListener("input", () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const item of items) {
      item.hidden = !words.every((word) => /** @type {string} */ (item.dataset.filterText).includes(word));
      if (!item.hidden) shown += 1;
    }
    for (const group of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".rc-calculator-group"))) {
      group.hidden = !group.querySelector("li:not([hidden])");
    }
    count.textContent = words.length ? `${shown} of ${items.length} calculators` : "";
  });
}

// --- Around the forms: wide tables, the back-to-top button, printing ----------------------

// A table wider than the screen scrolls sideways inside its own box (rulescore's tables, and
// the theme's wrapper round a plain Markdown table); the line under it says so while some
// columns are out of sight.
const resized = typeof ResizeObserver === "function"
  ? new ResizeObserver((entries) => entries.forEach(({ target }) => showScrollCue(/** @type {HTMLElement} */ (target))))
  : null;

/** @param {HTMLElement} scroller */
function showScrollCue(scroller) {
  const hidden = scroller.scrollWidth - scroller.clientWidth > 1;
  scroller.dataset.overflow = hidden ? "true" : "false";
  const cue = /** @type {HTMLElement | null} */ (scroller.nextElementSibling);
  if (cue && cue.dataset.scrollCue !== undefined) cue.hidden = !hidden;
}

function bindScrollers() {
  for (const scroller of /** @type {NodeListOf<HTMLElement>} */ (
    document.querySelectorAll("[data-scroll], .md-typeset__scrollwrap"))) {
    if (bound.has(scroller)) continue;
    bound.add(scroller);
    if (scroller.dataset.scroll === undefined) {
      scroller.dataset.scroll = "";
      const cue = document.createElement("p");
      cue.className = "rc-scroll-cue";
      cue.dataset.scrollCue = "";
      cue.hidden = true;
      cue.textContent = "More columns: scroll the table sideways →";
      scroller.after(cue);
    }
    resized?.observe(scroller);
    showScrollCue(scroller);
  }
}

// mkdocs-material's back-to-top button floats over the top of the page; over a calculator
// it would cover a field or its steppers, so it stands aside while a form is under it.
let topCheck = 0;
function keepTopButtonClear() {
  topCheck = 0;
  const button = document.querySelector(".md-top");
  if (!button) return;
  const { top, bottom } = button.getBoundingClientRect();
  const under = forms().some((form) => {
    const box = form.getBoundingClientRect();
    return box.top < bottom + 8 && box.bottom > top - 8;
  });
  button.classList.toggle("rc-top-aside", under);
}
function watchTopButton() {
  const later = () => { if (!topCheck) topCheck = requestAnimationFrame(keepTopButtonClear); };
  window.addEventListener("scroll", later, { passive: true });
  window.addEventListener("resize", later, { passive: true });
}

// Printing: each calculator prints its inputs, results and working (print.css); the working
// is folded on screen, so it is unfolded for the printout and folded again after.
function watchPrinting() {
  window.addEventListener("beforeprint", () => {
    for (const working of /** @type {NodeListOf<HTMLDetailsElement>} */ (
      document.querySelectorAll("form[data-calculator] details:not([open])"))) {
      working.open = true;
      working.dataset.openedToPrint = "";
    }
  });
  window.addEventListener("afterprint", () => {
    for (const working of /** @type {NodeListOf<HTMLDetailsElement>} */ (
      document.querySelectorAll("[data-opened-to-print]"))) {
      working.open = false;
      delete working.dataset.openedToPrint;
    }
  });
}

let watching = false;
function init() {
  bindFilter();
  bindScrollers();
  if (!watching) {
    watching = true;
    watchTopButton();
    watchPrinting();
  }
  keepTopButtonClear();
  const found = forms();
  if (!found.length && !document.querySelector("[data-needs-engine]")) return;
  startEngine(); // once per visit; instant navigation keeps this module, and so the worker
  found.forEach(bind);
}

// Forms are bound once the document is parsed; mkdocs-material's instant navigation then
// announces each new page on document$.
onEveryPage(init);
