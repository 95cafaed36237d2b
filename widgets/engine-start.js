// Inlined by widgets/mkdocs_hook.py as the first script in <head> of every page with
// calculators (WORKER_URL is replaced with the page's relative link to engine-worker.js).
// It starts the engine worker as soon as the page's first paint is on screen: earlier, and
// booting Pyodide would slow that paint; later (from a module script), and the boot would
// wait for the theme's scripts. calculators.js adopts the worker through
// window.rulesEngine() and replays what it said in the meantime.
(() => {
  let engine = null;
  const start = () => {
    if (!engine) {
      const worker = new Worker(WORKER_URL, { type: "module" });
      const messages = [];
      worker.onmessage = (event) => messages.push(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        messages.push({ type: "failed", message: event.message || "its script did not load" });
      };
      engine = { worker, messages };
    }
    return engine;
  };
  window.rulesEngine = start;
  try {
    start();
  } catch {
    // No module workers here: calculators.js meets the same error and says so.
  }
})();
