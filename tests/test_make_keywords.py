"""``gymnasium.make`` and ``gymnasium.make_vec`` take the game with the same keywords (issue 40).

``CoupEnv`` (``make``) and ``CoupVectorEnv`` (``make_vec``) both take the game option by option
(``players``, ``inquisitor``, ``reformation``, ``max_turns``, with the same defaults) or as one
``config``; an option that disagrees with the ``config`` given beside it is refused, named.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")

from coup_rules import Config  # noqa: E402
from coup_rules.gymnasium import ENV_ID, CoupEnv  # noqa: E402
from coup_rules.vector import CoupVectorEnv  # noqa: E402

GAME_KEYWORDS = ("players", "inquisitor", "reformation", "max_turns", "config")


def _make(**kwargs: Any) -> Config:
    config: Config = gymnasium.make(ENV_ID, **kwargs).unwrapped.config
    return config


def _make_vec(**kwargs: Any) -> Config:
    env = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="vector_entry_point", **kwargs)
    config: Config = env.unwrapped.config
    return config


@pytest.mark.parametrize("build", [_make, _make_vec], ids=["make", "make_vec"])
def test_the_game_option_by_option(build: Any) -> None:
    config = build(players=3, inquisitor=True, reformation=True, max_turns=50)
    assert config == Config(players=3, inquisitor=True, reformation=True, max_turns=50)


@pytest.mark.parametrize("build", [_make, _make_vec], ids=["make", "make_vec"])
def test_the_game_as_one_config(build: Any) -> None:
    config = Config(players=5, inquisitor=True, coins=30, max_turns=None)
    assert build(config=config) == config


def test_make_and_make_vec_deal_the_same_game_by_default() -> None:
    assert _make() == _make_vec() == Config(players=4, max_turns=200)


@pytest.mark.parametrize("build", [_make, _make_vec], ids=["make", "make_vec"])
def test_an_option_that_agrees_with_the_config_is_taken(build: Any) -> None:
    config = Config(players=3, max_turns=90)
    assert build(config=config, players=3) == config


@pytest.mark.parametrize("build", [_make, _make_vec], ids=["make", "make_vec"])
def test_an_option_that_disagrees_with_the_config_is_refused_by_name(build: Any) -> None:
    with pytest.raises(ValueError, match="players=3 disagrees with config's players=5"):
        build(config=Config(players=5), players=3)


@pytest.mark.parametrize("build", [_make, _make_vec], ids=["make", "make_vec"])
def test_a_config_that_is_no_config_is_refused(build: Any) -> None:
    with pytest.raises(ValueError, match="config must be a Config, not"):
        build(config={"players": 3})


def test_both_classes_name_the_game_with_the_same_keywords_and_defaults() -> None:
    ours = inspect.signature(CoupEnv).parameters
    theirs = inspect.signature(CoupVectorEnv).parameters
    for name in GAME_KEYWORDS:
        assert ours[name].default == theirs[name].default, name


@pytest.mark.parametrize("build", ["make", "make_vec"])
def test_make_and_make_vec_take_the_draw_reward(build: str) -> None:
    """``draw_reward`` (``coup_rules.rewards``) is a keyword of both, with one default."""
    if build == "make":
        env = gymnasium.make(ENV_ID, draw_reward=-0.5).unwrapped
    else:
        env = gymnasium.make_vec(
            ENV_ID, num_envs=2, vectorization_mode="vector_entry_point", draw_reward=-0.5
        ).unwrapped
    assert env.draw_reward == -0.5
    ours = inspect.signature(CoupEnv).parameters["draw_reward"]
    assert ours.default == inspect.signature(CoupVectorEnv).parameters["draw_reward"].default
