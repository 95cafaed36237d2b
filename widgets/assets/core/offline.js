// @ts-check
// Registers the service worker (sw.js at the site root) and says, in one quiet line at the
// foot of the page, how far saving the site for offline use has got. When everything is
// saved, <html> gets data-offline="ready". Then the device makes the engine's memory
// snapshot in the background unless it has it (<html data-offline-snapshot="saved">, or
// "busy", "none", "failed"; see keepEngineSnapshot): later visits start the engine from it.

import { engineSettled, engineState, keepEngineSnapshot } from "../engine/engine.js";
import { withTheme } from "./dom.js";

/**
 * What the line at the foot of the page says: the state (also <html data-offline>), its text
 * and, when there is something to do, a button's label and what it does.
 * @typedef {object} Shown
 * @property {string} state
 * @property {string} text
 * @property {{label: string, run: () => void}} [action]
 */

const siteRoot = new URL("../../../", import.meta.url);
const html = document.documentElement;
/** @type {Shown | null} */
let shown = null; // {state, text, action}: kept so instant navigation can draw it again

function render() {
  if (!shown) return;
  html.dataset.offline = shown.state;
  let line = /** @type {HTMLElement | null} */ (document.querySelector("[data-offline-status]"));
  if (!line) {
    line = document.createElement("p");
    line.className = "rc-offline";
    line.dataset.offlineStatus = "";
    line.setAttribute("role", "status");
    (document.querySelector(".md-footer-meta__inner") || document.body).append(line);
  }
  line.textContent = shown.text;
  if (shown.action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "rc-offline-action";
    button.textContent = shown.action.label;
    button.addEventListener("click", shown.action.run, { once: true });
    line.append(" ", button);
  }
}

/** @param {string} state @param {string} text @param {Shown["action"]} [action] */
function say(state, text, action) {
  shown = { state, text, action };
  render();
}

/** @param {ServiceWorker} worker */
function offerUpdate(worker) {
  say("update", "A new version of this site has been saved.", {
    label: "Use it now",
    run: () => worker.postMessage({ type: "skip-waiting" }),
  });
}

async function register() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    say("unavailable", "Offline use needs this site to be opened over https (or on this device as localhost).");
    return;
  }
  const hadController = Boolean(navigator.serviceWorker.controller);
  // The new version took over: reload once, so the page and its files are all from it.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) window.location.reload();
  });
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    // A new version's progress can arrive after its "installed" (another task source): it
    // never takes the place of the offer to use it, nor of "ready".
    const settled = html.dataset.offline === "ready" || html.dataset.offline === "update";
    if (data.type === "precache-progress" && data.done < data.total && !settled) {
      say("saving", `Saving the site for offline use: ${data.done} of ${data.total} files…`);
    } else if (data.type === "precache-failed") {
      say("failed", `Saving for offline use did not finish (${data.message}); it will be tried again on your next visit.`);
    }
  });
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", siteRoot), { scope: siteRoot.href });
  } catch (/** @type {any} */ error) {
    say("failed", `Offline use could not be set up (${error.message}).`);
    return;
  }
  const watch = (/** @type {ServiceWorker} */ worker) => worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
  });
  if (registration.installing) watch(registration.installing);
  // "updatefound" is fired when a new worker has started installing.
  registration.addEventListener("updatefound", () => watch(/** @type {ServiceWorker} */ (registration.installing)));
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  // An active worker has finished saving every file of its version.
  const ready = await navigator.serviceWorker.ready;
  if (html.dataset.offline !== "update") say("ready", "Saved on this device: the whole site works offline.");
  // The engine's memory snapshot, made here once the site is saved (never downloaded): later
  // visits start the engine from it. An engine that just started from it has it already.
  if (html.dataset.engineBoot === "snapshot") html.dataset.offlineSnapshot = "saved";
  else html.dataset.offlineSnapshot = await keepEngineSnapshot();
}

// Saving 13 MB competes with the rules engine for the network and the CPU, so a page whose
// engine is starting lets it start first: a calculator page's (waited for even if its script
// has not adopted the worker yet), and, once loaded, any page whose scripts started one (the
// Characters and Session pages). Other pages save once they have loaded.
const hasCalculators = Boolean(document.querySelector("form[data-calculator]"));
const registerOnceLoaded = () => (engineState() === "off" ? register() : engineSettled().then(register));
if (hasCalculators) engineSettled().then(register);
else if (document.readyState === "complete") registerOnceLoaded();
else window.addEventListener("load", registerOnceLoaded, { once: true });

withTheme((pages) => pages.subscribe(render));
