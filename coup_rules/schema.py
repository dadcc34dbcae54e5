"""JSON Schema (draft 2020-12) for moves and player views, generated from the attrs classes.

The schemas describe exactly the JSON that ``to_json`` writes and ``from_json`` accepts (minus the
checks a schema cannot express, such as a state's invariants), so a client written in another
language can validate the moves it sends and the views it receives. The checked-in copies in
``schema/`` are regenerated with::

    python -m coup_rules.schema --write

and a test fails if they differ from what this module generates.
"""

from __future__ import annotations

import argparse
import enum
import inspect
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

import attrs

from coup_rules.cards import Allegiance, Character
from coup_rules.constants import MAX_SEAT
from coup_rules.decisions import Decision, Stage
from coup_rules.events import Pool
from coup_rules.serde import (
    KINDS,
    MOVE_TYPES,
    NAMED_ENUMS,
    SCHEMA_VERSION,
    SEAT_FIELDS,
    TAGS,
    VERSIONED,
)
from coup_rules.views import PlayerView

__all__ = ["SCHEMA_FILES", "move_schema", "schemas", "view_schema"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE_URI = "https://coup-rules.github.io/coup_rules/schema/"

_ENUMS: tuple[type[enum.Enum], ...] = (Character, Allegiance, Pool, Decision, Stage)

Schema = dict[str, Any]


def _summary(obj: object) -> str:
    doc = inspect.getdoc(obj) or ""
    return doc.split("\n\n", 1)[0].replace("\n", " ")


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


class _Builder:
    """Walks attrs classes and their type hints, collecting ``$defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, Schema] = {}

    def seat(self) -> Schema:
        if "Seat" not in self.defs:
            self.defs["Seat"] = {
                "description": "A seat number (a game has at most 10 seats).",
                "type": "integer",
                "minimum": 0,
                "maximum": MAX_SEAT,
            }
        return _ref("Seat")

    def enum(self, cls: type[enum.Enum]) -> Schema:
        name = cls.__name__
        if name not in self.defs:
            named = cls in NAMED_ENUMS
            values = [m.name.lower() if named else m.value for m in cls]
            self.defs[name] = {"description": _summary(cls), "enum": values}
        return _ref(name)

    def cls(self, cls: type) -> Schema:
        name = cls.__name__
        if name in self.defs:
            return _ref(name)
        self.defs[name] = {}  # placeholder against recursion
        hints = typing.get_type_hints(cls)
        props: dict[str, Schema] = {}
        required: list[str] = []
        if cls in TAGS:
            props["type"] = {"const": TAGS[cls]}
            required.append("type")
        if cls in KINDS:
            props["kind"] = {"const": KINDS[cls]}
            required.append("kind")
        if cls in VERSIONED:
            props["schema_version"] = {"const": SCHEMA_VERSION}
            required.append("schema_version")
        for field in attrs.fields(cls):
            if not field.init:  # private caches: never in JSON
                continue
            props[field.name] = self.hint(hints[field.name], field.name in SEAT_FIELDS)
            if field.default is attrs.NOTHING:
                required.append(field.name)
        self.defs[name] = {
            "description": _summary(cls),
            "type": "object",
            "properties": props,
            "required": required,
            "additionalProperties": False,
        }
        return _ref(name)

    def union(self, members: list[Any], seat: bool) -> Schema:
        if members and all(m in TAGS or m in KINDS for m in members):
            return {"oneOf": [self.cls(m) for m in members]}
        return {"anyOf": [self.hint(m, seat) for m in members]}

    def hint(self, hint: Any, seat: bool = False) -> Schema:
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            args = typing.get_args(hint)
            members = [a for a in args if a is not type(None)]
            inner = self.hint(members[0], seat) if len(members) == 1 else self.union(members, seat)
            return _nullable(inner) if type(None) in args else inner
        if origin is tuple:
            elem = typing.get_args(hint)[0]
            return {"type": "array", "items": self.hint(elem, seat)}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return self.seat() if seat else {"type": "integer"}
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return self.enum(hint)
        if attrs.has(hint):
            return self.cls(hint)
        raise TypeError(f"no JSON Schema for {hint!r}")


def _root(title: str, file: str, description: str, builder: _Builder, body: Schema) -> Schema:
    return {
        "$schema": DRAFT,
        "$id": BASE_URI + file,
        "title": title,
        "description": description,
        **body,
        "$defs": dict(sorted(builder.defs.items())),
    }


def move_schema() -> Schema:
    """The schema of one move, any kind (``Move``), told apart by its ``"type"`` tag."""
    b = _Builder()
    body = {"oneOf": [b.cls(cls) for cls in MOVE_TYPES]}
    text = 'One move of coup_rules, tagged by its "type" field (from_json(text, Move)).'
    return _root("Move", "move.schema.json", text, b, body)


def view_schema() -> Schema:
    """The schema of a ``PlayerView`` payload."""
    b = _Builder()
    b.cls(PlayerView)
    body = b.defs.pop("PlayerView")
    body.pop("description")
    text = "What one seat (or a spectator) may know of a coup_rules game: view(state, seat)."
    return _root("PlayerView", "view.schema.json", text, b, body)


SCHEMA_FILES = types.MappingProxyType(
    {"move.schema.json": move_schema, "view.schema.json": view_schema}
)
"""The checked-in schema files and the functions that generate them."""


def schemas() -> dict[str, str]:
    """Every schema file's name and its exact text (2-space indented JSON, one final newline)."""
    return {name: json.dumps(make(), indent=2) + "\n" for name, make in SCHEMA_FILES.items()}


def _default_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "schema"


def main(argv: list[str] | None = None) -> int:
    """Write (``--write``) or check (``--check``) the schema files; print them otherwise."""
    parser = argparse.ArgumentParser(prog="python -m coup_rules.schema", description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the schema files")
    parser.add_argument("--check", action="store_true", help="fail if the files are stale")
    parser.add_argument("--dir", type=Path, default=_default_dir(), help="schema directory")
    args = parser.parse_args(argv)
    stale = []
    for name, text in schemas().items():
        path: Path = args.dir / name
        if args.write:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        elif args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            sys.stdout.write(text)
    if stale:
        sys.stderr.write(f"stale schema files: {', '.join(stale)}; run with --write\n")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
