// @ts-check
// Wounds follow the characters out of a session (issue 33): "Write wounds back to the
// characters", and Close when the session changed someone, list each change rulescore found
// (rulescore.session.write_back, in words) and ask first. Each character is written as a new
// revision of its record. A sheet changed elsewhere since the session began (its figure is no
// longer the one the member came in with) is never written over: both figures are shown and the
// GM chooses.
//
// DOM: [data-write-back] (data-write-back-state = asking | done | nothing) with its lines
// [data-write-back-line] and the buttons confirm-write-back, cancel-write-back and, on Close,
// close-without-writing; a conflict is [data-write-back-conflict] with take-session-figures.

import { button, element, listed } from "../core/dom.js";
import { askSession } from "../engine/engine.js";
import { get, update } from "../kept/store.js";

/** @typedef {import("../kept/documents.js").Character} Character */
/** @typedef {import("../kept/store.js").Kept} Kept */
/** rulescore.web's answer to {op: "write_back"}: the fields to write per member, the same in words,
 * and each member's name, fields as they came in and the fields' labels.
 * @typedef {{write_back: Record<string, Record<string, number>>, changes: string[],
 *   members: Record<string, {name: string, came: Record<string, number>, labels: Record<string, string>}>}} WriteBack */

/**
 * Asks rulescore what the session would write back and shows the question in `area`.
 * Resolves once the GM has answered: true to go on (written, or closing without writing),
 * false when cancelled or nothing could be asked.
 * @param {Kept} kept @param {HTMLElement} area @param {import("../kept/documents.js").Session} session
 * @param {boolean} closing Close was tapped: "Close without writing" is offered too
 * @returns {Promise<boolean>}
 */
export async function offerWriteBack(kept, area, session, closing) {
  const answer = /** @type {(WriteBack & {ok: boolean, message?: string}) | null} */ (
    /** @type {unknown} */ (await askSession({ op: "write_back" }, session)));
  area.hidden = false;
  if (!answer || !answer.ok) {
    area.dataset.writeBackState = "refused";
    area.replaceChildren(element("p", { role: "alert" }, [answer?.message ?? "The rules engine could not start, so " +
      "the wounds cannot be worked out: try again."]));
    return closing;
  }
  // Members whose sheets already hold the session's figures (written back before) are left out;
  // the lines come in write_back's order, one a member.
  const ids = Object.keys(answer.write_back);
  const due = await Promise.all(ids.map(async (id) => {
    const record = /** @type {Character | null} */ (await get(kept, "characters", id));
    return !record || Object.entries(answer.write_back[id]).some(([field, value]) => Number(record.fields[field] || 0) !== value);
  }));
  answer.write_back = Object.fromEntries(ids.filter((_, i) => due[i]).map((id) => [id, answer.write_back[id]]));
  answer.changes = answer.changes.filter((_, i) => due[i]);
  if (!answer.changes.length) {
    area.dataset.writeBackState = "nothing";
    area.replaceChildren(element("p", { role: "status" }, ["Every sheet already holds what this session left: nothing to write back."]));
    return true;
  }
  area.dataset.writeBackState = "asking";
  area.replaceChildren(
    element("p", {}, [element("strong", {}, ["Write the wounds back to the characters?"])]),
    element("ul", {}, answer.changes.map((line) => element("li", { "data-write-back-line": "" }, [line]))),
    element("p", { class: "rc-actions" }, [
      button("confirm-write-back", closing ? "Write back and close" : "Write back"), " ",
      ...(closing ? [button("close-without-writing", "Close without writing"), " "] : []),
      button("cancel-write-back", "Cancel"),
    ]),
  );
  area.scrollIntoView({ block: "center" });
  /** @type {HTMLElement | null} */ (area.querySelector("button"))?.focus({ preventScroll: true });
  const choice = await new Promise((resolve) => {
    area.onclick = (event) => {
      const action = /** @type {Element} */ (event.target).closest("button")?.dataset.action;
      if (action) resolve(action);
    };
  });
  area.onclick = null;
  if (choice === "cancel-write-back") {
    area.dataset.writeBackState = "cancelled";
    area.replaceChildren(element("p", { role: "status" }, ["Nothing was written back."]));
    return false;
  }
  if (choice === "close-without-writing") return true;
  const { written, conflicts } = await writeBack(kept, answer, false);
  showWritten(kept, area, answer, written, conflicts);
  return conflicts.length === 0 || !closing;
}

