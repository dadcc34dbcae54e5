"""JSON Schema (draft 2020-12) for moves, player views and the web server's messages, generated
from the attrs classes.

The schemas describe exactly the JSON that ``to_json`` writes and ``from_json`` accepts (minus the
checks a schema cannot express, such as a state's invariants), so a client written in another
language can validate the moves it sends and the views it receives. ``protocol.schema.json``
describes, from the classes of this module's second half (``Envelope``, ``Problem``, ...), every
JSON body the web server (``coup-rules serve``) sends, the data of its event stream and the
bodies it accepts; its ``$defs`` also hold every move, event and decision once, so the
TypeScript declarations generated from it (the npm package in ``clients/js/``) declare each
once. The checked-in copies in ``schema/`` are regenerated with::

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
from typing import Any, Literal

import attrs

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.constants import MAX_SEAT
from coup_rules.decisions import Decision, Pending, Stage
from coup_rules.events import Event, Pool
from coup_rules.moves import Move
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

__all__ = [
    "SCHEMA_FILES",
    "ErrorCode",
    "move_schema",
    "protocol_schema",
    "schemas",
    "view_schema",
]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE_URI = "https://coup-rules.github.io/coup_rules/schema/"

_ENUMS: tuple[type[enum.Enum], ...] = (Character, Allegiance, Pool, Decision, Stage)

_UNIONS: dict[frozenset[Any], tuple[str, str]] = {
    frozenset(typing.get_args(Move)): ("Move", 'Any move, told apart by its "type" tag.'),
    frozenset(typing.get_args(Event)): (
        "Event",
        'Any event of the log, told apart by its "type" tag.',
    ),
    frozenset(typing.get_args(Pending)): (
        "Pending",
        'The decision a game waits on, told apart by its "kind" tag.',
    ),
}
"""The library's closed unions, each one named ``$def`` (and so one named TypeScript type)."""

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
            named = _UNIONS.get(frozenset(members))
            if named is None:
                return {"oneOf": [self.cls(m) for m in members]}
            name, description = named
            if name not in self.defs:
                self.defs[name] = {}  # placeholder against recursion
                self.defs[name] = {
                    "description": description,
                    "oneOf": [self.cls(m) for m in members],
                }
            return _ref(name)
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
        if origin is dict:
            value = typing.get_args(hint)[1]
            return {"type": "object", "additionalProperties": self.hint(value, seat)}
        if origin is Literal:
            values = list(typing.get_args(hint))
            return {"const": values[0]} if len(values) == 1 else {"enum": values}
        if hint is bool:
            return {"type": "boolean"}
        if hint is str:
            return {"type": "string"}
        if hint is float:
            return {"type": "number"}
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


# --- the web server's messages ------------------------------------------------------------------
#
# The server (coup_rules.web) builds these bodies as plain dicts; the classes below say what they
# hold, so that their JSON Schema, and the TypeScript declarations of clients/js/, come from one
# place. tests/web/test_client_package.py holds a real server's answers to them.


class ErrorCode(enum.Enum):
    """The ``error`` of an error answer: a short code that says what went wrong."""

    MALFORMED = "malformed"  # 400: a body, move or config that does not decode
    DISCONNECTED = "disconnected"  # 400: the client went away before its body arrived
    UNKNOWN_HOST = "unknown_host"  # 400: a Host header this server does not answer for
    FORBIDDEN = "forbidden"  # 403: a token that does not speak for the seat
    MUTED = "muted"  # 403: the host muted this seat at the table's chat
    REVOKED = "revoked"  # 403: the host reopened the seat this token held
    CROSS_ORIGIN = "cross_origin"  # 403: a change asked by a page of another site
    NOT_FOUND = "not_found"  # 404: no such game, or seat
    TIMEOUT = "timeout"  # 408: the request did not arrive in time
    STALE = "stale"  # 409: the decision the move answers is no longer pending for its seat
    NOT_STARTED = "not_started"  # 409: a move before every seat is taken
    SEATING = "seating"  # 409: the seats cannot change so (or changed meanwhile)
    SEAT_HELD = "seat_held"  # 409: this browser already holds a seat of this game
    FULL = "full"  # 409: a room code claimed a seat, but no person's seat is open
    IN_PLAY = "in_play"  # 409: a game's record asked for before the game is over
    INVITE_SPENT = "invite_spent"  # 410: the invite has claimed its seat, or was withdrawn
    TOO_LARGE = "too_large"  # 413: the body is too large
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"  # 415: a change not sent as JSON
    ILLEGAL = "illegal"  # 422: the rules forbid the move (with reason and rule)
    TOO_MANY_GAMES = "too_many_games"  # 429: new games too fast from one address
    TOO_MANY_LIVE_GAMES = "too_many_live_games"  # 429: too many unfinished games of one address
    TOO_MANY_STREAMS = "too_many_streams"  # 429: too many event streams of one link or address
    TOO_MANY_CODES = "too_many_codes"  # 429: room codes looked up too fast from one address
    TOO_FAST = "too_fast"  # 429: chat lines too fast from one seat
    BUSY = "busy"  # 503: the server is at one of its limits (with Retry-After)
    UNAVAILABLE = "unavailable"  # 503: the database does not answer just now (with Retry-After)


