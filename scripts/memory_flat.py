"""Memory stays flat over many games on one ``Config`` (issue 20, D2): a script, not a test.

Plays random games on a single ``Config``, as the PettingZoo and OpenSpiel wrappers do for their
whole life, and prints the process's resident memory and the size of the config's legal-move
memo every tenth of the run. Before the memo was bounded, 20,000 10-player games left 368,295
entries (187 MB) in it.

    python scripts/memory_flat.py --games 100000 --players 10
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import time

from coup_rules import Config, apply, legal_moves, new_game, to_act


def rss_mb() -> float:
    """The resident memory of this process, in MB (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    config = Config(players=args.players)
    rng = random.Random(args.seed)
    start = time.perf_counter()
    decisions = 0
    step = max(1, args.games // 10)
    first = None
    for game in range(args.games):
        state = new_game(config, seed=args.seed * 1_000_003 + game)
        while not state.is_over:
            seat = rng.choice(to_act(state))
            state = apply(state, rng.choice(legal_moves(state, seat)))
            decisions += 1
        if (game + 1) % step == 0 or game == 0:
            mb = rss_mb()
            first = mb if first is None else first
            print(
                f"{game + 1:>8} games  {decisions:>10} decisions  RSS {mb:7.1f} MB  "
                f"memo {len(config._memo):>5} entries  {time.perf_counter() - start:7.0f} s",
                flush=True,
            )
    fresh = new_game(config, seed=1)
    print(f"a fresh state of this config pickles to {len(pickle.dumps(fresh)):,} bytes")
    assert first is not None
    print(f"RSS grew by {rss_mb() - first:.1f} MB after the first game")


if __name__ == "__main__":
    main()
