"""Fast playouts (``playout``): the same games as an ``apply`` loop, to the end (R-TURN-8).

The differential property: with the same random choices, ``playout`` and a plain loop of
``apply`` over ``rng.choice(to_act(s))`` then ``rng.choice(legal_moves(s, seat))`` end in equal
states, log included, from random positions of every variant, with and without a turn limit.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import (
    Config,
    Drawn,
    GameState,
    IllegalMoveError,
    Income,
    Move,
    Won,
    apply,
    legal_moves,
    new_game,
    playout,
    to_act,
    validate_state,
)
from coup_rules.playout import uniform_policy
from tests.strategies import MAX_SEED, configs, random_play

PROPS = settings(max_examples=60, deadline=None)


def apply_loop(state: GameState, rng: random.Random) -> GameState:
    """The reference: the uniform policy, one checked ``apply`` at a time."""
    while not state.is_over:
        seat = rng.choice(to_act(state))
        state = apply(state, rng.choice(legal_moves(state, seat)))
    return state


@st.composite
def starts(draw: st.DrawFn, limited: bool = False) -> GameState:
    """A random position of a random config, with or without a turn limit (R-TURN-8)."""
    config = draw(configs())
    limits = st.integers(1, 40)
    limit = draw(limits if limited else st.none() | limits)
    config = attrs.evolve(config, max_turns=limit)
    state = new_game(config, seed=draw(st.integers(0, MAX_SEED)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return random_play(state, rng, draw(st.integers(0, 120)))[-1]


@PROPS
@given(state=starts(), seed=st.integers(0, 2**32 - 1))
def test_playout_ends_where_an_apply_loop_ends_r_turn_8(state: GameState, seed: int) -> None:
    """R-TURN-8: from any position of any variant, playout and the apply loop with the same
    random choices reach equal final states (log included): a win, or a draw at the limit."""
    final = playout(state, random.Random(seed))
    assert final == apply_loop(state, random.Random(seed))  # equality covers the log
    assert final.is_over
    validate_state(final)
    last = final.log[-1]
    if final.winner is None:
        assert isinstance(last, Drawn) and final.turn == final.config.max_turns
    else:
        assert isinstance(last, Won) and last.player == final.winner


@PROPS
@given(state=starts(limited=True), seed=st.integers(0, 2**32 - 1))
def test_a_policy_is_followed_and_checked(state: GameState, seed: int) -> None:
    """With an explicit policy, playout is the apply loop of that policy; uniform_policy is the
    default's random choices. (A turn limit, R-TURN-8, since a game of Incomes need not end.)"""
    assert playout(state, random.Random(seed), uniform_policy) == playout(
        state, random.Random(seed)
    )

    def incomes_first(s: GameState, rng: random.Random) -> Move:
        seat = to_act(s)[0]
        moves = legal_moves(s, seat)
        return Income(seat) if Income(seat) in moves else rng.choice(moves)

    final = playout(state, random.Random(seed), incomes_first)
    expected = state
    rng = random.Random(seed)
    while not expected.is_over:
        expected = apply(expected, incomes_first(expected, rng))
    assert final == expected


def test_an_illegal_move_of_a_policy_is_refused() -> None:
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(IllegalMoveError):
        playout(state, random.Random(0), lambda s, rng: Income(1))


def test_a_finished_game_is_returned_as_it_is() -> None:
    final = playout(new_game(Config(players=3), seed=2), random.Random(0))
    assert playout(final, random.Random(1)) is final
    with pytest.raises(TypeError, match="GameState"):
        playout(final.core, random.Random(0))  # type: ignore[arg-type]
