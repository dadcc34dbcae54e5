"""The engine's decision records and the public decisions built from them (API: ``pending``)."""

from __future__ import annotations

import copy
import importlib.util
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest

from coup_rules import (
    Allow,
    Config,
    GameState,
    Pending,
    Tax,
    apply,
    from_json,
    legal_moves,
    new_game,
    to_json,
)
from coup_rules import records as r
from coup_rules.cards import Character
from coup_rules.decisions import ChallengeActionWindow, CounterWindow
from coup_rules.moves import Steal


def test_every_public_decision_has_a_record_with_its_fields_and_kind() -> None:
    """API: each public decision class has one engine record with the same fields, in order."""
    publics = typing.get_args(Pending)
    records = typing.get_args(r.Record)
    assert len(records) == len(publics)
    for rec, pub in zip(records, publics, strict=True):
        assert rec.__name__ == pub.__name__
        assert rec.fields == tuple(f.name for f in attrs.fields(pub))
        assert rec.kind is pub.kind


def test_records_with_equal_fields_of_different_kinds_differ() -> None:
    """A challenge window and a counter window on the same action are different positions."""
    steal = Steal(0, 1)
    a = r.ChallengeActionWindow((1,), steal, Character.CAPTAIN)
    b = r.CounterWindow((1,), steal, Character.CAPTAIN)
    assert a != b
    assert a == r.ChallengeActionWindow((1,), steal, Character.CAPTAIN)
    assert hash(a) == hash(r.ChallengeActionWindow((1,), steal, Character.CAPTAIN))


def test_a_record_shows_its_fields() -> None:
    """A record's repr names its class and fields, like its public twin's."""
    rec = r.CounterWindow((1,), Steal(0, 1), Character.CAPTAIN)
    assert repr(rec) == (
        f"CounterWindow(waiting=(1,), action={Steal(0, 1)!r}, claim={Character.CAPTAIN!r})"
    )


def test_public_and_record_are_inverse() -> None:
    """API: ``record(public(x)) == x`` and the public decision carries the record's fields."""
    steal = Steal(0, 1)
    rec = r.CounterWindow((1,), steal, Character.CAPTAIN)
    pub = r.public_decision(rec)
    assert pub == CounterWindow(waiting=(1,), action=steal, claim=Character.CAPTAIN)
    assert r.decision_record(pub) == rec


def test_state_pending_is_built_once_and_kept() -> None:
    """API: ``state.pending`` is a public frozen decision, the same object on every read."""
    state = apply(new_game(Config(players=3), seed=4), Tax(0))
    first = state.pending
    assert isinstance(first, ChallengeActionWindow)
    assert state.pending is first
    assert state.core.pending == r.decision_record(first)


def test_states_built_from_the_public_decision_equal_the_engines() -> None:
    """API: ``GameState(pending=...)`` and JSON rebuild the same position, record included."""
    state = apply(new_game(Config(players=4), seed=9), Tax(0))
    state = apply(state, Allow(1))
    assert state.replace() == state
    assert hash(state.replace()) == hash(state)
    again = from_json(to_json(state), GameState)
    assert again == state
    assert again.core.pending == state.core.pending
    assert legal_moves(again, 2) == legal_moves(state, 2)


def test_a_state_built_by_hand_with_no_decision_for_pending_is_refused() -> None:
    """API: ``GameState(...)`` takes a decision of ``Pending`` (or ``None``) as ``pending``."""
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(TypeError, match="pending must be a decision"):
        state.replace(pending="action")


def test_records_survive_copying() -> None:
    """A copied state (``copy.deepcopy``) is equal to its original and plays on the same way."""
    state = apply(new_game(Config(players=4), seed=2), Tax(0))
    twin = copy.deepcopy(state)
    assert twin == state
    assert apply(twin, Allow(1)) == apply(state, Allow(1))


def _generator() -> Any:
    path = Path(__file__).resolve().parents[1] / "scripts" / "generate_records.py"
    spec = importlib.util.spec_from_file_location("generate_records", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_records_are_generated_from_decisions_and_up_to_date() -> None:
    """Issue 20: ``decisions.py`` is the only hand-written description of a decision; the
    records are generated from it (``scripts/generate_records.py --write``)."""
    import coup_rules

    text = (Path(coup_rules.__file__).parent / "records.py").read_text()
    assert _generator().render(text) == text, "run python scripts/generate_records.py --write"


def test_a_decision_without_a_record_is_named_by_the_generator() -> None:
    """A new decision class gets its record from the generator, so none can be forgotten."""
    generated = _generator().records()
    for cls in typing.get_args(Pending):
        assert f"class {cls.__name__}(_Record):" in generated
        assert f"({cls.__name__}, decisions.{cls.__name__})," in generated
