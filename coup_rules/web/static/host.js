// @ts-check
// The host's page: the invites to send, who has taken which seat, bots before the start, and
// reopening the seat of a player who left (their link stops working). It reads no hand.
import { botNames, changeSeat, hostLinks } from "./client.js";
import { muteSeat, setRoom } from "./room.js";

/** @typedef {import("./client.js").HostLinks} HostLinks */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const game = location.pathname.split("/").filter(Boolean)[1] || "";
const token = decodeURIComponent(location.hash.slice(1));
/** @type {string[]} */
let bots = ["honest", "bluff", "random"];

/** @param {string} path */
function absolute(path) {
  return new URL(path, location.href).href;
}

/** @param {string} text @param {string} path */
function link(text, path) {
  const a = document.createElement("a");
  a.href = absolute(path);
  a.textContent = text;
  a.target = "_blank";
  return a;
}

/** @param {number} seat @param {{player: string} | {reopen: true}} change */
async function change(seat, change) {
  const answer = await changeSeat(game, token, seat, change);
  if (answer.ok) show(answer.data);
  else $("error").textContent = answer.problem.detail;
}

/**
 * The host's view of the table beside the game (room.js's RoomInfo; a seat's mute).
 * @typedef {{room?: import("./room.js").RoomInfo, next_game?: string | null}} RoomLinks
 */

/** @param {HostLinks & RoomLinks} data */
function showRoom(data) {
  const room = data.room;
  $("room-area").hidden = !room || !room.code;
  if (room) {
    $("room-code").textContent = room.code || "";
    /** @type {HTMLInputElement} */ ($("listed")).checked = room.listed;
    /** @type {HTMLInputElement} */ ($("auto-rematch")).checked = room.auto_rematch;
  }
  $("next-game").hidden = !data.next_game;
  if (data.next_game) /** @type {HTMLAnchorElement} */ ($("next-game-link")).href = absolute(data.next_game);
}

async function roomChoice() {
  const listed = /** @type {HTMLInputElement} */ ($("listed")).checked;
  const auto = /** @type {HTMLInputElement} */ ($("auto-rematch")).checked;
  const answer = await setRoom(game, token, listed, auto);
  if (!answer.ok) $("error").textContent = answer.problem.detail;
  else refresh();
}

/** @param {HostLinks & RoomLinks} data */
function show(data) {
  showRoom(data);
  $("error").textContent = "";
  $("who").textContent = `game ${data.game}`;
  $("status").textContent = data.started ? "· the game is on" : "· waiting for every seat";
  const own = data.seat;
  $("own").hidden = own === null;
  if (own) /** @type {HTMLAnchorElement} */ ($("own-link")).href = absolute(own.link);
  const items = data.seats.map((s) => {
    const li = document.createElement("li");
    li.dataset.seat = String(s.seat);
    const who = s.player !== "human"
      ? `bot (${s.player})`
      : s.open ? "open" : `${s.name}${s.connected ? " · at the table" : " · away"}`;
    li.append(`Seat ${s.seat}: ${who} `);
    if (s.invite) {
      const invite = link("invite link", s.invite);
      invite.className = "invite";
      invite.dataset.invite = absolute(s.invite);
      li.append(invite, " ");
    }
    if (!data.started && own?.seat !== s.seat) {
      const select = document.createElement("select");
      for (const who of ["human", ...bots]) {
        const option = document.createElement("option");
        option.value = who;
        option.textContent = who === "human" ? "a person" : `bot: ${who}`;
        select.append(option);
      }
      select.value = s.player;
      select.addEventListener("change", () => change(s.seat, { player: select.value }));
      li.append(select);
    } else if (s.player === "human" && !s.open && own?.seat !== s.seat) {
      const button = document.createElement("button");
      button.textContent = "Reopen this seat";
      button.title = "Their link stops working; a new invite replaces it";
      button.addEventListener("click", () => {
        if (confirm(`Give seat ${s.seat} to someone else? ${s.name}'s link stops working.`)) {
          change(s.seat, { reopen: true });
        }
      });
      li.append(button);
    }
    const muted = /** @type {{muted?: boolean}} */ (s).muted === true;
    if (s.player === "human" && !s.open) {
      const mute = document.createElement("button");
      mute.className = "mute";
      mute.textContent = muted ? "Let speak" : "Mute in the chat";
      mute.addEventListener("click", async () => {
        const answer = await muteSeat(game, token, s.seat, !muted);
        if (!answer.ok) $("error").textContent = answer.problem.detail;
        else refresh();
      });
      li.append(" ", mute);
    }
    return li;
  });
  $("seats").replaceChildren(...items);
  const spectator = /** @type {HTMLAnchorElement} */ ($("spectator-link"));
  spectator.href = absolute(data.spectator.link);
  spectator.textContent = spectator.href;
}

async function refresh() {
  // Keep the page open on a control (a select being used) from being redrawn under the mouse.
  if (document.activeElement?.tagName === "SELECT") return;
  const answer = await hostLinks(game, token);
  if (answer.ok) show(answer.data);
  else $("error").textContent = answer.problem.detail;
}

async function init() {
  $("listed").addEventListener("change", roomChoice);
  $("auto-rematch").addEventListener("change", roomChoice);
  const names = await botNames();
  if (names.ok) bots = names.data.bots; // else keep the default list
  await refresh();
  setInterval(refresh, 2000);
}

if (!token) $("error").textContent = "This link has no host token: use the link you were given.";
else init();
