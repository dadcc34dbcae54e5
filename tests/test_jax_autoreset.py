"""coup_rules.jax.autoreset: a batch's finished games dealt again in place, from a stock of
games dealt ahead (dealt anew only when it runs out)."""

from __future__ import annotations

import pytest

pytest.importorskip("jax", reason="the [jax] extra is not installed")

import jax
import jax.numpy as jnp
import numpy as np

from coup_rules import Config
from coup_rules.jax import Env, State, Stock, autoreset, stock

ENV = Env(Config(players=3), observations=False)
LANES = 4
RESET = jax.jit(lambda state, games: autoreset(ENV, state, games))


def _batch(seed: int) -> State:
    return jax.vmap(ENV.init)(jax.random.split(jax.random.key(seed), LANES))


def _ended(state: State, lanes: list[int]) -> State:
    done = jnp.zeros(LANES, bool).at[jnp.asarray(lanes, jnp.int32)].set(True)
    return state._replace(terminated=done)


def _rows(tree: State | Stock) -> np.ndarray:
    games = tree.games if isinstance(tree, Stock) else tree
    return np.asarray(games.row)


def test_each_finished_game_takes_the_next_game_of_the_stock_in_lane_order() -> None:
    games = stock(ENV, jax.random.key(1), LANES)
    state = _batch(0)
    after, left = RESET(_ended(state, [1, 3]), games)
    rows = _rows(after)
    assert np.array_equal(rows[[0, 2]], _rows(state)[[0, 2]])  # games still on are untouched
    assert np.array_equal(rows[1], _rows(games)[0])
    assert np.array_equal(rows[3], _rows(games)[1])
    assert not bool(jnp.any(after.terminated | after.truncated))
    assert int(left.used) == 2


def test_no_game_is_dealt_while_the_stock_lasts() -> None:
    games = stock(ENV, jax.random.key(1), LANES)
    _, left = RESET(_ended(_batch(0), [0]), games)
    assert np.array_equal(_rows(left), _rows(games))
    assert np.array_equal(jax.random.key_data(left.key), jax.random.key_data(games.key))


def test_the_stock_is_dealt_anew_when_more_games_end_than_it_holds() -> None:
    games = stock(ENV, jax.random.key(1), LANES)
    _, games = RESET(_ended(_batch(0), [0, 1, 2]), games)
    after, left = RESET(_ended(_batch(2), [1, 2]), games)
    assert int(left.used) == 2
    assert not np.array_equal(_rows(left), _rows(games))
    assert np.array_equal(_rows(after)[[1, 2]], _rows(left)[[0, 1]])
    assert ENV.to_state(jax.tree.map(lambda x: x[1], after)).turn == 1


def test_the_same_keys_give_the_same_games() -> None:
    one = RESET(_ended(_batch(0), [0, 2]), stock(ENV, jax.random.key(5), LANES))
    two = RESET(_ended(_batch(0), [0, 2]), stock(ENV, jax.random.key(5), LANES))
    assert np.array_equal(_rows(one[0]), _rows(two[0]))


def test_a_stock_smaller_than_the_batch_is_refused() -> None:
    with pytest.raises(ValueError, match="stock of 2 games cannot reset a batch of 4"):
        autoreset(ENV, _batch(0), stock(ENV, jax.random.key(1), 2))
