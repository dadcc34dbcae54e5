// @ts-check
// The lobby: build a seat list, create the game, and go to the host's page (its invites).
import { botNames, createGame } from "./client.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
/** @type {string[]} */
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
      option.textContent = who === "human" ? "a person (invite link)" : `bot: ${who}`;
      select.append(option);
    }
    select.value = old[seat] || "human";
    label.append(select);
    li.append(label);
    list.append(li);
  }
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const players = Number($("players").value);
  const seats = [];
  for (let seat = 0; seat < players; seat++) seats.push($(`seat-${seat}`).value);
  const plays = $("plays").checked;
  if (plays) seats[0] = "human";
  const limit = $("time-limit").value;
  const body = {
    config: { players, inquisitor: $("inquisitor").checked, reformation: $("reformation").checked },
    seats,
    host_seat: plays ? 0 : null,
    name: plays ? $("name").value : undefined,
    time_limit: limit ? Number(limit) : null,
  };
  $("create").disabled = true;
  const answer = await createGame(body);
  $("create").disabled = false;
  if (!answer.ok) {
    $("error").textContent = `Could not create the game: ${answer.problem.detail}`;
    return;
  }
  if (answer.data.host) location.assign(answer.data.host);
}

async function init() {
  for (let n = 2; n <= 10; n++) {
    const option = document.createElement("option");
    option.value = option.textContent = String(n);
    $("players").append(option);
  }
  $("players").value = "3";
  const names = await botNames();
  if (names.ok) bots = names.data.bots; // else keep the default list
  seatRows();
  $("players").addEventListener("change", seatRows);
  /** @type {HTMLFormElement} */ (/** @type {unknown} */ ($("new-game"))).addEventListener("submit", create);
}

init();
