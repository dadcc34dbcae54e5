"""The draw reward of the vector envs: what a game drawn at the turn limit pays, over arrays.

The compiled step pays a win and marks a draw at the turn limit (R-TURN-8) as ``truncated``
with rewards of 0: with ``draw_reward=None`` that is what the env returns. With a number, these
NumPy functions pay the draw as ``coup_rules.rewards.final_rewards`` does (each seat still in
the game ``draw_reward``, each seat eliminated before it ``-1 / (n - 1)``) and report it as
termination, before a finished game is dealt again. ``tests/test_draw_reward.py`` holds them
equal to the object env.
"""

from __future__ import annotations

import numpy as np

from coup_rules.rewards import loss_reward
from coup_rules.vector import fields as f

__all__ = ["in_game", "pay_draws", "pay_learner_draws"]


def in_game(rows: np.ndarray, players: int) -> np.ndarray:
    """bool[len(rows), players]: which seats of each game still hold a hidden card."""
    at = f.SEATS + np.arange(players) * f.SEAT_FIELDS + f.S_NHAND
    held: np.ndarray = rows[:, at] > 0
    return held


def pay_draws(
    rows: np.ndarray,
    rewards: np.ndarray,
    terminated: np.ndarray,
    truncated: np.ndarray,
    draw_reward: float | None,
) -> None:
    """Pay the games that ``truncated`` marks as drawn (every seat's ``rewards``, in place),
    their ``rows`` not yet dealt again, and mark them ``terminated``; nothing with ``None``."""
    if draw_reward is None or not truncated.any():
        return
    lanes = np.flatnonzero(truncated)
    players = rewards.shape[1]
    paid = np.where(in_game(rows[lanes], players), draw_reward, loss_reward(players))
    rewards[lanes] = paid.astype(rewards.dtype)
    terminated[lanes] = True
    truncated[lanes] = False


def pay_learner_draws(
    rewards: np.ndarray,
    terminated: np.ndarray,
    truncated: np.ndarray,
    draw_reward: float | None,
) -> None:
    """The same for one learner per game (``CoupVectorEnv``): its episode ends when it is
    eliminated, so in a drawn game it is always still in, and is paid ``draw_reward``."""
    if draw_reward is None:
        return
    rewards[truncated] = draw_reward
    terminated |= truncated
    truncated[:] = False
