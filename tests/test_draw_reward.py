"""A draw at the turn limit pays ``draw_reward`` in every env (R-TURN-8, ``coup_rules.rewards``).

With ``draw_reward=None`` (the default) a draw pays 0 and is truncation, as always; with a
number, each seat still in the game gets it, each seat eliminated before the draw gets the
loss ``-1 / (n - 1)``, and the draw is termination. The compiled forms (``VectorEnv``,
``CoupVectorEnv``, the JAX ``Env``) pay as the object rule does on the same position.
"""

from __future__ import annotations

import random

import pytest

try:
    import numpy as np
except ImportError:  # the [dev] extra alone: the rule's own tests run, the environments' skip
    np = None  # type: ignore[assignment]

from coup_rules import Config, GameState, apply, legal_moves, new_game
from coup_rules.ai.encoding import MoveCodec, asked_first
from coup_rules.moves import Move
from coup_rules.rewards import checked_draw_reward, final_rewards, loss_reward

THREE = Config(players=3, max_turns=12)
"""Random games of 3 drawn at this limit have lost a seat on the way."""
SHORT = Config(players=3, max_turns=3)
"""... and at this one, not always."""
STALL = -0.5


def _drawn_game(config: Config, eliminated: bool) -> tuple[GameState, Move]:
    """The first random engine game (seeds 0, 1, ...) drawn at the turn limit, with a seat
    eliminated before the draw or none: its position before its last move, and that move."""
    for seed in range(500):
        rng = random.Random(seed)
        state = new_game(config, seed=seed)
        while True:
            assert state.pending is not None
            move = rng.choice(legal_moves(state, asked_first(state.pending, config.players)))
            after = apply(state, move)
            if after.is_over:
                break
            state = after
        out = any(not p.hand for p in after.core.players)
        if after.winner is None and out == eliminated:
            return state, move
    raise AssertionError("no such game in 500 seeds")


# --- the rule ------------------------------------------------------------------------------------


NUMPY_NUMBERS = [] if np is None else [np.float32(-0.25), np.int64(-1)]


@pytest.mark.parametrize("value", [-0.5, 0, 2, *NUMPY_NUMBERS])
def test_a_draw_reward_is_any_finite_number(value: object) -> None:
    assert checked_draw_reward(value) == float(value)  # type: ignore[arg-type]
    assert type(checked_draw_reward(value)) is float


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (float("nan"), "float nan"),
        (float("inf"), "float inf"),
        (True, "bool True"),
        ("-0.5", "str '-0.5'"),
        ([0.0], "list [0.0]"),
    ],
)
def test_a_draw_reward_that_is_no_finite_number_is_refused_in_words(
    value: object, shown: str
) -> None:
    with pytest.raises(ValueError, match=r"^draw_reward must be a finite number or None, not "):
        checked_draw_reward(value)
    with pytest.raises(ValueError) as refused:
        checked_draw_reward(value)
    assert str(refused.value).endswith(shown)


def test_without_a_draw_reward_a_draw_pays_nobody_r_turn_8() -> None:
    before, last = _drawn_game(THREE, eliminated=True)
    assert final_rewards(apply(before, last), None) == (0.0, 0.0, 0.0)


def test_a_draw_pays_the_seats_still_in_and_the_loss_to_the_seats_out_r_turn_8() -> None:
    before, last = _drawn_game(THREE, eliminated=True)
    drawn = apply(before, last)
    expected = tuple(STALL if p.hand else loss_reward(3) for p in drawn.core.players)
    assert final_rewards(drawn, STALL) == expected
    assert loss_reward(3) in expected and STALL in expected


def test_a_win_pays_as_before_whatever_the_draw_reward() -> None:
    state = new_game(Config(players=3, max_turns=40), seed=2)
    rng = random.Random(2)
    while not state.is_over:
        assert state.pending is not None
        state = apply(state, rng.choice(legal_moves(state, asked_first(state.pending, 3))))
    if state.winner is None:
        pytest.skip("this seed drew")
    assert final_rewards(state, STALL) == final_rewards(state, None)
    assert sorted(final_rewards(state, None)) == [-0.5, -0.5, 1.0]


# --- the Gymnasium env ---------------------------------------------------------------------------


