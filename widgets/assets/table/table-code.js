// @ts-check
// The codes the GM's device and a player's phone exchange to connect (issue 36): a WebRTC
// offer or answer cut to what rebuilds it (the ICE user fragment and password, the DTLS
// fingerprint, which authenticates the pairing made in person, the role, and the local host
// candidates), so that it fits a QR code a phone reads from across a table. No DOM: the
// pages and the unit tests (tests/test_table_code.py, under Node) use the same functions.
//
// A code reads "RT1~o~<ufrag>~<pwd>~<fingerprint, base64url>~<role>~<candidates>", each
// candidate "<u|t><address>|<port>", joined by commas. A reply ("RT1~a~...") adds an eighth
// part, the user fragment of the invitation it answers, so that the GM's device, holding
// several invitations at once, takes it for the right seat and refuses one that answers none.

export const CODE_VERSION = "RT1";
const ROLES = { actpass: "c", active: "a", passive: "p" };

/**
 * What rebuilds one side's session description.
 * @typedef {object} Link
 * @property {"offer" | "answer"} kind
 * @property {string} ufrag
 * @property {string} pwd
 * @property {string} fingerprint the SHA-256 fingerprint as SDP writes it (AB:CD:...)
 * @property {"actpass" | "active" | "passive"} setup
 * @property {{protocol: "udp" | "tcp", address: string, port: number}[]} candidates
 * @property {string} [answers] a reply's: the user fragment of the invitation it answers
 */

/** A code that cannot be used: `message` says why, to the person holding it. */
export class CodeError extends Error {}

/** @param {string} sdp @param {string} name @returns {string | null} the first a=name: value */
function attribute(sdp, name) {
  const line = sdp.split(/\r?\n/).find((one) => one.startsWith(`a=${name}:`));
  return line ? line.slice(name.length + 3).trim() : null;
}

/**
 * One side's description, as the browser wrote it after gathering its candidates, cut down.
 * @param {"offer" | "answer"} kind @param {string} sdp @returns {Link}
 */
export function linkFromSdp(kind, sdp) {
  const ufrag = attribute(sdp, "ice-ufrag");
  const pwd = attribute(sdp, "ice-pwd");
  const fingerprint = attribute(sdp, "fingerprint");
  const setup = /** @type {Link["setup"] | null} */ (attribute(sdp, "setup"));
  if (!ufrag || !pwd || !fingerprint || !setup || !(setup in ROLES)) {
    throw new CodeError("This browser made a connection offer without what the table code needs.");
  }
  const [algorithm, hex] = fingerprint.split(" ");
  if (algorithm.toLowerCase() !== "sha-256" || !hex) {
    throw new CodeError(`This browser signs its connections with ${algorithm}, which the table code does not carry.`);
  }
  /** @type {Link["candidates"]} */
  const candidates = [];
  for (const line of sdp.split(/\r?\n/)) {
    if (!line.startsWith("a=candidate:")) continue;
    const [, component, protocol, , address, port, , type] = line.slice(12).split(" ");
    // Host candidates only (no STUN, no TURN: nothing leaves the room); TCP ones are a
    // fallback the local network does not need, and they would lengthen the code.
    if (component !== "1" || type !== "host" || protocol.toLowerCase() !== "udp") continue;
    candidates.push({ protocol: "udp", address, port: Number(port) });
  }
  return { kind, ufrag, pwd, fingerprint: hex.toUpperCase(), setup, candidates };
}

/** @param {string} hex "AB:CD:..." @returns {string} base64url */
function hexToBase64url(hex) {
  const bytes = hex.split(":").map((pair) => String.fromCharCode(parseInt(pair, 16))).join("");
  return btoa(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text base64url @returns {string} "AB:CD:..." */
function base64urlToHex(text) {
  const bytes = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return [...bytes].map((char) => char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")).join(":");
}

/** The code for `link`. @param {Link} link @returns {string} */
export function codeFromLink(link) {
  const candidates = link.candidates.map((c) => `${c.protocol === "tcp" ? "t" : "u"}${c.address}|${c.port}`);
  return [CODE_VERSION, link.kind === "offer" ? "o" : "a", link.ufrag, link.pwd, hexToBase64url(link.fingerprint),
    ROLES[link.setup], candidates.join(","), ...(link.kind === "answer" ? [link.answers ?? ""] : [])].join("~");
}

/**
 * The link a code carries, checked whole.
 * @param {string} text @param {"offer" | "answer"} expected which code the reader should hold
 * @returns {Link}
 */
export function linkFromCode(text, expected) {
  const parts = String(text).trim().split("~");
  const what = expected === "offer" ? "the GM's invitation" : "the player's reply";
  if (parts[0] !== CODE_VERSION) {
    throw new CodeError(parts[0]?.startsWith("RT")
      ? `This code was made by another version of the site: reload both pages and make a new one.`
      : `This is not a table code: paste or scan ${what}.`);
  }
  const [, kind, ufrag, pwd, fingerprint, role, list, answers] = parts;
  if (parts.length >= 7 && (kind === "o" ? "offer" : kind === "a" ? "answer" : null) !== expected) {
    throw new CodeError(expected === "offer" ? "This is a player's reply: here, scan the GM's invitation."
      : "This is an invitation: here, scan the reply the player's phone shows.");
  }
  if (parts.length === 7 && kind === "a") {  // a reply from before replies named their invitation
    throw new CodeError("This reply was made by another version of the site: reload the phone's page and join again.");
  }
  if (parts.length !== (kind === "a" ? 8 : 7)) {
    throw new CodeError(`This code is cut short or damaged: paste or scan ${what} again.`);
  }
  const setup = /** @type {Link["setup"] | undefined} */ (
    Object.keys(ROLES).find((name) => ROLES[/** @type {keyof ROLES} */ (name)] === role));
  const ice = /^[A-Za-z0-9+/]{4,256}$/;
  if (!setup || !ice.test(ufrag) || !ice.test(pwd) || !/^[A-Za-z0-9_-]{43}$/.test(fingerprint)
    || (kind === "a" && !ice.test(answers))) {
    throw new CodeError(`This code is damaged: paste or scan ${what} again.`);
  }
  const candidates = list ? list.split(",").map((one) => {
    const match = /^([ut])([A-Za-z0-9.:-]{1,100})\|(\d{1,5})$/.exec(one);
    if (!match || Number(match[3]) > 65535) throw new CodeError(`This code is damaged: paste or scan ${what} again.`);
    return { protocol: /** @type {"udp" | "tcp"} */ (match[1] === "t" ? "tcp" : "udp"), address: match[2],
      port: Number(match[3]) };
  }) : [];
  if (!candidates.length) {
    throw new CodeError("This code holds no local network address: the device that made it found no network " +
      "to offer (is its Wi-Fi on?).");
  }
  return { kind: expected, ufrag, pwd, fingerprint: base64urlToHex(fingerprint), setup, candidates,
    ...(kind === "a" ? { answers } : {}) };
}

/** A session description the browser accepts, rebuilt from `link`. @param {Link} link @returns {string} */
export function sdpFromLink(link) {
  const candidates = link.candidates.map((c, i) =>
    `a=candidate:${i + 1} 1 ${c.protocol} ${2122260223 - i} ${c.address} ${c.port} typ host`);
  return [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidates, "a=end-of-candidates",
    `a=ice-ufrag:${link.ufrag}`, `a=ice-pwd:${link.pwd}`, `a=fingerprint:sha-256 ${link.fingerprint}`,
    `a=setup:${link.setup}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
  ].join("\r\n");
}
