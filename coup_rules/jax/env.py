"""``Env``: Coup for ``jax.jit`` and ``jax.vmap``, in the pgx manner (``init``, ``step``)."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

from coup_rules.config import Config
from coup_rules.integers import NotAnIntegerError, as_index, as_seat
from coup_rules.jax.observe import observe
from coup_rules.jax.rules import Rules
from coup_rules.rewards import checked_draw_reward, loss_reward
from coup_rules.state import GameState
from coup_rules.vector import fields as f
from coup_rules.vector.convert import read_row, write_row
from coup_rules.vector.layout import Layout, fields_of, layout_of

__all__ = ["Env", "State"]


class State(NamedTuple):
    """One game (or, under ``jax.vmap``, a batch of games: every field gains a leading axis).

    A pytree of arrays and nothing else, so that it passes through ``jit``, ``vmap`` and
    ``lax.scan`` as it is.
    """

    row: Array
    """``int32[fields]``: the position, in the vector engine's layout (``vector.fields``)."""
    current_player: Array
    """``int32``: the seat asked now (``coup_rules.ai.encoding.asked_first``), -1 once over."""
    observation: Array
    """``float32[obs]``: the ``ObservationEncoder`` vector of the current player (of the active
    seat once over); empty with ``Env(..., observations=False)``."""
    legal_action_mask: Array
    """``bool[actions]``: the current player's legal moves, by ``MoveCodec`` index."""
    rewards: Array
    """``float32[players]``: what the last step paid, 1 to the winner and ``-1 / (n - 1)`` to
    each other seat on the step that ended the game, else 0. A game drawn by the turn limit
    pays by the env's ``draw_reward`` (``coup_rules.rewards``): 0 with ``None``; else that
    number to each seat still in the game and ``-1 / (n - 1)`` to each seat eliminated."""
    terminated: Array
    """``bool``: the game has a winner (or, with a ``draw_reward``, was drawn)."""
    truncated: Array
    """``bool``: the game was drawn by the turn limit (``Config.max_turns``) and the env has
    no ``draw_reward``."""
    illegal_action: Array
    """``bool``: the last step's action was not in the mask, so nothing was played."""


