"""The coup-engine protocol (version 1): JSON lines over standard input and output.

One request per line to the engine, one answer per line back, each a JSON object. This module
holds the shapes both sides share: the commands, the error codes, how a line is read (with the
limits that keep hostile input harmless), how answers are built, and the checks the runner makes
on an engine's answers. The JSON Schema of every message (``schema/engine-protocol.schema.json``)
is generated from it: ``python -m coup_rules.conformance.protocol --write``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

__all__ = [
    "COMMANDS",
    "ERROR_CODES",
    "MAX_LINE",
    "MAX_SAFE",
    "PROTOCOL",
    "BadAnswer",
    "RequestError",
    "check_answer",
    "encode",
    "error",
    "ok",
    "parse_request",
    "protocol_schema",
]

PROTOCOL: Final = 1
"""The protocol's version, sent in ``hello``."""

COMMANDS: Final = ("hello", "new_game", "chance", "to_act", "legal", "apply", "view", "quit")
"""Every command of version 1, in the order the reference lists them."""

ERROR_CODES: Final = (
    "bad_json",
    "bad_request",
    "unknown_command",
    "no_game",
    "unsupported",
    "internal",
)
"""The codes of a failed request's ``error``."""

MAX_SAFE: Final = 2**53 - 1
"""The largest integer every JSON reader holds exactly (JavaScript's ``Number.MAX_SAFE_INTEGER``);
a number beyond it, either way, is refused."""

MAX_LINE: Final = 1 << 24
"""The longest line read, in bytes (16 MiB): a longer one is refused, never buffered."""

MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects a message may have."""

CHANCE_MODES: Final = ("seed", "forced")


class RequestError(Exception):
    """A request the engine cannot carry out: answered with ``error`` and this code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class BadAnswer(Exception):
    """An engine's answer that breaks the protocol (not JSON, wrong id, a field missing)."""


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _too_deep(value: Any, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return True
    if isinstance(value, dict):
        return any(_too_deep(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(_too_deep(v, depth + 1) for v in value)
    return False


def _unsafe_number(value: Any) -> str | None:
    """The first number of ``value`` outside JSON's safe integers (floats included), if any."""
    if type(value) is _Huge:
        return str(value)
    if type(value) is int:
        return None if -MAX_SAFE <= value <= MAX_SAFE else str(value)
    if type(value) is float:
        return None if abs(value) <= MAX_SAFE else repr(value)
    if isinstance(value, dict):
        values: Any = value.values()
    elif isinstance(value, list):
        values = value
    else:
        return None
    for item in values:
        found = _unsafe_number(item)
        if found is not None:
            return found
    return None


def _shown(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:20]}... ({len(text)} digits)"


class _Huge(str):
    """An integer literal far beyond 2**53, kept as its text (never converted)."""


def _parse_int(text: str) -> int | _Huge:
    return _Huge(text) if len(text.lstrip("-")) > 20 else int(text)


def loads(line: bytes | str) -> Any:
    """The JSON value of one line, or ``ValueError`` saying what is wrong with it."""
    try:
        value = json.loads(line, parse_int=_parse_int, parse_constant=_reject_constant)
    except RecursionError:
        raise ValueError(f"nested more than {MAX_DEPTH} deep") from None
    except UnicodeDecodeError:
        raise ValueError("not UTF-8") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg} at character {error.pos})") from None
    if _too_deep(value):
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    return value


def parse_request(line: bytes | str) -> tuple[int | None, str, dict[str, Any]]:
    """A request line's id, command and body.

    Raises:
        RequestError: ``bad_json`` for a line that is not a JSON object, ``bad_request`` for a
            missing or ill-typed ``id`` or ``cmd`` or a number beyond the safe range (the id is
            then known where it could be read: see ``request_id``).
    """
    try:
        value = loads(line)
    except ValueError as problem:
        raise RequestError("bad_json", f"the request is {problem}") from None
    if not isinstance(value, dict):
        raise RequestError("bad_json", f"a request is a JSON object, not {_kind(value)}")
    ident = value.get("id")
    if type(ident) is not int or not 0 <= ident <= MAX_SAFE:  # a huge id is a _Huge
        raise RequestError("bad_request", "a request needs an 'id', an integer from 0 to 2**53-1")
    number = _unsafe_number(value)
    if number is not None:
        raise _Identified(
            ident,
            "bad_request",
            f"the number {_shown(number)} is outside JSON's safe integers (±(2**53 - 1))",
        )
    cmd = value.get("cmd")
    if not isinstance(cmd, str):
        raise _Identified(ident, "bad_request", "a request needs a 'cmd', a string")
    return ident, cmd, value


