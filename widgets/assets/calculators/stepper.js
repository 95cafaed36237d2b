// @ts-check
// A number field's steppers (calculators.js): − and + beside the field, a step at a time.

import { MINUS } from "../core/dom.js";

// A field's text as a number: "−2" and "-2" alike, "5,75" as 5.75; NaN when it is not one.
/** @param {string} text */
function fieldNumber(text) {
  const plain = String(text).trim().replace(/\u2212/g, "-");
  const decimal = /^[+-]?[0-9]*,[0-9]+$/.test(plain) ? plain.replace(",", ".") : plain;
  return decimal === "" ? NaN : Number(decimal);
}

/** @param {HTMLInputElement} field @param {number} direction +1 or -1 */
export function stepField(field, direction) {
  const step = Number(field.dataset.step) || 1;
  const min = field.dataset.min === undefined ? -Infinity : Number(field.dataset.min);
  const max = field.dataset.max === undefined ? Infinity : Number(field.dataset.max);
  const current = fieldNumber(field.value);
  const start = Number.isFinite(current) ? current : fieldNumber(field.defaultValue);
  // Snap to the step grid, then clamp; rounding keeps 0.25 steps free of float dust.
  const next = Math.min(max, Math.max(min, Math.round((start + direction * step) / step) * step));
  const decimals = (String(step).split(".")[1] || "").length;
  let text = String(Number(next.toFixed(decimals))).replace("-", MINUS);
  if (field.value.includes(",")) text = text.replace(".", ","); // keep the reader's decimal comma
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
