// @coup-rules/engine: the rules of coup_rules, the Python library itself, run under Pyodide
// from this package's own files (no network), in Node >= 20 and in browsers (ES modules).
//
// Every value crosses as the library's JSON: a game state is its whole-state JSON text (a
// string, kept as it is), moves, views, configs and events are plain objects. The Python side
// is coup_rules/jsbridge.py; each of its functions answers "=" and the result, or "!" and an
// error object, which this module throws as an IllegalMoveError or an InvalidInputError.

const WHEELS = new URL("./wheels/", import.meta.url);

const IN_NODE = typeof process !== "undefined" && process.versions?.node !== undefined;

/** The base of the errors this package throws: `message` is the library's. */
export class EngineError extends Error {
  constructor(message, details = {}) {
    super(message);
    this.name = "EngineError";
    /** The problems, one a line, each naming its JSON path where it has one. */
    this.errors = details.errors ?? [message];
  }
}

/** A move the rules forbid: `reason` says why, `rule` is the spec's rule id. */
export class IllegalMoveError extends EngineError {
  constructor(details) {
    super(details.message, { errors: [details.message] });
    this.name = "IllegalMoveError";
    this.reason = details.reason;
    this.rule = details.rule;
    this.move = details.move ?? null;
  }
}

/** Input refused before the rules are asked: malformed JSON, a wrong type, an impossible
 * deal, a seat that does not exist. */
export class InvalidInputError extends EngineError {
  constructor(details) {
    super(details.message, details);
    this.name = "InvalidInputError";
  }
}

/** An error object as the bridge (or the worker) gives it, made into the error to throw. */
export function engineError(details) {
  if (details.error === "illegal") return new IllegalMoveError(details);
  if (details.error === "invalid") return new InvalidInputError(details);
  const error = new EngineError(details.message, details);
  error.name = "EngineError";
  return error;
}

/** A value as JSON text; bigints (a seed of up to 78 digits) as JSON integers. */
function json(value) {
  let text;
  try {
    text = JSON.stringify(value === undefined ? null : value, (_, v) =>
      typeof v === "bigint" ? `\u0000${v}\u0000` : v,
    );
  } catch (error) {
    throw new InvalidInputError({ message: `not JSON: ${error.message}` });
  }
  return (text ?? "null").replace(/"\\u0000(-?\d+)\\u0000"/g, "$1");
}

function stateText(state) {
  if (typeof state !== "string") {
    throw new InvalidInputError({
      message: `a state must be given as its JSON text (a string), not ${state === null ? "null" : typeof state}`,
    });
  }
  return state;
}

function answer(text) {
  if (text[0] === "=") return text.slice(1);
  throw engineError(JSON.parse(text.slice(1)));
}

async function readBytes(url) {
  if (IN_NODE && url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return new Uint8Array(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** A folder given as an option, as a URL ending in "/": in a page relative to the page, in
 * Node a URL or a path (relative to the working directory). */
async function folder(value) {
  const text = String(value).replace(/\/?$/, "/");
  if (globalThis.location !== undefined) return new URL(text, globalThis.location.href);
  if (/^(file|https?|data):/i.test(text)) return new URL(text);
  const { pathToFileURL } = await import("node:url");
  return pathToFileURL(text);
}

async function startPyodide(options) {
  const quiet = () => {};
  const settings = { stdout: options.stdout ?? quiet, stderr: options.stderr ?? quiet };
  if (options.indexURL !== undefined) {
    const index = await folder(options.indexURL);
    const { loadPyodide } = await import(/* @vite-ignore */ new URL("pyodide.mjs", index).href);
    let indexURL = index.href;
    if (IN_NODE && index.protocol === "file:") {
      const { fileURLToPath } = await import("node:url");
      indexURL = fileURLToPath(index);
    }
    return loadPyodide({ ...settings, indexURL });
  }
  const { loadPyodide } = await import("pyodide");
  return loadPyodide(settings);
}

/** The engine, started: every method is synchronous. */
class Engine {
  #bridge;
  #pyodide;

  constructor(pyodide, bridge, manifest) {
    this.#pyodide = pyodide;
    this.#bridge = bridge;
    /** coup_rules's version, the Python version and the wheels this engine runs. */
    this.version = manifest.coup_rules;
    this.manifest = manifest;
  }

  #call(name, ...args) {
    if (this.#bridge === null) throw new EngineError("the engine is closed: loadEngine() again");
    return answer(this.#bridge[name](...args));
  }

  newGame(config, setup) {
    return this.#call("new_game", json(config), json(setup));
  }

  legalMoves(state, seat) {
    return JSON.parse(this.#call("legal_moves", stateText(state), json(seat)));
  }

  toAct(state) {
    return JSON.parse(this.#call("to_act", stateText(state)));
  }

  apply(state, move) {
    return this.#call("apply", stateText(state), json(move));
  }

  view(state, seat, options = {}) {
    return JSON.parse(this.#call("view", stateText(state), json(seat), json(options.since ?? 0)));
  }

  narrate(state, seat, options = {}) {
    return JSON.parse(
      this.#call("narrate", stateText(state), json(seat), json(options.since ?? 0)),
    );
  }

  narrateEvents(events, config, you) {
    return JSON.parse(this.#call("narrate_events", json(events), json(config), json(you)));
  }

  describeEvent(event, config, you) {
    return JSON.parse(this.#call("describe_event", json(event), json(config), json(you)));
  }

  describeMove(move, config, style = "menu") {
    return JSON.parse(this.#call("describe_move", json(move), json(config), json(style)));
  }

  describePending(pending, config, you) {
    return JSON.parse(this.#call("describe_pending", json(pending), json(config), json(you)));
  }

  formatMove(move) {
    return JSON.parse(this.#call("format_move", json(move)));
  }

  parseMove(text, state) {
    const game = state === undefined || state === null ? undefined : stateText(state);
    return JSON.parse(this.#call("parse_move", json(text), game));
  }

  /** Frees the bridge; the engine answers nothing after (an EngineError says so). */
  close() {
    this.#bridge.destroy();
    this.#bridge = null;
  }
}

/** Starts Pyodide, installs the package's wheels and imports the bridge: a few seconds. */
export async function loadEngine(options = {}) {
  const wheels = options.wheelsURL === undefined ? WHEELS : await folder(options.wheelsURL);
  const [pyodide, manifest] = await Promise.all([
    startPyodide(options),
    readBytes(new URL("manifest.json", wheels)).then((b) => JSON.parse(new TextDecoder().decode(b))),
  ]);
  const archives = await Promise.all(manifest.wheels.map((name) => readBytes(new URL(name, wheels))));
  // Into site-packages, where pip would put them (not the working directory).
  const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const archive of archives) pyodide.unpackArchive(archive, "wheel", { extractDir });
  const bridge = pyodide.pyimport("coup_rules.jsbridge");
  return new Engine(pyodide, bridge, manifest);
}

/** The names of the engine's methods (the worker answers these, and only these). */
export const METHODS = Object.freeze([
  "newGame",
  "legalMoves",
  "toAct",
  "apply",
  "view",
  "narrate",
  "narrateEvents",
  "describeEvent",
  "describeMove",
  "describePending",
  "formatMove",
  "parseMove",
]);