class _Identified(RequestError):
    """A ``RequestError`` in a request whose id could be read."""

    def __init__(self, ident: int, code: str, message: str) -> None:
        super().__init__(code, message)
        self.ident = ident


def request_id(error: RequestError) -> int | None:
    """The id to answer a failed request with (``None`` when it could not be read)."""
    return error.ident if isinstance(error, _Identified) else None


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    if type(value) in (int, float):
        return "a number"
    return names.get(type(value), type(value).__name__)


def ok(ident: int | None, **fields: Any) -> dict[str, Any]:
    """A success answer."""
    return {"id": ident, "ok": True, **fields}


def error(ident: int | None, code: str, message: str) -> dict[str, Any]:
    """A failure answer (``code`` one of ``ERROR_CODES``)."""
    assert code in ERROR_CODES, code
    return {"id": ident, "ok": False, "error": {"code": code, "message": message}}


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as a line: compact UTF-8 JSON and a newline."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


# --- the runner's checks on an engine's answers ---------------------------------------------


def _field(answer: Mapping[str, Any], name: str, check: Callable[[Any], bool], what: str) -> Any:
    if name not in answer:
        raise BadAnswer(f"the answer has no '{name}' ({what})")
    value = answer[name]
    if not check(value):
        raise BadAnswer(f"the answer's '{name}' is {_kind(value)}, not {what}")
    return value


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_seat_list(value: Any) -> bool:
    return isinstance(value, list) and all(type(v) is int and 0 <= v <= 9 for v in value)


def _is_opt_seat(value: Any) -> bool:
    return value is None or (type(value) is int and 0 <= value <= 9)


def _is_object_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, dict) for v in value)


def _is_str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _check_hello(answer: Mapping[str, Any]) -> None:
    _field(answer, "protocol", _is_int, "an integer")
    _field(answer, "engine", lambda v: isinstance(v, dict), "an object")
    _field(answer, "chance", _is_str_list, "a list of chance modes")
    _field(answer, "views", lambda v: type(v) is bool, "true or false")
    rulings = answer.get("rulings", [])
    if not _is_object_list(rulings) or not all(isinstance(r.get("rule"), str) for r in rulings):
        raise BadAnswer('the answer\'s \'rulings\' is not a list of {"rule": ..., "note": ...}')


def _check_apply(answer: Mapping[str, Any]) -> None:
    accepted = _field(answer, "accepted", lambda v: type(v) is bool, "true or false")
    if not accepted:
        _field(answer, "reason", lambda v: isinstance(v, str), "a string")
        rule = answer.get("rule")
        if rule is not None and not isinstance(rule, str):
            raise BadAnswer(f"the answer's 'rule' is {_kind(rule)}, not a rule id or null")


def _check_view(answer: Mapping[str, Any]) -> None:
    if not isinstance(answer.get("view"), dict) and not isinstance(answer.get("summary"), dict):
        raise BadAnswer("the answer has neither a 'view' nor a 'summary' object")


def _check_to_act(answer: Mapping[str, Any]) -> None:
    _field(answer, "seats", _is_seat_list, "a list of seats")
    _field(answer, "winner", _is_opt_seat, "a seat or null")


def _check_legal(answer: Mapping[str, Any]) -> None:
    _field(answer, "moves", _is_object_list, "a list of moves")


_ANSWER_CHECKS: Final[dict[str, Callable[[Mapping[str, Any]], None]]] = {
    "hello": _check_hello,
    "to_act": _check_to_act,
    "legal": _check_legal,
    "apply": _check_apply,
    "view": _check_view,
}


