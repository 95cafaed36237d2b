// @ts-check
// One WebRTC data channel between the GM's device and a player's phone, set up with two codes
// (table-code.js) carried by QR or pasted: the GM's invitation (the offer) and the phone's
// reply (the answer). No ICE servers: only host candidates on the local network, so nothing
// leaves the room and no internet is needed. Both pages send JSON text on the channel
// (rulescore/seats.py says what crosses).

import { codeFromLink, linkFromCode, linkFromSdp, sdpFromLink } from "./table-code.js";

/** @type {RTCConfiguration} */
const LOCAL_ONLY = { iceServers: [] };
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

/** The description `pc` made, cut to its code. @param {RTCPeerConnection} pc @param {"offer" | "answer"} kind */
function codeOf(pc, kind) {
  return codeFromLink(linkFromSdp(kind, /** @type {RTCSessionDescription} */ (pc.localDescription).sdp));
}

/** The GM's side: a connection waiting for its phone, its channel and the invitation's code.
 * @returns {Promise<{pc: RTCPeerConnection, channel: RTCDataChannel, code: string}>} */
export async function invite() {
  const pc = new RTCPeerConnection(LOCAL_ONLY);
  const channel = pc.createDataChannel("table", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return { pc, channel, code: codeOf(pc, "offer") };
}

/** The GM's side: the phone's reply taken; the channel opens by itself.
 * Throws a CodeError (its message for the GM) for a code that is not a reply.
 * @param {RTCPeerConnection} pc @param {string} code */
export async function accept(pc, code) {
  await pc.setRemoteDescription({ type: "answer", sdp: sdpFromLink(linkFromCode(code, "answer")) });
}

/** The phone's side: the invitation read, the reply to show the GM, and the channel once open.
 * Throws a CodeError (its message for the player) for a code that is not an invitation.
 * @param {string} code
 * @returns {Promise<{pc: RTCPeerConnection, channel: Promise<RTCDataChannel>, code: string}>} */
export async function reply(code) {
  const link = linkFromCode(code, "offer"); // checked before any connection is made
  const pc = new RTCPeerConnection(LOCAL_ONLY);
  /** @type {Promise<RTCDataChannel>} */
  const channel = new Promise((resolve) => { pc.ondatachannel = (event) => resolve(event.channel); });
  await pc.setRemoteDescription({ type: "offer", sdp: sdpFromLink(link) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return { pc, channel, code: codeOf(pc, "answer") };
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
