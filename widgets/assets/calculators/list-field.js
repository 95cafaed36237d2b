// @ts-check
// A list a character sheet keeps (a character's weapons): render.py writes a fieldset
// [data-list-field=<name>] holding the hidden input the form sends (the list as JSON text) and
// data-items, each item's fields as rulescore describes them. This draws a group of fields per
// item with "Add" and "Remove", writes the hidden input on every edit (the form then recomputes
// and rulescore checks each item, its message shown at the list), and draws the list again when
// the hidden input was set from outside (a character opened, the form reset). The item fields
// carry data-item-field, never a name, so the form reads the list only as the hidden input.

import { button, element, keypad } from "../core/dom.js";

/** @typedef {{name: string, label: string, kind: string, default: unknown, choices: string[] | null,
 *   choice_labels: Record<string, string> | null, help: string, unit: string, suggestions?: string[],
 *   suggestion_figures?: Record<string, Record<string, string>>}} ItemField */

/** @param {HTMLFormElement} form */
export function bindListFields(form) {
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-list-field]"))) {
    const hidden = /** @type {HTMLInputElement | null} */ (box.querySelector('input[type="hidden"]'));
    const holder = box.querySelector("[data-list-items]");
    if (!hidden || !holder) continue;
    /** @type {ItemField[]} */
    const items = JSON.parse(box.dataset.items ?? "[]");
    const what = (box.querySelector(".rc-list-title")?.textContent ?? "Item").replace(/s$/, "").toLowerCase();
    let drawn = /** @type {string | null} */ (null);
    const draw = () => {
      if (hidden.value === drawn) return;
      drawn = hidden.value;
      /** @type {Record<string, unknown>[]} */
      let list = [];
      try {
        const parsed = hidden.value ? JSON.parse(hidden.value) : [];
        if (Array.isArray(parsed)) list = parsed;
      } catch { /* text rulescore will refuse with its message; the editor starts empty */ }
      holder.replaceChildren(...list.map((entry, i) => itemGroup(box, items, entry, i, what)),
        element("p", {}, [button("add-list-item", `Add a ${what}`, { "data-list-add": "" })]));
    };
    const write = () => {
      const list = [...holder.querySelectorAll("[data-list-item]")].map((group) => Object.fromEntries(
        [.../** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (group.querySelectorAll("[data-item-field]"))]
          .map((input) => [input.dataset.itemField, input.value.trim()]).filter(([, value]) => value !== "")));
      hidden.value = list.length ? JSON.stringify(list) : "";
      drawn = hidden.value;
      hidden.dispatchEvent(new Event("input", { bubbles: true }));
    };
    holder.addEventListener("input", (event) => {
      event.stopPropagation(); // the form hears the hidden input's event instead, once written
      suggested(/** @type {HTMLInputElement} */ (event.target), items);
      write();
    });
    holder.addEventListener("change", (event) => { event.stopPropagation(); write(); });
    holder.addEventListener("click", (event) => {
      const target = /** @type {Element} */ (event.target).closest("button");
      if (!target) return;
      if (target.dataset.action === "add-list-item") {
        const groups = holder.querySelectorAll("[data-list-item]");
        target.closest("p")?.before(itemGroup(box, items, {}, groups.length, what));
        write();
        /** @type {HTMLElement | null} */ ([...holder.querySelectorAll("[data-list-item]")].at(-1)
          ?.querySelector("[data-item-field]"))?.focus();
      } else if (target.dataset.action === "remove-list-item") {
        target.closest("[data-list-item]")?.remove();
        write();
        drawn = null;
        draw(); // numbered again
        /** @type {HTMLElement | null} */ (holder.querySelector("[data-list-add]"))?.focus();
      }
    });
    form.addEventListener("input", (event) => { if (!box.contains(/** @type {Node} */ (event.target))) draw(); });
    form.addEventListener("reset", () => setTimeout(draw));
    draw();
  }
}

/**
 * One item's fields, numbered, with its Remove button.
 * @param {HTMLElement} box @param {ItemField[]} items @param {Record<string, unknown>} entry
 * @param {number} index @param {string} what
 */
function itemGroup(box, items, entry, index, what) {
  const base = `${box.id}-${index + 1}`;
  const name = typeof entry.name === "string" && entry.name ? entry.name : `${what} ${index + 1}`;
  return element("fieldset", { class: "rc-list-item", "data-list-item": String(index) }, [
    element("legend", {}, [name]),
    ...items.map((field) => {
      const id = `${base}-${field.name}`;
      const value = entry[field.name] === undefined || entry[field.name] === null ? "" : String(entry[field.name]);
      const control = field.kind === "choice"
        ? element("select", { id, "data-item-field": field.name }, [element("option", { value: "" }, ["—"]),
          ...(field.choices ?? []).map((choice) => element("option", choice === value ? { value: choice, selected: "" }
            : { value: choice }, [field.choice_labels?.[choice] ?? choice]))])
        : element("input", { type: "text", id, "data-item-field": field.name, autocomplete: "off", value, ...keypad(field),
          placeholder: field.default === null || field.default === undefined ? "" : String(field.default),
          ...(field.suggestions?.length ? { list: `${box.id}-${field.name}-suggestions` } : {}) });
      return element("div", { class: "rc-field" }, [
        element("label", { for: id }, [field.label, field.unit ? ` (${field.unit})` : ""]), control,
        ...(field.help ? [element("span", { class: "rc-hint" }, [field.help])] : [])]);
    }),
    element("p", {}, [button("remove-list-item", `Remove ${name}`)]),
    ...items.filter((field) => field.suggestions?.length && index === 0).map((field) => element("datalist",
      { id: `${box.id}-${field.name}-suggestions` }, (field.suggestions ?? []).map((text) => element("option", { value: text })))),
  ]);
}

/**
 * A name picked from the suggestions (the rulebook's weapons) fills the item's other fields that
 * are still empty with that weapon's figures.
 * @param {HTMLInputElement} input @param {ItemField[]} items
 */
function suggested(input, items) {
  const figures = items.find((field) => field.name === input.dataset.itemField)?.suggestion_figures?.[input.value.trim()];
  const group = input.closest("[data-list-item]");
  if (!figures || !group) return;
  for (const [name, value] of Object.entries(figures)) {
    const other = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (
      group.querySelector(`[data-item-field="${CSS.escape(name)}"]`));
    if (other && !other.value) other.value = value;
  }
}
