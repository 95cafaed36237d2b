// @ts-check
// The top of the Characters page, what a player comes for: every character kept here, of every
// game, each opening in its game's editor, and "New character" for a chosen game. The editors
// themselves are characters.js's; this only lists and asks it to open one.
//
// DOM: [data-character-home] holds ul.rc-home-list > li[data-character-id] (name, game, "Open",
// "Share") or "No characters yet."; select[data-new-character-system] and
// button[data-action="new-character-top"] beside it. [data-shelf-home] lists the GM's shelf
// (kept/shelf.js): li[data-shelf-id] (name, game, what it is, button "delete-shelf"); the
// Session page's shelf fights them.

import { SYSTEM_NAMES, newId } from "../kept/documents.js";
import { button, confirmThen, element } from "../core/dom.js";
import { put, remove } from "../kept/store.js";

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
      // A character copied to the GM's shelf fights as a foe with its whole sheet.
      " ", button("keep-as-foe", "Keep as a foe", { "data-id": c.id,
        "aria-label": `Keep as a foe: ${c.name}, a copy on the GM's shelf` }),
    ])))
    : element("p", {}, ["No characters yet: press New character, or import a file."]));
  const shelf = home.parentElement?.querySelector("[data-shelf-home]");
  if (!shelf) return;
  const what = { foe: "a foe", encounter: "an encounter", table: "a random table" };
  shelf.replaceChildren(state.shelf.length
    ? element("ul", { class: "rc-home-list" }, state.shelf.map((one) => element("li", { "data-shelf-id": one.id }, [
      element("span", { class: "rc-roster-name" }, [one.name]), " ",
      element("span", { class: "rc-home-game" }, [`${SYSTEM_NAMES[one.system]}, ${what[one.kind]}`]), " ",
      button("delete-shelf", "Delete", { "data-id": one.id, "aria-label": `Delete ${one.name} from the shelf` }),
    ])))
    : element("p", {}, ["Nothing on the shelf yet: import a GCS creature and keep it as a foe, or keep foes, " +
      "encounters and random tables from the Session page."]));
}

/**
 * @param {HTMLElement} library the library section
 * @param {(system: System, id: string | null) => void} open a character (null: a new one) in its editor
 * @param {(id: string, near: Element) => void} share a character, its panel near the button
 * @param {import("../kept/store.js").Kept} kept where a shelf record is kept or deleted
 * @param {(id: string) => import("../kept/documents.js").Character | null} character a kept one, by id
 * @param {() => Promise<void>} redraw the page drawn again: the store tells other tabs, not this one
 */
export function bindHome(library, open, share, kept, character, redraw) {
  library.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest("button");
    const action = target?.dataset.action;
    if (!target || !action) return;
    if (action === "delete-shelf") {
      confirmThen(target, () => remove(kept, "shelf", target.dataset.id ?? "").then(redraw));
    } else if (action === "keep-as-foe") {
      const chosen = character(target.dataset.id ?? "");
      if (!chosen) return;
      put(kept, "shelf", { id: newId("s"), kind: "foe", name: chosen.name, system: chosen.system,
        sheet: chosen.fields }, 0).then(async (written) => {
        await redraw(); // the copy in the shelf's list
        // The button drawn anew says what was done (on the old one it was gone with the redraw).
        const again = library.querySelector(`[data-action="keep-as-foe"][data-id="${CSS.escape(chosen.id)}"]`);
        if (again) again.textContent = "problem" in written && written.problem ? "Not kept" : "Kept as a foe";
      });
    } else if (action === "new-character-top") {
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
