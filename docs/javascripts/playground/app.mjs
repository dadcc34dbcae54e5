// The rules playground (docs/playground.md): the library itself, run in the page by
// @coup-rules/engine in a Web Worker, from the site's own files (docs/hooks/playground.py copies
// Pyodide and the engine into the built site: no network).
//
// The page plays a "line" (position.mjs): a config, a seed or a fixed deal, and moves. Every
// position of the line is a state (the engine's whole-state JSON text), computed once; the page
// shows one of them (the step), with every seat's legal moves, the view of the seat chosen (or a
// spectator's) and its narration. A move applied at an earlier step replaces the moves after it.
import { startEngineWorker } from "../../assets/coup-engine/worker-client.js";
import {
  DEFAULT_CONFIG,
  PositionError,
  fragmentOfLine,
  integer,
  kindOfRecord,
  lineFromFragment,
  lineOfGame,
  recordsOfText,
} from "./position.mjs";

const CARDS = ["duke", "assassin", "captain", "ambassador", "contessa", "inquisitor"];
const VARIANTS = {
  base: {},
  inquisitor: { inquisitor: true },
  reformation: { reformation: true },
  both: { inquisitor: true, reformation: true },
};

// --- a little DOM -----------------------------------------------------------------------------

function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function title(card) {
  return card.charAt(0).toUpperCase() + card.slice(1);
}

function cardList(cards) {
  return cards.length === 0 ? "–" : cards.map(title).join(" ");
}

// --- the page -----------------------------------------------------------------------------------

class Playground {
  constructor(root, engine) {
    this.root = root;
    this.engine = engine;
    this.line = null; // {config, setup, moves: Move[], at, title?}
    this.states = []; // states[i]: the state after i moves
    this.start = null; // a state text the line starts from (a saved state not dealt from its seed)
    this.viewSeat = "null"; // "null" (a spectator) or a seat number, as the <select> holds it
    this.records = [];
    this.rules = JSON.parse(root.dataset.rules ?? "{}"); // rule id -> its place in the spec (the docs hook)
    this.busy = Promise.resolve();
    this.build();
  }

  /** Runs `work` after the work before it, showing its error, if any, in the message line. */
  queue(work) {
    this.busy = this.busy.then(async () => {
      this.say("");
      try {
        await work();
      } catch (error) {
        this.fail(error);
      }
    });
    return this.busy;
  }

  say(text, status = "") {
    this.message.textContent = text;
    this.message.dataset.status = status;
  }

  fail(error) {
    if (error?.name === "IllegalMoveError") {
      const url = this.rules[error.rule];
      this.say("", "illegal");
      this.message.append(`Illegal: ${error.reason} (`, url ? h("a", { href: url }, error.rule) : error.rule, ").");
    } else if (error?.name === "InvalidInputError" || error instanceof PositionError) {
      this.say(error.message, "invalid");
    } else {
      this.say(`Something went wrong: ${error?.message ?? error}`, "error");
      console.error(error);
    }
  }

  // --- the controls ---------------------------------------------------------------------------

