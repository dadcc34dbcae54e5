"""``compile_all()``: the compiled code, compiled (or loaded from numba's cache) at a moment the
caller chooses, instead of in the middle of a first move.

numba compiles a function at its first call and keeps it on disk (``cache=True``): with a cold
cache (a fresh install, or after the kernel's files changed), the first ``ISMCTSBot()`` move of
a process compiles the search for about 26 CPU seconds (minutes of wall time on a busy machine);
with the cache on disk, a process loads it in about a second. ``compile_all()`` makes those
first calls itself, on a small position, so that what comes after does not wait;
``coup-rules warmup`` runs it from the command line (once after installing is enough: every later
process finds the cache), and ``coup-rules tournament`` runs it before its first game when an
entrant searches in compiled code, so that its worker processes load the code instead of each
compiling it.

The kernels take the configuration's tables as arrays, so one compile serves every
configuration; the signatures are those of any call.
"""

from __future__ import annotations

import importlib.util
import random
import time

import numpy as np

from coup_rules.config import Config
from coup_rules.engine import to_act
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = ["compile_all"]


def _opening(config: Config) -> tuple[GameState, int]:
    """A position with more than one legal move, and the seat to play it."""
    game = new_game(config, seed=0)
    return game, to_act(game)[0]


def compile_all(config: Config | None = None) -> float:
    """Compile (or load from numba's on-disk cache) the compiled code a first call would wait
    for: the search of ``ISMCTSBot`` and ``playout_from`` (``coup_rules.vector.search``),
    ``random_playouts``, ``VectorEnv``'s mask, step and observation, and, when Gymnasium is
    installed, ``CoupVectorEnv``'s loops with its compiled bots and a policy opponent. Returns
    the seconds it took (wall clock): about a second with the cache on disk, half a minute of
    CPU time or more without it.

    Needs the ``[vector]`` extra (numba and NumPy).
    """
    from coup_rules.ai.ismcts import ISMCTSBot
    from coup_rules.vector.env import VectorEnv
    from coup_rules.vector.playouts import random_playouts
    from coup_rules.vector.search import playout_from

    config = Config(players=4) if config is None else config
    start = time.perf_counter()
    game, seat = _opening(config)
    ISMCTSBot(iterations=2, playouts="compiled").choose(view(game, seat), random.Random(0))
    playout_from(game, seed=0)
    random_playouts(config, 1, seed=0)
    env = VectorEnv(config, num_envs=1, seed=0)
    env.step(env.legal_action_mask().argmax(axis=1))
    env.observation()
    if importlib.util.find_spec("gymnasium") is not None:
        _training_env(config)
    return time.perf_counter() - start


def _first_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A policy opponent: the first legal move of each game."""
    moves: np.ndarray = masks.argmax(axis=1)
    return moves


def _training_env(config: Config) -> None:
    """A step of ``CoupVectorEnv`` against every kind of opponent: the compiled bots (one
    compile serves every kind, told apart by a table) and a policy, whose loop is another."""
    from coup_rules.vector.training import CoupVectorEnv

    training = CoupVectorEnv(config, num_envs=2, opponents=["counting", _first_legal])
    training.reset(seed=0)
    training.step(training.action_masks().argmax(axis=1))
