// @ts-check
// One WebRTC data channel between the GM's device and a player's phone, set up with two codes
// (table-code.js) carried by QR or pasted: the GM's invitation (the offer) and the phone's
// reply (the answer). No ICE servers: only host candidates on the local network, so nothing
// leaves the room and no internet is needed. Both pages send JSON text on the channel
// (rulescore/seats.py says what crosses).

import { codeFromLink, linkFromCode, linkFromSdp, sdpFromLink } from "./table-code.js";

/** @type {RTCConfiguration} */
const LOCAL_ONLY = { iceServers: [] };
// A connection that stops answering for a moment ("disconnected": a phone's screen off for a few
// seconds, a Wi-Fi hiccup) often comes back by itself; it is called lost only if it has not come
// back by then (a closed channel, or "failed", is lost at once).
export const BLIP_MS = 10_000;

/**
 * Calls `lost` when `pc` is lost: closed or failed at once, disconnected only if it has not
 * come back within BLIP_MS. @param {RTCPeerConnection} pc @param {() => void} lost
 */
export function whenLost(pc, lost) {
  const state = pc.connectionState;
  if (state === "failed" || state === "closed") lost();
  else if (state === "disconnected") {
    setTimeout(() => { if (pc.connectionState !== "connected") lost(); }, window.rulesTableBlipMs ?? BLIP_MS);
  }
}
// Gathering host candidates takes milliseconds; a device that has found none by then has no
// network to offer, and the code says so.
const GATHER_LIMIT_MS = 4000;

/** Resolves once `pc` has gathered its candidates (or the time limit has passed). @param {RTCPeerConnection} pc */
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve(undefined);
    const timer = setTimeout(resolve, GATHER_LIMIT_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState !== "complete") return;
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

/**
 * How another device can reach this one, by what its code offers: "plain" (an address by
 * number), "named" (only random ".local" names, which the other device must resolve on the
 * network and some networks and phones cannot) or "none" (no local address at all: a code
 * that could reach nothing is never shown).
 * @typedef {"plain" | "named" | "none"} Reach
 * @param {import("./table-code.js").Link} link @returns {Reach}
 */
export function reachOf(link) {
  if (!link.candidates.length) return "none";
  return link.candidates.some((one) => !one.address.endsWith(".local")) ? "plain" : "named";
}

/** The GM's side: a connection waiting for its phone, its channel, the invitation's code, its
 * tag (the user fragment a reply names) and how it can be reached.
 * @returns {Promise<{pc: RTCPeerConnection, channel: RTCDataChannel, code: string, tag: string, reach: Reach}>} */
export async function invite() {
  const pc = new RTCPeerConnection(LOCAL_ONLY);
  const channel = pc.createDataChannel("table", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const link = linkFromSdp("offer", /** @type {RTCSessionDescription} */ (pc.localDescription).sdp);
  return { pc, channel, code: codeFromLink(link), tag: link.ufrag, reach: reachOf(link) };
}

/** A phone's reply read and checked (it names the invitation it answers, `answers`).
 * Throws a CodeError (its message for the GM) for a code that is not a reply. @param {string} code */
export function replyLink(code) {
  return linkFromCode(code, "answer");
}

/** The GM's side: the phone's reply taken; the channel opens by itself.
 * @param {RTCPeerConnection} pc @param {import("./table-code.js").Link} link */
export async function accept(pc, link) {
  await pc.setRemoteDescription({ type: "answer", sdp: sdpFromLink(link) });
}

/** The phone's side: the invitation read, the reply to show the GM (naming the invitation it
 * answers), how this phone can be reached, and the channel once open.
 * Throws a CodeError (its message for the player) for a code that is not an invitation.
 * @param {string} code
 * @returns {Promise<{pc: RTCPeerConnection, channel: Promise<RTCDataChannel>, code: string, reach: Reach}>} */
export async function reply(code) {
  const offer = linkFromCode(code, "offer"); // checked before any connection is made
  const pc = new RTCPeerConnection(LOCAL_ONLY);
  /** @type {Promise<RTCDataChannel>} */
  const channel = new Promise((resolve) => { pc.ondatachannel = (event) => resolve(event.channel); });
  await pc.setRemoteDescription({ type: "offer", sdp: sdpFromLink(offer) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const link = { ...linkFromSdp("answer", /** @type {RTCSessionDescription} */ (pc.localDescription).sdp),
    answers: offer.ufrag };
  return { pc, channel, code: codeFromLink(link), reach: reachOf(link) };
}

/**
 * Makes a connection's code with the camera allowed: browsers hide a device's plain local
 * address behind a random ".local" name, or offer none at all (older iOS), unless the page
 * holds the camera; with it they offer the address by number. The camera is opened only
 * while the connection gathers its addresses, then stopped. Throws an Error whose message
 * says what happened when the camera is refused or missing.
 * @template T @param {() => Promise<T>} make @returns {Promise<T>}
 */
export async function withCamera(make) {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error("this browser gives pages no camera (a site on plain http cannot ask for it)");
  }
  /** @type {MediaStream} */
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: true });
  } catch (/** @type {any} */ problem) {
    throw new Error(problem?.name === "NotAllowedError" ? "the camera was not allowed"
      : "the camera could not be opened");
  }
  try {
    return await make();
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}

/** The QR code of `text` as an SVG element (the vendored uqr), labelled for screen readers.
 * @param {string} text @param {string} label @param {string} siteRoot */
export async function qrCode(text, label, siteRoot) {
  /** @type {typeof import("uqr")} */
  const qr = await import(new URL("assets/vendor/uqr.mjs", siteRoot).href);
  const svg = new DOMParser().parseFromString(qr.renderSVG(text, { ecc: "L" }), "image/svg+xml").documentElement;
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("data-table-qr", "");
  return svg;
}
