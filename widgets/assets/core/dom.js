// @ts-check
// Small DOM helpers the page scripts share: building elements from data (text is always
// text, never markup), the site's minus sign, and running a page's set-up on every page the
// theme's instant navigation shows.

export const MINUS = "\u2212"; // the site's one minus sign

/** @param {string} tag @param {Record<string, string>} [attributes] @param {(Node | string)[]} [children] */
export function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children); // strings become text: a name is never markup
  return node;
}

/** A button of the given data-action. @param {string} action @param {string} text
 * @param {Record<string, string>} [attributes] */
export function button(action, text, attributes = {}) {
  return element("button", { type: "button", "data-action": action, ...attributes }, [text]);
}

/** A destructive button asks once more in place ("Really delete?") before it acts.
 * @param {HTMLButtonElement} target @param {() => void} act */
export function confirmThen(target, act) {
  if (target.dataset.confirm) { // the second tap: the button reads as before, then it acts
    delete target.dataset.confirm;
    target.textContent = target.dataset.label ?? "";
    return act();
  }
  target.dataset.confirm = "true";
  target.dataset.label = target.textContent ?? "";
  target.textContent = `Really ${target.textContent?.toLowerCase()}?`;
  setTimeout(() => {
    if (!target.isConnected || !target.dataset.confirm) return;
    delete target.dataset.confirm;
    target.textContent = target.dataset.label ?? "";
  }, 5000);
}

/** A number as the site shows it: "−2", not "-2". @param {unknown} value */
export function withMinus(value) {
  return String(value).replace(/^-/, MINUS);
}

/** Names in a list: joined with ", ", or with "; " where one holds a comma itself ("Smith, John;
 * Ana"), as rulescore's wording.listed; `last` ("and", "or") before the last.
 * @param {string[]} items @param {string} [last] */
export function listed(items, last = "") {
  const comma = items.some((item) => item.includes(",")) ? "; " : ", ";
  return last && items.length > 1 ? `${items.slice(0, -1).join(comma)} ${last} ${items[items.length - 1]}` : items.join(comma);
}

/** The keyboard a phone opens for a field: "numeric" for a whole number that cannot be negative,
 * "decimal" for one with a fraction, and the full keyboard ("text") where a minus is allowed (the
 * iPhone's number pads have none); none for a text field.
 * @param {{kind?: string, min?: number | null}} field @returns {Record<string, string>} */
export function keypad(field) {
  if (field.kind !== "int" && field.kind !== "number") return {};
  return { inputmode: field.min !== null && field.min !== undefined && field.min >= 0
    ? (field.kind === "int" ? "numeric" : "decimal") : "text" };
}

/** Calls `use` with mkdocs-material's document$ (each page it shows) once the theme's script
 * has run: at once, or when a calculator page's engine-start.js has loaded it, after the
 * engine's first answers ("rc:theme"). Never, on a page without it.
 * @param {(pages: NonNullable<Window["document$"]>) => unknown} use */
export function withTheme(use) {
  const pages = themePages();
  if (pages) use(pages);
  else document.addEventListener("rc:theme", () => withTheme(use), { once: true });
}

/** The theme's document$, once its script has run; null before, and on a page without it. */
function themePages() {
  const pages = window.document$;
  return pages && typeof pages.subscribe === "function" ? pages : null;
}

/** Runs `init` once the document is parsed, then on every page mkdocs-material's instant
 * navigation announces (document$). @param {() => unknown} init */
export function onEveryPage(init) {
  const start = () => {
    const pages = themePages();
    if (pages) {
      pages.subscribe(init);
      return;
    }
    init();
    // The theme came later (engine-start.js) and replays this page as it subscribes: that one is done.
    withTheme((pages) => {
      let replaying = true;
      pages.subscribe(() => replaying || init());
      replaying = false;
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}

/** The time of day as the table's lines give it ("21:46"). @param {Date} [at] */
export function timeOfDay(at = new Date()) {
  return at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}
