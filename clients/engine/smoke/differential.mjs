// The JavaScript half of tests/test_js_engine.py: plays games and asks questions through
// @coup-rules/engine (this folder's built package), and writes what it saw, one JSON line each,
// for the test to compare byte for byte with the same games played by the library in CPython.
//
//   node clients/engine/smoke/differential.mjs < JOB.json > RECORD.jsonl
//
// The job is {"games": [{"config": {...}, "seed": N}, ...], "cases": [{"name", "method",
// "args"}, ...]}. A game's moves are chosen by the Park-Miller generator (x -> 48271 x mod
// 2**31 - 1, started at seed + 1): a seat of toAct, then a move of that seat's legalMoves, each
// by the next number modulo the length. Its line is {"game", "steps": [[seat, number of legal
// moves, move], ...], "final": the final state's text}. A case calls one method and its line is
// {"case", "result"} or {"case", "error": {"name", "message", "reason"?, "rule"?}}.
// Every line is JSON.stringify's: no spaces, members in the order given.
import { loadEngine } from "../engine.js";
import { play } from "./play.mjs";

function ask(engine, { name, method, args }) {
  try {
    return { case: name, result: engine[method](...args) };
  } catch (error) {
    const { reason, rule } = error;
    return {
      case: name,
      error: { name: error.name, message: error.message, ...(rule === undefined ? {} : { reason, rule }) },
    };
  }
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const job = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const engine = await loadEngine();
for (const game of job.games ?? []) process.stdout.write(`${JSON.stringify(play(engine, game))}\n`);
for (const question of job.cases ?? []) process.stdout.write(`${JSON.stringify(ask(engine, question))}\n`);
