"""A first game: four random players, narrated event by event.

Shows the whole loop a client writes: ``new_game``, then ask ``to_act`` who may move, pick one of
their ``legal_moves``, ``apply`` it, and read the new events from the log.

Usage: python examples/first_game.py [SEED]
"""

from __future__ import annotations

import random
import sys

from coup_rules import Config, apply, describe_event, format_move, legal_moves, new_game, to_act


def main(argv: list[str]) -> int:
    """Play and narrate one game; the optional argument is the seed."""
    seed = int(argv[0]) if argv else 1
    rng = random.Random(seed)  # the players' own chance, separate from the game's
    state = new_game(Config(players=4), seed=seed)
    for event in state.log:
        print(describe_event(event))
    while not state.is_over:
        seat = rng.choice(to_act(state))  # several seats may be asked at once
        move = rng.choice(legal_moves(state, seat))
        seen = len(state.log)
        state = apply(state, move)
        print(f"[{format_move(move)}]")
        for event in state.log.tail(seen):
            print("   ", describe_event(event))
    print(f"Seat {state.winner} won after {state.turn} turns.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
