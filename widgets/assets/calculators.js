// One generic renderer for every calculator form the build wrote (widgets/render.py).
// It never knows a calculator by name: it reads the form, asks the engine worker, and
// writes the answer into the elements marked data-output, data-steps, data-charts and
// data-error-for. It also keeps each form's inputs in the page URL (to share) and on the
// device (to come back to).

const STATE = { static: "static", loading: "loading", ready: "ready", error: "error" };
const workerURL = new URL("engine-worker.js", import.meta.url);
const siteRoot = new URL("../../", import.meta.url);
const STORAGE_PREFIX = "rules-at-the-table:inputs:";
const ANSWER_TIMEOUT_MS = 8000; // a calculation takes milliseconds; this long means the worker died

let engine = null; // {worker, ready, failure}
let lastSeq = 0;
const waiting = new Map(); // seq -> form awaiting that answer
const newest = new WeakMap(); // form -> seq of its newest request: older answers are dropped
const bound = new WeakSet();
let watchdog = null;

function forms() {
  return [...document.querySelectorAll("form[data-calculator]")];
}

function setStatus(form, text) {
  const status = form.querySelector("[data-status]");
  if (status) status.textContent = text;
  return status;
}

// Tells other scripts (offline.js waits for it before saving the site) how the engine went.
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
  } catch (error) {
    // A browser without module workers (Firefox before 114, Safari before 15).
    engine = { worker: null, ready: false, failure: null };
    return engineFailed(`this browser cannot run it: ${error.message || error}`);
  }
  engine = { worker, ready: false, failure: null };
  worker.onmessage = ({ data }) => {
    if (data.type === "ready") {
      engine.ready = true;
      announce("ready");
      forms().forEach(update);
    } else if (data.type === "failed") {
      engineFailed(data.message);
    } else if (data.type === "result") {
      const form = waiting.get(data.seq);
      waiting.delete(data.seq);
      if (!waiting.size) clearTimeout(watchdog);
      if (form && newest.get(form) === data.seq) show(form, data.response);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    if (engine.ready) restartEngine("the calculator engine stopped");
    else engineFailed(event.message || "its script did not load");
  };
  for (const data of early ? early.messages : []) worker.onmessage({ data });
}

export function engineState() {
  return !engine ? "off" : engine.failure ? "failed" : engine.ready ? "ready" : "loading";
}

function engineFailed(reason) {
  engine.failure = reason;
  announce("failed");
  forms().forEach(showFailure);
}

function showFailure(form) {
  form.dataset.state = STATE.error;
  form.dataset.error = "engine";
  form.removeAttribute("aria-busy");
  const status = setStatus(form, `The live calculator could not start (${engine.failure}). ` +
    "The result shown is for the default inputs; the rules on this page are unaffected.");
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "rc-retry";
  retry.dataset.retry = "";
  retry.textContent = "Try again";
  retry.addEventListener("click", () => restartEngine());
  status?.append(" ", retry);
}

function restartEngine(reason) {
  engine.worker?.terminate();
  engine = null;
  waiting.clear();
  clearTimeout(watchdog);
  for (const form of forms()) {
    delete form.dataset.error;
    form.dataset.state = STATE.loading;
    setStatus(form, reason ? `${reason}; restarting it…` : "Starting the live calculator…");
  }
  startEngine(); // last: a start that fails at once shows its failure over the lines above
}

// --- Inputs: read, share in the URL, remember on the device -------------------------------

function fields(form) {
  return [...form.querySelectorAll("[name]")];
}

// The values as typed: rulescore validates them, so "abc" reaches it and gets its message.
function readInputs(form) {
  const inputs = {};
  for (const field of fields(form)) {
    if (field.type === "checkbox") inputs[field.name] = field.checked;
    else if (field.dataset.derived === undefined || field.dataset.edited) inputs[field.name] = field.value;
    // An untouched derived field is left out, so rulescore derives it from the others.
  }
  return inputs;
}

