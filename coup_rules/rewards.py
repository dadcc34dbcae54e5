"""What the environments pay at the end of a game: a win, a loss, and a draw at the turn limit.

Every environment (Gymnasium, PettingZoo, the vector envs, OpenSpiel, JAX) pays by one rule:

- a win: +1 to the winner, ``-1 / (n - 1)`` to every other seat (a zero-sum game);
- a draw at the turn limit (``Config.max_turns``, R-TURN-8), by ``draw_reward``:

  - ``None`` (the default): 0 to every seat, and the draw is reported as truncation, as the
    environments always did;
  - a number: each seat still in the game gets ``draw_reward`` and each seat eliminated
    before the draw ``-1 / (n - 1)`` (it lost, whatever the others did), and the draw is an
    end of the game like a win: termination. A negative ``draw_reward`` makes a game dragged
    to the limit cost something, so self-play does not learn to stall.

Truncation then means only that something outside the game cut the episode short (a
time-limit wrapper): there is no draw reward for it.

``draw_reward`` is checked at the door (``checked_draw_reward``): any finite real number, a
NumPy one included, is taken as a plain ``float``; ``True``, ``"0.5"``, ``nan`` or ``inf`` is
refused with one message. The compiled forms (``coup_rules.vector``, ``coup_rules.jax``) pay
by the same rule, held equal to this module by ``tests/test_draw_reward.py``.
"""

from __future__ import annotations

import math
import numbers

from coup_rules.integers import refusal
from coup_rules.state import GameState

__all__ = ["checked_draw_reward", "final_rewards", "loss_reward"]


def checked_draw_reward(value: object, name: str = "draw_reward") -> float | None:
    """``value`` as a plain ``float``, or ``None`` where it is ``None``.

    Raises:
        ValueError: ``value`` is not a finite real number (a ``bool``, a string, ``nan``,
            ``inf``): ``"draw_reward must be a finite number or None, not float nan"``.
    """
    if value is None:
        return None
    real = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if not real or not math.isfinite(float(value)):  # type: ignore[arg-type]
        raise ValueError(refusal(name, "a finite number or None", value))
    return float(value)  # type: ignore[arg-type]


def loss_reward(players: int) -> float:
    """What a seat that lost is paid: ``-1 / (players - 1)``."""
    return -1.0 / (players - 1)


def final_rewards(game: GameState, draw_reward: float | None) -> tuple[float, ...]:
    """What each seat is paid for ``game``, which is over (see the module's docs): by the win,
    or by ``draw_reward`` for a draw at the turn limit."""
    players = game.config.players
    loss = loss_reward(players)
    if game.winner is not None:
        return tuple(1.0 if seat == game.winner else loss for seat in range(players))
    if draw_reward is None:
        return (0.0,) * players
    return tuple(draw_reward if p.hand else loss for p in game.core.players)
