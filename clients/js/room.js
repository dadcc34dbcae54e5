// @ts-check
// The table around the game: room codes, the open tables of the lobby, the host's choices,
// the chat, and a seat's event stream with the table's talk (`?table=1`: `chat` and `room`
// events beside `view`, and after the end until the next game at the table is made).
// Like client.js, every call answers {ok, status, data} or {ok: false, status, problem}.

/** @typedef {import("./client.js").Envelope} Envelope */
/** @typedef {import("./client.js").Problem} Problem */

/**
 * One line of the table's chat: its number at the table, the seat and its name, the text
 * (show it as text, never as HTML) and its canned key (null: free text).
 * @typedef {{id: number, seat: number, name: string, text: string, canned: string | null}} ChatLine
 */

/**
 * The table beside the game: its room code, whether the host lists it as open and has a
 * rematch seat everyone at once, the seats muted in the chat, and the next game's id once
 * someone made it.
 * @typedef {{
 *   code: string | null, listed: boolean, auto_rematch: boolean, muted: number[],
 *   rematch: string | null,
 * }} RoomInfo
 */

/**
 * A table of the lobby's list.
 * @typedef {{
 *   code: string, game: string, players: number, inquisitor: boolean, reformation: boolean,
 *   seats: {name: string | null, bot: boolean, open: boolean}[], free: number,
 * }} OpenTable
 */

/**
 * @template T
 * @typedef {{ok: true, status: number, data: T}
 *   | {ok: false, status: number, problem: Problem, retryAfter?: number}} Answer
 */

/**
 * @template T
 * @param {string} path @param {RequestInit} [init]
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
  const retry = Number(response.headers.get("Retry-After"));
  const problem = /** @type {Problem} */ (body);
  if (retry > 0) return { ok: false, status: response.status, problem, retryAfter: retry };
  return { ok: false, status: response.status, problem };
}

/** @param {unknown} body @param {string} [token] @returns {RequestInit} */
function post(body, token) {
  /** @type {Record<string, string>} */
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return { method: "POST", headers, body: JSON.stringify(body) };
}

/** @param {string} game */
const gamePath = (game) => `/api/games/${encodeURIComponent(game)}`;

/**
 * The tables their hosts listed as open, newest first, with their free seats.
 * @returns {Promise<Answer<{tables: OpenTable[]}>>}
 */
export function openTables() {
  return call("/api/rooms");
}

/**
 * The game at the table of a room code (any case; spaces and dashes are ignored).
 * @param {string} code
 * @returns {Promise<Answer<{code: string, game: string, started: boolean, over: boolean, free: number[]}>>}
 */
export function findRoom(code) {
  return call(`/api/rooms/${encodeURIComponent(code.trim())}`);
}

/**
 * Take the first open seat of a game by its table's room code, under a name.
 * @param {string} game @param {string} code @param {string} name
 * @returns {Promise<Answer<{game: string, seat: number, token: string, link: string}>>}
 */
export function claimByCode(game, code, name) {
  return call(`${gamePath(game)}/claims`, post({ code, name }));
}

/**
 * The host lists the table as open (or not), and chooses whether a rematch seats everyone.
 * @param {string} game @param {string} hostToken @param {boolean} listed @param {boolean} autoRematch
 * @returns {Promise<Answer<unknown>>}
 */
export function setRoom(game, hostToken, listed, autoRematch) {
  return call(`${gamePath(game)}/host/room`, post({ listed, auto_rematch: autoRematch }, hostToken));
}

/**
 * The host mutes a seat in the chat, or lets it speak again.
 * @param {string} game @param {string} hostToken @param {number} seat @param {boolean} muted
 * @returns {Promise<Answer<unknown>>}
 */
export function muteSeat(game, hostToken, seat, muted) {
  return call(`${gamePath(game)}/host/seats/${seat}`, post({ mute: muted }, hostToken));
}

/**
 * Say a line at the table: free text (140 characters at most) or a canned line's key.
 * @param {string} game @param {number} seat @param {string} token
 * @param {{text: string} | {canned: string}} line
 * @returns {Promise<Answer<{line: ChatLine}>>}
 */
export function say(game, seat, token, line) {
  return call(`${gamePath(game)}/seats/${seat}/chat`, post(line, token));
}

/**
 * Follow a seat's event stream with the table's talk: `onView` each envelope, `onChat` each
 * line (those said before too, on connecting), `onRoom` the table's facts when they change,
 * `onRevoked` the reason if the host gives the seat to someone else. Returns the EventSource.
 * @param {string} game @param {number | "spectator"} seat @param {string} token
 * @param {number} since
 * @param {{
 *   onView: (envelope: Envelope) => void,
 *   onChat: (line: ChatLine) => void,
 *   onRoom: (room: RoomInfo) => void,
 *   onRevoked?: (problem: Problem) => void,
 *   onState?: (state: "live" | "reconnecting" | "closed") => void,
 * }} handlers
 * @returns {EventSource}
 */
export function followTable(game, seat, token, since, handlers) {
  const url = `${gamePath(game)}/seats/${seat}/events?token=${encodeURIComponent(token)}`
    + `&since=${since}&table=1`;
  const source = new EventSource(url);
  /** @param {Event} event */
  const data = (event) => JSON.parse(/** @type {MessageEvent} */ (event).data);
  source.addEventListener("view", (event) => handlers.onView(data(event)));
  source.addEventListener("chat", (event) => handlers.onChat(data(event)));
  source.addEventListener("room", (event) => handlers.onRoom(data(event)));
  source.addEventListener("revoked", (event) => {
    source.close();
    if (handlers.onRevoked) handlers.onRevoked(data(event));
  });
  source.addEventListener("open", () => handlers.onState && handlers.onState("live"));
  source.addEventListener("error", () => {
    const closed = source.readyState === EventSource.CLOSED;
    if (handlers.onState) handlers.onState(closed ? "closed" : "reconnecting");
  });
  return source;
}

/**
 * The chat's canned lines, by key, and the longest free line.
 * @returns {Promise<Answer<{canned: Record<string, string>, max_chat: number}>>}
 */
export function chatLines() {
  return call("/api/bots");
}
