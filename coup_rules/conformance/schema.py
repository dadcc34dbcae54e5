"""The JSON Schema (2020-12) of every file of the conformance kit: ``conformance.schema.json``.

Moves, configs, cards and views are the library's own JSON forms: their definitions are taken
from ``coup_rules.schema.view_schema`` (the same as ``schema/view.schema.json``).
"""

from __future__ import annotations

import json
from typing import Any

from coup_rules.config import MAX_PLAYERS
from coup_rules.schema import BASE_URI, DRAFT, view_schema

__all__ = ["FILE_NAME", "kit_schema", "schema_text"]

FILE_NAME = "conformance.schema.json"

Schema = dict[str, Any]

SEAT_KEYS = tuple(str(seat) for seat in range(MAX_PLAYERS))
"""The keys of a per-seat object: the seats as decimal text."""


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def _object(
    description: str, required: list[str], optional: Schema | None = None, **props: Schema
) -> Schema:
    return {
        "description": description,
        "type": "object",
        "properties": {**props, **(optional or {})},
        "required": required,
        "additionalProperties": False,
    }


def _strict(description: str, **props: Schema) -> Schema:
    """An object with exactly these properties, all required."""
    return _object(description, list(props), **props)


def _per_seat(item: Schema, description: str, *extra: str) -> Schema:
    keys = (*SEAT_KEYS, *extra)
    return {
        "description": description,
        "type": "object",
        "properties": {key: item for key in keys},
        "additionalProperties": False,
    }


def _kit_defs() -> dict[str, Schema]:
    cards = _array(_ref("Character"))
    count = {"type": "integer", "minimum": 0}
    text = {"type": "string"}
    seats = _array(_ref("Seat"))
    return {
        "Cards": {"description": 'Cards by name, e.g. "duke".', **cards},
        "LegalMove": _strict(
            "A legal move: its notation (format_move) and its JSON (to_json).",
            notation=text,
            move=_ref("Move"),
        ),
        "Legal": _per_seat(
            _array(_ref("LegalMove")),
            "Every seat's legal moves (an empty list for a seat that cannot move), keyed by seat.",
        ),
        "Views": _per_seat(
            _ref("PlayerView"), "Every seat's view and the spectator's.", "spectator"
        ),
        "Refusal": _strict(
            "A move that must be refused here, with the rule id the library refuses it by.",
            move=_ref("Move"),
            notation=text,
            rule=text,
        ),
        "Setup": _strict(
            "The whole starting position after the deal. fixed names what the game was given "
            "(new_game's hands=, court=) rather than dealt from the seed. In the 2-player setup "
            "(R-SETUP-7), hands holds each seat's one card from the third set and draft each "
            "seat's offered set (R-SETUP-8); otherwise draft is null.",
            seed=_nullable(count),
            fixed=_array({"enum": ["hands", "court"]}),
            hands=_array(_ref("Cards")),
            court=_ref("Cards"),
            aside=_ref("Cards"),
            coins=_array(count),
            allegiances=_nullable(_array(_ref("Allegiance"))),
            draft=_nullable(_array(_ref("Cards"))),
        ),
        "Summary": _strict(
            "What any engine can report of a position (the protocol's SUMMARY).",
            coins=_array(count),
            hidden=_array(count),
            revealed=_array(_ref("Cards")),
            hand=_nullable(_ref("Cards")),
            treasury=count,
            court_size=count,
            allegiances=_nullable(_array(_ref("Allegiance"))),
            winner=_nullable(_ref("Seat")),
        ),
        "Step": _object(
            "One move of a case: the position before it, then the move and the cards that "
            "left the Court during it, in order.",
            ["to_act", "legal", "seat", "move", "notation", "chance"],
            {"views": _ref("Views"), "refused": _array(_ref("Refusal"))},
            to_act=seats,
            legal=_ref("Legal"),
            seat=_ref("Seat"),
            move=_ref("Move"),
            notation=text,
            chance=_ref("Cards"),
        ),
        "Result": _object(
            "The position after the last step; winner null with to_act empty is a draw "
            "(max_turns), with seats to act the game goes on.",
            ["winner", "to_act", "legal", "views", "final"],
            {"refused": _array(_ref("Refusal"))},
            winner=_nullable(_ref("Seat")),
            to_act=seats,
            legal=_ref("Legal"),
            views=_ref("Views"),
            final=_ref("Summary"),
        ),
        "Case": _strict(
            "A case: a setup, then moves, recorded step by step.",
            id=text,
            title=text,
            rules=_array(text),
            dispute=_nullable(text),
            config=_ref("Config"),
            setup=_ref("Setup"),
            steps=_array(_ref("Step")),
            result=_ref("Result"),
        ),
        "CasesFile": _strict(
            "A file of cases: kit/cases/<family>.json or kit/playthroughs/<config>.json.",
            kit_version={"const": 1},
            cases=_array(_ref("Case")),
        ),
        "PerftDeal": _strict(
            "A fixed deal and its perft counts: counts[d] move sequences of exactly d moves.",
            name=text,
            about=text,
            config=_ref("Config"),
            setup=_ref("Setup"),
            counts=_array(count),
        ),
        "PerftFile": _strict(
            "kit/perft.json.",
            kit_version={"const": 1},
            about=text,
            depth=count,
            chance={"const": "seed"},
            deals=_array(_ref("PerftDeal")),
        ),
        "Manifest": _strict(
            "kit/manifest.json: the kit's version, its files, and the cases naming each rule id.",
            kit_version={"const": 1},
            library_version=text,
            protocol={"const": 1},
            files=_strict(
                "The kit's files, relative to kit/.",
                cases=_array(text),
                playthroughs=_array(text),
                perft=text,
            ),
            rules={
                "description": "Each rule id and the ids of the cases exercising it.",
                "type": "object",
                "additionalProperties": _array(text),
            },
        ),
    }


def kit_schema() -> Schema:
    """The schema of every kit file: a manifest, a file of cases, or the perft file."""
    views = view_schema()
    library = dict(views["$defs"])
    library["PlayerView"] = {k: v for k, v in views.items() if k not in ("$schema", "$id", "$defs")}
    defs = {**library, **_kit_defs()}
    return {
        "$schema": DRAFT,
        "$id": BASE_URI + FILE_NAME,
        "title": "ConformanceKit",
        "description": (
            "Any file of the coup_rules conformance kit (kit_version 1): kit/manifest.json, "
            "kit/cases/*.json, kit/playthroughs/*.json, kit/perft.json."
        ),
        "anyOf": [_ref("Manifest"), _ref("CasesFile"), _ref("PerftFile")],
        "$defs": dict(sorted(defs.items())),
    }


def schema_text() -> str:
    """The text of ``conformance.schema.json`` (2-space indented, one final newline)."""
    return json.dumps(kit_schema(), indent=2) + "\n"
