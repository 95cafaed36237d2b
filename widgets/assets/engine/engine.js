// @ts-check
// The page's side of the rules engine: the one worker a visit starts (Pyodide running
// rulescore), its boot deadline, restarts, and the requests every page script sends it.
// It tells the page how the engine is doing with "rc:engine" events on document
// (detail.state: "ready", "failed" or "restarting"); calculators.js redraws its forms on them.
// A request made before the engine is up waits for it (the player's Save or Roll is carried
// out once it is), and resolves null only if the engine cannot start at all.

/** @typedef {import("../../engine-messages.js").EngineReply} EngineReply */
/** @typedef {import("../../engine-messages.js").EngineRequest} EngineRequest */
/** @typedef {import("../../engine-messages.js").EngineResponse} EngineResponse */
/** @typedef {import("../../engine-messages.js").FormInputs} FormInputs */
/** @typedef {import("../../engine-messages.js").SessionResponse} SessionResponse */
/** @typedef {import("../../engine-messages.js").ImportResponse} ImportResponse */

/**
 * The engine as the page knows it: its worker (null when none could be started), whether it
 * is up, why it will not come up (null while it may) and the timer of its boot deadline.
 * @typedef {object} Engine
 * @property {Worker | null} worker
 * @property {boolean} ready
 * @property {string | null} failure
 * @property {number} [deadline]
 */

import { SNAPSHOT_MAKER } from "./engine-snapshot.js";

// By the folder, not beside this file: the pages run this module from their bundle (widgets/bundle.py).
const workerURL = new URL("../engine/engine-worker.js", import.meta.url);
const ANSWER_TIMEOUT_MS = 8000; // a calculation takes milliseconds; this long means the worker died
// An engine that has said nothing after this long is treated as failed (it offers "Try
// again"; if it does come up later, the calculators go live all the same). Pyodide starts
// in 2-5 s on our machines, 10-20 s on a slow tablet. Tests set window.rulesEngineDeadlineMs.
const BOOT_DEADLINE_MS = 60000;

// One engine per visit: instant navigation keeps this module, and so the worker.
/** @type {Engine | null} */
let engine = null;
let lastSeq = 0;
/** @typedef {(response: EngineResponse | null, took?: number) => void} Answered null: given up */
/** @type {Map<number, {request: Omit<EngineRequest, "seq">, then: Answered, resends: number}>} */
const waiting = new Map(); // seq -> the request, what to do with its answer, restarts it may outlive
/** @type {number | undefined} */
let watchdog;

export function engineLive() {
  return Boolean(engine && engine.ready && !engine.failure);
}

/** Why the engine will not come up, or null while it is up or may still come up. */
export function engineFailure() {
  return engine?.failure ?? null;
}

export function engineState() {
  return !engine ? "off" : engine.failure ? "failed" : engine.ready ? "ready" : "loading";
}

function bootDeadlineMs() {
  const chosen = Number(window.rulesEngineDeadlineMs);
  return Number.isFinite(chosen) && chosen > 0 ? chosen : BOOT_DEADLINE_MS;
}

/** @param {"ready" | "failed" | "restarting"} state @param {string} [reason] */
function announce(state, reason) {
  document.dispatchEvent(new CustomEvent("rc:engine", { detail: { state, reason } }));
}

