"""The HTTP side: a Starlette app over a ``Hub``. Every route is a few lines; the rules are in hub.

Routes (``{seat}`` is a seat number or ``spectator``; the token goes in an ``Authorization:
Bearer`` header, or in ``?token=`` where a browser cannot set headers, as for ``EventSource``):

=======================================  ====================================================
``GET  /``                               the lobby page: create a game
``GET  /play/{game}/{seat}#token``       a seat's page (the token stays in the fragment)
``GET  /watch/{game}#token``             the spectators' page
``GET  /join/{game}#invite``             an invite: give a name, claim the seat
``GET  /host/{game}#host``               the host's page: invites, seats, bots, reopening
``POST /api/games``                      create: ``{"config", "seats", "host_seat", "name",
                                         "time_limit"}`` (all optional); the host's links
``POST /api/games/{game}/claims``        ``{"invite", "name"}`` or ``{"code", "name"}``: the
                                         seat's fresh token
``GET  /api/rooms``                      the tables listed as open, with their free seats
``GET  /api/rooms/{code}``               the game at the table of a room code
``GET  /api/games/{game}/host``          the host's links (host token)
``POST .../host/seats/{seat}``           ``{"player": "human"|BOT}``, ``{"reopen": true}`` or
                                         ``{"mute": true|false}``
``POST .../host/room``                   ``{"listed": bool, "auto_rematch": bool}``
``GET  /api/games/{game}/seats/{seat}``  the seat's view (``?since=N``: events from N on)
``GET  .../seats/{seat}/events``         server-sent events: a view after every change
                                         (``?table=1``: the chat and the room too)
``POST .../seats/{seat}/moves``          ``{"version": N, "move": {...}}``
``POST .../seats/{seat}/rematch``        once over: this seat's link in the next game
``GET  .../seats/{seat}/record``         once over: the game's record (``replays.py``)
``POST .../seats/{seat}/chat``           ``{"text": ...}`` or ``{"canned": KEY}``: a line
=======================================  ====================================================

The routes are grouped by what they serve, one class each: ``Lobby`` (the pages, creating a
game, claiming a seat), ``Seat`` (a seat's view, its moves, its rematch), ``Events`` (the event
stream) and ``Host`` (the host's links and seat changes).

Status codes: 400 malformed JSON or move (with the decode error), 403 a token that does not
speak for the seat or a move for another seat (``revoked``: the host reopened the seat), 404 no
such game, 409 a move whose decision is no longer pending for its seat, or made before every
seat is taken (nothing changed), or a record asked for before the game is over (``in_play``),
410 a spent invite, 422 an illegal move (with the engine's ``reason`` and ``rule``), 503 the
database does not answer just now (``"error": "unavailable"``, with ``Retry-After``; never a
traceback).
In front of the routes, ``SecurityMiddleware`` (security.py) checks the Host, the content type
and origin of state-changing requests and adds the headers of every answer, and
``LimitsMiddleware`` (limits.py) answers 408, 413, 429 and 503 for requests beyond ``Limits``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import attrs
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from coup_rules.config import Config
from coup_rules.errors import IllegalMoveError
from coup_rules.moves import Move
from coup_rules.serde import DecodeError, from_json
from coup_rules.web.bots import BotPlayers
from coup_rules.web.chat import CANNED, CLIENT_BURST, CLIENT_REFILL, MAX_TEXT, Allowance
from coup_rules.web.hub import (
    HUMAN,
    ChatError,
    Forbidden,
    Hub,
    InviteSpent,
    Muted,
    NotFound,
    NotStarted,
    Revoked,
    SeatingError,
    SeatsChanged,
    Stale,
    Table,
    TableFull,
    TooFast,
    Unavailable,
)
from coup_rules.web.limits import (
    BadJson,
    Limits,
    LimitsMiddleware,
    client_of,
    read_json,
    token_of,
)
from coup_rules.web.records import OpenTable
from coup_rules.web.render import seat_envelope
from coup_rules.web.replays import DEFAULT_PLAYGROUND, game_record, record_json
from coup_rules.web.seating import NO_CODE, normal_code
from coup_rules.web.security import SecurityMiddleware, Site

__all__ = ["create_app"]

STATIC = Path(__file__).resolve().parent / "static"
KEEPALIVE = 15.0  # seconds between comments on an idle event stream
SEAT_PATH = "/api/games/{game}/seats/{seat}"
CODE_BURST, CODE_REFILL = 10, 6.0
"""Room codes one client may look up: 10 at once, then one every 6 s (10 a minute), so that
nobody finds a private table's code by trying them (887 million codes)."""

_PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class _Problem(Exception):
    """An HTTP error answer: status and a JSON body."""

    def __init__(self, status: int, error: str, detail: str, **more: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.body = {"error": error, "detail": detail, **more}


def _answer(problem: _Problem) -> JSONResponse:
    return JSONResponse(problem.body, status_code=problem.status)


def _json(text: str, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type="application/json")


async def _body(request: Request, limits: Limits) -> Any:
    """The JSON body (its size and time already bounded by ``LimitsMiddleware``)."""
    try:
        data = await request.body()
    except ClientDisconnect as error:  # nobody is left to answer; nothing was changed
        raise _Problem(400, "disconnected", "the client went away") from error
    try:
        return read_json(data, limits)
    except BadJson as error:
        raise _Problem(400, "malformed", str(error)) from error


def _token(request: Request) -> str | None:
    return token_of(request.scope)  # the one the stream limits count, too


_GAME_ID = re.compile(r"[0-9a-f]{1,64}")


def _game_param(request: Request) -> str:
    """The game id of the request's path.

    Raises:
        _Problem: 404, it cannot be a game's id (``undefined``, say: a client lost it), saying
            where an id is found.
    """
    game: str = request.path_params["game"]
    if _GAME_ID.fullmatch(game) is None:
        raise _Problem(
            404,
            "not_found",
            f"no game {game[:40]!r}: a game's id is the letters and digits 0-9 and a-f after "
            "/join/, /play/ or /host/ in its links (or the game of GET /api/rooms/CODE)",
        )
    return game


def invite_of(text: object, game: str) -> str:
    """The invite of a claim's ``invite``: the invite link as the host's links give it
    (``/join/GAME#INVITE``, or the whole URL), or the text after ``#`` in it.

    Raises:
        _Problem: 400, it is not text, is empty, or is the link of another game.
    """
    if not isinstance(text, str) or not text.strip():
        raise _Problem(
            400,
            "malformed",
            "invite: give the invite link (/join/GAME#INVITE) or the text after # in it",
        )
    link, mark, invite = text.strip().partition("#")
    if not mark:
        return link
    path = urlsplit(link).path
    if path not in ("", f"/join/{game}"):
        raise _Problem(
            400,
            "malformed",
            f"invite: this is the link {path[:80]!r}, not an invite of game {game} "
            f"(/join/{game}#INVITE): claim it at its own game",
        )
    return invite


def _seat_param(text: str) -> int | None:
    if text == "spectator":
        return None
    if text.isdigit() and text.isascii() and len(text) < 3:
        return int(text)
    raise _Problem(404, "not_found", f"no seat {text!r}: a seat number or 'spectator'")


def _unavailable(request: Request, error: Exception) -> Response:
    """503 for a request the database could not answer: a short reason and ``Retry-After``
    (the outage is logged once, by ``backoff.Outage``, not once per request)."""
    retry = error.retry_after if isinstance(error, Unavailable) else 2
    return JSONResponse(
        {"error": "unavailable", "detail": str(error)},
        status_code=503,
        headers={"Retry-After": str(retry), "Cache-Control": "no-store"},
    )


def _since(text: str | None, version: int) -> int:
    """A client's ``since`` (or ``Last-Event-ID``): the whole log if missing or out of range."""
    if text is None or not text.isdigit() or not text.isascii() or len(text) > 9:
        return 0
    since = int(text)
    return since if since <= version else 0


@attrs.frozen
class _Context:
    """What every group of routes reads: the hub and the bounds."""

    hub: Hub
    limits: Limits
    min_time_limit: float
    playground: str | None = DEFAULT_PLAYGROUND

    def client(self, request: Request) -> str:
        """The client the request is counted under (limits.py: its address or network)."""
        return client_of(request.scope, self.limits.ipv6_prefix)

    async def seat_of(self, request: Request) -> tuple[Table, int | None]:
        """The game and the seat (``None``: spectators) the request's token speaks for."""
        try:
            table = await self.hub.open(_game_param(request))
            seat = _seat_param(request.path_params["seat"])
            return table, self.hub.seat_for(table, seat, _token(request))
        except NotFound as error:
            raise _Problem(404, "not_found", str(error)) from error
        except Revoked as error:
            raise _Problem(403, "revoked", str(error)) from error
        except Forbidden as error:
            raise _Problem(403, "forbidden", str(error)) from error

    async def host_table(self, request: Request) -> Table:
        """The game whose host's token the request carries."""
        try:
            table = await self.hub.open(_game_param(request))
            self.hub.host_of(table, _token(request))
            table.stirred = True  # the host's page is open: the table is not abandoned
        except NotFound as error:
            raise _Problem(404, "not_found", str(error)) from error
        except Forbidden as error:
            raise _Problem(403, "forbidden", str(error)) from error
        return table


def _links(table: Table) -> dict[str, Any]:
    """What the host may know: the seats, their invites while open, the spectators' link,
    and the host's own seat's link if it plays one. No other seat's token, no hand."""
    record = table.record
    seating = record.seating
    own = seating.host_seat
    host = seating.host
    return {
        "game": record.id,
        "started": table.started,
        "time_limit": record.time_limit,
        "room": table.room(),
        "next_game": None
        if table.rematch is None or host is None
        else f"/host/{table.rematch}#{host}",
        "seats": [
            {
                "seat": n,
                "player": s.who,
                "name": s.name,
                "open": s.is_open,
                "connected": n in table.connected,
                "invite": None if s.invite is None else f"/join/{record.id}#{s.invite}",
                "muted": n in seating.muted,
            }
            for n, s in enumerate(seating.seats)
        ],
        "host": None if seating.host is None else f"/host/{record.id}#{seating.host}",
        "seat": None
        if own is None
        else {
            "seat": own,
            "token": record.tokens[own],
            "link": f"/play/{record.id}/{own}#{record.tokens[own]}",
        },
        "spectator": {
            "token": record.spectator,
            "link": f"/watch/{record.id}#{record.spectator}",
        },
    }


def _page(name: str) -> Callable[[Request], Response]:
    def handler(request: Request) -> Response:
        return FileResponse(STATIC / name, headers=_PAGE_HEADERS)

    return handler


def _flag(body: dict[str, Any], key: str) -> bool:
    """``body[key]``, a boolean (``False`` if absent).

    Raises:
        _Problem: 400, it is not a boolean.
    """
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise _Problem(400, "malformed", f"{key} must be true or false, not {value!r}")
    return value


def _new_game(body: Any, min_time_limit: float) -> tuple[Config, tuple[str, ...], Any, Any]:
    """The config, seats, host seat and time limit of a create request's body.

    Raises:
        _Problem: 400, saying which field is wrong.
        DecodeError: the config does not decode.
    """
    if not isinstance(body, dict):
        raise _Problem(400, "malformed", "the body must be a JSON object")
    config = from_json(json.dumps(body.get("config", {})), Config)
    seats = body.get("seats", [HUMAN] * config.players)
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise _Problem(400, "malformed", "seats must be an array of strings")
    host_seat = body.get("host_seat")
    if host_seat is not None and (not isinstance(host_seat, int) or isinstance(host_seat, bool)):
        raise _Problem(400, "malformed", "host_seat must be a seat number or null")
    time_limit = body.get("time_limit")
    if time_limit is not None and (
        not isinstance(time_limit, int | float) or isinstance(time_limit, bool)
    ):
        raise _Problem(400, "malformed", "time_limit must be a number of seconds or null")
    if time_limit is not None and not min_time_limit <= time_limit <= 3600:
        raise _Problem(
            400,
            "malformed",
            f"time_limit: from {min_time_limit:g} to 3600 seconds, not {time_limit}",
        )
    return config, tuple(seats), host_seat, time_limit


class Lobby:
    """The pages, the bots' names, creating a game and claiming a seat by its invite."""

    def __init__(self, context: _Context) -> None:
        self.context = context
        self.lookups = Allowance(CODE_BURST, CODE_REFILL)  # per client, its room code look-ups

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/", _page("index.html")),
            Route("/api/rooms", self.open_tables),
            Route("/api/rooms/", self.no_code),
            Route("/api/rooms/{code}", self.room),
            Route("/play/{game}/{seat}", _page("table.html")),
            Route("/watch/{game}", _page("table.html")),
            Route("/join/{game}", _page("join.html")),
            Route("/host/{game}", _page("host.html")),
            Route("/api/bots", self.bots),
            Route("/api/games", self.create, methods=["POST"]),
            Route("/api/games/{game}/claims", self.claim, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]

    async def bots(self, request: Request) -> Response:
        return JSONResponse(
            {
                "human": HUMAN,
                "bots": list(self.context.hub.bots.names),
                "canned": dict(CANNED),
                "max_chat": MAX_TEXT,
            }
        )

    async def open_tables(self, request: Request) -> Response:
        """The tables their hosts listed as open, newest first, with their free seats: those
        ``lobby.listing`` shows (each client's few, none full or abandoned)."""
        limits = self.context.limits
        tables = await self.context.hub.open_tables(limits.listed_per_client, limits.listing_idle)
        return JSONResponse({"tables": [_open_table(t) for t in tables]})

    async def no_code(self, request: Request) -> Response:
        """``GET /api/rooms/`` with no code: refused with words (not the list of tables)."""
        return _answer(_Problem(400, "malformed", NO_CODE))

    async def room(self, request: Request) -> Response:
        """The game at the table of a room code (any case), and its free seats; a client may
        look up ``CODE_BURST`` codes at once, then one every ``CODE_REFILL`` seconds (429)."""
        now = asyncio.get_running_loop().time()
        wait = self.lookups.take(self.context.client(request), now)
        if wait > 0:
            return JSONResponse(
                {
                    "error": "too_many_codes",
                    "detail": f"at most {CODE_BURST} room codes a minute from one address: "
                    f"wait {math.ceil(wait)} s",
                },
                status_code=429,
                headers={"Retry-After": str(math.ceil(wait))},
            )
        try:
            code = normal_code(request.path_params["code"])
            table = await self.context.hub.find_room(code)
        except SeatingError as error:
            return _answer(_Problem(400, "malformed", str(error)))
        except NotFound as error:
            return _answer(_Problem(404, "not_found", str(error)))
        seating = table.record.seating
        return JSONResponse(
            {
                "code": code,
                "game": table.id,
                "started": table.started,
                "over": table.finished,
                "free": list(seating.free_seats),
            }
        )

    async def create(self, request: Request) -> Response:
        hub = self.context.hub
        try:
            body = await _body(request, self.context.limits)
            config, seats, host_seat, time_limit = _new_game(body, self.context.min_time_limit)
            table = await hub.create(
                config,
                seats,
                host_seat=host_seat,
                host_name=body.get("name"),
                time_limit=None if time_limit is None else float(time_limit),
                listed=_flag(body, "listed"),
                auto_rematch=_flag(body, "auto_rematch"),
            )
            if table.record.room is not None and table.record.room.listed:
                await hub.note_listed(table, self.context.client(request))
        except DecodeError as error:
            return _answer(_Problem(400, "malformed", f"config: {error}"))
        except ValueError as error:
            return _answer(_Problem(400, "malformed", str(error)))
        except _Problem as problem:
            return _answer(problem)
        return JSONResponse({**_links(table), "host_token": table.record.seating.host}, 201)

    async def claim(self, request: Request) -> Response:
        """``{"invite": INVITE, "name": NAME}`` (``invite_of``: the link or the text after its
        ``#``) or ``{"code": CODE, "name": NAME}``: the seat's fresh token, for this browser
        only."""
        hub = self.context.hub
        try:
            table = await hub.open(_game_param(request))
            body = await _body(request, self.context.limits)
            if isinstance(body, dict) and set(body) == {"code", "name"}:
                seat = await hub.claim_by_code(table, normal_code(body["code"]), body["name"])
            else:
                if not isinstance(body, dict) or set(body) != {"invite", "name"}:
                    raise _Problem(
                        400,
                        "malformed",
                        'the body must be {"invite": ..., "name": ...} or '
                        '{"code": ..., "name": ...}',
                    )
                invite = invite_of(body["invite"], table.id)
                seat = await hub.claim(table, invite, body["name"])
        except NotFound as error:
            return _answer(_Problem(404, "not_found", str(error)))
        except _Problem as problem:
            return _answer(problem)
        except InviteSpent as error:
            return _answer(_Problem(410, "invite_spent", str(error)))
        except (SeatsChanged, TableFull) as error:
            code = "full" if isinstance(error, TableFull) else "seating"
            return _answer(_Problem(409, code, str(error)))
        except SeatingError as error:
            return _answer(_Problem(400, "malformed", str(error)))
        token = table.record.tokens[seat]
        link = f"/play/{table.id}/{seat}#{token}"
        return JSONResponse({"game": table.id, "seat": seat, "token": token, "link": link}, 201)


class Seat:
    """A seat's view, its moves and its rematch (the spectators' view too)."""

    def __init__(self, context: _Context) -> None:
        self.context = context
        self.talkers = Allowance(CLIENT_BURST, CLIENT_REFILL)  # per client, its chat lines

    def routes(self) -> list[BaseRoute]:
        return [
            Route(SEAT_PATH, self.view),
            Route(SEAT_PATH + "/moves", self.move, methods=["POST"]),
            Route(SEAT_PATH + "/rematch", self.rematch, methods=["POST"]),
            Route(SEAT_PATH + "/chat", self.chat, methods=["POST"]),
            Route(SEAT_PATH + "/record", self.record),
        ]

    async def view(self, request: Request) -> Response:
        try:
            table, seat = await self.context.seat_of(request)
        except _Problem as problem:
            return _answer(problem)
        state = table.state
        since = _since(request.query_params.get("since"), len(state.log))
        return _json(seat_envelope(state, seat, since, table.public(since)))

    async def move(self, request: Request) -> Response:
        try:
            table, seat = await self.context.seat_of(request)
            if seat is None:
                raise _Problem(403, "forbidden", "spectators cannot move")
            version, move = _posted_move(await _body(request, self.context.limits))
            state = await self.context.hub.play(table, seat, version, move)
        except _Problem as problem:
            return _answer(problem)
        except Forbidden as error:
            return _answer(_Problem(403, "forbidden", str(error)))
        except Stale as error:
            return _answer(_Problem(409, "stale", str(error), version=error.version))
        except NotStarted as error:
            return _answer(_Problem(409, "not_started", str(error), version=table.version))
        except IllegalMoveError as error:
            return _answer(
                _Problem(422, "illegal", str(error), reason=error.reason, rule=error.rule)
            )
        return _json(seat_envelope(state, seat, version, table.public(version)))

    async def rematch(self, request: Request) -> Response:
        """The next game at this table: this seat's link in it (a new token, a new seed)."""
        try:
            table, seat = await self.context.seat_of(request)
            if seat is None:
                raise _Problem(403, "forbidden", "spectators have no seat in a rematch")
            new, token = await self.context.hub.rematch(table, seat)
        except _Problem as problem:
            return _answer(problem)
        except SeatingError as error:
            return _answer(_Problem(409, "seating", str(error)))
        link = f"/play/{new.id}/{seat}#{token}"
        return JSONResponse({"game": new.id, "seat": seat, "token": token, "link": link}, 201)

    async def record(self, request: Request) -> Response:
        """Once the game is over, its record as ``coup-rules simulate --out`` writes it, with
        its link to the rules playground; before, 409 (the record's seed deals every card)."""
        try:
            table, _ = await self.context.seat_of(request)
            if not table.finished:
                raise _Problem(
                    409,
                    "in_play",
                    "the game is still being played: its record, whose seed deals every card, "
                    "is given once the game is over",
                    version=table.version,
                )
        except _Problem as problem:
            return _answer(problem)
        final = table.state
        game = game_record(table.record, final, await self.context.hub.moves_of(table))
        return _json(record_json(game, self.context.playground))

    async def chat(self, request: Request) -> Response:
        """``{"text": ...}`` or ``{"canned": KEY}``: a line at the table's chat, sent to every
        page that follows the table (never part of the game)."""
        try:
            table, seat = await self.context.seat_of(request)
            if seat is None:
                raise _Problem(403, "forbidden", "spectators read the chat; only players write")
            body = await _body(request, self.context.limits)
            client = self.context.client(request)
            line = self.context.hub.say(
                table, seat, body, lambda now: self.talkers.take(client, now)
            )
        except _Problem as problem:
            return _answer(problem)
        except Muted as error:
            return _answer(_Problem(403, "muted", str(error)))
        except TooFast as error:
            wait = math.ceil(error.retry_after)
            return JSONResponse(
                {"error": "too_fast", "detail": str(error)},
                status_code=429,
                headers={"Retry-After": str(wait)},
            )
        except ChatError as error:
            return _answer(_Problem(400, "malformed", str(error)))
        return JSONResponse({"line": line}, 201)


def _open_table(t: OpenTable) -> dict[str, Any]:
    """A table of the lobby's list: its code, options and seats (names, bot, open)."""
    config = t.config
    return {
        "code": t.code,
        "game": t.game,
        "players": config.players,
        "inquisitor": config.inquisitor,
        "reformation": config.reformation,
        "seats": t.seating.public(),
        "free": len(t.seating.free_seats),
    }


def _posted_move(body: Any) -> tuple[int, Move]:
    """The version and the move of a move request's body.

    Raises:
        _Problem: 400, saying what is wrong.
    """
    if not isinstance(body, dict) or set(body) != {"version", "move"}:
        raise _Problem(400, "malformed", 'the body must be {"version": N, "move": {...}}')
    version = body["version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise _Problem(400, "malformed", f"version must be a log length, not {version!r}")
    try:
        return version, from_json(json.dumps(body["move"]), Move)
    except DecodeError as error:
        raise _Problem(400, "malformed", f"move: {error}") from error


class Events:
    """A seat's event stream: an envelope after every change, until the game is over."""

    def __init__(self, context: _Context) -> None:
        self.context = context

    def routes(self) -> list[BaseRoute]:
        return [Route(SEAT_PATH + "/events", self.events)]

    async def events(self, request: Request) -> Response:
        try:
            table, seat = await self.context.seat_of(request)
        except _Problem as problem:
            return _answer(problem)
        asked = request.headers.get("last-event-id") or request.query_params.get("since")
        start = _since(asked, table.version)
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        talk = request.query_params.get("table") == "1"
        stream = self.stream(table, seat, start, _token(request), talk)
        return StreamingResponse(stream, media_type="text/event-stream", headers=headers)

    async def stream(
        self, table: Table, seat: int | None, start: int, token: str | None, talk: bool = False
    ) -> AsyncIterator[str]:
        """The envelopes of ``seat`` from version ``start`` on, until the game is over; with
        ``talk``, the table's too (``event: chat``, ``event: room``, neither with an ``id``:
        ``Last-Event-ID`` stays the version), and after the end until the next game at the
        table is made, so that every page is offered it."""
        hub = self.context.hub
        sent, shown = start, -1
        heard, room = 0, None
        hub.connect(table, seat, +1)
        try:
            while True:
                revision, state, said = table.revision, table.state, table.talk
                if revision != shown:
                    data = seat_envelope(state, seat, sent, table.public(sent))
                    sent, shown = len(state.log), revision
                    yield f"id: {sent}\nevent: view\ndata: {data}\n\n"
                if talk:
                    if table.room() != room:
                        room = table.room()
                        yield f"event: room\ndata: {json.dumps(room)}\n\n"
                    for line in table.chat.since(heard):
                        heard = line.id + 1
                        text = json.dumps(line.data(), ensure_ascii=False)
                        yield f"event: chat\ndata: {text}\n\n"
                if state.is_over and (not talk or table.rematch is not None):
                    return
                if talk:
                    woke = await table.wait_talk(revision, said, KEEPALIVE)
                else:
                    woke = await table.wait(revision, KEEPALIVE)
                if not woke:
                    yield ": keep-alive\n\n"
                try:
                    hub.seat_for(table, seat, token)
                except Forbidden as error:  # the host reopened this seat
                    detail = json.dumps({"error": "revoked", "detail": str(error)})
                    yield f"event: revoked\ndata: {detail}\n\n"
                    return
        finally:
            hub.connect(table, seat, -1)


class Host:
    """The host's links and seats, and the host's changes of seats."""

    def __init__(self, context: _Context) -> None:
        self.context = context

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/games/{game}/host", self.links),
            Route("/api/games/{game}/host/seats/{seat}", self.change_seat, methods=["POST"]),
            Route("/api/games/{game}/host/room", self.change_room, methods=["POST"]),
        ]

    async def change_room(self, request: Request) -> Response:
        """``{"listed": bool, "auto_rematch": bool}``: list the table in the lobby or not, and
        whether a rematch seats everyone at once."""
        try:
            table = await self.context.host_table(request)
            body = await _body(request, self.context.limits)
            if not isinstance(body, dict) or set(body) != {"listed", "auto_rematch"}:
                raise _Problem(
                    400, "malformed", 'the body must be {"listed": bool, "auto_rematch": bool}'
                )
            listed = _flag(body, "listed")
            await self.context.hub.set_room(table, listed, _flag(body, "auto_rematch"))
            if listed:
                await self.context.hub.note_listed(table, self.context.client(request))
        except _Problem as problem:
            return _answer(problem)
        except SeatingError as error:
            return _answer(_Problem(409, "seating", str(error)))
        return JSONResponse(_links(table))

    async def links(self, request: Request) -> Response:
        try:
            return JSONResponse(_links(await self.context.host_table(request)))
        except _Problem as problem:
            return _answer(problem)

    async def change_seat(self, request: Request) -> Response:
        """``{"player": "human" | BOT}`` before the start, or ``{"reopen": true}``."""
        hub = self.context.hub
        try:
            table = await self.context.host_table(request)
            seat = _seat_param(request.path_params["seat"])
            if seat is None:
                raise _Problem(404, "not_found", "the spectators have no seat to change")
            body = await _body(request, self.context.limits)
            if body == {"reopen": True}:
                await hub.reopen(table, seat)
            elif isinstance(body, dict) and set(body) == {"mute"}:
                await hub.mute(table, seat, _flag(body, "mute"))
            elif isinstance(body, dict) and set(body) == {"player"}:
                await hub.assign(table, seat, str(body["player"]))
            else:
                raise _Problem(
                    400,
                    "malformed",
                    'the body must be {"player": "human" or a bot}, {"reopen": true} or '
                    '{"mute": true or false}',
                )
        except _Problem as problem:
            return _answer(problem)
        except SeatingError as error:
            return _answer(_Problem(409, "seating", str(error)))
        return JSONResponse(_links(table))


def create_app(
    db: str | Path,
    *,
    bot_delay: float = 0.6,
    seeds: Callable[[], int | None] | None = None,
    bot_rng: Callable[[str], random.Random] | None = None,
    limits: Limits | None = None,
    site: Site | None = None,
    min_time_limit: float = 10.0,
    bots: BotPlayers | None = None,
    playground: str | None = DEFAULT_PLAYGROUND,
) -> Starlette:
    """The web app, serving the games stored in ``db`` (an SQLite file, created if missing, or
    a ``postgresql://`` URL).

    ``bot_delay``, ``seeds`` and ``bot_rng`` are those of ``Hub``; the app's ``state.hub`` is
    the hub, started and stopped with the app's lifespan. ``limits`` bounds what a client may
    take (``Limits()`` by default) and ``site`` names the hosts the app answers (by default
    ``Site()``: loopback names and IP addresses). ``min_time_limit`` is the shortest time per
    decision a new game may set (tests lower it). ``bots`` are the bots offered beside the
    built-ins (``coup-rules serve --bot NAME='cmd:...'``; by default the built-ins alone).
    ``playground`` is the address of the rules playground that a finished game's record links
    to (``None``: no link).
    """
    limits = Limits() if limits is None else limits
    hub = Hub(
        db, bot_delay=bot_delay, seeds=seeds, bot_rng=bot_rng, idle=limits.game_idle, bots=bots
    )
    context = _Context(hub, limits, min_time_limit, playground)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    groups = (Lobby(context), Seat(context), Events(context), Host(context))
    app = Starlette(
        routes=[route for group in groups for route in group.routes()],
        lifespan=lifespan,
        exception_handlers={Unavailable: _unavailable},
    )
    app.add_middleware(LimitsMiddleware, limits=limits, live_games=hub.cache.live)
    app.add_middleware(SecurityMiddleware, site=Site() if site is None else site)
    app.state.hub = hub
    return app
