// @ts-check
// Around the forms, on every page: the Calculators page's filter, wide tables that scroll in
// place, the back-to-top button kept off the forms, and printing with the working unfolded.

import { onEveryPage } from "./dom.js";

/** @type {WeakSet<Element>} */
const bound = new WeakSet();

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
// What it must never cover: the forms, and the open session's buttons, action form and its
// sticky head (the clock and, in a fight, Next turn).
const BESIDE_THE_TOP_BUTTON = "form[data-calculator], form[data-character-editor], " +
  "[data-session-active]:not([hidden]) .rc-actions, .rc-session-act, [data-session-active]:not([hidden]) .rc-session-head";
let topCheck = 0;
function keepTopButtonClear() {
  topCheck = 0;
  const button = document.querySelector(".md-top");
  if (!button) return;
  const { top, bottom } = button.getBoundingClientRect();
  const covered = [...document.querySelectorAll(BESIDE_THE_TOP_BUTTON)].some((area) => {
    const box = area.getBoundingClientRect();
    return box.top < bottom + 8 && box.bottom > top - 8;
  });
  button.classList.toggle("rc-top-aside", covered);
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
}

onEveryPage(init);
