// @ts-check
// The table around the game: room codes, the open tables of the lobby, the host's choices,
// the chat, and a seat's event stream with the table's talk (`?table=1`: `chat` and `room`
// events beside `view`, and after the end until the next game at the table is made).
// Like client.js, every call answers {ok, status, data} or {ok: false, status, problem}; the
// functions exported one by one ask the server that served the page, and a `TableClient`
// (a `CoupClient` with these as methods too) asks the server at its `baseUrl`.

import { CoupClient } from "./client.js";

/** @typedef {import("./client.js").ClientOptions} ClientOptions */
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

/** @param {unknown} body @param {string} [token] @returns {RequestInit} */
function post(body, token) {
  /** @type {Record<string, string>} */
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return { method: "POST", headers, body: JSON.stringify(body) };
}

/**
 * A problem met before asking the server.
 * @template T
 * @param {string} detail
 * @returns {Promise<Answer<T>>}
 */
function refuse(detail) {
  return Promise.resolve({ ok: false, status: 0, problem: { error: "malformed", detail } });
}

/** Why a typed room code cannot be asked for, or null. @param {unknown} code */
function badCode(code) {
  if (typeof code === "string" && code.replace(/[\s-]/g, "")) return null;
  return "code: the room code is empty: give the 6 letters and digits the host shares, "
    + "e.g. 'K7M2QX'";
}

/** A client of one server's games and tables: `CoupClient`'s methods, and the table's. */
export class TableClient extends CoupClient {
  /**
   * The tables their hosts listed as open, newest first, with their free seats.
   * @returns {Promise<Answer<{tables: OpenTable[]}>>}
   */
  openTables() {
    return this.ask("/api/rooms");
  }

  /**
   * The game at the table of a room code (any case; spaces and dashes are ignored); an empty
   * code is refused here, without asking.
   * @param {string} code
   * @returns {Promise<Answer<{code: string, game: string, started: boolean, over: boolean, free: number[]}>>}
   */
  findRoom(code) {
    const bad = badCode(code);
    if (bad !== null) return refuse(bad);
    return this.ask(`/api/rooms/${encodeURIComponent(code.trim())}`);
  }

  /**
   * Take the first free seat of a game by its table's room code, under a name (a seat the host
   * reopened takes its new invite only); an empty code is refused here, without asking.
   * @param {string} game @param {string} code @param {string} name
   * @returns {Promise<Answer<{game: string, seat: number, token: string, link: string}>>}
   */
  claimByCode(game, code, name) {
    const bad = badCode(code);
    if (bad !== null) return refuse(bad);
    return this.askGame(game, "/claims", post({ code, name }));
  }

  /**
   * The host lists the table as open (or not), and chooses whether a rematch seats everyone.
   * @param {string} game @param {string} hostToken @param {boolean} listed @param {boolean} autoRematch
   * @returns {Promise<Answer<unknown>>}
   */
  setRoom(game, hostToken, listed, autoRematch) {
    return this.askGame(game, "/host/room", post({ listed, auto_rematch: autoRematch }, hostToken));
  }

  /**
   * The host mutes a seat in the chat, or lets it speak again.
   * @param {string} game @param {string} hostToken @param {number} seat @param {boolean} muted
   * @returns {Promise<Answer<unknown>>}
   */
  muteSeat(game, hostToken, seat, muted) {
    return this.askGame(game, `/host/seats/${seat}`, post({ mute: muted }, hostToken));
  }

  /**
   * Say a line at the table: free text (140 characters at most) or a canned line's key.
   * @param {string} game @param {number} seat @param {string} token
   * @param {{text: string} | {canned: string}} line
   * @returns {Promise<Answer<{line: ChatLine}>>}
   */
  say(game, seat, token, line) {
    return this.askGame(game, `/seats/${seat}/chat`, post(line, token));
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
  followTable(game, seat, token, since, handlers) {
    const source = new EventSource(this.eventsUrl(game, seat, token, since, true));
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
  chatLines() {
    return this.ask("/api/bots");
  }
}

/** The client of the server that served the page (relative paths). */
const here = new TableClient();

/** The lobby's open tables: {@link TableClient#openTables}. @type {TableClient["openTables"]} */
export const openTables = () => here.openTables();
/** A room code's game: {@link TableClient#findRoom}. @type {TableClient["findRoom"]} */
export const findRoom = (code) => here.findRoom(code);
/** A seat by room code: {@link TableClient#claimByCode}. @type {TableClient["claimByCode"]} */
export const claimByCode = (game, code, name) => here.claimByCode(game, code, name);
/** The host's table choices: {@link TableClient#setRoom}. @type {TableClient["setRoom"]} */
export const setRoom = (game, hostToken, listed, autoRematch) =>
  here.setRoom(game, hostToken, listed, autoRematch);
/** The host mutes a seat: {@link TableClient#muteSeat}. @type {TableClient["muteSeat"]} */
export const muteSeat = (game, hostToken, seat, muted) =>
  here.muteSeat(game, hostToken, seat, muted);
/** Say a line at the table: {@link TableClient#say}. @type {TableClient["say"]} */
export const say = (game, seat, token, line) => here.say(game, seat, token, line);
/** Follow with the table's talk: {@link TableClient#followTable}. @type {TableClient["followTable"]} */
export const followTable = (game, seat, token, since, handlers) =>
  here.followTable(game, seat, token, since, handlers);
/** The chat's canned lines: {@link TableClient#chatLines}. @type {TableClient["chatLines"]} */
export const chatLines = () => here.chatLines();