def _gymnasium_episode(draw_reward: float | None, seed: int) -> tuple[float, bool, bool]:
    """A random episode of the learner against random bots: its last reward and flags."""
    pytest.importorskip("gymnasium")
    from coup_rules.gymnasium import CoupEnv

    env = CoupEnv(players=3, max_turns=6, opponents="random", draw_reward=draw_reward)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    while True:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        _, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return reward, terminated, truncated


def _gymnasium_draw_seed() -> int:
    for seed in range(200):
        if _gymnasium_episode(None, seed)[2]:
            return seed
    raise AssertionError("no drawn episode in 200 seeds")


def test_the_gymnasium_env_by_default_truncates_a_draw_and_pays_0() -> None:
    seed = _gymnasium_draw_seed()
    assert _gymnasium_episode(None, seed) == (0.0, False, True)


def test_the_gymnasium_env_pays_the_draw_reward_and_terminates_r_turn_8() -> None:
    seed = _gymnasium_draw_seed()
    assert _gymnasium_episode(STALL, seed) == (STALL, True, False)


# --- the PettingZoo env --------------------------------------------------------------------------


def _pettingzoo_drawn(draw_reward: float | None) -> tuple[object, GameState]:
    """A PettingZoo game of 3 agents played from the drawn engine game's last position."""
    pytest.importorskip("pettingzoo")
    from coup_rules.pettingzoo import raw_env

    before, last = _drawn_game(THREE, eliminated=True)
    env = raw_env(config=THREE, draw_reward=draw_reward)
    env.reset(seed=0)
    env.game = before
    env.agent_selection = env._selected()
    seat = env._seat[env.agent_selection]
    assert seat == asked_first(before.pending, 3)  # type: ignore[arg-type]
    env.step(env.codec.encode(last))
    return env, apply(before, last)


def test_pettingzoo_pays_each_agent_by_the_rule_and_terminates_a_paid_draw() -> None:
    env, drawn = _pettingzoo_drawn(STALL)
    expected = final_rewards(drawn, STALL)
    assert env.rewards == {f"player_{s}": expected[s] for s in range(3)}  # type: ignore[attr-defined]
    assert all(env.terminations.values())  # type: ignore[attr-defined]
    assert not any(env.truncations.values())  # type: ignore[attr-defined]


def test_pettingzoo_by_default_truncates_a_draw_and_pays_0() -> None:
    env, _ = _pettingzoo_drawn(None)
    assert set(env.rewards.values()) == {0.0}  # type: ignore[attr-defined]
    assert all(env.truncations.values())  # type: ignore[attr-defined]
    assert not any(env.terminations.values())  # type: ignore[attr-defined]


# --- every env refuses a bad draw_reward at the door ---------------------------------------------


def _builders() -> list[object]:
    found: list[object] = []
    try:
        from coup_rules.gymnasium import CoupEnv

        found.append(lambda r: CoupEnv(draw_reward=r))
    except ImportError:
        pass
    try:
        from coup_rules.pettingzoo import env

        found.append(lambda r: env(draw_reward=r))
    except ImportError:
        pass
    return found


@pytest.mark.parametrize("build", _builders())
def test_the_object_envs_refuse_a_draw_reward_that_is_no_number(build: object) -> None:
    with pytest.raises(ValueError, match="draw_reward must be a finite number or None, not float"):
        build(float("nan"))  # type: ignore[operator]


# --- the compiled forms: the same rewards on the same positions ---------------------------------


@pytest.mark.parametrize(
    ("config", "eliminated"), [(THREE, True), (SHORT, False)], ids=["a seat out", "all in"]
)
@pytest.mark.parametrize("draw_reward", [None, STALL], ids=["default", "paid"])
def test_the_vector_env_pays_a_draw_as_the_object_rule(
    config: Config, eliminated: bool, draw_reward: float | None
) -> None:
    pytest.importorskip("numba")
    from coup_rules.vector import VectorEnv

    before, last = _drawn_game(config, eliminated)
    env = VectorEnv(config, num_envs=2, seed=1, autoreset=True, draw_reward=draw_reward)
    env.set_state(0, before)
    actions = np.asarray(env.legal_action_mask().argmax(axis=1), np.int64)
    actions[0] = MoveCodec(config).encode(last)
    rewards, terminated, truncated = env.step(actions)
    drawn = apply(before, last)
    assert rewards[0].tolist() == pytest.approx(final_rewards(drawn, draw_reward))
    assert (bool(terminated[0]), bool(truncated[0])) == (
        (True, False) if draw_reward is not None else (False, True)
    )
    assert env.final_obs[0] is not None  # the last position is kept for a paid draw too


