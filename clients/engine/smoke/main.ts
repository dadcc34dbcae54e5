// A program a user of @coup-rules/engine writes: scripts/check_engine_package.sh compiles it
// with tsc --strict against the packed tarball and runs it in Node.
import {
  IllegalMoveError,
  InvalidInputError,
  loadEngine,
  type GameStateText,
  type Move,
  type PlayerView,
} from "@coup-rules/engine";
import type { EngineWorker } from "@coup-rules/engine/worker";
import type { Character } from "@coup-rules/engine/types";

const engine = await loadEngine();
let state: GameStateText = engine.newGame({ players: 3 }, { seed: 7 });
const first: Move[] = engine.legalMoves(state, 0);
if (first.length === 0 || engine.toAct(state)[0] !== 0) throw new Error("seat 0 has no move");

// An illegal move is refused with the reason and the rule that forbids it.
try {
  engine.apply(state, { type: "coup", player: 0, target: 1 });
  throw new Error("a Coup with 2 coins was allowed");
} catch (error) {
  if (!(error instanceof IllegalMoveError) || error.rule !== "R-ACT-9") throw error;
  console.log(`refused: ${error.reason} (${error.rule})`);
}
// Input that is no move is refused with the library's words.
try {
  engine.legalMoves(state, 9);
  throw new Error("seat 9 of 3 was answered");
} catch (error) {
  if (!(error instanceof InvalidInputError)) throw error;
}

// Play to the end: the first seat to act makes its first legal move.
let moves = 0;
while (engine.toAct(state).length > 0) {
  const seat = engine.toAct(state)[0];
  const move = engine.legalMoves(state, seat)[0];
  if (engine.parseMove(engine.formatMove(move), state).type !== move.type) throw new Error("notation");
  state = engine.apply(state, move);
  moves += 1;
}
const spectator: PlayerView = engine.view(state, null);
const revealed: Character[] = engine.view(state, 0).players[0].revealed;
const lines: string[] = engine.narrate(state, null);
console.log(`${moves} moves; seat ${spectator.winner} wins; seat 0 revealed ${revealed.join(" and ") || "nothing"}; ${lines.at(-1)}`);
console.log(engine.describeMove(first[0], { players: 3 }, "button"));

// The worker's client has the same methods, each answering a promise.
export async function viaWorker(remote: EngineWorker): Promise<number> {
  await remote.ready;
  const game = await remote.newGame({ players: 2 }, { hands: [["duke", "captain"], ["contessa", "duke"]] });
  return (await remote.legalMoves(game, 0)).length;
}
