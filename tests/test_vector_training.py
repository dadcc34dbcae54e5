"""``CoupVectorEnv``: a real ``gymnasium.vector.VectorEnv`` of one learner against compiled bots."""

from __future__ import annotations

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")
pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")

from collections.abc import Callable

import gymnasium
import numpy as np

from coup_rules import Config, GameState, legal_moves
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder, asked_first
from coup_rules.bots import HonestBot
from coup_rules.vector import CoupVectorEnv, VectorEnv

CONFIG = Config(players=4)


def _random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def _play(env: CoupVectorEnv, steps: int, seed: int) -> list[tuple[np.ndarray, ...]]:
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    out = [(obs,)]
    for _ in range(steps):
        obs, rewards, terminated, truncated, infos = env.step(
            _random_actions(infos["action_mask"], rng)
        )
        out.append((obs, rewards, terminated, truncated))
    return out


def test_it_is_a_gymnasium_vector_env_with_the_encoder_s_spaces() -> None:
    env = CoupVectorEnv(CONFIG, num_envs=8, opponents="counting")
    encoder = ObservationEncoder(CONFIG)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.single_action_space == gymnasium.spaces.Discrete(MoveCodec(CONFIG).size)
    assert env.single_observation_space.shape == (encoder.size,)
    assert np.array_equal(env.single_observation_space.high, np.float32(encoder.high))
    assert env.observation_space.shape == (8, encoder.size)
    assert env.action_space.shape == (8,)
    obs, infos = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert infos["action_mask"].shape == (8, env.single_action_space.n)
    assert env.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP


def test_one_seed_and_one_sequence_of_actions_give_the_same_games() -> None:
    first = _play(CoupVectorEnv(CONFIG, num_envs=16, opponents=("counting", "honest")), 60, 5)
    second = _play(CoupVectorEnv(CONFIG, num_envs=16, opponents=("counting", "honest")), 60, 5)
    for a, b in zip(first, second, strict=True):
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y)


def test_another_seed_deals_other_games() -> None:
    env = CoupVectorEnv(CONFIG, num_envs=16)
    obs_a, _ = env.reset(seed=1)
    obs_b, _ = env.reset(seed=2)
    assert not np.array_equal(obs_a, obs_b)


def test_the_learner_is_asked_only_its_own_decisions_r_turn_7() -> None:
    env = CoupVectorEnv(CONFIG, num_envs=16, opponents="counting", learner_seat="random")
    codec = MoveCodec(CONFIG)
    rng = np.random.default_rng(0)
    _, infos = env.reset(seed=0)
    for _ in range(80):
        for lane in range(env.num_envs):
            state = env.to_state(lane)
            seat = int(infos["seat"][lane])
            assert state.pending is not None
            assert asked_first(state.pending, CONFIG.players) == seat
            legal = sorted(codec.indices(legal_moves(state, seat)))
            assert np.flatnonzero(infos["action_mask"][lane]).tolist() == legal
        _, _, _, _, infos = env.step(_random_actions(infos["action_mask"], rng))
    assert len(set(infos["seat"].tolist())) > 1


def test_a_fixed_learner_seat_is_kept_in_every_game() -> None:
    env = CoupVectorEnv(CONFIG, num_envs=8, learner_seat=2)
    _, infos = env.reset(seed=0)
    assert infos["seat"].tolist() == [2] * 8


def test_a_finished_game_gives_its_reward_its_final_observation_and_a_new_deal() -> None:
    env = CoupVectorEnv(CONFIG, num_envs=32, opponents="random")
    rng = np.random.default_rng(1)
    obs, infos = env.reset(seed=1)
    ended_games = 0
    for _ in range(400):
        obs, rewards, terminated, truncated, infos = env.step(
            _random_actions(infos["action_mask"], rng)
        )
        ended = terminated | truncated
        assert set(rewards[~ended].tolist()) <= {0.0}
        assert set(rewards[terminated].tolist()) <= {1.0, np.float32(-1 / 3)}
        if ended.any():
            assert np.array_equal(infos["_final_obs"], ended)
            for lane in np.flatnonzero(ended):
                assert env.single_observation_space.contains(infos["final_obs"][lane])
                assert not np.array_equal(infos["final_obs"][lane], obs[lane])
            ended_games += int(ended.sum())
    assert ended_games > 0


