"""Why OpenSpiel's plain MCTSBot must not play Coup: it searches the real state, hidden cards and
future draws included. Seats OpenSpiel's MCTSBot, then OpenSpiel's ISMCTSBot (which searches
states resampled from the player's information, ``resample_from_infostate``), with the same budget
in seat ``g % 4`` of 4-player games against the honest and bluffing bots of ``coup_rules.bots``,
and prints the wins of each. The figures of the AI guide's warning come from here.

Usage: python scripts/openspiel_mcts_leak.py [--games 12] [--simulations 100] [--seed 0]
Needs the [openspiel] extra.
"""

from __future__ import annotations

import argparse
import random
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import coup_rules.openspiel  # noqa: F401 (registers the game)
from coup_rules import view
from coup_rules.bots import BluffBot, Bot, HonestBot


def play(kind: str, games: int, simulations: int, seed: int) -> int:
    """Games won by the searcher of ``kind`` ("mcts" or "ismcts") in the rotating seat."""
    won = 0
    for g in range(games):
        game = pyspiel.load_game("python_coup_rules", {"players": 4, "rng_seed": seed + g})
        rs = np.random.RandomState(seed + g)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        if kind == "mcts":
            searcher = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rs)
        else:
            searcher = ismcts.ISMCTSBot(
                game=game,
                evaluator=evaluator,
                uct_c=2.0,
                max_simulations=simulations,
                random_state=rs,
            )
        me = g % 4
        others: dict[int, Bot] = {
            s: (HonestBot() if (s + g) % 2 else BluffBot()) for s in range(4) if s != me
        }
        rng = random.Random(seed + g)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == me:
                action = searcher.step(state)
            else:
                move = others[player].choose(view(state.game_state, player), rng)
                action = game.codec.encode(move)
            state.apply_action(action)
        won += state.game_state.winner == me
    return won


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for kind in ("mcts", "ismcts"):
        won = play(kind, args.games, args.simulations, args.seed)
        print(f"OpenSpiel {kind}: won {won} of {args.games} ({args.simulations} simulations)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
