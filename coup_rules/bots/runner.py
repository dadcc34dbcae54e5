"""``play_game``: a whole game between bots, each handed only its own seat's view.

All the chance of a game comes from its seed: the deal and the draws (``new_game``), the order
in which seats waiting at once are asked, and one ``random.Random`` per seat for its bot. A bot's
stream does not depend on what the other bots draw, so replacing one bot leaves the others'
chance unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs

from coup_rules.bots.base import Bot
from coup_rules.config import Config
from coup_rules.engine import apply, to_act
from coup_rules.moves import Move
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = ["DEFAULT_MAX_TURNS", "OnMove", "Seating", "play_game", "play_out", "with_turn_limit"]

DEFAULT_MAX_TURNS = 500
"""The runner's turn limit (house rule R-TURN-8) unless told otherwise: games always end."""

OnMove = Callable[[GameState, Move, GameState], None]
"""Called after each move with the state before, the move and the state after."""


@attrs.frozen
class Seating:
    """The random streams of one game, all derived from its seed.

    Attributes:
        order: picks which of several waiting seats speaks first.
        bots: one stream per seat, for that seat's bot.
    """

    order: random.Random
    bots: tuple[random.Random, ...]

    @classmethod
    def of(cls, seed: int, players: int) -> Seating:
        """The streams of the game with this seed (the same in every process)."""
        return cls(
            order=random.Random(f"coup-rules/order/{seed}"),
            bots=tuple(random.Random(f"coup-rules/bot/{seed}/{s}") for s in range(players)),
        )

    def next_seat(self, state: GameState) -> int:
        """The seat to ask now: the only one waited on, or one of them drawn at random."""
        seats = to_act(state)
        return seats[0] if len(seats) == 1 else self.order.choice(seats)


def with_turn_limit(config: Config, max_turns: int | None) -> Config:
    """``config`` with the turn limit ``max_turns``, unless it already has one of its own."""
    if config.max_turns is not None or max_turns is None:
        return config
    return attrs.evolve(config, max_turns=max_turns)


def play_out(
    state: GameState,
    bots: Sequence[Bot],
    seating: Seating,
    *,
    on_move: OnMove | None = None,
) -> GameState:
    """Play ``state`` to its end, each move chosen by the bot of the seat asked.

    Each bot is handed ``view(state, seat)`` (the whole log, redacted for its seat) and its
    seat's random stream; never the state.

    Raises:
        ValueError: not one bot per seat.
        IllegalMoveError: a bot chose a move that is not legal.
    """
    if len(bots) != state.config.players:
        raise ValueError(f"give one bot per seat ({state.config.players}), not {len(bots)}")
    while not state.is_over:
        seat = seating.next_seat(state)
        move = bots[seat].choose(view(state, seat), seating.bots[seat])
        after = apply(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state


def play_game(
    config: Config,
    bots: Sequence[Bot],
    *,
    seed: int,
    max_turns: int | None = DEFAULT_MAX_TURNS,
    on_move: OnMove | None = None,
) -> GameState:
    """Play one whole game between ``bots`` (one per seat) from ``seed``.

    Args:
        config: the game's options.
        bots: one bot per seat; ``bots[s].choose(view(state, s), rng)`` picks seat ``s``'s moves.
        seed: drives the deal and the draws, the order of the seats asked at once, and the bots.
        max_turns: the game is a draw once this many turns are played without a winner (house
            rule R-TURN-8), so that a game between bots always ends; ``config.max_turns`` wins if
            set. ``None`` plays the rulebooks' game, which two stubborn bots may never finish.
        on_move: called after each move with (state before, move, state after).

    Returns:
        The final state: ``is_over``, with a ``winner`` or drawn.
    """
    config = with_turn_limit(config, max_turns)
    state = new_game(config, seed=seed)
    return play_out(state, bots, Seating.of(seed, config.players), on_move=on_move)
