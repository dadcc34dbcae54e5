"""The checked-in JSON Schemas match the code, and describe what to_json writes (API
"Serialization"; R-INFO-1).

The schemas are validated here by a small validator for exactly the subset of JSON Schema 2020-12
that ``coup_rules.schema`` emits; it refuses any other keyword, so the subset cannot grow unseen.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import DecodeError, GameState, Move, from_json, legal_moves, to_act, to_json, view
from coup_rules.schema import SCHEMA_FILES, main, move_schema, schemas, view_schema
from coup_rules.serde import TAGS
from tests.strategies import reachable_states

ROOT = Path(__file__).resolve().parents[1]
ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}
JSON_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: type(v) is int,
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}


class Invalid(Exception):
    """The instance does not match the schema."""


def check(instance: Any, schema: dict[str, Any], root: dict[str, Any]) -> None:
    """Validate ``instance`` against ``schema`` (the subset coup_rules emits)."""
    unknown = set(schema) - ANNOTATIONS - set(KEYWORDS)
    assert not unknown, f"the schema uses keywords this validator does not know: {unknown}"
    for key, value in schema.items():
        if key in KEYWORDS:
            KEYWORDS[key](instance, value, schema, root)


def _ref(instance: Any, ref: str, _: Any, root: dict[str, Any]) -> None:
    assert ref.startswith("#/$defs/")
    check(instance, root["$defs"][ref.removeprefix("#/$defs/")], root)


def _type(instance: Any, name: str, _: Any, __: Any) -> None:
    if not JSON_TYPES[name](instance):
        raise Invalid(f"{instance!r} is not of type {name}")


def _const(instance: Any, value: Any, _: Any, __: Any) -> None:
    if type(instance) is not type(value) or instance != value:
        raise Invalid(f"{instance!r} is not {value!r}")


def _enum(instance: Any, values: list[Any], _: Any, __: Any) -> None:
    if not any(type(instance) is type(v) and instance == v for v in values):
        raise Invalid(f"{instance!r} is not one of {values}")


def _properties(instance: Any, props: dict[str, Any], _: Any, root: dict[str, Any]) -> None:
    if isinstance(instance, dict):
        for key, sub in props.items():
            if key in instance:
                check(instance[key], sub, root)


def _required(instance: Any, names: list[str], _: Any, __: Any) -> None:
    if isinstance(instance, dict):
        missing = [n for n in names if n not in instance]
        if missing:
            raise Invalid(f"missing {missing}")


def _additional(instance: Any, allowed: bool, schema: dict[str, Any], _: Any) -> None:
    assert allowed is False
    if isinstance(instance, dict):
        extra = set(instance) - set(schema.get("properties", {}))
        if extra:
            raise Invalid(f"unknown properties {extra}")


def _items(instance: Any, sub: dict[str, Any], _: Any, root: dict[str, Any]) -> None:
    if isinstance(instance, list):
        for item in instance:
            check(item, sub, root)


def _matches(instance: Any, sub: dict[str, Any], root: dict[str, Any]) -> bool:
    try:
        check(instance, sub, root)
    except Invalid:
        return False
    return True


def _one_of(instance: Any, subs: list[dict[str, Any]], _: Any, root: dict[str, Any]) -> None:
    if sum(_matches(instance, s, root) for s in subs) != 1:
        raise Invalid(f"{instance!r} does not match exactly one alternative")


def _any_of(instance: Any, subs: list[dict[str, Any]], _: Any, root: dict[str, Any]) -> None:
    if not any(_matches(instance, s, root) for s in subs):
        raise Invalid(f"{instance!r} matches no alternative")


def _minimum(instance: Any, low: int, _: Any, __: Any) -> None:
    if type(instance) is int and instance < low:
        raise Invalid(f"{instance} < {low}")


def _maximum(instance: Any, high: int, _: Any, __: Any) -> None:
    if type(instance) is int and instance > high:
        raise Invalid(f"{instance} > {high}")


KEYWORDS: dict[str, Callable[[Any, Any, Any, Any], None]] = {
    "$ref": _ref,
    "type": _type,
    "const": _const,
    "enum": _enum,
    "properties": _properties,
    "required": _required,
    "additionalProperties": _additional,
    "items": _items,
    "oneOf": _one_of,
    "anyOf": _any_of,
    "minimum": _minimum,
    "maximum": _maximum,
}

MOVE = move_schema()
VIEW = view_schema()


def valid(instance: Any, root: dict[str, Any]) -> bool:
    return _matches(instance, root, root)


# --- the checked-in files ----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SCHEMA_FILES))
def test_checked_in_schema_is_current(name: str) -> None:
    """schema/*.json equal what ``python -m coup_rules.schema --write`` generates."""
    path = ROOT / "schema" / name
    assert path.read_text(encoding="utf-8") == schemas()[name]


def test_check_command_passes() -> None:
    """``python -m coup_rules.schema --check`` succeeds on the checked-in files."""
    assert main(["--check", "--dir", str(ROOT / "schema")]) == 0


def test_check_command_fails_on_stale_files(tmp_path: Path) -> None:
    """``--check`` fails when a file is missing or differs; ``--write`` fixes it."""
    assert main(["--check", "--dir", str(tmp_path)]) == 1
    assert main(["--write", "--dir", str(tmp_path)]) == 0
    assert main(["--check", "--dir", str(tmp_path)]) == 0


def test_schemas_are_draft_2020_12() -> None:
    """Both schemas declare draft 2020-12 and have an $id."""
    for schema in (MOVE, VIEW):
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"].endswith(".schema.json")


def test_move_schema_has_one_alternative_per_move() -> None:
    """The Move schema is a oneOf over every move class."""
    assert len(MOVE["oneOf"]) == len(typing.get_args(Move))


# --- the schemas describe the JSON --------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(state=reachable_states())
def test_moves_and_views_match_schema(state: GameState) -> None:
    """R-INFO-1: every legal move and every view (all seats, a spectator) fits its schema."""
    for seat in to_act(state):
        for move in legal_moves(state, seat):
            assert valid(json.loads(to_json(move)), MOVE)
    for seat in [None, *range(state.config.players)]:
        assert valid(json.loads(to_json(view(state, seat))), VIEW)


@pytest.mark.parametrize(
    "payload",
    [
        {"type": "steal", "player": True, "target": 2},
        {"type": "steal", "player": 0, "target": 10},
        {"type": "steal", "player": 0},
        {"type": "steal", "player": 0, "target": 1, "x": 0},
        {"type": "stael", "player": 0, "target": 1},
        {"type": "block", "player": 0, "character": "DUKE"},
        {"type": "keep", "player": 0, "cards": "duke"},
    ],
)
def test_schema_rejects_what_decoding_rejects(payload: dict[str, Any]) -> None:
    """Payloads that from_json refuses also fail the Move schema."""
    assert not valid(payload, MOVE)
    with pytest.raises(DecodeError):
        from_json(json.dumps(payload), Move)


CARD_NAMES = ["duke", "captain", "inquisitor", "loyalist", "reformist", "Duke", "treasury"]
move_values = (
    st.integers(-1, 11)
    | st.sampled_from(CARD_NAMES)
    | st.lists(st.sampled_from(CARD_NAMES) | st.integers(0, 1), max_size=3)
    | st.booleans()
    | st.none()
)


@st.composite
def move_payloads(draw: st.DrawFn) -> dict[str, Any]:
    """Payloads near real moves: a tag and its fields, some dropped, wrong or extra."""
    cls = draw(st.sampled_from(typing.get_args(Move)))
    payload: dict[str, Any] = {"type": TAGS[cls]}
    for field in attrs.fields(cls):
        if draw(st.integers(0, 9)):
            payload[field.name] = draw(move_values)
    if not draw(st.integers(0, 9)):
        payload["x"] = 0
    if not draw(st.integers(0, 9)):
        payload["type"] = draw(st.sampled_from(sorted(TAGS.values())) | st.none())
    return payload


@settings(max_examples=150, deadline=None)
@given(payload=move_payloads())
def test_move_schema_agrees_with_decoding(payload: dict[str, Any]) -> None:
    """A move payload fits the schema exactly when from_json(text, Move) accepts it."""
    try:
        from_json(json.dumps(payload), Move)
    except DecodeError:
        decodes = False
    else:
        decodes = True
    assert valid(payload, MOVE) == decodes
