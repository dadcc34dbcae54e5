// @ts-check
// A small typed client for the server's protocol: create, claim, host, view, move, events.
// The pages of the table use it; a UI of your own can too (copy it, or import it from
// /static/client.js). Its types are checked by `tsc --checkJs` against the declarations
// generated from the JSON Schemas in schema/ (types/view.d.ts, types/move.d.ts).

/** @typedef {import("./types/view").PlayerView} PlayerView */
/** @typedef {import("./types/move").Move} Move */
/** @typedef {import("./types/view").Character} Character */

/**
 * One seat as everyone may know it: a name (null while nobody has claimed it, and for a bot),
 * whether a bot plays it (never which bot), whether nobody has claimed it yet, whether its
 * player has the table open, and its standing claims this game (from the public log); for a
 * seat the host reopened after someone claimed it, the names of those removed, in order.
 * @typedef {{
 *   name: string | null, bot: boolean, open: boolean, connected: boolean, claims: Character[],
 *   removed?: string[],
 * }} PublicSeat
 */

/**
 * The table's public facts, the same for every client: the seats, whether every seat is taken
 * (moves count only then), the time limit and what is left of it for the pending decision,
 * the moves the table made for seats out of time (since the envelope's log_start), whether a
 * rematch exists, and, once the game is over, every seat's hidden cards.
 * @typedef {{
 *   seats: PublicSeat[],
 *   started: boolean,
 *   time_limit: number | null,
 *   time_left: number | null,
 *   timeouts: {version: number, seat: number}[],
 *   rematch: boolean,
 *   hands?: Character[][],
 * }} TableInfo
 */

/**
 * What the server sends about a game: one seat's view, and the same view in words.
 * @typedef {{
 *   view: PlayerView,
 *   version: number,
 *   table: TableInfo,
 *   pending_text: string,
 *   log_text: {index: number, text: string, turn: boolean}[],
 *   move_labels: {label: string, notation: string}[],
 * }} Envelope
 */

/**
 * An error answer: `error` a short code, `detail` a sentence for a person.
 * @typedef {{error: string, detail: string, version?: number, reason?: string, rule?: string}} Problem
 */

/**
 * @template T
 * An answer: its data, or the problem (with `retryAfter`, in seconds, when the server says
 * when to ask again: a 503 while it cannot reach its database, a 429).
 * @typedef {{ok: true, status: number, data: T}
 *   | {ok: false, status: number, problem: Problem, retryAfter?: number}} Answer
 */

/**
 * A seat of the host's page.
 * @typedef {{
 *   seat: number, player: string, name: string | null, open: boolean, connected: boolean,
 *   invite: string | null,
 * }} HostSeat
 */

/**
 * What the host may know: the seats and their invites, and the links it may hand out.
 * @typedef {{
 *   game: string,
 *   started: boolean,
 *   time_limit: number | null,
 *   seats: HostSeat[],
 *   host: string | null,
 *   host_token?: string,
 *   seat: {seat: number, token: string, link: string} | null,
 *   spectator: {token: string, link: string},
 * }} HostLinks
 */

/**
 * What creating a game takes: the library's Config as JSON, who sits where ("human" or a
 * bot's name), the seat the creator plays and their name, and a time limit per decision.
 * @typedef {{
 *   config?: Record<string, unknown>,
 *   seats?: string[],
 *   host_seat?: number | null,
 *   name?: string,
 *   time_limit?: number | null,
 * }} NewGame
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
  const problem = /** @type {Problem} */ (body);
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
 * @returns {Promise<Answer<HostLinks>>}
 */
export function createGame(body) {
  return call("/api/games", post(body));
}

/**
 * Claim the seat an invite opens, under a name: the seat's fresh token, for this browser only.
 * @param {string} game
 * @param {string} invite the text after # in the invite link
 * @param {string} name
 * @returns {Promise<Answer<{game: string, seat: number, token: string, link: string}>>}
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
 * @param {{player: string} | {reopen: true}} change
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
 * @returns {Promise<Answer<{game: string, seat: number, token: string, link: string}>>}
 */
export function rematch(game, seat, token) {
  return call(`${seatPath(game, seat)}/rematch`, post({}, token));
}

/**
 * The names of the bots a seat may be given.
 * @returns {Promise<Answer<{human: string, bots: string[]}>>}
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
 *   onRevoked?: (problem: Problem) => void,
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
