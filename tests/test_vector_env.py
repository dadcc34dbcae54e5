"""The multi-agent ``VectorEnv``: final observations of ended games and a strict action door."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import Config, GameState, apply, legal_moves, new_game, view
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder, asked_first
from coup_rules.moves import Move
from coup_rules.vector import VectorEnv

CONFIG = Config(players=4)
DRAWN = Config(players=4, max_turns=6)


def _engine_game(config: Config, seed: int) -> tuple[GameState, Move]:
    """A random engine game, every move by the seat asked first: its position before its last
    move, and that move."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    while True:
        assert state.pending is not None
        move = rng.choice(legal_moves(state, asked_first(state.pending, config.players)))
        after = apply(state, move)
        if after.is_over:
            return state, move
        state = after


def _first_legal(mask: np.ndarray) -> np.ndarray:
    return np.asarray(mask.argmax(axis=1), np.int64)


def _end_in_lane_0(config: Config, seed: int, autoreset: bool) -> tuple[VectorEnv, GameState]:
    """An env whose lane 0 holds an engine game one move from its end, stepped with that move;
    the engine's final state."""
    before, last = _engine_game(config, seed)
    env = VectorEnv(config, num_envs=3, seed=seed, autoreset=autoreset)
    env.set_state(0, before)
    actions = _first_legal(env.legal_action_mask())
    actions[0] = MoveCodec(config).encode(last)
    env.step(actions)
    return env, apply(before, last)


@pytest.mark.parametrize(("config", "how"), [(CONFIG, "a win"), (DRAWN, "the turn limit")])
def test_a_game_that_ends_leaves_each_seat_s_view_of_its_last_position(
    config: Config, how: str
) -> None:
    env, final = _end_in_lane_0(config, seed=4, autoreset=True)
    encoder = ObservationEncoder(config)
    assert (final.winner is None) == (how == "the turn limit")
    seen = env.final_obs[0]
    assert seen.shape == (config.players, encoder.size)
    assert seen.dtype == np.float32
    for seat in range(config.players):
        assert np.array_equal(seen[seat], np.array(encoder.encode(view(final, seat)), np.float32))


def test_the_final_observation_is_taken_before_autoreset_deals_again() -> None:
    env, _ = _end_in_lane_0(CONFIG, seed=7, autoreset=True)
    dealt = env.to_state(0)
    assert dealt.turn == new_game(CONFIG, seed=0).turn
    assert all(len(p.hand) == 2 and p.coins == 2 for p in dealt.core.players)
    assert env.current_player[0] >= 0
    kept, _ = _end_in_lane_0(CONFIG, seed=7, autoreset=False)
    assert np.array_equal(env.final_obs[0], kept.final_obs[0])


def test_without_autoreset_the_final_observation_is_what_the_finished_game_shows() -> None:
    env, final = _end_in_lane_0(CONFIG, seed=9, autoreset=False)
    assert env.current_player[0] == -1
    active = final.active
    assert np.array_equal(env.final_obs[0][active], env.observation()[0])


def test_lanes_whose_games_did_not_end_have_no_final_observation() -> None:
    env, _ = _end_in_lane_0(CONFIG, seed=4, autoreset=True)
    assert env.final_obs[1] is None
    assert env.final_obs[2] is None


def test_there_is_no_final_observation_before_a_step_nor_after_a_reset() -> None:
    env = VectorEnv(CONFIG, num_envs=4, seed=0)
    assert env.final_obs.tolist() == [None] * 4
    env, _ = _end_in_lane_0(CONFIG, seed=4, autoreset=True)
    env.reset()
    assert env.final_obs.tolist() == [None] * 3


def test_final_observations_mark_exactly_the_games_that_ended() -> None:
    env = VectorEnv(DRAWN, num_envs=32, seed=2)
    rng = np.random.default_rng(2)
    ended_games = 0
    for _ in range(120):
        mask = env.legal_action_mask()
        _, terminated, truncated = env.step((rng.random(mask.shape) * mask).argmax(axis=1))
        finals = env.final_obs
        ended = terminated | truncated
        assert np.array_equal(np.array([x is not None for x in finals]), ended)
        ended_games += int(ended.sum())
    assert ended_games > 0


