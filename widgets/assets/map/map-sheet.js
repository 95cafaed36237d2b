// @ts-check
// The party's map drawn (issue 44): graph paper (an SVG whose squares are
// rect[data-square="x,y"]), the rooms (rect[data-map-room]), walls, doors, stairs and notes
// of the level shown, the party's marker and the cursor, from rulescore's view["map"]. The
// Session page (the GM's device) and a player's phone (table-join.js) draw the same sheet; what
// a tap or a key asks for goes to `act`, which applies it (the GM's device) or asks the GM's
// device for it (a phone), and the map is drawn again from the view that comes back.
//
// DOM: section.rc-map > button[data-map-open] (shown while the map is folded away) and
// div[data-map]: the tools (button[data-map-tool=room|wall|door|stairs|note|erase|party|pan],
// aria-pressed), their options (select[data-map-door], select[data-map-side],
// select[data-map-way], input[data-map-note-text], input[data-map-note-gm]), the level
// (select[data-map-level]), zoom, export (button data-action map-svg, map-png, map-print), the
// GM's pen (select[data-map-mapper], input[data-map-walker], input[data-map-ask]), the sheet
// (svg[data-map-sheet]) and what was said (p[data-map-said]).

import { button, element } from "../core/dom.js";
import { extent, key, levels, onLevel } from "./map-geometry.js";

/** @typedef {import("./map-geometry.js").Square} Square */
/** @typedef {import("./map-geometry.js").MapView} MapView */
/** What may be done on this device: draw and erase (the GM, or the mapper's phone), walk the
 * party (the GM, or the phone the marker was handed to), the GM's own controls.
 * `search`: the game searches a stretch of wall on the map (Basic Fantasy, map_search), the GM's to do.
 * @typedef {{canDraw: boolean, canWalk: boolean, gm: boolean, party: {id: string, name: string}[], search?: boolean}} May */
/** Applies (or asks for) a map action; resolves with the refusal's sentence, or null.
 * @typedef {(action: Record<string, unknown>) => Promise<string | null>} Act */
/**
 * @typedef {object} MapSheet
 * @property {HTMLElement} root
 * @property {SVGSVGElement} svg
 * @property {SVGSVGElement} overlay what moves under a finger, over the paper
 * @property {MapView | null} map
 * @property {May} may
 * @property {Act} act
 * @property {number} level the level shown
 * @property {string} tool
 * @property {{x: number, y: number, w: number}} box the part of the sheet in view, in squares
 * @property {Square} cursor the keyboard's square
 * @property {Square | null} anchor a room's first corner, placed by keyboard
 * @property {Square[]} walk the steps a keyboard walk has taken so far
 * @property {{w: number, h: number}} drawn the sheet's squares drawn
 * @property {Record<string, any> | null} gesture a drag or a pinch under way (map-input.js)
 * @property {string} shown what was last drawn (the map, what may be done, the level), as text
 */

export const SVG = "http://www.w3.org/2000/svg";
export const TOOLS = /** @type {const} */ ([["room", "Room"], ["wall", "Wall"], ["door", "Door"], ["stairs", "Stairs"],
  ["note", "Note"], ["erase", "Erase"], ["party", "Party"], ["search", "Search a wall"], ["pan", "Move the view"]]);
const DRAWING = ["room", "wall", "door", "stairs", "note", "erase"];
const DOOR_MARK = /** @type {Record<string, string>} */ ({ plain: "", stuck: "st", locked: "L", secret: "S" });

