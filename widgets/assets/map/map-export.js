// @ts-check
// The party's map out of the session (issue 44): the level shown as an SVG file, as a PNG
// (the same SVG drawn on a canvas), or printed on one A4 page at the scale that fits. The file
// holds the drawing alone, on graph paper, with its own styles (the page's do not travel).

import { element } from "../core/dom.js";
import { onLevel } from "./map-geometry.js";
import { shapes, svgElement } from "./map-sheet.js";

/** @typedef {import("./map-sheet.js").MapSheet} MapSheet */

const PIXELS = 24; // a square in the PNG
const STYLE = `
.rc-map-room { fill: #ffffff; stroke: #1c2833; stroke-width: 0.08; }
.rc-map-wall { stroke: #1c2833; stroke-width: 0.16; stroke-linecap: round; }
.rc-map-door rect { fill: #8a4b16; stroke: #1c2833; stroke-width: 0.04; }
.rc-map-door-secret rect { fill: #ffffff; stroke-dasharray: 0.08 0.06; }
.rc-map-stairs line { stroke: #1c2833; stroke-width: 0.05; }
.rc-map-note circle { fill: #0b5394; }
.rc-map-note-gm circle { fill: #6a1b9a; }
.rc-map-note .rc-map-mark, .rc-map-party .rc-map-mark { fill: #ffffff; }
.rc-map-party circle { fill: #b93a0b; }
.rc-map-mark { font: bold 0.36px sans-serif; text-anchor: middle; dominant-baseline: central; fill: #1c2833; }
.rc-map-caption { font: 0.5px sans-serif; fill: #1c2833; }
`;

/** The drawn part of the level shown, a square's margin around it. @param {MapSheet} sheet */
function bounds(sheet) {
  const all = ["rooms", "walls", "doors", "stairs", "notes"].flatMap((kind) => onLevel(sheet.map, kind, sheet.level));
  const ends = all.flatMap((one) => [one.at, [one.at[0] + (one.size?.[0] ?? 1), one.at[1] + (one.size?.[1] ?? 1)]]);
  if (sheet.map?.party) ends.push(sheet.map.party, [sheet.map.party[0] + 1, sheet.map.party[1] + 1]);
  if (!ends.length) return { x: 0, y: 0, w: 10, h: 10 };
  const x = Math.max(0, Math.min(...ends.map((p) => p[0])) - 1);
  const y = Math.max(0, Math.min(...ends.map((p) => p[1])) - 1);
  return { x, y, w: Math.max(...ends.map((p) => p[0])) + 1 - x, h: Math.max(...ends.map((p) => p[1])) + 2 - y };
}

/** The level shown as a standalone SVG element. @param {MapSheet} sheet @param {number} [scale] pixels a square */
function mapSvgElement(sheet, scale = PIXELS) {
  const { x, y, w, h } = bounds(sheet);
  const unit = sheet.map?.unit === "yd" ? "yards" : "feet";
  const svg = svgElement("svg", { viewBox: `${x} ${y} ${w} ${h}`, width: w * scale, height: h * scale }, [
    svgElement("style", {}, [STYLE]),
    svgElement("defs", {}, [svgElement("pattern", { id: "paper", width: 1, height: 1, patternUnits: "userSpaceOnUse" }, [
      svgElement("path", { d: "M1 0H0V1", fill: "none", stroke: "#9fc3dd", "stroke-width": 0.03 })])]),
    svgElement("rect", { x, y, width: w, height: h, fill: "#fbfbf6" }),
    svgElement("rect", { x, y, width: w, height: h, fill: "url(#paper)" }),
    ...shapes(sheet.map, sheet.level),
    svgElement("text", { x: x + 0.3, y: y + h - 0.3, class: "rc-map-caption" },
      [`Level ${sheet.level}; a square is ${sheet.map?.scale ?? ""} ${unit}.`]),
  ]);
  return svg;
}

/** The level shown as a standalone SVG document. @param {MapSheet} sheet */
export function mapSvg(sheet) {
  return new XMLSerializer().serializeToString(mapSvgElement(sheet));
}

/** @param {Blob} blob @param {string} name */
function download(blob, name) {
  const link = element("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.getAttribute("href") ?? ""), 10_000);
}

/** @param {MapSheet} sheet */
export function exportSvg(sheet) {
  download(new Blob([mapSvg(sheet)], { type: "image/svg+xml" }), `map-level-${sheet.level}.svg`);
}

/** The level shown as a PNG: the SVG drawn on a canvas (from a data: address, which the site's
 * content policy allows for images). @param {MapSheet} sheet */
export async function exportPng(sheet) {
  const text = mapSvg(sheet);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth || image.width;
  canvas.height = image.naturalHeight || image.height;
  canvas.getContext("2d")?.drawImage(image, 0, 0);
  const blob = await new Promise((done) => canvas.toBlob(done, "image/png"));
  if (blob) download(/** @type {Blob} */ (blob), `map-level-${sheet.level}.png`);
}

/** Prints the level shown alone, on one A4 page (turned to fit the drawing's shape), at the
 * scale that fits. @param {MapSheet} sheet */
export function printMap(sheet) {
  const { w, h } = bounds(sheet);
  const holder = element("div", { class: "rc-map-print", "data-map-print": "" }, [mapSvgElement(sheet)]);
  const page = element("style", { "data-map-print-page": "" }, [`@page { size: A4 ${w > h ? "landscape" : "portrait"}; margin: 10mm; }`]);
  document.body.append(holder);
  document.head.append(page);
  document.documentElement.classList.add("rc-printing-map");
  const done = () => {
    holder.remove();
    page.remove();
    document.documentElement.classList.remove("rc-printing-map");
  };
  window.addEventListener("afterprint", done, { once: true });
  window.print();
}

/** The map in words, a line a shape, level by level (the session's exported log ends with it).
 * @param {Record<string, any> | null | undefined} map @returns {string[]} */
export function mapInWords(map) {
  const at = (/** @type {number[]} */ square) => `(${square[0]}, ${square[1]})`;
  const sides = /** @type {Record<string, string>} */ ({ n: "north", e: "east", s: "south", w: "west" });
  const lines = [];
  for (const level of map?.levels ?? []) {
    const on = (/** @type {string} */ kind) => onLevel(map, kind, level);
    const shapes = [
      ...on("rooms").map((room) => `a room ${room.size[0]} × ${room.size[1]} from ${at(room.at)}`),
      ...on("walls").map((wall) => `a wall on the ${sides[wall.side]} side of ${at(wall.at)}`),
      ...on("doors").map((door) => `a ${door.door} door on the ${sides[door.side]} side of ${at(door.at)}`),
      ...on("stairs").map((stairs) => `stairs ${stairs.way} at ${at(stairs.at)}`),
      ...on("notes").map((note) => `a note at ${at(note.at)}${note.gm ? " (the GM's)" : ""}: ${note.text}`),
    ];
    if (shapes.length) lines.push(`Level ${level}:`, ...shapes.map((one) => `  ${one}`));
  }
  if (!lines.length) return [];
  const unit = map?.unit === "yd" ? "yards" : "feet";
  return ["", `The party's map (a square is ${map?.scale} ${unit}; x across, y down):`, ...lines,
    ...(map?.party ? [`The party is at ${at(map.party)} on level ${map.party_level ?? 1}.`] : [])];
}
