"""coup_rules.jax: the interface of a pure, jittable Env (the rules themselves are held equal to
the engine's by tests/test_jax_differential.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("jax", reason="the [jax] extra is not installed")

import jax
import jax.numpy as jnp
import numpy as np

from coup_rules import Config, apply, legal_moves, new_game, to_act, view
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.integers import NotAnIntegerError
from coup_rules.jax import Env, State
from coup_rules.moves import Income
from coup_rules.vector import fields as f
from tests.vector_check import position

CONFIG = Config(players=3)
ENV = Env(CONFIG)
STEP = jax.jit(ENV.step)
INIT = jax.jit(ENV.init)


def _play(state: State, key: jax.Array, moves: int) -> State:
    for _ in range(moves):
        key, pick, chance = jax.random.split(key, 3)
        if int(state.current_player) < 0:
            break
        legal = jnp.flatnonzero(state.legal_action_mask)
        state = STEP(state, jax.random.choice(pick, legal), chance)
    return state


def test_import_coup_rules_needs_no_jax() -> None:
    code = "import sys; import coup_rules; assert 'jax' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_action_and_observation_numbering_is_the_other_envs() -> None:
    assert ENV.num_actions == MoveCodec(CONFIG).size
    assert ENV.observation_size == ObservationEncoder(CONFIG).size
    state = INIT(jax.random.key(0))
    assert state.legal_action_mask.shape == (ENV.num_actions,)
    assert state.observation.shape == (ENV.observation_size,)
    assert state.observation.dtype == jnp.float32
    assert state.rewards.shape == (CONFIG.players,)


def test_a_new_game_is_a_valid_engine_position() -> None:
    game = ENV.to_state(INIT(jax.random.key(3)))
    assert game.turn == 1 and game.pending is not None
    assert all(len(p.hand) == 2 for p in game.players)


def test_from_state_gives_the_engine_s_masks_and_observations_for_every_seat() -> None:
    game = new_game(CONFIG, seed=11)
    for _ in range(9):
        seat = to_act(game)[0]
        game = apply(game, legal_moves(game, seat)[0])
    state = ENV.from_state(game)
    assert position(ENV.to_state(state)) == position(game)
    codec, encoder = MoveCodec(CONFIG), ObservationEncoder(CONFIG)
    seat = int(state.current_player)
    assert sorted(np.flatnonzero(np.asarray(state.legal_action_mask))) == sorted(
        codec.indices(legal_moves(game, seat))
    )
    for viewer in range(CONFIG.players):
        want = np.asarray(encoder.encode(view(game, viewer)), np.float32)
        assert np.array_equal(np.asarray(ENV.observe(state, viewer)), want)


def test_step_under_vmap_and_jit_plays_a_batch_of_games_to_their_ends() -> None:
    games = 64
    step = jax.jit(jax.vmap(ENV.step))
    state = jax.jit(jax.vmap(ENV.init))(jax.random.split(jax.random.key(1), games))
    key = jax.random.key(2)
    paid = jnp.zeros((games, CONFIG.players))
    for _ in range(400):
        key, pick, chance = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(pick, logits)
        actions = jnp.where(state.current_player >= 0, actions, 0)
        state = step(state, actions, jax.random.split(chance, games))
        assert not bool(jnp.any(state.illegal_action))
        paid = paid + state.rewards
        if bool(jnp.all(state.current_player < 0)):
            break
    assert bool(jnp.all(state.terminated)) and not bool(jnp.any(state.truncated))
    assert np.allclose(np.asarray(paid.sum(axis=1)), 0.0)  # 1 to the winner, -1/2 to each other
    assert np.allclose(np.asarray(paid.max(axis=1)), 1.0)


def test_an_action_outside_the_mask_is_not_played() -> None:
    state = INIT(jax.random.key(4))
    illegal = int(jnp.argmin(state.legal_action_mask))
    assert not bool(state.legal_action_mask[illegal])
    after = STEP(state, illegal, jax.random.key(5))
    assert bool(after.illegal_action)
    assert np.array_equal(np.asarray(after.row), np.asarray(state.row))
    for outside in (-1, ENV.num_actions):
        assert bool(STEP(state, outside, jax.random.key(5)).illegal_action)


def test_a_step_on_a_finished_game_changes_nothing() -> None:
    state = _play(INIT(jax.random.key(6)), jax.random.key(7), 2000)
    assert int(state.current_player) == -1 and bool(state.terminated)
    after = STEP(state, 0, jax.random.key(8))
    assert np.array_equal(np.asarray(after.row), np.asarray(state.row))
    assert not bool(after.illegal_action)
    assert not bool(jnp.any(after.rewards))
    assert bool(after.terminated)


def test_the_turn_limit_truncates_the_game() -> None:
    env = Env(Config(players=3, max_turns=3))
    step = jax.jit(env.step)
    state, key = env.init(jax.random.key(9)), jax.random.key(10)
    while int(state.current_player) >= 0:
        key, pick, chance = jax.random.split(key, 3)
        state = step(
            state, jax.random.choice(pick, jnp.flatnonzero(state.legal_action_mask)), chance
        )
    assert bool(state.truncated) and not bool(state.terminated)
    assert env.to_state(state).winner is None


def test_without_observations_the_rules_are_the_same() -> None:
    fast = Env(CONFIG, observations=False)
    game = new_game(CONFIG, seed=12)
    state = fast.from_state(game)
    assert state.observation.shape == (0,)
    move = Income(player=int(state.current_player))
    index = MoveCodec(CONFIG).encode(move)
    after = jax.jit(fast.step)(state, index, jax.random.key(0))
    assert position(fast.to_state(after)) == position(apply(game, move))
    with pytest.raises(ValueError, match="observations=False"):
        fast.observe(state, 0)


def test_to_state_takes_one_game() -> None:
    batch = jax.vmap(ENV.init)(jax.random.split(jax.random.key(0), 2))
    with pytest.raises(ValueError, match="one game's state"):
        ENV.to_state(batch)
    one = jax.tree.map(lambda x: x[1], batch)
    assert ENV.to_state(one).config == CONFIG


def test_observe_refuses_a_seat_that_is_not_in_the_game() -> None:
    state = INIT(jax.random.key(0))
    with pytest.raises(ValueError, match="player"):
        ENV.observe(state, 3)
    with pytest.raises(TypeError):
        ENV.observe(state, True)


def test_an_env_takes_a_config() -> None:
    with pytest.raises(TypeError, match="Config"):
        Env({"players": 3})  # type: ignore[arg-type]


def test_an_action_that_is_no_integer_is_refused_by_the_integer_rule() -> None:
    state = INIT(jax.random.key(0))
    for action, shown in ((True, "bool True"), (1.0, "float 1.0"), ("1", "str '1'")):
        with pytest.raises(NotAnIntegerError) as refused:
            ENV.step(state, action, jax.random.key(1))  # type: ignore[arg-type]
        assert str(refused.value) == f"action must be a move index (an integer), not {shown}"


def test_an_integer_action_of_any_type_is_played() -> None:
    state = INIT(jax.random.key(0))
    index = int(jnp.argmax(state.legal_action_mask))
    for action in (index, np.int64(index), jnp.asarray(index, jnp.int32)):
        after = ENV.step(state, action, jax.random.key(1))  # type: ignore[arg-type]
        assert not bool(after.illegal_action)
    assert bool(ENV.step(state, 2**40, jax.random.key(1)).illegal_action)


def test_an_action_array_of_floats_or_bools_is_refused_while_tracing() -> None:
    batch = jax.vmap(ENV.init)(jax.random.split(jax.random.key(0), 2))
    keys = jax.random.split(jax.random.key(1), 2)
    refusal = r"action must be a move index \(an integer\), not an array of"
    for actions in (jnp.ones(2, jnp.float32), np.ones(2, bool)):
        with pytest.raises(NotAnIntegerError, match=refusal):
            jax.jit(jax.vmap(ENV.step))(batch, actions, keys)


def test_observe_refuses_a_concrete_seat_outside_the_game_even_under_jit() -> None:
    state = INIT(jax.random.key(0))
    message = "player must be a seat from 0 to 2, not"
    with pytest.raises(ValueError, match=message):
        ENV.observe(state, jnp.asarray(3))
    with pytest.raises(ValueError, match=message):
        jax.jit(ENV.observe, static_argnums=1)(state, 3)
    with pytest.raises(NotAnIntegerError, match=message):
        ENV.observe(state, jnp.asarray(1.0))


def test_a_traced_seat_outside_the_game_observes_nothing_but_nan() -> None:
    state = INIT(jax.random.key(0))
    seen = jax.jit(ENV.observe)(state, 7)
    assert seen.shape == (ENV.observation_size,) and bool(jnp.all(jnp.isnan(seen)))
    inside = jax.jit(ENV.observe)(state, 1)
    assert np.array_equal(np.asarray(inside), np.asarray(ENV.observe(state, 1)))


def test_a_move_the_jax_rules_cannot_play_stops_the_env_from_being_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Embargo:  # a house move the engine's table would hold, with no JAX arm
        pass

    monkeypatch.setitem(f.MOVE_KIND, Embargo, max(f.MOVE_KIND.values()) + 1)
    with pytest.raises(NotImplementedError, match="no rule for the move Embargo: add its arm"):
        Env(CONFIG)


def test_a_decision_the_jax_rules_offer_no_move_in_stops_the_env_from_being_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(f.PHASE_OF, "EMBARGO", f.NDECISIONS + 1)  # type: ignore[misc]
    with pytest.raises(NotImplementedError, match="no rule for the decision EMBARGO"):
        Env(CONFIG)
