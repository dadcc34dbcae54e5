"""How long a bot takes to answer a table decision: wall-clock seconds per ``choose``.

Run ``python benchmarks/decision_time.py`` (defaults: ``ismcts-strong-v1`` against three
``counting-v1`` at 4 players, 6 games, seed 39). Game ``g`` seats the measured bot at seat
``g mod players`` and the opponent in the other seats, plays it to its end with
``coup_rules.bots.play_game`` and times every call of the measured bot's ``choose`` that has a
choice to make (two or more legal moves: a seat with one legal move is answered without
searching). Prints how many decisions were timed, their median, 95th percentile and maximum, and
the load average when the run began: these are wall-clock times, so a busy machine makes them
longer; their process CPU time is printed beside them. The first decision of the run is timed
apart, since it loads numba's cache for the compiled search (run ``coup-rules warmup`` once
beforehand so that it need not compile).

Usage: python benchmarks/decision_time.py [--bot ID] [--opponent ID] [--players N]
    [--games G] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from coup_rules import Config, Move, PlayerView
from coup_rules.bots import Bot, make_bot, play_game


class Timed:
    """A bot that times each decision of ``bot`` that has a choice, into ``seconds``."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        start, cpu = time.perf_counter(), time.process_time()
        move = self.bot.choose(view, rng)
        if len(view.legal_moves) > 1:
            self.seconds.append(time.perf_counter() - start)
            self.cpu.append(time.process_time() - cpu)
        return move


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="ismcts-strong-v1")
    parser.add_argument("--opponent", default="counting-v1")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    config = Config(players=args.players)
    timed = Timed(make_bot(args.bot))
    for game in range(args.games):
        seat = game % args.players
        bots: list[Bot] = [make_bot(args.opponent) for _ in range(args.players)]
        bots[seat] = timed
        play_game(config, bots, seed=args.seed + game)
    first, rest, cpu = timed.seconds[0], timed.seconds[1:], timed.cpu[1:]
    print(
        f"{args.bot} against {args.opponent}, {args.players} players, {args.games} games from "
        f"seed {args.seed}; load average {load:.1f} at the start"
    )
    print(f"  first decision (loads numba's cache): {first:.2f} s")
    print(
        f"  {len(rest)} later decisions with a choice: median {statistics.median(rest):.3f} s, "
        f"95th percentile {percentile(rest, 0.95):.3f} s, max {max(rest):.3f} s"
    )
    print(
        f"  their CPU time (what a machine of its own would take): median "
        f"{statistics.median(cpu):.3f} s, 95th percentile {percentile(cpu, 0.95):.3f} s, "
        f"max {max(cpu):.3f} s"
    )


if __name__ == "__main__":
    main()
