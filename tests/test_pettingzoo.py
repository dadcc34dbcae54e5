"""The PettingZoo environment (``coup_rules.pettingzoo``, extra ``[pettingzoo]``).

PettingZoo's own ``api_test`` and ``seed_test`` for 2, 4 and 6 players in every variant, and the
rewards at the end of a game (R-TURN-8 for the draw at the turn limit). Skipped when the extra
is not installed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the [pettingzoo] extra is not installed")

from pettingzoo.test import api_test, seed_test

from coup_rules import legal_moves, view
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
