"""The rules as JSON text in and JSON text out, for JavaScript: the Python side of
``@coup-rules/engine`` (``clients/engine/``), which runs this package under Pyodide.

Every function takes text and returns text, so that no Python object crosses to JavaScript.
States are the library's whole-state JSON (``to_json(state)``) and pass through as they are;
every other argument is one JSON value (a seat ``2`` or ``null``, a config object, a move
object, ...) in the library's JSON forms (docs/reference/json.md).

An answer is one character and a payload: ``"="`` and the result (a state's JSON, or a JSON
value), or ``"!"`` and an error object, never a traceback::

    {"error": "illegal", "message": "...", "reason": "...", "rule": "R-ACT-3", "move": {...}}
    {"error": "invalid", "message": "...", "errors": ["... @ $.target", ...]}

``"illegal"`` is an ``IllegalMoveError`` (``move`` is the move as JSON, or ``null`` when it
was no move at all); ``"invalid"`` is input the library refuses before the rules are asked
(malformed JSON, a wrong type, an impossible deal, a seat that does not exist), with the
library's own message; ``errors`` holds ``DecodeError.errors`` (one line per problem), or the
message alone. ``"internal"`` would be a bug of the library: its message names the exception.

Decoding a whole state costs more than most moves, so the last few states this module has
decoded or made are kept by their text: a client that passes back the text it was given (the
usual way: apply, then apply to the result) decodes each state at most once.

Not imported by ``import coup_rules``: only the JavaScript package loads it.
"""

from __future__ import annotations

import json
import typing
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Literal, cast

import attrs

import coup_rules as rules
from coup_rules import (
    Allegiance,
    Character,
    Config,
    DecodeError,
    Event,
    GameState,
    IllegalMoveError,
    Move,
    Pending,
    from_json,
    to_json,
)
from coup_rules.log import EMPTY_LOG
from coup_rules.serde import MAX_DEPTH, StatePayload, converter, nesting_depth

__all__ = [
    "apply",
    "describe_event",
    "describe_move",
    "describe_pending",
    "format_move",
    "legal_moves",
    "narrate",
    "narrate_events",
    "new_game",
    "parse_move",
    "to_act",
    "view",
]

CACHED_STATES = 64
"""How many decoded states are kept by their text."""

DEAL_KEYS = ("hands", "court", "coins", "allegiances")
"""The fixed-deal members of ``new_game``'s setup, as ``coup_rules.new_game`` names them."""

MOVES: tuple[type, ...] = typing.get_args(Move)
"""Every move class: an ``IllegalMoveError``'s ``move`` is one, or anything a caller passed."""

_CARDS = {c.name.lower(): c for c in Character}
_SIDES = {a.name.lower(): a for a in Allegiance}


class _Refused(ValueError):
    """Input refused by this module itself, before the library is asked."""


class _Known:
    """A state this module has decoded or made: its text, and its log's events as the text
    writes them (``e1, e2, ...``, between the brackets), to extend when a move appends to it."""

    __slots__ = ("events", "state", "text")

    def __init__(self, state: GameState, text: str, events: str) -> None:
        self.state = state
        self.text = text
        self.events = events


def _events_text(events: typing.Iterable[Event]) -> str:
    return ", ".join(json.dumps(converter().unstructure(e)) for e in events)


def _encode(state: GameState, before: _Known | None) -> tuple[str, str]:
    """``to_json(state)`` and its log's events, encoding only the events ``state`` appended to
    ``before``'s log (a move only appends to the log): a long game's log is not re-encoded at
    every move."""
    rest = StatePayload(
        **{f.name: getattr(state, f.name) for f in attrs.fields(StatePayload) if f.name != "log"},
        log=EMPTY_LOG,
    )
    data = converter().unstructure(rest)
    keys = list(data)
    at = keys.index("log")
    shared = 0 if before is None else len(before.state.log)
    new = _events_text(state.log[shared:])
    old = "" if before is None else before.events
    events = new if not old else old if not new else f"{old}, {new}"
    head = json.dumps({k: data[k] for k in keys[:at]})[:-1]
    tail = json.dumps({k: data[k] for k in keys[at + 1 :]})[1:]
    return f'{head}, "log": [{events}], {tail}', events


