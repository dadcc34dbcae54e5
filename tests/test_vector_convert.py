"""coup_rules.vector.convert: every pending decision to and from its kernel row, exactly.

The classes are enumerated from ``coup_rules.decisions.Pending``, never listed here; their
positions are drawn from uniformly random games of every variant of ``tests.vector_check``.
"""

from __future__ import annotations

import random
import typing
from collections import defaultdict
from collections.abc import Iterator
from typing import ClassVar

import attrs
import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import Config, GameState, apply, legal_moves, new_game, to_act
from coup_rules.cards import Character
from coup_rules.decisions import Decision, Pending
from coup_rules.moves import ActionMove, Tax
from coup_rules.vector import fields as f
from coup_rules.vector.convert import (
    Encoding,
    pending_fields,
    pending_table,
    read_pending,
    read_row,
    write_pending,
    write_row,
)
from coup_rules.vector.layout import Layout, fields_of, layout_of
from tests.vector_check import VARIANTS, position

PENDING = typing.get_args(Pending)
GAMES_PER_VARIANT = 6


def _positions(config: Config, games: int, seed: int) -> Iterator[GameState]:
    """Every position of ``games`` games of uniformly random moves."""
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(config, seed=seed * 1000 + g)
        while not state.is_over:
            yield state
            seat = rng.choice(to_act(state))
            state = apply(state, rng.choice(legal_moves(state, seat)))


@pytest.fixture(scope="module")
def layouts() -> dict[str, Layout]:
    """Each variant's tables, without the knowledge fields (the position needs none)."""
    return {name: layout_of(config, track=False) for name, config in VARIANTS.items()}


@pytest.fixture(scope="module")
def drawn(layouts: dict[str, Layout]) -> dict[type, list[tuple[str, GameState]]]:
    """The positions of random games of every variant, by the class of their decision."""
    by_class: dict[type, list[tuple[str, GameState]]] = defaultdict(list)
    for name, config in VARIANTS.items():
        for state in _positions(config, GAMES_PER_VARIANT, seed=sum(map(ord, name))):
            by_class[type(state.pending)].append((name, state))
    return by_class


def _through_a_row(state: GameState, layout: Layout) -> GameState:
    row = np.zeros(fields_of(state.config.players), np.int32)
    write_row(row, state, layout)
    return read_row(row, layout)


@pytest.mark.parametrize("cls", PENDING, ids=[c.__name__ for c in PENDING])
def test_every_kind_of_decision_round_trips_through_a_row(
    cls: type, drawn: dict[type, list[tuple[str, GameState]]], layouts: dict[str, Layout]
) -> None:
    """A position waiting on a decision of any class comes back from its row unchanged: the
    decision field for field, and every other field of the position but the log."""
    found = drawn[cls]
    assert found, f"no random game of any variant reached a {cls.__name__}"
    for name, state in found:
        back = _through_a_row(state, layouts[name])
        assert back.pending == state.pending, name
        assert position(back) == position(state), name


@pytest.mark.parametrize("cls", PENDING, ids=[c.__name__ for c in PENDING])
def test_the_engine_s_record_writes_the_row_its_public_decision_writes(
    cls: type, drawn: dict[type, list[tuple[str, GameState]]]
) -> None:
    """``write_pending`` takes the engine's record (``state.core.pending``) as it takes the
    public decision: the same row."""
    for _, state in drawn[cls][:50]:
        public = np.zeros(f.SEATS, np.int32)
        record = np.zeros(f.SEATS, np.int32)
        write_pending(public, state.pending)
        write_pending(record, state.core.pending)
        assert public.tolist() == record.tolist()


