"""The fixed encodings of ``coup_rules.ai.encoding`` (pure Python, no extra needed).

Moves: every legal move of every reachable position has an index, and the index decodes back to
it. Observations: built from the view alone, so two states a seat cannot tell apart give it the
same vector (R-INFO-3), within the documented bounds. The order in which the seats of a window
are asked one at a time (R-WIN-2, R-WIN-3, R-WIN-5).
"""

from __future__ import annotations

import random
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import (
    Assassinate,
    Block,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    Character,
    Config,
    CounterWindow,
    GameState,
    Income,
    Keep,
    Steal,
    legal_moves,
    to_act,
    view,
)
from coup_rules.ai.encoding import MoveCodec, ObservationEncoder, asked_first
from tests.strategies import reachable_games
from tests.test_info_properties import blinded

PROPS = settings(max_examples=30, deadline=None)


@PROPS
@given(game=reachable_games(max_moves=120))
def test_every_legal_move_has_an_index_that_decodes_back(game: list[GameState]) -> None:
    """Every legal move of every seat, at every state of a random game of any variant, is in the
    configuration's table, and its index decodes to the same move for the same seat."""
    codec = MoveCodec(game[0].config)
    for state in game:
        for seat in to_act(state):
            moves = legal_moves(state, seat)
            indices = codec.indices(moves)
            assert len(set(indices)) == len(moves)
            assert [codec.decode(i, seat) for i in indices] == list(moves)


def test_the_table_is_fixed_per_configuration() -> None:
    codec = MoveCodec(Config(players=4))
    assert codec.size == 49
    assert codec.name(0) == "income" and codec.name(2) == "coup p0"
    assert codec.decode(codec.encode(Steal(1, 3)), 1) == Steal(1, 3)
    assert codec.encode(Keep(2, (Character.DUKE, Character.CONTESSA))) == codec.encode(
        Keep(0, (Character.DUKE, Character.CONTESSA))
    )
    assert "examine p1" not in {codec.name(i) for i in range(codec.size)}
    both = MoveCodec(Config(players=6, inquisitor=True, reformation=True))
    names = {both.name(i) for i in range(both.size)}
    assert {"examine p5", "convert p0", "embezzle", "choose reformist", "force_exchange"} <= names
    assert "block assassin" not in names  # the Assassin blocks nothing
    try:
        codec.decode(codec.size, 0)
    except ValueError as e:
        assert "move index" in str(e)
    else:
        raise AssertionError("an index beyond the table must be refused")


@PROPS
@given(game=reachable_games(max_moves=120), rng_seed=st.integers(0, 2**32))
def test_observations_hold_only_what_the_seat_may_know_r_info_3(
    game: list[GameState], rng_seed: int
) -> None:
    """R-INFO-3: the vector is a function of the view: a state that differs only in what the
    seat cannot see gives the same vector; every component stays within its bounds."""
    rng = random.Random(rng_seed)
    encoder = ObservationEncoder(game[0].config)
    for state in rng.sample(game, min(len(game), 15)):
        seat = rng.choice([None, *range(state.config.players)])
        vector = encoder.encode(view(state, seat))
        assert len(vector) == encoder.size == len(encoder.high)
        assert all(0 <= x <= top for x, top in zip(vector, encoder.high, strict=True))
        assert encoder.encode(view(blinded(state, seat, rng), seat)) == vector


def test_seats_of_a_window_are_asked_clockwise_from_the_claimant_r_win_2() -> None:
    """R-WIN-2, R-WIN-3, R-WIN-5: one at a time, clockwise after the actor (action challenge and
    counter windows) or after the blocker (block challenge window)."""
    action = Assassinate(2, 0)
    window = ChallengeActionWindow(waiting=(0, 1, 3, 4), action=action, claim=Character.ASSASSIN)
    assert asked_first(window, 5) == 3
    counter = CounterWindow(waiting=(0, 1, 3), action=Income(2), claim=None)
    assert asked_first(counter, 5) == 3
    block = Block(4, Character.CONTESSA)
    blocked = ChallengeBlockWindow(
        waiting=(0, 1, 2, 3), action=action, claim=Character.ASSASSIN, block=block
    )
    assert asked_first(blocked, 5) == 0
    assert asked_first(ChallengeActionWindow(waiting=(1,), action=action, claim=None), 5) == 1


def test_importing_coup_rules_needs_no_extra() -> None:
    """The package's import pulls in neither NumPy, PettingZoo nor OpenSpiel."""
    code = (
        "import sys, coup_rules, coup_rules.ai, coup_rules.ai.encoding\n"
        "heavy = {'numpy', 'pettingzoo', 'gymnasium', 'pyspiel'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


class _Index:
    """Not an int, but an index (``__index__``), as a NumPy integer is."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_the_fill_methods_read_indices_and_numbers_as_python_does() -> None:
    """An index of any type with ``__index__``, a count of any number type (in the compiled
    build too, where the fill methods' work is compiled: ``coup_rules.ai.filling``)."""
    encoder = ObservationEncoder(Config(players=3))
    plain, other = [0.0] * encoder.size, [0.0] * encoder.size
    encoder.fill_seat(plain, 1, 2, 1, (Character.DUKE,), None)
    encoder.fill_seat(other, _Index(1), 2.0, True, [Character.DUKE], None)  # type: ignore[arg-type]
    encoder.fill_known(plain, 2, (Character.DUKE,))
    encoder.fill_known(other, _Index(2), (Character.DUKE,))  # type: ignore[arg-type]
    encoder.fill_table(plain, 30, 1, 9, 0, 4)
    encoder.fill_table(other, 30.0, True, 9.0, False, 4.0)  # type: ignore[arg-type]
    encoder.fill_decision(plain, 1, (0, 2), None, None, None)
    encoder.fill_decision(other, True, [False, 2], None, None, None)
    assert other == plain and plain != [0.0] * encoder.size
