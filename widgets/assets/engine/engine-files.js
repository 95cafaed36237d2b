// @ts-check
// The engine's three big files, Pyodide's WebAssembly, the standard library and the rulescore
// wheel, are served zstd-compressed as FILE.zst (widgets/packed.py: 1.3 MB less on a first
// visit than gzip). Here the engine worker gets them back: each .zst is decompressed as it
// arrives, with the vendored fzstd, and the plain bytes are kept in a cache of the engine's own
// (FILES_CACHE: like the memory snapshot's, kept through site updates that leave them alone)
// under the plain file's URL, with the build's hash of them in a header. Every later start,
// plain or from the snapshot, reads them from there as they are: one decompression per device
// and build of these files. The plain bytes are exactly the build's, so the snapshot's key holds.
//
// Pyodide's loader fetches the WebAssembly and the standard library itself, by URL: the worker
// gives it a fetch (packedFetch) that answers those URLs, and the wheel's, and hands every
// other request to the network untouched. The WebAssembly's answer is a stream typed
// application/wasm, so WebAssembly.instantiateStreaming compiles it while it is decompressed.
// On a first visit the page is not yet controlled by the service worker: the .zst come from
// the server and the browser's HTTP cache then gives the service worker the same bytes.

/** What the build says of a packed file: its plain bytes' hash and their type. @typedef {{hash: string, type: string}} PackedFile */
/** The hash a kept plain copy was made from (widgets/packed.py's digest). */
export const HASH_HEADER = "x-rules-plain-hash";
/** Where the plain copies are kept; the service worker answers their URLs from it too. */
export const FILES_CACHE = "rules-engine-files";
const SUFFIX = ".zst";

/** @returns {Promise<typeof import("fzstd")>} */
const decoder = () => import(new URL("../../vendor/fzstd.mjs", import.meta.url).href);

/**
 * A fetch answering the packed files' plain URLs with their plain bytes, and anything else
 * through `network`.
 * @param {Record<string, PackedFile>} packed the build's list, by path from the site root
 * @param {URL} siteRoot @param {typeof fetch} network
 * @param {(error: unknown) => void} failed told when a packed file cannot be had: Pyodide's
 * loader swallows a failed WebAssembly download and never settles, so the worker must hear it
 * @returns {typeof fetch}
 */
export function packedFetch(packed, siteRoot, network, failed) {
  const files = new Map(Object.entries(packed).map(([path, file]) => [new URL(path, siteRoot).href, file]));
  return (input, init) => {
    const url = input instanceof Request ? input.url : new URL(input, self.location.href).href;
    const file = files.get(url);
    if (!file) return network(input, init);
    return plainFile(url, file, network).catch((error) => {
      failed(error);
      throw error;
    });
  };
}

/** @param {string} url @param {PackedFile} file @param {typeof fetch} network @returns {Promise<Response>} */
async function plainFile(url, file, network) {
  const cache = self.caches ? await caches.open(FILES_CACHE).catch(() => null) : null;
  const kept = await cache?.match(url).catch(() => undefined);
  if (kept && kept.headers.get(HASH_HEADER) === file.hash) {
    // Asked for by URL first: where the service worker controls the page it answers from this
    // cache, and Chromium then keeps the compiled WebAssembly with it, which it does not for a
    // Response read here (a warm start was about 250 ms slower). Elsewhere the server has no
    // plain copy, and the kept one is used.
    const served = await network(url).catch(() => null);
    return served?.ok && served.headers.get(HASH_HEADER) === file.hash ? served : kept;
  }
  const [packed, fzstd] = await Promise.all([network(url + SUFFIX), decoder()]);
  const name = url.split("/").pop() + SUFFIX;
  if (!packed.ok || !packed.body) throw new Error(`${name} could not be fetched (HTTP ${packed.status})`);
  const plain = packed.body.pipeThrough(unzstd(fzstd));
  const headers = { "Content-Type": file.type, [HASH_HEADER]: file.hash };
  if (!cache) return new Response(plain, { headers });
  const [served, copy] = plain.tee();
  keep(cache, url, file, headers, copy); // not waited for: the loader reads its branch meanwhile
  return new Response(served, { headers });
}

/**
 * The plain copy kept once whole and checked against the build's hash (a server updated
 * halfway through would otherwise leave another version's bytes under this build's hash).
 * Nothing kept on any failure: the next start decompresses again.
 * @param {Cache} cache @param {string} url @param {PackedFile} file
 * @param {Record<string, string>} headers @param {ReadableStream<Uint8Array>} stream
 */
async function keep(cache, url, file, headers, stream) {
  try {
    const bytes = await new Response(stream).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hash = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, 16);
    if (hash === file.hash) await cache.put(url, new Response(bytes, { headers }));
  } catch {
    // Storage refused or full, or the download broke (the loader says so on its side).
  }
}

/**
 * zstd decompression as a stream: each block is passed on as soon as it is decoded.
 * @param {typeof import("fzstd")} fzstd @returns {TransformStream<Uint8Array, Uint8Array>}
 */
function unzstd(fzstd) {
  /** @type {import("fzstd").Decompress | undefined} */
  let stream;
  return new TransformStream({
    start(controller) {
      stream = new fzstd.Decompress((block) => { if (block.length) controller.enqueue(block); });
    },
    transform(chunk) { stream?.push(chunk); },
    flush() { stream?.push(new Uint8Array(0), true); },
  });
}