@attrs.frozen
class Problem:
    """An error answer: ``error`` a short code, ``detail`` a sentence for a person.

    Attributes:
        error: what went wrong (``ErrorCode``).
        detail: what went wrong, and what to do about it, in words.
        version: for ``stale``, ``not_started`` and ``in_play``, the game's version now.
        reason: for ``illegal``, the engine's reason.
        rule: for ``illegal``, the id of the rule that forbids the move (docs/spec).
    """

    error: ErrorCode
    detail: str
    version: int = 0
    reason: str = ""
    rule: str = ""


@attrs.frozen
class Revoked:
    """The event stream's ``revoked`` event: the host gave this seat to someone else."""

    error: Literal["revoked"]
    detail: str


@attrs.frozen
class PublicSeat:
    """One seat as everyone may know it.

    Attributes:
        name: the name its player gave; ``null`` while nobody has claimed it, and for a bot.
        bot: whether a bot plays it (never which bot).
        open: whether nobody has claimed it yet.
        connected: whether its player has the table open (always, for a bot).
        claims: its standing claims this game, from the public log.
        removed: for a seat the host reopened after someone claimed it, the names of those
            removed, in order.
    """

    name: str | None
    bot: bool
    open: bool
    connected: bool
    claims: tuple[Character, ...]
    removed: tuple[str, ...] = ()


@attrs.frozen
class Timeout:
    """A move the table made for a seat out of time: its version, and the seat."""

    version: int
    seat: int


@attrs.frozen
class TableInfo:
    """The table's public facts, the same for every client.

    Attributes:
        seats: every seat, as everyone may know it.
        started: whether every seat is taken (moves count only then).
        time_limit: the seconds per decision, or ``null``.
        time_left: what is left of it for the pending decision, or ``null``.
        timeouts: the moves the table made for seats out of time, since the envelope's
            ``log_start``.
        rematch: whether the next game at this table exists.
        hands: once the game is over, and only then, every seat's hidden cards.
    """

    seats: tuple[PublicSeat, ...]
    started: bool
    time_limit: float | None
    time_left: float | None
    timeouts: tuple[Timeout, ...]
    rematch: bool
    hands: tuple[tuple[Character, ...], ...] = ()


@attrs.frozen
class LogLine:
    """One event of the view's log in words: its index in the whole log, its text, and whether
    it begins a turn. The text is the event's sentence, and, where an action came to nothing
    (R-INF-5), the line that says so: after the sentence of the turn's last event, or before
    the next one's when the view's log starts there."""

    index: int
    text: str
    turn: bool


@attrs.frozen
class MoveLabel:
    """One legal move of the view in words: a button's label and the move's notation."""

    label: str
    notation: str


@attrs.frozen
class Envelope:
    """What the server sends about a game: one seat's view, and the same view in words.

    Attributes:
        view: the seat's view (the spectators': ``view.seat`` is ``null``).
        version: its log length: what the next move is posted against.
        table: the table's public facts.
        pending_text: the pending decision in words.
        log_text: one ``LogLine`` per event of ``view.log``.
        move_labels: one label per entry of ``view.legal_moves``, in the same order.
    """

    view: PlayerView
    version: int
    table: TableInfo
    pending_text: str
    log_text: tuple[LogLine, ...]
    move_labels: tuple[MoveLabel, ...]


@attrs.frozen
class HostSeat:
    """A seat as the host sees it: who plays it, its name, and its invite while open.

    Attributes:
        player: ``"human"`` or the name of the bot that plays it.
        invite: the invite link (``/join/GAME#INVITE``) while the seat is open, else ``null``:
            a claim (``Claim.invite``) takes it as it is.
        muted: whether the host muted the seat at the table's chat.
    """

    seat: int
    player: str
    name: str | None
    open: bool
    connected: bool
    invite: str | None
    muted: bool