  build() {
    const players = h("select", { id: "pg-players", "aria-label": "players" });
    for (let n = 2; n <= 10; n++) players.append(h("option", { value: n, selected: n === 3 }, `${n} players`));
    const variant = h("select", { id: "pg-variant", "aria-label": "variant" },
      h("option", { value: "base" }, "Base game"),
      h("option", { value: "inquisitor" }, "Inquisitor"),
      h("option", { value: "reformation" }, "Reformation"),
      h("option", { value: "both" }, "Inquisitor and Reformation"));
    const twoPlayer = h("input", { id: "pg-two-player", type: "checkbox", checked: true });
    const seed = h("input", { id: "pg-seed", type: "text", inputmode: "numeric", value: "1", size: 12 });
    const hands = h("textarea", {
      id: "pg-hands", rows: 3,
      placeholder: "A fixed deal instead of the seed: a seat a line, e.g.\ncaptain duke\nambassador contessa",
    });
    const court = h("input", { id: "pg-court", type: "text", placeholder: "the Court, top first (optional)" });
    const coins = h("input", { id: "pg-coins", type: "text", placeholder: "coins, e.g. 2 2 7 (optional)" });
    this.inputs = { players, variant, twoPlayer, seed, hands, court, coins };

    const setup = h("fieldset", { class: "pg-setup" },
      h("legend", {}, "New game"),
      h("div", { class: "pg-row" }, players, variant,
        h("label", {}, twoPlayer, " 2-player setup"),
        h("label", {}, "seed ", seed),
        h("button", { type: "button", onclick: () => { seed.value = String(Math.floor(Math.random() * 2 ** 31)); } }, "Random")),
      h("details", { class: "pg-deal" }, h("summary", {}, "Fixed deal"), hands, court, coins),
      h("div", { class: "pg-row" }, h("button", { id: "pg-new", type: "button", class: "md-button md-button--primary", onclick: () => this.queue(() => this.newFromInputs()) }, "Deal")));

    const file = h("input", { id: "pg-file", type: "file", accept: ".json,.jsonl,application/json" });
    file.addEventListener("change", () => this.queue(async () => {
      if (file.files?.[0]) await this.openRecord(await file.files[0].text());
    }));
    const paste = h("textarea", { id: "pg-record-text", rows: 2, placeholder: "…or paste a record here" });
    this.recordPick = h("select", { id: "pg-record-pick", hidden: true, "aria-label": "game" });
    this.recordPick.addEventListener("change", () => this.queue(() => this.openOne(Number(this.recordPick.value))));
    const records = h("fieldset", { class: "pg-records" },
      h("legend", {}, "Open a game record"),
      h("div", { class: "pg-row" }, file,
        h("button", { id: "pg-open", type: "button", onclick: () => this.queue(() => this.openRecord(paste.value)) }, "Open pasted"),
        this.recordPick),
      paste);

    this.message = h("p", { id: "pg-message", role: "status" });
    this.status = h("p", { id: "pg-status" });
    this.seats = h("table", { id: "pg-seats" });
    this.moves = h("div", { id: "pg-moves" });
    this.notation = h("input", { id: "pg-notation", type: "text", placeholder: "a move, e.g. p0 steal p1", "aria-label": "move" });
    const typed = h("form", { id: "pg-type", class: "pg-row", onsubmit: (event) => {
      event.preventDefault();
      const text = this.notation.value;
      this.queue(async () => {
        await this.play(await this.engine.parseMove(text, this.current()));
        this.notation.value = "";
      });
    } }, this.notation, h("button", { type: "submit" }, "Apply"));

    const step = (label, id, to) => h("button", { type: "button", id, onclick: () => this.queue(() => this.goTo(to())) }, label);
    this.stepper = h("div", { class: "pg-row pg-steps" },
      step("First", "pg-first", () => 0),
      step("◀ Step back", "pg-back", () => this.line.at - 1),
      step("Forward ▶", "pg-forward", () => this.line.at + 1),
      step("Last", "pg-last", () => this.line.moves.length),
      this.stepLabel = h("span", { id: "pg-step" }));
    this.history = h("ol", { id: "pg-history", start: 1 });
    this.link = h("input", { id: "pg-link", type: "text", readonly: true, "aria-label": "link" });
    const share = h("div", { class: "pg-row" },
      h("button", { type: "button", id: "pg-copy", onclick: () => this.copyLink() }, "Copy link"), this.link);

    this.viewPick = h("select", { id: "pg-view", "aria-label": "view" });
    this.viewPick.addEventListener("change", () => this.queue(() => { this.viewSeat = this.viewPick.value; return this.renderView(); }));
    this.viewBox = h("div", { id: "pg-view-box" });
    this.narration = h("ol", { id: "pg-narration" });

    this.root.replaceChildren(
      h("div", { class: "pg-controls" }, setup, records),
      this.message,
      h("section", { class: "pg-board" },
        h("h2", {}, "Position"), this.status, this.stepper, this.seats,
        h("h3", {}, "Legal moves"), this.moves, typed,
        h("h3", {}, "Moves"), this.history, share),
      h("section", { class: "pg-viewer" },
        h("h2", {}, "What a seat sees"), this.viewPick, this.viewBox,
        h("h3", {}, "Narration"), this.narration));
  }

  // --- lines --------------------------------------------------------------------------------------

  configFromInputs() {
    const players = Number(this.inputs.players.value);
    return {
      ...DEFAULT_CONFIG,
      players,
      ...VARIANTS[this.inputs.variant.value],
      two_player_setup: players === 2 ? this.inputs.twoPlayer.checked : true,
    };
  }

