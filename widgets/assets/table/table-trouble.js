// @ts-check
// When a phone and the GM's device cannot connect (issue 36): what the connection tried, in
// words, and what to do about it, shown on both sides. The usual causes at a table are a
// guest network that keeps devices apart, local names (".local") a phone or hotspot cannot
// resolve, and a device that offered no local address at all (Safari may offer one only once
// the camera is allowed).

import { element } from "../core/dom.js";

// Connecting takes under a second on one network; past this, the page says what was tried.
const CONNECT_LIMIT_MS = 15_000;

/** How long to wait for a connection before saying what was tried. */
export function connectLimit() {
  return window.rulesTableConnectMs ?? CONNECT_LIMIT_MS;
}

/** The local addresses a description offers, by kind. @param {string | undefined} sdp */
function offered(sdp) {
  const candidates = (sdp ?? "").split(/\r?\n/).filter((line) => line.startsWith("a=candidate:"));
  const named = candidates.filter((line) => /\s[\w-]+\.local\s/.test(line)).length;
  return { named, plain: candidates.length - named };
}

/** @param {{named: number, plain: number}} found @param {string} whose */
function addresses(found, whose) {
  if (!found.named && !found.plain) {
    return `${whose} offered no local address: it may have no network, or (Safari) it needs the camera allowed first.`;
  }
  const parts = [found.named && `${found.named} by a local name (.local)`, found.plain && `${found.plain} by number`];
  return `${whose} offered ${parts.filter(Boolean).join(" and ")}.`;
}

/**
 * What `pc` tried, line by line: the addresses each side offered, how many routes between
 * them were tried and how they ended, and the connection's state.
 * @param {RTCPeerConnection} pc @param {"gm" | "phone"} side
 * @returns {Promise<string[]>}
 */
export async function whatWasTried(pc, side) {
  const mine = side === "gm" ? "This device (the GM's)" : "This phone";
  const theirs = side === "gm" ? "The phone" : "The GM's device";
  const lines = [addresses(offered(pc.localDescription?.sdp), mine),
    addresses(offered(pc.remoteDescription?.sdp), theirs)];
  /** @type {Record<string, number>} */
  const pairs = {};
  try {
    (await pc.getStats()).forEach((report) => {
      if (report.type === "candidate-pair") pairs[report.state] = (pairs[report.state] ?? 0) + 1;
    });
  } catch { /* a closed connection has no statistics: the lines above stay */ }
  const tried = Object.values(pairs).reduce((sum, count) => sum + count, 0);
  lines.push(tried ? `${tried} route${tried > 1 ? "s" : ""} between them tried: ${Object.entries(pairs)
    .map(([state, count]) => `${count} ${state}`).join(", ")}.` : "No route between them could be tried.");
  lines.push(`The connection ${STATES[pc.connectionState] ?? `is ${pc.connectionState}`}.`);
  return lines;
}

/** A connection's state, in words. @type {Record<string, string>} */
const STATES = { new: "never started: there was no route to try", connecting: "is still trying",
  failed: "failed: no route worked", disconnected: "was lost", closed: "was closed" };

/** What to do, most likely first. */
const ADVICE = [
  "Put both on the same Wi-Fi, not a guest network (guest networks keep devices apart on purpose).",
  "Or join the GM's phone's own hotspot: it lets devices reach each other, and finds them by name.",
  "On an iPhone or iPad, allow the camera when asked (Safari offers its local address only then).",
  "Then ask the GM for a new invitation to your seat and join again: your seat is kept.",
];

/**
 * The box that says it: what was tried and what to do.
 * @param {RTCPeerConnection} pc @param {"gm" | "phone"} side
 */
export async function troubleReport(pc, side) {
  const tried = await whatWasTried(pc, side);
  return element("details", { class: "rc-table-trouble", "data-table-trouble": "", open: "" }, [
    element("summary", {}, ["The devices could not connect: what was tried, and what to do"]),
    element("ul", { "data-table-tried": "" }, tried.map((line) => element("li", {}, [line]))),
    element("ol", {}, ADVICE.map((line) => element("li", {}, [line]))),
  ]);
}

/**
 * Shows the report right after `anchor`, in place of an earlier one.
 * @param {Element} anchor @param {RTCPeerConnection} pc @param {"gm" | "phone"} side
 */
export async function showTrouble(anchor, pc, side) {
  const box = await troubleReport(pc, side);
  clearTrouble(/** @type {Element} */ (anchor.parentElement));
  anchor.after(box);
}

/** Takes the report away once connected. @param {Element} root */
export function clearTrouble(root) {
  root.querySelectorAll("[data-table-trouble]").forEach((box) => box.remove());
}
