// @ts-check
// What a hand does on the party's map (issue 44): a drag from corner to corner draws a room, a
// tap on a square's side a wall or a door, the party's marker dragged along the corridor walks
// it (one map_move where it is let go), a tap elsewhere walks the shortest way there; two
// fingers pinch and pan, a wheel zooms, the "Move the view" tool (or the middle button) drags
// the sheet; and the keyboard does everything: arrows move a cursor square, Enter places. A
// room let go is drawn at once, marked as waiting, until the rules' view comes back.

import { drawCursor, drawMap, fit, folded, said, setBox, showTool } from "./map-sheet.js";
import { SHEET, key, nearestSide, shortestPath, stepsBetween } from "./map-geometry.js";
import { exportPng, exportSvg, printMap } from "./map-export.js";

/** @typedef {import("./map-sheet.js").MapSheet} MapSheet */
/** @typedef {import("./map-geometry.js").Square} Square */

/** The sheet's coordinates (in squares) under a point of the screen. @param {MapSheet} sheet
 * @param {number} clientX @param {number} clientY */
function sheetPoint(sheet, clientX, clientY) {
  const matrix = sheet.svg.getScreenCTM();
  if (!matrix) return { x: 0, y: 0 };
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}

/** @param {{x: number, y: number}} point @returns {Square} */
function squareOf(point) {
  const clamp = (/** @type {number} */ n) => Math.min(Math.max(Math.floor(n), 0), SHEET - 1);
  return [clamp(point.x), clamp(point.y)];
}

/** Asks for an action and says the rules' refusal, if any. @param {MapSheet} sheet @param {Record<string, unknown>} action */
async function ask(sheet, action) {
  said(sheet, "");
  const refusal = await sheet.act(action);
  if (refusal) {
    said(sheet, refusal);
    hidePreview(sheet);
  }
  return refusal;
}

/** The GM's device refused what this phone asked: what waited on the sheet goes, the reason is said.
 * @param {MapSheet} sheet @param {string} text */
export function mapRefused(sheet, text) {
  hidePreview(sheet);
  said(sheet, text);
}

/** @param {MapSheet} sheet */
function hidePreview(sheet) {
  const preview = /** @type {SVGRectElement} */ (sheet.overlay.querySelector("[data-map-preview]"));
  preview.setAttribute("visibility", "hidden");
  preview.removeAttribute("data-pending");
  /** @type {SVGPathElement} */ (sheet.overlay.querySelector("[data-map-walk]")).setAttribute("d", "");
}

/** The room between two corners, drawn as a preview. @param {MapSheet} sheet @param {Square} a @param {Square} b */
function previewRoom(sheet, a, b) {
  const preview = /** @type {SVGRectElement} */ (sheet.overlay.querySelector("[data-map-preview]"));
  const [x, y] = [Math.min(a[0], b[0]), Math.min(a[1], b[1])];
  preview.setAttribute("x", String(x));
  preview.setAttribute("y", String(y));
  preview.setAttribute("width", String(Math.abs(a[0] - b[0]) + 1));
  preview.setAttribute("height", String(Math.abs(a[1] - b[1]) + 1));
  preview.setAttribute("visibility", "visible");
  return { at: [x, y], size: [Math.abs(a[0] - b[0]) + 1, Math.abs(a[1] - b[1]) + 1] };
}

/** A walk drawn as a line through its squares' middles. @param {MapSheet} sheet @param {Square[]} squares */
function previewWalk(sheet, squares) {
  const d = squares.map((s, i) => `${i ? "L" : "M"}${s[0] + 0.5} ${s[1] + 0.5}`).join(" ");
  /** @type {SVGPathElement} */ (sheet.overlay.querySelector("[data-map-walk]")).setAttribute("d", d);
}

/** The party's square on the level shown, or null. @param {MapSheet} sheet @returns {Square | null} */
function partyHere(sheet) {
  const map = sheet.map;
  return map?.party && (map.party_level ?? 1) === sheet.level ? /** @type {Square} */ (map.party) : null;
}

