// What the page scripts (tsconfig.json) share through the window, and the placeholders the
// build fills in. Types only: tsc reads this file, the site never does.

type EngineReply = import("./engine-messages.js").EngineReply;

interface Window {
  /** The engine worker engine-start.js started from <head>, with what it has said so far;
   * calculators.js adopts it (and sets this to null). Absent where engine-start.js is not. */
  rulesEngine?: { worker: Worker; messages: EngineReply[] } | null;
  /** "plain" asks engine-start.js for a worker that ignores the memory snapshot (benchmark, tests). */
  rulesEngineBoot?: string;
  /** How long engine-start.js holds the theme's script back at most (tests lengthen it). */
  rulesThemeLatestMs?: number;
  /** How long calculators.js waits for the engine to come up (tests shorten it). */
  rulesEngineDeadlineMs?: number;
  /** How long the table waits for a phone's connection before it says what was tried (tests shorten it). */
  rulesTableConnectMs?: number;
  /** How long a disconnected table connection may take to come back before it is lost (tests shorten it). */
  rulesTableBlipMs?: number;
  /** mkdocs-material's instant navigation: announces each page it shows (engine-start.js
   * announces the first when it loads the theme's script late). */
  document$?: { subscribe(next: () => void): unknown; next(page: Document): void };
}

// widgets/mkdocs_hook.py inlines engine-start.js and sitemap-fix.js into each page with
// these names replaced by JSON string literals.
/** engine-start.js: the page's relative link to assets/widgets/engine-worker.js. */
declare const WORKER_URL: string;
/** engine-start.js: the page's relative link to the theme's script (mkdocs-material's bundle). */
declare const THEME_URL: string;
/** sitemap-fix.js: the site_url the site was built for (as sitemap.xml writes it). */
declare const BUILT_ROOT: string;
/** sitemap-fix.js: the page's relative link to the site root. */
declare const PAGE_ROOT: string;
