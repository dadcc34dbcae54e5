"""coup_rules.vector: the interface of VectorEnv and random_playouts, and the perft counts."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")

import numpy as np

from coup_rules import (
    Config,
    GameState,
    apply,
    legal_moves,
    new_game,
    to_act,
    validate_state,
)
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder
from coup_rules.vector import VectorEnv, random_playouts
from coup_rules.vector import batch as b
from coup_rules.vector import fields as f
from tests.perft import DEALS, load_golden


def test_import_coup_rules_needs_no_numba() -> None:
    code = (
        "import sys, coup_rules; assert 'numba' not in sys.modules and 'numpy' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_shapes_come_from_the_shared_move_table_and_observation() -> None:
    config = Config(players=5, inquisitor=True, reformation=True)
    env = VectorEnv(config, num_envs=8, seed=1)
    assert env.num_actions == MoveCodec(config).size
    assert env.observation_shape == (ObservationEncoder(config).size,)
    assert env.num_players == 5
    assert env.legal_action_mask().shape == (8, env.num_actions)
    assert env.observation().shape == (8, *env.observation_shape)
    assert env.observation().dtype == np.float32
    assert env.current_player.dtype == np.int32


def test_a_reformation_game_opens_with_the_choice_of_allegiance_r_ref_1() -> None:
    env = VectorEnv(Config(players=4, reformation=True, first_player=2), num_envs=4, seed=0)
    assert env.current_player.tolist() == [2, 2, 2, 2]
    state = env.to_state(0)
    assert state.pending is not None and state.pending.kind == "choose_allegiance"


def test_the_deal_is_a_valid_game_in_every_lane() -> None:
    for config in (Config(players=2), Config(players=10, reformation=True), Config(players=3)):
        env = VectorEnv(config, num_envs=16, seed=3)
        for lane in range(16):
            validate_state(env.to_state(lane))


def test_one_seed_gives_the_same_games() -> None:
    def run(seed: int) -> list[list[int]]:
        env = VectorEnv(Config(players=3), num_envs=4, seed=seed)
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(60):
            mask = env.legal_action_mask()
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
            env.step(actions)
            seen.append(env.state[:, : f.COURTN].ravel().tolist())
        return seen

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_an_illegal_action_is_refused_and_nothing_is_played_r_turn_7() -> None:
    env = VectorEnv(Config(players=4), num_envs=2, seed=0)
    before = env.state.copy()
    mask = env.legal_action_mask()
    illegal = int(np.flatnonzero(~mask[1])[0])
    with pytest.raises(ValueError, match="R-TURN-7"):
        env.step(np.array([int(np.flatnonzero(mask[0])[0]), illegal]))
    assert np.array_equal(env.state, before)


def _play_until_an_end(env: VectorEnv, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    for _ in range(10_000):
        mask = env.legal_action_mask()
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
        rewards, terminated, truncated = env.step(actions)
        if terminated.any() or truncated.any():
            return rewards, terminated, truncated
    raise AssertionError("no game ended")


def test_without_autoreset_a_finished_game_waits_for_reset() -> None:
    env = VectorEnv(Config(players=2), num_envs=3, seed=2, autoreset=False)
    rewards, terminated, _ = _play_until_an_end(env, 0)
    lane = int(np.flatnonzero(terminated)[0])
    assert rewards[lane].sum() == pytest.approx(0.0)
    assert rewards[lane].max() == 1.0
    assert env.current_player[lane] == -1
    assert not env.legal_action_mask()[lane].any()
    frozen = env.state[lane].copy()
    mask = env.legal_action_mask()
    env.step(np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in mask]))
    assert np.array_equal(env.state[lane], frozen)
    env.reset([lane])
    assert env.current_player[lane] >= 0
    assert env.to_state(lane).turn == 0  # the 2-player draft comes first (R-SETUP-8)


def test_with_autoreset_a_finished_game_is_dealt_again_at_once() -> None:
    env = VectorEnv(Config(players=3), num_envs=4, seed=4, autoreset=True)
    _, terminated, _ = _play_until_an_end(env, 1)
    lane = int(np.flatnonzero(terminated)[0])
    assert env.current_player[lane] >= 0
    assert env.to_state(lane).turn == 1


def test_the_turn_limit_truncates_with_no_reward_r_turn_8() -> None:
    env = VectorEnv(Config(players=4, max_turns=2), num_envs=2, seed=0, autoreset=False)
    rewards, terminated, truncated = _play_until_an_end(env, 0)
    assert truncated.any() and not terminated.any()
    assert not rewards.any()
    lane = int(np.flatnonzero(truncated)[0])
    state = env.to_state(lane)
    assert state.is_over and state.winner is None and state.turn == 2


def test_set_state_then_to_state_gives_the_position_back() -> None:
    config = Config(players=2, inquisitor=True, reformation=True)
    env = VectorEnv(config, num_envs=2, seed=0)
    state = new_game(config, seed=11)
    rng = np.random.default_rng(0)
    for _ in range(25):
        if state.is_over:
            break
        env.set_state(1, state)
        got = env.to_state(1)
        assert got.core._replace(log=state.log, seed=state.seed, draws=state.draws) == state.core
        seat = to_act(state)[0]
        moves = legal_moves(state, seat)
        state = apply(state, moves[int(rng.integers(len(moves)))])


def test_set_state_refuses_a_state_of_another_configuration() -> None:
    env = VectorEnv(Config(players=3), num_envs=1, seed=0)
    with pytest.raises(ValueError, match="configuration"):
        env.set_state(0, new_game(Config(players=4), seed=1))


def test_random_playouts_end_every_game_with_a_winner() -> None:
    winners, lengths = random_playouts(Config(players=6, reformation=True), 500, seed=1)
    assert ((winners >= 0) & (winners < 6)).all()
    assert (lengths > 0).all()


def test_random_playouts_are_reproducible_and_two_threads_play_whole_games() -> None:
    config = Config(players=4, inquisitor=True)
    one = random_playouts(config, 300, seed=7)
    again = random_playouts(config, 300, seed=7)
    assert np.array_equal(one[0], again[0]) and np.array_equal(one[1], again[1])
    two = random_playouts(config, 300, seed=7, threads=2)
    assert ((two[0] >= 0) & (two[0] < 4)).all()


def test_random_playouts_report_draws_at_the_turn_limit_r_turn_8() -> None:
    winners, lengths = random_playouts(Config(players=5, max_turns=3), 50, seed=0)
    assert (winners == -1).all()
    assert (lengths > 0).all()


def test_random_playouts_refuse_a_bad_thread_count() -> None:
    with pytest.raises(ValueError, match="threads"):
        random_playouts(Config(), 1, seed=0, threads=0)


def vector_perft(deal_index: int, depth: int) -> tuple[list[int], list[bool], list[int]]:
    """The kernel's perft: counts, whether each depends on chance, and the draw-free counts."""
    deal = DEALS[deal_index]
    env = VectorEnv(deal.config, num_envs=1, seed=0)
    env.set_state(0, deal.start())
    lay = env.layout
    counts = np.zeros(depth + 1, np.int64)
    chance = np.zeros(depth + 1, np.bool_)
    free = np.zeros(depth + 1, np.int64)
    b.perft(env.state[0], lay.P, lay.IX, lay.MV, depth, counts, chance, free)
    return counts.tolist(), chance.tolist(), free.tolist()


