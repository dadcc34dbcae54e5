"use strict";
// The lobby: build a seat list, POST /api/games, show the private link of every human seat.

const $ = (id) => document.getElementById(id);
let bots = ["honest", "bluff", "random"];

function seatRows() {
  const n = Number($("players").value);
  const list = $("seats");
  const old = Array.from(list.querySelectorAll("select")).map((s) => s.value);
  list.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    const li = document.createElement("li");
    const label = document.createElement("label");
    label.textContent = `Seat ${seat} `;
    const select = document.createElement("select");
    select.id = `seat-${seat}`;
    for (const who of ["human", ...bots]) {
      const option = document.createElement("option");
      option.value = who;
      option.textContent = who === "human" ? "a person (private link)" : `bot: ${who}`;
      select.append(option);
    }
    select.value = old[seat] || "human";
    label.append(select);
    li.append(label);
    list.append(li);
  }
}

function link(path) {
  const a = document.createElement("a");
  a.href = new URL(path, location.href).href;
  a.textContent = a.href;
  a.target = "_blank";
  return a;
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const players = Number($("players").value);
  const seats = [];
  for (let seat = 0; seat < players; seat++) seats.push($(`seat-${seat}`).value);
  const body = {
    config: { players, inquisitor: $("inquisitor").checked, reformation: $("reformation").checked },
    seats,
  };
  $("create").disabled = true;
  try {
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) throw new Error(data.detail || response.statusText);
    $("game-id").textContent = data.game;
    const list = $("seat-links");
    list.replaceChildren();
    for (const s of data.seats) {
      const li = document.createElement("li");
      li.dataset.seat = s.seat;
      li.append(`Seat ${s.seat}: `);
      if (s.link) li.append(link(s.link));
      else li.append(`bot (${s.player})`);
      list.append(li);
    }
    const spectator = $("spectator-link");
    spectator.href = new URL(data.spectator.link, location.href).href;
    spectator.textContent = spectator.href;
    $("links").hidden = false;
  } catch (error) {
    $("error").textContent = `Could not create the game: ${error.message}`;
  } finally {
    $("create").disabled = false;
  }
}

async function init() {
  for (let n = 2; n <= 10; n++) {
    const option = document.createElement("option");
    option.value = option.textContent = String(n);
    $("players").append(option);
  }
  $("players").value = "3";
  try {
    const response = await fetch("/api/bots");
    if (response.ok) bots = (await response.json()).bots;
  } catch (error) {
    // keep the default list
  }
  seatRows();
  $("players").addEventListener("change", seatRows);
  $("new-game").addEventListener("submit", create);
}

init();
