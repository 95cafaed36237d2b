// @ts-check
// The top of the Characters page, what a player comes for: every character kept here, of every
// game, each opening in its game's editor, and "New character" for a chosen game. The editors
// themselves are characters.js's; this only lists and asks it to open one.
//
// DOM: [data-character-home] holds ul.rc-home-list > li[data-character-id] (name, game, "Open",
// "Share") or "No characters yet."; select[data-new-character-system] and
// button[data-action="new-character-top"] beside it.

import { SYSTEM_NAMES } from "../kept/documents.js";
import { button, element } from "../core/dom.js";

/** @typedef {import("./sheets.js").PageState} PageState */
/** @typedef {import("../kept/documents.js").System} System */

/** @param {PageState} state @param {Element} home */
export function renderHome(state, home) {
  const characters = [...state.store.characters].sort((a, b) => a.name.localeCompare(b.name));
  home.replaceChildren(characters.length
    ? element("ul", { class: "rc-home-list" }, characters.map((c) => element("li", { "data-character-id": c.id, "data-system": c.system }, [
      element("span", { class: "rc-roster-name" }, [c.name]), " ",
      element("span", { class: "rc-home-game" }, [SYSTEM_NAMES[c.system]]), " ",
      button("open-character", "Open", { "data-id": c.id, "aria-label": `Open ${c.name}` }), " ",
      button("share-character", "Share", { "data-id": c.id, "aria-label": `Share ${c.name}` }),
    ])))
    : element("p", {}, ["No characters yet: press New character, or import a file."]));
}

/**
 * @param {HTMLElement} library the library section
 * @param {(system: System, id: string | null) => void} open a character (null: a new one) in its editor
 * @param {(id: string, near: Element) => void} share a character, its panel near the button
 */
export function bindHome(library, open, share) {
  library.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest("button");
    const action = target?.dataset.action;
    if (!target || !action) return;
    if (action === "new-character-top") {
      const choice = /** @type {HTMLSelectElement | null} */ (library.querySelector("[data-new-character-system]"));
      open(/** @type {System} */ (choice?.value ?? "gurps"), null);
    } else if (action === "open-character" || (action === "share-character" && target.closest("[data-character-home]"))) {
      const id = target.dataset.id ?? "";
      const system = /** @type {System | undefined} */ (target.closest("li")?.dataset.system);
      if (action === "share-character") share(id, target);
      else if (system) open(system, id);
    }
  });
}
