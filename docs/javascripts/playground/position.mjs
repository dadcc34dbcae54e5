// What the rules playground plays: a "line", the game's config, how it was dealt (a seed or a
// fixed deal) and the moves in order, with the step shown. This module turns a line into the
// URL fragment a link carries and back, and reads the game records the library writes into
// lines. Pure functions, no engine, no page: docs/javascripts/playground/app.mjs uses them.
//
// The fragment (every part optional; the moves in the compact notation, "." for a space):
//
//   #players=3&inquisitor=1&reformation=1&two_player_setup=0&first_player=1&max_turns=500
//    &seed=7                                     a seed, or a fixed deal:
//    &hands=captain.duke,ambassador.contessa     two cards a seat
//    &court=duke.assassin.contessa  &deal_coins=2,2,5  &allegiances=loyalist,reformist
//    &moves=p0.steal.p1,p1.challenge,p0.prove    &at=2   the step shown (default: the last)

/** The config fields a fragment may set, with how each is read. */
const CONFIG_FIELDS = {
  players: "int",
  inquisitor: "bool",
  reformation: "bool",
  two_player_setup: "bool",
  first_player: "int",
  max_turns: "int?",
  coins: "int",
  copies: "int?",
};

/** The defaults of coup_rules.Config that a fragment leaves out. */
export const DEFAULT_CONFIG = Object.freeze({
  players: 4,
  inquisitor: false,
  reformation: false,
  copies: null,
  coins: 54,
  two_player_setup: true,
  first_player: 0,
  max_turns: null,
});

/** A problem with a link or a record, said to the person who gave it. */
export class PositionError extends Error {
  constructor(message) {
    super(message);
    this.name = "PositionError";
  }
}

