// @ts-check
// The Characters page's parties (characters.js draws each editor's): a system's parties, each
// its own record in the store, made, deleted and their members added, moved and removed.

import { SYSTEM_NAMES, newId } from "../kept/documents.js";
import { button, element } from "../core/dom.js";
import { alertIfUnsaved, characterById, reread, say } from "./sheets.js";
import { put, remove, update } from "../kept/store.js";

/** @typedef {import("../kept/documents.js").Party} Party */
/** @typedef {import("../kept/documents.js").System} System */
/** @typedef {import("./sheets.js").PageState} PageState */

// --- Parties: each a record; a change is made again on the newest version, so members added
// in two tabs are both kept -------------------------------------------------------------------

/** A party's "Add" line: the characters of its system not in it, or a word that there are none
 * (an empty list with a live button did nothing).
 * @param {{id: string}} party @param {{id: string, name: string}[]} others */
function addMember(party, others) {
  if (!others.length) return element("p", { class: "rc-party-full" }, ["Everyone of this game is in the party."]);
  return element("p", {}, [
    element("label", { for: `${party.id}-add` }, ["Add "]),
    element("select", { id: `${party.id}-add`, "data-add-member": party.id },
      others.map((c) => element("option", { value: c.id }, [c.name]))),
    " ", button("member-add", "Add to party", { "data-id": party.id }),
  ]);
}

/** @param {PageState} state @param {HTMLFormElement} form */
export function renderParties(state, form) {
  const system = /** @type {System} */ (form.dataset.characterEditor);
  const area = form.querySelector("[data-parties]");
  if (!area) return;
  const mine = state.store.characters.filter((c) => c.system === system);
  const parties = state.store.parties.filter((p) => p.system === system);
  const nameId = `${form.id}-party-name`;
  const typed = /** @type {HTMLInputElement | null} */ (area.querySelector("[data-party-name]"))?.value ?? "";
  area.replaceChildren(
    element("h3", {}, [`${SYSTEM_NAMES[system]} parties`]),
    ...parties.map((party) => element("section", { class: "rc-party-card", "data-party-id": party.id }, [
      element("p", { class: "rc-party-name" }, [element("strong", {}, [party.name]), " ",
        button("share-party", "Share", { "data-id": party.id }), " ", button("delete-party", "Delete party", { "data-id": party.id })]),
      element("ol", {}, party.members.map((memberId) => element("li", {}, [
        characterById(state.store, memberId)?.name ?? "?", " ",
        button("member-up", "↑", { "data-id": party.id, "data-member": memberId, "aria-label": "Move up" }), " ",
        button("member-down", "↓", { "data-id": party.id, "data-member": memberId, "aria-label": "Move down" }), " ",
        button("member-remove", "Remove", { "data-id": party.id, "data-member": memberId }),
      ]))),
      addMember(party, mine.filter((c) => !party.members.includes(c.id))),
    ])),
    element("p", { class: "rc-new-party" }, [
      element("label", { for: nameId }, ["New party "]),
      element("input", { type: "text", id: nameId, "data-party-name": "", maxlength: "60", placeholder: "Tuesday group",
        autocomplete: "off", value: typed }),
      " ", button("new-party", "Make party"), " ",
      element("span", { class: "rc-party-status", "data-party-status": "", role: "status" }, []),
    ]),
  );
}

/** @param {PageState} state @param {HTMLFormElement} form
 * @param {() => Promise<void>} redraw the page, after a change */
export async function newParty(state, form, redraw) {
  const system = /** @type {System} */ (form.dataset.characterEditor);
  const input = /** @type {HTMLInputElement} */ (form.querySelector("[data-party-name]"));
  const name = input.value.trim();
  /** @param {string} text said beside the party's name field, the field focused */
  const refuse = (text) => {
    const status = form.querySelector("[data-party-status]");
    if (status) status.textContent = text;
    input.setAttribute("aria-invalid", "true");
    input.focus();
  };
  if (!name) return refuse("Not made: New party is empty; enter the party's name.");
  await reread(state);
  if (state.store.parties.some((p) => p.system === system && p.name === name)) {
    return refuse(`Not made: there is already a ${SYSTEM_NAMES[system]} party called ${name}.`);
  }
  input.value = "";
  const written = await put(state.kept, "parties", { id: newId("p"), name, system, members: [] }, 0);
  await redraw();
  const problem = "record" in written ? written.problem : null;
  const status = form.querySelector("[data-party-status]");
  if (status) status.textContent = problem ?? `Made the party ${name}: add its members above.`;
  alertIfUnsaved(state, problem);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} id
 * @param {() => Promise<void>} redraw the page, after a change */
export async function deleteParty(state, form, id, redraw) {
  const problem = await remove(state.kept, "parties", id);
  await redraw();
  if (problem) say(form, problem);
}

/** @param {PageState} state @param {HTMLFormElement} form @param {string} id @param {string} action
 * @param {HTMLButtonElement} target @param {() => Promise<void>} redraw the page, after a change */
export async function editParty(state, form, id, action, target, redraw) {
  const member = target.dataset.member
    ?? /** @type {HTMLSelectElement | null} */ (form.querySelector(`[data-add-member="${CSS.escape(id)}"]`))?.value ?? "";
  const written = await update(state.kept, "parties", id, (/** @type {Party | null} */ party) => {
    if (!party || !member) return null;
    const members = [...party.members];
    const at = members.indexOf(member);
    if (action === "member-add" && at < 0) members.push(member);
    else if (action === "member-remove" && at >= 0) members.splice(at, 1);
    else if (action === "member-up" && at > 0) members.splice(at - 1, 0, ...members.splice(at, 1));
    else if (action === "member-down" && at >= 0 && at < members.length - 1) members.splice(at + 1, 0, ...members.splice(at, 1));
    else return null;
    return { ...party, members };
  });
  await redraw();
  if (written?.problem) say(form, written.problem);
  alertIfUnsaved(state, written?.problem ?? null);
}