/** What a tap (or Enter) at `square` does with the tool in hand; `side` for walls and doors.
 * @param {MapSheet} sheet @param {Square} square @param {string} side */
function place(sheet, square, side) {
  const value = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (sheet.root.querySelector(`[data-map-${name}]`)).value;
  const level = sheet.level;
  const at = [...square];
  switch (sheet.tool) {
    case "room": return ask(sheet, { do: "map_draw", shape: "room", at, size: [1, 1], level });
    case "wall": return ask(sheet, { do: "map_draw", shape: "wall", at, side, level });
    case "door": return ask(sheet, { do: "map_draw", shape: "door", at, side, door: value("door"), level });
    case "stairs": return ask(sheet, { do: "map_draw", shape: "stairs", at, way: value("way"), level });
    case "note": {
      const text = value("note-text").trim();
      if (!text) {
        said(sheet, "Note: write its text in the Note field first, then tap the square.");
        return /** @type {HTMLInputElement} */ (sheet.root.querySelector("[data-map-note-text]")).focus();
      }
      const gm = /** @type {HTMLInputElement} */ (sheet.root.querySelector("[data-map-note-gm]")).checked && sheet.may.gm;
      return ask(sheet, { do: "map_draw", shape: "note", at, text, ...(gm ? { gm: true } : {}), level });
    }
    case "erase": return ask(sheet, { do: "map_erase", at, level });
    case "party": return walkTo(sheet, square);
    case "search": return searchWall(sheet, square, square);
    default: return null;
  }
}

/** The wall along the squares from `start` to `end` (one row or column: the longer way wins
 * a drag that wandered) searched for secret doors by the searcher chosen.
 * @param {MapSheet} sheet @param {Square} start @param {Square} end */
function searchWall(sheet, start, end) {
  const across = Math.abs(end[0] - start[0]) >= Math.abs(end[1] - start[1]);
  const to = across ? [end[0], start[1]] : [start[0], end[1]];
  previewRoom(sheet, start, /** @type {Square} */ (to));
  const by = /** @type {HTMLSelectElement} */ (sheet.root.querySelector("[data-map-searcher]")).value;
  return ask(sheet, { do: "map_search", ...(by ? { by } : {}), at: [...start], to, level: sheet.level });
}

/** The party walks the shortest way to `square` (or is put there, when it is not on this level).
 * @param {MapSheet} sheet @param {Square} square */
function walkTo(sheet, square) {
  const from = partyHere(sheet);
  if (!from) {
    return ask(sheet, sheet.map?.party ? { do: "map_place", at: [...square], level: sheet.level }
      : { do: "map_move", path: [[...square]], level: sheet.level });
  }
  if (key(...from) === key(...square)) return null;
  const path = shortestPath(sheet.map, sheet.level, from, square);
  if (!path) {
    return said(sheet, `Party: no way on the map from (${from.join(", ")}) to (${square.join(", ")}); draw the way ` +
      "first (a wall blocks a step; a door does not).");
  }
  previewWalk(sheet, [from, ...path]);
  return ask(sheet, { do: "map_move", path, level: sheet.level });
}

/** @param {MapSheet} sheet @param {number} factor @param {{x: number, y: number}} [around] */
function zoom(sheet, factor, around) {
  const { x, y, w } = sheet.box;
  const centre = around ?? { x: x + w / 2, y: y + w / 2 };
  const next = Math.min(Math.max(w * factor, 4), 100);
  sheet.box = { x: centre.x - (centre.x - x) * (next / w), y: centre.y - (centre.y - y) * (next / w), w: next };
  setBox(sheet);
}

