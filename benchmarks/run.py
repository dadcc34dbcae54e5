"""Benchmarks of coup_rules: random self-play speed and memory.

Run ``python benchmarks/run.py`` for the full figures (a few minutes on 2 cores) or
``python benchmarks/run.py --quick`` for the short smoke run CI uses (to catch crashes, not to
time). When the PyPI package ``coupml`` (0.1.1) is installed, the same random self-play loop is
timed on it side by side (it is never a dependency of coup_rules).

Random self-play: a uniformly random seat of ``to_act``, then a uniformly random move of its
``legal_moves``, applied with ``apply`` (every move checked), until the game ends.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

from coup_rules import Config, GameState, apply, legal_moves, new_game, to_act

VARIANTS: dict[str, dict[str, bool]] = {
    "base": {},
    "inquisitor": {"inquisitor": True},
    "reformation": {"reformation": True},
    "both": {"inquisitor": True, "reformation": True},
}


@dataclass
class Run:
    games: int
    decisions: int
    seconds: float
    legal_ns: int
    legal_calls: int
    apply_ns: int
    apply_calls: int


def self_play(config: Config, games: int, seed: int) -> Run:
    """Play ``games`` random games, timing the whole loop and each engine call."""
    pick = random.Random(seed)
    clock = time.perf_counter_ns
    decisions = legal_ns = apply_ns = 0
    start = clock()
    for g in range(games):
        state = new_game(config, seed=seed * 1_000_003 + g)
        while state.winner is None:
            seats = to_act(state)
            seat = seats[pick.randrange(len(seats))]
            t0 = clock()
            moves = legal_moves(state, seat)
            t1 = clock()
            state = apply(state, moves[pick.randrange(len(moves))])
            t2 = clock()
            legal_ns += t1 - t0
            apply_ns += t2 - t1
            decisions += 1
    seconds = (clock() - start) / 1e9
    return Run(games, decisions, seconds, legal_ns, decisions, apply_ns, decisions)


def plain_loop(config: Config, games: int, seed: int) -> tuple[float, float]:
    """Games/s and decisions/s of the untimed loop (no per-call clocks)."""
    pick = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(config, seed=seed * 1_000_003 + g)
        while state.winner is None:
            seats = to_act(state)
            moves = legal_moves(state, seats[pick.randrange(len(seats))])
            state = apply(state, moves[pick.randrange(len(moves))])
            decisions += 1
    seconds = time.perf_counter() - start
    return games / seconds, decisions / seconds


def median_of(runs: int, fn: Callable[[], tuple[float, float]]) -> tuple[float, float]:
    fn()  # warm-up
    results = [fn() for _ in range(runs)]
    return statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)


def bytes_per_state(config: Config, seed: int) -> tuple[float, int]:
    """Memory retained per state when every state of one game is kept."""
    pick = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    states: list[GameState] = [new_game(config, seed=seed)]
    while states[-1].winner is None:
        state = states[-1]
        seats = to_act(state)
        moves = legal_moves(state, seats[pick.randrange(len(seats))])
        states.append(apply(state, moves[pick.randrange(len(moves))]))
    for state in states:  # drop the legal-move caches, which are not part of a state's value
        object.__setattr__(state, "_legal", None)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    return grown / len(states), len(states)


def peak_memory(config: Config, games: int, seed: int) -> int:
    """Peak traced memory of a run of ``games`` random games."""
    gc.collect()
    tracemalloc.start()
    self_play(config, games, seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def coupml_games_per_second(players: int, games: int, seed: int) -> tuple[float, float] | None:
    """The same random self-play loop on coupml, if it is installed."""
    try:
        from coupml import Coup  # type: ignore[import-not-found]
    except ImportError:
        return None

    class Rng:
        """The two calls coupml makes of a numpy RandomState, on Python's ``random``."""

        def __init__(self, seed: int) -> None:
            self.r = random.Random(seed)

        def shuffle(self, items: list[object]) -> None:
            self.r.shuffle(items)

        def choice(self, n: int) -> int:
            return self.r.randrange(n)

    def run() -> tuple[float, float]:
        rng, pick = Rng(seed), random.Random(seed + 1)
        decisions = 0
        start = time.perf_counter()
        for _ in range(games):
            game = Coup(players, rng)
            game.init_game()
            while not game.is_game_over():
                actions = game.get_legal_actions()
                game.play_action(actions[pick.randrange(len(actions))])
                decisions += 1
        seconds = time.perf_counter() - start
        return games / seconds, decisions / seconds

    return median_of(3, run)


def cpu_name() -> str:
    """The processor's model name, where the system tells it."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown cpu"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run (for CI)")
    args = parser.parse_args(argv)
    games, runs, peak_games = (20, 1, 50) if args.quick else (400, 5, 10_000)
    print(
        f"coup_rules benchmarks — {time.strftime('%Y-%m-%d')}, Python {platform.python_version()}"
        f", {platform.machine()}, {cpu_name()}"
    )
    print(f"{games} games per run, median of {runs} runs after a warm-up\n")
    header = (
        f"{'players':>7} {'variant':<12} {'games/s':>9} {'decisions/s':>12} "
        f"{'µs legal_moves':>15} {'µs apply':>9} {'B/state':>8}"
    )
    print(header)
    print("-" * len(header))
    for players in (2, 4, 6):
        for name, flags in VARIANTS.items():
            config = Config(players=players, **flags)
            gps, dps = median_of(runs, lambda c=config: plain_loop(c, games, 7))
            timed = self_play(config, games, 11)
            per_state, _ = bytes_per_state(config, 13)
            print(
                f"{players:>7} {name:<12} {gps:>9.0f} {dps:>12.0f} "
                f"{timed.legal_ns / timed.legal_calls / 1e3:>15.2f} "
                f"{timed.apply_ns / timed.apply_calls / 1e3:>9.2f} {per_state:>8.0f}"
            )
    peak = peak_memory(Config(players=4), peak_games, 17)
    print(f"\npeak traced memory of a {peak_games}-game 4-player run: {peak / 1024:.0f} KiB")
    ours = median_of(runs, lambda: plain_loop(Config(players=4), games, 7))
    theirs = coupml_games_per_second(4, games, 7)
    if theirs is None:
        print("coupml is not installed: no side-by-side comparison")
    else:
        print(
            f"4 players, side by side: coup_rules {ours[0]:.0f} games/s, coupml "
            f"{theirs[0]:.0f} games/s: ratio {ours[0] / theirs[0]:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