export function startEngine() {
  if (engine) return;
  // A calculator page's head starts the worker (widgets/engine-start.js): adopt it.
  const early = window.rulesEngine;
  window.rulesEngine = null; // adopted once; a restart starts a new worker here
  let worker = null;
  try {
    worker = early ? early.worker : new Worker(workerURL, { type: "module" });
  } catch (/** @type {any} */ error) {
    // A browser without module workers (Firefox before 114, Safari before 15).
    engine = { worker: null, ready: false, failure: null };
    return engineFailed(`this browser cannot run it: ${error.message || error}`);
  }
  /** @type {Engine} */
  const started = { worker, ready: false, failure: null, deadline: undefined };
  engine = started;
  const waitMs = bootDeadlineMs();
  started.deadline = setTimeout(() => {
    if (engine === started && !started.ready && !started.failure) {
      engineFailed(`it has not answered after ${Math.round(waitMs / 1000)} seconds`);
    }
  }, waitMs);
  worker.onmessage = (/** @type {MessageEvent<EngineReply>} */ { data }) => {
    if (data.type === "ready") {
      clearTimeout(started.deadline);
      started.ready = true;
      started.failure = null; // a slow start past the deadline still counts
      announce("ready");
    } else if (data.type === "failed") {
      clearTimeout(started.deadline);
      engineFailed(data.message);
    } else if (data.type === "result") {
      const answered = waiting.get(data.seq);
      waiting.delete(data.seq);
      if (!waiting.size) clearTimeout(watchdog);
      answered?.then(data.response, data.took);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    if (started.ready) restartEngine("the calculator engine stopped");
    else engineFailed(event.message || "its script did not load");
  };
  // What the worker said before it was adopted, replayed: the handler reads only data.
  for (const data of early ? early.messages : []) worker.onmessage(/** @type {MessageEvent<EngineReply>} */ ({ data }));
}

/** @param {string} reason */
function engineFailed(reason) {
  /** @type {Engine} */ (engine).failure = reason;
  announce("failed", reason);
}

/** @param {string} [reason] */
export function restartEngine(reason) {
  /** @type {Engine} */ (engine).worker?.terminate();
  clearTimeout(/** @type {Engine} */ (engine).deadline);
  engine = null;
  // The requests in flight die with the worker: each is asked again of the new one (once: one
  // that outlives a second restart is given up, null, rather than restarting engines forever).
  // The engine is pure, so asking again is safe; a session it no longer holds is sent whole.
  const inFlight = [...waiting.values()];
  waiting.clear();
  clearTimeout(watchdog);
  announce("restarting", reason);
  startEngine(); // a start that fails at once shows its failure over the restart
  if (inFlight.length) {
    engineSettled().then((live) => {
      for (const { request, then, resends } of inFlight) {
        if (live && resends > 0) post(request, then, resends - 1);
        else then(null);
      }
    });
  }
}

/** Resolves once the engine is live (never, if it does not come up). */
export function engineReady() {
  if (engineLive()) return Promise.resolve();
  return new Promise((resolve) => document.addEventListener("rc:engine", function ready(event) {
    if (/** @type {CustomEvent} */ (event).detail.state !== "ready") return;
    document.removeEventListener("rc:engine", ready);
    resolve(undefined);
  }));
}

/** Resolves true once the engine is live, false if it fails to start (or has failed). */
export function engineSettled() {
  if (engineLive()) return Promise.resolve(true);
  if (engine?.failure) return Promise.resolve(false);
  return new Promise((resolve) => document.addEventListener("rc:engine", function settled(event) {
    const state = /** @type {CustomEvent} */ (event).detail.state;
    if (state === "restarting") return;
    document.removeEventListener("rc:engine", settled);
    resolve(state === "ready");
  }));
}

/** Sends a request to the live engine; if the engine restarts before it answers, it is asked
 * again of the new one `resends` times, then answered null. @param {Omit<EngineRequest, "seq">} request
 * @param {Answered} then @param {number} [resends] @returns {number} its sequence number */
export function post(request, then, resends = 0) {
  const seq = ++lastSeq;
  waiting.set(seq, { request, then, resends });
  // Only a live engine is asked (engineLive), and a live engine has a worker.
  /** @type {{worker: Worker}} */ (engine).worker.postMessage({ ...request, seq });
  clearTimeout(watchdog);
  watchdog = setTimeout(() => restartEngine("The calculator engine stopped answering"), ANSWER_TIMEOUT_MS);
  return seq;
}

/** A request answered once the engine is live; null if it cannot start. With `name`, the
 * worker's own time on it is a user-timing entry of that name (for the benchmarks).
 * @param {Omit<EngineRequest, "seq">} request @param {string} [name] @returns {Promise<EngineResponse | null>} */
async function ask(request, name) {
  if (!(await engineSettled())) return null;
  return new Promise((resolve) => post(request, (response, took) => {
    if (name && took !== undefined) performance.measure(name, { end: performance.now(), duration: took });
    resolve(response);
  }, 1));
}

/**
 * An answer for the character pages and pickers: calculator `id` for `inputs`, or with
 * `sheet` a character of system `id` (rulescore.derive).
 * @param {string} id @param {Record<string, unknown>} inputs @param {boolean} [sheet]
 */
export function askEngine(id, inputs, sheet = false) {
  return ask({ id, inputs: /** @type {FormInputs} */ (inputs), sheet });
}

/**
 * A Session page request (rulescore.web_session.respond_held). With `record`, the session it
 * acts on is named by its id and stamp, not sent: the engine holds the state it last made for
 * this page, and the state crosses only when the engine does not hold it (another tab wrote
 * it, or the engine restarted). The answer then carries the new state's `stamp` instead of the
 * state ({op: "state"} gives it) and logs of the newest entries (`log_count` says how many).
 * @param {Record<string, unknown>} request
 * @param {{id: string, stamp?: string, state?: Record<string, any> | string}} [record]
 * @returns {Promise<SessionResponse | null>}
 */
export async function askSession(request, record) {
  const start = performance.now();
  const later = request.players_view === "later" && record; // see playersView
  const asked = later ? { ...request, players_view: false } : request;
  const named = record ? { ...asked, session: { id: record.id, stamp: record.stamp ?? "" } } : asked;
  const worker = `rc-session-worker-${String(request.op)}`; // the worker's own share, for bench/fight.py
  let response = await ask({ id: "session", inputs: /** @type {FormInputs} */ (named), session: true }, worker);
  if (record?.state && response && !response.ok && /** @type {SessionResponse} */ (response).held === false) {
    const whole = /** @type {Record<string, unknown>} */ ({ ...named, state: record.state });
    response = await ask({ id: "session", inputs: /** @type {FormInputs} */ (whole), session: true }, worker);
  }
  // The engine's share of a tap, for the fight benchmark (bench/fight.py): a user-timing entry.
  performance.measure(`rc-session-${String(request.op)}`, { start });
  const answer = /** @type {SessionResponse | null} */ (/** @type {unknown} */ (response));
  if (later && answer?.ok && answer.gm_view && !answer.view) {
    // Asked once the page has drawn (and asked for the state to keep), in the background; its
    // worker's time is a user-timing entry of its own (bench/fight.py).
    const players = { op: "view", whole_log: request.whole_log, gm_view: false,
      session: { id: record.id, stamp: answer.stamp ?? record.stamp ?? "" } };
    playersViews.set(answer.gm_view, new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => ask({ id: "session", inputs: /** @type {FormInputs} */ (/** @type {unknown} */ (players)),
        session: true }, "rc-session-worker-players-view"))
      .then((got) => /** @type {SessionResponse | null} */ (/** @type {unknown} */ (got))?.view ?? null));
  }
  return answer;
}