/** @param {MapSheet} sheet @param {PointerEvent} event */
function pointerDown(sheet, event) {
  if (event.pointerType === "mouse" && event.button !== 0 && event.button !== 1) return;
  try {
    sheet.svg.setPointerCapture(event.pointerId); // the drag goes on when the finger leaves the sheet
  } catch { /* a pointer the browser no longer knows: the drag is followed while it stays on the sheet */ }
  const gesture = sheet.gesture ?? { pointers: new Map() };
  sheet.gesture = gesture;
  gesture.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (gesture.pointers.size === 2) { // two fingers: pinch and pan, whatever was being drawn
    hidePreview(sheet);
    const [a, b] = [...gesture.pointers.values()];
    Object.assign(gesture, { mode: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y),
      middle: sheetPoint(sheet, (a.x + b.x) / 2, (a.y + b.y) / 2) });
    return;
  }
  if (gesture.pointers.size > 2) return;
  const start = squareOf(sheetPoint(sheet, event.clientX, event.clientY));
  const party = partyHere(sheet);
  const mode = sheet.tool === "pan" || event.button === 1 ? "pan"
    : sheet.tool === "room" || sheet.tool === "search" ? "room" : sheet.tool === "party" && party && key(...party) === key(...start) ? "walk" : "tap";
  Object.assign(gesture, { mode, start, last: start, path: [start], from: { x: event.clientX, y: event.clientY } });
  if (mode === "room") previewRoom(sheet, start, start);
}

/** @param {MapSheet} sheet @param {PointerEvent} event */
function pointerMove(sheet, event) {
  const gesture = sheet.gesture;
  if (!gesture?.pointers.has(event.pointerId)) return;
  gesture.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (gesture.mode === "pinch" && gesture.pointers.size === 2) {
    const [a, b] = [...gesture.pointers.values()];
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    if (distance > 0 && gesture.distance > 0) zoom(sheet, gesture.distance / distance, gesture.middle);
    gesture.distance = distance;
    const now = sheetPoint(sheet, (a.x + b.x) / 2, (a.y + b.y) / 2); // the fingers' middle stays under them
    sheet.box.x += gesture.middle.x - now.x;
    sheet.box.y += gesture.middle.y - now.y;
    setBox(sheet);
    return;
  }
  if (gesture.mode === "pan") {
    const before = sheetPoint(sheet, gesture.from.x, gesture.from.y);
    const now = sheetPoint(sheet, event.clientX, event.clientY);
    sheet.box.x += before.x - now.x;
    sheet.box.y += before.y - now.y;
    gesture.from = { x: event.clientX, y: event.clientY };
    return setBox(sheet);
  }
  const square = squareOf(sheetPoint(sheet, event.clientX, event.clientY));
  if (key(...square) === key(gesture.last[0], gesture.last[1])) return;
  gesture.last = square;
  if (gesture.mode === "room") previewRoom(sheet, gesture.start, square);
  if (gesture.mode === "walk") {
    for (const step of stepsBetween(gesture.path[gesture.path.length - 1], square)) {
      const before = gesture.path.length > 1 ? gesture.path[gesture.path.length - 2] : null;
      const back = before !== null && key(before[0], before[1]) === key(...step);
      if (back) gesture.path.pop(); // dragged back the way it came: the step is taken back
      else gesture.path.push(step);
    }
    previewWalk(sheet, gesture.path);
  }
}

/** @param {MapSheet} sheet @param {PointerEvent} event */
function pointerUp(sheet, event) {
  const gesture = sheet.gesture;
  if (!gesture?.pointers.has(event.pointerId)) return;
  gesture.pointers.delete(event.pointerId);
  if (gesture.pointers.size) return; // a finger still down: the pinch ends with the last
  sheet.gesture = null;
  if (event.type === "pointercancel" || gesture.mode === "pinch" || gesture.mode === "pan") return hidePreview(sheet);
  const point = sheetPoint(sheet, event.clientX, event.clientY);
  const square = squareOf(point);
  sheet.cursor = square;
  drawCursor(sheet);
  if (gesture.mode === "room" && sheet.tool === "search") return searchWall(sheet, gesture.start, square);
  if (gesture.mode === "room") {
    const room = previewRoom(sheet, gesture.start, square);
    /** @type {SVGRectElement} */ (sheet.overlay.querySelector("[data-map-preview]")).setAttribute("data-pending", "");
    return ask(sheet, { do: "map_draw", shape: "room", ...room, level: sheet.level });
  }
  if (gesture.mode === "walk") {
    if (gesture.path.length < 2) return hidePreview(sheet);
    return ask(sheet, { do: "map_move", path: gesture.path.slice(1), level: sheet.level });
  }
  return place(sheet, square, nearestSide(point.x - square[0], point.y - square[1]));
}

