"""JSON for configs, states, views, moves and events: ``to_json`` and ``from_json``.

One cattrs converter, configured on first use (``converter()``), does all the work. The JSON is
plain: enums are their lower-case names (``"duke"``, ``"loyalist"``; pools, decisions and stages
by their values), moves and events are objects tagged by a ``"type"`` field in snake case
(``{"type": "steal", "player": 0, "target": 2}``), tuples are arrays, and ``GameState`` and
``PlayerView`` payloads carry ``"schema_version"``. Decoding is strict: exact JSON types
(``true`` is not an integer), no unknown fields, seats from 0 to 9, an event's ``count`` that
agrees with its cards, arrays and objects nested ``MAX_DEPTH`` deep at most (whatever the
interpreter's recursion limit), a decoded ``GameState`` must hold a whole log (no event redacted
as a view shows it) and pass ``validate_state`` and ``validate_log``, and a decoded
``PlayerView`` ``validate_view``. A sample of ``sample_state`` carries its viewer's log, redacted:
its JSON decodes through the explicit door ``from_json(text, GameState, redacted_log=True)``
(``tests/test_determinize.py``).
Anything else raises ``DecodeError``, whose message names the offending field by its JSON path.
"""

from __future__ import annotations

import enum
import functools
import itertools
import json
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, overload

import attrs
from cattrs import BaseValidationError, IterableValidationError, transform_error
from cattrs.errors import ForbiddenExtraKeysError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.preconf.json import JsonConverter, make_converter

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.constants import MAX_SEAT
from coup_rules.decisions import Decision, Pending, Stage
from coup_rules.events import CardsDrawn, CardsReturned, Dealt, Event, Pool, miscounted
from coup_rules.log import Log
from coup_rules.moves import ActionMove, Move
from coup_rules.state import GameState, PlayerState
from coup_rules.validate import validate_log, validate_state, validate_view
from coup_rules.views import PlayerView, SeatView, may_see, redact

__all__ = [
    "MAX_DEPTH",
    "SCHEMA_VERSION",
    "DecodeError",
    "converter",
    "from_json",
    "tag_of",
    "to_json",
]

T = TypeVar("T")

SCHEMA_VERSION = 2
"""The version of the ``GameState`` and ``PlayerView`` JSON layout; bumped on a breaking change.

Version 2 (Core 2.0): ``pending`` is one of the typed decisions, tagged by ``"kind"``.
"""

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects ``from_json`` reads; deeper text is malformed.

