// @ts-check
// An invite: give a name, claim the seat, and go to it. The seat's token is made for this
// browser by the server and lives in the new page's address (after #), nowhere else.
import { claimSeat } from "./client.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const game = location.pathname.split("/").filter(Boolean)[1] || "";
const invite = decodeURIComponent(location.hash.slice(1));

/** @param {SubmitEvent} event */
async function join(event) {
  event.preventDefault();
  const button = /** @type {HTMLButtonElement} */ ($("take"));
  button.disabled = true;
  const name = /** @type {HTMLInputElement} */ ($("name")).value;
  const answer = await claimSeat(game, invite, name);
  button.disabled = false;
  if (answer.ok) {
    location.replace(answer.data.link);
  } else {
    $("error").textContent = answer.problem.detail;
  }
}

if (!invite) $("error").textContent = "This link has no invite: use the link the host sent you.";
/** @type {HTMLFormElement} */ ($("join")).addEventListener("submit", join);
