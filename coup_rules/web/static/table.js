// @ts-check
// One seat's page (or the spectators'): everything shown comes from the server's envelope,
// {view, version, table, pending_text, log_text, move_labels}, built from this seat's view
// and the table's public facts only (names, who is a bot, who is connected, the clock).
import { getRecord, getView, postMove, rematch as askRematch } from "./client.js";
import { chatLines, followTable, say as sayLine } from "./room.js";

/** @typedef {import("./client.js").Envelope} Envelope */
/** @typedef {import("./client.js").Problem} Problem */
/** @typedef {import("./room.js").ChatLine} ChatLine */
/** @typedef {import("./room.js").RoomInfo} RoomInfo */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const parts = location.pathname.split("/").filter(Boolean); // play/GAME/SEAT or watch/GAME
const game = parts[1] || "";
/** @type {number | "spectator"} */
const seat = parts[0] === "play" ? Number(parts[2]) : "spectator";
const token = decodeURIComponent(location.hash.slice(1));

/** @type {Envelope | null} */
let current = null; // the newest envelope shown
/** @type {{index: number, text: string, turn: boolean}[]} */
let log = []; // every event so far
/** @type {Map<number, number>} */
const timeouts = new Map(); // version -> seat, for the moves the table made out of time
let busy = false; // a move is on its way
/** @type {EventSource | null} */
let source = null;
let messageVersion = -1; // the version a message was about: cleared once the game moves on
let deadline = 0; // when the pending decision's time runs out (performance.now() ms), or 0
let wasMine = false;
let resuming = 0; // a timer while the server cannot reach its database, or 0
/** @type {{at: number, text: string}[]} */
const notices = []; // seats the host reopened: at the log length when this page learnt of it
/** @type {number[]} */
const removedSeen = []; // per seat, how many of its removed names the log announces
const WINDOWS = ["challenge_action", "counter", "challenge_block"]; // a window asks yes or no
/** @type {Map<number, ChatLine>} */
const chat = new Map(); // the table's lines, by id (the stream sends them again on reconnecting)
/** @type {RoomInfo | null} */
let room = null; // the table beside the game: its code, the host's choices, the next game
let joining = false; // this page is on its way to the next game
let recordAsked = false; // the finished game's record was asked for (once)

/** @param {Envelope} envelope */
function accept(envelope) {
  if (current && envelope.version < current.version) return; // an older answer arrived late
  const start = envelope.view.log_start;
  if (start > log.length) {
    refresh(0); // missed events: fetch the whole log
    return;
  }
  log = log.slice(0, start).concat(envelope.log_text);
  for (const t of envelope.table.timeouts) timeouts.set(t.version, t.seat);
  const left = envelope.table.time_left;
  deadline = left === null ? 0 : performance.now() + left * 1000;
  if (current && envelope.version !== messageVersion) say("", "", ""); // the situation changed
  const fresh = announceReopened(envelope.table);
  if (current && fresh) say(fresh, "warn", "reopened");
  current = envelope;
  render();
  if (envelope.view.to_act.length === 0) {
    // The game is over; the stream stays open for the table: the chat, and the next game.
    $("connection").textContent = "game over";
    offerRecord();
  }
}

/** A line of the table's chat, shown once (as text, never as HTML). @param {ChatLine} line */
function heard(line) {
  if (chat.has(line.id)) return;
  chat.set(line.id, line);
  const list = $("chat");
  const li = document.createElement("li");
  li.dataset.seat = String(line.seat);
  if (line.canned) li.classList.add("canned");
  const who = document.createElement("b");
  who.textContent = String(line.seat) === String(seat) ? "You" : line.name;
  li.append(who, ": ", line.text);
  list.append(li);
  list.scrollTop = list.scrollHeight;
}

/** The table's facts changed: its code, mutes, the next game. @param {RoomInfo} info */
function roomChanged(info) {
  room = info;
  $("room-code").textContent = info.code ? `· room ${info.code}` : "";
  const muted = typeof seat === "number" && info.muted.includes(seat);
  document.body.dataset.muted = muted ? "1" : "0";
  for (const el of $("chat-area").querySelectorAll("button, input")) {
    /** @type {HTMLButtonElement | HTMLInputElement} */ (el).disabled = muted || seat === "spectator";
  }
  $("chat-message").textContent = muted ? "The host has muted you: the table does not see your lines." : "";
  if (info.rematch && seat !== "spectator") {
    if (source) source.close(); // this game has nothing more to say
    source = null;
    $("rematch-area").hidden = false;
    document.body.dataset.rematch = info.auto_rematch ? "auto" : "offered";
    $("rematch-offer").textContent = info.auto_rematch
      ? "The next game at this table is starting: taking your seat… "
      : "The next game at this table is ready, with the same seats: ";
    $("rematch").textContent = "Join the next game";
    if (info.auto_rematch) rematch();
  }
}

