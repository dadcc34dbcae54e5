"""``CoupVectorEnv``: a real ``gymnasium.vector.VectorEnv`` of one learner against compiled bots."""

from __future__ import annotations

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")
pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")

import numpy as np

import gymnasium

from coup_rules import Config, legal_moves
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder, asked_first
from coup_rules.bots import HonestBot
from coup_rules.vector import CoupVectorEnv

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
