// @ts-check
// The lobby: build a seat list, create the game, and go to the host's page (its invites).
import { botNames, createGame } from "./client.js";
import { claimByCode, findRoom, openTables } from "./room.js";

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
    listed: $("listed").checked,
    auto_rematch: $("auto-rematch").checked,
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

/** A room code and a name: the first open seat of that table. @param {SubmitEvent} event */
async function joinByCode(event) {
  event.preventDefault();
  $("join-error").textContent = "";
  const code = $("code").value;
  const found = await findRoom(code);
  if (!found.ok) {
    $("join-error").textContent = found.problem.detail;
    return;
  }
  const claimed = await claimByCode(found.data.game, found.data.code, $("join-name").value);
  if (claimed.ok) location.assign(claimed.data.link);
  else $("join-error").textContent = claimed.problem.detail;
}

/** The tables listed as open, each with its free seats and a button that picks its code. */
async function showOpenTables() {
  const answer = await openTables();
  if (!answer.ok) return;
  const items = answer.data.tables.map((t) => {
    const li = document.createElement("li");
    li.dataset.code = t.code;
    const variants = [t.inquisitor ? "Inquisitor" : "", t.reformation ? "Reformation" : ""]
      .filter(Boolean).join(", ");
    const seated = t.seats.filter((s) => s.name).map((s) => s.name).join(", ");
    li.append(`${t.players} players${variants ? ` (${variants})` : ""} · ${t.free} free `
      + `seat${t.free === 1 ? "" : "s"}${seated ? ` · with ${seated}` : ""} `);
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `Join ${t.code}`;
    button.addEventListener("click", () => {
      $("code").value = t.code;
      $("join-name").focus();
    });
    li.append(button);
    return li;
  });
  $("open-tables").replaceChildren(...items);
  $("no-tables").hidden = items.length > 0;
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
  /** @type {HTMLFormElement} */ (/** @type {unknown} */ ($("join-code"))).addEventListener("submit", joinByCode);
  await showOpenTables();
  setInterval(showOpenTables, 5000);
}

init();
