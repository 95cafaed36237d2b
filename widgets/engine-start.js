// @ts-check
// Inlined by widgets/mkdocs_hook.py at the end of <head> of every page with calculators
// (WORKER_URL is replaced with the page's relative link to engine-worker.js). Being a plain
// script after the stylesheets, it runs once they have arrived: the engine's downloads then
// do not hold up the first paint, and the boot does not wait for the theme's scripts as a
// module script would. calculators.js adopts the worker from window.rulesEngine and
// replays what it said in the meantime. How the engine started (from its memory snapshot or
// plain) is shown as <html data-engine-boot>; window.rulesEngineBoot = "plain", set before
// the page loads, asks for a plain boot (the benchmark compares both).
(() => {
  try {
    const worker = new Worker(WORKER_URL, { type: "module", name: window.rulesEngineBoot === "plain" ? "plain" : "" });
    /** @type {EngineReply[]} */
    const messages = [];
    worker.onmessage = (event) => messages.push(event.data);
    // A listener, not onmessage: it stays when calculators.js adopts the worker.
    worker.addEventListener("message", ({ data }) => {
      if (data.type !== "ready") return;
      document.documentElement.dataset.engineBoot = data.boot || "plain";
      if (data.note) document.documentElement.dataset.engineBootNote = data.note;
    });
    worker.onerror = (event) => {
      event.preventDefault();
      messages.push({ type: "failed", message: event.message || "its script did not load" });
    };
    window.rulesEngine = { worker, messages };
  } catch {
    // No module workers here: calculators.js meets the same error and says so.
  }
})();
