"""The environments' ``render()`` tells what the narration tells, the line of an action that
came to nothing included (R-INF-5): a Steal whose target died on its challenge."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the [gymnasium] extra is not installed")

from coup_rules import (
    Challenge,
    Config,
    Coup,
    Income,
    LoseInfluence,
    Move,
    PlayerView,
    Prove,
    Steal,
    narrate_log,
    view,
)
from coup_rules.gymnasium import CoupEnv
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE

HANDS = [(CAPTAIN, ASSASSIN), (CAPTAIN, CONTESSA), (DUKE, DUKE), (AMBASSADOR, CONTESSA)]
DEAL = {"hands": HANDS, "coins": [10, 4, 2, 2]}
STEAL_LINE = "Seat 0's Steal comes to nothing: seat 1 is out of the game."

LEARNER: list[Move] = [Coup(0, 1), Steal(0, 1), Prove(0)]
"""Seat 0 Coups seat 1, then Steals from it on its last card and proves the Captain."""
OTHERS: dict[int, list[Move]] = {
    1: [LoseInfluence(1, CAPTAIN), Income(1), Challenge(1)],
    2: [Income(2), Income(2)],
    3: [Income(3), Income(3)],
}
"""The other seats' moves, in order: seat 1 challenges the Steal and dies on it."""


class Script:
    """A bot that plays the moves it is given, in order."""

    def __init__(self, moves: list[Move]) -> None:
        self.moves = list(moves)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        move = self.moves.pop(0)
        assert move in view.legal_moves
        return move


def test_gymnasium_render_tells_an_action_that_came_to_nothing_r_inf_5() -> None:
    bots = {seat: Script(moves) for seat, moves in OTHERS.items()}
    env = CoupEnv(config=Config(players=4), opponents=bots, render_mode="ansi")
    env.reset(seed=2, options=DEAL)
    texts = [env.render() or ""]
    for move in LEARNER:
        env.step(env.codec.encode(move))
        texts.append(env.render() or "")
    assert STEAL_LINE in texts[-1].splitlines()
    assert "\n".join(t for t in texts if t).splitlines() == narrate_log(
        view(env.game, None).log, env.config
    )


def test_pettingzoo_render_tells_an_action_that_came_to_nothing_r_inf_5() -> None:
    pytest.importorskip("pettingzoo", reason="the [pettingzoo] extra is not installed")
    from coup_rules.pettingzoo import CoupEnv as AECCoupEnv

    env: Any = AECCoupEnv(players=4, render_mode="ansi")
    env.reset(seed=2, options=DEAL)
    scripts: dict[int, list[Move]] = {0: list(LEARNER)}
    scripts.update((seat, list(moves)) for seat, moves in OTHERS.items())
    texts = [env.render()]
    while any(scripts.values()):
        seat = int(env.agent_selection.removeprefix("player_"))
        env.step(env.codec.encode(scripts[seat].pop(0)))
        texts.append(env.render())
    assert STEAL_LINE in "\n".join(texts).splitlines()
    assert "\n".join(t for t in texts if t).splitlines() == narrate_log(
        view(env.game, None).log, env.config
    )
