// What the workers (tsconfig.worker.json) put on their global scope, `self`. Types only:
// tsc reads this file, the site never does.

/** search-on-demand.js: the theme's search worker's file name, written in by widgets/mkdocs_hook.py. */
declare const THEME_WORKER: string;

interface WorkerGlobalScope {
  /** service-worker.js: this build's files, as [url, content hash] pairs, and a version
   * naming them all. The template assigns null; widgets/offline.py writes the manifest in
   * its place, so the built sw.js always reads the manifest. */
  get PRECACHE(): { version: string; files: [string, string][]; snapshot: [string, string] | null };
  set PRECACHE(manifest: { version: string; files: [string, string][]; snapshot: [string, string] | null } | null);

  /** engine-worker.js, once rulescore is imported: the engine's memory and when each boot
   * stage ended, for bench/benchmark.py and curious readers in devtools. */
  engineStats?: () => {
    wasmHeapBytes: number | null;
    stagesAt: Record<string, number>;
    boot: import("./engine-messages.js").EngineBoot;
  };
}
