// A seeded game played through the engine, as tests/test_js_engine.py plays it in CPython:
// the Park-Miller generator (x -> 48271 x mod 2**31 - 1, started at seed + 1) picks a seat of
// toAct, then a move of that seat's legalMoves, each by the next number modulo the length.
// `text` (default: none) changes each state's text before it is passed back, to measure the
// engine without its cache of decoded states.

const MODULUS = 2147483647;
const MULTIPLIER = 48271;
const MAX_STEPS = 5000;

export function chooser(seed) {
  let x = (seed % (MODULUS - 1)) + 1;
  return (length) => {
    x = (x * MULTIPLIER) % MODULUS;
    return x % length;
  };
}

export function play(engine, game, text = (state) => state) {
  const next = chooser(game.seed);
  let state = engine.newGame(game.config, { seed: game.seed });
  const steps = [];
  state = text(state);
  for (let seats = engine.toAct(state); seats.length > 0; seats = engine.toAct(state)) {
    if (steps.length >= MAX_STEPS) throw new Error(`no end after ${MAX_STEPS} steps`);
    const seat = seats[next(seats.length)];
    const moves = engine.legalMoves(state, seat);
    const move = moves[next(moves.length)];
    steps.push([seat, moves.length, move]);
    state = text(engine.apply(state, move));
  }
  return { game, steps, final: state };
}