def test_an_illegal_action_is_refused_and_nothing_is_played_r_turn_7() -> None:
    env = CoupVectorEnv(CONFIG, num_envs=4)
    _, infos = env.reset(seed=0)
    before = [env.to_state(lane) for lane in range(4)]
    actions = infos["action_mask"].argmax(axis=1)
    actions[2] = int(np.flatnonzero(~infos["action_mask"][2])[0])
    with pytest.raises(ValueError, match=r"game 2: action \d+ is not a legal move"):
        env.step(actions)
    assert [env.to_state(lane) for lane in range(4)] == before


def test_returned_arrays_are_fresh() -> None:
    env = CoupVectorEnv(CONFIG, num_envs=4)
    obs, infos = env.reset(seed=0)
    kept_obs, kept_mask = obs.copy(), infos["action_mask"].copy()
    infos["action_mask"][:] = False
    assert np.array_equal(env.action_masks(), kept_mask)
    env.step(kept_mask.argmax(axis=1))
    assert np.array_equal(obs, kept_obs)


def test_unknown_opponents_and_seats_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        CoupVectorEnv(CONFIG, num_envs=2, opponents="genius")
    with pytest.raises(ValueError, match="learner_seat must be a seat from 0 to 3"):
        CoupVectorEnv(CONFIG, num_envs=2, learner_seat=4)


def test_bot_objects_bring_their_own_parameters() -> None:
    shy = CoupVectorEnv(CONFIG, num_envs=64, opponents=HonestBot(challenge_rate=0.0))
    keen = CoupVectorEnv(CONFIG, num_envs=64, opponents=HonestBot(challenge_rate=1.0))
    assert not np.array_equal(_play(shy, 40, 9)[-1][0], _play(keen, 40, 9)[-1][0])


def test_make_vec_builds_it_and_gymnasium_s_vector_wrappers_run() -> None:
    import coup_rules.gymnasium  # noqa: F401  (registers the id)

    env = gymnasium.make_vec(
        "coup_rules/Coup-v0",
        num_envs=8,
        vectorization_mode="vector_entry_point",
        config=CONFIG,
        opponents="counting",
    )
    assert isinstance(env.unwrapped, CoupVectorEnv)
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(env)
    rng = np.random.default_rng(0)
    _, infos = env.reset(seed=0)
    episodes = 0
    for _ in range(300):
        _, _, _, _, infos = env.step(_random_actions(infos["action_mask"], rng))
        episodes += int(infos.get("_episode", np.zeros(8, bool)).sum())
    assert episodes > 0


# --- policies as opponents ---------------------------------------------------------------------


def _first_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A batched policy: the first legal move of each game."""
    assert observations.dtype == np.float32 and masks.dtype == np.bool_
    return np.asarray(masks.argmax(axis=1), np.int64)


def _engine_first_legal(state: GameState, seat: int, codec: MoveCodec) -> int:
    return min(codec.encode(move) for move in legal_moves(state, seat))


def _to_learner(ma: VectorEnv, codec: MoveCodec) -> str | None:
    """Play lane 0 of ``ma`` by the engine's first legal move of each seat but 0 until seat 0 is
    asked, dealing again (as ``CoupVectorEnv`` does) when seat 0 is out; how the game seat 0
    played ended (``None``: it goes on). A new deal's own end before seat 0 is asked is not
    seat 0's game, and is dealt again too."""
    outcome: str | None = None
    played = True  # the game of the step just played is seat 0's until it ends
    while True:
        state = ma.to_state(0)
        if not state.core.players[0].hand:
            outcome = outcome or ("out" if played else None)
            played = False
            ma.reset(lanes=[0])
            continue
        if ma.current_player[0] == 0:
            return outcome
        seat = int(ma.current_player[0])
        _, terminated, truncated = ma.step(np.array([_engine_first_legal(state, seat, codec)]))
        if terminated[0] or truncated[0]:
            if played and outcome is None:
                outcome = "drawn" if truncated[0] else "ended"
            played = False


def test_a_policy_of_the_first_legal_move_plays_the_engine_s_games_move_for_move() -> None:
    codec = MoveCodec(CONFIG)
    ended_games = 0
    for seed in range(3):
        env = CoupVectorEnv(CONFIG, num_envs=1, opponents=_first_legal)
        ma = VectorEnv(CONFIG, num_envs=1)
        obs, infos = env.reset(seed=seed)
        ma.reset(seed=seed)
        assert _to_learner(ma, codec) is None
        rng = np.random.default_rng(seed)
        for _ in range(60):
            assert env.to_state(0) == ma.to_state(0)
            assert np.array_equal(infos["action_mask"], ma.legal_action_mask())
            assert np.array_equal(obs, ma.observation())
            actions = _random_actions(infos["action_mask"], rng)
            obs, rewards, terminated, truncated, infos = env.step(actions)
            ma.step(actions)
            outcome = _to_learner(ma, codec)
            assert bool(terminated[0]) == (outcome in ("out", "ended"))
            assert bool(truncated[0]) == (outcome == "drawn")
            if outcome == "out":
                assert rewards[0] == np.float32(-1 / 3)
            ended_games += outcome is not None
    assert ended_games > 3


