"""Simple view-based opponents for the search bot's tests and ``scripts/ismcts_tournament.py``.

Each has ``choose(view, rng) -> Move`` and sees only a seat's ``PlayerView``. ``FromView`` runs
one of the bots of ``coup_rules.bots`` (which take a state but read only what their seat may
know) on a state sampled from the view: ``test_info_properties`` checks that those bots choose
alike in every state their seat cannot tell apart, so this is exactly their play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from coup_rules import GameState, Move, PlayerView, apply, sample_state, to_act, view
from coup_rules.bots import BluffBot, Bot, HonestBot


class ViewBot(Protocol):
    def choose(self, view: PlayerView, rng: random.Random) -> Move: ...


class RandomViewBot:
    """A uniformly random legal move."""

    def __repr__(self) -> str:
        return "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        return rng.choice(view.legal_moves)


class FromView:
    """A state bot of ``coup_rules.bots``, run on a sample of the view."""

    def __init__(self, bot: Bot, name: str) -> None:
        self.bot = bot
        self.name = name

    def __repr__(self) -> str:
        return self.name

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        assert view.seat is not None
        state = sample_state(view, random.Random(0))  # what the bot does not read: any sample
        return self.bot.choose(state, view.seat, rng)


def honest() -> FromView:
    return FromView(HonestBot(), "honest")


def bluff() -> FromView:
    return FromView(BluffBot(), "bluff")


def play_views(
    state: GameState, bots: Sequence[ViewBot], rng: random.Random, max_moves: int = 20_000
) -> GameState:
    """Play to the end, each seat's bot handed its view (since=0); when several seats are
    waited on, ``rng`` draws who answers first."""
    for _ in range(max_moves):
        seats = to_act(state)
        if not seats:
            return state
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        state = apply(state, bots[seat].choose(view(state, seat), rng))
    raise RuntimeError("the game did not end")


OPPONENTS: dict[str, Callable[[], ViewBot]] = {
    "random": RandomViewBot,
    "honest": honest,
    "bluff": bluff,
}
"""The opponents by name (for ``scripts/ismcts_tournament.py``)."""
