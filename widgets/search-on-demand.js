// @ts-check
// The theme's search worker, started when a reader first searches. mkdocs-material sends its
// search worker the whole index at every full page load, and its worker builds it with lunr
// there and then: about 0.3 s of CPU on each load (measured on the project's machine, a third
// of a warm calculator page's engine start), whether or not the reader searches. The theme lets
// a site give its own worker (config "search"); widgets/mkdocs_hook.py writes this file beside
// the theme's, as search-on-demand.js, with THEME_WORKER replaced by the theme worker's file
// name, and points the pages at it. It keeps the index as it came and says it is ready at once;
// the first query loads the theme's worker into this one, hands it the index, waits for it to
// say it is ready, and from then on the theme's worker answers every message itself.
(() => {
  const SETUP = 0; // the theme's message types (SearchMessageType, mkdocs-material 9)
  const READY = 1;
  const QUERY = 2;
  const RESULT = 3;
  /** @type {unknown} the theme's SETUP message, as it came */
  let setup = null;
  /** @type {unknown[]} queries asked while the theme's worker builds the index */
  const waiting = [];
  let state = "idle"; // "building" once the theme's worker is loaded, "ready" once it has said so
  const send = self.postMessage.bind(self);
  // The theme's worker says READY once its index is built: that word was said already, so it
  // is kept back here and the queries asked meanwhile are handed over.
  self.postMessage = /** @type {typeof self.postMessage} */ ((/** @type {any} */ message, /** @type {any} */ options) => {
    if (state === "building" && message?.type === READY) {
      state = "ready";
      for (const data of waiting.splice(0)) self.dispatchEvent(new MessageEvent("message", { data }));
      return;
    }
    send(message, options);
  });
  const build = () => {
    if (state !== "idle" || !setup || !waiting.length) return;
    state = "building";
    importScripts(THEME_WORKER);
    self.dispatchEvent(new MessageEvent("message", { data: setup }));
  };
  // Registered before the theme's listener, so a message it must not see yet stops here.
  self.addEventListener("message", (event) => {
    if (!event.isTrusted || state === "ready") return; // handed over, or the theme's to answer
    event.stopImmediatePropagation();
    const { data } = /** @type {MessageEvent} */ (event);
    if (data?.type === SETUP) {
      setup = data;
      send({ type: READY });
      build();
    } else if (data?.type === QUERY && state === "idle" && !String(data.data ?? "").trim()) {
      // The theme asks with its empty box at each load: answered as its worker would, with
      // nothing. (Once the index is being built, every query waits its turn, in order.)
      send({ type: RESULT, data: { items: [] } });
    } else if (data?.type === QUERY) {
      waiting.push(data);
      build();
    }
  });
})();