def check_answer(line: bytes, ident: int, cmd: str) -> dict[str, Any]:
    """An engine's answer to request ``ident`` (command ``cmd``), checked against the protocol.

    A failure answer (``ok`` false) is returned as it is, once its ``error`` is well formed.

    Raises:
        BadAnswer: the line is not a JSON object, carries another id, lacks ``ok`` or a field
            the command's answer has, or holds a number beyond JSON's safe integers.
    """
    try:
        answer = loads(line)
    except ValueError as problem:
        raise BadAnswer(f"the answer is {problem}: {_excerpt(line)}") from None
    if not isinstance(answer, dict):
        raise BadAnswer(f"an answer is a JSON object, not {_kind(answer)}: {_excerpt(line)}")
    number = _unsafe_number(answer)
    if number is not None:
        raise BadAnswer(f"the answer holds {_shown(number)}, outside JSON's safe integers")
    if answer.get("id") != ident or type(answer.get("id")) is not int:
        raise BadAnswer(f"the answer to request {ident} carries the id {answer.get('id')!r}")
    status = _field(answer, "ok", lambda v: type(v) is bool, "true or false")
    if not status:
        failure = _field(answer, "error", lambda v: isinstance(v, dict), "an object")
        if not isinstance(failure.get("code"), str) or not isinstance(failure.get("message"), str):
            raise BadAnswer("the answer's 'error' needs a 'code' and a 'message', both strings")
        return answer
    check = _ANSWER_CHECKS.get(cmd)
    if check is not None:
        check(answer)
    return answer


def _excerpt(line: bytes | str, size: int = 80) -> str:
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    text = text.rstrip("\n")
    return repr(text if len(text) <= size else text[:size] + "...")


# --- the JSON Schema ----------------------------------------------------------------------------

_SCHEMA_ID = "https://coup-rules.github.io/coup_rules/schema/engine-protocol.schema.json"
_MOVE = {"$ref": "move.schema.json"}
_VIEW = {"$ref": "view.schema.json"}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 9}
_ID = {"type": "integer", "minimum": 0, "maximum": MAX_SAFE}
_CARD = {"enum": ["duke", "assassin", "captain", "ambassador", "contessa", "inquisitor"]}
_ALLEGIANCE = {"enum": ["loyalist", "reformist"]}


def _nullable(schema: Mapping[str, Any]) -> dict[str, Any]:
    return {"anyOf": [dict(schema), {"type": "null"}]}


