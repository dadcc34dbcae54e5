"""A game server in miniature: the full state stays on the server, clients see only JSON.

The server keeps the ``GameState`` (and its secret seed). Each client gets, as JSON, its own
``view`` with just the events it has not seen yet (``since``), and answers with a move as JSON.
The server decodes it (``from_json(..., Move)``), checks the move is for that client's own seat,
and applies it; a malformed or illegal move is answered with an error and changes nothing. A
state can be saved and restored at any moment with ``to_json`` / ``from_json``.

Usage: python examples/server_loop.py [SEED]
"""

from __future__ import annotations

import json
import random
import sys

from coup_rules import (
    Config,
    DecodeError,
    GameState,
    IllegalMoveError,
    Move,
    PlayerView,
    apply,
    format_move,
    from_json,
    new_game,
    to_act,
    to_json,
    view,
)


class Server:
    """Holds the one true state and talks to the seats in JSON only."""

    def __init__(self, config: Config) -> None:
        self.state = new_game(config)  # seed=None: an unguessable seed from the OS
        self.sent = [0] * config.players  # log length each seat has seen

    def update_for(self, seat: int) -> str:
        """The JSON view of ``seat``, with the events it has not been sent yet."""
        seen = view(self.state, seat, since=self.sent[seat])
        self.sent[seat] = seen.log_length
        return to_json(seen)

    def receive(self, seat: int, text: str) -> str | None:
        """Apply a client's move; an error message for the client, or ``None``."""
        try:
            move = from_json(text, Move)
        except DecodeError as err:
            return f"malformed move: {err}"
        if move.player != seat:
            return f"you are seat {seat}; you cannot move for seat {move.player}"
        try:
            self.state = apply(self.state, move)
        except IllegalMoveError as err:
            return f"illegal: {err.reason} ({err.rule})"
        return None


def client_choice(update: str, rng: random.Random) -> str:
    """A client: read the JSON view, pick one of its legal moves, answer in JSON."""
    seen = from_json(update, PlayerView)
    return to_json(rng.choice(seen.legal_moves))


def main(argv: list[str]) -> int:
    """Run a 3-seat game through JSON only; the optional argument seeds the clients' choices."""
    rng = random.Random(int(argv[0]) if argv else 1)
    server = Server(Config(players=3))
    bytes_sent = moves = 0
    last_move: Move | None = None
    print(server.receive(0, '{"type": "coup", "player": 0, "target": 1}'))  # too poor: refused
    print(server.receive(1, '{"type": "income", "player": 0}'))  # not seat 1's move: refused
    print(server.receive(0, '{"type": "teleport", "player": 0}'))  # unknown tag: refused
    while not server.state.is_over:
        seat = rng.choice(to_act(server.state))
        update = server.update_for(seat)
        bytes_sent += len(update)
        answer = client_choice(update, rng)
        error = server.receive(seat, answer)
        assert error is None, error
        last_move = from_json(answer, Move)
        moves += 1
        if moves == 10:  # persist and restore mid-game: the same game goes on
            saved = to_json(server.state)
            server.state = from_json(saved, GameState)
            print(f"saved and restored after {moves} moves ({len(saved)} bytes of JSON)")
    last = json.loads(server.update_for(server.state.active))
    print(f"{moves} moves, {bytes_sent} bytes of views sent; winner: seat {last['winner']}")
    if last_move is not None:
        print("last move:", format_move(last_move))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
