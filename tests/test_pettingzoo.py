"""The PettingZoo environment (``coup_rules.pettingzoo``, extra ``[pettingzoo]``).

PettingZoo's own ``api_test`` and ``seed_test`` for 2, 4 and 6 players in every variant, the
rewards at the end of a game (R-TURN-8 for the draw at the turn limit), bots seated inside the
environment and fixed deals; every observation equal to the view's vector, each array handed
out the agent's own, the masks right past their bounded memo, and env()'s wrappers answering
as PettingZoo's. Skipped when the extra is not installed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the [pettingzoo] extra is not installed")

import numpy as np
from gymnasium.spaces import Discrete
from pettingzoo.test import api_test, seed_test

from coup_rules import Character, Config, legal_moves, to_act, view
from coup_rules.ai import arrays
from coup_rules.bots import BluffBot
from coup_rules.pettingzoo import CoupEnv, env

VARIANTS = [
    pytest.param(False, False, id="base"),
    pytest.param(True, False, id="inquisitor"),
    pytest.param(False, True, id="reformation"),
    pytest.param(True, True, id="both"),
]


@pytest.mark.filterwarnings(
    "ignore:Observation"
)  # a dict with the mask, as in PettingZoo's classics
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize(("inquisitor", "reformation"), VARIANTS)
def test_pettingzoo_api_and_seed_tests(players: int, inquisitor: bool, reformation: bool) -> None:
    """PettingZoo's api_test (a whole random game, the dead steps after it, spaces, masks) and
    seed_test (two environments reset with one seed play alike)."""

    def make() -> Any:
        return env(players=players, inquisitor=inquisitor, reformation=reformation)

    api_test(make(), num_cycles=200)
    seed_test(make, num_cycles=200)


def play_out(e: Any, seed: int) -> dict[str, float]:
    """Random legal actions until every agent is done; the rewards each agent collected."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    total: dict[str, float] = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        e.step(rng.choice([i for i, ok in enumerate(mask) if ok]))
    return total


def test_rewards_come_at_the_end_and_sum_to_zero() -> None:
    """A win: +1 to the winner, -1/(n-1) to each other seat, by termination."""
    e = env(players=4)
    total = play_out(e, 3)
    assert sorted(total.values()) == pytest.approx([-1 / 3, -1 / 3, -1 / 3, 1.0])


def test_a_draw_at_the_turn_limit_gives_nothing_r_turn_8() -> None:
    """R-TURN-8: the turn limit ends the episode by truncation, with a reward of 0 for all."""
    raw = CoupEnv(players=4, max_turns=3)
    raw.reset(seed=1)
    rng = random.Random(1)
    while not raw.game.is_over:
        agent = raw.agent_selection
        mask = raw.observe(agent)["action_mask"]
        raw.step(rng.choice([i for i, ok in enumerate(mask) if ok]))
    assert raw.game.winner is None
    assert all(raw.truncations.values()) and not any(raw.terminations.values())
    assert set(raw._cumulative_rewards.values()) == {0.0}