/** @param {string} tag @param {Record<string, string | number>} [attributes] @param {(Node | string)[]} [children] */
export function svgElement(tag, attributes = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** @param {string} label @param {string} attribute @param {[string, string][]} choices */
function choice(label, attribute, choices) {
  const id = `map-${attribute}`;
  return element("span", { class: "rc-map-option", [`data-map-option-${attribute}`]: "" }, [
    element("label", { for: id }, [label]), " ",
    element("select", { id, [`data-map-${attribute}`]: "" }, choices.map(([value, text]) =>
      element("option", { value }, [text])))]);
}

/** The map's section, empty until `drawMap` gives it a view. @param {Act} act
 * @param {{open?: boolean}} [options] @returns {MapSheet} */
export function mapSheet(act, options = {}) {
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (svgElement("svg", {
    class: "rc-map-sheet", "data-map-sheet": "", tabindex: "0", role: "application",
    "aria-roledescription": "map", "aria-describedby": "map-summary map-keys" })));
  svg.append(svgElement("g", { "data-map-grid": "" }), svgElement("g", { "data-map-shapes": "" }));
  // What moves under a finger (a room's preview, a walk, the cursor) is drawn on a sheet of its
  // own laid over the paper (map.css: its own layer), so that a drag repaints it alone and not
  // the thousands of squares and shapes beneath (bench/map.py measured the difference).
  const overlay = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (svgElement("svg", {
    class: "rc-map-overlay", "aria-hidden": "true" }, [
    svgElement("rect", { "data-map-preview": "", class: "rc-map-preview", visibility: "hidden" }),
    svgElement("path", { "data-map-walk": "", class: "rc-map-walk", d: "" }),
    svgElement("rect", { "data-map-cursor": "", class: "rc-map-cursor", width: 1, height: 1, x: 0, y: 0 })])));
  const root = element("section", { class: "rc-map", "aria-labelledby": "map-title" }, [
    element("h3", { id: "map-title" }, ["The party's map"]),
    button("map-open", "Show the map", { "data-map-open": "", hidden: "" }),
    element("div", { "data-map": "" }, [
      element("div", { class: "rc-map-tools", role: "toolbar", "aria-label": "Map tools", "data-map-tools": "" },
        TOOLS.map(([tool, label]) => button("map-tool", label, { "data-map-tool": tool, "aria-pressed": "false" }))),
      element("p", { class: "rc-map-options" }, [
        choice("Door", "door", [["plain", "plain"], ["stuck", "stuck"], ["locked", "locked"], ["secret", "secret"]]),
        choice("Side", "side", [["n", "north"], ["e", "east"], ["s", "south"], ["w", "west"]]),
        choice("Stairs", "way", [["down", "down"], ["up", "up"]]),
        element("span", { class: "rc-map-option", "data-map-option-note": "" }, [
          element("label", { for: "map-note-text" }, ["Note"]), " ",
          element("input", { id: "map-note-text", type: "text", maxlength: "500", "data-map-note-text": "",
            autocomplete: "off" }),
          element("label", { class: "rc-gm", "data-map-gm-only": "" }, [
            element("input", { type: "checkbox", "data-map-note-gm": "" }), " only I see it"])]),
        element("span", { class: "rc-map-option", "data-map-option-searcher": "" }, [
          element("label", { for: "map-searcher" }, ["Searcher"]), " ",
          element("select", { id: "map-searcher", "data-map-searcher": "" })]),
        choice("Level", "level", [["1", "Level 1"]]),
        button("map-level-new", "New level"),
      ]),
      element("div", { class: "rc-map-view-controls" }, [
        button("map-zoom-in", "Zoom in"), " ", button("map-zoom-out", "Zoom out"), " ", button("map-fit", "Fit"), " ",
        button("map-fold", "Fold the map away", { "data-map-fold": "" }), " ",
        button("map-exports", "Export or print", { "aria-expanded": "false", "aria-controls": "map-exports" }), " ",
        element("span", { class: "rc-map-exports", id: "map-exports", hidden: "" }, [
          button("map-svg", "Export SVG"), " ", button("map-png", "Export PNG"), " ", button("map-print", "Print")])]),
      element("div", { class: "rc-map-pen rc-gm", "data-map-pen": "", hidden: "" }, [
        element("label", { for: "map-mapper" }, ["The pen"]), " ",
        element("select", { id: "map-mapper", "data-map-mapper": "" }), " ",
        element("label", {}, [element("input", { type: "checkbox", "data-map-walker": "" }),
          " the mapper moves the party too"]), " ",
        element("label", {}, [element("input", { type: "checkbox", "data-map-ask": "" }),
          " I approve each drawing"]), " ",
        element("label", { for: "map-scale" }, ["A square is"]), " ",
        element("input", { id: "map-scale", type: "number", inputmode: "numeric", min: "1", max: "100", step: "1",
          "data-map-scale": "", class: "rc-map-scale" }), " ",
        element("span", { "data-map-unit": "" }, ["feet"]), " ", button("map-scale", "Set the scale")]),
      element("p", { class: "rc-map-said", "data-map-said": "", role: "status" }),
      element("div", { class: "rc-map-frame" }, [svg, overlay]),
      element("p", { class: "rc-map-summary", id: "map-summary", "data-map-summary": "" }),
      element("p", { class: "rc-hint", id: "map-keys" }, ["Drag from corner to corner for a room; tap a square's " +
        "side for a wall or a door; drag the party along the corridor, or tap where it goes. Keys: arrows move " +
        "the cursor, Enter places (a room takes two: one corner, then the other), Escape lets go, + and − zoom."]),
    ]),
  ]);
  /** @type {MapSheet} */
  const sheet = { root, svg, overlay, map: null, may: { canDraw: false, canWalk: false, gm: false, party: [] }, act, level: 1,
    tool: "room", box: { x: 0, y: 0, w: 16 }, cursor: [0, 0], anchor: null, walk: [], drawn: { w: 0, h: 0 },
    gesture: null, shown: "" };
  folded(sheet, options.open === false);
  return sheet;
}