/** Log every seat the host reopened after someone claimed it, once; the newest notice, if any.
 * @param {import("./client.js").TableInfo} info */
function announceReopened(info) {
  let newest = "";
  info.seats.forEach((s, n) => {
    const removed = s.removed || [];
    for (const name of removed.slice(removedSeen[n] || 0)) {
      newest = `The host reopened seat ${n}: ${name} no longer plays it, and whoever claims `
        + "its new invite plays its cards from now on.";
      notices.push({ at: log.length, text: newest });
    }
    removedSeen[n] = removed.length;
  });
  return newest;
}

/** The log's notices to show after its first `k` entries. @param {number} k */
function noticesAt(k) {
  return notices.filter((x) => Math.min(x.at, log.length) === k).map((x) => {
    const li = document.createElement("li");
    li.className = "reopened";
    li.textContent = x.text;
    return li;
  });
}

/** @param {number} since */
async function refresh(since) {
  const answer = await getView(game, seat, token, since);
  if (!answer.ok) {
    if (answer.status === 503) return reconnecting(answer.retryAfter);
    return problem(answer.status, answer.problem);
  }
  if (since === 0) log = [];
  accept(answer.data);
}

/** The server cannot reach its database just now: say so, and pick up by itself once it can.
 * @param {number} [retryAfter] seconds the server asked to wait */
function reconnecting(retryAfter) {
  document.body.dataset.reconnecting = "1";
  $("connection").textContent = "reconnecting…";
  say("The server is reconnecting to its database; nothing is lost. This page picks up by "
    + "itself as soon as it answers.", "warn", 503);
  if (resuming) return;
  resuming = window.setTimeout(resume, Math.min(30, Math.max(1, retryAfter || 2)) * 1000);
}

/** Ask again after an outage: the newest view, then the event stream once more. */
async function resume() {
  resuming = 0;
  const answer = await getView(game, seat, token, log.length);
  if (!answer.ok) {
    if (answer.status === 503 || answer.status === 0) return reconnecting(answer.retryAfter);
    return problem(answer.status, answer.problem);
  }
  delete document.body.dataset.reconnecting;
  say("", "", 200);
  accept(answer.data);
  if (!source) connect();
  else $("connection").textContent = "live";
}

/** @param {string} text @param {string} kind @param {string | number} status */
function say(text, kind, status) {
  const message = $("message");
  message.textContent = text;
  message.className = `message ${kind}`;
  message.dataset.status = String(status);
  messageVersion = current ? current.version : -1;
}

/** @param {number} status @param {Problem} data */
function problem(status, data) {
  if (status === 409 && data.error === "stale") {
    say(`Too late: ${data.detail}. Here is the game as it is now.`, "warn", status);
  } else if (status === 409) {
    say(data.detail, "warn", status);
  } else if (status === 422) {
    say(`Not allowed: ${data.reason} (${data.rule})`, "error", status);
  } else if (data.error === "revoked") {
    revoked(data);
  } else {
    say(data.detail || `error ${status}`, "error", status);
  }
}

/** @param {Problem} data */
function revoked(data) {
  if (source) source.close();
  source = null;
  document.body.dataset.revoked = "1";
  $("connection").textContent = "no longer your seat";
  say(data.detail, "error", 403);
}