/** The players' view of each GM's view answered without it, on its way.
 * @type {WeakMap<object, Promise<Record<string, any> | null>>} */
const playersViews = new WeakMap();

/**
 * The players' view that goes with `gmView`, an answer's GM's view. A page showing the GM's view
 * asks with `players_view: "later"`: the answer comes without the players' view (the engine's
 * share of a tap is the GM's view alone), which is asked for right after, in the background, so
 * that switching to it draws at once. Null if it could not be had.
 * @param {Record<string, any>} gmView @returns {Promise<Record<string, any> | null>}
 */
export function playersView(gmView) {
  return playersViews.get(gmView) ?? Promise.resolve(null);
}

/** A character file from GURPS Character Sheet or Codex Quest, read by rulescore
 * (rulescore.web.respond_import); null if the engine cannot start.
 * @param {string} text the file's text @returns {Promise<ImportResponse | null>} */
export async function askImport(text) {
  const response = await ask({ id: "import", inputs: { text }, importing: true });
  return /** @type {ImportResponse | null} */ (/** @type {unknown} */ (response));
}

/**
 * A roll (rulescore.resolve) for calculator `id` with `inputs`: rolled by the engine (`dice`
 * null) or with the faces rolled at the table.
 * @param {string} id @param {Record<string, unknown>} inputs @param {number[] | null} dice
 */
export function askRoll(id, inputs, dice) {
  return ask({ id, inputs: /** @type {FormInputs} */ (inputs), roll: true, dice });
}

/**
 * Has this device make the engine's memory snapshot for this build, unless it keeps one
 * already: the engine worker's script, started a second time as the maker (see
 * engine-snapshot.js), boots Pyodide once more from what the device has, in the background.
 * Resolves with what became of the snapshot.
 * @returns {Promise<import("../../engine-messages.js").SnapshotState>}
 */
export function keepEngineSnapshot() {
  return new Promise((resolve) => {
    /** @type {Worker} */
    let maker;
    try {
      maker = new Worker(workerURL, { type: "module", name: SNAPSHOT_MAKER });
    } catch {
      resolve("none"); // no module workers: there is no engine to start from a snapshot either
      return;
    }
    const done = (/** @type {import("../../engine-messages.js").SnapshotState} */ state) => {
      maker.terminate();
      resolve(state);
    };
    maker.onmessage = (/** @type {MessageEvent<EngineReply>} */ { data }) => {
      if (data.type === "snapshot") done(data.state);
      else if (data.type === "failed") done("failed"); // Pyodide's stray errors, while it booted
    };
    maker.onerror = (event) => {
      event.preventDefault();
      done("failed");
    };
  });
}
