"""``plausible_move``, the search's model of the other seats, answers every decision by an arm of
its own and draws only from the stream it is given (its compiled twin, ``vector.search.plausible``,
is held to it move for move in ``tests/test_vector_search.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from coup_rules import ChooseAllegiance, Config, Move, legal_moves, new_game, to_act
from coup_rules.ai.policy import plausible_move
from coup_rules.state import Core


def _allegiance_choice() -> tuple[Core, int, list[Move]]:
    state = new_game(Config(players=3, reformation=True), seed=4)
    seat = to_act(state)[0]
    moves = legal_moves(state, seat)
    assert moves and all(isinstance(m, ChooseAllegiance) for m in moves)
    return state.core, seat, list(moves)


def test_the_allegiance_choice_is_drawn_from_the_given_stream_r_ref_1() -> None:
    """No heuristic favours an allegiance (R-REF-1): the choice is drawn from ``rng``, so one
    seed gives one answer, and the seeds give every answer."""
    core, seat, moves = _allegiance_choice()
    answers = {s: plausible_move(core, seat, moves, random.Random(s)) for s in range(40)}
    assert all(plausible_move(core, seat, moves, random.Random(s)) == answers[s] for s in answers)
    assert set(answers.values()) == set(moves)


def test_a_game_over_has_no_answer() -> None:
    core, seat, moves = _allegiance_choice()
    with pytest.raises(ValueError, match="the game is over"):
        plausible_move(core._replace(pending=None), seat, moves, random.Random(0))


def test_a_decision_without_an_arm_fails_instead_of_answering_at_random() -> None:
    """An extension's new decision must have its arm: until then the policy fails loudly (and
    mypy names the arm), as the compiled twin raises for a phase with no arm."""
    core, seat, moves = _allegiance_choice()
    with pytest.raises(AssertionError):
        unknown: Any = object()
        plausible_move(core._replace(pending=unknown), seat, moves, random.Random(0))
