"""The rulebook's Example 2 on a fixed deal, written in the move notation.

Seat 0 (the rulebook's Player 1) claims the Captain to steal from seat 1 (Player 2). Seat 2
(Player 3) challenges and loses; seat 1 then blocks with the Ambassador; seat 2 challenges again,
loses again, and is eliminated. The block stands: nothing is stolen.

Usage: python examples/fixed_deal.py [SEED]   (the seed only changes the replacement draws)
"""

from __future__ import annotations

import sys

from coup_rules import Character, Config, apply, describe_event, new_game, parse_move

MOVES = (
    "p0 steal p1",  # Player 1 claims the Captain
    "p2 challenge",  # Player 3 challenges...
    "p0 prove",  # ...but Player 1 shows a Captain and draws a replacement
    "p2 lose assassin",  # Player 3 chooses which card to turn face up
    "p1 block ambassador",  # Player 2 counters, claiming the Ambassador
    "p2 challenge",  # Player 3 challenges again...
    "p1 prove",  # ...and loses a last influence: eliminated
)


def main(argv: list[str]) -> int:
    """Replay the example and print every event."""
    seed = int(argv[0]) if argv else 2
    state = new_game(
        Config(players=3),
        seed=seed,
        hands=[
            (Character.CAPTAIN, Character.DUKE),
            (Character.AMBASSADOR, Character.CONTESSA),
            (Character.DUKE, Character.ASSASSIN),
        ],
    )
    for text in MOVES:
        seen = len(state.log)
        state = apply(state, parse_move(text, state))
        print(f"{text}:")
        for event in state.log.tail(seen):
            print("   ", describe_event(event, state.config))
    coins = ", ".join(f"seat {p.seat}: {p.coins}" for p in state.players)
    print(f"Coins after the turn: {coins}.")
    print(f"Still in the game: {', '.join(f'seat {s}' for s in state.living)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
