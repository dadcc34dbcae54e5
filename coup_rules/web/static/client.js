// @ts-check
// A small typed client for the server's protocol: create, claim, host, view, move, events.
// The pages of the table use it; a UI of your own can too: import it from /static/client.js,
// or install the npm package @coup-rules/client (clients/js/ in the repository), which ships
// this very file, its declarations (client.d.ts) and those of every message (types/index.d.ts,
// generated from the JSON Schemas in schema/ by scripts/schema_types.mjs). `tsc --checkJs`
// checks it against those declarations.
//
// The functions exported one by one ask the server that served the page (relative paths).
// Elsewhere (Node, a page served from another place) make a client with the server's address:
// `new CoupClient({ baseUrl: "https://coup.example.org" })` has the same functions as methods.

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
/** @typedef {import("./types/index.js").GameRecord} GameRecord */

/**
 * A finished game's record: `record`, its value, and `text`, the JSON as the server sent it.
 * Save or pass on `text`: JSON.parse rounds a seed beyond 2**53, and `record.seed` with it.
 * @typedef {{record: GameRecord, text: string}} RecordText
 */

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
 * Where a client sends its requests.
 * @typedef {{
 *   baseUrl?: string,
 * }} ClientOptions
 * `baseUrl`: the server's address, e.g. "https://coup.example.org" or
 * "http://127.0.0.1:8000/coup" behind a proxy that serves it under a path; left out, the
 * paths are relative: the server that served the page.
 */

/**
 * A problem the client meets before asking the server (a missing game id or room code).
 * @template T
 * @param {string} detail
 * @returns {Promise<Answer<T>>}
 */
function refuse(detail) {
  return Promise.resolve({ ok: false, status: 0, problem: { error: "malformed", detail } });
}

/**
 * @template T
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<Answer<T>>}
 */
async function call(url, init) {
  const answer = await callText(url, init);
  if (!answer.ok) return answer;
  return { ok: true, status: answer.status, data: /** @type {T} */ (answer.data.value) };
}

/**
 * `call`, with the answer's text as it came beside its value.
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<Answer<{value: unknown, text: string}>>}
 */
async function callText(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    const detail = `the server did not answer (${error instanceof Error ? error.message : error})`;
    return { ok: false, status: 0, problem: { error: "network", detail } };
  }
  let text = "";
  /** @type {unknown} */
  let body = null;
  try {
    text = await response.text();
    body = JSON.parse(text);
  } catch (error) {
    body = { error: "malformed", detail: `the server's answer was not JSON (${response.status})` };
  }
  if (response.ok) return { ok: true, status: response.status, data: { value: body, text } };
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

/** Why a game id cannot be asked for, or null. @param {unknown} game @returns {string | null} */
function badGame(game) {
  if (typeof game === "string" && game.trim()) return null;
  return `game: give the game's id (the letters and digits after /join/, /play/ or /host/ in `
    + `its links, or the game of findRoom), not ${JSON.stringify(game) ?? String(game)}`;
}

/** A client of one server: every function of the protocol, as methods. */
export class CoupClient {
  /** @param {ClientOptions} [options] */
  constructor(options = {}) {
    /** The server's address, without a trailing slash ("": the page's own server). */
    this.baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  }

  /**
   * Ask the server: `path` from the base URL on.
   * @template T
   * @param {string} path @param {RequestInit} [init]
   * @returns {Promise<Answer<T>>}
   */
  ask(path, init) {
    return call(this.baseUrl + path, init);
  }

  /**
   * Ask about a game: `rest` after its path; refused here, without asking, if `game` is no id.
   * @template T
   * @param {string} game @param {string} rest @param {RequestInit} [init]
   * @returns {Promise<Answer<T>>}
   */
  askGame(game, rest, init) {
    const bad = badGame(game);
    if (bad !== null) return refuse(bad);
    return this.ask(`/api/games/${encodeURIComponent(game)}${rest}`, init);
  }

  /**
   * Create a game; the answer holds the host's links (and its own seat's, if it plays one).
   * @param {NewGame} body
   * @returns {Promise<Answer<CreatedGame>>}
   */
  createGame(body) {
    return this.ask("/api/games", post(body));
  }

  /**
   * Claim the seat an invite opens, under a name: the seat's fresh token, for this browser only.
   * @param {string} game
   * @param {string} invite the invite as createGame and hostLinks give it (its link,
   *   `/join/GAME#INVITE`, or the whole URL), or the text after # in it
   * @param {string} name
   * @returns {Promise<Answer<SeatLink>>}
   */
  claimSeat(game, invite, name) {
    return this.askGame(game, "/claims", post({ invite, name }));
  }

  /**
   * The host's links and seats.
   * @param {string} game @param {string} hostToken
   * @returns {Promise<Answer<HostLinks>>}
   */
  hostLinks(game, hostToken) {
    return this.askGame(game, "/host", { headers: bearer(hostToken) });
  }

  /**
   * The host changes a seat: `{player: "human" | bot}` before the start, or `{reopen: true}`.
   * @param {string} game @param {string} hostToken @param {number} seat
   * @param {AssignSeat | ReopenSeat} change
   * @returns {Promise<Answer<HostLinks>>}
   */
  changeSeat(game, hostToken, seat, change) {
    return this.askGame(game, `/host/seats/${seat}`, post(change, hostToken));
  }

  /**
   * A seat's envelope (or the spectators'), with the events from `since` on.
   * @param {string} game @param {number | "spectator"} seat @param {string} token
   * @param {number} [since]
   * @returns {Promise<Answer<Envelope>>}
   */
  getView(game, seat, token, since = 0) {
    return this.askGame(game, `/seats/${seat}?since=${since}`, { headers: bearer(token) });
  }