  setupFromInputs() {
    const lines = this.inputs.hands.value.split("\n").map((l) => l.trim().toLowerCase()).filter(Boolean);
    const seedText = this.inputs.seed.value.trim();
    const seed = seedText === "" ? undefined : integer(seedText, "the seed");
    const setup = {};
    if (lines.length > 0) setup.hands = lines.map((l) => l.split(/[\s,]+/));
    else if (seed === undefined) throw new PositionError("give a seed or a fixed deal");
    const court = this.inputs.court.value.trim().toLowerCase();
    if (court) setup.court = court.split(/[\s,]+/);
    const coins = this.inputs.coins.value.trim();
    if (coins) setup.coins = coins.split(/[\s,]+/).map((c) => Number(integer(c, "a seat's coins")));
    if (seed !== undefined) setup.seed = seed;
    return setup;
  }

  showInputs(line) {
    const config = { ...DEFAULT_CONFIG, ...line.config };
    this.inputs.players.value = String(config.players);
    this.inputs.variant.value = config.inquisitor ? (config.reformation ? "both" : "inquisitor") : config.reformation ? "reformation" : "base";
    this.inputs.twoPlayer.checked = config.two_player_setup;
    this.inputs.seed.value = line.setup.seed === undefined ? "" : String(line.setup.seed);
    this.inputs.hands.value = (line.setup.hands ?? []).map((hand) => hand.join(" ")).join("\n");
    this.inputs.court.value = (line.setup.court ?? []).join(" ");
    this.inputs.coins.value = (line.setup.coins ?? []).join(" ");
    if (line.setup.hands || line.setup.court || line.setup.coins) this.root.querySelector(".pg-deal").open = true;
  }

  async newFromInputs() {
    await this.load({ config: this.configFromInputs(), setup: this.setupFromInputs(), moves: [], at: 0 });
  }

  /** Plays a line's moves (objects, or notation read against the state they are made in). */
  async load(line, start = null) {
    const config = { ...DEFAULT_CONFIG, ...line.config };
    const first = start ?? (await this.engine.newGame(config, line.setup));
    const states = [first];
    const moves = [];
    let problem = null;
    for (const [i, given] of line.moves.entries()) {
      try {
        const move = typeof given === "string" ? await this.engine.parseMove(given, states[i]) : given;
        states.push(await this.engine.apply(states[i], move));
        moves.push(move);
      } catch (error) {
        problem = [i, given, error];
        break;
      }
    }
    this.start = start;
    this.line = { ...line, config, moves, at: Math.min(line.at ?? moves.length, moves.length) };
    this.states = states;
    this.showInputs(this.line);
    await this.render();
    if (problem !== null) {
      const [i, given, error] = problem;
      const text = typeof given === "string" ? given : await this.engine.formatMove(given).catch(() => JSON.stringify(given));
      this.fail(error);
      this.say(`Move ${i + 1} (${text}) could not be played: ${this.message.textContent}`, this.message.dataset.status);
    }
  }

  current() {
    return this.states[this.line.at];
  }

  async play(move) {
    const next = await this.engine.apply(this.current(), move);
    this.line.moves = [...this.line.moves.slice(0, this.line.at), move];
    this.states = [...this.states.slice(0, this.line.at + 1), next];
    this.line.at += 1;
    await this.render();
  }

  async goTo(step) {
    if (this.line === null) return;
    this.line.at = Math.max(0, Math.min(step, this.line.moves.length));
    await this.render();
  }

  // --- records ----------------------------------------------------------------------------------

  async openRecord(text) {
    this.records = recordsOfText(text);
    this.recordPick.replaceChildren(
      ...this.records.map(({ value }, i) => h("option", { value: i }, value?.game !== undefined ? `game ${value.game}` : `record ${i + 1}`)),
    );
    this.recordPick.hidden = this.records.length < 2;
    await this.openOne(0);
  }

  async openOne(index) {
    const { value: record, text } = this.records[index];
    const kind = kindOfRecord(record);
    if (kind === "line") {
      const line = lineFromFragment(record.slice(record.indexOf("#")));
      if (line === null) throw new PositionError("the link holds no position");
      await this.load(line);
    } else if (kind === "game") {
      await this.load(lineOfGame(record));
      this.say(`Opened ${this.line.title || "the record"}: ${this.line.moves.length} moves. Step through it with Forward.`);
    } else {
      await this.openState(record, text);
    }
  }

