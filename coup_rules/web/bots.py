"""The one place the server asks a bot for a move (and learns which bots exist).

Everything else in ``coup_rules.web`` calls ``bot_move``, ``stand_in_move`` and ``BOT_NAMES``
only, so a change to the bots' protocol is a change to this file alone. The bots here read only
what their seat may know (see ``coup_rules.bots``).
"""

from __future__ import annotations

import random

from coup_rules.bots import BOTS
from coup_rules.decisions import ChallengeActionWindow, ChallengeBlockWindow, CounterWindow
from coup_rules.moves import Allow, Move
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = ["BOT_NAMES", "STAND_IN", "bot_move", "stand_in_move"]

BOT_NAMES: tuple[str, ...] = tuple(BOTS)
"""The names a game's seat list may use for a bot (``"honest"``, ``"counting"``, ...)."""


def bot_move(name: str, state: GameState, seat: int, rng: random.Random) -> Move:
    """The move the bot called ``name`` makes for ``seat`` in ``state``, its chance from ``rng``."""
    return BOTS[name]().choose(view(state, seat), rng)


STAND_IN = "honest"
"""The bot that answers for a seat whose time ran out, outside a window."""

_WINDOWS = (ChallengeActionWindow, CounterWindow, ChallengeBlockWindow)


def stand_in_move(state: GameState, seat: int, rng: random.Random) -> Move:
    """What the table plays for ``seat`` when its time runs out: in a window (challenge or
    block), ``Allow``, as a player who says nothing lets the claim pass; any other decision,
    the move of the ``STAND_IN`` bot, which plays honestly from the seat's own view."""
    if isinstance(state.pending, _WINDOWS):
        return Allow(seat)
    return bot_move(STAND_IN, state, seat, rng)
