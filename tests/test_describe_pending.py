"""``describe_pending``: the decision being waited on, in one sentence (R-WIN, R-CHAL, R-INF)."""

from __future__ import annotations

from coup_rules import (
    Allow,
    Block,
    Challenge,
    Config,
    Steal,
    describe_pending,
    new_game,
)
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play

HANDS = [(DUKE, CONTESSA), (ASSASSIN, CAPTAIN), (CAPTAIN, AMBASSADOR)]


def test_each_step_of_a_blocked_steal_is_described_r_win_5() -> None:
    """R-WIN-2, R-WIN-3, R-WIN-5, R-CHAL-1: a UI can say, at every step, who is asked what."""
    state = new_game(Config(players=3), seed=1, hands=HANDS)
    assert describe_pending(state.pending) == "Seat 0 declares an action."
    state = play(state, Steal(0, 2))
    assert describe_pending(state.pending) == (
        "Seat 0 claims the Captain to steal from seat 2; seats 1 and 2 may challenge."
    )
    state = play(state, Allow(1), Allow(2))
    assert describe_pending(state.pending) == (
        "Seat 0 claims the Captain to steal from seat 2; seat 2 may block."
    )
    state = play(state, Block(2, CAPTAIN))
    assert describe_pending(state.pending) == (
        "Seat 2 blocks with the Captain; seats 0 and 1 may challenge."
    )
    state = play(state, Challenge(0))
    assert describe_pending(state.pending) == (
        "Seat 0 challenges the block of seat 2, who must prove or concede."
    )


def test_a_finished_game_has_nothing_pending_r_turn_5() -> None:
    """R-TURN-5: with no decision pending, the game is over."""
    assert describe_pending(None) == "The game is over."
