"""Arguments of the wrong type get an error that says what was expected (issue 11, part 5).

``apply``, ``legal_moves`` and ``view`` given a value of the wrong type raise ``TypeError`` or
``ValueError`` (``IllegalMoveError`` is one) with a sentence naming what they wanted — never an
``AttributeError`` from inside the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from coup_rules import (
    Block,
    ChooseAllegiance,
    Config,
    Coup,
    ForeignAid,
    GameState,
    IllegalMoveError,
    Income,
    LoseInfluence,
    Steal,
    apply,
    legal_moves,
    new_game,
    view,
)
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play


def _state() -> GameState:
    hands = [(DUKE, ASSASSIN), (CAPTAIN, CONTESSA), (AMBASSADOR, DUKE)]
    return new_game(Config(players=3), seed=1, hands=hands, coins=[7, 2, 2])


def test_apply_with_its_arguments_swapped_says_a_state_comes_first() -> None:
    """API: ``apply(move, state)`` is a TypeError naming ``GameState``."""
    with pytest.raises(TypeError, match="apply\\(\\) takes a GameState first, not Income"):
        apply(Income(0), _state())  # type: ignore[arg-type]


@pytest.mark.parametrize("move", ["p0 income", Income, [Income(0)], None])
def test_apply_of_something_that_is_not_a_move_r_turn_7(move: Any) -> None:
    """R-TURN-7: text, a class or a list is not a move; the reason says so."""
    with pytest.raises(IllegalMoveError, match="is not a move") as info:
        apply(_state(), move)
    assert isinstance(info.value, ValueError) and info.value.rule == "R-TURN-7"


def test_a_character_given_as_text_is_refused_r_turn_7() -> None:
    """R-TURN-7: ``Block(1, "duke")`` has a field of the wrong type: the reason says a
    ``Character`` was expected."""
    state = play(_state(), ForeignAid(0))
    with pytest.raises(IllegalMoveError, match="must be a Character, not 'duke'") as info:
        apply(state, Block(1, "duke"))  # type: ignore[arg-type]
    assert info.value.rule == "R-TURN-7"


def test_a_card_to_lose_given_as_text_is_refused_r_turn_7() -> None:
    """R-TURN-7: ``LoseInfluence(1, "captain")`` names a card as text, not a ``Character``."""
    state = play(_state(), Coup(0, 1))
    with pytest.raises(IllegalMoveError, match="must be a Character, not 'captain'") as info:
        apply(state, LoseInfluence(1, "captain"))  # type: ignore[arg-type]
    assert info.value.rule == "R-TURN-7"


def test_a_target_given_as_text_is_refused_r_turn_6() -> None:
    """R-TURN-6: ``Steal(0, "1")`` names no seat: a ValueError."""
    expected = "a seat must be an integer from 0 to 2, not str '1'"
    with pytest.raises(IllegalMoveError, match=expected):
        apply(_state(), Steal(0, "1"))  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", ["0", 1.0, None, True])
def test_legal_moves_of_something_that_is_not_a_seat_r_turn_6(seat: Any) -> None:
    """R-TURN-6: ``legal_moves`` wants a seat number; the message gives the range."""
    with pytest.raises(ValueError, match="player must be a seat from 0 to 2"):
        legal_moves(_state(), seat)


def test_legal_moves_with_its_arguments_swapped_says_a_state_comes_first() -> None:
    """API: ``legal_moves(seat, state)`` is a TypeError naming ``GameState``."""
    with pytest.raises(TypeError, match="GameState"):
        legal_moves(0, _state())  # type: ignore[arg-type]


def test_view_of_something_that_is_not_a_state() -> None:
    """API: ``view(seat, ...)`` is a TypeError naming ``GameState``, not an AttributeError."""
    with pytest.raises(TypeError, match="view\\(\\) takes a GameState first, not int"):
        view(0, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player must be a seat"):
        view(_state(), "0")  # type: ignore[arg-type]


# --- issue 20, D8: refusals that say what is wrong ----------------------------------------------


def test_a_block_naming_no_character_says_a_character_is_expected_r_turn_7() -> None:
    state = play(_state(), ForeignAid(0))
    with pytest.raises(IllegalMoveError, match="character must be a Character, not None") as info:
        apply(state, Block(1, None))  # type: ignore[arg-type]
    assert info.value.rule == "R-TURN-7"


def test_an_allegiance_that_is_not_an_allegiance_is_named_r_turn_7() -> None:
    state = new_game(Config(players=3, reformation=True), seed=1)
    with pytest.raises(IllegalMoveError, match="allegiance must be an Allegiance, not False"):
        apply(state, ChooseAllegiance(0, False))  # type: ignore[arg-type]


class _Seat(int):
    """An int subclass: compares equal to a seat, yet is not the plain int a move holds."""


class _Index:
    """A number type of its own, as ``numpy.int64`` is: usable as an index, equal to 0."""

    def __index__(self) -> int:
        return 0

    def __eq__(self, other: object) -> bool:
        return other == 0

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "index(0)"


@pytest.mark.parametrize("seat", [_Seat(0), _Index()])
def test_a_seat_of_any_integer_type_is_that_seat_r_turn_6(seat: Any) -> None:
    """R-TURN-6 (issue 28): a seat is anything ``operator.index`` reads, but a bool; the move
    keeps the plain ``int``, so it equals the move with that seat and plays as it does."""
    state = new_game(Config(players=3), seed=1, coins=[7, 2, 2])
    move = Coup(seat, 1)
    assert move == Coup(0, 1) and type(move.player) is int
    assert apply(state, move) == apply(state, Coup(0, 1))