def test_the_mask_is_the_selected_seat_s_legal_moves() -> None:
    """The selected agent's mask marks exactly its legal moves; everyone else's is empty."""
    raw = CoupEnv(players=3, inquisitor=True)
    raw.reset(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        if raw.game.is_over:
            break
        selected = raw.agent_selection
        for agent in raw.agents:
            mask = raw.observe(agent)["action_mask"]
            seat = raw.possible_agents.index(agent)
            marked = {raw.codec.decode(i, seat) for i, ok in enumerate(mask) if ok}
            expected = set(legal_moves(raw.game, seat)) if agent == selected else set()
            assert marked == expected
            assert list(raw.observe(agent)["observation"]) == pytest.approx(
                raw.encoder.encode(view(raw.game, seat))
            )
        raw.step(rng.choice(raw.codec.indices(legal_moves(raw.game, raw._seat[selected]))))


def test_bots_in_some_seats_move_inside_step() -> None:
    """With opponents={seat: bot}, only the other seats are agents, and every agent selected is
    one the game waits on: the bots' decisions never reach the learner."""
    raw = CoupEnv(players=4, opponents={1: "honest", 3: BluffBot()})
    assert raw.possible_agents == ["player_0", "player_2"]
    raw.reset(seed=8)
    rng = random.Random(8)
    while not raw.game.is_over:
        seat = raw._seat[raw.agent_selection]
        assert seat in (0, 2) and seat in to_act(raw.game)
        mask = raw.observe(raw.agent_selection)["action_mask"]
        raw.step(rng.choice([i for i, ok in enumerate(mask) if ok]))
    assert raw.game.is_over


def test_games_with_bots_replay_from_their_seed() -> None:
    def final(seed: int) -> object:
        e = env(players=3, opponents={0: "counting"})
        play_out(e, seed)
        return e.unwrapped.game.log

    assert final(5) == final(5)


def test_reset_takes_a_fixed_deal() -> None:
    hands = [
        (Character.DUKE, Character.DUKE),
        (Character.CAPTAIN, Character.CONTESSA),
        (Character.ASSASSIN, Character.AMBASSADOR),
    ]
    raw = CoupEnv(players=3)
    raw.reset(seed=2, options={"hands": hands, "coins": [2, 5, 2]})
    assert [p.hand for p in raw.game.players] == hands
    assert [p.coins for p in raw.game.players] == [2, 5, 2]


def test_every_seat_a_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one seat"):
        CoupEnv(players=2, opponents={0: "random", 1: "random"})


@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoo_api_and_seed_tests_with_bots_seated() -> None:
    def make() -> Any:
        return env(players=4, inquisitor=True, opponents={1: "honest", 2: "counting"})

    api_test(make(), num_cycles=200)
    seed_test(make, num_cycles=200)


def test_every_observation_is_the_view_s_vector_and_the_legal_moves_mask() -> None:
    """At every step of games of every variant, through env()'s wrappers: the selected agent's
    vector is encode(view), float32, and its mask marks exactly its legal moves."""
    for players, inquisitor, reformation in [(2, True, False), (4, False, True), (5, True, True)]:
        e = env(players=players, inquisitor=inquisitor, reformation=reformation)
        raw = e.unwrapped
        e.reset(seed=players)
        rng = random.Random(players)
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            seat = raw._seat[agent]
            assert obs["observation"].dtype == np.float32
            assert obs["observation"].tolist() == raw.encoder.encode(view(raw.game, seat))
            if terminated or truncated:
                e.step(None)
                continue
            legal = {raw.codec.encode(m) for m in legal_moves(raw.game, seat)}
            assert set(obs["action_mask"].nonzero()[0].tolist()) == legal
            e.step(rng.choice(sorted(legal)))


def test_an_observation_is_the_agent_s_own_to_change() -> None:
    """Changing the arrays handed out changes neither the next observation nor the game."""
    raw = CoupEnv(players=3)
    raw.reset(seed=4)
    agent = raw.agent_selection
    first = raw.observe(agent)
    expected_vector = first["observation"].copy()
    expected_mask = first["action_mask"].copy()
    first["observation"][:] = 7
    first["action_mask"][:] = 1
    again = raw.observe(agent)
    assert (again["observation"] == expected_vector).all()
    assert (again["action_mask"] == expected_mask).all()


def test_masks_stay_right_when_the_mask_memo_starts_again(monkeypatch: Any) -> None:
    """The masks are remembered per tuple of legal moves in a bounded memo: when it is full it
    starts again empty, and every mask is still the seat's legal moves."""
    monkeypatch.setattr(arrays, "MASK_MEMO", 2)
    raw = CoupEnv(players=4)
    raw.reset(seed=6)
    rng = random.Random(6)
    while not raw.game.is_over:
        seat = raw._seat[raw.agent_selection]
        mask = raw.observe(raw.agent_selection)["action_mask"]
        legal = [raw.codec.encode(m) for m in legal_moves(raw.game, seat)]
        assert mask.nonzero()[0].tolist() == sorted(legal)
        assert len(raw._arrays._masks) <= 2
        raw.step(rng.choice(legal))


def test_env_refuses_its_attributes_before_the_first_reset() -> None:
    """As PettingZoo's OrderEnforcingWrapper does; after reset they are the raw env's own."""
    e = env(players=3)
    for name in ("agents", "agent_selection", "terminations", "rewards", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    e.reset(seed=1)
    play_out(e, 1)
    raw = e.unwrapped
    assert e.terminations is raw.terminations and e.truncations is raw.truncations
    assert e.agents is raw.agents and e._cumulative_rewards is raw._cumulative_rewards


@pytest.mark.parametrize(
    "value", [0, 5, 48, 49, -1, 10**30, True, np.int64(3), np.int8(60), 2.0, "3", None]
)
def test_the_action_space_contains_what_discrete_contains(value: object) -> None:
    space = CoupEnv(players=4).action_space("player_0")
    assert space.contains(value) == Discrete(space.n).contains(value)


# --- the game as one config, as gymnasium.make takes it -----------------------------------------


def test_env_takes_the_game_as_one_config() -> None:
    """``env(config=...)`` plays that game, as ``gymnasium.make`` and ``make_vec`` take it."""
    config = Config(players=5, inquisitor=True, coins=30, max_turns=None)
    assert env(config=config).unwrapped.config == config
    assert CoupEnv(config=config).config == config


def test_env_takes_the_same_game_option_by_option_or_as_a_config() -> None:
    by_option = env(players=3, inquisitor=True, reformation=True, max_turns=50)
    as_config = env(config=Config(players=3, inquisitor=True, reformation=True, max_turns=50))
    assert by_option.unwrapped.config == as_config.unwrapped.config


def test_an_option_that_disagrees_with_the_config_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="players=3 disagrees with config's players=5"):
        env(config=Config(players=5), players=3)
