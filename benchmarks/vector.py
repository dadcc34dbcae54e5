"""Benchmarks of coup_rules.vector, side by side with coupml's random loop and the engine.

Run ``python benchmarks/vector.py`` (about two minutes) or ``--quick`` (a smoke run for CI whose
figures mean little). Needs the ``[vector]`` extra; coupml 0.1.1 (a yardstick only, never a
dependency) is compared when installed. What is measured, at 4 players, base game:

1. The compile time of the kernel: a first process with an empty numba cache (it compiles and
   writes the cache), then a second process that finds the cache; each imports
   ``coup_rules.vector``, builds a ``VectorEnv``, steps it once and plays one random playout.
2. Decisions per second, in interleaved rounds (the order rotating each round, one unrecorded
   warm-up round each): coupml's random loop (as in ``benchmarks/run.py``); the engine's
   ``playout`` (its decisions counted as those of the same games played by an ``apply`` loop,
   which the engine documents as move for move the same); ``random_playouts`` on one thread and
   on two; a Python loop over ``VectorEnv.step`` at 1,024 and 16,384 games, each action drawn
   uniformly among the legal ones by NumPy. Single-threaded runners are timed on the process's
   CPU time (the machine is shared), the two-thread one on the wall clock.

The headline ratios are medians of the per-round ratios against coupml's decisions per second.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np
from run import Round, load_coupml, play_apply_loop, play_coupml, play_playouts

from coup_rules import Config
from coup_rules.vector import VectorEnv, random_playouts

CONFIG = Config(players=4)

WARM_UP = """
import time
t = time.perf_counter()
import numpy as np
from coup_rules import Config
from coup_rules.vector import VectorEnv, random_playouts
env = VectorEnv(Config(players=4), num_envs=4, seed=0)
mask = env.legal_action_mask()
env.step(mask.argmax(axis=1))
env.observation()
random_playouts(Config(players=4), 1, seed=0)
print(time.perf_counter() - t)
"""


@dataclass(frozen=True)
class Mode:
    name: str
    rounds: int
    seconds: float


FULL = Mode("full", 5, 2.0)
QUICK = Mode("quick", 1, 0.3)


def start_time(cache: str) -> float:
    """Seconds for a new process to be ready (``WARM_UP``) with numba's cache in ``cache`` (the
    usual place, next to the sources, if empty)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache} if cache else dict(os.environ)
    out = subprocess.run(
        [sys.executable, "-c", WARM_UP], env=env, check=True, capture_output=True, text=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def play_engine_playouts(seconds: float, seed: int) -> Round:
    """The engine's ``playout``; its decisions are those of the same games by an apply loop."""
    games = play_playouts(CONFIG, seconds, seed)
    per_game = play_apply_loop(CONFIG, min(seconds, 0.5), seed)
    decisions = round(games.games * per_game.decisions / per_game.games)
    return Round(games.games, decisions, games.cpu, games.wall)


def play_vector_playouts(threads: int, seconds: float, seed: int) -> Round:
    """``random_playouts`` in batches until ``seconds`` have passed."""
    wall, cpu = time.perf_counter, time.process_time
    batch = 2_000 * threads
    games = decisions = 0
    cpu0, wall0 = cpu(), wall()
    clock, start = (wall, wall0) if threads > 1 else (cpu, cpu0)
    while True:
        _, lengths = random_playouts(CONFIG, batch, seed=seed * 1_000 + games, threads=threads)
        games += batch
        decisions += int(lengths.sum())
        if clock() - start >= seconds:
            elapsed_cpu = cpu() - cpu0
            elapsed_wall = wall() - wall0
            # Round's rates read ``cpu``: the two-thread runner is judged on the wall clock.
            return Round(
                games, decisions, elapsed_wall if threads > 1 else elapsed_cpu, elapsed_wall
            )


def play_step_loop(env: VectorEnv, seconds: float, seed: int) -> Round:
    """A Python loop over ``env.step``, each action uniform among the legal ones (NumPy)."""
    rng = np.random.default_rng(seed)
    cpu, wall = time.process_time, time.perf_counter
    decisions = games = 0
    cpu0, wall0 = cpu(), wall()
    while cpu() - cpu0 < seconds:
        mask = env.legal_action_mask()
        ranks = mask.cumsum(axis=1, dtype=np.int16)  # the last column counts the legal moves
        pick = (rng.random(env.num_envs) * ranks[:, -1]).astype(np.int16)
        actions = (ranks > pick[:, None]).argmax(axis=1)  # the legal move of rank pick
        _, terminated, truncated = env.step(actions)
        decisions += env.num_envs
        games += int(terminated.sum() + truncated.sum())
    return Round(games, decisions, cpu() - cpu0, wall() - wall0)


def interleave(
    runners: dict[str, Callable[[float, int], Round]], rounds: int, seconds: float
) -> dict[str, list[Round]]:
    names = list(runners)
    for name in names:
        runners[name](min(seconds, 0.3), 999)
    results: dict[str, list[Round]] = {name: [] for name in names}
    for r in range(rounds):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            results[name].append(runners[name](seconds, r + 1))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few-second smoke run (for CI)")
    args = parser.parse_args(argv)
    mode = QUICK if args.quick else FULL
    print(f"coup_rules.vector benchmarks ({mode.name}), {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start")

    print("\n1. Start of a new process (import, build an env, step, one playout)")
    if args.quick:  # the cache the tests wrote: compiling again would only cost CI a minute
        print(f"   with numba's usual cache:                       {start_time(''):6.1f} s")
    else:
        with tempfile.TemporaryDirectory() as cache:
            cold = start_time(cache)
            warm = start_time(cache)
        print(f"   empty numba cache (compiles, writes the cache): {cold:6.1f} s")
        print(f"   cache on disk:                                  {warm:6.1f} s")

    coupml = load_coupml()
    runners: dict[str, Callable[[float, int], Round]] = {}
    if coupml is not None:
        runners["coupml random loop"] = partial(play_coupml, coupml, 4)
    else:
        print("\n   coupml is not installed: no ratios (pip install coupml==0.1.1)")
    runners["engine playout"] = play_engine_playouts
    runners["random_playouts, 1 thread"] = partial(play_vector_playouts, 1)
    runners["random_playouts, 2 threads"] = partial(play_vector_playouts, 2)
    for games in (1_024, 16_384):
        env = VectorEnv(CONFIG, num_envs=games, seed=games)
        runners[f"step loop, {games:,} games"] = partial(play_step_loop, env)
    print(
        f"\n2. Decisions per second, 4 players, base game: {mode.rounds} interleaved rounds of "
        f"{mode.seconds} s per runner (medians)"
    )
    results = interleave(runners, mode.rounds, mode.seconds)
    yardstick = results.get("coupml random loop")
    header = f"{'runner':<28} {'decisions/s':>13} {'games/s':>11} {'x coupml':>9}"
    print(header)
    print("-" * len(header))
    for name, rounds in results.items():
        rate = statistics.median(r.decisions_per_s for r in rounds)
        games_per_s = statistics.median(r.games_per_s for r in rounds)
        ratio = ""
        if yardstick is not None:
            pairs = zip(rounds, yardstick, strict=True)
            times = statistics.median(a.decisions_per_s / b.decisions_per_s for a, b in pairs)
            ratio = f"{times:8.1f}x"
        print(f"{name:<28} {rate:13,.0f} {games_per_s:11,.0f} {ratio:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
