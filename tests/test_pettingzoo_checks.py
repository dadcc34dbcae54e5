"""``env()``'s checks, held to PettingZoo's own standard wrappers: for each misuse, ``env()`` and
the raw environment in ``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper`` (what ``env()`` was before it did their checks in one layer) raise the
same error, log the same warning and end in the same rewards and flags."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from coup_rules.pettingzoo import CoupEnv, env


def standard(players: int = 4) -> Any:
    """The raw environment in PettingZoo's three standard wrappers."""
    e: Any = wrappers.TerminateIllegalWrapper(CoupEnv(players=players), illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def outcome(e: Any, misuse: Callable[[Any], object]) -> tuple[str, list[str]]:
    """What ``misuse(e)`` did: the error it raised (type and message) or its value, and the
    warnings PettingZoo logged meanwhile."""
    EnvLogger.flush()
    try:
        result = f"returned {misuse(e)!r}"
    except Exception as error:  # the error is what is compared
        result = f"{type(error).__name__}: {error}"
    return result, list(map(str, EnvLogger.mqueue))


def flags(e: Any) -> tuple[object, ...]:
    """What an agent reads of the game's end: the rewards and flags, and who is selected."""
    return (
        dict(e.rewards),
        dict(e._cumulative_rewards),
        dict(e.terminations),
        dict(e.truncations),
        e.agent_selection,
        list(e.agents),
    )


def same(misuse: Callable[[Any], object], reset: int | None = None) -> tuple[str, list[str]]:
    """``misuse`` on ``env()`` and on the standard wrappers (after ``reset(seed=reset)`` unless
    ``None``): the same outcome, returned."""
    ours, theirs = env(players=4), standard(players=4)
    if reset is not None:
        ours.reset(seed=reset)
        theirs.reset(seed=reset)
    found = outcome(ours, misuse)
    assert found == outcome(theirs, misuse)
    if reset is not None:
        assert flags(ours) == flags(theirs)
    return found


def illegal_action(e: Any) -> int:
    """An action of the move table that the selected agent may not play now."""
    mask = e.observe(e.agent_selection)["action_mask"]
    return int(mask.tolist().index(0))


def test_env_is_one_order_enforcing_wrapper_around_the_raw_env() -> None:
    e = env(players=4)
    assert isinstance(e, wrappers.OrderEnforcingWrapper)
    assert type(e.env) is CoupEnv and e.unwrapped is e.env
    assert str(e) == str(standard(players=4))


@pytest.mark.parametrize(
    "misuse",
    [
        pytest.param(lambda e: e.step(0), id="step"),
        pytest.param(lambda e: e.observe("player_0"), id="observe"),
        pytest.param(lambda e: e.render(), id="render"),
        pytest.param(lambda e: e.agent_iter(), id="agent_iter"),
        pytest.param(lambda e: e.last(), id="last"),
        pytest.param(lambda e: e.num_agents, id="num_agents"),
    ],
)
def test_calls_before_the_first_reset_are_refused_alike(misuse: Callable[[Any], object]) -> None:
    result, _ = same(misuse)
    assert "reset" in result and result.startswith(("AssertionError", "AttributeError"))


@pytest.mark.parametrize("action", [49, -1, 10**30, "3", 2.0, None])
def test_an_action_outside_the_action_space_fails_the_same_assertion(action: object) -> None:
    result, _ = same(lambda e: e.step(action), reset=3)
    assert result == "AssertionError: action is not in action space"


def test_an_illegal_action_ends_the_game_with_minus_one_for_the_mover_alike() -> None:
    mover: list[str] = []

    def misuse(e: Any) -> None:
        mover.append(e.agent_selection)
        e.last()
        e.step(illegal_action(e))

    result, warnings = same(misuse, reset=5)
    assert result == "returned None" and len(warnings) == 1 and "Illegal move" in warnings[0]
    ours = env(players=4)
    ours.reset(seed=5)
    misuse(ours)
    assert ours.rewards[mover[-1]] == -1.0 and all(ours.terminations.values())


def test_an_illegal_action_without_an_observation_first_ends_the_game_alike() -> None:
    """``TerminateIllegalWrapper`` observes the mover itself when the agent did not."""

    def misuse(e: Any) -> None:
        action = illegal_action(e.unwrapped)
        e.step(action)

    result, warnings = same(misuse, reset=8)
    assert result == "returned None" and len(warnings) == 1


def test_the_steps_after_an_illegal_action_wind_down_alike() -> None:
    """The dead steps that follow an illegal action, each agent in turn, to no agents left, then
    a step too many, which only warns."""

    def misuse(e: Any) -> list[tuple[object, ...]]:
        e.last()
        e.step(illegal_action(e))
        seen = []
        for _ in e.agent_iter():
            seen.append((e.last()[1:4], flags(e)))
            e.step(None)
        e.step(None)
        return seen

    result, warnings = same(misuse, reset=11)
    assert len(warnings) == 2 and "after all agents are terminated" in warnings[1]
    assert result.startswith("returned [")


def test_a_step_after_the_game_is_over_only_warns_alike() -> None:
    def misuse(e: Any) -> None:
        rng = random.Random(2)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
            else:
                e.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
        e.step(0)

    result, warnings = same(misuse, reset=4)
    assert (
        result == "returned None"
        and len(warnings) == 1
        and "after all agents are terminated" in warnings[0]
    )


def test_agent_iter_needs_a_step_between_agents_alike() -> None:
    def misuse(e: Any) -> None:
        agents = iter(e.agent_iter())
        next(agents)
        next(agents)

    result, _ = same(misuse, reset=1)
    assert result.startswith("AssertionError: need to call step()")


def test_a_reset_after_an_illegal_action_starts_a_normal_game_alike() -> None:
    def misuse(e: Any) -> tuple[object, ...]:
        e.last()
        e.step(illegal_action(e))
        e.reset(seed=9)
        e.last()
        legal = e.observe(e.agent_selection)["action_mask"].nonzero()[0].tolist()
        e.step(legal[0])
        return flags(e)

    result, warnings = same(misuse, reset=6)
    assert len(warnings) == 1 and "True" not in result
