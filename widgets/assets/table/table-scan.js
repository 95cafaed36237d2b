// @ts-check
// Reading a table code from its QR code (issue 36): from a photo (what the phone's camera or
// gallery gives a file input) or live from the camera, shown in the page. The decoder is the
// vendored qr-scanner (assets/vendor/, never a CDN), loaded the first time it is needed: it
// uses the browser's own BarcodeDetector where there is one, else its decoder worker. Each
// failure is one sentence saying what to do instead. The camera stops once a code is read,
// when the player stops it, when the page is hidden, and when its controls leave the page.
// What is read goes to the page as it is: the page checks it as it checks a pasted code.

import { button, element } from "../core/dom.js";

/** @typedef {typeof import("qr-scanner").default} QrScanner */

const siteRoot = new URL("../../../", import.meta.url).href;
const PASTE = "or paste the code's text";
export const NO_CODE = `No QR code was found in this photo: take it closer, with the whole code in the picture, ${PASTE}.`;
export const NOT_A_PICTURE = `This file is not a picture this browser can open: take a photo of the code, ${PASTE}.`;
export const NO_CAMERA = "The camera could not be opened: allow the camera for this site in the browser's settings, " +
  `or read a photo of the code, ${PASTE}.`;
export const NOT_HTTPS = `The camera opens only for a site on https: read a photo of the code instead, ${PASTE}.`;
export const CANNOT_READ = "This browser cannot read QR codes: paste the code's text instead.";
const HIDDEN = "The camera stopped when the page was hidden: scan again to go on.";
// A phone's photo is downscaled to this many pixels on its longer side before decoding: a
// code that fills a fair part of the picture keeps several pixels to a module, and the
// decoder stays quick on an old phone.
const LARGEST = 1600;

/** A code that could not be read: `message` says why, to the person holding the phone. */
export class ScanError extends Error {}

/** The vendored decoder, loaded once. @returns {Promise<QrScanner>} */
async function decoder() {
  return (await import(new URL("assets/vendor/qr-scanner.min.js", siteRoot).href)).default;
}

/** The text of the QR code in a photo. Throws a ScanError. @param {Blob} photo @returns {Promise<string>} */
export async function readPhoto(photo) {
  if (typeof createImageBitmap !== "function") throw new ScanError(CANNOT_READ);
  /** @type {ImageBitmap} */
  let picture;
  try { // decoded here rather than from a blob: URL, which the site's policy keeps out of img-src
    picture = await createImageBitmap(photo);
  } catch {
    throw new ScanError(NOT_A_PICTURE);
  }
  try {
    const QrScanner = await decoder().catch(() => { throw new ScanError(CANNOT_READ); });
    const { width, height } = picture;
    const scale = Math.min(1, LARGEST / Math.max(width, height));
    const region = { x: 0, y: 0, width, height, downScaledWidth: Math.round(width * scale),
      downScaledHeight: Math.round(height * scale) };
    const found = await QrScanner.scanImage(picture, { scanRegion: region, returnDetailedScanResult: true })
      .catch((problem) => { throw new ScanError(problem === QrScanner.NO_QR_CODE_FOUND ? NO_CODE : CANNOT_READ); });
    return found.data;
  } finally {
    picture.close();
  }
}

/**
 * The controls that read a code from its QR code, to sit beside the field it fills: a camera
 * button, a photo input, the camera's picture with a Stop button, and a line saying how it goes.
 * @param {object} how
 * @param {"invitation" | "reply"} how.what the code, in the button's words
 * @param {string} how.action the camera button's data-action
 * @param {string} how.photo the photo input's data- attribute (its id without "data-")
 * @param {(code: string) => void} how.onCode what to do with the text read
 * @returns {HTMLElement}
 */
