"""The differential check of ``coup_rules.jax`` against the engine, move for move.

The same check as the vector engine's (``tests.vector_check``: masks, current players,
observations, the next position after every move with the engine replaying the cards drawn,
the winner, and the claims and knowledge of the final row rebuilt from the engine's log), run
on ``JaxLanes``: a batch of ``coup_rules.jax.Env`` games under ``jit(vmap(...))``, shown to the
check as the lanes of a vector env. The lanes' rows are kept on the host between steps, so the
check reads and writes them exactly as it does the vector env's.

Command line (from the repository root)::

    python -m tests.jax_check --moves 1000000   # every variant of VARIANTS in turn
    python -m tests.jax_check --variant base-4p   # one variant (repeatable), as in a whole run
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from coup_rules import Config, GameState
from coup_rules.jax import Env, State
from coup_rules.jax.env import derive
from coup_rules.vector import fields as f
from coup_rules.vector.convert import read_row, write_row
from coup_rules.vector.layout import Layout
from tests.vector_check import VARIANT_HELP, VARIANTS, Tally, check_all, check_batch


class JaxLanes:
    """``num_envs`` games of a ``coup_rules.jax.Env``, with the vector env's host interface
    (what ``tests.vector_check`` calls): ``state`` holds the rows, on the host."""

    def __init__(self, config: Config, num_envs: int, seed: int) -> None:
        self.env = Env(config)
        self.config = config
        self.layout: Layout = self.env.layout
        self.num_envs = num_envs
        self.key = jax.random.key(seed)
        self._init = jax.jit(jax.vmap(self.env.init))
        self._step = jax.jit(jax.vmap(self.env.step))
        self._derive = jax.jit(jax.vmap(lambda row: derive(self.env, row)))
        self.state = np.zeros((num_envs, self.env.fields), np.int32)
        self._batch: State | None = None
        self._host: State | None = None  # the batch, copied to the host once per step

    def _keys(self) -> jax.Array:
        self.key, key = jax.random.split(self.key)
        return jax.random.split(key, self.num_envs)

    def _games(self) -> State:
        if self._batch is None:
            self._batch = self._derive(jnp.asarray(self.state))
            self._host = None
        return self._batch

    def _seen(self) -> State:
        games = self._games()
        if self._host is None:
            self._host = jax.device_get(games)
        return self._host

    def reset(self, lanes: Sequence[int] | None = None) -> None:
        """New deals in every lane (``None``), or none (``[]``: the rows are asked again)."""
        if lanes is None:
            self.state = np.array(self._init(self._keys()).row)
        self._batch = None

    def set_state(self, lane: int, state: GameState) -> None:
        row = self.state[lane]
        write_row(row, state, self.layout)
        row[f.RNG_LO] = row[f.RNG_HI] = 0
        self._batch = None

    def to_state(self, lane: int) -> GameState:
        one = jax.tree.map(lambda x: x[lane], self._seen())
        state = self.env.to_state(one)
        if state != read_row(self.state[lane], self.layout):
            raise AssertionError("the host rows and the batch differ")
        return state

    @property
    def current_player(self) -> np.ndarray:
        return np.asarray(self._seen().current_player)

    def legal_action_mask(self) -> np.ndarray:
        return np.asarray(self._seen().legal_action_mask)

    def observation(self) -> np.ndarray:
        return np.asarray(self._seen().observation)

    def step(self, actions: np.ndarray) -> None:
        games = self._step(self._games(), jnp.asarray(actions, jnp.int32), self._keys())
        if bool(jnp.any(games.illegal_action)):
            raise AssertionError("the check played an action outside the mask")
        self._batch = games
        self._host = jax.device_get(games)
        self.state = np.array(self._host.row)


def check_variant(config: Config, games: int, seed: int, lanes: int = 32) -> Tally:
    """Play ``games`` (rounded up to whole batches of ``lanes``) and check every step."""
    env: Any = JaxLanes(config, lanes, seed)
    rng = random.Random(seed)
    tally = Tally()
    while tally.games < games:
        check_batch(env, seed, rng, 1, tally)
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1_000_000, help="moves in all (default 1M)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lanes", type=int, default=64)
    parser.add_argument(
        "--variant", action="append", default=[], choices=list(VARIANTS), help=VARIANT_HELP
    )
    args = parser.parse_args(argv)

    def make_env(config: Config, seed: int) -> JaxLanes:
        return JaxLanes(config, args.lanes, seed)

    check_all(make_env, args.moves, args.seed, 1, args.variant)
    return 0


if __name__ == "__main__":
    sys.exit(main())
