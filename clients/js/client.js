// @ts-check
// A small typed client for the server's protocol: create, claim, host, view, move, events.
// The pages of the table use it; a UI of your own can too: import it from /static/client.js,
// or install the npm package @coup-rules/client (clients/js/ in the repository), which ships
// this very file, its declarations (client.d.ts) and those of every message (types/index.d.ts,
// generated from the JSON Schemas in schema/ by scripts/schema_types.mjs). `tsc --checkJs`
// checks it against those declarations.

/** @typedef {import("./types/index.js").PlayerView} PlayerView */
/** @typedef {import("./types/index.js").Move} Move */
/** @typedef {import("./types/index.js").Character} Character */
/** @typedef {import("./types/index.js").PublicSeat} PublicSeat */
/** @typedef {import("./types/index.js").TableInfo} TableInfo */
/** @typedef {import("./types/index.js").Envelope} Envelope */
/** @typedef {import("./types/index.js").Revoked} Revoked */
/** @typedef {import("./types/index.js").HostSeat} HostSeat */
/** @typedef {import("./types/index.js").HostLinks} HostLinks */
/** @typedef {import("./types/index.js").CreatedGame} CreatedGame */
/** @typedef {import("./types/index.js").SeatLink} SeatLink */
/** @typedef {import("./types/index.js").BotNames} BotNames */
/** @typedef {import("./types/index.js").NewGame} NewGame */
/** @typedef {import("./types/index.js").AssignSeat} AssignSeat */
/** @typedef {import("./types/index.js").ReopenSeat} ReopenSeat */

/**
 * A problem met before any answer of the server: `network`, the server did not answer at all;
 * `malformed`, its answer was not JSON. It has none of the server's optional fields.
 * @typedef {{
 *   error: "network" | "malformed", detail: string,
 *   version?: undefined, reason?: undefined, rule?: undefined,
 * }} ClientProblem
 */

/**
 * The problem of a failed answer: the server's error answer (types/index's `Problem`, its
 * `error` one of the `ErrorCode`s), or one the client met before the server answered.
 * @typedef {import("./types/index.js").Problem | ClientProblem} Problem
 */

/**
 * @template T
 * An answer: its data, or the problem (with `retryAfter`, in seconds, when the server says
 * when to ask again: a 503 while it cannot reach its database, a 429).
 * @typedef {{ok: true, status: number, data: T}
 *   | {ok: false, status: number, problem: Problem, retryAfter?: number}} Answer
 */

/**
 * @template T
 * @param {string} path
 * @param {RequestInit} [init]
 * @returns {Promise<Answer<T>>}
 */
async function call(path, init) {
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    const detail = `the server did not answer (${error instanceof Error ? error.message : error})`;
    return { ok: false, status: 0, problem: { error: "network", detail } };
  }
  /** @type {unknown} */
  let body = null;
  try {
    body = await response.json();
  } catch (error) {
    body = { error: "malformed", detail: `the server's answer was not JSON (${response.status})` };
  }
  if (response.ok) return { ok: true, status: response.status, data: /** @type {T} */ (body) };
  const problem = /** @type {import("./types/index.js").Problem} */ (body);
  const retry = Number(response.headers.get("Retry-After"));
  if (retry > 0) return { ok: false, status: response.status, problem, retryAfter: retry };
  return { ok: false, status: response.status, problem };
}

/** @param {string} token */
function bearer(token) {
  return { Authorization: `Bearer ${token}` };
}

/** @param {unknown} body @param {string} [token] @returns {RequestInit} */
function post(body, token) {
  /** @type {Record<string, string>} */
  const headers = { "Content-Type": "application/json" };
  if (token) Object.assign(headers, bearer(token));
  return { method: "POST", headers, body: JSON.stringify(body) };
}

/** @param {string} game */
const gamePath = (game) => `/api/games/${encodeURIComponent(game)}`;

/** @param {string} game @param {number | "spectator"} seat */
const seatPath = (game, seat) => `${gamePath(game)}/seats/${seat}`;