def _learner_run(draw_reward: float | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rewards and flags of 40 steps of 16 games of a random learner against random bots."""
    from coup_rules.vector import CoupVectorEnv

    env = CoupVectorEnv(num_envs=16, seed=3, players=3, max_turns=6, draw_reward=draw_reward)
    rng = np.random.default_rng(3)
    _, infos = env.reset(seed=3)
    rewards, terminated, truncated = [], [], []
    for _ in range(40):
        mask = infos["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask], np.int64)
        _, r, te, tr, infos = env.step(actions)
        rewards.append(r.copy())
        terminated.append(te.copy())
        truncated.append(tr.copy())
    return np.array(rewards), np.array(terminated), np.array(truncated)


def test_coup_vector_env_pays_the_learner_the_draw_reward_and_terminates() -> None:
    pytest.importorskip("numba")
    pytest.importorskip("gymnasium")
    rewards, terminated, truncated = _learner_run(None)
    paid, paid_terminated, paid_truncated = _learner_run(STALL)
    assert truncated.any()  # some games were drawn
    assert np.array_equal(paid, np.where(truncated, STALL, rewards))
    assert np.array_equal(paid_terminated, terminated | truncated)
    assert not paid_truncated.any()


@pytest.mark.parametrize("draw_reward", [None, STALL], ids=["default", "paid"])
def test_the_jax_env_pays_a_draw_as_the_object_rule(draw_reward: float | None) -> None:
    pytest.importorskip("jax")
    import jax

    from coup_rules.jax import Env

    before, last = _drawn_game(THREE, eliminated=True)
    env = Env(THREE, draw_reward=draw_reward)
    after = jax.jit(env.step)(
        env.from_state(before), MoveCodec(THREE).encode(last), jax.random.key(0)
    )
    drawn = apply(before, last)
    assert env.to_state(after).is_over and env.to_state(after).winner is None
    assert np.asarray(after.rewards).tolist() == pytest.approx(final_rewards(drawn, draw_reward))
    assert (bool(after.terminated), bool(after.truncated)) == (
        (True, False) if draw_reward is not None else (False, True)
    )


def test_the_jax_env_refuses_a_draw_reward_that_is_no_number() -> None:
    pytest.importorskip("jax")
    from coup_rules.jax import Env

    with pytest.raises(ValueError, match="draw_reward must be a finite number or None, not bool"):
        Env(THREE, draw_reward=True)


# --- OpenSpiel's returns -------------------------------------------------------------------------


def _openspiel_returns(params: dict[str, object]) -> tuple[list[float], GameState, object]:
    pyspiel = pytest.importorskip("pyspiel")
    import coup_rules.openspiel  # noqa: F401 (registers the game)

    before, last = _drawn_game(THREE, eliminated=True)
    game = pyspiel.load_game("python_coup_rules", {"players": 3, "max_turns": 12, **params})
    state = game.new_initial_state()
    state.game_state = before
    state.apply_action(game.codec.encode(last))
    assert state.is_terminal()
    return state.returns(), apply(before, last), game


def test_openspiel_returns_by_default_0_to_all_at_a_draw_a_zero_sum_game() -> None:
    returns, _, game = _openspiel_returns({})
    assert returns == [0.0, 0.0, 0.0]
    assert game.get_type().utility.name == "ZERO_SUM"  # type: ignore[attr-defined]


def test_openspiel_returns_the_draw_reward_as_the_other_envs_pay_it() -> None:
    returns, drawn, game = _openspiel_returns({"draw_reward": STALL})
    assert returns == list(final_rewards(drawn, STALL))
    assert game.get_type().utility.name == "GENERAL_SUM"  # type: ignore[attr-defined]
    assert game.min_utility() == min(STALL, loss_reward(3))  # type: ignore[attr-defined]
