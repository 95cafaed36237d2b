// @ts-check
// The messages between a calculator page and its engine worker, as types only: the page's
// side (assets/calculators.js, and engine-start.js, which starts the worker early) and the
// worker's (assets/engine-worker.js) both import them with
//   /** @typedef {import("../engine-messages.js").EngineReply} EngineReply */
// and nothing imports this file at run time, so it stays out of widgets/assets/ (every file
// there is shipped into the site).

/**
 * A JSON value, as it crosses between rulescore and the page (what lies inside a list or an
 * object is left unknown: a JSDoc typedef cannot refer to itself through an object type).
 * @typedef {null | boolean | number | string | unknown[] | {[key: string]: unknown}} Json
 */

/**
 * A form's inputs as typed: a checkbox's state, every other field's text (rulescore
 * validates the text, so "abc" reaches it and gets its message).
 * @typedef {Record<string, string | boolean>} FormInputs
 */

/**
 * Page → worker: compute calculator `id` for `inputs`, or with `sheet` the figures of a
 * character of system `id` (rulescore.derive); `seq` comes back with the answer.
 * @typedef {object} EngineRequest
 * @property {number} seq
 * @property {string} id the calculator's id (the form's data-calculator), or a system
 * @property {FormInputs} inputs
 * @property {boolean} [sheet] true for a character's figures
 * @property {boolean} [roll] true to roll for calculator `id` (rulescore.resolve): the answer is
 *   an EngineAnswer with `roll` (RollOutcome)
 * @property {number[] | null} [dice] with `roll`: the faces rolled at the table, or null to roll here
 * @property {boolean} [session] true for the Session page: `inputs` is a session request
 *   (rulescore.web.respond_session) and the answer a SessionResponse
 * @property {boolean} [importing] true for the Characters page's import from another program:
 *   `inputs.text` is the file's text (rulescore.web.respond_import) and the answer an ImportResponse
 */

/**
 * One figure of an import's cross-check: the other program's, ours, whether they agree (null
 * when the file has nothing to compare) and why they differ.
 * @typedef {object} ImportCheck
 * @property {string} figure
 * @property {number | string | null} theirs
 * @property {number | string | null} ours
 * @property {boolean | null} agrees
 * @property {string | null} why
 */

/**
 * An imported field as the preview shows it: its label, its value as text, and what is needed
 * to show the value a character on the device has the same way (its unit, a choice's labels).
 * @typedef {object} ImportField
 * @property {string} field
 * @property {string} label
 * @property {string} text
 * @property {string} unit
 * @property {Record<string, string> | null} choices
 */

/**
 * rulescore.web.respond_import(): the character a GURPS Character Sheet or Codex Quest file
 * holds (`fields` as rulescore.derive takes them, `shown` each with its label and its value as
 * text), what is skipped, the cross-check and whose figures it shows (`program`); or, for a
 * file the site cannot import, the sentence saying why.
 * @typedef {object} ImportResponse
 * @property {boolean} ok
 * @property {"gurps" | "bfrpg"} [system]
 * @property {string} [name]
 * @property {Record<string, Json>} [fields]
 * @property {ImportField[]} [shown]
 * @property {string[]} [skipped]
 * @property {ImportCheck[]} [checks]
 * @property {string} [program] "GCS" or "Codex Quest"
 * @property {string | null} [field]
 * @property {string} [message]
 */

/**
 * rulescore.web_session.respond_held(): a session's new state and both views, the actions of a
 * system, an action's preview (`lines`, `rolls`), or what is wrong (with `need`, the roll
 * wanted next when the table rolls its dice).
 * @typedef {object} SessionResponse
 * @property {boolean} ok
 * @property {Record<string, any>} [state]
 * @property {Record<string, any>} [view] the players' view
 * @property {Record<string, any>} [gm_view]
 * @property {Record<string, any>[]} [actions]
 * @property {string | null} [field]
 * @property {string} [message]
 * @property {{count: number, sides: number, for?: string, text?: string}} [need] the roll wanted next: `for`, whose
 *   roll it is and what for ("Goblin 1's attack roll (to hit Bruno)"), `text` it asked in words ("…: roll 3d6")
 * @property {string[]} [lines] a preview: what the action would log before its first roll
 * @property {boolean} [rolls] a preview: whether dice follow
 * @property {Record<string, any>} [attack] a preview of an attack: its odds before the dice (to hit,
 *   the defences, the damage's spread; a monster's routine)
 * @property {string} [stamp] for a request naming its record: the stamp of the state the engine now holds
 * @property {string} [state_text] for {op: "state"}: the held state's JSON text, as a record keeps it
 * @property {Record<string, any>[]} [seat_messages] for {op: "seats"}: what each seat's phone is sent
 *   (rulescore/seats.py)
 * @property {Record<string, unknown>} [action] for {op: "table_request"}: the session action a phone's request asks for
 * @property {Record<string, number>} [bucket] for {op: "table_request"}: the seat's rate limit, to pass in next time
 * @property {number[][] | null} [dice] for {op: "table_request"}: the attack roll the player rolled, to apply
 *   with then_roll (the rest is rolled here)
 * @property {{defence: string, retreat: boolean}} [declared] for {op: "table_defence"}: how a player defends
 * @property {{id: string, label: string}[] | null} [defences] for {op: "table_request"}: the target's defences,
 *   for the GM to choose from before the attack is done
 * @property {false} [held] the named record's state is not held by the engine: send it
 */