class _States:
    """The last few states decoded or made, by their JSON text (most recent last)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._by_text: OrderedDict[str, _Known] = OrderedDict()

    def known(self, text: object) -> _Known:
        if not isinstance(text, str):
            raise _Refused(f"a state must be given as its JSON text, not {_kind(text)}")
        known = self._by_text.get(text)
        if known is None:
            state = from_json(text, GameState)
            known = _Known(state, text, _events_text(state.log))
        self._keep(known)
        return known

    def decode(self, text: object) -> GameState:
        return self.known(text).state

    def encode(self, state: GameState, before: _Known | None = None) -> str:
        text, events = _encode(state, before)
        self._keep(_Known(state, text, events))
        return text

    def _keep(self, known: _Known) -> None:
        self._by_text[known.text] = known
        self._by_text.move_to_end(known.text)
        while len(self._by_text) > self._size:
            self._by_text.popitem(last=False)


_STATES = _States(CACHED_STATES)


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _value(text: object, what: str) -> Any:
    """One small JSON argument (a seat, a config, a setup)."""
    if not isinstance(text, str):
        raise _Refused(f"{what} must be given as JSON text, not {_kind(text)}")
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise _Refused(f"{what} is nested {depth} deep, more than {MAX_DEPTH}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _Refused(f"{what} is malformed JSON ({exc})") from None


def _seat_or_none(text: object, what: str = "the seat") -> int | None:
    seat = _value(text, what)
    if seat is not None and (type(seat) is not int):
        raise _Refused(f"{what} must be an integer or null, not {json.dumps(seat)}")
    return seat


def _config(text: object) -> Config | None:
    if text is None or text == "null":
        return None
    if not isinstance(text, str):
        raise _Refused(f"the config must be given as JSON text, not {_kind(text)}")
    return from_json(text, Config)


def _names(value: Any, table: dict[str, Any], path: str, what: str) -> Any:
    if isinstance(value, list):
        return [_names(item, table, f"{path}[{i}]", what) for i, item in enumerate(value)]
    if not isinstance(value, str) or value not in table:
        raise _Refused(f"{path} must be {what} ({', '.join(table)}), not {json.dumps(value)}")
    return table[value]


def _setup(text: object) -> dict[str, Any]:
    """``new_game``'s keywords from ``{"seed": N}`` or a deal (``{"hands": ..., "court": ...,
    "coins": ..., "allegiances": ...}``); ``{}`` or ``null`` draws a fresh seed."""
    setup = _value(text, "the setup")
    if setup is None:
        return {}
    if not isinstance(setup, dict):
        raise _Refused(f"the setup must be an object, not {json.dumps(setup)}")
    unknown = sorted(set(setup) - {"seed", *DEAL_KEYS})
    if unknown:
        raise _Refused(f"the setup has unknown members {unknown}: expected seed or {DEAL_KEYS}")
    kwargs: dict[str, Any] = {k: v for k, v in setup.items() if v is not None}
    for key, table, what in (
        ("hands", _CARDS, "a list of card lists"),
        ("court", _CARDS, "a list of cards"),
        ("allegiances", _SIDES, "a list of allegiances"),
    ):
        if key in kwargs:
            if not isinstance(kwargs[key], list):
                raise _Refused(f"setup.{key} must be {what}, not {json.dumps(kwargs[key])}")
            kwargs[key] = _names(kwargs[key], table, f"setup.{key}", what)
    return kwargs


def _error(exc: Exception) -> dict[str, Any]:
    if isinstance(exc, IllegalMoveError):
        move = exc.move
        encoded = json.loads(to_json(move)) if isinstance(move, MOVES) else None
        return {
            "error": "illegal",
            "message": str(exc),
            "reason": exc.reason,
            "rule": exc.rule,
            "move": encoded,
        }
    if isinstance(exc, DecodeError):
        return {"error": "invalid", "message": str(exc), "errors": list(exc.errors)}
    if isinstance(exc, ValueError | TypeError):
        return {"error": "invalid", "message": str(exc), "errors": [str(exc)]}
    return {"error": "internal", "message": f"{type(exc).__name__}: {exc}", "errors": []}


def _answer(body: Callable[[], str]) -> str:
    try:
        return "=" + body()
    except Exception as exc:  # every refusal crosses as data, never as a traceback
        return "!" + json.dumps(_error(exc))


def _json_list(items: Any) -> str:
    return json.dumps(list(items))


# --- the functions JavaScript calls ---------------------------------------------------------


def new_game(config: str | None, setup: str | None) -> str:
    """A new game's state: ``config`` a Config object (``null``: the default), ``setup``
    ``{"seed": N}``, a fixed deal, or ``null`` (a fresh seed)."""
    return _answer(lambda: _STATES.encode(rules.new_game(_config(config), **_setup(setup))))


def legal_moves(state: str, seat: str) -> str:
    """The seat's legal moves, a JSON array of moves, in the library's order."""
    return _answer(
        lambda: to_json(
            rules.legal_moves(_STATES.decode(state), cast(int, _value(seat, "the seat")))
        )
    )


def to_act(state: str) -> str:
    """The seats with a legal move now, a JSON array, ascending."""
    return _answer(lambda: _json_list(rules.to_act(_STATES.decode(state))))


def apply(state: str, move: str) -> str:
    """The state after ``move``; an illegal move is refused with its reason and rule."""

    def body() -> str:
        before = _STATES.known(state)
        return _STATES.encode(rules.apply(before.state, from_json(_str(move), Move)), before)

    return _answer(body)


def view(state: str, seat: str, since: str = "0") -> str:
    """What ``seat`` (``null``: a spectator) may know, a PlayerView object; its log from event
    ``since`` on."""

    def body() -> str:
        game = _STATES.decode(state)
        return to_json(rules.view(game, _seat_or_none(seat), since=_value(since, "since")))

    return _answer(body)


def narrate(state: str, seat: str, since: str = "0") -> str:
    """The game's log from event ``since`` on, as ``seat`` (``null``: a spectator) may hear it:
    a JSON array of sentences, the seat spoken to as "you"."""

    def body() -> str:
        game = _STATES.decode(state)
        you = _seat_or_none(seat)
        log = rules.view(game, you, since=_value(since, "since")).log
        return _json_list(rules.narrate_log(log, game.config, you=you))

    return _answer(body)


def narrate_events(events: str, config: str | None, you: str = "null") -> str:
    """Sentences for a list of events (a view's log, or a record's): a JSON array."""

    def body() -> str:
        log = from_json(_str(events), list[Event])
        return _json_list(rules.narrate_log(log, _config(config), you=_seat_or_none(you, "you")))

    return _answer(body)


def describe_event(event: str, config: str | None, you: str = "null") -> str:
    """One event's sentence, a JSON string."""

    def body() -> str:
        decoded = from_json(_str(event), Event)
        return json.dumps(
            rules.describe_event(decoded, _config(config), you=_seat_or_none(you, "you"))
        )

    return _answer(body)


