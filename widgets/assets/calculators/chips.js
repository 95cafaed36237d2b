// @ts-check
// A modifier picker's chips (calculators.js, render_fields._chips): a choice's or a yes/no
// input's values as buttons in place of the native control, which keeps the value, each with
// the odds it would give.

/** @typedef {import("./form-inputs.js").Field} Field */

// A chip group's native control (select or checkbox), which keeps the value, and that value
// as the chips name it ("true"/"false" for a checkbox).
/** @param {HTMLFormElement} form @param {HTMLElement} group @returns {[Field | null, string]} */
function chipField(form, group) {
  const field = /** @type {Field | null} */ (form.querySelector(`[name="${CSS.escape(group.dataset.chipsFor ?? "")}"]`));
  if (!field) return [null, ""];
  return [field, field.type === "checkbox" ? String(/** @type {HTMLInputElement} */ (field).checked) : field.value];
}

/** @param {HTMLFormElement} form @returns {HTMLElement[]} */
export function chipGroups(form) {
  return [.../** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-chips-for]"))];
}

/** @param {HTMLFormElement} form */
export function syncChips(form) {
  for (const group of chipGroups(form)) {
    const [, value] = chipField(form, group);
    for (const chip of /** @type {NodeListOf<HTMLButtonElement>} */ (group.querySelectorAll("[data-chip-value]"))) {
      chip.setAttribute("aria-pressed", String(chip.dataset.chipValue === value));
    }
  }
}

/** @param {HTMLFormElement} form @param {HTMLButtonElement} chip */
export function pickChip(form, chip) {
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
/** @param {HTMLFormElement} form @param {import("../../engine-messages.js").EngineAnswer} answer */
export function showChipOdds(form, answer) {
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
