"""A small tournament: the bots of ``coup_rules.bots`` play many seeded games; count the wins.

The bots change seats from game to game, so no bot keeps the advantage of playing first. Each
bot sees only its own seat's view of the game. ``coup-rules simulate`` does the same from the
command line, on several processes, with confidence intervals.

Usage: python examples/bot_tournament.py [GAMES] [PLAYERS]
"""

from __future__ import annotations

import sys

from coup_rules import Config
from coup_rules.bots import BOTS
from coup_rules.simulation import simulate


def main(argv: list[str]) -> int:
    """Play ``GAMES`` games (default 60) of ``PLAYERS`` seats (default 3) and print the wins."""
    games = int(argv[0]) if argv else 60
    players = int(argv[1]) if len(argv) > 1 else 3
    names = list(BOTS)
    lineup = [names[seat % len(names)] for seat in range(players)]
    result = simulate(Config(players=players), lineup, games, seed=2026, workers=1)
    print(f"{games} games of {players} players, {result.mean_turns:.1f} turns on average.")
    for rate in result.by_bot():
        print(f"{rate.name:>8}: {rate.wins:4d} wins in {rate.trials} seats")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
