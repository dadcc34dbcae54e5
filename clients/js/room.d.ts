/* Generated from coup_rules/web/static/room.js by scripts/schema_types.mjs: do not edit. */
/** A client of one server's games and tables: `CoupClient`'s methods, and the table's. */
export class TableClient extends CoupClient {
    /**
     * The tables their hosts listed as open, newest first, with their free seats.
     * @returns {Promise<Answer<{tables: OpenTable[]}>>}
     */
    openTables(): Promise<Answer<{
        tables: OpenTable[];
    }>>;
    /**
     * The game at the table of a room code (any case; spaces and dashes are ignored); an empty
     * code is refused here, without asking.
     * @param {string} code
     * @returns {Promise<Answer<{code: string, game: string, started: boolean, over: boolean, free: number[]}>>}
     */
    findRoom(code: string): Promise<Answer<{
        code: string;
        game: string;
        started: boolean;
        over: boolean;
        free: number[];
    }>>;
    /**
     * Take the first free seat of a game by its table's room code, under a name (a seat the host
     * reopened takes its new invite only); an empty code is refused here, without asking.
     * @param {string} game @param {string} code @param {string} name
     * @returns {Promise<Answer<{game: string, seat: number, token: string, link: string}>>}
     */
    claimByCode(game: string, code: string, name: string): Promise<Answer<{
        game: string;
        seat: number;
        token: string;
        link: string;
    }>>;
    /**
     * The host lists the table as open (or not), and chooses whether a rematch seats everyone.
     * @param {string} game @param {string} hostToken @param {boolean} listed @param {boolean} autoRematch
     * @returns {Promise<Answer<unknown>>}
     */
    setRoom(game: string, hostToken: string, listed: boolean, autoRematch: boolean): Promise<Answer<unknown>>;
    /**
     * The host mutes a seat in the chat, or lets it speak again.
     * @param {string} game @param {string} hostToken @param {number} seat @param {boolean} muted
     * @returns {Promise<Answer<unknown>>}
     */
    muteSeat(game: string, hostToken: string, seat: number, muted: boolean): Promise<Answer<unknown>>;
    /**
     * Say a line at the table: free text (140 characters at most) or a canned line's key.
     * @param {string} game @param {number} seat @param {string} token
     * @param {{text: string} | {canned: string}} line
     * @returns {Promise<Answer<{line: ChatLine}>>}
     */
    say(game: string, seat: number, token: string, line: {
        text: string;
    } | {
        canned: string;
    }): Promise<Answer<{
        line: ChatLine;
    }>>;
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
    followTable(game: string, seat: number | "spectator", token: string, since: number, handlers: {
        onView: (envelope: Envelope) => void;
        onChat: (line: ChatLine) => void;
        onRoom: (room: RoomInfo) => void;
        onRevoked?: (problem: Problem) => void;
        onState?: (state: "live" | "reconnecting" | "closed") => void;
    }): EventSource;
    /**
     * The chat's canned lines, by key, and the longest free line.
     * @returns {Promise<Answer<{canned: Record<string, string>, max_chat: number}>>}
     */
    chatLines(): Promise<Answer<{
        canned: Record<string, string>;
        max_chat: number;
    }>>;
}
/** The lobby's open tables: {@link TableClient#openTables}. @type {TableClient["openTables"]} */
export const openTables: TableClient["openTables"];
/** A room code's game: {@link TableClient#findRoom}. @type {TableClient["findRoom"]} */
export const findRoom: TableClient["findRoom"];
/** A seat by room code: {@link TableClient#claimByCode}. @type {TableClient["claimByCode"]} */
export const claimByCode: TableClient["claimByCode"];
/** The host's table choices: {@link TableClient#setRoom}. @type {TableClient["setRoom"]} */
export const setRoom: TableClient["setRoom"];
/** The host mutes a seat: {@link TableClient#muteSeat}. @type {TableClient["muteSeat"]} */
export const muteSeat: TableClient["muteSeat"];
/** Say a line at the table: {@link TableClient#say}. @type {TableClient["say"]} */
export const say: TableClient["say"];
/** Follow with the table's talk: {@link TableClient#followTable}. @type {TableClient["followTable"]} */
export const followTable: TableClient["followTable"];
/** The chat's canned lines: {@link TableClient#chatLines}. @type {TableClient["chatLines"]} */
export const chatLines: TableClient["chatLines"];
export type ClientOptions = import("./client.js").ClientOptions;
export type Envelope = import("./client.js").Envelope;
export type Problem = import("./client.js").Problem;
/**
 * One line of the table's chat: its number at the table, the seat and its name, the text
 * (show it as text, never as HTML) and its canned key (null: free text).
 */
export type ChatLine = {
    id: number;
    seat: number;
    name: string;
    text: string;
    canned: string | null;
};
/**
 * The table beside the game: its room code, whether the host lists it as open and has a
 * rematch seat everyone at once, the seats muted in the chat, and the next game's id once
 * someone made it.
 */
export type RoomInfo = {
    code: string | null;
    listed: boolean;
    auto_rematch: boolean;
    muted: number[];
    rematch: string | null;
};
/**
 * A table of the lobby's list.
 */
export type OpenTable = {
    code: string;
    game: string;
    players: number;
    inquisitor: boolean;
    reformation: boolean;
    seats: {
        name: string | null;
        bot: boolean;
        open: boolean;
    }[];
    free: number;
};
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
import { CoupClient } from "./client.js";
