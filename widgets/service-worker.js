// @ts-check
// The service worker that keeps the whole site, its search and the calculator engine on the
// device. widgets/offline.py writes it into the built site as sw.js, with this build's file
// list in place of the null below: [url, content hash] pairs and a version naming them all.
// (The engine's memory snapshot is not among them: each device makes its own, see
// widgets/assets/engine/engine-snapshot.js.)
self.PRECACHE = null;

const { version, files } = self.PRECACHE;
// The webworker library types `self` as any worker's global scope; this one is a service worker's.
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = "rules-at-the-table-";
const CACHE = PREFIX + version;
const HASHES = "__precache-hashes__"; // each cache records the hash of every file it holds
const ENGINE_FILES = "rules-engine-files"; // engine-files.js's FILES_CACHE
const scope = sw.registration.scope;
const absolute = (/** @type {string} */ url) => new URL(url, scope).href;

/** @param {{type: string} & Record<string, unknown>} message */
async function broadcast(message) {
  const windows = await sw.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const client of windows) client.postMessage({ version, ...message });
}

/** @param {ArrayBuffer} buffer */
async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

// Files an older cache already holds with the same hash: copied, not downloaded again.
async function unchangedCopies() {
  /** @type {Map<string, Cache>} */
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const record = await cache.match(absolute(HASHES));
    if (!record) continue;
    const hashes = await record.json();
    for (const [url, hash] of files) {
      if (hashes[url] === hash && !found.has(url)) found.set(url, cache);
    }
  }
  return found;
}

// A downloaded file must have the hash the build recorded: a server updated halfway
// through would otherwise leave a cache that mixes two versions. The browser's HTTP cache is
// asked first (the page has just fetched most of these files: the engine, the theme), so each
// file crosses the network once; a copy there of another version is fetched again from the
// server, past the cache.
/** @param {string} url @param {string} hash */
async function download(url, hash) {
  for (const mode of /** @type {RequestCache[]} */ (["default", "reload"])) {
    const response = await fetch(absolute(url), { cache: mode });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if ((await sha256(body)) === hash) {
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
  }
  throw new Error(`${url} changed on the server during saving`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const unchanged = await unchangedCopies();
  const queue = [...files];
  let done = 0;
  const next = async () => {
    while (queue.length) {
      const [url, hash] = /** @type {[string, string]} */ (queue.shift()); // the queue is not empty
      const old = unchanged.get(url);
      const response = (old && (await old.match(absolute(url)))) || (await download(url, hash));
      await cache.put(absolute(url), response);
      done += 1;
      if (done % 4 === 0 || done === files.length) await broadcast({ type: "precache-progress", done, total: files.length });
    }
  };
  await Promise.all([next(), next(), next(), next()]);
  // Written last: a cache without its hash record is incomplete and never reused.
  await cache.put(absolute(HASHES), new Response(JSON.stringify(Object.fromEntries(files))));
}

sw.addEventListener("install", (event) => {
  event.waitUntil(precache().catch(async (error) => {
    await caches.delete(CACHE);
    await broadcast({ type: "precache-failed", message: String(error.message || error) });
    throw error; // this version is discarded; the browser tries again on a later visit
  }));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") sw.skipWaiting();
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const page = request.mode === "navigate";
    const url = new URL(request.url);
    url.hash = "";
    // Pages ignore their query string: shared links carry calculator inputs there.
    let cached = await cache.match(url.href, { ignoreSearch: page });
    if (!cached && page && !url.pathname.endsWith("/")) {
      cached = await cache.match(`${url.origin}${url.pathname}/`, { ignoreSearch: true });
    }
    // The engine's big files decompressed on this device (engine-files.js keeps them, by their
    // plain URLs, in a cache of its own; the site serves only their .zst).
    if (!cached && !page) cached = await caches.match(url.href, { cacheName: ENGINE_FILES });
    if (cached) return cached;
    try {
      return await fetch(request);
    } catch (error) {
      if (page) return (await cache.match(absolute("404.html"))) || Response.error();
      throw error;
    }
  })());
});
