// @ts-check
// The host's page: the invites to send, who has taken which seat, bots before the start, and
// reopening the seat of a player who left (their link stops working). It reads no hand.
import { botNames, changeSeat, hostLinks } from "./client.js";

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

/** @param {HostLinks} data */
function show(data) {
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
  const names = await botNames();
  if (names.ok) bots = names.data.bots; // else keep the default list
  await refresh();
  setInterval(refresh, 2000);
}

if (!token) $("error").textContent = "This link has no host token: use the link you were given.";
else init();