/** Folds the map away (a button opens it) or shows it. @param {MapSheet} sheet @param {boolean} fold */
export function folded(sheet, fold) {
  /** @type {HTMLElement} */ (sheet.root.querySelector("[data-map]")).hidden = fold;
  /** @type {HTMLElement} */ (sheet.root.querySelector("[data-map-open]")).hidden = !fold;
}

/** Says something under the tools (a refusal, where the cursor is). @param {MapSheet} sheet @param {string} text */
export function said(sheet, text) {
  /** @type {HTMLElement} */ (sheet.root.querySelector("[data-map-said]")).textContent = text;
}

/** The graph paper: a square each, drawn again only when the sheet grows. @param {MapSheet} sheet */
function drawGrid(sheet) {
  const size = extent(sheet.map);
  if (size.w === sheet.drawn.w && size.h === sheet.drawn.h) return;
  sheet.drawn = size;
  const squares = [];
  for (let y = 0; y < size.h; y += 1) {
    for (let x = 0; x < size.w; x += 1) {
      squares.push(svgElement("rect", { x, y, width: 1, height: 1, "data-square": key(x, y), class: "rc-map-square" }));
    }
  }
  /** @type {SVGGElement} */ (sheet.svg.querySelector("[data-map-grid]")).replaceChildren(...squares);
}

/** A side of a square as a line's ends. @param {number[]} at @param {string} side */
function edge(at, side) {
  const [x, y] = at;
  return side === "n" ? [x, y, x + 1, y] : side === "s" ? [x, y + 1, x + 1, y + 1]
    : side === "w" ? [x, y, x, y + 1] : [x + 1, y, x + 1, y + 1];
}

/** The shapes of the level shown, as SVG (the export draws the same). @param {MapView | null} map @param {number} level
 * @returns {SVGElement[]} */
