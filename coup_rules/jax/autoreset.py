"""Autoreset for a batch of ``coup_rules.jax`` games: a finished game is dealt again in place,
from games dealt ahead, so a step deals only when that stock runs out.

A batch of ``n`` games ends about one game in ``n / 37`` a step (4 players, random play): dealing
a fresh game for every lane on every step and keeping it only where a game ended (``jnp.where``
over ``vmap(init)``) spends most of the deals for nothing, a third of a step's work. Here the
stock holds ``n`` games dealt at once (``Stock``); each finished lane takes the next one, in lane
order, and only when a step's finished lanes would overrun the stock is it dealt anew first
(``lax.cond``: on CPU and GPU only the branch taken runs), about once every 37 steps. Every
finished lane gets a new game in the very step its game ended, as with the deal in every lane.

``autoreset`` works on a whole batch (every field with a leading axis): use it outside
``jax.vmap``, where its ``lax.cond`` stays a branch (under ``vmap`` it becomes a select that
deals on every step again).

Chance: the stock is dealt from its own key (``Stock.key``, split once per deal), so the same
keys and actions give the same games; they are other games than those of a deal in every lane.
"""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import Array, lax

from coup_rules.jax.env import Env, State

__all__ = ["Stock", "autoreset", "stock"]


class Stock(NamedTuple):
    """New games dealt ahead: ``games`` (a batch of them), ``used`` (``int32``: how many of them
    have been handed out, in order) and ``key`` (what the next batch is dealt from)."""

    games: State
    used: Array
    key: Array


def _deal(env: Env, key: Array, size: int) -> Stock:
    key, sub = jax.random.split(key)
    games = jax.vmap(env.init)(jax.random.split(sub, size))
    return Stock(games, jnp.asarray(0, jnp.int32), key)


def stock(env: Env, key: Array, size: int) -> Stock:
    """A stock of ``size`` new games of ``env``, dealt from ``key``: for a batch of ``size``
    games (``autoreset`` needs one game in stock per lane)."""
    return _deal(env, key, size)


def _lanes_where(done: Array, new: Array, old: Array) -> Array:
    return jnp.where(done.reshape(done.shape + (1,) * (new.ndim - 1)), new, old)


def autoreset(env: Env, state: State, games: Stock) -> tuple[State, Stock]:
    """``state`` (a batch) with each finished game (``terminated | truncated``) replaced by the
    next game of the stock, and the stock left; the stock is dealt anew first if it holds fewer
    games than have finished. Read a step's ``rewards`` before: a new game's are 0."""
    lanes = state.terminated.shape[0]
    size = int(games.games.terminated.shape[0])
    if size < lanes:
        raise ValueError(f"a stock of {size} games cannot reset a batch of {lanes}")
    done = state.terminated | state.truncated
    count = jnp.sum(done, dtype=jnp.int32)
    games = lax.cond(
        games.used + count > size, lambda g: _deal(env, g.key, size), lambda g: g, games
    )
    order = jnp.minimum(games.used + jnp.cumsum(done, dtype=jnp.int32) - 1, size - 1)
    fresh = jax.tree.map(lambda x: x[jnp.maximum(order, 0)], games.games)
    state = jax.tree.map(lambda new, old: _lanes_where(done, new, old), fresh, state)
    return state, games._replace(used=games.used + count)