/** @param {number} index */
async function play(index) {
  if (busy || !current || seat === "spectator") return;
  const move = current.view.legal_moves[index];
  if (move.type === "concede" && current.view.legal_moves.some((m) => m.type === "prove")) {
    const ok = confirm("You hold the card you are challenged on: Prove would win the "
      + "challenge. Concede anyway, and lose an influence?");
    if (!ok) return;
  }
  busy = true;
  render();
  const answer = await postMove(game, seat, token, current.version, move);
  busy = false;
  if (answer.ok) {
    say("", "", answer.status);
    // The event stream may have brought a newer view while the move was on its way (a bot
    // answered at once): accept leaves that view as it is, so its buttons, drawn while the
    // move was on its way, must be drawn again, enabled.
    const late = current !== null && answer.data.version < current.version;
    accept(answer.data);
    if (late) render();
  } else if (answer.status === 0) {
    say(`${answer.problem.detail}; try again.`, "error", "network");
    render();
  } else if (answer.status === 503) {
    reconnecting(answer.retryAfter); // the move was not made: it can be made once it answers
    render();
  } else {
    await refresh(log.length);
    problem(answer.status, answer.problem);
    render();
  }
}

/** @param {string | null} name @param {string} [extra] */
function card(name, extra) {
  const span = document.createElement("span");
  span.className = `card ${name ? `card-${name}` : "card-back"} ${extra || ""}`;
  span.textContent = name ? name[0].toUpperCase() + name.slice(1) : "?";
  return span;
}

/** A seat's name as the table shows it. @param {number} n */
function nameOf(n) {
  const s = current ? current.table.seats[n] : null;
  if (!s) return `Seat ${n}`;
  if (s.name) return s.name;
  return s.bot ? `Bot ${n}` : `Seat ${n} (open)`;
}

/** @param {number} n */
function seatName(n) {
  return String(n) === String(seat) ? `${nameOf(n)} (you)` : nameOf(n);
}

/** @param {string[]} names */
function joined(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The server's sentences name seats by number; the table says their names.
 * @param {string} text */
function named(text) {
  return text.replace(/\b([Ss])eats? ((?:\d+, )*\d+(?: and \d+)?)\b/g, (_, s, list) => {
    const names = joined(String(list).split(/, | and /).map((n) => nameOf(Number(n))));
    return s === "S" ? names.charAt(0).toUpperCase() + names.slice(1) : names;
  });
}

function beep() {
  if (!/** @type {HTMLInputElement} */ ($("sound")).checked) return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 660;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
  } catch (error) {
    // no sound here: the title still says it
  }
}

