// @ts-check
// Inlined by widgets/mkdocs_hook.py at the end of <head> of every page with calculators
// (WORKER_URL is replaced with the page's relative link to engine-worker.js). Being a plain
// script after the stylesheets, it runs once they have arrived: the engine's downloads then
// do not hold up the first paint, and the boot does not wait for the theme's scripts as a
// module script would. calculators.js adopts the worker from window.rulesEngine and
// replays what it said in the meantime. How the engine started (from its memory snapshot or
// plain) is shown as <html data-engine-boot>; window.rulesEngineBoot = "plain", set before
// the page loads, asks for a plain boot (the benchmark compares both).
//
// The theme's own script (mkdocs-material's bundle, THEME_URL; the build takes its tag out
// of the page) is loaded from here once the engine has answered every calculator (none is
// still data-state="loading" after the page took an answer), or at the reader's first touch,
// key or focus (a key pressed outside a field, "/" to search, is handed to the theme once it
// has run), or after THEME_LATEST_MS (window.rulesThemeLatestMs, for the tests). On two
// cores its evaluation and the components it mounts took a core from the engine's start: about
// 60 ms of a warm start from the snapshot (PERFORMANCE.md). The page reads and its links work
// without it; the theme's instant navigation, search and header come with it. The theme
// announces the page on DOMContentLoaded, which has passed by then, so it is told here
// (document$, as its instant navigation tells it of each page), and the event "rc:theme"
// tells the page's modules it is there (core/dom.js, withTheme).
(() => {
  const THEME_LATEST_MS = 1500; // a slow device's reader gets the header's search and colour switch by then
  const WAITING = 'form[data-calculator][data-state="loading"]';
  let parsed = false;
  document.addEventListener("DOMContentLoaded", () => { parsed = true; }, { once: true });
  let themeAsked = false;
  let missedKey = ""; // the key that asked for the theme, outside a field: a shortcut of the theme's ("/" to search)
  const loadTheme = () => {
    if (themeAsked) return;
    themeAsked = true;
    // Never before the page is parsed: the theme reads its configuration at the end of <body>.
    if (!parsed) document.addEventListener("DOMContentLoaded", runTheme, { once: true });
    else runTheme();
  };
  const runTheme = () => {
    const script = document.createElement("script");
    script.src = THEME_URL;
    script.addEventListener("load", () => {
      window.document$?.next(document);
      document.dispatchEvent(new Event("rc:theme"));
      if (missedKey) document.body.dispatchEvent(new KeyboardEvent("keydown", { key: missedKey, bubbles: true }));
    }, { once: true });
    document.head.append(script);
  };
  for (const type of ["pointerdown", "focusin", "touchstart", "wheel"]) {
    addEventListener(type, loadTheme, { once: true, capture: true, passive: true });
  }
  addEventListener("keydown", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (!themeAsked && !event.metaKey && !event.ctrlKey && !event.altKey && !target.closest?.("input, textarea, select, [contenteditable]")) {
      missedKey = event.key;
      if (event.key === "/") event.preventDefault(); // as the theme does: Firefox's quick find stays shut
    }
    loadTheme();
  }, { once: true, capture: true });
  setTimeout(loadTheme, Number(window.rulesThemeLatestMs) > 0 ? Number(window.rulesThemeLatestMs) : THEME_LATEST_MS);
  try {
    const worker = new Worker(WORKER_URL, { type: "module", name: window.rulesEngineBoot === "plain" ? "plain" : "" });
    /** @type {EngineReply[]} */
    const messages = [];
    worker.onmessage = (event) => messages.push(event.data);
    // Listeners, not onmessage: they stay when calculators.js adopts the worker.
    worker.addEventListener("message", ({ data }) => {
      if (data.type === "failed") loadTheme();
      if (data.type === "result") setTimeout(() => document.querySelector(WAITING) || loadTheme()); // once the page drew it
      if (data.type !== "ready") return;
      document.documentElement.dataset.engineBoot = data.boot || "plain";
      if (data.note) document.documentElement.dataset.engineBootNote = data.note;
    });
    worker.onerror = (event) => {
      event.preventDefault();
      messages.push({ type: "failed", message: event.message || "its script did not load" });
      loadTheme();
    };
    window.rulesEngine = { worker, messages };
  } catch {
    // No module workers here: calculators.js meets the same error and says so.
    loadTheme();
  }
})();