def _array(items: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": dict(items)}


def _object(
    description: str, properties: Mapping[str, Any], required: Sequence[str]
) -> dict[str, Any]:
    return {
        "description": description,
        "type": "object",
        "properties": dict(properties),
        "required": list(required),
    }


def _request(cmd: str, description: str, **fields: Any) -> dict[str, Any]:
    required = ["id", "cmd", *(k for k, v in fields.items() if not v.pop("optional", False))]
    return _object(description, {"id": _ID, "cmd": {"const": cmd}, **fields}, required)


def _answer(description: str, **fields: Any) -> dict[str, Any]:
    required = ["id", "ok", *(k for k, v in fields.items() if not v.pop("optional", False))]
    properties = {"id": _ID, "ok": {"const": True}, **fields}
    return _object(description, properties, required)


def _summary() -> dict[str, Any]:
    ints = _array({"type": "integer", "minimum": 0})
    return _object(
        "What an engine that cannot build the library's view reports instead (view answers).",
        {
            "coins": ints,
            "hidden": ints,
            "revealed": _array(_array(_CARD)),
            "hand": _nullable(_array(_CARD)),
            "treasury": {"type": "integer", "minimum": 0},
            "court_size": {"type": "integer", "minimum": 0},
            "allegiances": _nullable(_array(_nullable(_ALLEGIANCE))),
            "winner": _nullable(_SEAT),
        },
        ["coins", "hidden", "revealed", "hand", "treasury", "court_size", "winner"],
    )


def _setup() -> dict[str, Any]:
    return _object(
        "The starting position after the deal (the kit's SETUP).",
        {
            "seed": _nullable({"type": "integer", "minimum": 0, "maximum": MAX_SAFE}),
            "fixed": _array({"enum": ["hands", "court"]}),
            "hands": _nullable(_array(_array(_CARD))),
            "court": _nullable(_array(_CARD)),
            "aside": _nullable(_array(_CARD)),
            "coins": _nullable(_array({"type": "integer", "minimum": 0})),
            "allegiances": _nullable(_array(_ALLEGIANCE)),
            "draft": _nullable(_array(_array(_CARD))),
        },
        [],
    )


def _defs() -> dict[str, Any]:
    modes = {"enum": list(CHANCE_MODES)}
    return {
        "Hello": _request(
            "hello",
            "Opens the conversation: the runner's protocol version.",
            protocol={"type": "integer"},
        ),
        "NewGame": _request(
            "new_game",
            "Starts a game, replacing any other.",
            config={"type": "object"},
            setup={"$ref": "#/$defs/Setup"},
            chance=modes,
        ),
        "Chance": _request(
            "chance",
            "Queues the next cards to leave the Court, in order (forced mode only).",
            cards=_array(_CARD),
        ),
        "ToAct": _request("to_act", "Asks which seats are to act."),
        "Legal": _request("legal", "Asks a seat's legal moves.", seat=_SEAT),
        "Apply": _request("apply", "Plays a move.", move=_MOVE),
        "View": _request(
            "view", "Asks a seat's view (null: a spectator's).", seat=_nullable(_SEAT)
        ),
        "Quit": _request("quit", "Ends the conversation; the engine exits 0."),
        "Setup": _setup(),
        "HelloAnswer": _answer(
            "The engine's version and what it supports.",
            protocol={"type": "integer"},
            engine=_object(
                "The engine's name and version.",
                {"name": {"type": "string"}, "version": {"type": "string"}},
                ["name"],
            ),
            chance=_array(modes),
            views={"type": "boolean"},
            rulings=_array(
                _object(
                    "A rule the engine declares it reads differently.",
                    {"rule": {"type": "string"}, "note": {"type": "string"}},
                    ["rule"],
                )
            ),
        ),
        "Done": {
            **_answer("The request was carried out (new_game, chance, quit): nothing more."),
            "additionalProperties": False,
        },
        "ToActAnswer": _answer(
            "The seats to act, ascending, and the winner once the game is over.",
            seats=_array(_SEAT),
            winner=_nullable(_SEAT),
        ),
        "LegalAnswer": _answer("The seat's legal moves, in any order.", moves=_array(_MOVE)),
        "Accepted": _answer("The move was played.", accepted={"const": True}),
        "Refused": _answer(
            "The move was refused; the game is unchanged.",
            accepted={"const": False},
            reason={"type": "string"},
            rule=_nullable({"type": "string"}),
        ),
        "ViewAnswer": _answer("The library's view.", view=_VIEW),
        "SummaryAnswer": _answer("A summary, from an engine without views.", summary=_summary()),
        "Summary": _summary(),
        "Failure": _object(
            "The request itself failed; the engine reads on.",
            {
                "id": _nullable(_ID),
                "ok": {"const": False},
                "error": _object(
                    "What went wrong.",
                    {"code": {"enum": list(ERROR_CODES)}, "message": {"type": "string"}},
                    ["code", "message"],
                ),
            },
            ["id", "ok", "error"],
        ),
    }


_REQUESTS: Final = ("Hello", "NewGame", "Chance", "ToAct", "Legal", "Apply", "View", "Quit")
_ANSWERS: Final = (
    "HelloAnswer",
    "Done",
    "ToActAnswer",
    "LegalAnswer",
    "Accepted",
    "Refused",
    "ViewAnswer",
    "SummaryAnswer",
    "Failure",
)


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of every message: ``$defs/Request`` and ``$defs/Answer``."""
    defs = _defs()
    defs["Request"] = {"oneOf": [{"$ref": f"#/$defs/{name}"} for name in _REQUESTS]}
    defs["Answer"] = {"anyOf": [{"$ref": f"#/$defs/{name}"} for name in _ANSWERS]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": _SCHEMA_ID,
        "title": "EngineMessage",
        "description": (
            f"Any line of the coup-engine protocol, version {PROTOCOL}: a request the runner "
            "sends or an answer the engine gives (docs: The engine protocol). Moves and views "
            "are the library's JSON (move.schema.json, view.schema.json)."
        ),
        "anyOf": [{"$ref": "#/$defs/Request"}, {"$ref": "#/$defs/Answer"}],
        "$defs": defs,
    }


SCHEMA_FILE: Final = "engine-protocol.schema.json"


def schema_text() -> str:
    """The checked-in schema file's exact text."""
    return json.dumps(protocol_schema(), indent=2) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write (``--write``) or check (``--check``) ``schema/engine-protocol.schema.json``."""
    parser = argparse.ArgumentParser(prog="python -m coup_rules.conformance.protocol")
    parser.add_argument("--write", action="store_true", help="write the schema file")
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    parser.add_argument("--dir", type=Path, default=Path(__file__).resolve().parents[2] / "schema")
    args = parser.parse_args(argv)
    path: Path = args.dir / SCHEMA_FILE
    if args.write:
        path.write_text(schema_text(), encoding="utf-8")
    elif args.check:
        if not path.exists() or path.read_text(encoding="utf-8") != schema_text():
            sys.stderr.write(f"{path} is stale; run with --write\n")
            return 1
    else:
        sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
