"""Regression tests for the holes an adversarial audit found in input handling.

Every hole was in what the library accepts, never in the rules: a stored state the engine could
not have produced, a move whose fields only compare equal to a legal one, an argument of the wrong
type, or a payload that costs unbounded time or memory. Each test names the rule the input breaks.
"""

from __future__ import annotations

import json
import tracemalloc
from typing import Any

import pytest

from coup_rules import (
    Allegiance,
    Config,
    CounterWindow,
    Coup,
    DecodeError,
    ForeignAid,
    GameState,
    IllegalMoveError,
    Income,
    Keep,
    LoseInfluence,
    Steal,
    apply,
    from_json,
    legal_moves,
    new_game,
    to_act,
    to_json,
    validate_state,
)
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play


def _data(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(state))
    return data


def _refused(data: dict[str, Any], where: str) -> None:
    with pytest.raises(DecodeError) as info:
        from_json(json.dumps(data), GameState)
    assert where in str(info.value)


# --- states the engine could not have produced ------------------------------------------------


def test_a_court_too_small_to_draw_from_is_refused_r_setup_3() -> None:
    """R-SETUP-3: the Court keeps at least two cards; a stored game whose Court was emptied into
    the set-aside pile is refused (an Exchange would have nothing to draw)."""
    state = new_game(Config(players=3), seed=1)
    data = _data(state)
    data["aside"] = sorted(data["aside"] + data["court"], key=_order)
    data["court"] = []
    _refused(data, "court")


def test_the_draft_sets_are_checked_while_the_allegiance_is_chosen_r_setup_8() -> None:
    """R-SETUP-8, R-REF-1: in a 2-player Reformation game the allegiance choice comes before the
    draft, and the set-aside sets must already allow every seat to draft."""
    state = new_game(Config(players=2, reformation=True), seed=4)
    data = _data(state)
    assert data["pending"]["kind"] == "choose_allegiance"
    data["court"] = sorted(data["court"] + data["aside"][:2], key=_order)
    data["aside"] = data["aside"][2:]
    _refused(data, "aside")


def _order(name: str) -> int:
    return [c.name.lower() for c in DUKE.__class__].index(name)


def test_a_loyalist_may_not_be_asked_to_block_a_fellow_loyalists_foreign_aid_r_ref_3() -> None:
    """R-REF-3: only players who may act against the actor are asked in Foreign Aid's counter
    window; a stored window that also asks a fellow Loyalist is refused."""
    config = Config(players=4, reformation=True)
    sides = [Allegiance.LOYALIST, Allegiance.REFORMIST, Allegiance.LOYALIST, Allegiance.REFORMIST]
    state = play(new_game(config, seed=5, allegiances=sides), ForeignAid(0))
    assert isinstance(state.pending, CounterWindow)
    assert state.pending.waiting == (1, 3)
    data = _data(state)
    data["pending"]["waiting"] = [1, 2, 3]
    _refused(data, "pending.waiting")


def test_an_action_that_breaks_the_forced_coup_is_refused_r_turn_2() -> None:
    """R-TURN-2: a stored turn whose actor started with 10 coins but declared Steal is refused."""
    state = play(new_game(Config(players=3), seed=1, coins=[8, 2, 2]), Steal(0, 1))
    data = _data(state)
    data["players"][0]["coins"] = 10
    data["treasury"] -= 2
    _refused(data, "Coup")


def test_an_action_aimed_at_oneself_is_refused_r_act_8() -> None:
    """R-ACT-8: a stored Steal aimed at its own actor is refused."""
    state = play(new_game(Config(players=3), seed=1), Steal(0, 1))
    data = _data(state)
    data["pending"]["action"]["target"] = 0
    _refused(data, "target")


def test_copies_are_bounded_so_hostile_configs_decode_fast() -> None:
    """A ``copies`` of ten million is refused before any deck is built (a bound on hostile
    input): the memory traced while refusing stays small."""
    with pytest.raises(ValueError, match=r"Config\.copies"):
        Config(players=4, copies=10_000_000)
    tracemalloc.start()
    with pytest.raises(DecodeError, match="copies"):
        from_json('{"players": 4, "copies": 10000000}', Config)
    with pytest.raises(DecodeError, match="copies"):
        from_json('{"players": 4, "copies": 9223372036854775808}', Config)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 2**20


# --- moves whose fields merely compare equal --------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [Coup(0, True), Steal(0, 1.0), Income(True), Coup(0, None)],  # type: ignore[arg-type]
)
def test_a_move_must_name_seats_with_integers_r_turn_6(move: Any) -> None:
    """R-TURN-6: ``True``, ``1.0`` or ``None`` is not a seat, even where it compares equal to one;
    the target's check comes before the cost (API's order of checks)."""
    state = new_game(Config(players=3), seed=1, coins=[7, 2, 2])
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move)
    assert info.value.rule == "R-TURN-6"


def test_cards_must_be_characters_r_inf_1() -> None:
    """R-INF-1, R-ACT-12: a card given as a number or a name is not a card."""
    hands = [(DUKE, ASSASSIN), (CAPTAIN, CONTESSA), (AMBASSADOR, DUKE)]
    state = new_game(Config(players=3), seed=1, hands=hands)
    with pytest.raises(IllegalMoveError):
        apply(state, LoseInfluence(0, 0))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        apply(state, Keep(0, ("duke", "assassin")))  # type: ignore[arg-type]


# --- arguments of the wrong type --------------------------------------------------------------


def test_a_seat_that_is_not_an_integer_is_a_value_error_whether_cached_or_not() -> None:
    """``legal_moves`` answers a non-seat with the same ``ValueError``, cache warm or cold."""
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(ValueError, match="seat"):
        legal_moves(state, [0])  # type: ignore[arg-type]
    legal_moves(state, 0)
    with pytest.raises(ValueError, match="seat"):
        legal_moves(state, [0])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "arguments",
    [{"hands": [1, 2, 3]}, {"hands": 5}, {"court": 5}, {"coins": 5}, {"hands": [1, 2, 3, 4]}],
)
def test_new_game_refuses_arguments_of_the_wrong_type_with_value_error_r_setup_9(
    arguments: dict[str, Any],
) -> None:
    """R-SETUP-9: an impossible fixed deal is a ``ValueError`` naming the argument, whatever
    its type."""
    with pytest.raises(ValueError, match=next(iter(arguments))):
        new_game(Config(players=4), seed=1, **arguments)


def test_apply_and_legal_moves_name_what_they_expect() -> None:
    """Arguments swapped are a ``TypeError`` that says a ``GameState`` comes first."""
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(TypeError, match="GameState"):
        apply(Income(0), state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        legal_moves(Income(0), 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        to_act(Income(0))  # type: ignore[arg-type]
    validate_state(state)
