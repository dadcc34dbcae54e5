"""``CoupVectorEnv`` itself against the object bots, step for step (tests/vector_env_lockstep.py).

The env's seating (the learner's seat drawn at every deal, the opponents clockwise from it,
cycling) and its table of bot parameters drive compiled twins; a model plays the same games on
the engine with the object bots, given the same draws, and after every step each game must agree
in position, learner's seat, rewards, flags, mask, observation, final observation and number of
draws. The opponents' parameters are not their defaults. Runs on the pure and the compiled build
(the engine's draws are found by seed, nothing patched). ``COUP_VECTOR_ENV_STEPS`` sets the steps
per variant (25 unless set); the long run is ``python -m tests.vector_env_lockstep``.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")
pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")

from coup_rules import Config
from coup_rules.bots import BluffBot, CountingBot, HonestBot
from tests.vector_check import VARIANTS, Mismatch
from tests.vector_env_lockstep import OPPONENTS, check_env

STEPS = int(os.environ.get("COUP_VECTOR_ENV_STEPS", "25"))


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_env_plays_as_the_object_bots_do_with_their_own_parameters(name: str) -> None:
    tally = check_env(VARIANTS[name], STEPS, seed=sum(map(ord, name)), lanes=6)
    assert tally.steps == STEPS
    assert tally.learner_decisions == STEPS * 6
    assert tally.opponent_decisions > 0


def test_a_fixed_learner_seat_and_a_single_opponent_play_alike() -> None:
    config = Config(players=5, inquisitor=True, max_turns=60)
    tally = check_env(config, STEPS, seed=5, lanes=4, opponents=OPPONENTS[:1], learner_seat=3)
    assert tally.opponent_decisions > 0


def test_the_check_tells_a_bot_played_with_other_parameters() -> None:
    """The model given the default parameters where the env has others parts from it: the
    check sees the parameter table, not only the kinds of bots."""
    config = Config(players=4, max_turns=80)
    tuned = OPPONENTS[:3]
    defaults = (CountingBot(), HonestBot(), BluffBot())
    with pytest.raises(Mismatch):
        check_env(config, 200, seed=3, lanes=8, opponents=tuned, model_opponents=defaults)
