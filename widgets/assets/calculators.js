// One generic renderer for every calculator form the build wrote (widgets/render.py).
// It never knows a calculator by name: it reads the form, asks the engine worker, and
// writes the answer into the elements marked data-output, data-steps and data-error-for.

const STATE = { static: "static", loading: "loading", ready: "ready", error: "error" };
const workerURL = new URL("engine-worker.js", import.meta.url);

let engine = null; // {worker, ready, failure}
let lastSeq = 0;
const waiting = new Map(); // seq -> form awaiting that answer
const newest = new WeakMap(); // form -> seq of its newest request: older answers are dropped
const bound = new WeakSet();

function forms() {
  return [...document.querySelectorAll("form[data-calculator]")];
}

function setStatus(form, text) {
  const status = form.querySelector("[data-status]");
  if (status) status.textContent = text;
}

// Tells other scripts (offline.js waits for it before saving the site) how the engine went.
function announce(state) {
  document.dispatchEvent(new CustomEvent("rc:engine", { detail: { state } }));
}

export function startEngine() {
  if (engine) return;
  const worker = new Worker(workerURL, { type: "module" });
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
      if (form && newest.get(form) === data.seq) show(form, data.response);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    engineFailed(event.message || "its script did not load");
  };
}

function engineFailed(reason) {
  engine.failure = reason;
  announce("failed");
  forms().forEach(showFailure);
}

export function engineState() {
  return !engine ? "off" : engine.failure ? "failed" : engine.ready ? "ready" : "loading";
}

function showFailure(form) {
  form.dataset.state = STATE.error;
  form.dataset.error = "engine";
  form.removeAttribute("aria-busy");
  setStatus(form, `The live calculator could not start (${engine.failure}). ` +
    "The result shown is for the default inputs; the rules on this page are unaffected.");
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "rc-retry";
  retry.dataset.retry = "";
  retry.textContent = "Try again";
  retry.addEventListener("click", restartEngine);
  form.querySelector("[data-status]")?.append(" ", retry);
}

function restartEngine() {
  engine.worker.terminate();
  engine = null;
  waiting.clear();
  startEngine();
  for (const form of forms()) {
    delete form.dataset.error;
    form.dataset.state = STATE.loading;
    setStatus(form, "Starting the live calculator…");
  }
}

// The values as typed: rulescore validates them, so "abc" reaches it and gets its message.
function readInputs(form) {
  const inputs = {};
  for (const field of form.querySelectorAll("[name]")) {
    if (field.type === "checkbox") inputs[field.name] = field.checked;
    else if (field.dataset.derived === undefined || field.dataset.edited) inputs[field.name] = field.value;
    // An untouched derived field is left out, so rulescore derives it from the others.
  }
  return inputs;
}

function update(form) {
  if (!engine || !engine.ready || engine.failure) return;
  const seq = ++lastSeq;
  newest.set(form, seq);
  waiting.set(seq, form);
  form.setAttribute("aria-busy", "true");
  engine.worker.postMessage({ seq, id: form.dataset.calculator, inputs: readInputs(form) });
}

function clearErrors(form) {
  for (const message of form.querySelectorAll("[data-error-for]")) {
    message.hidden = true;
    message.textContent = "";
  }
  for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
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
  const steps = form.querySelector("[data-steps]");
  if (steps) {
    steps.replaceChildren(...response.steps.map((text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }));
  }
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
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", (event) => {
    if (event.target.dataset.derived !== undefined) event.target.dataset.edited = "true";
    update(form); // text fields, selects and checkboxes all fire "input"
  });
  if (engine.failure) return showFailure(form);
  if (engine.ready) return update(form);
  form.dataset.state = STATE.loading;
  setStatus(form, "Starting the live calculator…");
}

function init() {
  const found = forms();
  if (!found.length) return;
  startEngine(); // once per visit; instant navigation keeps this module, and so the worker
  found.forEach(bind);
}

// This module may run early, from the head of a calculator page (engine-start.js), to start
// the engine while the page is still loading; forms are bound once the document is parsed.
// mkdocs-material's instant navigation then announces each new page on document$.
function whenParsed() {
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
  else init();
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", whenParsed, { once: true });
else whenParsed();
