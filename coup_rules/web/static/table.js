"use strict";
// One seat's page (or the spectators'): everything shown comes from the server's envelope,
// {view, version, seats, pending_text, log_text, move_labels}, built from this seat's view only.

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean); // play/GAME/SEAT or watch/GAME
const game = parts[1];
const seat = parts[0] === "play" ? parts[2] : "spectator";
const token = decodeURIComponent(location.hash.slice(1));
const api = `/api/games/${encodeURIComponent(game)}/seats/${seat}`;
const auth = { Authorization: `Bearer ${token}` };

let current = null; // the newest envelope shown
let log = []; // {index, text, turn} for every event so far
let busy = false; // a move is on its way
let source = null;

function accept(envelope) {
  if (current && envelope.version < current.version) return; // an older answer arrived late
  const start = envelope.view.log_start;
  if (start > log.length) return refresh(0); // missed events: fetch the whole log
  log = log.slice(0, start).concat(envelope.log_text);
  current = envelope;
  render();
  if (envelope.view.to_act.length === 0 && source) {
    source.close(); // the game is over: nothing more will come
    source = null;
    $("connection").textContent = "game over";
  }
}

async function refresh(since) {
  const response = await fetch(`${api}?since=${since}`, { headers: auth });
  if (!response.ok) return problem(response.status, await response.json());
  if (since === 0) log = [];
  accept(await response.json());
}

function say(text, kind, status) {
  const message = $("message");
  message.textContent = text;
  message.className = `message ${kind || ""}`;
  message.dataset.status = status || "";
}

function problem(status, data) {
  if (status === 409) {
    say("Too late: someone moved first, so your move was not applied. This is the game now.",
      "warn", status);
  } else if (status === 422) {
    say(`Not allowed: ${data.reason} (${data.rule})`, "error", status);
  } else {
    say(data.detail || `error ${status}`, "error", status);
  }
}

async function play(index) {
  if (busy || !current) return;
  busy = true;
  render();
  const body = JSON.stringify({ version: current.version, move: current.view.legal_moves[index] });
  try {
    const response = await fetch(`${api}/moves`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body,
    });
    const data = await response.json();
    if (response.ok) {
      say("", "", response.status);
      accept(data);
    } else {
      problem(response.status, data);
      await refresh(log.length);
    }
  } catch (error) {
    say(`The server did not answer (${error.message}); try again.`, "error", "network");
  } finally {
    busy = false;
    render();
  }
}

function card(name, extra) {
  const span = document.createElement("span");
  span.className = `card ${name ? `card-${name}` : "card-back"} ${extra || ""}`;
  span.textContent = name ? name[0].toUpperCase() + name.slice(1) : "?";
  return span;
}

function seatName(n) {
  const who = current.seats[n];
  if (String(n) === seat) return `Seat ${n} (you)`;
  return who === "human" ? `Seat ${n}` : `Seat ${n} · bot (${who})`;
}

function render() {
  if (!current) return;
  const v = current.view;
  document.body.dataset.version = String(current.version);
  document.body.dataset.over = v.to_act.length === 0 ? "1" : "0";
  $("who").textContent = seat === "spectator"
    ? `game ${game} · watching (public information only)`
    : `game ${game} · you are seat ${seat}`;

  // The decision being waited on, and this seat's moves.
  const waitingOnMe = v.seat !== null && v.to_act.includes(v.seat);
  $("pending").textContent = current.pending_text;
  const winner = $("winner");
  winner.hidden = v.winner === null;
  if (v.winner !== null) {
    winner.textContent = String(v.winner) === seat ? "You win!" : `Seat ${v.winner} wins.`;
  }
  $("pending").classList.toggle("yours", waitingOnMe);
  const moves = $("moves");
  moves.replaceChildren();
  v.legal_moves.forEach((move, i) => {
    const button = document.createElement("button");
    button.className = `move move-${move.type}`;
    button.textContent = current.move_labels[i].label;
    button.title = current.move_labels[i].notation;
    button.dataset.notation = current.move_labels[i].notation;
    button.disabled = busy;
    button.addEventListener("click", () => play(i));
    moves.append(button);
  });

  // Your own cards (and a card shown to you by Examine).
  const mine = v.seat === null ? null : v.players[v.seat];
  $("hand-area").hidden = mine === null;
  if (mine) {
    $("hand").replaceChildren(...(mine.hand || []).map((c) => card(c)));
    if (mine.hidden === 0) $("hand").replaceChildren(document.createTextNode("none: you are out"));
  }
  $("shown").textContent = v.shown ? `Card shown in the Examine: ${v.shown}` : "";

  // Every seat: coins, hidden cards (backs), revealed cards, allegiance.
  const reformation = v.config.reformation;
  $("allegiance-head").hidden = !reformation;
  const rows = v.players.map((p) => {
    const tr = document.createElement("tr");
    tr.dataset.seat = p.seat;
    if (p.seat === v.active && v.winner === null) tr.classList.add("active");
    if (v.to_act.includes(p.seat)) tr.classList.add("waiting");
    if (!p.alive) tr.classList.add("out");
    if (String(p.seat) === seat) tr.classList.add("me");
    const cells = [
      seatName(p.seat) + (v.winner === p.seat ? " — winner" : ""),
      String(p.coins),
      null,
      null,
      p.allegiance ? p.allegiance[0].toUpperCase() + p.allegiance.slice(1) : "—",
    ];
    cells.forEach((text, i) => {
      if (i === 4 && !reformation) return;
      const td = document.createElement("td");
      if (i === 2) {
        for (let k = 0; k < p.hidden; k++) td.append(card(null));
        if (p.hidden === 0) td.textContent = "out";
      } else if (i === 3) {
        for (const c of p.revealed) td.append(card(c, "revealed"));
      } else {
        td.textContent = text;
      }
      tr.append(td);
    });
    return tr;
  });
  $("seats").tBodies[0].replaceChildren(...rows);
  const bank = [`Treasury: ${v.treasury} coins`, `Court: ${v.court_size} cards`];
  if (reformation) bank.push(`Reserve: ${v.reserve} coins`);
  if (v.set_aside) bank.push(`set aside: ${v.set_aside} cards`);
  bank.push(`turn ${v.turn}`);
  $("bank").textContent = bank.join(" · ");

  // The narrated log, newest at the bottom.
  const list = $("log");
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren(...log.map((entry) => {
    const li = document.createElement("li");
    li.textContent = entry.text;
    if (entry.turn) li.className = "turn";
    return li;
  }));
  if (atBottom) list.scrollTop = list.scrollHeight;
}

function connect() {
  // Only what is newer than the page; after a dropped connection the browser sends
  // Last-Event-ID (the version it last got), and the server goes on from there.
  const since = current ? current.version : 0;
  source = new EventSource(`${api}/events?token=${encodeURIComponent(token)}&since=${since}`);
  source.addEventListener("view", (event) => accept(JSON.parse(event.data)));
  source.addEventListener("open", () => { $("connection").textContent = "live"; });
  source.addEventListener("error", () => {
    if (source) $("connection").textContent = "reconnecting…";
  });
}

if (!token) {
  say("This link has no token: use the private link you were given.", "error", "");
} else {
  fetch(api, { headers: auth }).then(async (response) => {
    if (!response.ok) return problem(response.status, await response.json());
    accept(await response.json());
    if (current.view.to_act.length > 0) connect();
    else $("connection").textContent = "game over";
  }, (error) => say(`Cannot reach the server: ${error.message}`, "error", "network"));
}
