// @ts-check
// The GM screens (/screen/<system>/, widgets/render.py screen_html) and the "Calculators only"
// view of a rules page. A tile is a calculator's title, its first results and a "§" link to
// its rules; tapping it opens the whole form in a panel over the screen. The forms are the
// build's own (calculators.js computes them as anywhere else): this file only opens and
// closes tiles, makes tiles of a rules page's forms and puts them back, and shows the open
// session's summary on a GM screen.

import { askSession } from "../engine/engine.js";
import { element, onEveryPage } from "../core/dom.js";
import { closeStore, get, getMeta, listen, openStore } from "../kept/store.js";

const ONLY_KEY = "rules-at-the-table:calculator-only"; // "on" while a reader prefers it

/** @param {HTMLElement} tile @param {boolean} open */
function setOpen(tile, open) {
  if (open) {
    // One panel at a time: it covers the screen.
    for (const other of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".rc-tile[data-open]"))) {
      if (other !== tile) setOpen(other, false);
    }
    tile.dataset.open = "";
  } else {
    delete tile.dataset.open;
  }
  tile.querySelector("[data-action=open-tile]")?.setAttribute("aria-expanded", String(open));
  const close = /** @type {HTMLButtonElement | null} */ (tile.querySelector("[data-action=close-tile]"));
  if (close) close.hidden = !open;
  // Focus goes to the close button, not a field: on a tablet a focused field opens the keyboard.
  const target = /** @type {HTMLElement | null} */ (
    tile.querySelector(open ? "[data-action=close-tile]" : "[data-action=open-tile]"));
  target?.focus({ preventScroll: true });
}

/** A tile's buttons shown and marked live (without scripts a tile only shows results). @param {HTMLElement} tile */
function liven(tile) {
  const open = /** @type {HTMLButtonElement | null} */ (tile.querySelector("[data-action=open-tile]"));
  if (open) open.hidden = false;
  tile.dataset.live = "";
}

// --- "Calculators only" on a rules page -----------------------------------------------------

/** The tile round one of the page's forms, as the build writes a GM screen's. @param {HTMLFormElement} form */
function makeTile(form) {
  const title = form.querySelector(".rc-title strong")?.textContent ?? form.dataset.calculator ?? "";
  const tile = element("section", { class: "rc-tile", "data-screen-tile": form.dataset.calculator ?? "",
    "data-made-tile": "" }, [
    element("p", { class: "rc-tile-head" }, [
      element("button", { type: "button", class: "rc-tile-open", "data-action": "open-tile", "aria-expanded": "false",
        "aria-controls": form.id }, [title]),
      // Back to the prose, at this calculator: the rules it applies are around it.
      element("a", { class: "rc-tile-rule", href: `#${form.id}`, title: `The rules: ${title}`,
        "aria-label": `${title}: the rules`, "data-action": "leave-calculator-only" }, ["§"]),
      element("button", { type: "button", class: "rc-tile-close", "data-action": "close-tile", "aria-label": "Close",
        hidden: "" }, ["×"]),
    ]),
  ]);
  form.before(tile);
  tile.append(form);
  liven(tile);
}

/** @param {HTMLElement} article @param {boolean} on */
function calculatorOnly(article, on) {
  const toggle = article.querySelector("[data-action=calculator-only]");
  if (on === (article.dataset.calculatorOnly !== undefined)) return;
  if (on) {
    for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (article.querySelectorAll("form[data-calculator]"))) {
      makeTile(form);
    }
    article.dataset.calculatorOnly = "";
  } else {
    // Each form goes back where it was, and its tile goes: the page is as it was built.
    for (const tile of /** @type {NodeListOf<HTMLElement>} */ (article.querySelectorAll("[data-made-tile]"))) {
      const form = tile.querySelector("form");
      if (form) tile.replaceWith(form);
      else tile.remove();
    }
    delete article.dataset.calculatorOnly;
  }
  toggle?.setAttribute("aria-pressed", String(on));
}

/** @param {boolean} on */
function rememberOnly(on) {
  try {
    if (on) localStorage.setItem(ONLY_KEY, "on");
    else localStorage.removeItem(ONLY_KEY);
  } catch { /* storage refused (private browsing): the view still changes, just not remembered */ }
}

function preferOnly() {
  try {
    return localStorage.getItem(ONLY_KEY) === "on";
  } catch {
    return false;
  }
}

// --- The open session on a GM screen --------------------------------------------------------

/** A character's figures as rulescore labels them ("HP 5 of 12"), then their condition.
 * @param {Record<string, any>} person */
function condition(person) {
  const words = [person.condition, person.fatigue].filter((w) => typeof w === "string" && w && w !== "rested");
  return [...(person.figures ?? []), ...words].join(", ");
}

/** The fight, if one is on: its round, whose turn it is and what is due (issue 29).
 * @param {Record<string, any>} view the GM's view */
