"""The doors of the vector engine (issue 40): what ``VectorEnv``, ``CoupVectorEnv`` and
``PolicyBot`` take, and what they refuse.

- ``VectorEnv.set_state`` checks and converts a state before it writes the lane: a refused state
  leaves every game as it was, and a state that breaks an invariant of ``validate_state`` is
  refused with the field it breaks.
- Every lane, count, seat and seed follows the integer rule of ``coup_rules.integers``: any
  integer type but ``bool``, with its one message "NAME must be WHAT, not VALUE".
"""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="NumPy is not installed")
pytest.importorskip("numba", reason="the [vector] extra is not installed")

from coup_rules import Config, GameState, new_game, view  # noqa: E402
from coup_rules.ai.encoding import asked_first  # noqa: E402
from coup_rules.integers import NotAnIntegerError  # noqa: E402
from coup_rules.vector import VectorEnv  # noqa: E402
from coup_rules.vector.convert import ROW_MAX  # noqa: E402

CONFIG = Config(players=3)

NOT_INTEGERS: tuple[object, ...] = (True, np.True_, 0.5, np.float64(0.0), "0", None)
"""Values the integer rule refuses, each named in the message with its type."""


def _env(num_envs: int = 2) -> VectorEnv:
    return VectorEnv(CONFIG, num_envs=num_envs, seed=1)


def _state(**changes: Any) -> GameState:
    return new_game(CONFIG, seed=3).replace(**changes)


# --- set_state: all or nothing -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"turn": 2**40}, "turn must be at most"),
        ({"turn": ROW_MAX + 1}, "turn must be at most"),
        ({"treasury": -5}, "treasury must not be negative"),
        ({"active": 7}, "active must be a seat"),
    ],
    ids=["turn-2**40", "turn-past-the-row", "negative-treasury", "active-not-a-seat"],
)
def test_a_refused_state_leaves_the_lane_and_every_game_as_it_was(
    changes: dict[str, Any], words: str
) -> None:
    env = _env()
    before = env.state.copy()
    asked = env.current_player
    with pytest.raises(ValueError, match=words):
        env.set_state(1, _state(**changes))
    assert (env.state == before).all()
    assert (env.current_player == asked).all()


def test_the_env_steps_on_after_a_refused_state() -> None:
    env = _env()
    with pytest.raises(ValueError, match="turn"):
        env.set_state(0, _state(turn=2**40))
    rewards, _, _ = env.step(env.legal_action_mask().argmax(axis=1))
    assert rewards.shape == (2, CONFIG.players)


def test_a_state_that_breaks_an_invariant_is_refused_with_the_field_r_setup_10() -> None:
    """Coins add up to the bank (R-SETUP-10): a treasury of -5 is no game's."""
    with pytest.raises(ValueError, match="not one a game can reach: treasury must not be negative"):
        _env().set_state(0, _state(treasury=-5))


def test_a_valid_state_is_written_whole() -> None:
    env = _env()
    state = _state()
    env.set_state(1, state)
    back = env.to_state(1).core._replace(log=state.log, seed=state.seed, draws=state.draws)
    assert back == state.core
    assert env.current_player[1] == asked_first(state.pending, CONFIG.players)  # type: ignore[arg-type]


# --- lanes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lane", NOT_INTEGERS, ids=repr)
def test_reset_refuses_a_lane_that_is_no_integer_and_deals_nothing(lane: object) -> None:
    env = _env()
    before = env.state.copy()
    with pytest.raises(NotAnIntegerError, match=r"^lanes\[0\] must be a game from 0 to 1, not "):
        env.reset([lane])  # type: ignore[list-item]
    assert (env.state == before).all()


@pytest.mark.parametrize(
    "lanes",
    [[[0]], 0, "0", np.array([0.0]), np.array([True]), np.array([[0]])],
    ids=["nested-list", "bare-int", "str", "float-array", "bool-array", "2-d-array"],
)
def test_reset_refuses_lanes_that_are_no_sequence_of_integers_with_words(lanes: object) -> None:
    with pytest.raises(NotAnIntegerError, match="lanes"):
        _env().reset(lanes)  # type: ignore[arg-type]


def test_reset_refuses_a_lane_outside_the_env_in_the_integer_rule_s_words() -> None:
    with pytest.raises(ValueError, match=r"^lanes\[1\] must be a game from 0 to 1, not 2$"):
        _env().reset([0, 2])


@pytest.mark.parametrize("lanes", [[np.int64(1)], np.array([1], np.uint8), (1,), [np.array(1)]])
def test_reset_takes_lanes_of_any_integer_type(lanes: object) -> None:
    env = _env()
    env.step(env.legal_action_mask().argmax(axis=1))
    kept = env.state[0].copy()
    env.reset(lanes)  # type: ignore[arg-type]
    assert (env.state[0] == kept).all()
    assert env.to_state(1).turn in (0, 1)


@pytest.mark.parametrize("lane", NOT_INTEGERS, ids=repr)
def test_to_state_and_set_state_refuse_a_lane_that_is_no_integer(lane: object) -> None:
    env = _env()
    with pytest.raises(NotAnIntegerError, match=r"^lane must be a game from 0 to 1, not "):
        env.to_state(lane)  # type: ignore[arg-type]
    with pytest.raises(NotAnIntegerError, match=r"^lane must be a game from 0 to 1, not "):
        env.set_state(lane, _state())  # type: ignore[arg-type]


# --- num_envs and seeds --------------------------------------------------------------------------


