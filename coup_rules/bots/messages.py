"""The JSON Schema (2020-12) of the coup-bot protocol's messages: ``bot-protocol.schema.json``.

Every line the host (``ProcessBot``) writes is a ``Request``; every line a bot writes is an
``Answer``. The view, the moves and the config are the library's own JSON forms: their
definitions are those of ``coup_rules.schema.view_schema`` (``schema/view.schema.json``).

``python -m coup_rules.bots.messages --write`` writes the file to ``schema/``; ``--check`` fails
when it is stale (a test holds it current).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from coup_rules.schema import BASE_URI, DRAFT, view_schema

__all__ = ["ERROR_CODES", "FILE_NAME", "bot_protocol_schema", "main"]

FILE_NAME = "bot-protocol.schema.json"

ERROR_CODES = ("bad_json", "bad_request", "unknown_command", "internal")
"""The codes a bot may give in an error answer (the host treats any error as a failure)."""

Schema = dict[str, Any]


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _message(description: str, optional: tuple[str, ...] = (), **props: Schema) -> Schema:
    return {
        "description": description,
        "type": "object",
        "properties": props,
        "required": [name for name in props if name not in optional],
        "additionalProperties": False,
    }


def _requests() -> dict[str, Schema]:
    number = {"type": "integer", "minimum": 1}
    return {
        "Hello": _message(
            "The first request of each game a process plays: its seat and the game's options.",
            id=number,
            cmd={"const": "hello"},
            protocol={"const": 1},
            seat=_ref("Seat"),
            config=_ref("Config"),
        ),
        "Decide": _message(
            "One decision: the seat's view, whose legal_moves lists the choices, and the time "
            "the bot has to answer, in milliseconds.",
            id=number,
            cmd={"const": "decide"},
            deadline_ms={"type": "integer", "minimum": 1},
            view=_ref("PlayerView"),
        ),
        "Quit": _message("The host is done: answer, then exit.", id=number, cmd={"const": "quit"}),
    }


def _answers() -> dict[str, Schema]:
    number = {"type": "integer", "minimum": 1}
    return {
        "HelloAnswer": _message(
            "The answer to hello: the bot's name (for people).",
            id=number,
            ok={"const": True},
            name={"type": "string"},
        ),
        "MoveAnswer": _message(
            "The answer to decide: one of the view's legal_moves.",
            id=number,
            ok={"const": True},
            move=_ref("Move"),
        ),
        "QuitAnswer": _message("The answer to quit.", id=number, ok={"const": True}),
        "ErrorAnswer": _message(
            "A request the bot cannot answer (the host then plays the seat on with its "
            "stand-in). A line that was not JSON gets the id null.",
            id={"anyOf": [number, {"type": "null"}]},
            ok={"const": False},
            error=_message(
                "What went wrong.",
                code={"enum": list(ERROR_CODES)},
                message={"type": "string"},
            ),
        ),
    }


def bot_protocol_schema() -> Schema:
    """The schema of every message of the coup-bot protocol, version 1."""
    view = view_schema()
    defs: dict[str, Schema] = dict(view["$defs"])
    defs["PlayerView"] = {
        key: value for key, value in view.items() if key not in ("$schema", "$id", "$defs", "title")
    }
    requests, answers = _requests(), _answers()
    defs.update(requests)
    defs.update(answers)
    defs["Request"] = {
        "description": "A line the host writes on the bot's standard input.",
        "oneOf": [_ref(name) for name in requests],
    }
    defs["Answer"] = {
        "description": "A line the bot writes on its standard output, one per request.",
        "oneOf": [_ref(name) for name in answers],
    }
    return {
        "$schema": DRAFT,
        "$id": BASE_URI + FILE_NAME,
        "title": "BotProtocolMessage",
        "description": (
            "One line of the coup-bot protocol, version 1 (docs: Bots in any language): JSON "
            "over a bot command's standard input (Request) and output (Answer)."
        ),
        "oneOf": [_ref("Request"), _ref("Answer")],
        "$defs": dict(sorted(defs.items())),
    }


def text() -> str:
    """The schema file's text."""
    return json.dumps(bot_protocol_schema(), indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (``--write``) or check (``--check``) the schema file; print it otherwise."""
    parser = argparse.ArgumentParser(prog="python -m coup_rules.bots.messages")
    parser.add_argument("--write", action="store_true", help="write the schema file")
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    parser.add_argument(
        "--dir",
        type=Path,
        default=Path(__file__).resolve().parents[2] / "schema",
        help="schema directory",
    )
    args = parser.parse_args(argv)
    path: Path = args.dir / FILE_NAME
    if args.write:
        path.write_text(text(), encoding="utf-8")
    elif args.check:
        if not path.exists() or path.read_text(encoding="utf-8") != text():
            sys.stderr.write(f"stale schema file: {FILE_NAME}; run with --write\n")
            return 1
    else:
        sys.stdout.write(text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
