// The engine's figures in Node, for benchmarks/js_engine.py: its cold start (import and
// loadEngine, wall-clock and CPU time), the process's memory once started, and the seeded games
// of the job (stdin: {"games": [...]}) played as play.mjs plays them, with the engine's cache
// of decoded states and (the first `uncached` games, default 4) without it (each state's text changed by a trailing space). Prints one
// JSON object.
import { performance } from "node:perf_hooks";
import { play } from "./play.mjs";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const job = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const cpu = process.cpuUsage();
const start = performance.now();
const { loadEngine } = await import("../engine.js");
const engine = await loadEngine();
const used = process.cpuUsage(cpu);
const load = { wall_ms: performance.now() - start, cpu_ms: (used.user + used.system) / 1000 };
const memory = process.memoryUsage();

function timed(games, text) {
  const begin = performance.now();
  let moves = 0;
  for (const game of games) moves += play(engine, game, text).steps.length;
  return { moves, seconds: (performance.now() - begin) / 1000 };
}

const cached = timed(job.games, undefined);
const uncached = timed(job.games.slice(0, job.uncached ?? 4), (state) => `${state} `);
console.log(
  JSON.stringify({
    load,
    rss_mb: memory.rss / 2 ** 20,
    wasm_heap_mb: memory.arrayBuffers / 2 ** 20,
    cached,
    uncached,
  }),
);
