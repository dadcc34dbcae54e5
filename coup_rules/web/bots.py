"""The one place the server asks a bot for a move (and learns which bots exist).

Everything else in ``coup_rules.web`` calls ``bot_move`` and ``BOT_NAMES`` only, so a change to
the bots' protocol is a change to this file alone. The bots here read only what their seat may
know (see ``coup_rules.bots``).
"""

from __future__ import annotations

import random

from coup_rules.bots import BOTS
from coup_rules.moves import Move
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = ["BOT_NAMES", "bot_move"]

BOT_NAMES: tuple[str, ...] = tuple(BOTS)
"""The names a game's seat list may use for a bot (``"honest"``, ``"counting"``, ...)."""


def bot_move(name: str, state: GameState, seat: int, rng: random.Random) -> Move:
    """The move the bot called ``name`` makes for ``seat`` in ``state``, its chance from ``rng``."""
    return BOTS[name]().choose(view(state, seat), rng)