export function scanControls({ what, action, photo, onCode }) {
  const id = photo.replace(/^data-/, "");
  const start = /** @type {HTMLButtonElement} */ (button(action, `Scan the ${what} with the camera`));
  // No `capture`: the phone offers its camera or a picture already taken (a code sent by message).
  const input = /** @type {HTMLInputElement} */ (element("input", { type: "file", id, accept: "image/*",
    [photo]: "", style: "min-height: 44px; max-width: 100%;" })); // a finger's size
  const stop = button("stop-scan", "Stop the camera");
  // Stop above the picture: in sight on a phone's screen however tall the picture turns out.
  const camera = element("div", { class: "rc-table-camera", "data-table-camera": "", hidden: "" },
    [element("p", {}, [stop])]);
  // Empty most of the time, and then taking no room (a live region stays in the page to be heard).
  const said = element("p", { class: "rc-hint", "data-table-scan-said": "", role: "status", style: "margin: 0;" });
  const error = element("p", { class: "rc-error", "data-table-scan-error": "", role: "alert", hidden: "" });
  /** @param {string} text @param {string} [problem] */
  const tell = (text, problem = "") => {
    said.textContent = text;
    error.textContent = problem;
    error.hidden = !problem;
  };
  /** @type {((text: string, problem?: string) => void) | null} */
  let end = null;
  /** Stops these controls' camera, if open (a photo read instead stops it too). @type {(() => void) | null} */
  let openCamera = null;

  start.addEventListener("click", async () => {
    openCamera?.();
    tell("");
    if (!navigator.mediaDevices?.getUserMedia) return tell("", window.isSecureContext ? NO_CAMERA : NOT_HTTPS);
    start.disabled = true; // a second tap while the decoder loads opens no second camera
    /** @type {QrScanner} */
    let QrScanner;
    try {
      QrScanner = await decoder();
    } catch {
      start.disabled = false;
      return tell("", CANNOT_READ);
    }
    // A new picture each time: a stopped scanner lets its video go 300 ms later, whatever it shows then.
    const video = /** @type {HTMLVideoElement} */ (element("video",
      { style: "display: block; width: min(100%, 18rem); max-height: 45vh; background: #000; " +
        "border: 1px solid var(--md-default-fg-color--lighter);" }));
    camera.append(video);
    camera.hidden = false; // shown before the scanner takes the video (it hides a hidden one its own way)
    stop.focus();
    let failures = 0; // decoder errors in a row (a frame without a code is none)
    const scanner = new QrScanner(video, (result) => {
      end?.("");
      onCode(result.data);
    }, { returnDetailedScanResult: true, preferredCamera: "environment", maxScansPerSecond: 10,
      onDecodeError: (problem) => {
        failures = problem === QrScanner.NO_QR_CODE_FOUND ? 0 : failures + 1;
        if (failures >= 3) end?.("", CANNOT_READ);
      } });
    const hidden = (/** @type {Event} */ event) => {
      if (event.type === "pagehide" || document.visibilityState === "hidden") end?.(HIDDEN);
    };
    const gone = setInterval(() => { if (!video.isConnected) end?.(""); }, 1000); // its page was left
    const ending = end = (text, problem = "") => {
      if (end !== ending) return;
      end = null;
      if (openCamera === stopThis) openCamera = null;
      clearInterval(gone);
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", hidden);
      scanner.pause(true); // the camera's light goes off now, not 300 ms later
      scanner.destroy();
      video.remove();
      camera.hidden = true;
      start.disabled = false;
      tell(text, problem);
    };
    const stopThis = () => ending("");
    openCamera = stopThis;
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", hidden);
    tell(`Point the camera at the ${what}'s QR code: it is read as soon as it is in sight.`);
    await scanner.start().catch(() => ending("", NO_CAMERA));
  });
  stop.addEventListener("click", () => {
    end?.("");
    start.focus();
  });
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    openCamera?.();
    tell("Reading the photo…");
    try {
      const code = await readPhoto(file);
      tell("");
      onCode(code);
    } catch (problem) {
      tell("", problem instanceof ScanError ? problem.message : CANNOT_READ);
    } finally {
      input.value = ""; // the same photo can be read again
    }
  });
  return element("div", { class: "rc-table-scan", "data-table-scan": "" }, [
    element("p", {}, [start]),
    element("p", { class: "rc-field" }, [element("label", { for: id }, [`Read a photo of the ${what}`]), input]),
    said, error, camera]);
}
