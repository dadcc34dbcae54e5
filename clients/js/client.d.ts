/* Generated from coup_rules/web/static/client.js by scripts/schema_types.mjs: do not edit. */
/** A client of one server: every function of the protocol, as methods. */
export class CoupClient {
    /** @param {ClientOptions} [options] */
    constructor(options?: ClientOptions);
    /** The server's address, without a trailing slash ("": the page's own server). */
    baseUrl: string;
    /**
     * Ask the server: `path` from the base URL on.
     * @template T
     * @param {string} path @param {RequestInit} [init]
     * @returns {Promise<Answer<T>>}
     */
    ask<T>(path: string, init?: RequestInit): Promise<Answer<T>>;
    /**
     * Ask about a game: `rest` after its path; refused here, without asking, if `game` is no id.
     * @template T
     * @param {string} game @param {string} rest @param {RequestInit} [init]
     * @returns {Promise<Answer<T>>}
     */
    askGame<T>(game: string, rest: string, init?: RequestInit): Promise<Answer<T>>;
    /**
     * Create a game; the answer holds the host's links (and its own seat's, if it plays one).
     * @param {NewGame} body
     * @returns {Promise<Answer<CreatedGame>>}
     */
    createGame(body: NewGame): Promise<Answer<CreatedGame>>;
    /**
     * Claim the seat an invite opens, under a name: the seat's fresh token, for this browser only.
     * @param {string} game
     * @param {string} invite the invite as createGame and hostLinks give it (its link,
     *   `/join/GAME#INVITE`, or the whole URL), or the text after # in it
     * @param {string} name
     * @returns {Promise<Answer<SeatLink>>}
     */
    claimSeat(game: string, invite: string, name: string): Promise<Answer<SeatLink>>;
    /**
     * The host's links and seats.
     * @param {string} game @param {string} hostToken
     * @returns {Promise<Answer<HostLinks>>}
     */
    hostLinks(game: string, hostToken: string): Promise<Answer<HostLinks>>;
    /**
     * The host changes a seat: `{player: "human" | bot}` before the start, or `{reopen: true}`.
     * @param {string} game @param {string} hostToken @param {number} seat
     * @param {AssignSeat | ReopenSeat} change
     * @returns {Promise<Answer<HostLinks>>}
     */
    changeSeat(game: string, hostToken: string, seat: number, change: AssignSeat | ReopenSeat): Promise<Answer<HostLinks>>;
    /**
     * A seat's envelope (or the spectators'), with the events from `since` on.
     * @param {string} game @param {number | "spectator"} seat @param {string} token
     * @param {number} [since]
     * @returns {Promise<Answer<Envelope>>}
     */
    getView(game: string, seat: number | "spectator", token: string, since?: number): Promise<Answer<Envelope>>;
    /**
     * Post a move with the version of the envelope whose legal moves it came from.
     * @param {string} game @param {number} seat @param {string} token
     * @param {number} version @param {Move} move
     * @returns {Promise<Answer<Envelope>>}
     */
    postMove(game: string, seat: number, token: string, version: number, move: Move): Promise<Answer<Envelope>>;
    /**
     * Once the game is over: this seat's link in the next game at the table (same seats, names
     * and host, a new deal), made by whoever asks first.
     * @param {string} game @param {number} seat @param {string} token
     * @returns {Promise<Answer<SeatLink>>}
     */
    rematch(game: string, seat: number, token: string): Promise<Answer<SeatLink>>;
    /**
     * Once the game is over, its record, as `coup-rules simulate --out` writes a game, with its
     * link to the rules playground (`record.playground`, if the server names one); before, the
     * problem `in_play` (409). Every seat and the spectators get the same record.
     * @param {string} game @param {number | "spectator"} seat @param {string} token
     * @returns {Promise<Answer<RecordText>>}
     */
    getRecord(game: string, seat: number | "spectator", token: string): Promise<Answer<RecordText>>;
    /**
     * The names of the bots a seat may be given.
     * @returns {Promise<Answer<BotNames>>}
     */
    botNames(): Promise<Answer<BotNames>>;
    /**
     * The URL of a seat's event stream, from `since` on (`table`: with the table's talk).
     * @param {string} game @param {number | "spectator"} seat @param {string} token
     * @param {number} since @param {boolean} [table]
     */
    eventsUrl(game: string, seat: number | "spectator", token: string, since: number, table?: boolean): string;
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
    follow(game: string, seat: number | "spectator", token: string, since: number, handlers: {
        onView: (envelope: Envelope) => void;
        onRevoked?: (problem: Revoked) => void;
        onState?: (state: "live" | "reconnecting" | "closed") => void;
    }): EventSource;
}
/** Create a game: {@link CoupClient#createGame}. @type {CoupClient["createGame"]} */
export const createGame: CoupClient["createGame"];
/** Claim a seat by its invite: {@link CoupClient#claimSeat}. @type {CoupClient["claimSeat"]} */
export const claimSeat: CoupClient["claimSeat"];
/** The host's links and seats: {@link CoupClient#hostLinks}. @type {CoupClient["hostLinks"]} */
export const hostLinks: CoupClient["hostLinks"];
/** The host changes a seat: {@link CoupClient#changeSeat}. @type {CoupClient["changeSeat"]} */
export const changeSeat: CoupClient["changeSeat"];
/** A seat's envelope: {@link CoupClient#getView}. @type {CoupClient["getView"]} */
export const getView: CoupClient["getView"];
/** Post a move: {@link CoupClient#postMove}. @type {CoupClient["postMove"]} */
export const postMove: CoupClient["postMove"];
/** The next game at the table: {@link CoupClient#rematch}. @type {CoupClient["rematch"]} */
export const rematch: CoupClient["rematch"];
/** A finished game's record: {@link CoupClient#getRecord}. @type {CoupClient["getRecord"]} */
export const getRecord: CoupClient["getRecord"];
/** The bots' names: {@link CoupClient#botNames}. @type {CoupClient["botNames"]} */
export const botNames: CoupClient["botNames"];
/** Follow a seat's event stream: {@link CoupClient#follow}. @type {CoupClient["follow"]} */
export const follow: CoupClient["follow"];
export type PlayerView = import("./types/index.js").PlayerView;
export type Move = import("./types/index.js").Move;
export type Character = import("./types/index.js").Character;
export type PublicSeat = import("./types/index.js").PublicSeat;
export type TableInfo = import("./types/index.js").TableInfo;
export type Envelope = import("./types/index.js").Envelope;
export type Revoked = import("./types/index.js").Revoked;
export type HostSeat = import("./types/index.js").HostSeat;
export type HostLinks = import("./types/index.js").HostLinks;
export type CreatedGame = import("./types/index.js").CreatedGame;
export type SeatLink = import("./types/index.js").SeatLink;
export type BotNames = import("./types/index.js").BotNames;
export type NewGame = import("./types/index.js").NewGame;
export type AssignSeat = import("./types/index.js").AssignSeat;
export type ReopenSeat = import("./types/index.js").ReopenSeat;
export type GameRecord = import("./types/index.js").GameRecord;
/**
 * A finished game's record: `record`, its value, and `text`, the JSON as the server sent it.
 * Save or pass on `text`: JSON.parse rounds a seed beyond 2**53, and `record.seed` with it.
 */
export type RecordText = {
    record: GameRecord;
    text: string;
};
/**
 * A problem met before any answer of the server: `network`, the server did not answer at all;
 * `malformed`, its answer was not JSON. It has none of the server's optional fields.
 */
export type ClientProblem = {
    error: "network" | "malformed";
    detail: string;
    version?: undefined;
    reason?: undefined;
    rule?: undefined;
};
/**
 * The problem of a failed answer: the server's error answer (types/index's `Problem`, its
 * `error` one of the `ErrorCode`s), or one the client met before the server answered.
 */
export type Problem = import("./types/index.js").Problem | ClientProblem;
export type Answer<T> = {
    ok: true;
    status: number;
    data: T;
} | {
    ok: false;
    status: number;
    problem: Problem;
    retryAfter?: number;
};
/**
 * `baseUrl`: the server's address, e.g. "https://coup.example.org" or
 * "http://127.0.0.1:8000/coup" behind a proxy that serves it under a path; left out, the
 * paths are relative: the server that served the page.
 */
export type ClientOptions = {
    baseUrl?: string;
};