/**
 * One output of an answer: its exact value (null when it does not apply to these inputs)
 * and the text the page shows for it.
 * @typedef {object} EngineOutput
 * @property {Json} value
 * @property {string} text
 */

/**
 * rulescore.web.respond() for good inputs.
 * @typedef {object} EngineAnswer
 * @property {true} ok
 * @property {Record<string, EngineOutput>} outputs by output name
 * @property {string[]} steps the working, one sentence each
 * @property {(string | null)[]} rules for each step, its rule as a site-relative link, or null
 * @property {string[]} charts each an SVG figure's markup, made by rulescore
 * @property {Record<string, Json>} inputs the inputs used, derived ones included
 * @property {RollOutcome} [roll] for a roll request
 * @property {Record<string, Record<string, EngineOutput>>} [alternatives] a modifier picker's
 *   chips: for each chip input, each value's odds (rulescore's Calculator.alternatives)
 */

/**
 * A roll's outcome (rulescore.web.respond_roll): the faces, the total, the outcome, the margin,
 * and the sentence that says so with its rule.
 * @typedef {object} RollOutcome
 * @property {string} notation
 * @property {number[]} dice
 * @property {number} total
 * @property {string} outcome
 * @property {number} margin
 * @property {string} text
 * @property {string | null} rule
 */

/**
 * rulescore.web.respond() for a bad input (also the worker's own "failed unexpectedly").
 * @typedef {object} EngineInputError
 * @property {false} ok
 * @property {string | null} field the input at fault ("calculator"/"inputs" for the request), or null
 * @property {string} message
 */

/** @typedef {EngineAnswer | EngineInputError} EngineResponse */

/**
 * How the engine started: from the memory snapshot this device made, plain (none made yet,
 * or a plain boot asked for), plain because the kept snapshot was made for other files, or
 * plain after the snapshot failed to start.
 * @typedef {"snapshot" | "plain" | "plain-stale-snapshot" | "plain-after-snapshot-failed"} EngineBoot
 */

/**
 * Worker → page: the engine is up, and how it started (`note`: why the snapshot failed).
 * @typedef {object} EngineReady
 * @property {"ready"} type
 * @property {EngineBoot} [boot]
 * @property {string} [note]
 */

/**
 * Worker → page (or engine-start.js, for a worker whose script did not load): the engine
 * will not come up.
 * @typedef {object} EngineFailed
 * @property {"failed"} type
 * @property {string} message
 */

/**
 * Worker → page: the answer to the request numbered `seq`.
 * @typedef {object} EngineResult
 * @property {"result"} type
 * @property {number} seq
 * @property {EngineResponse} response (a SessionResponse for a session request)
 * @property {number} [took] the worker's own time on it, in ms (what rulescore took, and its JSON)
 */

/**
 * What became of this device's memory snapshot (shown as <html data-offline-snapshot>): kept
 * for this build ("saved", made now or earlier), being made by another tab ("busy"), not made
 * (no key in this build, no Cache Storage: "none") or failed.
 * @typedef {"saved" | "busy" | "none" | "failed"} SnapshotState
 */

/**
 * The snapshot maker → page: what became of the snapshot (`message`: why it failed).
 * @typedef {object} EngineSnapshotMade
 * @property {"snapshot"} type
 * @property {SnapshotState} state
 * @property {string} [message]
 */

/** @typedef {EngineReady | EngineFailed | EngineResult | EngineSnapshotMade} EngineReply */

export {};
