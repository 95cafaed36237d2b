// @ts-check
// The party's map on the Session page (issue 44): the sheet (map/map-sheet.js) drawn from the
// view shown, every stroke applied like any action of the page (undo, redo, other tabs and the
// phones follow), the GM's pen given from its controls. In the players' view the GM's device
// shows the map as the phones do, with nothing to draw with.

import { partyShown } from "./session-view.js";
import { drawMap, mapSheet } from "../map/map-sheet.js";
import { bindMap } from "../map/map-input.js";

/** @typedef {import("./sessions.js").PageState} PageState */
/** @typedef {import("../map/map-sheet.js").MapSheet} MapSheet */
/** @typedef {import("../../engine-messages.js").SessionResponse} SessionResponse */

/** The map's sheet for the page, each stroke given to `apply` (session-actions.js act).
 * @param {(action: Record<string, unknown>) => Promise<SessionResponse | null>} apply @returns {MapSheet} */
export function newMap(apply) {
  const sheet = mapSheet(async (action) => {
    const refusal = await apply(action);
    return refusal && !refusal.ok ? refusal.message ?? "Refused." : null;
  });
  bindMap(sheet);
  return sheet;
}

/** Draws the map of the view shown. @param {PageState} state @param {Record<string, any>} view */
export function drawSessionMap(state, view) {
  if (!state.map) return;
  const gm = state.gm;
  drawMap(state.map, view.map ?? null, { canDraw: gm, canWalk: gm, gm, party: partyShown(state),
    search: state.session?.system === "bfrpg" }); // a stretch of wall searched: Basic Fantasy's rule
}
