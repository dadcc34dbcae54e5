"""Benchmarks of the compiled playouts for search (``coup_rules.vector.search``).

Run ``python benchmarks/search.py`` (well under a minute once numba's cache is warm; the first
run compiles, which is reported apart) or ``--quick`` (a smoke run whose figures mean little).
Needs the ``[vector]`` extra. Times are the process's CPU time (the machine may be shared), the
median of several rounds. What is measured, at 4 players, base game:

1. The fixed cost of one call at a batch of one game: ``random_playouts(config, 0, seed)`` (no
   game: what a call costs besides the games) and with ``games=1``; ``Playouts.value(..., stop=0)``
   from a position (the position written into the row and the compiled call, no move played),
   and ``playout_from`` playing a whole game by the search's model; the same game in Python
   (``plausible_move`` and ``apply_unchecked``), for scale.
2. ``ISMCTSBot`` iterations per second with its Python playouts and with the compiled ones, at
   the same budget of iterations a decision (the compiled search's cost grows with the depth of
   its tree, which Python walks), from the first decision of a game and from one later in it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from coup_rules import Config, GameState, apply, legal_moves, new_game, to_act, view
from coup_rules.ai import ISMCTSBot
from coup_rules.ai.policy import plausible_move
from coup_rules.engine import apply_unchecked
from coup_rules.rules.legal import legal_for
from coup_rules.state import Core
from coup_rules.vector import random_playouts
from coup_rules.vector.search import Playouts, playout_from, playouts_for

CONFIG = Config(players=4)


def per_call(fn: Callable[[int], object], calls: int, rounds: int) -> float:
    """The median over ``rounds`` of the CPU seconds per call of ``fn(i)``."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        for i in range(calls):
            fn(i)
        times.append((time.process_time() - start) / calls)
    return statistics.median(times)


def python_playout(core: Core, seed: int) -> int:
    """A game played on by the search's model in Python, as ``ISMCTSBot`` simulates it."""
    rng = random.Random(seed)
    while core.pending is not None:
        waiting = core.pending.waiting
        seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        core = apply_unchecked(core, plausible_move(core, seat, legal_for(core, seat), rng))
    return -1 if core.winner is None else core.winner


def later_position(moves: int) -> GameState:
    """The first position ``moves`` random moves or more into a game (of the first seed that
    gets there) at which seat 0 has a choice to make."""
    for seed in range(100):
        rng = random.Random(seed)
        state = new_game(CONFIG, seed=seed)
        played = 0
        while not state.is_over:
            if played >= moves and 0 in to_act(state) and len(legal_moves(state, 0)) > 1:
                return state
            seat = rng.choice(to_act(state))
            state = apply(state, rng.choice(legal_moves(state, seat)))
            played += 1
    raise AssertionError("no random game got there")


def warm_up() -> float:
    """Load (or compile) everything measured; the seconds it took."""
    start = time.perf_counter()
    state = new_game(CONFIG, seed=0)
    random_playouts(CONFIG, 1, seed=0)
    playout_from(state, 0)
    playouts_for(CONFIG).value(state, 0, 0, stop=0)
    ISMCTSBot(iterations=2, playouts="compiled").choose(view(state, 0), random.Random(0))
    return time.perf_counter() - start


def fixed_costs(calls: int, rounds: int) -> None:
    start = new_game(CONFIG, seed=1)
    later = later_position(20)
    playouts: Playouts = playouts_for(CONFIG)

    def fixed(state: GameState, seed: int) -> float:
        return playouts.value(state, 0, seed, stop=0)

    print("1. one call at a batch of one game (CPU microseconds per call)")
    rows: list[tuple[str, Callable[[int], object]]] = [
        ("random_playouts(config, 0, seed): no game", lambda i: random_playouts(CONFIG, 0, i)),
        ("random_playouts(config, 1, seed): one random game", partial(random_playouts, CONFIG, 1)),
        ("Playouts.value(stop=0): the fixed cost, from the start", partial(fixed, start)),
        ("Playouts.value(stop=0): the fixed cost, 20 moves in", partial(fixed, later)),
        ("playout_from(state, seed): one game by the model", partial(playout_from, start)),
        ("the same game in Python (plausible_move)", partial(python_playout, start.core)),
    ]
    for name, fn in rows:
        n = max(1, calls // 50) if "Python" in name else calls
        print(f"   {name:60s} {per_call(fn, n, rounds) * 1e6:9.1f}")


def iterations_per_second(iterations: int, rounds: int) -> None:
    print(f"2. ISMCTSBot iterations per second, {iterations} iterations a decision (CPU time)")
    positions = {"first decision": new_game(CONFIG, seed=4), "20 moves in": later_position(20)}
    for name, state in positions.items():
        rates = {}
        for kind in ("python", "compiled"):
            bot = ISMCTSBot(iterations=iterations, playouts=kind)
            seen = view(state, 0)
            per = per_call(lambda i: bot.choose(seen, random.Random(i)), 1, rounds)  # noqa: B023
            rates[kind] = iterations / per
        ratio = rates["compiled"] / rates["python"]
        print(
            f"   {name:16s} python {rates['python']:8.0f}   compiled {rates['compiled']:8.0f}"
            f"   x{ratio:.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: few calls, 1 round")
    args = parser.parse_args()
    calls, rounds, iterations = (200, 1, 50) if args.quick else (3000, 3, 1000)
    print(f"loading (or compiling) the compiled code: {warm_up():.1f} s")
    fixed_costs(calls, rounds)
    iterations_per_second(iterations, rounds)


if __name__ == "__main__":
    main()