@pytest.mark.parametrize("count", [np.int64(2), np.uint8(2), np.array(2)], ids=repr)
def test_num_envs_takes_any_integer_type(count: object) -> None:
    env = VectorEnv(CONFIG, num_envs=count, seed=0)  # type: ignore[arg-type]
    assert env.num_envs == 2 and type(env.num_envs) is int


@pytest.mark.parametrize("count", [True, 2.0, "2", None], ids=repr)
def test_num_envs_refuses_what_is_no_integer(count: object) -> None:
    with pytest.raises(NotAnIntegerError, match=r"^num_envs must be a whole number from 1, not "):
        VectorEnv(CONFIG, num_envs=count)  # type: ignore[arg-type]


def test_num_envs_of_zero_is_refused_in_the_same_words() -> None:
    with pytest.raises(ValueError, match=r"^num_envs must be a whole number from 1, not 0$"):
        VectorEnv(CONFIG, num_envs=0)


@pytest.mark.parametrize("seed", [True, 1.0, "1", -1, 2**256], ids=repr)
def test_a_seed_is_an_integer_from_0_to_2_256_in_the_constructor_and_reset(seed: object) -> None:
    words = r"^seed must be an integer from 0 to 2\*\*256 - 1, not "
    with pytest.raises(ValueError, match=words):
        VectorEnv(CONFIG, num_envs=1, seed=seed)  # type: ignore[arg-type]
    env = _env()
    before = env.state.copy()
    with pytest.raises(ValueError, match=words):
        env.reset(seed=seed)  # type: ignore[arg-type]
    assert (env.state == before).all()


def test_a_numpy_seed_deals_as_its_int() -> None:
    ours = VectorEnv(CONFIG, num_envs=2, seed=np.uint64(5))  # type: ignore[arg-type]
    assert (ours.state == VectorEnv(CONFIG, num_envs=2, seed=5).state).all()


# --- CoupVectorEnv -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def training() -> Any:
    pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")
    from coup_rules.vector import training

    return training


def test_coup_vector_env_takes_a_numpy_num_envs_and_refuses_a_bool(training: Any) -> None:
    env = training.CoupVectorEnv(CONFIG, num_envs=np.int64(2), opponents="honest")
    assert env.num_envs == 2 and type(env.num_envs) is int
    with pytest.raises(NotAnIntegerError, match=r"^num_envs must be a whole number from 1, not "):
        training.CoupVectorEnv(CONFIG, num_envs=True)


@pytest.mark.parametrize("seed", [True, 0.5, "0"], ids=repr)
def test_coup_vector_env_refuses_a_seed_that_is_no_integer(training: Any, seed: object) -> None:
    words = r"^seed must be an integer from 0 to 2\*\*256 - 1, not "
    with pytest.raises(NotAnIntegerError, match=words):
        training.CoupVectorEnv(CONFIG, num_envs=2, seed=seed)
    env = training.CoupVectorEnv(CONFIG, num_envs=2)
    seats = env.learner_seats
    with pytest.raises(NotAnIntegerError, match=words):
        env.reset(seed=seed)
    assert (env.learner_seats == seats).all()


@pytest.mark.parametrize("seat", [True, 1.0, "1"], ids=repr)
def test_coup_vector_env_refuses_a_learner_seat_that_is_no_integer(
    training: Any, seat: object
) -> None:
    words = r"^learner_seat must be a seat from 0 to 2 or 'random', not "
    with pytest.raises(ValueError, match=words):
        training.CoupVectorEnv(CONFIG, num_envs=1, learner_seat=seat)


def test_coup_vector_env_takes_a_numpy_learner_seat(training: Any) -> None:
    env = training.CoupVectorEnv(CONFIG, num_envs=2, learner_seat=np.int8(2))
    assert env.learner_seats.tolist() == [2, 2]


@pytest.mark.parametrize("lane", [True, 0.0, "0"], ids=repr)
def test_coup_vector_env_to_state_refuses_a_lane_that_is_no_integer(
    training: Any, lane: object
) -> None:
    env = training.CoupVectorEnv(CONFIG, num_envs=2)
    with pytest.raises(NotAnIntegerError, match=r"^lane must be a game from 0 to 1, not "):
        env.to_state(lane)


# --- PolicyBot -----------------------------------------------------------------------------------


@pytest.mark.parametrize("answer", [True, np.True_, 1.0, np.float32(1.0), "1"], ids=repr)
def test_policy_bot_refuses_an_answer_the_vector_env_refuses(answer: object) -> None:
    """A policy's ``True`` is no move index: ``PolicyBot`` refuses it as ``CoupVectorEnv``
    refuses a bool array, never playing it as index 1 (R-TURN-7)."""
    from coup_rules.ai.policybot import PolicyBot

    state = new_game(CONFIG, seed=0)
    seat = asked_first(state.pending, CONFIG.players)  # type: ignore[arg-type]
    bot = PolicyBot(lambda observation, mask: answer, CONFIG)  # type: ignore[arg-type, return-value]
    with pytest.raises(NotAnIntegerError, match=r"^the policy's answer must be a move index"):
        bot.choose(view(state, seat), random.Random(0))


@pytest.mark.parametrize("kind", [np.int64, np.uint8, np.array])
def test_policy_bot_plays_an_answer_of_any_integer_type(kind: Any) -> None:
    from coup_rules.ai.policybot import PolicyBot

    state = new_game(CONFIG, seed=0)
    seat = asked_first(state.pending, CONFIG.players)  # type: ignore[arg-type]
    bot = PolicyBot(lambda observation, mask: kind(int(mask.argmax())), CONFIG)
    assert bot.choose(view(state, seat), random.Random(0)) in view(state, seat).legal_moves
