// @ts-check
// A calculator form's inputs (calculators.js): read as typed, shared in the page URL (one
// readable parameter per calculator) and remembered on the device, to come back to.

/** @typedef {import("../../engine-messages.js").FormInputs} FormInputs */
/** A form's named control: an <input> (text or checkbox) or a <select>. @typedef {HTMLInputElement | HTMLSelectElement} Field */

const STORAGE_PREFIX = "rules-at-the-table:inputs:";

// A character editor's name field is the character's, not an input rulescore reads.
/** @param {HTMLFormElement} form @returns {Field[]} */
export function fields(form) {
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
export function emptyFields(form) {
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
export function writeInputs(form, values) {
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
export function inputsFromURL(form) {
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
export function shareURL(form) {
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
export function setURL(url) {
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
export function keepLater(form) {
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
export function remembered(form) {
  if (!form.dataset.calculator) return null;
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_PREFIX + form.dataset.calculator) || "null");
    return saved && typeof saved === "object" && !Array.isArray(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** Back to the defaults: nothing remembered, nothing in the URL. @param {HTMLFormElement} form */
export function resetInputs(form) {
  clearTimeout(keepTimers.get(form));
  try {
    localStorage.removeItem(STORAGE_PREFIX + form.dataset.calculator);
  } catch { /* nothing stored */ }
  form.reset(); // back to the defaults the build wrote into the form
  for (const field of fields(form)) delete field.dataset.edited;
  if (form.dataset.calculator) dropFromURL(form);
}