  /** A saved GameState: dealt again from its config and seed, its moves found again by
   * matching its log event by event; a state that was not dealt from its seed (a fixed deal)
   * opens as a position of its own, without its history. */
  async openState(record, text) {
    const config = record.config;
    const want = record.log.map((event) => JSON.stringify(event));
    const matches = (log, from) => log.length <= want.length && log.slice(from).every((e, i) => JSON.stringify(e) === want[from + i]);
    let state = await this.engine.newGame(config, { seed: record.seed });
    let log = JSON.parse(state).log;
    const moves = [];
    let found = matches(log, 0);
    while (found && log.length < want.length) {
      found = false;
      const nextPlayer = JSON.parse(want[log.length]).player;
      const candidates = [];
      for (const seat of await this.engine.toAct(state)) {
        const legal = await this.engine.legalMoves(state, seat);
        if (seat === nextPlayer) candidates.unshift(...legal);
        else candidates.push(...legal);
      }
      for (const move of candidates) {
        const next = await this.engine.apply(state, move);
        const nextLog = JSON.parse(next).log;
        if (nextLog.length > log.length && matches(nextLog, log.length)) {
          [state, log, found] = [next, nextLog, true];
          moves.push(move);
          break;
        }
      }
    }
    if (found) {
      await this.load({ config, setup: { seed: record.seed }, moves, at: 0, title: "a saved game state" });
      this.say(`Opened a saved game state: ${moves.length} moves, replayed from its seed. Step through it with Forward.`);
      return;
    }
    await this.engine.toAct(text); // refused here if it is no state
    await this.load({ config, setup: { seed: record.seed }, moves: [], at: 0 }, text);
    this.say("This state was not dealt from its seed (a fixed deal?), so its moves cannot be found again: it opens as a position, to play on from. Its history is in the narration.");
  }

  // --- showing ------------------------------------------------------------------------------------