export function shapes(map, level) {
  const out = [];
  for (const room of onLevel(map, "rooms", level)) {
    out.push(svgElement("rect", { x: room.at[0], y: room.at[1], width: room.size[0], height: room.size[1],
      class: "rc-map-room", "data-map-room": String(room.id) }));
  }
  for (const wall of onLevel(map, "walls", level)) {
    const [x1, y1, x2, y2] = edge(wall.at, wall.side);
    out.push(svgElement("line", { x1, y1, x2, y2, class: "rc-map-wall", "data-map-wall": String(wall.id) }));
  }
  for (const door of onLevel(map, "doors", level)) {
    const [x1, y1, x2, y2] = edge(door.at, door.side);
    const across = x1 === x2;
    const [cx, cy] = [(x1 + x2) / 2, (y1 + y2) / 2];
    out.push(svgElement("g", { class: `rc-map-door rc-map-door-${door.door}`, "data-map-door-id": String(door.id) }, [
      svgElement("title", {}, [`${door.door} door`]),
      svgElement("rect", { x: cx - (across ? 0.12 : 0.3), y: cy - (across ? 0.3 : 0.12), width: across ? 0.24 : 0.6,
        height: across ? 0.6 : 0.24 }),
      ...(DOOR_MARK[door.door] ? [svgElement("text", { x: cx, y: cy + (across ? 0 : -0.2), class: "rc-map-mark" },
        [DOOR_MARK[door.door]])] : [])]));
  }
  for (const stairs of onLevel(map, "stairs", level)) {
    const [x, y] = stairs.at;
    out.push(svgElement("g", { class: "rc-map-stairs", "data-map-stairs": String(stairs.id) }, [
      svgElement("title", {}, [`stairs ${stairs.way}`]),
      ...[0.25, 0.45, 0.65].map((f) => svgElement("line", { x1: x + 0.15, x2: x + 0.85, y1: y + f, y2: y + f })),
      svgElement("text", { x: x + 0.5, y: y + 0.92, class: "rc-map-mark" }, [stairs.way === "up" ? "up" : "down"])]));
  }
  onLevel(map, "notes", level).forEach((note, index) => {
    const [x, y] = note.at;
    out.push(svgElement("g", { class: `rc-map-note${note.gm ? " rc-map-note-gm" : ""}`, "data-map-note": String(note.id) }, [
      svgElement("title", {}, [note.text]),
      svgElement("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.38 }),
      svgElement("text", { x: x + 0.5, y: y + 0.5, class: "rc-map-mark" }, [String(index + 1)])]));
  });
  if (map?.party && (map.party_level ?? 1) === level) {
    out.push(svgElement("g", { class: "rc-map-party", "data-map-party": "" }, [svgElement("title", {}, ["the party"]),
      svgElement("circle", { cx: map.party[0] + 0.5, cy: map.party[1] + 0.5, r: 0.34 }),
      svgElement("text", { x: map.party[0] + 0.5, y: map.party[1] + 0.5, class: "rc-map-mark" }, ["P"])]));
  }
  return out;
}

/** The viewBox from the part of the sheet in view, kept on the sheet. @param {MapSheet} sheet */
export function setBox(sheet) {
  const { width, height } = sheet.svg.getBoundingClientRect();
  const aspect = width > 0 && height > 0 ? height / width : 1;
  sheet.box.w = Math.min(Math.max(sheet.box.w, 4), 100);
  const box = `${sheet.box.x} ${sheet.box.y} ${sheet.box.w} ${sheet.box.w * aspect}`;
  sheet.svg.setAttribute("viewBox", box);
  sheet.overlay.setAttribute("viewBox", box);
}

/** The view fitted to the drawing (or the first squares of a blank sheet). @param {MapSheet} sheet */
export function fit(sheet) {
  const all = ["rooms", "walls", "doors", "stairs", "notes"].flatMap((kind) => onLevel(sheet.map, kind, sheet.level));
  const party = sheet.map?.party && (sheet.map.party_level ?? 1) === sheet.level ? [{ at: sheet.map.party, size: [1, 1] }] : [];
  const points = [...all, ...party].flatMap((one) => [one.at, [one.at[0] + (one.size?.[0] ?? 1), one.at[1] + (one.size?.[1] ?? 1)]]);
  if (!points.length) sheet.box = { x: 0, y: 0, w: 16 };
  else {
    const [x0, y0] = [Math.min(...points.map((p) => p[0])), Math.min(...points.map((p) => p[1]))];
    const x1 = Math.max(...points.map((p) => p[0]));
    sheet.box = { x: Math.max(0, x0 - 2), y: Math.max(0, y0 - 2), w: Math.max(12, x1 - x0 + 4) };
  }
  setBox(sheet);
}

/** The cursor where the keyboard put it, and the square in words. @param {MapSheet} sheet */
export function drawCursor(sheet) {
  const cursor = /** @type {SVGRectElement} */ (sheet.overlay.querySelector("[data-map-cursor]"));
  cursor.setAttribute("x", String(sheet.cursor[0]));
  cursor.setAttribute("y", String(sheet.cursor[1]));
}

/** In words, for those who do not see the sheet: what the level holds and where the party is.
 * @param {MapSheet} sheet */
function summary(sheet) {
  const map = sheet.map;
  const count = (/** @type {string} */ kind, /** @type {string} */ one) => {
    const n = onLevel(map, kind, sheet.level).length;
    return n ? [`${n} ${one}${n === 1 ? "" : "s"}`] : [];
  };
  const held = [...count("rooms", "room or corridor"), ...count("walls", "wall"), ...count("doors", "door"),
    ...count("stairs", "stairway"), ...count("notes", "note")];
  const party = map?.party ? ` The party is at square (${map.party[0]}, ${map.party[1]}) on level ${map.party_level ?? 1}.`
    : " The party is not on the map yet.";
  const scale = map ? ` A square is ${map.scale} ${map.unit === "yd" ? "yards" : "feet"}.` : "";
  const notes = onLevel(map, "notes", sheet.level).map((note, i) => ` Note ${i + 1} at (${note.at[0]}, ${note.at[1]}): ${note.text}`);
  return `Level ${sheet.level}: ${held.length ? held.join(", ") : "nothing drawn yet"}.${party}${scale}${notes.join("")}` +
    (map?.mapper_name ? ` ${map.mapper_name} holds the pen.` : "");
}

/** Draws `map` (rulescore's view["map"], or null before any) with what this device may do.
 * @param {MapSheet} sheet @param {MapView | null} map @param {May} may */
export function drawMap(sheet, map, may) {
  // Most actions of an evening (a turn, an attack) leave the map as it was: nothing to redraw.
  const drawn = JSON.stringify([map, may, sheet.level]);
  if (drawn === sheet.shown && sheet.map !== null) return;
  sheet.shown = drawn;
  const first = sheet.map === null;
  sheet.map = map ?? { scale: 0, unit: "ft", rooms: [], walls: [], doors: [], stairs: [], notes: [], party: null, levels: [1] };
  sheet.may = may;
  const root = sheet.root;
  for (const tool of root.querySelectorAll("[data-map-tool]")) {
    const name = /** @type {HTMLElement} */ (tool).dataset.mapTool ?? "";
    const allowed = name === "pan" || (name === "search" ? Boolean(may.search && may.gm)
      : DRAWING.includes(name) ? may.canDraw : may.canWalk);
    /** @type {HTMLButtonElement} */ (tool).disabled = !allowed;
    /** @type {HTMLButtonElement} */ (tool).hidden = name === "search" && !may.search; // a game without it
  }
  const holding = sheet.tool === "search" ? Boolean(may.search && may.gm) : DRAWING.includes(sheet.tool) ? may.canDraw
    : may.canWalk;
  if (sheet.tool !== "pan" && !holding) {
    sheet.tool = may.canDraw ? "room" : may.canWalk ? "party" : "pan";
  }
  showTool(sheet);
  const level = /** @type {HTMLSelectElement} */ (root.querySelector("[data-map-level]"));
  level.replaceChildren(...levels(sheet.map, sheet.level).map((n) => element("option", { value: String(n) }, [`Level ${n}`])));
  level.value = String(sheet.level);
  /** @type {HTMLButtonElement} */ (root.querySelector('[data-action="map-level-new"]')).hidden = !may.canDraw;
  /** @type {HTMLElement} */ (root.querySelector("[data-map-gm-only]")).hidden = !may.gm;
  drawPen(sheet);
  drawGrid(sheet);
  /** @type {SVGGElement} */ (sheet.svg.querySelector("[data-map-shapes]")).replaceChildren(...shapes(sheet.map, sheet.level));
  sheet.svg.setAttribute("aria-label", `The party's map, level ${sheet.level}`);
  /** @type {HTMLElement} */ (root.querySelector("[data-map-summary]")).textContent = summary(sheet);
  if (first) fit(sheet);
  else setBox(sheet);
  drawCursor(sheet);
  if (!sheet.gesture && !sheet.anchor && !sheet.walk.length) { // what was waiting is drawn now (or was refused)
    const preview = /** @type {SVGRectElement} */ (sheet.overlay.querySelector("[data-map-preview]"));
    preview.setAttribute("visibility", "hidden");
    preview.removeAttribute("data-pending");
    /** @type {SVGPathElement} */ (sheet.overlay.querySelector("[data-map-walk]")).setAttribute("d", "");
  }
}

/** The tool chosen, pressed, and its options alone shown. @param {MapSheet} sheet */
export function showTool(sheet) {
  for (const tool of sheet.root.querySelectorAll("[data-map-tool]")) {
    tool.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (tool).dataset.mapTool === sheet.tool));
  }
  const shown = { door: ["door", "side"], wall: ["side"], stairs: ["way"], note: ["note"], search: ["searcher"] }[sheet.tool] ?? [];
  for (const option of ["door", "side", "way", "note", "searcher"]) {
    /** @type {HTMLElement} */ (sheet.root.querySelector(`[data-map-option-${option}]`)).hidden = !shown.includes(option);
  }
  sheet.svg.dataset.tool = sheet.tool;
}