def engine_draw_free_perft(state: GameState, depth: int) -> list[int]:
    """The engine's count of move sequences of each length in which no card was drawn."""
    counts = [0] * (depth + 1)

    def walk(s: GameState, d: int) -> None:
        counts[d] += 1
        if d == depth:
            return
        for seat in to_act(s):
            for move in legal_moves(s, seat):
                child = apply(s, move)
                if child.draws == s.draws:
                    walk(child, d + 1)

    walk(state, 0)
    return counts


@pytest.mark.parametrize("deal_index", range(len(DEALS)), ids=[d.name for d in DEALS])
def test_perft_counts_match_the_golden_file_where_chance_plays_no_part(deal_index: int) -> None:
    golden = load_golden()["deals"][DEALS[deal_index].name]["counts"]
    counts, chance, _ = vector_perft(deal_index, len(golden) - 1)
    compared = [d for d in range(len(golden)) if not chance[d]]
    assert len(compared) >= 3
    assert [counts[d] for d in compared] == [golden[d] for d in compared]


@pytest.mark.parametrize("deal_index", range(len(DEALS)), ids=[d.name for d in DEALS])
def test_perft_draw_free_sequences_match_the_engine_to_depth_5(deal_index: int) -> None:
    _, _, free = vector_perft(deal_index, 5)
    assert free == engine_draw_free_perft(DEALS[deal_index].start(), 5)


def test_an_action_outside_the_move_table_is_refused_r_turn_7() -> None:
    env = VectorEnv(Config(players=3), num_envs=2, seed=0)
    env.legal_action_mask()
    with pytest.raises(ValueError, match="R-TURN-7"):
        env.step(np.array([env.num_actions, -1]))


def test_simulate_on_the_vector_engine_reports_every_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from coup_rules.cli import main

    status = main(["simulate", "--engine", "vector", "--games", "200", "--players", "3", "--plain"])
    out = capsys.readouterr().out
    assert status == 0
    assert "200 games of 3 players" in out
    assert all(f"seat {s}" in out for s in range(3))
    assert "decisions/s" in out


def test_simulate_on_the_vector_engine_refuses_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from coup_rules.cli import main

    with pytest.raises(SystemExit):
        main(["simulate", "--engine", "vector", "--bots", "honest"])
    assert "uniformly random" in capsys.readouterr().err


def test_current_player_is_a_copy_that_a_step_does_not_change() -> None:
    env = VectorEnv(Config(players=3), num_envs=4, seed=0)
    kept = env.current_player
    before = kept.copy()
    mask = env.legal_action_mask()
    env.step(mask.argmax(axis=1))
    assert np.array_equal(kept, before)
    kept[:] = 99
    assert (env.current_player != 99).all()


def test_reset_with_a_seed_deals_the_games_of_that_seed() -> None:
    env = VectorEnv(Config(players=4), num_envs=8, seed=7)
    first = env.observation()
    env.reset(seed=3)
    assert not np.array_equal(env.observation(), first)
    env.reset(seed=7)
    assert np.array_equal(env.observation(), first)


def test_the_observation_s_bounds_are_public() -> None:
    env = VectorEnv(Config(players=4), num_envs=64, seed=1)
    high = env.observation_high
    assert high.shape == env.observation_shape
    for _ in range(50):
        obs = env.observation()
        assert ((obs >= 0) & (obs <= high)).all()
        env.step(
            (
                np.random.default_rng(0).random((64, env.num_actions)) * env.legal_action_mask()
            ).argmax(axis=1)
        )