class _Watcher:
    """The first legal move, checking every call against the engine's positions: the games it
    is called for are exactly those that ask its seat, in order, with the engine's legal moves,
    and no game waits on a compiled bot."""

    def __init__(self, offsets: set[int]) -> None:
        self.offsets = offsets  # the policy's seats, counted clockwise from the learner
        self.env: CoupVectorEnv | None = None
        self.seats: list[int] = []
        self.sizes: list[int] = []

    def __call__(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        env = self.env
        if env is not None:
            codec = MoveCodec(CONFIG)
            waiting: dict[int, list[int]] = {}
            for lane in range(env.num_envs):
                state = env.to_state(lane)
                assert state.pending is not None
                asked = asked_first(state.pending, CONFIG.players)
                learner = int(env.learner_seats[lane])
                mine = (asked - learner) % CONFIG.players in self.offsets
                assert asked == learner or mine  # no game waits on a compiled bot
                if mine:
                    waiting.setdefault(asked, []).append(lane)
            matches = [
                seat
                for seat, lanes in waiting.items()
                if [sorted(codec.indices(legal_moves(env.to_state(g), seat))) for g in lanes]
                == [np.flatnonzero(row).tolist() for row in masks]
            ]
            assert matches, "the masks are not those of the games that ask the policy's seat"
            self.seats.append(matches[0])
            self.sizes.append(len(masks))
        return _first_legal(observations, masks)


def test_names_bot_objects_and_a_policy_sit_at_one_table_each_at_its_own_seat() -> None:
    watcher = _Watcher({2})
    env = CoupVectorEnv(
        CONFIG,
        num_envs=16,
        opponents=("counting", watcher, HonestBot(challenge_rate=0.3)),
        learner_seat="random",
    )
    watcher.env = env
    rng = np.random.default_rng(3)
    _, infos = env.reset(seed=3)
    for _ in range(80):
        _, _, _, _, infos = env.step(_random_actions(infos["action_mask"], rng))
        for lane in range(env.num_envs):
            state = env.to_state(lane)
            assert state.pending is not None
            assert asked_first(state.pending, CONFIG.players) == int(infos["seat"][lane])
    assert len(watcher.seats) > 20
    assert len(set(watcher.seats)) == CONFIG.players  # the learner's seat is drawn per deal


def test_the_games_that_ask_a_policy_s_seat_are_asked_in_one_call() -> None:
    watcher = _Watcher({2})  # every call checks that it has every game waiting on that seat
    env = CoupVectorEnv(CONFIG, num_envs=64, opponents=("counting", watcher, "random"))
    watcher.env = env
    rng = np.random.default_rng(0)
    _, infos = env.reset(seed=0)
    for _ in range(20):
        _, _, _, _, infos = env.step(_random_actions(infos["action_mask"], rng))
    assert set(watcher.seats) == {2}
    assert max(watcher.sizes) > 1


def test_a_single_policy_plays_every_opponent_seat() -> None:
    watcher = _Watcher({1, 2, 3})
    env = CoupVectorEnv(CONFIG, num_envs=8, opponents=watcher, learner_seat=1)
    watcher.env = env
    rng = np.random.default_rng(4)
    _, infos = env.reset(seed=4)
    for _ in range(40):
        _, _, _, _, infos = env.step(_random_actions(infos["action_mask"], rng))
    assert set(watcher.seats) == {0, 2, 3}


def test_a_policy_table_gives_the_same_games_from_one_seed() -> None:
    first = _play(CoupVectorEnv(CONFIG, num_envs=8, opponents=("counting", _first_legal)), 40, 2)
    second = _play(CoupVectorEnv(CONFIG, num_envs=8, opponents=("counting", _first_legal)), 40, 2)
    for a, b in zip(first, second, strict=True):
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y)


class _Switch:
    """The first legal move, or ``answer(masks)`` while it is set."""

    def __init__(self) -> None:
        self.answer: Callable[[np.ndarray], object] | None = None

    def __call__(self, observations: np.ndarray, masks: np.ndarray) -> object:
        if self.answer is not None:
            return self.answer(masks)
        return _first_legal(observations, masks)