/**
 * Create a game; the answer holds the host's links (and its own seat's, if it plays one).
 * @param {NewGame} body
 * @returns {Promise<Answer<CreatedGame>>}
 */
export function createGame(body) {
  return call("/api/games", post(body));
}

/**
 * Claim the seat an invite opens, under a name: the seat's fresh token, for this browser only.
 * @param {string} game
 * @param {string} invite the text after # in the invite link
 * @param {string} name
 * @returns {Promise<Answer<SeatLink>>}
 */
export function claimSeat(game, invite, name) {
  return call(`${gamePath(game)}/claims`, post({ invite, name }));
}

/**
 * The host's links and seats.
 * @param {string} game @param {string} hostToken
 * @returns {Promise<Answer<HostLinks>>}
 */
export function hostLinks(game, hostToken) {
  return call(`${gamePath(game)}/host`, { headers: bearer(hostToken) });
}

/**
 * The host changes a seat: `{player: "human" | bot}` before the start, or `{reopen: true}`.
 * @param {string} game @param {string} hostToken @param {number} seat
 * @param {AssignSeat | ReopenSeat} change
 * @returns {Promise<Answer<HostLinks>>}
 */
export function changeSeat(game, hostToken, seat, change) {
  return call(`${gamePath(game)}/host/seats/${seat}`, post(change, hostToken));
}

/**
 * A seat's envelope (or the spectators'), with the events from `since` on.
 * @param {string} game @param {number | "spectator"} seat @param {string} token
 * @param {number} [since]
 * @returns {Promise<Answer<Envelope>>}
 */
export function getView(game, seat, token, since = 0) {
  return call(`${seatPath(game, seat)}?since=${since}`, { headers: bearer(token) });
}

/**
 * Post a move with the version of the envelope whose legal moves it came from.
 * @param {string} game @param {number} seat @param {string} token
 * @param {number} version @param {Move} move
 * @returns {Promise<Answer<Envelope>>}
 */
export function postMove(game, seat, token, version, move) {
  return call(`${seatPath(game, seat)}/moves`, post({ version, move }, token));
}

/**
 * Once the game is over: this seat's link in the next game at the table (same seats, names
 * and host, a new deal), made by whoever asks first.
 * @param {string} game @param {number} seat @param {string} token
 * @returns {Promise<Answer<SeatLink>>}
 */
export function rematch(game, seat, token) {
  return call(`${seatPath(game, seat)}/rematch`, post({}, token));
}

/**
 * The names of the bots a seat may be given.
 * @returns {Promise<Answer<BotNames>>}
 */
export function botNames() {
  return call("/api/bots");
}

/**
 * Follow a seat's event stream: `onView` gets each envelope, `onRevoked` the reason if the
 * host gives the seat to someone else. The browser reconnects by itself (from the last
 * version it got) while the connection drops; `onState` says "closed" when it gave up (the
 * server answered the stream with an error, a 503 during an outage say): follow again then.
 * Returns the EventSource; close it to stop.
 * @param {string} game @param {number | "spectator"} seat @param {string} token
 * @param {number} since
 * @param {{
 *   onView: (envelope: Envelope) => void,
 *   onRevoked?: (problem: Revoked) => void,
 *   onState?: (state: "live" | "reconnecting" | "closed") => void,
 * }} handlers
 * @returns {EventSource}
 */
export function follow(game, seat, token, since, handlers) {
  const url = `${seatPath(game, seat)}/events?token=${encodeURIComponent(token)}&since=${since}`;
  const source = new EventSource(url);
  source.addEventListener("view", (event) => handlers.onView(JSON.parse(event.data)));
  source.addEventListener("revoked", (event) => {
    source.close();
    if (handlers.onRevoked) handlers.onRevoked(JSON.parse(/** @type {MessageEvent} */ (event).data));
  });
  source.addEventListener("open", () => handlers.onState && handlers.onState("live"));
  source.addEventListener("error", () => {
    const closed = source.readyState === EventSource.CLOSED;
    if (handlers.onState) handlers.onState(closed ? "closed" : "reconnecting");
  });
  return source;
}
