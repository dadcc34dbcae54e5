"""A small tournament: the bots of ``coup_rules.bots`` play many seeded games; count the wins.

The bots change seats from game to game, so no bot keeps the advantage of playing first.

Usage: python examples/bot_tournament.py [GAMES] [PLAYERS]
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from coup_rules import Config, new_game
from coup_rules.bots import BOTS, make_bots, play_game


def main(argv: list[str]) -> int:
    """Play ``GAMES`` games (default 60) of ``PLAYERS`` seats (default 3) and print the wins."""
    games = int(argv[0]) if argv else 60
    players = int(argv[1]) if len(argv) > 1 else 3
    names = list(BOTS)
    wins: Counter[str] = Counter()
    turns = 0
    for seed in range(games):
        lineup = [names[(seat + seed) % len(names)] for seat in range(players)]
        state = new_game(Config(players=players), seed=seed)
        final = play_game(state, make_bots(lineup, players), random.Random(seed))
        assert final.winner is not None
        wins[lineup[final.winner]] += 1
        turns += final.turn
    print(f"{games} games of {players} players, {turns / max(games, 1):.1f} turns on average.")
    for name in names:
        print(f"{name:>8}: {wins[name]:4d} wins")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
