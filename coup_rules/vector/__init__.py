"""Coup compiled over arrays of games (the optional extra ``coup-rules[vector]``: numba, numpy).

``VectorEnv(config, num_envs, seed, autoreset)`` steps many games at once from Python, every
seat's decisions asked in turn; ``CoupVectorEnv(config, num_envs, seed, opponents, learner_seat)``
is a ``gymnasium.vector.VectorEnv`` of one learner per game against the shipped bots compiled
(``coup_rules.vector.bots``, held equal to ``coup_rules.bots`` move for move; needs Gymnasium);
``random_playouts(config, games, seed, threads)`` plays whole games by uniformly random legal
moves without leaving compiled code. Both are the engine's rules, every variant included, in a
second form: ``tests/test_vector_differential.py`` plays them move for move against
``coup_rules.apply``. Moves are the indices of ``coup_rules.ai.encoding.MoveCodec`` and
observations the vectors of ``ObservationEncoder``, as in the PettingZoo and OpenSpiel adapters.

The layout of a game's row (``fields``, ``layout``, ``rows``, ``convert``) needs NumPy alone;
the JAX form of the rules (``coup_rules.jax``) reads it too. The kernel is compiled on first
use and cached on disk (numba's ``cache=True``), so only the first process pays the compile
time; ``compile_all()`` (``coup-rules warmup``) pays it at a moment of the caller's choosing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coup_rules.vector.env import VectorEnv
    from coup_rules.vector.playouts import random_playouts
    from coup_rules.vector.training import CoupVectorEnv
    from coup_rules.vector.warmup import compile_all

__all__ = ["CoupVectorEnv", "VectorEnv", "compile_all", "random_playouts"]

_HOMES = {
    "VectorEnv": "coup_rules.vector.env",
    "random_playouts": "coup_rules.vector.playouts",
    "CoupVectorEnv": "coup_rules.vector.training",
    "compile_all": "coup_rules.vector.warmup",
}


def __getattr__(name: str) -> Any:
    """Everything is imported on first use: ``fields``, ``layout``, ``rows`` and ``convert``
    (the layout, which ``coup_rules.jax`` reads too) need only NumPy, the envs numba, and
    ``CoupVectorEnv`` Gymnasium besides."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'coup_rules.vector' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
