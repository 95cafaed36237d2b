// @ts-check
// The party's map as squares (issue 44), worked out from the view rulescore gives
// (view["map"]): which squares a level has drawn, where its walls stand, the shortest walk
// between two squares, the squares a drag passed over, and how much of the sheet to show.
// Pure functions: the rules (what a step may cross, how long a walk takes) stay in
// rulescore/play/map.py, which checks every walk these paths ask for.

/** @typedef {[number, number]} Square */
/** @typedef {Record<string, any>} MapView */

export const SHEET = 100; // rulescore's sheet: squares 0..99 each way
const MARGIN = 6; // blank squares shown past the drawing, room to draw on
const LEAST = 24; // the smallest sheet shown, in squares each way

/** @param {number} x @param {number} y */
export const key = (x, y) => `${x},${y}`;

/** The shapes of one kind on `level`. @param {MapView | null | undefined} map @param {string} kind @param {number} level
 * @returns {Record<string, any>[]} */
export function onLevel(map, kind, level) {
  return (map?.[kind] ?? []).filter((/** @type {Record<string, any>} */ one) => (one.level ?? 1) === level);
}

/** Every square inside a drawn room of `level`. @param {MapView | null | undefined} map @param {number} level */
export function drawnSquares(map, level) {
  const squares = new Set();
  for (const room of onLevel(map, "rooms", level)) {
    const [x0, y0] = room.at, [w, h] = room.size;
    for (let x = x0; x < x0 + w; x += 1) for (let y = y0; y < y0 + h; y += 1) squares.add(key(x, y));
  }
  return squares;
}

const SIDES = /** @type {const} */ ({ n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] });
const FACING = /** @type {const} */ ({ n: "s", s: "n", e: "w", w: "e" });

/** The walls of `level` as the edges they stand on, each edge named from both of its squares.
 * @param {MapView | null | undefined} map @param {number} level */
export function wallEdges(map, level) {
  const edges = new Set();
  for (const wall of onLevel(map, "walls", level)) {
    const side = /** @type {keyof typeof SIDES} */ (wall.side);
    const [dx, dy] = SIDES[side] ?? [0, 0];
    edges.add(`${key(wall.at[0], wall.at[1])}:${side}`);
    edges.add(`${key(wall.at[0] + dx, wall.at[1] + dy)}:${FACING[side]}`);
  }
  return edges;
}

/** The side of the step from `a` to the square beside it, `b`. @param {Square} a @param {Square} b */
function sideOf(a, b) {
  return b[0] > a[0] ? "e" : b[0] < a[0] ? "w" : b[1] > a[1] ? "s" : "n";
}

/** The shortest walk from `from` to `to` over drawn squares, never diagonal nor through a wall,
 * as the squares stepped onto (without `from`); null when there is none.
 * @param {MapView | null | undefined} map @param {number} level @param {Square} from @param {Square} to
 * @returns {Square[] | null} */
export function shortestPath(map, level, from, to) {
  const drawn = drawnSquares(map, level);
  const walls = wallEdges(map, level);
  if (!drawn.has(key(...to)) || !drawn.has(key(...from))) return null;
  /** @type {Map<string, string | null>} */
  const came = new Map([[key(...from), null]]);
  /** @type {Square[]} */
  let front = [from];
  while (front.length && !came.has(key(...to))) {
    /** @type {Square[]} */
    const next = [];
    for (const square of front) {
      for (const side of /** @type {(keyof typeof SIDES)[]} */ (["n", "e", "s", "w"])) {
        const step = /** @type {Square} */ ([square[0] + SIDES[side][0], square[1] + SIDES[side][1]]);
        const name = key(...step);
        if (came.has(name) || !drawn.has(name) || walls.has(`${key(...square)}:${side}`)) continue;
        came.set(name, key(...square));
        next.push(step);
      }
    }
    front = next;
  }
  if (!came.has(key(...to))) return null;
  /** @type {Square[]} */
  const path = [];
  for (let at = key(...to); at !== key(...from);) {
    path.unshift(/** @type {Square} */ (at.split(",").map(Number)));
    at = /** @type {string} */ (came.get(at));
  }
  return path;
}

/** The squares from `last` to `next` a drag passed over too quickly to enter each one: along
 * the row first, then the column, so every step is to a square beside (never diagonal).
 * @param {Square} last @param {Square} next @returns {Square[]} */
export function stepsBetween(last, next) {
  /** @type {Square[]} */
  const steps = [];
  let [x, y] = last;
  while (x !== next[0]) {
    x += Math.sign(next[0] - x);
    steps.push([x, y]);
  }
  while (y !== next[1]) {
    y += Math.sign(next[1] - y);
    steps.push([x, y]);
  }
  return steps;
}

/** Whether the step from `a` to `b` crosses a wall. @param {Set<string>} walls @param {Square} a @param {Square} b */
export function walled(walls, a, b) {
  return walls.has(`${key(...a)}:${sideOf(a, b)}`);
}

/** The side of a square nearest a point inside it (`fx`, `fy` from 0 to 1 across it).
 * @param {number} fx @param {number} fy @returns {"n" | "e" | "s" | "w"} */
export function nearestSide(fx, fy) {
  const distances = /** @type {const} */ ([["n", fy], ["s", 1 - fy], ["w", fx], ["e", 1 - fx]]);
  return [...distances].sort((a, b) => a[1] - b[1])[0][0];
}

/** How many squares each way the sheet shows: the drawing and the party with a margin to draw
 * on, at least LEAST, at most the whole sheet. @param {MapView | null | undefined} map */
export function extent(map) {
  let [w, h] = [LEAST, LEAST];
  /** @param {number[]} at @param {number[]} [size] */
  const grow = (at, size = [1, 1]) => {
    w = Math.max(w, at[0] + size[0] + MARGIN);
    h = Math.max(h, at[1] + size[1] + MARGIN);
  };
  for (const kind of ["rooms", "walls", "doors", "stairs", "notes"]) {
    for (const one of map?.[kind] ?? []) grow(one.at, one.size);
  }
  if (map?.party) grow(map.party);
  return { w: Math.min(w, SHEET), h: Math.min(h, SHEET) };
}

/** The levels to offer: those in use, the party's, and the one shown. @param {MapView | null | undefined} map
 * @param {number} shown */
export function levels(map, shown) {
  return [...new Set([...(map?.levels ?? [1]), map?.party_level ?? 1, shown])].sort((a, b) => a - b);
}