  async render() {
    const state = this.current();
    const whole = JSON.parse(state);
    const spectator = await this.engine.view(state, null);
    const config = this.line.config;
    const over = whole.winner !== null || spectator.pending === null;
    document.body.dataset.pgReady = "0";

    const pending = spectator.pending === null
      ? (whole.winner !== null ? `The game is over: seat ${whole.winner} wins.` : "The game is over: a draw.")
      : await this.engine.describePending(spectator.pending, config, null);
    this.status.replaceChildren(`Turn ${whole.turn}. `, pending);
    this.stepLabel.textContent = `step ${this.line.at} of ${this.line.moves.length}`;

    const toAct = new Set(await this.engine.toAct(state));
    const legal = new Map();
    for (const seat of toAct) {
      const moves = await this.engine.legalMoves(state, seat);
      legal.set(seat, await Promise.all(moves.map(async (move) => ({
        move,
        notation: await this.engine.formatMove(move),
        label: await this.engine.describeMove(move, config, "button"),
      }))));
    }

    this.seats.replaceChildren(
      h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", {}, "coins"), h("th", {}, "hidden"), h("th", {}, "revealed"),
        config.reformation ? h("th", {}, "side") : null)),
      h("tbody", {}, whole.players.map((p) => h("tr", { class: toAct.has(p.seat) ? "pg-to-act" : p.hand.length === 0 ? "pg-out" : "" },
        h("td", {}, `${p.seat}${p.seat === whole.active ? " ▸" : ""}`),
        h("td", {}, p.coins),
        h("td", {}, cardList(p.hand)),
        h("td", {}, cardList(p.revealed)),
        config.reformation ? h("td", {}, p.allegiance ?? "–") : null))),
      h("caption", {}, `Treasury ${whole.treasury}`, config.reformation ? `, Reserve ${whole.reserve}` : "",
        `; Court (top first): ${cardList(whole.court)}`));

    this.moves.replaceChildren(...[...legal].map(([seat, moves]) =>
      h("div", { class: "pg-seat-moves", dataset: { seat } }, h("span", { class: "pg-seat" }, `Seat ${seat}:`),
        moves.map(({ move, notation, label }) => h("button", {
          type: "button", class: "md-button", title: notation, dataset: { notation },
          onclick: () => this.queue(() => this.play(move)),
        }, label)))));
    if (legal.size === 0) this.moves.append(h("p", {}, "Nobody has a move."));

    const notations = await Promise.all(this.line.moves.map((m) => this.engine.formatMove(m)));
    this.history.replaceChildren(...notations.map((n, i) => h("li", { class: i < this.line.at ? "pg-done" : "pg-undone" },
      h("a", { href: "#", dataset: { step: i + 1 }, onclick: (e) => { e.preventDefault(); this.queue(() => this.goTo(i + 1)); } }, n))));
    for (const [id, off] of [["pg-first", this.line.at === 0], ["pg-back", this.line.at === 0],
      ["pg-forward", this.line.at >= this.line.moves.length], ["pg-last", this.line.at >= this.line.moves.length]]) {
      this.root.querySelector(`#${id}`).disabled = off;
    }

    this.lineNotations = notations;
    this.updateLink();
    const seats = whole.players.map((p) => p.seat);
    if (this.viewSeat !== "null" && !seats.includes(Number(this.viewSeat))) this.viewSeat = "null";
    this.viewPick.replaceChildren(h("option", { value: "null" }, "A spectator"),
      ...seats.map((s) => h("option", { value: s }, `Seat ${s}`)));
    this.viewPick.value = this.viewSeat;
    await this.renderView();
    document.body.dataset.pgStep = String(this.line.at);
    document.body.dataset.pgOver = over ? "1" : "0";
    document.body.dataset.pgReady = "1";
  }

  async renderView() {
    const state = this.current();
    const seat = this.viewSeat === "null" ? null : Number(this.viewSeat);
    const config = this.line.config;
    const view = await this.engine.view(state, seat);
    const before = this.line.at === 0 ? 0 : JSON.parse(this.states[this.line.at - 1]).log.length;
    const sentences = await this.engine.narrate(state, seat);
    const fresh = (await this.engine.narrate(state, seat, { since: before })).length;
    const you = seat === null ? null : view.players[seat];
    const pending = view.pending === null ? "The game is over." : await this.engine.describePending(view.pending, config, seat);
    const own = seat === null ? [] : await Promise.all(view.legal_moves.map((m) => this.engine.describeMove(m, config, "menu")));
    this.viewBox.replaceChildren(...[
      h("p", {}, pending),
      you ? h("p", {}, `Hand: ${cardList(you.hand ?? [])}; coins ${you.coins}.`) : h("p", {}, "A spectator sees no hidden card."),
      h("p", {}, view.players.map((p) => `seat ${p.seat}: ${p.coins} coins, ${p.hidden} hidden${p.revealed.length ? `, ${cardList(p.revealed)} up` : ""}`).join(" · ")),
      own.length ? h("ul", {}, own.map((line) => h("li", {}, line))) : null,
      h("details", {}, h("summary", {}, "The view as JSON"), h("pre", {}, h("code", {}, JSON.stringify(view, null, 1)))),
    ].filter((node) => node !== null));
    this.narration.replaceChildren(...sentences.map((s, i) => h("li", { class: i >= sentences.length - fresh ? "pg-fresh" : "" }, s)));
    this.narration.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }

  updateLink() {
    if (this.start !== null) {
      this.link.value = "";
      this.link.placeholder = "a position opened from a saved state has no link";
      return;
    }
    const fragment = fragmentOfLine({ ...this.line, moves: this.lineNotations });
    this.link.value = `${location.href.split("#")[0]}${fragment}`;
    this.ownHash = fragment;
    history.replaceState(null, "", fragment);
  }

  async copyLink() {
    this.link.select();
    try {
      await navigator.clipboard.writeText(this.link.value);
      this.say("The link is copied.");
    } catch {
      this.say("Copy the link above.");
    }
  }

  async openFragment() {
    if (location.hash === this.ownHash) return;
    const line = lineFromFragment(location.hash);
    await (line === null ? this.newFromInputs() : this.load(line));
  }
}

// --- start --------------------------------------------------------------------------------------

async function main() {
  const root = document.getElementById("playground");
  if (root === null) return;
  root.textContent = "Starting the rules engine (a few seconds)…";
  const base = new URL("../../assets/", import.meta.url);
  let engine;
  try {
    engine = startEngineWorker({
      workerURL: new URL("coup-engine/worker.js", base),
      indexURL: new URL("pyodide/", base),
    });
    const manifest = await engine.ready;
    root.dataset.version = manifest.coup_rules;
  } catch (error) {
    root.textContent = `The rules engine could not start: ${error?.message ?? error}. This site may have been built without it (see docs/hooks/playground.py).`;
    root.dataset.failed = "1";
    return;
  }
  const page = new Playground(root, engine);
  window.addEventListener("hashchange", () => page.queue(() => page.openFragment()));
  await page.queue(() => page.openFragment());
}

main();