/** Arrows move the cursor (and, with the party in hand, the walk), Enter places, Escape lets go.
 * @param {MapSheet} sheet @param {KeyboardEvent} event */
function keyDown(sheet, event) {
  const moves = /** @type {Record<string, [number, number]>} */ ({ ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0],
    ArrowRight: [1, 0] });
  const side = /** @type {HTMLSelectElement} */ (sheet.root.querySelector("[data-map-side]")).value;
  if (moves[event.key]) {
    const [dx, dy] = moves[event.key];
    const next = /** @type {Square} */ ([Math.min(Math.max(sheet.cursor[0] + dx, 0), SHEET - 1),
      Math.min(Math.max(sheet.cursor[1] + dy, 0), SHEET - 1)]);
    const party = partyHere(sheet);
    if (sheet.tool === "party" && party) {
      const path = sheet.walk.length ? sheet.walk : [party];
      const back = path.length > 1 && key(...path[path.length - 2]) === key(...next);
      sheet.walk = back ? path.slice(0, -1) : [...path, next];
      previewWalk(sheet, sheet.walk);
    }
    sheet.cursor = next;
    if (sheet.anchor) previewRoom(sheet, sheet.anchor, next);
    keepInView(sheet);
    drawCursor(sheet);
    said(sheet, `Square (${next[0]}, ${next[1]})${sheet.anchor ? `: a room from (${sheet.anchor.join(", ")})` : ""}.`);
  } else if (event.key === "Enter" || event.key === " ") {
    if (sheet.tool === "room" && !sheet.anchor) {
      sheet.anchor = sheet.cursor;
      previewRoom(sheet, sheet.cursor, sheet.cursor);
      said(sheet, `A room from (${sheet.cursor.join(", ")}): move to the other corner and press Enter.`);
    } else if (sheet.tool === "room" && sheet.anchor) {
      const room = previewRoom(sheet, sheet.anchor, sheet.cursor);
      sheet.anchor = null;
      ask(sheet, { do: "map_draw", shape: "room", ...room, level: sheet.level });
    } else if (sheet.tool === "search" && !sheet.anchor) {
      sheet.anchor = sheet.cursor;
      previewRoom(sheet, sheet.cursor, sheet.cursor);
      said(sheet, `A wall searched from (${sheet.cursor.join(", ")}): move to its other end and press Enter.`);
    } else if (sheet.tool === "search" && sheet.anchor) {
      const start = sheet.anchor;
      sheet.anchor = null;
      searchWall(sheet, start, sheet.cursor);
    } else if (sheet.tool === "party" && sheet.walk.length > 1) {
      const path = sheet.walk.slice(1);
      sheet.walk = [];
      ask(sheet, { do: "map_move", path, level: sheet.level });
    } else place(sheet, sheet.cursor, side);
  } else if (event.key === "Escape") {
    sheet.anchor = null;
    sheet.walk = [];
    hidePreview(sheet);
    said(sheet, "Let go.");
  } else if (event.key === "+" || event.key === "=") zoom(sheet, 1 / 1.25);
  else if (event.key === "-") zoom(sheet, 1.25);
  else return;
  event.preventDefault();
}