class Env:
    """The rules of ``config`` as pure functions: ``init(key)``, ``step(state, action, key)``.

    Every function works on one game; ``jax.vmap`` them for a batch and ``jax.jit`` the
    result. Actions are ``MoveCodec`` indices and observations ``ObservationEncoder`` vectors,
    as in the PettingZoo, OpenSpiel and vector envs. ``observations=False`` leaves out the
    observation and what only it needs (claims, knowledge), for fast random playouts.
    ``draw_reward`` is what a draw at the turn limit pays (``coup_rules.rewards``): ``None``
    pays 0 and sets ``truncated``; a finite number pays it to each seat still in the game and
    sets ``terminated``.

    A step on a finished game changes nothing; an action outside the mask is not played and
    sets ``illegal_action`` (a jitted function cannot raise: check it, or sample from the mask).

    Actions and seats follow the integer rule (``coup_rules.integers``): a host value (``int``,
    a NumPy integer) is checked at the door, and ``True`` or ``1.0`` is refused with
    ``NotAnIntegerError``; an array, traced or not, must have an integer dtype (checked while
    tracing: its values cannot be), or it is refused the same way. An integer action outside the
    move table is a move outside the mask (``illegal_action``). ``observe`` refuses a host or
    concrete seat outside the game with ``ValueError``; a traced one cannot be refused, and
    gives a vector of NaN, which shows in anything computed from it.
    """

    def __init__(
        self, config: Config, *, observations: bool = True, draw_reward: float | None = None
    ) -> None:
        if not isinstance(config, Config):
            raise TypeError(f"Env takes a coup_rules.Config, not {type(config).__name__}")
        self.config = config
        self.draw_reward = checked_draw_reward(draw_reward)
        self.observations = observations
        self.layout: Layout = layout_of(config, track=observations)
        self.rules = Rules(self.layout)
        self.num_players = config.players
        self.num_actions = self.layout.codec.size
        self.observation_size = self.layout.encoder.size if observations else 0
        self.fields = fields_of(config.players)

    # --- the pure functions ----------------------------------------------------------------------

    def init(self, key: Array) -> State:
        """A new game, dealt at random from ``key``."""
        return self._state(self.rules.deal(key), jnp.zeros(self.num_players, jnp.float32))

    def step(self, state: State, action: Array | int, key: Array) -> State:
        """The current player plays ``action``; ``key`` draws any cards the move draws."""
        player = state.current_player
        action = self._action(action)
        index = jnp.clip(action, 0, self.num_actions - 1)
        legal = (player >= 0) & (action == index) & state.legal_action_mask[index]
        words = jax.random.bits(key, (f.MAXDRAWS,), jnp.uint32)
        s = self.rules.row(state.row)
        row = self.rules.apply(s, jnp.maximum(player, 0), index, words, legal).array()
        ended = legal & (row[f.PHASE] == f.D_NONE)
        winner = row[f.WINNER]
        won = ended & (winner >= 0)
        n = self.num_players
        loss = loss_reward(n)
        pay = jnp.where(jnp.arange(n) == winner, 1.0, loss).astype(jnp.float32)
        rewards = jnp.where(won, pay, jnp.zeros(n, jnp.float32))
        if self.draw_reward is not None:  # a draw pays the seats still in and those out
            held = row[f.SEATS + jnp.arange(n) * f.SEAT_FIELDS + f.S_NHAND] > 0
            drawn = jnp.where(held, self.draw_reward, loss).astype(jnp.float32)
            rewards = jnp.where(ended & (winner < 0), drawn, rewards)
        new = self._state(row, rewards)
        return new._replace(illegal_action=(player >= 0) & ~legal)

    def observe(self, state: State, player: Array | int) -> Array:
        """``player``'s observation of the game (any seat, not only the current one)."""
        if not self.observations:
            raise ValueError("this Env was made with observations=False")
        n = self.num_players
        expected = f"a seat from 0 to {n - 1}"
        if isinstance(player, jax.core.Tracer):  # its dtype checked, its value cannot be
            seat = _integer_array(player, "player", expected)
            seen = observe(self.rules, self.rules.row(state.row), jnp.clip(seat, 0, n - 1))
            return jnp.where((seat >= 0) & (seat < n), seen, jnp.nan)
        host = np.asarray(player) if isinstance(player, jax.Array) else player  # concrete
        seat = jnp.asarray(as_seat(host, "player", n), jnp.int32)
        return observe(self.rules, self.rules.row(state.row), seat)

    def _action(self, action: Array | int) -> Array:
        """``action`` as an ``int32`` (a host value past the move table: -1, never played)."""
        expected = "a move index (an integer)"
        if isinstance(action, jax.Array):
            return _integer_array(action, "action", expected).astype(jnp.int32)
        index = as_index(action, "action", expected)
        return jnp.asarray(index if 0 <= index < self.num_actions else -1, jnp.int32)

    def _state(self, row: Array, rewards: Array) -> State:
        s = self.rules.row(row)
        current = self.rules.asked_first(s)
        viewer = jnp.where(current >= 0, current, s[f.ACTIVE])
        obs = observe(self.rules, s, viewer) if self.observations else jnp.zeros(0, jnp.float32)
        over = row[f.PHASE] == f.D_NONE
        drawn = over & (row[f.WINNER] < 0)
        paid = self.draw_reward is not None  # a paid draw ends the game as a win does
        return State(
            row=row,
            current_player=current,
            observation=obs,
            legal_action_mask=self.rules.legal_mask(s, current),
            rewards=rewards,
            terminated=(over & (row[f.WINNER] >= 0)) | (drawn & paid),
            truncated=drawn & (not paid),
            illegal_action=jnp.asarray(False),
        )

    # --- to and from the engine (host side, one game) --------------------------------------------

    def to_state(self, state: State) -> GameState:
        """The engine's ``GameState`` of one unbatched state (empty log, seed 0)."""
        row: np.ndarray = np.asarray(state.row)
        if row.shape != (self.fields,):
            raise ValueError(
                f"to_state takes one game's state (a row of {self.fields}), not an array of "
                f"shape {row.shape}: index the batch first (jax.tree.map(lambda x: x[i], s))"
            )
        return read_row(row.astype(np.int32), self.layout)

    def from_state(self, game: GameState) -> State:
        """The ``State`` of an engine position, its claims and knowledge rebuilt from its log."""
        row = np.zeros(self.fields, np.int32)
        write_row(row, game, self.layout)
        row[f.RNG_LO] = row[f.RNG_HI] = 0  # chance comes from the keys passed to step
        return derive(self, jnp.asarray(row))


def _integer_array(value: Array, name: str, expected: str) -> Array:
    """``value`` if its dtype is an integer one (``bool`` is not), else refused with the integer
    rule's message (``coup_rules.integers.refusal``'s form, naming the dtype)."""
    if not jnp.issubdtype(value.dtype, jnp.integer):
        raise NotAnIntegerError(f"{name} must be {expected}, not an array of {value.dtype}")
    return value


def derive(env: Env, row: Array) -> State:
    """The state of a row: its current player, mask and observation (traceable)."""
    return env._state(row, jnp.zeros(env.num_players, jnp.float32))