def test_final_observations_are_fresh_arrays() -> None:
    env, _ = _end_in_lane_0(CONFIG, seed=4, autoreset=True)
    first = env.final_obs[0]
    kept = first.copy()
    first[:] = -1.0
    assert np.array_equal(env.final_obs[0], kept)


def test_one_seed_and_one_sequence_of_actions_give_the_same_final_observations() -> None:
    def run() -> list[np.ndarray]:
        env = VectorEnv(DRAWN, num_envs=16, seed=5)
        rng = np.random.default_rng(5)
        out: list[np.ndarray] = []
        for _ in range(60):
            mask = env.legal_action_mask()
            env.step((rng.random(mask.shape) * mask).argmax(axis=1))
            out.extend(x for x in env.final_obs if x is not None)
        return out

    first, second = run(), run()
    assert len(first) == len(second) > 0
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))


# --- the action door ---------------------------------------------------------------------------


def _env() -> VectorEnv:
    return VectorEnv(CONFIG, num_envs=4, seed=1)


def test_a_list_of_integers_is_an_action_array() -> None:
    env = _env()
    env.step(_first_legal(env.legal_action_mask()).tolist())
    assert env.to_state(0).pending is not None


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_])
def test_an_action_array_that_is_not_of_integers_is_refused_by_its_type(dtype: type) -> None:
    env = _env()
    before = env.state.copy()
    actions: np.ndarray = _first_legal(env.legal_action_mask()).astype(dtype)
    name = np.dtype(dtype).name
    with pytest.raises(
        TypeError,
        match=rf"actions must be an integer array of shape \(4,\), not an array of {name} "
        r"of shape \(4,\)",
    ):
        env.step(actions)
    assert np.array_equal(env.state, before)


@pytest.mark.parametrize("shape", [(3,), (5,), (4, 1), ()])
def test_an_action_array_of_another_shape_is_refused_by_its_shape(shape: tuple[int, ...]) -> None:
    env = _env()
    before = env.state.copy()
    with pytest.raises(
        ValueError, match=rf"actions must be an integer array of shape \(4,\), not .*{shape}"
    ):
        env.step(np.zeros(shape, np.int64))
    assert np.array_equal(env.state, before)


@pytest.mark.parametrize("index", [-1, 49, 2**40])
def test_an_index_outside_the_move_table_is_refused_and_nothing_is_played(index: int) -> None:
    env = _env()
    before = env.state.copy()
    actions = _first_legal(env.legal_action_mask())
    actions[1] = index
    with pytest.raises(
        ValueError, match=rf"from 0 to 48, not one with {index} for game 1 \(R-TURN-7\)"
    ):
        env.step(actions)
    assert np.array_equal(env.state, before)


def test_a_ragged_action_list_is_refused_by_its_type() -> None:
    env = _env()
    with pytest.raises(TypeError, match=r"actions must be an integer array of shape \(4,\)"):
        env.step([[0], [0, 1], 0, 0])  # type: ignore[list-item]


def test_after_a_refused_action_array_the_game_goes_on_as_if_it_had_not_been_sent() -> None:
    refused, plain = _env(), _env()
    actions = _first_legal(refused.legal_action_mask())
    with pytest.raises(TypeError):
        refused.step(actions.astype(np.float64))
    for env in (refused, plain):
        env.step(_first_legal(env.legal_action_mask()))
    assert np.array_equal(refused.state, plain.state)
    assert np.array_equal(refused.observation(), plain.observation())


@settings(max_examples=40, deadline=None)
@given(
    dtype=st.sampled_from(["float64", "float16", "bool", "complex128", "object", "int8", "uint64"]),
    shape=st.sampled_from([(4,), (2,), (4, 2), (0,)]),
    value=st.integers(-3, 60),
)
def test_no_malformed_action_array_is_played(
    dtype: str, shape: tuple[int, ...], value: int
) -> None:
    env = _env()
    before = env.state.copy()
    actions: np.ndarray = np.full(shape, value % 256 if dtype == "uint64" else value).astype(dtype)
    well_formed = (
        np.issubdtype(actions.dtype, np.integer) and shape == (4,) and 0 <= value < env.num_actions
    )
    if well_formed:
        return
    with pytest.raises((TypeError, ValueError), match=r"actions must be an integer array"):
        env.step(actions)
    assert np.array_equal(env.state, before)