The deepest payload this library writes (a list of states, a state's log, an event, its action)
nests a handful of levels. The limit is the decoder's own, counted before the text is parsed, so
it does not depend on the interpreter's recursion limit (which a tool like mypy raises)."""

SEAT_FIELDS = frozenset(
    {
        "player",
        "target",
        "seat",
        "challenged",
        "to",
        "witness",
        "active",
        "winner",
        "challenger",
        "first_player",
        "source",
        "dest",
        "waiting",
        "to_act",
    }
)
"""Field names that hold a seat (or seats) wherever they appear."""


@attrs.frozen
class StatePayload:
    """The JSON layout of a ``GameState``: its public fields, the secret ones included."""

    config: Config
    players: tuple[PlayerState, ...]
    treasury: int
    reserve: int
    court: tuple[Character, ...]
    aside: tuple[Character, ...]
    active: int
    turn: int
    winner: int | None
    pending: Pending | None
    log: Log
    seed: int
    draws: int = 0
    shown: Character | None = None


VERSIONED: tuple[type, ...] = (StatePayload, PlayerView)
COUNTED: tuple[type, ...] = (Dealt, CardsDrawn, CardsReturned)
"""The events whose ``count`` must agree with their ``cards`` (``events.miscounted``)."""
"""The classes whose payloads carry ``"schema_version"``."""


class DecodeError(ValueError):
    """Malformed or invalid JSON input; the message names the offending field.

    Attributes:
        errors: one line per problem found, each ending in ``@`` and the JSON path of the field
            (``$`` is the whole payload), e.g. ``"expected a seat from 0 to 9, not 12 @
            $.target"``.
    """

    def __init__(self, errors: list[str]) -> None:
        self.errors: tuple[str, ...] = tuple(errors)
        super().__init__("; ".join(self.errors))


class _Invalid(ValueError):
    """A decoding problem with a message meant for the user."""


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


MOVE_TYPES: tuple[type, ...] = typing.get_args(Move)
ACTION_TYPES: tuple[type, ...] = typing.get_args(ActionMove)
EVENT_TYPES: tuple[type, ...] = typing.get_args(Event)
PENDING_TYPES: tuple[type, ...] = typing.get_args(Pending)
TAGS: Mapping[type, str] = types.MappingProxyType(
    {cls: _snake(cls.__name__) for cls in (*MOVE_TYPES, *EVENT_TYPES)}
)
"""The ``"type"`` tag of every move and event class."""
KINDS: Mapping[type, str] = types.MappingProxyType(
    {cls: str(cls.kind) for cls in typing.get_args(Pending)}
)
"""The ``"kind"`` tag of every decision class."""

UNIONS: Mapping[Any, tuple[type, ...]] = types.MappingProxyType(
    {Move: MOVE_TYPES, ActionMove: ACTION_TYPES, Event: EVENT_TYPES, Pending: PENDING_TYPES}
)
PLAIN: tuple[type, ...] = (Config, PlayerState, StatePayload, SeatView, PlayerView)
"""The untagged attrs classes that ``to_json`` and ``from_json`` handle, inner ones first."""

ENCODABLE: tuple[type, ...] = (Config, PlayerState, GameState, SeatView, PlayerView)
"""The untagged classes that ``to_json`` and ``from_json`` take."""

NAMED_ENUMS: tuple[type[enum.Enum], ...] = (Character, Allegiance)
"""Enums written as their lower-case names."""
VALUED_ENUMS: tuple[type[enum.Enum], ...] = (Pool, Decision, Stage)
"""Enums written as their (lower-case) values."""


def tag_of(cls: type) -> str:
    """The JSON ``"type"`` tag of a move or event class: ``ForeignAid`` -> ``"foreign_aid"``."""
    return TAGS[cls]


def _tag(cls: type) -> tuple[str, str] | None:
    """The tag field and value of a tagged class: ``("type", ...)`` or ``("kind", ...)``."""
    if cls in TAGS:
        return "type", TAGS[cls]
    if cls in KINDS:
        return "kind", KINDS[cls]
    return None


# --- primitive hooks --------------------------------------------------------------------------


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = repr(value)
        return text if len(text) <= 24 else "a number"
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _int(value: Any, _: Any = None) -> int:
    if type(value) is not int:
        raise _Invalid(f"expected an integer, not {_describe(value)}")
    return value


def _bool(value: Any, _: Any = None) -> bool:
    if type(value) is not bool:
        raise _Invalid(f"expected true or false, not {_describe(value)}")
    return value


def _seat(value: Any, _: Any = None) -> int:
    if type(value) is not int or not 0 <= value <= MAX_SEAT:
        raise _Invalid(f"expected a seat from 0 to {MAX_SEAT}, not {_describe(value)}")
    return value


def _optional_seat(value: Any, _: Any = None) -> int | None:
    return None if value is None else _seat(value)


def _seat_or_pool(value: Any, _: Any = None) -> int | Pool:
    if isinstance(value, str):
        for pool in Pool:
            if pool.value == value:
                return pool
    elif type(value) is int:
        return _seat(value)
    raise _Invalid(f'expected a seat or "treasury" or "reserve", not {_describe(value)}')


def _enum_hooks(
    cls: type[enum.Enum], by_name: bool
) -> tuple[Callable[[Any], str], Callable[[Any, Any], Any]]:
    def text(member: enum.Enum) -> str:
        return member.name.lower() if by_name else str(member.value)

    table = {text(member): member for member in cls}
    names = ", ".join(f'"{t}"' for t in table)

    def structure(value: Any, _: Any) -> Any:
        if isinstance(value, str) and value in table:
            return table[value]
        raise _Invalid(f"expected one of {names}, not {_describe(value)}")

    return text, structure


# --- containers -------------------------------------------------------------------------------


def _list_of(value: Any, hook: Callable[[Any, Any], Any], elem: Any, tup: Any) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise _Invalid(f"expected an array, not {_describe(value)}")
    out: list[Any] = []
    errors: list[Exception] = []
    for i, item in enumerate(value):
        try:
            out.append(hook(item, elem))
        except Exception as exc:
            exc.__notes__ = [
                *getattr(exc, "__notes__", []),
                IterableValidationNote(f"Structuring {tup} @ index {i}", i, elem),
            ]
            errors.append(exc)
    if errors:
        raise IterableValidationError(f"While structuring {tup!r}", errors, tup)
    return tuple(out)


def _is_tuple(t: Any) -> bool:
    args = typing.get_args(t)
    return typing.get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_list(t: Any) -> bool:
    return typing.get_origin(t) is list and len(typing.get_args(t)) == 1


def _union_args(t: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(t) in (typing.Union, types.UnionType):
        return typing.get_args(t)
    return None


def _is_union(t: Any) -> bool:
    return _union_args(t) is not None


def _seats(value: Any, _: Any = None) -> tuple[int, ...]:
    return _list_of(value, _seat, int, tuple[int, ...])


# --- the converter ----------------------------------------------------------------------------


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Invalid(f"expected an object, not {_describe(value)}")
    return value


def _seat_override(hint: Any) -> Any:
    if hint is int:
        return override(struct_hook=_seat)
    if hint == (int | None):
        return override(struct_hook=_optional_seat)
    if hint == tuple[int, ...]:
        return override(struct_hook=_seats)
    if hint == (int | Pool):
        return override(struct_hook=_seat_or_pool)
    return None


def _overrides(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    out: dict[str, Any] = {}
    for field in attrs.fields(cls):
        if field.name in SEAT_FIELDS:
            hook = _seat_override(hints[field.name])
            if hook is not None:
                out[field.name] = hook
    return out


def _register_class(conv: JsonConverter, cls: type) -> None:
    attrs.resolve_types(cls)
    base: Callable[[Any, Any], Any] = make_dict_structure_fn(
        cls, conv, _cattrs_forbid_extra_keys=True, **_overrides(cls)
    )
    unbase: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cls, conv)
    tagged = _tag(cls)
    versioned = cls in VERSIONED
    counted = cls in COUNTED

    def structure(value: Any, _: Any) -> Any:
        data = dict(_object(value))
        if tagged is not None:
            name, tag = tagged
            found = data.pop(name, None)
            if found != tag:
                raise _Invalid(f'expected "{name}": "{tag}", not {_describe(found)}')
        if versioned:
            if "schema_version" not in data:
                raise _Invalid('"schema_version" is missing')
            version = data.pop("schema_version")
            if type(version) is not int or version != SCHEMA_VERSION:
                raise _Invalid(
                    f"unsupported schema_version {_describe(version)}: this library reads "
                    f"version {SCHEMA_VERSION} only"
                )
        obj = base(data, cls)
        if counted:
            problem = miscounted(obj)
            if problem is not None:
                raise _Invalid(f'a "{TAGS[cls]}" event: {problem}')
        return obj

    def unstructure(obj: Any) -> dict[str, Any]:
        head: dict[str, Any] = {}
        if tagged is not None:
            head[tagged[0]] = tagged[1]
        if versioned:
            head["schema_version"] = SCHEMA_VERSION
        return {**head, **unbase(obj)}

    conv.register_structure_hook(cls, structure)
    conv.register_unstructure_hook(cls, unstructure)


def _tagged_union_hook(conv: JsonConverter) -> Callable[[Any, Any], Any]:
    def structure(value: Any, t: Any) -> Any:
        args = _union_args(t) or ()
        if value is None and type(None) in args:
            return None
        data = _object(value)
        tags = [t for t in map(_tag, args) if t is not None]
        name = tags[0][0] if tags else "type"
        by_tag = {t[1]: a for a, t in zip(args, map(_tag, args), strict=True) if t is not None}
        tag = data.get(name)
        if not isinstance(tag, str) or tag not in by_tag:
            raise _Invalid(f'unknown or missing "{name}" tag: {_describe(tag)}')
        return conv.structure(data, by_tag[tag])

    return structure


def _union_hook(conv: JsonConverter) -> Callable[[Any, Any], Any]:
    tagged = _tagged_union_hook(conv)

    def structure(value: Any, t: Any) -> Any:
        args = _union_args(t) or ()
        rest = [a for a in args if a is not type(None)]
        if all(_tag(a) is not None for a in rest):
            return tagged(value, t)
        if len(rest) == 1:
            return None if value is None else conv.structure(value, rest[0])
        raise _Invalid(f"no decoder for {t}")

    return structure


def _make() -> JsonConverter:
    conv = make_converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _int)
    conv.register_structure_hook(bool, _bool)
    for cls in NAMED_ENUMS + VALUED_ENUMS:
        text, structure = _enum_hooks(cls, by_name=cls in NAMED_ENUMS)
        conv.register_unstructure_hook(cls, text)
        conv.register_structure_hook(cls, structure)
    conv.register_structure_hook_func(
        _is_tuple,
        lambda v, t: _list_of(v, conv.structure, typing.get_args(t)[0], t),
    )
    conv.register_structure_hook_func(
        _is_list,
        lambda v, t: list(_list_of(v, conv.structure, typing.get_args(t)[0], t)),
    )
    conv.register_structure_hook_func(_is_union, _union_hook(conv))
    conv.register_unstructure_hook(Log, lambda log: [conv.unstructure(e) for e in log])
    conv.register_structure_hook(
        Log, lambda v, _: Log.of(_list_of(v, conv.structure, Event, tuple[Event, ...]))
    )
    conv.register_unstructure_hook_func(_is_union, lambda obj: conv.unstructure(obj, type(obj)))
    # Inner classes first: a generated hook binds the hooks of its fields' types when made.
    for cls in (*MOVE_TYPES, *EVENT_TYPES, *PENDING_TYPES, *PLAIN):
        _register_class(conv, cls)
    conv.register_unstructure_hook(GameState, lambda s: conv.unstructure(_payload(s)))
    conv.register_structure_hook(GameState, lambda v, _: _state(conv.structure(v, StatePayload)))
    return conv


def _payload(state: GameState) -> StatePayload:
    return StatePayload(**{f.name: getattr(state, f.name) for f in attrs.fields(StatePayload)})


def _state(payload: StatePayload) -> GameState:
    return GameState(**{f.name: getattr(payload, f.name) for f in attrs.fields(StatePayload)})


@functools.cache
def converter() -> JsonConverter:
    """The one converter behind ``to_json`` and ``from_json``: built on the first call (about a
    third of the package's import, which only JSON users need), the same object after that, and
    never changed."""
    return _make()


# --- public functions -------------------------------------------------------------------------


def _encodable(obj: Any) -> bool:
    kind = type(obj)
    if kind is list or kind is tuple:
        return all(_encodable(item) for item in obj)
    return kind is Log or kind in TAGS or kind in KINDS or kind in ENCODABLE


def _unstructure(obj: Any) -> Any:
    if type(obj) is list or type(obj) is tuple:
        return [_unstructure(item) for item in obj]
    return converter().unstructure(obj)


def to_json(obj: Any) -> str:
    """``obj`` as JSON text.

    Args:
        obj: a ``Config``, ``GameState``, ``PlayerView``, move or event (or a ``PlayerState``,
            ``Pending`` or ``SeatView``), or a list or tuple of them (a JSON array), such as
            ``legal_moves(state, seat)`` or ``view(state, seat).log``; ``state.log`` too.

    Raises:
        TypeError: ``obj`` is none of these; the message names the first value that is not.
    """
    if not _encodable(obj):
        raise TypeError(f"to_json cannot encode {_first_unencodable(obj)}")
    return json.dumps(_unstructure(obj))


def _first_unencodable(obj: Any) -> str:
    if type(obj) is list or type(obj) is tuple:
        for i, item in enumerate(obj):
            if not _encodable(item):
                return f"{_first_unencodable(item)} (item {i} of a {type(obj).__name__})"
    return type(obj).__name__


def _format(exc: BaseException, t: type | None) -> str:
    if isinstance(exc, _Invalid):
        return str(exc)
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown fields ({', '.join(sorted(exc.extra_fields))})"
    if isinstance(exc, ValueError) and exc.args:
        return str(exc)
    return f"invalid value ({type(exc).__name__}: {exc})"


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"the name {key!r} appears twice in one object")
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_DECODE_ERRORS = (
    BaseValidationError,
    ValueError,
    TypeError,
    KeyError,
    AttributeError,
    IndexError,
    RecursionError,
)


