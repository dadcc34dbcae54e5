"""The single-agent Gymnasium environment (``coup_rules.gymnasium``, extra ``[gymnasium]``).

Gymnasium's own ``check_env`` in every variant; the bots move inside ``step`` so the learner is
asked only its own decisions; the mask in ``info`` is the learner's legal moves; the
observation is its view's vector; seeds replay; fixed deals; an illegal action ends the episode.
Skipped when the extra is not installed.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from coup_rules import Character, legal_moves, view
from coup_rules.bots import HonestBot
from coup_rules.gymnasium import ENV_ID, CoupEnv


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


def test_gymnasium_make_builds_the_env_by_its_id() -> None:
    made = gymnasium.make(ENV_ID, players=3, opponents="honest")
    assert isinstance(made.unwrapped, CoupEnv) and made.unwrapped.config.players == 3
    assert play(made.unwrapped, 5) == play(CoupEnv(players=3, opponents="honest"), 5)


def test_an_episode_plays_through_gymnasium_makes_checks() -> None:
    made = gymnasium.make(ENV_ID, players=3)
    _, info = made.reset(seed=2)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = made.step(action)
        done = terminated or truncated
    assert not info["action_mask"].any()  # nothing left to do: the episode is over


def test_gymnasium_make_imports_the_module_named_in_the_id() -> None:
    """Without ``import coup_rules.gymnasium``, the id's module prefix registers it."""
    code = (
        "import gymnasium\n"
        "env = gymnasium.make('coup_rules.gymnasium:coup_rules/Coup-v0', players=2)\n"
        "assert env.reset(seed=0)[0].shape == env.observation_space.shape\n"
    )
    subprocess.run([sys.executable, "-W", "error", "-c", code], check=True)


def test_importing_again_registers_nothing_again() -> None:
    """A reload (in a process of its own) keeps the spec and warns of no override."""
    code = (
        "import importlib, gymnasium, coup_rules.gymnasium as g\n"
        "spec = gymnasium.spec(g.ENV_ID)\n"
        "importlib.reload(g)\n"
        "assert gymnasium.spec(g.ENV_ID) is spec\n"
    )
    subprocess.run([sys.executable, "-W", "error", "-c", code], check=True)