def _refused(
    answer: Callable[[np.ndarray], object], match: str, error: type[Exception] = ValueError
) -> None:
    """A policy answering ``answer`` is refused with ``match``; the step is undone, and the
    games then go on as if it had never been asked."""
    switch = _Switch()
    env = CoupVectorEnv(CONFIG, num_envs=8, opponents=switch)  # type: ignore[arg-type]
    plain = CoupVectorEnv(CONFIG, num_envs=8, opponents=_first_legal)
    _, infos = env.reset(seed=6)
    plain.reset(seed=6)
    before = [env.to_state(lane) for lane in range(8)]
    actions = infos["action_mask"].argmax(axis=1)
    switch.answer = answer
    with pytest.raises(error, match=match):
        env.step(actions)
    assert [env.to_state(lane) for lane in range(8)] == before
    switch.answer = None
    got, want = env.step(actions), plain.step(actions)
    for x, y in zip(got[:4], want[:4], strict=True):
        assert np.array_equal(x, y)
    assert np.array_equal(got[4]["action_mask"], want[4]["action_mask"])


def test_a_policy_s_illegal_move_is_refused_naming_the_game_and_the_seat_r_turn_7() -> None:
    _refused(
        lambda masks: masks.argmin(axis=1),
        r"game \d+: the policy at seat [123] answered \d+, which is not a legal move of that "
        r"seat \(R-TURN-7\); nothing was played",
    )


def test_a_policy_s_move_outside_the_table_is_refused() -> None:
    _refused(
        lambda masks: np.full(len(masks), 10_000),
        r"game \d+: the policy at seat [123] answered 10000, which is not a legal move",
    )


def test_a_policy_s_answer_that_is_not_integers_is_refused() -> None:
    _refused(
        lambda masks: masks.argmax(axis=1).astype(np.float64),
        r"the policy at seat [123] must answer an integer array of shape \(\d+,\), one move "
        r"index for each game that asks it \(games \d+.*\), not ndarray of float64",
    )
    _refused(lambda masks: masks[:, 0], r"must answer an integer array .* not ndarray of bool")


def test_a_policy_s_answer_of_another_shape_is_refused() -> None:
    _refused(
        lambda masks: masks.argmax(axis=1)[:, None],
        r"the policy at seat [123] must answer an integer array of shape \((\d+),\), .*"
        r"not one of shape \(\d+, 1\)",
    )
    _refused(lambda masks: None, r"must answer an integer array")


def test_a_policy_s_own_error_reaches_the_caller_and_the_step_is_undone() -> None:
    def broken(masks: np.ndarray) -> object:
        raise KeyError("the network is not loaded")

    _refused(broken, "the network is not loaded", KeyError)


def test_a_bot_class_or_a_value_that_is_no_policy_is_refused_as_an_opponent() -> None:
    with pytest.raises(ValueError, match=r"opponent HonestBot is a class: seat an object"):
        CoupVectorEnv(CONFIG, num_envs=2, opponents=HonestBot)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"an opponent must be a bot name, a bot object or"):
        CoupVectorEnv(CONFIG, num_envs=2, opponents=[3])  # type: ignore[list-item]


# --- the action door ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float64, np.bool_])
def test_learner_actions_that_are_not_integers_are_refused_by_their_type(dtype: type) -> None:
    env = CoupVectorEnv(CONFIG, num_envs=4)
    _, infos = env.reset(seed=0)
    before = [env.to_state(lane) for lane in range(4)]
    with pytest.raises(
        TypeError, match=r"actions must be an integer array of shape \(4,\), not an array of"
    ):
        env.step(infos["action_mask"].argmax(axis=1).astype(dtype))
    assert [env.to_state(lane) for lane in range(4)] == before


def test_learner_actions_of_another_shape_or_outside_the_table_are_refused() -> None:
    env = CoupVectorEnv(CONFIG, num_envs=4)
    _, infos = env.reset(seed=0)
    before = [env.to_state(lane) for lane in range(4)]
    with pytest.raises(ValueError, match=r"of shape \(4,\), not an array of int64 of shape \(3,\)"):
        env.step(np.zeros(3, np.int64))
    actions = infos["action_mask"].argmax(axis=1)
    actions[3] = 49
    with pytest.raises(ValueError, match=r"from 0 to 48, not one with 49 for game 3"):
        env.step(actions)
    assert [env.to_state(lane) for lane in range(4)] == before
    env.step(infos["action_mask"].argmax(axis=1))  # the env goes on
