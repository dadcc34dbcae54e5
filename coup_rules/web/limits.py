"""What one client may take from the server: sizes, times, streams and new games, all bounded.

``Limits`` holds every bound with its default (``coup-rules serve`` has a flag for each, see
``serve.py``); ``read_json`` parses a request body within them; ``LimitsMiddleware`` is the ASGI
layer that enforces, before the app sees a request, what can be checked per request:

- **the body**: at most ``max_body`` bytes (413), all of it within ``body_timeout`` seconds of
  the request's head (408); the app then gets the whole body at once;
- **event streams**: at most ``max_streams_per_token`` open on one token and
  ``max_streams_per_client`` from one client (429), and ``max_streams`` in all (503);
- **new games**: ``games_per_minute`` per client, as a bucket that refills continuously (429);
  no more than ``max_live_games_per_client`` unfinished games in memory created by one client
  (429), and no new game while ``max_live_games`` games are unfinished (503).

A **client** is an address, or for IPv6 its network of ``ipv6_prefix`` bits (/56 by default;
an IPv4 address written as IPv6 is the IPv4 address). A provider usually gives an IPv6
household or small office a whole /56 or /48, not one /64: counted per /64, one household could
spread its requests over 256 (a /56) or 65,536 (a /48) networks and take that many shares of
every per-client cap. A /56 counts such a household once and a /48 as at most 256 clients,
while neighbours who share a provider's /48 are still told apart; ``--ipv6-prefix 48`` counts
a /48 once. The address is the connection's, or the one a trusted reverse proxy names in
``X-Forwarded-For``: uvicorn believes that header only from the addresses given with
``--forwarded-allow-ips`` (serve.py), from none by default. So the per-client caps hold against
one client however many connections, tokens or games it opens: it can take its share of the
global caps, never all of them.

Every refusal is a JSON ``{"error", "detail"}`` answer, with ``Retry-After`` where waiting helps.
The bounds on connections (their number, and how long a request's head may take) are enforced
below the app, by the connection protocol in ``connections.py``.

This module needs only the standard library and attrs: the command line reads the defaults
without the web extra installed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

import attrs

__all__ = [
    "IPV6_PREFIX",
    "MIN_IPV6_PREFIX",
    "BadJson",
    "Limits",
    "LimitsMiddleware",
    "client_of",
    "hub_liveness",
    "network",
    "read_json",
    "token_of",
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


IPV6_PREFIX = 56
"""The bits of an IPv6 address that name one client by default (see the module)."""

MIN_IPV6_PREFIX = 32
"""The shortest IPv6 prefix that may name one client (a /32 is a whole provider)."""


@attrs.frozen
class Limits:
    """The bounds of one server; the defaults are those of ``coup-rules serve``.

    Attributes:
        header_timeout: seconds a connection may take to send a request's head, from when it
            opens or its previous answer ends; then it is closed (408 if it had begun).
        body_timeout: seconds a request's body may take, from the end of its head (408).
        keep_alive: seconds an idle connection stays open between requests.
        max_connections: open connections at once. When all are taken, a new connection
            closes the one idle the longest; if none is idle, it is answered 503.
        max_streams: event streams open at once, over all games (503 beyond).
        max_streams_per_token: event streams open at once with one token (429 beyond).
        max_streams_per_client: event streams open at once from one client (429 beyond).
        max_body: bytes in a request body (413 beyond).
        max_json_depth: nesting of arrays and objects in a JSON body (400 beyond).
        max_number_digits: digits of a number in a JSON body (400 beyond).
        games_per_minute: games one client address may create per minute, in a burst or spread
            out (429 beyond); an IPv6 address counts for its network (``ipv6_prefix``).
        max_live_games: unfinished games in memory at once; creating one more is answered
            503. A game nobody has asked for or followed for ``game_idle`` seconds leaves
            memory and stops counting (it is loaded again when asked for).
        max_live_games_per_client: unfinished games in memory that one client created;
            creating one more is answered 429 (a game counts until it is over or leaves
            memory).
        game_idle: seconds a game nobody asks for or follows stays in memory, finished or not.
        ipv6_prefix: the bits of an IPv6 address that name one client (its network): 56 by
            default (see the module), from 32 to 128.
        listed_per_client: tables one client's hosts may have in the lobby's list of open
            tables at once: the newest of theirs are shown, so that nobody fills the list.
        listing_idle: seconds a listed table stays in the lobby's list without a seated
            person's activity (a seat claimed, a move, a line of chat, a seat's page open):
            then it counts as abandoned and leaves the list until someone is active again.
    """

    header_timeout: float = 10.0
    body_timeout: float = 5.0
    keep_alive: int = 5
    max_connections: int = 1000
    max_streams: int = 500
    max_streams_per_token: int = 4
    max_streams_per_client: int = 64
    max_body: int = 64 * 1024
    max_json_depth: int = 16
    max_number_digits: int = 20
    games_per_minute: int = 30
    max_live_games: int = 1000
    max_live_games_per_client: int = 50
    game_idle: float = 300.0
    ipv6_prefix: int = attrs.field(default=IPV6_PREFIX)
    listed_per_client: int = 3
    listing_idle: float = 600.0

    @ipv6_prefix.validator
    def _prefix(self, attribute: attrs.Attribute[int], value: int) -> None:
        if not MIN_IPV6_PREFIX <= value <= 128:
            raise ValueError(
                f"--ipv6-prefix: from {MIN_IPV6_PREFIX} to 128 bits, not {value} (a shorter "
                "network would count a whole provider's customers as one client)"
            )


class BadJson(ValueError):
    """A body that is not JSON, or is JSON beyond the limits; the message says which."""


def read_json(data: bytes, limits: Limits) -> Any:
    """The JSON value of a request body, within ``limits``.

    Raises:
        BadJson: the body is not UTF-8 JSON, nests arrays and objects deeper than
            ``max_json_depth``, writes a number with more than ``max_number_digits`` digits,
            or uses ``NaN`` or ``Infinity``.
    """
    digits = limits.max_number_digits

    def integer(text: str) -> int:
        if len(text.lstrip("-")) > digits:
            raise BadJson(f"the body holds a number of more than {digits} digits")
        return int(text)

    def real(text: str) -> float:
        value = float(text)
        if len(text) > digits + 8 or not math.isfinite(value):
            raise BadJson(f"the body holds a number of more than {digits} digits")
        return value

    def constant(text: str) -> Any:
        raise BadJson(f"the body is not JSON: {text} is not a JSON value")

    try:
        value = json.loads(
            data.decode("utf-8"), parse_int=integer, parse_float=real, parse_constant=constant
        )
    except json.JSONDecodeError as error:
        raise BadJson(f"the body is not JSON: {error}") from error
    except UnicodeDecodeError as error:
        raise BadJson(f"the body is not UTF-8: {error.reason} at byte {error.start}") from error
    except RecursionError as error:
        raise BadJson(_too_deep(limits)) from error
    if _depth(value, limits.max_json_depth) > limits.max_json_depth:
        raise BadJson(_too_deep(limits))
    return value


def _too_deep(limits: Limits) -> str:
    return f"the body nests arrays and objects more than {limits.max_json_depth} deep"


def _depth(value: Any, bound: int) -> int:
    """How deep arrays and objects nest in ``value``, counting up to ``bound + 1`` at most."""
    deepest = 0
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            if depth > bound:
                return depth
            todo.extend((child, depth + 1) for child in item)
    return deepest


async def problem(
    send: Send, status: int, error: str, detail: str, retry_after: int | None = None
) -> None:
    """Answer a refusal: ``{"error", "detail"}``; the connection closes after it."""
    body = json.dumps({"error": error, "detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        (b"connection", b"close"),
    ]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def header(scope: Scope, name: bytes) -> str | None:
    """The value of the request header ``name`` (lower case), or ``None``."""
    for key, value in scope.get("headers", ()):
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


def token_of(scope: Scope) -> str | None:
    """The token a request carries: ``Authorization: Bearer T``, else the first ``?token=T``."""
    auth = header(scope, b"authorization") or ""
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    query = scope.get("query_string", b"").decode("latin-1")
    found = parse_qs(query, keep_blank_values=True).get("token")
    return found[0] if found else None


def network(address: str, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The key of a client address: itself, or for IPv6 its network of ``ipv6_prefix`` bits
    (an IPv4 address mapped into IPv6 is the IPv4 address)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/{ipv6_prefix}", strict=False))
    return str(ip)


@attrs.define
class _Bucket:
    tokens: float
    at: float


class _Rate:
    """Per key, a bucket of ``per_minute`` that refills at ``per_minute`` a minute."""

    def __init__(self, per_minute: int, clock: Callable[[], float]) -> None:
        self.capacity = float(per_minute)
        self.per_second = per_minute / 60.0
        self.clock = clock
        self.buckets: dict[str, _Bucket] = {}
        self.prune_at = 10_000  # buckets kept before the refilled ones are dropped

    def take(self, key: str) -> float:
        """0 if ``key`` may go ahead now (and one is taken), else seconds until it may."""
        now = self.clock()
        if len(self.buckets) > self.prune_at:
            self._forget_full(now)
            self.prune_at = max(10_000, 2 * len(self.buckets))
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = _Bucket(self.capacity, now)
        bucket.tokens = min(self.capacity, bucket.tokens + (now - bucket.at) * self.per_second)
        bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.per_second if self.per_second > 0 else 60.0

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled: they are the same as no bucket."""
        refill = self.capacity / self.per_second if self.per_second > 0 else math.inf
        self.buckets = {k: b for k, b in self.buckets.items() if now - b.at < refill}