/** The GM's pen: who draws, whether they move the party, whether the GM approves each drawing.
 * @param {MapSheet} sheet */
function drawPen(sheet) {
  const pen = /** @type {HTMLElement} */ (sheet.root.querySelector("[data-map-pen]"));
  pen.hidden = !sheet.may.gm;
  if (!sheet.may.gm) return;
  const select = /** @type {HTMLSelectElement} */ (pen.querySelector("[data-map-mapper]"));
  select.replaceChildren(element("option", { value: "" }, ["the GM alone"]),
    ...sheet.may.party.map((one) => element("option", { value: one.id }, [one.name])));
  select.value = sheet.map?.mapper ?? "";
  const walker = /** @type {HTMLInputElement} */ (pen.querySelector("[data-map-walker]"));
  walker.checked = Boolean(sheet.map?.walker) && sheet.map?.walker === sheet.map?.mapper;
  walker.disabled = !sheet.map?.mapper;
  /** @type {HTMLInputElement} */ (pen.querySelector("[data-map-ask]")).checked = Boolean(sheet.map?.ask);
  const scale = /** @type {HTMLInputElement} */ (pen.querySelector("[data-map-scale]"));
  if (document.activeElement !== scale) scale.value = String(sheet.map?.scale || (sheet.map?.unit === "yd" ? 1 : 10));
  /** @type {HTMLElement} */ (pen.querySelector("[data-map-unit]")).textContent = sheet.map?.unit === "yd" ? "yards" : "feet";
  const searcher = /** @type {HTMLSelectElement} */ (sheet.root.querySelector("[data-map-searcher]"));
  const chosen = searcher.value;
  searcher.replaceChildren(...sheet.may.party.map((one) => element("option", { value: one.id }, [one.name])));
  if (sheet.may.party.some((one) => one.id === chosen)) searcher.value = chosen;
}

/** The sheet made ready for another session's map: level 1, drawn anew and fitted. @param {MapSheet} sheet */
export function resetMap(sheet) {
  Object.assign(sheet, { map: null, level: 1, anchor: null, walk: [], drawn: { w: 0, h: 0 }, gesture: null, cursor: [0, 0],
    shown: "" });
  said(sheet, "");
}
