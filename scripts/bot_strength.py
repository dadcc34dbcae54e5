"""Does ``CountingBot`` beat ``RandomBot`` and ``HonestBot``? The full statistical check.

Plays GAMES 4-player games (2,000 by default) of the table counting, honest, random, honest, the
bots turning seats from game to game, and checks that CountingBot's win rate has a 95 % Wilson
interval wholly above the fair share (1/4) and above the interval of each other bot. Prints the
table; exits 1 if the check fails. ``tests/test_bot_strength.py`` runs a lighter version (fewer
games) in the test suite; ``.ci/run`` runs this one.

Usage: python scripts/bot_strength.py [--games N] [--workers K] [--seed S]
"""

from __future__ import annotations

import argparse
import sys

from coup_rules import Config
from coup_rules.simulation import Simulation, simulate

LINEUP = ("counting", "honest", "random", "honest")
"""The table: CountingBot against HonestBot (twice) and RandomBot."""


def verdict(sim: Simulation) -> list[str]:
    """What is wrong with the result; empty when CountingBot clearly wins."""
    rates = {r.name: r for r in sim.by_bot()}
    counting = rates["counting"]
    problems = []
    if counting.low <= sim.fair_share:
        problems.append(
            f"counting's interval starts at {counting.low:.3f}, not above the fair share "
            f"{sim.fair_share:.3f}"
        )
    for name in ("honest", "random"):
        if counting.low <= rates[name].high:
            problems.append(f"counting's interval overlaps {name}'s")
    return problems


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    sim = simulate(Config(players=4), LINEUP, args.games, seed=args.seed, workers=args.workers)
    print(f"{len(sim.games)} games of {', '.join(LINEUP)} (rotating seats), seed {args.seed}:")
    for r in sim.by_bot():
        print(f"  {r.name:>8}: {r.rate:6.1%} of {r.trials} seats, 95% [{r.low:.1%}, {r.high:.1%}]")
    speed = f"{sim.games_per_second:.0f} games/s"
    print(f"  draws: {sim.draws}; {sim.mean_turns:.1f} turns a game; {speed}")
    problems = verdict(sim)
    for problem in problems:
        print(f"FAIL: {problem}", file=sys.stderr)
    if not problems:
        print(f"OK: CountingBot wins {sim.by_bot()[0].rate:.1%}, above the fair share of 25%.")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