/** The view moved so that the cursor stays in it. @param {MapSheet} sheet */
function keepInView(sheet) {
  const height = sheet.svg.viewBox.baseVal?.height || sheet.box.w;
  const [x, y] = sheet.cursor;
  if (x < sheet.box.x) sheet.box.x = x;
  if (x + 1 > sheet.box.x + sheet.box.w) sheet.box.x = x + 1 - sheet.box.w;
  if (y < sheet.box.y) sheet.box.y = y;
  if (y + 1 > sheet.box.y + height) sheet.box.y = y + 1 - height;
  setBox(sheet);
}

/** The GM's pen as the controls say it now. @param {MapSheet} sheet */
function penChanged(sheet) {
  const mapper = /** @type {HTMLSelectElement} */ (sheet.root.querySelector("[data-map-mapper]")).value;
  const walker = /** @type {HTMLInputElement} */ (sheet.root.querySelector("[data-map-walker]")).checked;
  const approve = /** @type {HTMLInputElement} */ (sheet.root.querySelector("[data-map-ask]")).checked;
  return ask(sheet, { do: "map_pen", mapper, walker: mapper && walker ? mapper : "", ask: approve });
}

/** Listens to the sheet and its controls. @param {MapSheet} sheet */
export function bindMap(sheet) {
  const svg = sheet.svg;
  svg.addEventListener("pointerdown", (event) => pointerDown(sheet, event));
  svg.addEventListener("pointermove", (event) => pointerMove(sheet, event));
  svg.addEventListener("pointerup", (event) => pointerUp(sheet, event));
  svg.addEventListener("pointercancel", (event) => pointerUp(sheet, event));
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoom(sheet, event.deltaY > 0 ? 1.15 : 1 / 1.15, sheetPoint(sheet, event.clientX, event.clientY));
  }, { passive: false });
  svg.addEventListener("keydown", (event) => keyDown(sheet, event));
  const root = sheet.root;
  root.addEventListener("click", (event) => {
    const target = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button"));
    const action = target?.dataset.action;
    if (action === "map-tool" && target) {
      sheet.tool = target.dataset.mapTool ?? "pan";
      sheet.anchor = null;
      sheet.walk = [];
      hidePreview(sheet);
      showTool(sheet);
    } else if (action === "map-zoom-in") zoom(sheet, 1 / 1.25);
    else if (action === "map-zoom-out") zoom(sheet, 1.25);
    else if (action === "map-fit") fit(sheet);
    else if (action === "map-scale") {
      const scale = Number(/** @type {HTMLInputElement} */ (root.querySelector("[data-map-scale]")).value);
      ask(sheet, { do: "map_scale", scale: Number.isFinite(scale) ? scale : 0 });
    }
    else if (action === "map-exports" && target) {
      const open = target.getAttribute("aria-expanded") !== "true";
      target.setAttribute("aria-expanded", String(open));
      /** @type {HTMLElement} */ (root.querySelector("#map-exports")).hidden = !open;
    }
    else if (action === "map-open" || action === "map-fold") {
      folded(sheet, action === "map-fold");
      if (action === "map-open") fit(sheet);
      /** @type {HTMLElement | null} */ (root.querySelector(action === "map-open" ? "[data-map-sheet]" : "[data-map-open]"))
        ?.focus();
    } else if (action === "map-level-new") {
      sheet.level = Math.max(...(sheet.map?.levels ?? [1]), sheet.level) + 1;
      drawMap(sheet, sheet.map, sheet.may);
      said(sheet, `Level ${sheet.level}: a blank sheet; what you draw here is kept on this level.`);
    } else if (action === "map-svg") exportSvg(sheet);
    else if (action === "map-png") exportPng(sheet);
    else if (action === "map-print") printMap(sheet);
  });
  root.addEventListener("change", (event) => {
    const field = /** @type {HTMLElement} */ (event.target);
    if (field.matches("[data-map-level]")) {
      sheet.level = Number(/** @type {HTMLSelectElement} */ (field).value) || 1;
      drawMap(sheet, sheet.map, sheet.may);
      fit(sheet);
    } else if (field.matches("[data-map-mapper], [data-map-walker], [data-map-ask]")) penChanged(sheet);
  });
}