def client_of(scope: Scope, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The key a request's client is counted under: its address, or for IPv6 its network of
    ``ipv6_prefix`` bits (``network``)."""
    client = scope.get("client")
    return network(client[0] if client else "", ipv6_prefix)


def hub_liveness(scope: Scope) -> Callable[[str], bool] | None:
    """Whether a game is unfinished and in memory, read from the app's hub (``app.state.hub``,
    its ``cache.peek``), for an app that does not pass ``is_live`` to ``LimitsMiddleware``;
    ``None`` if the app has no such hub."""
    hub = getattr(getattr(scope.get("app"), "state", None), "hub", None)
    peek = getattr(getattr(hub, "cache", None), "peek", None)
    if peek is None:
        return None

    def is_live(game: str) -> bool:
        table = peek(game)
        return table is not None and not table.finished

    return is_live


class _Counts:
    """How many of something each key holds at once (streams per token, per client)."""

    def __init__(self) -> None:
        self.held: dict[str, int] = {}

    def get(self, key: str) -> int:
        return self.held.get(key, 0)

    def add(self, key: str) -> None:
        self.held[key] = self.held.get(key, 0) + 1

    def remove(self, key: str) -> None:
        left = self.held[key] - 1
        if left:
            self.held[key] = left
        else:
            del self.held[key]


class LimitsMiddleware:
    """The ASGI layer that holds the per-request limits of ``Limits`` (see the module).

    Args:
        app: the app it protects.
        limits: the bounds.
        live_games: how many games are unfinished now.
        clock: seconds, for the creation rate; ``time.monotonic`` by default.
        is_live: whether the game with this id is unfinished and in memory, for the live games
            per client; by default read from the hub of the app (``hub_liveness``), and
            without one every game a client created counts until ``game_idle`` has passed.
    """

    def __init__(
        self,
        app: App,
        limits: Limits,
        live_games: Callable[[], int],
        clock: Callable[[], float] = time.monotonic,
        is_live: Callable[[str], bool] | None = None,
    ) -> None:
        self.app = app
        self.limits = limits
        self.live_games = live_games
        self.clock = clock
        self.is_live = is_live
        self.creations = _Rate(limits.games_per_minute, clock)
        self.streams = 0
        self.per_token = _Counts()
        self.per_client = _Counts()
        self.created: dict[str, dict[str, float]] = {}  # client -> game -> when created
        self.creating = _Counts()  # creations under way per client
        self.prune_at = 10_000  # clients remembered before those with no live game are dropped

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        body = await self._body(scope, receive, send)
        if body is None:
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        method, path = scope["method"], scope["path"]
        if method == "POST" and path == "/api/games":
            await self._create(scope, replay, send)
            return
        if method in ("GET", "HEAD") and path.startswith("/api/") and path.endswith("/events"):
            await self._stream(scope, replay, send)
            return
        await self.app(scope, replay, send)

    async def _body(self, scope: Scope, receive: Receive, send: Send) -> bytes | None:
        """The whole body, or ``None`` once a refusal (413, 408) has been sent."""
        limits = self.limits
        declared = header(scope, b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limits.max_body:
            await _too_large(send, limits)
            return None
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(limits.body_timeout):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return None  # nobody is left to answer
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > limits.max_body:
                        await _too_large(send, limits)
                        return None
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        return b"".join(chunks)
        except TimeoutError:
            detail = f"the body did not arrive within {limits.body_timeout:g} s"
            await problem(send, 408, "timeout", detail)
            return None

    async def _create(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A new game, unless its client or the server is over a limit; the game's id is
        noted under its client once the app answers 201."""
        client = client_of(scope, self.limits.ipv6_prefix)
        if await self._refuse_creation(scope, client, send):
            return
        status = 0
        chunks: list[bytes] = []

        async def noting(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body" and status == 201:
                chunks.append(message.get("body", b""))
            await send(message)

        self.creating.add(client)
        try:
            await self.app(scope, receive, noting)
        finally:
            self.creating.remove(client)
        if status == 201:
            self._note_created(client, b"".join(chunks))

    def _note_created(self, client: str, answer: bytes) -> None:
        try:
            game = json.loads(answer)["game"]
        except (ValueError, KeyError, TypeError):
            return  # not an answer this layer knows: nothing to count
        if isinstance(game, str):
            self.created.setdefault(client, {})[game] = self.clock()

    def _live_of(self, scope: Scope, client: str) -> int:
        """How many unfinished games in memory ``client`` created (and forget the others)."""
        is_live = self.is_live or hub_liveness(scope)
        now, idle = self.clock(), self.limits.game_idle

        def alive(game: str, at: float) -> bool:
            return is_live(game) if is_live is not None else now - at < idle

        if len(self.created) > self.prune_at:
            self.created = {
                c: kept
                for c, games in self.created.items()
                if (kept := {g: at for g, at in games.items() if alive(g, at)})
            }
            self.prune_at = max(10_000, 2 * len(self.created))
        games = self.created.get(client, {})
        kept = {g: at for g, at in games.items() if alive(g, at)}
        if kept:
            self.created[client] = kept
        else:
            self.created.pop(client, None)
        return len(kept) + self.creating.get(client)

    async def _refuse_creation(self, scope: Scope, client: str, send: Send) -> bool:
        """Refuse a new game if its client is over its rate or its live games, or too many
        games are live."""
        limits = self.limits
        if self.live_games() >= limits.max_live_games:
            await problem(
                send,
                503,
                "busy",
                f"the server already holds {limits.max_live_games} unfinished games; "
                "try again later",
                retry_after=60,
            )
            return True
        if self._live_of(scope, client) >= limits.max_live_games_per_client:
            await problem(
                send,
                429,
                "too_many_live_games",
                f"at most {limits.max_live_games_per_client} unfinished games created from one "
                "address at once: finish one, or leave one for "
                f"{limits.game_idle:g} s",
                retry_after=60,
            )
            return True
        wait = self.creations.take(client)
        if wait > 0:
            await problem(
                send,
                429,
                "too_many_games",
                f"at most {limits.games_per_minute} new games a minute from one address",
                retry_after=math.ceil(wait),
            )
            return True
        return False

    async def _stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        limits = self.limits
        token = token_of(scope) or ""
        client = client_of(scope, self.limits.ipv6_prefix)
        if self.streams >= limits.max_streams:
            await problem(
                send,
                503,
                "busy",
                f"the server already sends {limits.max_streams} event streams; try again later",
                retry_after=30,
            )
            return
        if self.per_token.get(token) >= limits.max_streams_per_token:
            await problem(
                send,
                429,
                "too_many_streams",
                f"at most {limits.max_streams_per_token} event streams at once per link",
                retry_after=5,
            )
            return
        if self.per_client.get(client) >= limits.max_streams_per_client:
            await problem(
                send,
                429,
                "too_many_streams",
                f"at most {limits.max_streams_per_client} event streams at once from one "
                "address: close some pages",
                retry_after=5,
            )
            return
        self.streams += 1
        self.per_token.add(token)
        self.per_client.add(client)
        try:
            await self.app(scope, receive, send)
        finally:
            self.streams -= 1
            self.per_token.remove(token)
            self.per_client.remove(client)


async def _too_large(send: Send, limits: Limits) -> None:
    await problem(send, 413, "too_large", f"the body is over {limits.max_body} bytes")