  /**
   * Post a move with the version of the envelope whose legal moves it came from.
   * @param {string} game @param {number} seat @param {string} token
   * @param {number} version @param {Move} move
   * @returns {Promise<Answer<Envelope>>}
   */
  postMove(game, seat, token, version, move) {
    return this.askGame(game, `/seats/${seat}/moves`, post({ version, move }, token));
  }

  /**
   * Once the game is over: this seat's link in the next game at the table (same seats, names
   * and host, a new deal), made by whoever asks first.
   * @param {string} game @param {number} seat @param {string} token
   * @returns {Promise<Answer<SeatLink>>}
   */
  rematch(game, seat, token) {
    return this.askGame(game, `/seats/${seat}/rematch`, post({}, token));
  }

  /**
   * Once the game is over, its record, as `coup-rules simulate --out` writes a game, with its
   * link to the rules playground (`record.playground`, if the server names one); before, the
   * problem `in_play` (409). Every seat and the spectators get the same record.
   * @param {string} game @param {number | "spectator"} seat @param {string} token
   * @returns {Promise<Answer<RecordText>>}
   */
  async getRecord(game, seat, token) {
    const bad = badGame(game);
    if (bad !== null) return refuse(bad);
    const url = `${this.baseUrl}/api/games/${encodeURIComponent(game)}/seats/${seat}/record`;
    const answer = await callText(url, { headers: bearer(token) });
    if (!answer.ok) return answer;
    const record = /** @type {GameRecord} */ (answer.data.value);
    return { ok: true, status: answer.status, data: { record, text: answer.data.text } };
  }

  /**
   * The names of the bots a seat may be given.
   * @returns {Promise<Answer<BotNames>>}
   */
  botNames() {
    return this.ask("/api/bots");
  }

  /**
   * The URL of a seat's event stream, from `since` on (`table`: with the table's talk).
   * @param {string} game @param {number | "spectator"} seat @param {string} token
   * @param {number} since @param {boolean} [table]
   */
  eventsUrl(game, seat, token, since, table = false) {
    const path = `/api/games/${encodeURIComponent(game)}/seats/${seat}/events`;
    const query = `?token=${encodeURIComponent(token)}&since=${since}${table ? "&table=1" : ""}`;
    return this.baseUrl + path + query;
  }

  /**
   * Follow a seat's event stream: `onView` gets each envelope, `onRevoked` the reason if the
   * host gives the seat to someone else. The browser reconnects by itself (from the last
   * version it got) while the connection drops; `onState` says "closed" when it gave up (the
   * server answered the stream with an error, a 503 during an outage say): follow again then.
   * Returns the EventSource (a browser's; elsewhere, give the global one a polyfill); close it
   * to stop. The server sends no CORS headers: a page follows only the server that served it.
   * @param {string} game @param {number | "spectator"} seat @param {string} token
   * @param {number} since
   * @param {{
   *   onView: (envelope: Envelope) => void,
   *   onRevoked?: (problem: Revoked) => void,
   *   onState?: (state: "live" | "reconnecting" | "closed") => void,
   * }} handlers
   * @returns {EventSource}
   */
  follow(game, seat, token, since, handlers) {
    const source = new EventSource(this.eventsUrl(game, seat, token, since));
    source.addEventListener("view", (event) => handlers.onView(JSON.parse(event.data)));
    source.addEventListener("revoked", (event) => {
      source.close();
      if (handlers.onRevoked) {
        handlers.onRevoked(JSON.parse(/** @type {MessageEvent} */ (event).data));
      }
    });
    source.addEventListener("open", () => handlers.onState && handlers.onState("live"));
    source.addEventListener("error", () => {
      const closed = source.readyState === EventSource.CLOSED;
      if (handlers.onState) handlers.onState(closed ? "closed" : "reconnecting");
    });
    return source;
  }
}

/** The client of the server that served the page (relative paths). */
const here = new CoupClient();

/** Create a game: {@link CoupClient#createGame}. @type {CoupClient["createGame"]} */
export const createGame = (body) => here.createGame(body);
/** Claim a seat by its invite: {@link CoupClient#claimSeat}. @type {CoupClient["claimSeat"]} */
export const claimSeat = (game, invite, name) => here.claimSeat(game, invite, name);
/** The host's links and seats: {@link CoupClient#hostLinks}. @type {CoupClient["hostLinks"]} */
export const hostLinks = (game, hostToken) => here.hostLinks(game, hostToken);
/** The host changes a seat: {@link CoupClient#changeSeat}. @type {CoupClient["changeSeat"]} */
export const changeSeat = (game, hostToken, seat, change) =>
  here.changeSeat(game, hostToken, seat, change);
/** A seat's envelope: {@link CoupClient#getView}. @type {CoupClient["getView"]} */
export const getView = (game, seat, token, since) => here.getView(game, seat, token, since);
/** Post a move: {@link CoupClient#postMove}. @type {CoupClient["postMove"]} */
export const postMove = (game, seat, token, version, move) =>
  here.postMove(game, seat, token, version, move);
/** The next game at the table: {@link CoupClient#rematch}. @type {CoupClient["rematch"]} */
export const rematch = (game, seat, token) => here.rematch(game, seat, token);
/** A finished game's record: {@link CoupClient#getRecord}. @type {CoupClient["getRecord"]} */
export const getRecord = (game, seat, token) => here.getRecord(game, seat, token);
/** The bots' names: {@link CoupClient#botNames}. @type {CoupClient["botNames"]} */
export const botNames = () => here.botNames();
/** Follow a seat's event stream: {@link CoupClient#follow}. @type {CoupClient["follow"]} */
export const follow = (game, seat, token, since, handlers) =>
  here.follow(game, seat, token, since, handlers);