@overload
def from_json(text: str | bytes, cls: type[T], *, redacted_log: bool = False) -> T: ...


@overload
def from_json(text: str | bytes, cls: object, *, redacted_log: bool = False) -> Any: ...


def from_json(text: str | bytes, cls: Any, *, redacted_log: bool = False) -> Any:
    """Decode JSON text into ``cls``, validating it.

    Args:
        text: the JSON text.
        cls: ``Config``, ``GameState``, ``PlayerView``, any move or event class, or the unions
            ``Move``, ``ActionMove`` and ``Event`` (decoded by the ``"type"`` tag); or
            ``list[X]`` or ``tuple[X, ...]`` of any of these, for a JSON array
            (``from_json(text, list[Move])``).
        redacted_log: accept a ``GameState`` whose log holds events redacted as a view shows
            them (another seat's cards ``null``): a sample of ``sample_state``, which carries its
            viewer's log. By default such a state is refused, since a game's own state names
            every card in its log.

    Raises:
        DecodeError: malformed JSON, wrong types, unknown fields or tags, seats out of range, an
            unsupported ``schema_version``, an event whose ``count`` disagrees with its cards,
            a ``GameState`` that breaks an invariant or whose log does not lead to it (or, unless
            ``redacted_log``, whose log holds a redacted event), or a
            ``PlayerView`` that no game could show its seat (``validate_view``). The
            message names the offending field; no half-built object is ever returned.
        TypeError: ``cls`` is not a class this function decodes.
    """
    if not _decodable(cls):
        raise TypeError(f"from_json cannot decode {cls!r}")
    if not isinstance(text, str | bytes | bytearray):
        raise DecodeError([f"expected JSON text, not {type(text).__name__} @ $"])
    try:
        if not isinstance(text, str):
            text = text.decode(json.detect_encoding(text), "surrogatepass")  # as json.loads does
        depth = nesting_depth(text)
        if depth > MAX_DEPTH:
            raise ValueError(f"arrays and objects nested {depth} deep, more than {MAX_DEPTH}")
        data = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:  # a UnicodeDecodeError is a ValueError
        raise DecodeError([f"malformed JSON ({exc}) @ $"]) from None
    try:
        obj = converter().structure(data, cls)
    except _DECODE_ERRORS as exc:
        raise DecodeError(transform_error(exc, "$", _format)) from None
    _validate_states(obj, "$", redacted_log)
    return obj


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
"""A JSON string (its brackets are text, not nesting)."""
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deep ``text``'s arrays and objects nest (0 for a bare number or string), counted in C
    (regular expressions, ``accumulate``) so that a deep or long text costs no Python recursion.

    Brackets inside strings do not count; on malformed text the figure is only an estimate, and
    the parser refuses the text anyway."""
    brackets = _NOT_A_BRACKET.sub("", _STRING.sub("", text))
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _sequence_of(cls: Any) -> Any | None:
    """The item type of ``list[X]`` or ``tuple[X, ...]``; ``None`` for anything else."""
    args = typing.get_args(cls)
    if typing.get_origin(cls) is list and len(args) == 1:
        return args[0]
    if _is_tuple(cls):
        return args[0]
    return None


def _decodable(cls: Any) -> bool:
    item = _sequence_of(cls)
    if item is not None:
        return _decodable(item)
    try:
        return cls in UNIONS or cls in TAGS or cls in KINDS or cls in ENCODABLE
    except TypeError:  # an unhashable argument
        return False


def _redacted_event(log: Log) -> int | None:
    """The index of the first event of ``log`` whose private cards are hidden (``null``), as a
    view shows it to a seat that may not see them (``views.redact``); ``None`` if there is none."""
    for i, event in enumerate(log):
        if not may_see(event, None) and redact(event, None) == event:
            return i
    return None


def _refuse_redacted(state: GameState, path: str) -> None:
    where = _redacted_event(state.log)
    if where is not None:
        tag = TAGS[type(state.log[where])]
        raise DecodeError(
            [
                f"invalid state: its log is a view's, not a game's: its \"{tag}\" event hides "
                "the cards (null) as a view hides them from other seats, where a game's state "
                "names every card in its log (R-INFO-2); decode a view's JSON as a PlayerView, "
                "and a sample of sample_state with from_json(text, GameState, redacted_log=True) "
                f"@ {path}.log[{where}]"
            ]
        )


def _validate_states(obj: Any, path: str, redacted_log: bool) -> None:
    if isinstance(obj, GameState):
        if not redacted_log:
            _refuse_redacted(obj, path)
        try:
            validate_state(obj)
            validate_log(obj)
        except ValueError as exc:
            raise DecodeError([f"invalid state: {exc} @ {path}"]) from None
    elif isinstance(obj, PlayerView):
        try:
            validate_view(obj)
        except ValueError as exc:
            raise DecodeError([f"invalid view: {exc} @ {path}"]) from None
    elif isinstance(obj, list | tuple):
        for i, item in enumerate(obj):
            _validate_states(item, f"{path}[{i}]", redacted_log)