def describe_move(move: str, config: str | None, style: str = '"menu"') -> str:
    """A move's words, as a menu (``"menu"``) or a button (``"button"``) shows it: a JSON
    string."""

    def body() -> str:
        chosen = _value(style, "the style")
        if chosen not in ("menu", "button"):
            raise _Refused(f'the style must be "menu" or "button", not {json.dumps(chosen)}')
        words = rules.describe_move(
            from_json(_str(move), Move),
            _config(config),
            style=cast(Literal["menu", "button"], chosen),
        )
        return json.dumps(words)

    return _answer(body)


def describe_pending(pending: str, config: str | None, you: str = "null") -> str:
    """The pending decision's sentence (``view.pending``), a JSON string."""

    def body() -> str:
        decoded = from_json(_str(pending), Pending)
        return json.dumps(
            rules.describe_pending(decoded, _config(config), you=_seat_or_none(you, "you"))
        )

    return _answer(body)


def format_move(move: str) -> str:
    """A move in the compact text notation (``"p1 block captain"``), a JSON string."""
    return _answer(lambda: json.dumps(rules.format_move(from_json(_str(move), Move))))


def parse_move(text: str, state: str | None = None) -> str:
    """A move read from the text notation, a move object; with a state, its seats must be at
    that table and its cards in that game's deck."""

    def body() -> str:
        words = _value(text, "the move's text")
        if not isinstance(words, str):
            raise _Refused(f"a move's text must be a string, not {json.dumps(words)}")
        game = None if state is None else _STATES.decode(state)
        return to_json(rules.parse_move(words, game))

    return _answer(body)


def _str(text: object) -> str:
    if not isinstance(text, str):
        raise _Refused(f"expected JSON text, not {_kind(text)}")
    return text
