"""apply accepts exactly the legal moves and rejects everything else with IllegalMoveError.

Hypothesis builds moves of every kind with arbitrary seats (also missing ones, negative ones,
bools), characters, allegiances and card tuples, and throws them at reachable states: a move is
either in ``legal_moves`` and applies to a valid state, or raises ``IllegalMoveError`` naming a
rule of the spec and leaving the state as it was (R-TURN-4 to R-TURN-7, R-ACT-9, R-ACT-11).
"""

from __future__ import annotations

import copy
import re
import typing

import attrs
from hypothesis import given
from hypothesis import strategies as st
from strategies import reachable_states

from coup_rules import (
    Allegiance,
    Character,
    GameState,
    IllegalMoveError,
    Move,
    apply,
    legal_moves,
    validate_state,
)

SEATS = st.integers(-2, 11) | st.booleans()
FIELD_VALUES: dict[str, st.SearchStrategy[object]] = {
    "player": SEATS,
    "target": SEATS,
    "character": st.sampled_from(list(Character)),
    "allegiance": st.sampled_from(list(Allegiance)),
    "cards": st.lists(st.sampled_from(list(Character)), max_size=4).map(tuple),
}


def _build(cls: type[Move], values: dict[str, object]) -> Move:
    return cls(**values)  # type: ignore[arg-type]


def any_move() -> st.SearchStrategy[Move]:
    """A move of any kind with arbitrary field values, legal or not."""
    kinds = []
    for cls in typing.get_args(Move):
        fields = {f.name: FIELD_VALUES[f.name] for f in attrs.fields(cls)}
        kinds.append(st.fixed_dictionaries(fields).map(lambda v, c=cls: _build(c, v)))
    return st.one_of(kinds)


RULE_ID = re.compile(r"R-[A-Z]+-\d+")


@given(state=reachable_states(max_moves=60), move=any_move())
def test_apply_takes_exactly_the_legal_moves(state: GameState, move: Move) -> None:
    """R-TURN-4, R-TURN-6, R-TURN-7: a legal move applies; any other is rejected, state intact."""
    before = copy.deepcopy(state)
    seat = move.player
    is_seat = type(seat) is int and 0 <= seat < state.config.players
    legal = is_seat and move in legal_moves(state, seat)
    try:
        after = apply(state, move)
    except IllegalMoveError as err:
        assert not legal, f"{move!r} is legal but was rejected: {err}"
        assert RULE_ID.fullmatch(err.rule), err.rule
        assert err.reason and err.move is move
    else:
        assert legal, f"{move!r} is not legal but was applied"
        validate_state(after)  # raises ValueError on a state the engine could not reach
        assert after != state
    assert state == before


@given(state=reachable_states(max_moves=60))
def test_every_legal_move_applies(state: GameState) -> None:
    """R-TURN-4: every move legal_moves offers is accepted by apply and gives a valid state."""
    for seat in range(state.config.players):
        for move in legal_moves(state, seat):
            validate_state(apply(state, move))
