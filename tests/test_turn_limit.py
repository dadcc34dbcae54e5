"""The turn limit, a house rule that is off by default (R-TURN-8)."""

from __future__ import annotations

import json
import random

import pytest

from coup_rules import (
    Config,
    DecodeError,
    Drawn,
    GameState,
    IllegalMoveError,
    Income,
    apply,
    from_json,
    legal_moves,
    new_game,
    to_act,
    to_json,
    view,
)
from tests.helpers import play


def _incomes(state: GameState, turns: int) -> GameState:
    for _ in range(turns):
        state = play(state, Income(state.active))
    return state


def test_the_game_is_a_draw_when_the_last_turn_ends_r_turn_8() -> None:
    """R-TURN-8: after turn N ends with several players alive, the game is over, nobody won,
    nobody is asked, and the log ends with ``Drawn``."""
    state = _incomes(new_game(Config(players=3, max_turns=4), seed=1), 4)
    assert state.is_over and state.winner is None
    assert state.turn == 4
    assert to_act(state) == () and state.pending is None
    assert state.log[-1] == Drawn(4)
    assert all(legal_moves(state, seat) == () for seat in range(3))


def test_no_move_is_taken_after_a_draw_r_turn_5() -> None:
    """R-TURN-5, R-TURN-8: after a draw every move is refused, with the reason."""
    state = _incomes(new_game(Config(players=3, max_turns=2), seed=1), 2)
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Income(0))
    assert info.value.rule == "R-TURN-5" and "draw" in info.value.reason


def test_without_a_limit_the_game_goes_on_r_turn_8() -> None:
    """R-TURN-8: the rule is off by default: the rulebooks' game has no draw."""
    state = _incomes(new_game(Config(players=3), seed=1), 12)
    assert not state.is_over and state.turn == 13


def test_views_and_json_know_the_draw_r_turn_8() -> None:
    """R-TURN-8: a drawn game round-trips through JSON and its views show it to every seat."""
    state = _incomes(new_game(Config(players=3, max_turns=1), seed=1), 1)
    assert from_json(to_json(state), GameState) == state
    for seat in (0, 1, 2, None):
        v = view(state, seat)
        assert v.pending is None and v.to_act == () and v.winner is None
        assert v.log[-1] == Drawn(1)


def test_a_stored_game_cannot_pass_its_limit_r_turn_8() -> None:
    """R-TURN-8: a stored state past its turn limit, or ended before it, is refused."""
    state = _incomes(new_game(Config(players=3, max_turns=3), seed=1), 2)
    data = json.loads(to_json(state))
    data["turn"] = 5
    with pytest.raises(DecodeError, match="turn limit"):
        from_json(json.dumps(data), GameState)
    data = json.loads(to_json(_incomes(new_game(Config(players=3, max_turns=3), seed=1), 1)))
    data["pending"] = None
    with pytest.raises(DecodeError, match="pending"):
        from_json(json.dumps(data), GameState)


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "10"])
def test_the_limit_is_a_positive_whole_number_r_turn_8(bad: object) -> None:
    """R-TURN-8: ``max_turns`` is ``None`` or a whole number of turns from 1."""
    with pytest.raises(ValueError, match="max_turns"):
        Config(players=3, max_turns=bad)  # type: ignore[arg-type]


def test_random_games_with_a_limit_always_end_r_turn_8() -> None:
    """R-TURN-8: with a limit, every game ends, by a win or at the limit."""
    rng = random.Random(3)
    for seed in range(20):
        state = new_game(Config(players=5, max_turns=12), seed=seed)
        while not state.is_over:
            seat = rng.choice(to_act(state))
            state = apply(state, rng.choice(legal_moves(state, seat)))
        assert state.turn <= 12
        assert (state.winner is None) == (state.log[-1] == Drawn(state.turn))
