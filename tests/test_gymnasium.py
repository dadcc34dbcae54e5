"""The single-agent Gymnasium environment (``coup_rules.gymnasium``, extra ``[gymnasium]``).

Gymnasium's own ``check_env`` in every variant; the bots move inside ``step`` so the learner is
asked only its own decisions; the mask in ``info`` is the learner's legal moves; the
observation is its view's vector; seeds replay; fixed deals; an illegal action ends the episode.
Skipped when the extra is not installed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")

import numpy as np
from gymnasium.utils.env_checker import check_env

from coup_rules import Character, legal_moves, view
from coup_rules.bots import HonestBot
from coup_rules.gymnasium import CoupEnv


@pytest.mark.filterwarnings("ignore:.*render")  # no gymnasium.make spec to test other modes
@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 4},
        {"players": 3, "inquisitor": True},
        {"players": 6, "inquisitor": True, "reformation": True, "seat": None},
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_gymnasium_check_env(options: dict[str, Any]) -> None:
    check_env(CoupEnv(**options), skip_render_check=True)


def play(e: CoupEnv, seed: int) -> list[tuple[float, bool, bool]]:
    """Random legal actions to the end; every step's reward, termination and truncation."""
    _, info = e.reset(seed=seed)
    rng = random.Random(seed)
    out = []
    while True:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, reward, terminated, truncated, info = e.step(action)
        out.append((reward, terminated, truncated))
        if terminated or truncated:
            return out


def test_the_learner_is_asked_only_its_own_decisions_with_its_mask_and_vector() -> None:
    e = CoupEnv(players=4, seat=2, opponents=HonestBot())
    observation, info = e.reset(seed=4)
    rng = random.Random(4)
    while True:
        assert 2 in e.game.pending.waiting  # type: ignore[union-attr]
        legal = {e.codec.encode(m) for m in legal_moves(e.game, 2)}
        assert set(np.flatnonzero(info["action_mask"]).tolist()) == legal
        assert observation.tolist() == pytest.approx(e.encoder.encode(view(e.game, 2)))
        observation, _, terminated, truncated, info = e.step(rng.choice(sorted(legal)))
        if terminated or truncated:
            break


def test_the_episode_ends_with_the_learner_s_result() -> None:
    rewards = {play(CoupEnv(players=3), seed)[-1][0] for seed in range(12)}
    assert rewards <= {1.0, -0.5, 0.0} and 1.0 in rewards and -0.5 in rewards


def test_a_seed_replays_the_episode() -> None:
    assert play(CoupEnv(players=4, opponents="bluff"), 7) == play(
        CoupEnv(players=4, opponents="bluff"), 7
    )


def test_reset_takes_a_fixed_deal() -> None:
    hands = [(Character.DUKE, Character.DUKE), (Character.CAPTAIN, Character.CONTESSA)]
    e = CoupEnv(players=2)
    e.reset(seed=1, options={"hands": hands})
    assert e.game.players[0].hand == hands[0]


def test_an_illegal_action_ends_the_episode_with_its_reward() -> None:
    e = CoupEnv(players=4, illegal_reward=-2.0)
    _, info = e.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-2.0, True, True)


def test_opponents_must_hold_every_other_seat() -> None:
    with pytest.raises(ValueError, match="every seat but the learner"):
        CoupEnv(players=3, opponents={1: "random"})
