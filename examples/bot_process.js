// A Coup bot as a command, in plain Node (no dependencies): the coup-bot protocol v1.
//
// The host writes one JSON request per line on standard input and reads one answer per line
// on standard output ("Bots in any language" in the docs). This bot plays by rules of thumb:
// Coup when it can, act with the characters it holds, block with them, lose its least useful
// card; the same rules as examples/bot_process.py, so the two play alike.
//
//     coup-rules tournament --bots honest,random --entrant 'cmd:node examples/bot_process.js'
const VALUE = { duke: 5, captain: 4, assassin: 4, inquisitor: 3, contessa: 3, ambassador: 2 };
// What each kind of move is worth, and the card that makes it honest (null: honest always).
const WORTH = {
  coup: [90, null],
  assassinate: [80, "assassin"],
  tax: [70, "duke"],
  steal: [60, "captain"],
  block: [85, null],
  prove: [95, null],
  income: [30, null],
  foreign_aid: [20, null],
  allow: [10, null],
};

/** How much the bot likes `move`: the highest-scoring legal move is played. */
function score(move, view) {
  const hand = view.players[view.seat].hand || [];
  if (move.type === "lose_influence") return 50 - VALUE[move.character];
  if (move.type === "block" && !hand.includes(move.character)) return 0; // never bluff a block
  const [worth, needs] = WORTH[move.type] || [5, null];
  if (needs !== null && !hand.includes(needs)) return 0; // never bluff an action
  return worth + (move.target !== undefined ? view.players[move.target].coins / 100 : 0);
}

/** The answer to one request of the host. */
function answer(request) {
  const id = request.id;
  if (request.cmd === "hello") return { id, ok: true, name: "rules-of-thumb (Node)" };
  if (request.cmd === "decide") {
    const view = request.view;
    let best = view.legal_moves[0];
    for (const move of view.legal_moves) if (score(move, view) > score(best, view)) best = move;
    return { id, ok: true, move: best };
  }
  if (request.cmd === "quit") return { id, ok: true };
  return { id, ok: false, error: { code: "unknown_command", message: String(request.cmd) } };
}

// One request per line; at the end of input (the host is gone) Node exits by itself.
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  const lines = (pending + chunk).split("\n");
  pending = lines.pop();
  for (const line of lines.filter((l) => l.trim())) {
    const request = JSON.parse(line);
    process.stdout.write(JSON.stringify(answer(request)) + "\n");
    if (request.cmd === "quit") process.exit(0);
  }
});