@attrs.frozen
class OwnSeat:
    """A seat's token, and the link that plays it (``/play/GAME/SEAT#TOKEN``)."""

    seat: int
    token: str
    link: str


@attrs.frozen
class SpectatorLink:
    """The spectators' token, and the link that watches the game (``/watch/GAME#TOKEN``)."""

    token: str
    link: str


@attrs.frozen
class Room:
    """The table beside the game (the stream's ``room`` event, and the host's links).

    Attributes:
        code: the table's room code (6 letters, kept by a rematch), or ``null``.
        listed: whether the host lists the table as open in the lobby.
        auto_rematch: whether a rematch seats everyone at once.
        muted: the seats the host muted at the chat.
        rematch: the id of the next game at the table, once someone made it.
    """

    code: str | None
    listed: bool
    auto_rematch: bool
    muted: tuple[int, ...]
    rematch: str | None


@attrs.frozen
class HostLinks:
    """What the host may know: the seats and their invites, and the links it may hand out.

    Attributes:
        room: the table's room code and the host's choices for it.
        next_game: the host's page of the next game at the table, once someone made it.
        host: the host's page (``/host/GAME#HOST``), or ``null`` for a game made before invites.
        seat: the host's own seat, if it plays one.
    """

    game: str
    started: bool
    time_limit: float | None
    room: Room
    next_game: str | None
    seats: tuple[HostSeat, ...]
    host: str | None
    seat: OwnSeat | None
    spectator: SpectatorLink


@attrs.frozen
class CreatedGame:
    """The answer to creating a game (201): the host's links and the host's token."""

    game: str
    started: bool
    time_limit: float | None
    room: Room
    next_game: str | None
    seats: tuple[HostSeat, ...]
    host: str | None
    seat: OwnSeat | None
    spectator: SpectatorLink
    host_token: str


@attrs.frozen
class SeatLink:
    """The answer to claiming a seat or to a rematch (201): the seat's fresh token, for this
    browser only, and the link that plays it."""

    game: str
    seat: int
    token: str
    link: str


@attrs.frozen
class BotNames:
    """The names of the bots a seat may be given, the word for a person's seat, the chat's
    canned lines (their text by key) and the longest free line."""

    human: Literal["human"]
    bots: tuple[str, ...]
    canned: dict[str, str]
    max_chat: int


@attrs.frozen
class ListedSeat:
    """A seat of a table in the lobby's list: its name, whether a bot plays it, whether it is
    open, and the names of those the host removed from it."""

    name: str | None
    bot: bool
    open: bool
    removed: tuple[str, ...] = ()


@attrs.frozen
class OpenTable:
    """A table its host lists as open: its room code, game, options and seats.

    Attributes:
        free: its free seats: open seats a room code may claim (not those the host reopened,
            which take their new invite only).
    """

    code: str
    game: str
    players: int
    inquisitor: bool
    reformation: bool
    seats: tuple[ListedSeat, ...]
    free: int


@attrs.frozen
class OpenTables:
    """The lobby's list (``GET /api/rooms``): the tables listed as open with a free seat and a
    seated person active lately, newest first; a few of each client's at most."""

    tables: tuple[OpenTable, ...]


@attrs.frozen
class FoundRoom:
    """The game at the table of a room code (``GET /api/rooms/CODE``), and its free seats
    (those a room code may claim)."""

    code: str
    game: str
    started: bool
    over: bool
    free: tuple[int, ...]


@attrs.frozen
class ChatLine:
    """One line of the table's chat (the stream's ``chat`` event): its number at the table,
    the seat that said it, the name that seat had then, its text, and its canned key
    (``null``: free text)."""

    id: int
    seat: int
    name: str
    text: str
    canned: str | None


@attrs.frozen
class Said:
    """The answer to a chat line (201): the line as every page following the table gets it."""

    line: ChatLine


@attrs.frozen
class GameResult:
    """How a recorded game ended.

    Attributes:
        winner: the last player standing; ``null`` for a draw (the turn limit).
        turns: turns played.
        eliminated: the seats in the order they were eliminated.
    """

    winner: int | None
    turns: int
    eliminated: tuple[int, ...]