/** An integer, a bigint beyond 2**53 (a seed may have up to 78 digits). */
export function integer(text, what) {
  const trimmed = String(text).trim();
  if (!/^\d+$/.test(trimmed)) throw new PositionError(`${what} must be a whole number, not "${text}"`);
  const big = BigInt(trimmed);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

function words(text) {
  return text.split(/[.\s]+/).filter((w) => w.length > 0);
}

/** The fragment's parts, by name (a name without "=" reads as "1"). */
function parts(fragment) {
  const found = new Map();
  for (const piece of fragment.replace(/^#/, "").split("&")) {
    if (piece === "") continue;
    const eq = piece.indexOf("=");
    const name = decodeURIComponent(eq < 0 ? piece : piece.slice(0, eq));
    const value = eq < 0 ? "1" : decodeURIComponent(piece.slice(eq + 1).replace(/\+/g, " "));
    found.set(name, value);
  }
  return found;
}

function readConfigField(name, value) {
  const kind = CONFIG_FIELDS[name];
  if (kind === "bool") {
    if (["1", "true", "yes"].includes(value)) return true;
    if (["0", "false", "no"].includes(value)) return false;
    throw new PositionError(`${name} must be 1 or 0, not "${value}"`);
  }
  if (kind === "int?" && ["", "none", "null"].includes(value)) return null;
  return Number(integer(value, name));
}

/** The line a fragment describes; null for an empty fragment. */
export function lineFromFragment(fragment) {
  const found = parts(fragment);
  if (found.size === 0) return null;
  const config = {};
  const setup = {};
  let moves = [];
  let at = null;
  for (const [name, value] of found) {
    if (name in CONFIG_FIELDS) config[name] = readConfigField(name, value);
    else if (name === "seed") setup.seed = integer(value, "the seed");
    else if (name === "hands") setup.hands = value.split(",").map(words);
    else if (name === "court") setup.court = words(value);
    else if (name === "deal_coins") setup.coins = value.split(",").map((c) => Number(integer(c, "a seat's coins")));
    else if (name === "allegiances") setup.allegiances = value.split(",").map((a) => a.trim());
    else if (name === "moves") moves = value.split(",").filter((m) => m.trim() !== "").map((m) => words(m).join(" "));
    else if (name === "at") at = Number(integer(value, "the step"));
    else throw new PositionError(`the link has an unknown part "${name}"`);
  }
  if (at !== null && at > moves.length) throw new PositionError(`step ${at} is past the link's ${moves.length} moves`);
  return { config, setup, moves, at: at ?? moves.length };
}

function dotted(list) {
  return list.map((w) => String(w)).join(".");
}

/** The fragment of a line (moves as notation text), with "#". */
export function fragmentOfLine(line) {
  const out = [];
  for (const name of Object.keys(CONFIG_FIELDS)) {
    const value = line.config[name];
    if (value === undefined || value === DEFAULT_CONFIG[name]) continue;
    out.push(`${name}=${value === null ? "none" : typeof value === "boolean" ? Number(value) : value}`);
  }
  const { setup } = line;
  if (setup.hands !== undefined) out.push(`hands=${setup.hands.map(dotted).join(",")}`);
  if (setup.court != null) out.push(`court=${dotted(setup.court)}`);
  if (setup.coins != null) out.push(`deal_coins=${setup.coins.join(",")}`);
  if (setup.allegiances != null) out.push(`allegiances=${setup.allegiances.join(",")}`);
  if (setup.seed !== undefined && setup.seed !== null) out.push(`seed=${setup.seed}`);
  if (line.moves.length > 0) out.push(`moves=${line.moves.map((m) => m.trim().split(/\s+/).join(".")).join(",")}`);
  if (line.at !== undefined && line.at < line.moves.length) out.push(`at=${line.at}`);
  return `#${out.join("&")}`;
}

// --- records ----------------------------------------------------------------------------------

/** JSON.parse, with every integer too large for a double read as a bigint (a seed of a
 * simulation is a 64-bit integer; JSON.parse alone would round it). */
export function parseJSON(text) {
  const marked = text.replace(/("(?:[^"\\]|\\.)*")|(-?\d{16,})(?![\d.eE])/g, (match, string, digits) =>
    string !== undefined ? string : `"\\u0000big:${digits}"`,
  );
  try {
    return JSON.parse(marked, (_, value) =>
      typeof value === "string" && value.startsWith("\u0000big:") ? integer(value.slice(5), "a number") : value,
    );
  } catch (error) {
    throw new PositionError(`this is not JSON: ${error.message}`);
  }
}

/** The records a text holds, each `{value, text}`: one JSON document, or JSON lines (as
 * coup-rules simulate --out writes them), or a playground link. */
export function recordsOfText(text) {
  const trimmed = text.trim();
  if (trimmed === "") throw new PositionError("the record is empty");
  if (/^(https?:\/\/\S*)?#\S*$/.test(trimmed)) return [{ value: trimmed, text: trimmed }];
  try {
    return [{ value: parseJSON(trimmed), text: trimmed }];
  } catch (whole) {
    const lines = trimmed.split(/\r?\n/).filter((l) => l.trim() !== "");
    if (lines.length < 2) throw whole;
    return lines.map((line, i) => {
      try {
        return { value: parseJSON(line), text: line };
      } catch (error) {
        throw new PositionError(`line ${i + 1}: ${error.message}`);
      }
    });
  }
}

/** What kind of record a JSON value is:
 *  - "state": a saved GameState (coup_rules.to_json(state)): replayed from its config and seed,
 *    its moves found again from its log;
 *  - "game": a game as the library writes it (coup-rules simulate --out, one line a game:
 *    config, seed, bots, moves, result), or any object with a config, a seed or a deal, and
 *    moves (objects or notation) — how the table server stores a game;
 *  - "line": this page's own link, as text. */
export function kindOfRecord(value) {
  if (typeof value === "string") return "line";
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new PositionError("a record is a JSON object (a game, or a saved game state)");
  }
  if ("log" in value && "players" in value && "court" in value) return "state";
  if ("moves" in value && ("config" in value || "seed" in value || "hands" in value)) return "game";
  throw new PositionError(
    "this JSON is neither a game record (config, seed, moves) nor a saved game state (config, players, court, log)",
  );
}

/** The line of a "game" record; its moves may be objects (kept) or notation (kept as text). */
export function lineOfGame(record) {
  const setup = {};
  if (record.hands !== undefined) {
    setup.hands = record.hands;
    for (const key of ["court", "coins", "allegiances"]) if (record[key] != null) setup[key] = record[key];
    if (record.seed != null) setup.seed = record.seed;
  } else if (record.seed !== undefined && record.seed !== null) {
    setup.seed = record.seed;
  } else {
    throw new PositionError("the record has no seed and no deal, so its cards cannot be dealt again");
  }
  if (!Array.isArray(record.moves)) throw new PositionError("the record's moves must be an array");
  const title = [
    record.game !== undefined ? `game ${record.game}` : null,
    Array.isArray(record.bots) ? record.bots.join(", ") : null,
    record.result ? `winner ${record.result.winner ?? "none (a draw)"} after ${record.result.turns} turns` : null,
  ]
    .filter((p) => p !== null)
    .join(" · ");
  return { config: record.config ?? {}, setup, moves: record.moves, at: 0, title };
}
