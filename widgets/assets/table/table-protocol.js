// @ts-check
// The table's messages as a phone reads them (issue 36; the GM's side is rulescore/seats.py),
// apart from any page or transport so that they can be tested alone: what a phone does with
// each message the GM's device sends, given the number of the last one it drew.

/** The protocol's version: both sides refuse another. */
export const PROTOCOL = 1;

/**
 * What a phone does with a message: draw it; ask for a snapshot (some changes never arrived:
 * the next one is not the one after the last drawn); say a sentence; or nothing (an old
 * change arriving late, already covered by a newer snapshot).
 * @typedef {{do: "draw", message: Record<string, any>} | {do: "snapshot"} | {do: "say", text: string}
 *   | {do: "odds", message: Record<string, any>} | {do: "nothing"}} PhoneStep
 * @param {number} seq the number of the last message drawn (0: none yet)
 * @param {unknown} data the message as it came, JSON text
 * @returns {PhoneStep}
 */
export function phoneHears(seq, data) {
  /** @type {Record<string, any> | null} */
  let message = null;
  try {
    message = typeof data === "string" ? JSON.parse(data) : null;
  } catch { /* not JSON: said below */ }
  if (!message || typeof message !== "object" || message.v !== PROTOCOL) {
    return { do: "say", text: "The GM's device speaks another version of the site: reload both pages." };
  }
  const numbered = Number.isInteger(message.seq) && message.view && typeof message.view === "object";
  if (message.type === "snapshot" && numbered) return { do: "draw", message };
  if (message.type === "change" && numbered) {
    if (message.seq <= seq) return { do: "nothing" };
    return message.seq === seq + 1 ? { do: "draw", message } : { do: "snapshot" };
  }
  if (message.type === "refused") return { do: "say", text: `Not done: ${String(message.message ?? "refused.")}` };
  if (message.type === "done") return { do: "say", text: "Done." };
  if (message.type === "noted") return { do: "say", text: String(message.message ?? "Kept.") };
  if (message.type === "waiting") return { do: "say", text: String(message.message ?? "The GM's device is waiting for the GM.") };
  if (message.type === "odds") return { do: "odds", message };
  return { do: "nothing" };
}

/**
 * A request of this seat for an action, numbered by the phone and carrying the number of the
 * last message it drew (so the GM's device knows whether it was made from an older state);
 * `rolled`, the faces of an attack roll the player rolled with their own dice. With `kind`
 * "odds", it asks only for an attack's odds. Its id starts with `from`, this page's own
 * prefix, so that a phone reloaded does not reuse the ids the GM's device has answered.
 * @param {number} asked how many requests this phone made before @param {number} seen
 * @param {Record<string, unknown>} action @param {number[]} [rolled] @param {"request" | "odds"} [kind]
 * @param {string} [from]
 */
export function requestMessage(asked, seen, action, rolled, kind = "request", from = "") {
  return { v: PROTOCOL, type: kind, id: `${from}${kind === "odds" ? "o" : "r"}${asked + 1}`, seen, action,
    ...(rolled?.length ? { rolled } : {}) };
}

/**
 * The faces a player typed for their own roll of `count` dice of `sides` ("5 4 3", "5,4,3", or
 * "543" where every die has at most 9 sides: a digit a die): the numbers, an empty list when
 * nothing was typed, or null when what was typed is not that many faces from 1 to `sides`.
 * @param {string} text @param {{count: number, sides: number}} roll
 */
export function facesTyped(text, roll) {
  const typed = text.trim();
  if (!typed) return [];
  const parts = roll.sides <= 9 && /^\d+$/.test(typed) && typed.length === roll.count ? [...typed]
    : typed.split(/[\s,;+]+/).filter(Boolean);
  const faces = parts.map(Number);
  return parts.length === roll.count && parts.every((part) => /^\d{1,3}$/.test(part))
    && faces.every((face) => face >= 1 && face <= roll.sides) ? faces : null;
}

/** An example of a roll's faces as a player types them ("5 4 3" for 3d6, "14" for 1d20, "7 10"
 * for 2d10). @param {{count: number, sides: number}} roll */
export function facesExample(roll) {
  if (roll.count === 1) return String(Math.min(14, roll.sides));
  const faces = roll.sides >= 10 ? [7, 10, 3, 9, 5, 1] : [5, 4, 3, 6, 2, 1];
  return Array.from({ length: roll.count }, (_, i) => Math.min(faces[i % faces.length], roll.sides)).join(" ");
}