@attrs.frozen
class GameRecord:
    """A finished game's record (``GET .../seats/SEAT/record``, once the game is over), as
    ``coup-rules simulate --out`` writes a game: ``coup-rules replay`` checks it and the docs'
    rules playground opens it. Its seed may be larger than 2**53: keep the text as it came
    (JSON.parse rounds such a number; the playground reads it exactly).

    Attributes:
        game: the game's number in its file (0 for a table game).
        config: the game's options.
        seed: the seed of the deal and every draw (``new_game(config, seed=seed)``).
        bots: per seat, the name its person gave, or the bot's name.
        moves: every move, in the order applied.
        result: how the game ended.
        playground: the link that replays the game in the rules playground (unless the server
            names none).
    """

    game: int
    config: Config
    seed: int
    bots: tuple[str, ...]
    moves: tuple[Move, ...]
    result: GameResult
    playground: str = ""


@attrs.frozen
class StreamEvents:
    """The event stream's events (``text/event-stream``), by their ``event:`` name: the data
    of each is its JSON. ``view`` comes after every change (its ``id:`` is its version, sent
    back as ``Last-Event-ID`` on reconnecting); ``revoked`` ends the stream; ``chat`` and
    ``room`` only on a stream asked with ``?table=1``."""

    view: Envelope
    revoked: Revoked
    chat: ChatLine
    room: Room


@attrs.frozen
class NewGame:
    """The body that creates a game (``POST /api/games``); every field is optional.

    Attributes:
        config: the library's Config as JSON (its fields' defaults where left out).
        seats: who sits where: ``"human"`` or a bot's name, one per seat.
        host_seat: the seat the creator plays, if any.
        name: the creator's name, for that seat.
        time_limit: seconds per decision (10 to 3600), or ``null`` for none.
        listed: list the table as open in the lobby.
        auto_rematch: a rematch seats everyone at once.
    """

    config: Config = attrs.field(factory=Config)
    seats: tuple[str, ...] = ()
    host_seat: int | None = None
    name: str = ""
    time_limit: float | None = None
    listed: bool = False
    auto_rematch: bool = False


@attrs.frozen
class Claim:
    """The body that claims a seat: the invite as the host's links give it (its link,
    ``/join/GAME#INVITE``, or the whole URL) or the text after ``#`` in it, and a name."""

    invite: str
    name: str


@attrs.frozen
class ClaimByCode:
    """The body that claims an open seat by the table's room code (any case), and a name."""

    code: str
    name: str


@attrs.frozen
class PostedMove:
    """The body of a move: the version of the envelope whose legal moves it came from."""

    version: int
    move: Move


@attrs.frozen
class AssignSeat:
    """The host's change of a seat before the start: ``"human"`` or a bot's name."""

    player: str


@attrs.frozen
class ReopenSeat:
    """The host reopens a seat: its token is revoked and a new invite replaces it."""

    reopen: Literal[True]


@attrs.frozen
class MuteSeat:
    """The host mutes a seat at the table's chat, or lets it speak again."""

    mute: bool


@attrs.frozen
class RoomChange:
    """The host's choices for the table: listed as open in the lobby, rematch at once."""

    listed: bool
    auto_rematch: bool


@attrs.frozen
class ChatText:
    """A free line at the table's chat: 1 to 140 characters, one line."""

    text: str


@attrs.frozen
class ChatCanned:
    """A canned line at the table's chat, by its key (``BotNames.canned``)."""

    canned: str


SERVER_SENDS: tuple[type, ...] = (
    Envelope,
    Problem,
    Revoked,
    CreatedGame,
    HostLinks,
    SeatLink,
    BotNames,
    OpenTables,
    FoundRoom,
    Said,
    ChatLine,
    Room,
    GameRecord,
)
"""Every JSON body the server answers with, and the data of every event it streams."""

CLIENT_SENDS: tuple[type, ...] = (
    NewGame,
    Claim,
    ClaimByCode,
    PostedMove,
    AssignSeat,
    ReopenSeat,
    MuteSeat,
    RoomChange,
    ChatText,
    ChatCanned,
)
"""Every JSON body the server accepts."""


def protocol_schema() -> Schema:
    """The schema of whatever the web server sends (``ServerMessage``); its ``$defs`` name
    every message, every body the server accepts, and every move, event and decision."""
    b = _Builder()
    body = {"anyOf": [b.cls(cls) for cls in SERVER_SENDS]}
    for cls in (StreamEvents, *CLIENT_SENDS, *MOVE_TYPES):
        b.cls(cls)
    text = (
        "Any JSON the coup_rules web server (coup-rules serve) sends: an answer's body or the "
        "data of an event of its stream."
    )
    return _root("ServerMessage", "protocol.schema.json", text, b, body)


SCHEMA_FILES = types.MappingProxyType(
    {
        "move.schema.json": move_schema,
        "view.schema.json": view_schema,
        "protocol.schema.json": protocol_schema,
    }
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