function tick() {
  const clock = $("clock");
  if (!current || deadline === 0 || current.view.to_act.length === 0) {
    clock.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
  const mine = current.view.seat !== null && current.view.to_act.includes(current.view.seat);
  clock.textContent = mine ? `${left} s left to decide` : `${left} s left for this decision`;
  clock.classList.toggle("hurry", mine && left <= 10);
}

function render() {
  if (!current) return;
  const v = current.view;
  const info = current.table;
  document.body.dataset.version = String(current.version);
  document.body.dataset.over = v.to_act.length === 0 ? "1" : "0";
  $("who").textContent = seat === "spectator"
    ? `game ${game} · watching (public information only)`
    : `game ${game} · you are ${nameOf(seat)}`;

  // The decision being waited on, in words spoken to this seat, and its moves.
  const waitingOnMe = v.seat !== null && v.to_act.includes(v.seat);
  let pending = named(current.pending_text);
  if (!info.started) {
    const open = info.seats.flatMap((s, n) => (s.open ? [n] : []));
    pending = `Waiting for every seat to be taken (still open: ${joined(open.map((n) => `seat ${n}`))}).`;
  } else if (waitingOnMe && v.pending && v.pending.kind === "action") {
    pending = "Your turn: choose an action.";
  } else if (waitingOnMe && v.pending && WINDOWS.includes(v.pending.kind)) {
    // "Ana claims the Captain to steal from you: challenge, block or allow?"
    const options = [...new Set(v.legal_moves.map((m) => m.type))];
    pending = `${pending.split(";")[0]}: ${joined(options).replace(/ and (\w+)$/, " or $1")}?`;
  } else if (waitingOnMe) {
    pending = `${pending} Your decision.`;
  }
  $("pending").textContent = pending;
  $("pending").classList.toggle("yours", waitingOnMe);
  document.title = waitingOnMe && info.started ? "▶ Your move · Coup" : `Coup · game ${game}`;
  if (waitingOnMe && !wasMine && info.started) beep();
  wasMine = waitingOnMe;
  const winner = $("winner");
  winner.hidden = v.winner === null;
  if (v.winner !== null) {
    winner.textContent = String(v.winner) === String(seat) ? "You win!" : `${nameOf(v.winner)} wins.`;
  }
  const moves = $("moves");
  moves.replaceChildren();
  v.legal_moves.forEach((move, i) => {
    const button = document.createElement("button");
    button.className = `move move-${move.type}`;
    button.textContent = named(current ? current.move_labels[i].label : "");
    const notation = current ? current.move_labels[i].notation : "";
    button.title = notation;
    button.dataset.notation = notation;
    button.disabled = busy || !info.started;
    button.addEventListener("click", () => play(i));
    moves.append(button);
  });
  tick();

  // Your own cards (and a card shown to you by Examine).
  const mine = v.seat === null ? null : v.players[v.seat];
  $("hand-area").hidden = mine === null;
  if (mine) {
    $("hand").replaceChildren(...(mine.hand || []).map((c) => card(c)));
    if (mine.hidden === 0) $("hand").replaceChildren(document.createTextNode("none: you are out"));
  }
  $("shown").replaceChildren(...(v.shown ? ["Card shown in the Examine: ", card(v.shown)] : []));

  // Every seat: name, presence, coins, hidden cards (backs), revealed cards, claims, allegiance.
  const reformation = v.config.reformation;
  $("allegiance-head").hidden = !reformation;
  const rows = v.players.map((p) => {
    const tr = document.createElement("tr");
    const s = info.seats[p.seat];
    tr.dataset.seat = String(p.seat);
    if (p.seat === v.active && v.winner === null) tr.classList.add("active");
    if (v.to_act.includes(p.seat)) tr.classList.add("waiting");
    if (!p.alive) tr.classList.add("out");
    if (String(p.seat) === String(seat)) tr.classList.add("me");
    const name = document.createElement("td");
    name.className = "name";
    const dot = document.createElement("span");
    dot.className = `presence ${s.connected ? "on" : "off"}`;
    dot.title = s.bot ? "a bot" : s.connected ? "at the table" : "away";
    name.append(dot, seatName(p.seat) + (s.bot ? " · bot" : "") + (v.winner === p.seat ? " — winner" : ""));
    if (s.removed) name.append(` · reopened by the host (was ${s.removed.join(", then ")})`);
    const coins = document.createElement("td");
    coins.className = "coins";
    coins.textContent = String(p.coins);
    const hidden = document.createElement("td");
    hidden.className = "influence";
    const hand = info.hands ? info.hands[p.seat] : null;
    if (hand && hand.length) for (const c of hand) hidden.append(card(c, "final"));
    else for (let k = 0; k < p.hidden; k++) hidden.append(card(null));
    if (p.hidden === 0) hidden.textContent = "out";
    const revealed = document.createElement("td");
    revealed.className = "revealed";
    for (const c of p.revealed) revealed.append(card(c, "revealed"));
    const claims = document.createElement("td");
    claims.className = "claims";
    claims.textContent = s.claims.map((c) => c[0].toUpperCase() + c.slice(1)).join(", ");
    tr.append(name, coins, hidden, revealed, claims);
    if (reformation) {
      const allegiance = document.createElement("td");
      allegiance.className = "allegiance";
      allegiance.textContent = p.allegiance ? p.allegiance[0].toUpperCase() + p.allegiance.slice(1) : "—";
      tr.append(allegiance);
    }
    return tr;
  });
  /** @type {HTMLTableElement} */ ($("seats")).tBodies[0].replaceChildren(...rows);
  const bank = [`Treasury: ${v.treasury} coins`, `Court: ${v.court_size} cards`];
  if (reformation) bank.push(`Reserve: ${v.reserve} coins`);
  if (v.set_aside) bank.push(`set aside: ${v.set_aside} cards`);
  bank.push(`turn ${v.turn}`);
  $("bank").textContent = bank.join(" · ");
  $("rematch-area").hidden = (v.winner === null && !(room && room.rematch)) || seat === "spectator";

  // The narrated log, newest at the bottom; the table's answers for seats out of time marked.
  const list = $("log");
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren(...noticesAt(0), ...log.flatMap((entry, k) => {
    const li = document.createElement("li");
    li.textContent = named(entry.text);
    const late = timeouts.get(entry.index);
    if (late !== undefined) {
      li.classList.add("timed-out");
      const whom = String(late) === String(seat) ? "you" : nameOf(late);
      li.append(` (time ran out: the table answered for ${whom})`);
    }
    if (entry.turn) li.classList.add("turn");
    return [li, ...noticesAt(k + 1)];
  }));
  if (atBottom) list.scrollTop = list.scrollHeight;
}

function connect() {
  // Only what is newer than the page; after a dropped connection the browser sends
  // Last-Event-ID (the version it last got), and the server goes on from there.
  const since = current ? current.version : 0;
  source = followTable(game, seat, token, since, {
    onView: accept,
    onChat: heard,
    onRoom: roomChanged,
    onRevoked: revoked,
    onState: (state) => {
      if (state === "closed") { // the server refused the stream (an outage): follow again
        source = null;
        reconnecting();
      } else if (source) {
        $("connection").textContent = state === "live" ? "live" : "reconnecting…";
      }
    },
  });
}

async function rules() {
  const details = /** @type {HTMLDetailsElement} */ ($("rules"));
  if (!details.open || $("rules-body").childElementCount) return;
  const config = current ? current.view.config : null;
  const variant = ["rules", ...(config && config.inquisitor ? ["inquisitor"] : []),
    ...(config && config.reformation ? ["reformation"] : [])].join("-");
  const response = await fetch(`/static/${variant}.html`); // built by scripts/rules_card.py
  if (!response.ok) return;
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  const card = doc.querySelector("#card");
  if (card) $("rules-body").replaceChildren(document.importNode(card, true));
}

/** Once the game is over: its record to download (the server's text as it came, so that a
 * seed beyond 2**53 is kept exactly) and its link to the rules playground, if the server
 * names one. */
async function offerRecord() {
  if (recordAsked) return;
  recordAsked = true;
  const answer = await getRecord(game, seat, token);
  if (!answer.ok) {
    recordAsked = false; // asked again at the next envelope
    return;
  }
  const { record, text } = answer.data;
  const download = /** @type {HTMLAnchorElement} */ ($("record-download"));
  download.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  download.download = `coup-game-${game}.json`;
  const replay = /** @type {HTMLAnchorElement} */ ($("record-replay"));
  if (record.playground) replay.href = record.playground;
  $("record-replay-part").hidden = !record.playground;
  $("record-area").hidden = false;
}

async function rematch() {
  if (seat === "spectator" || joining) return;
  joining = true;
  const button = /** @type {HTMLButtonElement} */ ($("rematch"));
  button.disabled = true;
  const answer = await askRematch(game, seat, token);
  button.disabled = false;
  if (answer.ok) {
    if (source) source.close();
    location.assign(answer.data.link);
    return;
  }
  joining = false;
  say(answer.problem.detail, "error", answer.status);
}

/** Say a line: free text, or a canned one. @param {{text: string} | {canned: string}} line */
async function speak(line) {
  if (seat === "spectator") return;
  const answer = await sayLine(game, seat, token, line);
  if (answer.ok) {
    heard(answer.data.line);
    /** @type {HTMLInputElement} */ ($("chat-text")).value = "";
    $("chat-message").textContent = "";
  } else {
    $("chat-message").textContent = answer.problem.detail;
  }
}

async function chatInit() {
  if (seat === "spectator") {
    $("canned").hidden = true;
    $("chat-form").hidden = true;
    return;
  }
  const lines = await chatLines();
  if (!lines.ok) return;
  const buttons = Object.entries(lines.data.canned).map(([key, text]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "canned-line";
    button.dataset.canned = key;
    button.textContent = text;
    button.addEventListener("click", () => speak({ canned: key }));
    return button;
  });
  $("canned").replaceChildren(...buttons);
  /** @type {HTMLFormElement} */ ($("chat-form")).addEventListener("submit", (event) => {
    event.preventDefault();
    const text = /** @type {HTMLInputElement} */ ($("chat-text")).value;
    if (text.trim()) speak({ text });
  });
}

/** @type {HTMLDetailsElement} */ ($("rules")).addEventListener("toggle", rules);
$("rematch").addEventListener("click", rematch);
setInterval(tick, 1000);
if (!token) {
  say("This link has no token: use the link you got when you took your seat.", "error", "");
} else {
  getView(game, seat, token).then((answer) => {
    if (!answer.ok && answer.status === 503) return reconnecting(answer.retryAfter);
    if (!answer.ok) return problem(answer.status, answer.problem);
    accept(answer.data);
    connect(); // after the end too: the chat, and the next game at the table
  });
  chatInit();
}
