// The declarations of engine.js. The game's values (Config, Move, PlayerView, Event, Pending,
// ...) are those of ./types/index.d.ts, generated from the JSON Schemas in schema/ by
// scripts/schema_types.mjs.
import type {
  Allegiance,
  Character,
  Config,
  Event,
  Move,
  Pending,
  PlayerView,
  Seat,
} from "./types/index.js";

export type * from "./types/index.js";

/** A game state: the library's whole-state JSON text (`to_json(state)`), secrets included (the
 * hands, the Court, the seed): keep it on the server. Pass back the text as it was given; the
 * engine keeps the last few states it decoded by their text. */
export type GameStateText = string;

/** A fixed deal: two cards per seat, and optionally the Court, the starting coins and the
 * allegiances (Reformation), as `coup_rules.new_game` takes them; `seed` drives the draws from
 * the Court later on (left out: an unguessable one). */
export interface Deal {
  hands: Character[][];
  seed?: number | bigint;
  court?: Character[] | null;
  coins?: number[] | null;
  allegiances?: Allegiance[] | null;
}

/** How a new game is dealt: a seed (an integer from 0 to 2**256 - 1; a bigint above 2**53),
 * or a fixed deal. Left out, the library draws an unguessable seed. */
export type Setup = { seed: number | bigint } | Deal;

/** What the menu (a line that explains the move) or a button (a short label) shows. */
export type MoveStyle = "menu" | "button";

/** What loadEngine starts from. */
export interface EngineOptions {
  /** The folder of Pyodide's files (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip,
   * pyodide-lock.json); default: the `pyodide` package, as `import("pyodide")` finds it. A page
   * without a bundler names it. A URL, relative to the page in a browser; in Node a URL or a
   * path. */
  indexURL?: string | URL;
  /** The folder (URL) of this package's wheels/ (manifest.json and the wheels); default: the
   * package's own. */
  wheelsURL?: string | URL;
  /** Where Python's output goes (the engine writes none); default: nowhere. */
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
}

/** What wheels/manifest.json says: the library's version, Pyodide's Python, the wheels. */
export interface Manifest {
  coup_rules: string;
  python: string;
  wheels: string[];
}

/** The base of the errors the engine throws; `message` is the library's. */
export class EngineError extends Error {
  /** The problems, one a line, each ending in `@` and the JSON path where it has one. */
  readonly errors: string[];
}

/** A move the rules forbid (coup_rules.IllegalMoveError). */
export class IllegalMoveError extends EngineError {
  override readonly name: "IllegalMoveError";
  /** A sentence a player would understand, e.g. "Coup costs 7 coins; seat 2 has 5". */
  readonly reason: string;
  /** The id of the spec's rule that forbids it, e.g. "R-ACT-9". */
  readonly rule: string;
  /** The move refused, or null when it was no move at all. */
  readonly move: Move | null;
}

/** Input refused before the rules are asked: malformed JSON, a wrong type, an unknown field,
 * an impossible deal, a seat that does not exist. */
export class InvalidInputError extends EngineError {
  override readonly name: "InvalidInputError";
}

/** The error an error object of the bridge or the worker stands for. */
export function engineError(details: {
  error: string;
  message: string;
  reason?: string;
  rule?: string;
  move?: Move | null;
  errors?: string[];
}): EngineError;

/** A started engine. Every method is synchronous and pure: the same arguments give the same
 * answer, in any process, as the library gives in CPython. */
export interface Engine {
  /** coup_rules's version. */
  readonly version: string;
  readonly manifest: Manifest;
  /** A new game (coup_rules.new_game): `config` (its fields' defaults where left out; null: 4
   * players, base game) and a seed or a fixed deal. */
  newGame(config?: Config | null, setup?: Setup | null): GameStateText;
  /** Every move `seat` may make now, in the library's order; empty when it has nothing to
   * decide. */
  legalMoves(state: GameStateText, seat: Seat): Move[];
  /** The seats with at least one legal move now, ascending. */
  toAct(state: GameStateText): Seat[];
  /** The state after `move`; throws IllegalMoveError with the reason and the rule. */
  apply(state: GameStateText, move: Move): GameStateText;
  /** What `seat` may know (null: a spectator); its log from event `since` on. */
  view(state: GameStateText, seat: Seat | null, options?: { since?: number }): PlayerView;
  /** The log from event `since` on in plain English, as `seat` (null: everyone) may hear it,
   * the seat spoken to as "you". */
  narrate(state: GameStateText, seat: Seat | null, options?: { since?: number }): string[];
  /** Sentences for events (a view's log, a record's), as narrate_log gives them. */
  narrateEvents(events: Event[], config?: Config | null, you?: Seat | null): string[];
  /** One event's sentence. */
  describeEvent(event: Event, config?: Config | null, you?: Seat | null): string;
  /** A move's words, as a menu line or a button label. */
  describeMove(move: Move, config?: Config | null, style?: MoveStyle): string;
  /** The pending decision's sentence (`view.pending`). */
  describePending(pending: Pending, config?: Config | null, you?: Seat | null): string;
  /** A move in the compact notation, e.g. "p1 block captain". */
  formatMove(move: Move): string;
  /** A move read from the notation; with a state, its seats and cards are checked against
   * that game. */
  parseMove(text: string, state?: GameStateText | null): Move;
  /** Frees the Python side; the engine answers nothing after. */
  close(): void;
}

/** The names of the engine's methods that the worker answers. */
export const METHODS: readonly (
  | "newGame"
  | "legalMoves"
  | "toAct"
  | "apply"
  | "view"
  | "narrate"
  | "narrateEvents"
  | "describeEvent"
  | "describeMove"
  | "describePending"
  | "formatMove"
  | "parseMove"
)[];

/** Starts Pyodide from local files, installs the wheels and imports the rules: a few seconds. */
export function loadEngine(options?: EngineOptions): Promise<Engine>;