function writeInputs(form, values) {
  for (const [name, value] of Object.entries(values)) {
    const field = form.querySelector(`[name="${CSS.escape(name)}"]`);
    if (!field) continue; // a stale or foreign name in a link: ignored
    if (field.type === "checkbox") field.checked = value === true || value === "true";
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

function safeDecode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

function inputsFromURL(form) {
  const found = queryParts().find(([key]) => key === form.dataset.calculator);
  if (!found) return null;
  const values = {};
  for (const pair of found[1].split(",")) {
    const at = pair.indexOf(":");
    if (at > 0) values[safeDecode(pair.slice(0, at))] = safeDecode(pair.slice(at + 1));
  }
  return values;
}

function shareURL(form) {
  const id = form.dataset.calculator;
  const encoded = Object.entries(readInputs(form))
    .map(([name, value]) => `${name}:${encodeURIComponent(String(value))}`).join(",");
  const others = queryParts().filter(([key]) => key !== id)
    .map(([key, raw]) => (raw ? `${encodeURIComponent(key)}=${raw}` : encodeURIComponent(key)));
  const query = [...others, `${id}=${encoded}`].join("&");
  return `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
}

function dropFromURL(form) {
  const others = queryParts().filter(([key]) => key !== form.dataset.calculator)
    .map(([key, raw]) => `${encodeURIComponent(key)}=${raw}`);
  setURL(`${window.location.pathname}${others.length ? `?${others.join("&")}` : ""}${window.location.hash}`);
}

// Browsers limit how often a page may rewrite its URL (WebKit throws after about 100
// rewrites in 10 seconds), so the URL and the saved inputs follow the form a moment after
// typing stops, and a refusal never gets in the way of the result.
function setURL(url) {
  try {
    history.replaceState(history.state, "", url);
  } catch {
    // Throttled: the next change writes it.
  }
}

const keepTimers = new WeakMap();
function keepLater(form) {
  clearTimeout(keepTimers.get(form));
  keepTimers.set(form, setTimeout(() => {
    setURL(shareURL(form));
    remember(form);
  }, 250));
}

function remember(form) {
  try {
    localStorage.setItem(STORAGE_PREFIX + form.dataset.calculator, JSON.stringify(readInputs(form)));
  } catch {
    // Storage full or disabled (private browsing): the calculator still works.
  }
}

function remembered(form) {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_PREFIX + form.dataset.calculator) || "null");
    return saved && typeof saved === "object" && !Array.isArray(saved) ? saved : null;
  } catch {
    return null;
  }
}

function reset(form) {
  clearTimeout(keepTimers.get(form));
  try {
    localStorage.removeItem(STORAGE_PREFIX + form.dataset.calculator);
  } catch { /* nothing stored */ }
  form.reset(); // back to the defaults the build wrote into the form
  for (const field of fields(form)) delete field.dataset.edited;
  dropFromURL(form);
  update(form);
}

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

function stepField(field, direction) {
  const step = Number(field.dataset.step) || 1;
  const min = field.dataset.min === undefined ? -Infinity : Number(field.dataset.min);
  const max = field.dataset.max === undefined ? Infinity : Number(field.dataset.max);
  const current = Number(field.value);
  const start = Number.isFinite(current) && field.value.trim() !== "" ? current : Number(field.defaultValue);
  // Snap to the step grid, then clamp; rounding keeps 0.25 steps free of float dust.
  const next = Math.min(max, Math.max(min, Math.round((start + direction * step) / step) * step));
  const decimals = (String(step).split(".")[1] || "").length;
  field.value = String(Number(next.toFixed(decimals)));
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

// --- Talking to the engine and showing its answers ----------------------------------------

function update(form) {
  if (!engine || !engine.ready || engine.failure) return;
  const seq = ++lastSeq;
  newest.set(form, seq);
  waiting.set(seq, form);
  form.setAttribute("aria-busy", "true");
  engine.worker.postMessage({ seq, id: form.dataset.calculator, inputs: readInputs(form) });
  clearTimeout(watchdog);
  watchdog = setTimeout(() => restartEngine("The calculator engine stopped answering"), ANSWER_TIMEOUT_MS);
}

function clearErrors(form) {
  for (const message of form.querySelectorAll("[data-error-for]")) {
    message.hidden = true;
    message.textContent = "";
  }
  for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
}

function ruleHref(link) {
  const url = new URL(link, siteRoot);
  return url.pathname === window.location.pathname ? url.hash : url.href;
}

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

function show(form, response) {
  form.removeAttribute("aria-busy");
  clearErrors(form);
  if (!response.ok) {
    // The last good result stays, greyed, and the message sits beside the field at fault.
    const message = form.querySelector(`[data-error-for="${CSS.escape(String(response.field))}"]`);
    if (message) {
      message.textContent = response.message;
      message.hidden = false;
      form.querySelector(`[name="${CSS.escape(response.field)}"]`)?.setAttribute("aria-invalid", "true");
      setStatus(form, "Fix the marked field to update the result.");
    } else {
      setStatus(form, response.message);
    }
    form.classList.add("rc-stale");
    form.dataset.state = STATE.error;
    form.dataset.error = "input";
    return;
  }
  for (const element of form.querySelectorAll("[data-output]")) {
    const output = response.outputs[element.dataset.output];
    if (!output) continue;
    element.textContent = output.text;
    element.dataset.value = JSON.stringify(output.value);
  }
  form.querySelector("[data-steps]")?.replaceChildren(
    ...response.steps.map((text, i) => stepItem(text, response.rules[i])));
  const charts = form.querySelector("[data-charts]");
  // The SVG comes from rulescore's own chart code (rulescore/web.py), built from numbers
  // and escaped labels, never from what a reader typed.
  if (charts) charts.innerHTML = response.charts.join("");
  for (const field of form.querySelectorAll("[data-derived]")) {
    if (!field.dataset.edited && field.name in response.inputs) field.value = String(response.inputs[field.name]);
  }
  form.classList.remove("rc-stale");
  delete form.dataset.error;
  form.dataset.state = STATE.ready;
  setStatus(form, "Live: the result follows your inputs.");
  form.dispatchEvent(new CustomEvent("rc:result", { bubbles: true }));
}

function bind(form) {
  if (bound.has(form)) return;
  bound.add(form);
  const fromLink = inputsFromURL(form);
  const saved = fromLink || remembered(form);
  if (saved) writeInputs(form, saved);
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", (event) => {
    if (event.target.dataset.derived !== undefined) event.target.dataset.edited = "true";
    update(form); // text fields, selects and checkboxes all fire "input"
    keepLater(form);
  });
  form.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.stepper) stepField(button.parentElement.querySelector("input"), Number(button.dataset.stepper));
    else if (button.dataset.action === "reset") reset(form);
    else if (button.dataset.action === "copy-link") copyLink(form, button);
  });
  for (const hidden of form.querySelectorAll(".rc-stepper, .rc-actions")) hidden.hidden = false;
  if (engine.failure) return showFailure(form);
  if (engine.ready) return update(form);
  form.dataset.state = STATE.loading;
  setStatus(form, "Starting the live calculator…");
}

// The Calculators page: narrow the list as the reader types.
function bindFilter() {
  const filter = document.querySelector("[data-calculator-filter]");
  if (!filter || bound.has(filter)) return;
  bound.add(filter);
  filter.closest(".rc-filter").hidden = false;
  const items = [...document.querySelectorAll("[data-filter-text]")];
  const count = document.querySelector("[data-filter-count]");
  filter.addEventListener("input", () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const item of items) {
      item.hidden = !words.every((word) => item.dataset.filterText.includes(word));
      if (!item.hidden) shown += 1;
    }
    for (const group of document.querySelectorAll(".rc-calculator-group")) {
      group.hidden = !group.querySelector("li:not([hidden])");
    }
    count.textContent = words.length ? `${shown} of ${items.length} calculators` : "";
  });
}

function init() {
  bindFilter();
  const found = forms();
  if (!found.length) return;
  startEngine(); // once per visit; instant navigation keeps this module, and so the worker
  found.forEach(bind);
}

// Forms are bound once the document is parsed; mkdocs-material's instant navigation then
// announces each new page on document$.
function whenParsed() {
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
  else init();
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", whenParsed, { once: true });
else whenParsed();
