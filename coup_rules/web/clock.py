"""The decision clock: when a pending decision's time runs out, and what the table then plays.

A game may give each decision ``time_limit`` seconds. The clock of a decision starts when it
opens (or when the game starts, or when the game is loaded again) and is the same for every
seat it waits on. When it runs out, the table answers for every seat still asked with
``stand_in_move`` (bots.py): ``Allow`` in a window, the honest stand-in otherwise. These moves
are ordinary moves, posted by the bot runner (runner.py) and marked timed out.

Every function here is pure: the caller passes the time (the event loop's clock).
"""

from __future__ import annotations

import random

from coup_rules.engine import to_act
from coup_rules.moves import Move
from coup_rules.state import GameState
from coup_rules.web.bots import stand_in_move

__all__ = ["deadline", "seconds_left", "stand_in_moves"]


def deadline(limit: float | None, started: bool, now: float) -> float | None:
    """When a decision opening at ``now`` runs out: ``None`` without a limit or before the
    game has started."""
    if limit is None or not started:
        return None
    return now + limit


def seconds_left(deadline: float | None, over: bool, now: float) -> float | None:
    """Seconds until ``deadline`` (never below 0); ``None`` without one or once over."""
    if deadline is None or over:
        return None
    return max(0.0, deadline - now)


def stand_in_moves(state: GameState, rng: random.Random) -> list[tuple[int, Move]]:
    """The table's answer for every seat still asked in ``state``, once its time ran out."""
    return [(seat, stand_in_move(state, seat, rng)) for seat in to_act(state)]