/**
 * Writes each member's changed fields on the newest version of their record, unless the record
 * no longer holds the figure the member came in with (changed elsewhere), or `force`.
 * @param {Kept} kept @param {WriteBack} answer @param {boolean} force
 * @param {string[]} [only] these members alone
 * @returns {Promise<{written: string[], conflicts: {id: string, field: string, there: number, session: number}[]}>}
 */
async function writeBack(kept, answer, force, only) {
  /** @type {string[]} */
  const written = [];
  /** @type {{id: string, field: string, there: number, session: number}[]} */
  const conflicts = [];
  for (const [id, fields] of Object.entries(answer.write_back)) {
    if (only && !only.includes(id)) continue;
    const result = await update(kept, "characters", id, (/** @type {Character | null} */ current) => {
      if (!current) return null;
      // Changed elsewhere: the sheet holds neither the figure the member came in with nor this one.
      const moved = Object.entries(fields).filter(([field, value]) => ![Number(answer.members[id]?.came[field] ?? 0),
        value].includes(Number(current.fields[field] || 0)));
      if (moved.length && !force) {
        for (const [field, value] of moved) {
          conflicts.push({ id, field, there: Number(current.fields[field] || 0), session: value });
        }
        return null;
      }
      const next = { ...current.fields };
      for (const [field, value] of Object.entries(fields)) next[field] = String(value);
      return { ...current, fields: next };
    });
    if (result) written.push(answer.members[id]?.name ?? id);
  }
  return { written, conflicts };
}

/**
 * @param {Kept} kept @param {HTMLElement} area @param {WriteBack} answer @param {string[]} written
 * @param {{id: string, field: string, there: number, session: number}[]} conflicts
 */
function showWritten(kept, area, answer, written, conflicts) {
  area.dataset.writeBackState = conflicts.length ? "conflict" : "done";
  const ids = [...new Set(conflicts.map((conflict) => conflict.id))];
  area.replaceChildren(
    element("p", { role: "status" }, [written.length ? `Written back to ${listed(written)}.` : "Nothing was written back yet."]),
    ...ids.map((id) => element("div", { class: "rc-conflict", "data-write-back-conflict": id }, [
      element("p", {}, [`${answer.members[id]?.name}'s sheet changed since the session began: ` +
        conflicts.filter((c) => c.id === id).map((c) => `${answer.members[id]?.labels[c.field] ?? c.field} ${c.there} ` +
          `on the sheet, ${c.session} after the session`).join("; ") + ". Nothing was written over it."]),
      element("p", { class: "rc-actions" }, [button("take-session-figures", "Take the session's figures", { "data-id": id }),
        " ", button("keep-sheet-figures", "Keep the sheet's", { "data-id": id })]),
    ])),
  );
  area.onclick = async (event) => {
    const target = /** @type {Element} */ (event.target).closest("button");
    const id = target?.dataset.id ?? "";
    const box = target?.closest("[data-write-back-conflict]");
    if (!target || !box) return;
    if (target.dataset.action === "take-session-figures") {
      const again = await writeBack(kept, answer, true, [id]);
      box.replaceChildren(element("p", { role: "status" }, [again.written.length
        ? `Written back to ${listed(again.written)}.` : "Not written: the character is no longer on this device."]));
    } else if (target.dataset.action === "keep-sheet-figures") {
      box.replaceChildren(element("p", { role: "status" }, [`${answer.members[id]?.name}'s sheet is kept as it is.`]));
    }
  };
}
