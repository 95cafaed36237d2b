// @ts-check
// Keeping the screen on at the table (issue 42): a phone whose screen locks is suspended and
// its connection lost (iPhone does it after a minute), so each phone asks for a screen wake
// lock while it is connected, and the GM's device while any seat is. A browser lets the lock
// go whenever the page is hidden: it is taken again when the page is shown. A switch on each
// device turns it off (remembered on that device).

import { element } from "../core/dom.js";

const OFF_KEY = "rules-table-wake-off";

/**
 * @typedef {object} Wake
 * @property {boolean} wanted the table wants the screen on now (connected)
 * @property {WakeLockSentinel | null} lock the lock held, if any
 * @property {boolean} asking a request for it is on its way
 */

/** @returns {Wake} */
export function newWake() {
  return { wanted: false, lock: null, asking: false };
}

/** Whether this device's switch allows the screen to be kept on. */
function allowed() {
  try {
    return localStorage.getItem(OFF_KEY) !== "1";
  } catch {
    return true;
  }
}

/** The switch, as a labelled checkbox (`input[data-table-wake]`). @param {string} label */
export function wakeSwitch(label) {
  const box = element("input", { type: "checkbox", "data-table-wake": "" });
  /** @type {HTMLInputElement} */ (box).checked = allowed();
  return element("p", { class: "rc-table-wake" }, [element("label", {}, [box, ` ${label}`])]);
}

/**
 * Holds or lets go of the lock as `wake.wanted` and the switch say; call it when either
 * changes and when the page is shown again. Where the browser has no wake lock, or refuses
 * it (a hidden page, battery saving), nothing more happens: the table works as before.
 * @param {Wake} wake
 */
export async function keepAwake(wake) {
  const want = wake.wanted && allowed() && document.visibilityState === "visible";
  if (!want) {
    const lock = wake.lock;
    wake.lock = null;
    await lock?.release().catch(() => undefined);
    return;
  }
  if ((wake.lock && !wake.lock.released) || wake.asking || !("wakeLock" in navigator)) return;
  wake.asking = true;
  try {
    wake.lock = await navigator.wakeLock.request("screen");
  } catch {
    wake.lock = null;
  } finally {
    wake.asking = false;
  }
  if (!wake.wanted || !allowed()) await keepAwake(wake); // the table ended while it was asked for
}

/**
 * Wires the switch inside `root` and the page's visibility to `wake`.
 * @param {HTMLElement} root @param {() => Wake | null} current the wake of the table shown now
 */
export function watchWake(root, current) {
  root.addEventListener("change", (event) => {
    const box = /** @type {Element} */ (event.target);
    if (!box.matches("[data-table-wake]")) return;
    try {
      if (/** @type {HTMLInputElement} */ (box).checked) localStorage.removeItem(OFF_KEY);
      else localStorage.setItem(OFF_KEY, "1");
    } catch { /* a private window keeps no setting: the switch still works for this visit */ }
    const wake = current();
    if (wake) keepAwake(wake);
  });
  document.addEventListener("visibilitychange", () => {
    const wake = current();
    if (wake) keepAwake(wake);
  });
}