@given(
    name=st.sampled_from(list(VARIANTS)),
    seed=st.integers(0, 2**32 - 1),
    moves=st.integers(0, 200),
)
@settings(max_examples=40, deadline=None)
def test_any_position_of_a_random_game_round_trips_through_a_row(
    name: str, seed: int, moves: int
) -> None:
    layout = layout_of(VARIANTS[name], track=False)
    rng = random.Random(seed)
    state = new_game(VARIANTS[name], seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = rng.choice(to_act(state))
        state = apply(state, rng.choice(legal_moves(state, seat)))
    back = _through_a_row(state, layout)
    assert back.pending == state.pending
    assert position(back) == position(state)


def test_the_row_of_each_decision_holds_every_field_of_its_class() -> None:
    """The table is derived from the classes: each decision's stored fields are exactly its
    attrs fields, in their order."""
    table = pending_table()
    assert set(table) == set(Decision)
    for cls in PENDING:
        stored = [field.name for field in table[cls.kind] if field.stored]
        assert stored == [a.name for a in attrs.fields(cls)]


def test_a_phase_of_no_decision_reads_as_a_finished_game() -> None:
    layout = layout_of(Config(players=3), track=False)
    row = np.zeros(fields_of(3), np.int32)
    row[f.PHASE] = f.D_NONE
    assert read_pending(row, layout) is None


# --- a new decision -------------------------------------------------------------------------------


@attrs.frozen
class _Levy:
    """A made-up decision of fields the row already holds: the target answers a Tax."""

    kind: ClassVar[Decision] = Decision.ANSWER_ACTION_CHALLENGE
    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    challenger: int


def test_a_new_decision_of_known_fields_needs_no_edit_of_convert() -> None:
    """Its fields are placed by their names (``fields.PENDING_SLOTS``) and encoded by their
    types."""
    table = pending_fields(_Levy)
    assert [(x.name, x.encoding) for x in table] == [
        ("waiting", Encoding.SEATS),
        ("action", Encoding.ACTION),
        ("claim", Encoding.CLAIM),
        ("challenger", Encoding.NUMBER),
    ]
    assert [x.slots for x in table] == [f.PENDING_SLOTS[x.name] for x in table]


@attrs.frozen
class _Unplaced:
    kind: ClassVar[Decision] = Decision.KEEP
    waiting: tuple[int, ...]
    victim: int


@attrs.frozen
class _Untyped:
    kind: ClassVar[Decision] = Decision.KEEP
    waiting: tuple[int, ...]
    keep: float


def test_a_field_the_row_has_no_slot_for_is_named_at_once() -> None:
    with pytest.raises(TypeError, match=r"_Unplaced\.victim .*PENDING_SLOTS"):
        pending_fields(_Unplaced)


def test_a_field_of_a_type_without_an_encoding_is_named_at_once() -> None:
    with pytest.raises(TypeError, match=r"_Untyped\.keep: .*convert\.py has no encoding"):
        pending_fields(_Untyped)


def test_a_declared_tax_writes_its_kind_actor_and_no_target() -> None:
    """The action's slots: its row of ``ACTIONS``, its player, -1 for an untargeted one."""
    state = new_game(Config(players=3, first_player=1), seed=5)
    state = apply(state, Tax(1))
    row = np.zeros(fields_of(3), np.int32)
    write_row(row, state, layout_of(state.config, track=False))
    assert row[f.PHASE] == f.D_CHALLENGE_ACTION
    assert (row[f.ACTION], row[f.ACTOR], row[f.TARGET]) == (f.MOVE_KIND[Tax], 1, -1)
    assert row[f.WAIT] == 0b101


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_a_seed_is_written_as_the_kernel_writes_it(seed: int) -> None:
    """``rows.seed_fields`` (NumPy alone, for ``convert``) and the kernel's ``seed_row`` put the
    same two int32 fields in the row."""
    from coup_rules.vector import kernel
    from coup_rules.vector.rows import seed_fields

    row = np.zeros(f.SEATS, np.int32)
    kernel.seed_row(row, seed - (1 << 64) if seed >= 1 << 63 else seed)
    assert (int(row[f.RNG_LO]), int(row[f.RNG_HI])) == seed_fields(seed)


def test_the_row_layout_needs_no_numba() -> None:
    """``fields``, ``layout``, ``rows`` and ``convert`` import without numba (coup_rules.jax
    reads them)."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from coup_rules.vector import convert, fields, layout, rows\n"
        "import coup_rules.vector\n"
        "assert 'coup_rules.vector.kernel' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