function fightText(view) {
  const fight = view.fight;
  const now = fight.combatants.find((/** @type {Record<string, any>} */ one) => one.id === fight.current);
  return element("span", { "data-screen-fight": "", "data-round": String(fight.round),
    "data-current": fight.current ?? "" }, [element("strong", {}, [`Fight, round ${fight.round}`]),
    now ? `: ${now.name}'s turn` : "", ...(view.due ?? []).map((/** @type {string} */ line) => `; ${line}`)]);
}

/** The summary of the open session of this screen's system (the GM's view), or nothing.
 * @param {import("../kept/store.js").Kept} kept @param {HTMLElement} box */
async function showSession(kept, box) {
  const screen = /** @type {HTMLElement} */ (box.closest("[data-screen]"));
  const open = await getMeta(kept, "open-session");
  /** @type {import("../kept/documents.js").Session | null} */
  const session = open ? await get(kept, "sessions", open) : null;
  if (!session || session.system !== screen.dataset.screen) {
    box.hidden = true;
    return;
  }
  const answer = await askSession({ op: "view", players_view: false }, session);
  const view = answer && answer.ok ? answer.gm_view : undefined;
  if (!view || !box.isConnected) return; // the Session page says what is wrong with a session
  const names = Object.fromEntries((view.characters ?? []).map((/** @type {any} */ p) => [p.id, p.name]));
  const sessionPage = new URL("../../../session/", import.meta.url).href;
  box.replaceChildren(
    element("a", { class: "rc-screen-session-name", href: sessionPage }, [session.name || "Session"]),
    element("span", { "data-screen-clock": "", "data-turn": String(view.turn), "data-round": String(view.round) },
      [view.clock]),
    ...(view.lights ?? []).map((/** @type {Record<string, any>} */ light) => element("span", {
      "data-light": String(light.id), "data-burning": String(light.burning) }, [
      `${light.source}${light.by ? ` (${names[light.by] ?? light.by})` : ""}: ${light.state}`,
      light.turns_left !== undefined ? `, ${light.turns_left} turn${light.turns_left === 1 ? "" : "s"} left` : ""])),
    ...(view.characters ?? []).map((/** @type {Record<string, any>} */ person) => element("span", {
      "data-character-id": String(person.id) }, [element("strong", {}, [person.name]), ` ${condition(person)}`])),
    ...(view.fight ? [fightText(view)] : []),
  );
  box.hidden = false;
}

// --- Wiring ---------------------------------------------------------------------------------

/** @param {MouseEvent} event */
function onClick(event) {
  const target = /** @type {Element} */ (event.target);
  const action = target.closest("[data-action]");
  const what = action?.getAttribute("data-action");
  const tile = /** @type {HTMLElement | null} */ (target.closest(".rc-tile[data-live]"));
  if (what === "calculator-only") {
    const article = /** @type {HTMLElement} */ (target.closest("article") ?? document.body);
    const on = article.dataset.calculatorOnly === undefined;
    calculatorOnly(article, on);
    rememberOnly(on);
  } else if (what === "leave-calculator-only") {
    // The link's own jump to the form follows, once the form is back among the rules.
    const article = /** @type {HTMLElement | null} */ (target.closest("article"));
    if (article) calculatorOnly(article, false);
    rememberOnly(false);
  } else if (what === "close-tile" && tile) {
    setOpen(tile, false);
  } else if (what === "open-tile" && tile) {
    setOpen(tile, tile.dataset.open === undefined);
  } else if (tile && tile.dataset.open === undefined && !target.closest("a, button, input, select, label, summary")) {
    setOpen(tile, true); // a tap anywhere on a closed tile opens it
  }
}

/** @param {KeyboardEvent} event */
function onKey(event) {
  if (event.key !== "Escape") return;
  const open = /** @type {HTMLElement | null} */ (document.querySelector(".rc-tile[data-open]"));
  if (open) setOpen(open, false);
}

let listening = false;
function init() {
  if (!listening) {
    listening = true;
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
  }
  for (const tile of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".rc-tile"))) liven(tile);
  const toggle = /** @type {HTMLButtonElement | null} */ (document.querySelector("[data-action=calculator-only]"));
  if (toggle) {
    toggle.hidden = false;
    const article = toggle.closest("article");
    if (article && preferOnly()) calculatorOnly(article, true);
  }
  const session = /** @type {HTMLElement | null} */ (document.querySelector("[data-screen-session]"));
  if (session) followSession(session);
}

/** The strip follows the session live: whatever a tab does to it shows here at once.
 * @param {HTMLElement} box */
async function followSession(box) {
  const kept = await openStore();
  await showSession(kept, box);
  listen(kept, (change) => {
    if (!box.isConnected) return closeStore(kept);
    if (change.kind === "sessions" || change.kind === "all" || change.id === "open-session") showSession(kept, box);
  });
}

onEveryPage(init);
