"""Measure the ISMCTS bot against simple view-based bots: its win rate with a 95 % interval.

Each game seats one ``ISMCTSBot`` (or, with ``--bot``, one of the simple bots, for comparison)
and ``players - 1`` opponents, drawn in turn from the chosen kinds; the measured bot's seat
rotates from game to game, so it plays first as often as anyone.
Every bot is handed only its seat's view (``since=0``). Game ``g`` is dealt from seed
``seed + g`` and played with ``random.Random(seed + g)``, so a run replays exactly.

The opponents are those of ``tests/view_bots.py``: ``honest`` and ``bluff`` (the bots of
``coup_rules.bots`` run on a state sampled from the view, which is exactly their play since they
read only what their seat may know) and ``random``.

Usage: python scripts/ismcts_tournament.py [--games N] [--players N] [--iterations N]
       [--opponents honest,bluff] [--bot ismcts|honest|bluff|random] [--seed N] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from coup_rules import Config, GameState, Move, PlayerView, new_game  # noqa: E402
from coup_rules.ai import ISMCTSBot  # noqa: E402
from tests.view_bots import OPPONENTS, ViewBot, play_views  # noqa: E402


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if not games:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - half, centre + half)


class Timed:
    """Counts a bot's decisions and the time they take."""

    def __init__(self, bot: ViewBot) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        start = time.perf_counter()
        move = self.bot.choose(view, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return move


def tournament(
    games: int,
    players: int,
    iterations: int,
    opponents: list[str],
    seed: int,
    quiet: bool,
    bot: str = "ismcts",
) -> dict[str, Any]:
    wins = 0
    draws = 0
    by_lineup: Counter[str] = Counter()
    won_by: Counter[str] = Counter()
    measured: ViewBot = ISMCTSBot(iterations=iterations) if bot == "ismcts" else OPPONENTS[bot]()
    search = Timed(measured)
    began = time.perf_counter()
    for g in range(games):
        me = g % players
        kinds = [opponents[(g + i) % len(opponents)] for i in range(players - 1)]
        bots: list[ViewBot] = [OPPONENTS[k]() for k in kinds]
        bots.insert(me, search)
        state: GameState = new_game(Config(players=players), seed=seed + g)
        final = play_views(state, bots, random.Random(seed + g))
        won = final.winner == me
        wins += won
        draws += final.winner is None
        lineup = "+".join(sorted(kinds))
        by_lineup[lineup] += 1
        won_by[lineup] += won
        if not quiet:
            low, high = wilson(wins, g + 1)
            print(
                f"game {g + 1:4d}: seat {me} vs {','.join(kinds)}: "
                f"{'won' if won else 'lost'}; {wins}/{g + 1} = {wins / (g + 1):.1%} "
                f"[{low:.1%}, {high:.1%}]",
                flush=True,
            )
    low, high = wilson(wins, games)
    return {
        "bot": repr(measured),
        "games": games,
        "players": players,
        "iterations": iterations,
        "opponents": opponents,
        "seed": seed,
        "wins": wins,
        "draws": draws,
        "win_rate": wins / games if games else 0.0,
        "interval_95": [low, high],
        "fair_share": 1 / players,
        "by_lineup": {k: {"games": n, "wins": won_by[k]} for k, n in sorted(by_lineup.items())},
        "decisions": search.decisions,
        "ms_per_decision": 1000 * search.seconds / max(search.decisions, 1),
        "seconds": time.perf_counter() - began,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--opponents", default="honest,bluff")
    parser.add_argument(
        "--bot", default="ismcts", help="the bot in the rotating seat: ismcts or an opponent kind"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    args = parser.parse_args(argv)
    opponents = args.opponents.split(",")
    unknown = [o for o in opponents if o not in OPPONENTS]
    if unknown:
        parser.error(f"unknown opponents {unknown}; choose from {sorted(OPPONENTS)}")
    if args.bot != "ismcts" and args.bot not in OPPONENTS:
        parser.error(f"unknown bot {args.bot!r}; choose ismcts or one of {sorted(OPPONENTS)}")
    result = tournament(
        args.games, args.players, args.iterations, opponents, args.seed, args.quiet, args.bot
    )
    low, high = result["interval_95"]
    print(
        f"{result['bot']} in {result['games']} games of "
        f"{result['players']} players against {','.join(opponents)}: won {result['wins']} "
        f"= {result['win_rate']:.1%}, 95 % interval [{low:.1%}, {high:.1%}] "
        f"(fair share {result['fair_share']:.0%}); {result['draws']} draws; "
        f"{result['ms_per_decision']:.0f} ms per decision; {result['seconds']:.0f} s"
    )
    for lineup, row in result["by_lineup"].items():
        print(f"  against {lineup}: {row['wins']}/{row['games']}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
