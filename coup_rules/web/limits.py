"""What one client may take from the server: sizes, times, streams and new games, all bounded.

``Limits`` holds every bound with its default (``coup-rules serve`` has a flag for each, see
``serve.py``); ``read_json`` parses a request body within them; ``LimitsMiddleware`` is the ASGI
layer that enforces, before the app sees a request, what can be checked per request:

- **the body**: at most ``max_body`` bytes (413), all of it within ``body_timeout`` seconds of
  the request's head (408); the app then gets the whole body at once;
- **event streams**: at most ``max_streams_per_token`` open on one token (429) and
  ``max_streams`` in all (503);
- **new games**: ``games_per_minute`` per client address (an IPv6 client: per /64 network), as a
  bucket that refills continuously (429), and no new game while ``max_live_games`` games are
  unfinished (503).

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

__all__ = ["BadJson", "Limits", "LimitsMiddleware", "read_json", "token_of"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


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
        max_body: bytes in a request body (413 beyond).
        max_json_depth: nesting of arrays and objects in a JSON body (400 beyond).
        max_number_digits: digits of a number in a JSON body (400 beyond).
        games_per_minute: games one client address may create per minute, in a burst or spread
            out (429 beyond); an IPv6 address counts for its whole /64 network.
        max_live_games: unfinished games in memory at once; creating one more is answered
            503. A game nobody has asked for or followed for ``game_idle`` seconds leaves
            memory and stops counting (it is loaded again when asked for).
        game_idle: seconds a game nobody asks for or follows stays in memory, finished or not.
    """

    header_timeout: float = 10.0
    body_timeout: float = 5.0
    keep_alive: int = 5
    max_connections: int = 1000
    max_streams: int = 500
    max_streams_per_token: int = 4
    max_body: int = 64 * 1024
    max_json_depth: int = 16
    max_number_digits: int = 20
    games_per_minute: int = 30
    max_live_games: int = 1000
    game_idle: float = 300.0


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


def _network(address: str) -> str:
    """The key of a client address: itself, or its /64 network for IPv6."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
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


class LimitsMiddleware:
    """The ASGI layer that holds the per-request limits of ``Limits`` (see the module).

    Args:
        app: the app it protects.
        limits: the bounds.
        live_games: how many games are unfinished now.
        clock: seconds, for the creation rate; ``time.monotonic`` by default.
    """

    def __init__(
        self,
        app: App,
        limits: Limits,
        live_games: Callable[[], int],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.limits = limits
        self.live_games = live_games
        self.clock = clock
        self.creations = _Rate(limits.games_per_minute, clock)
        self.streams = 0
        self.per_token: dict[str, int] = {}

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
            if await self._refuse_creation(scope, send):
                return
        elif method in ("GET", "HEAD") and path.startswith("/api/") and path.endswith("/events"):
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

    async def _refuse_creation(self, scope: Scope, send: Send) -> bool:
        """Refuse a new game if its client is over its rate or too many games are live."""
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
        client = scope.get("client")
        wait = self.creations.take(_network(client[0] if client else ""))
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
        if self.streams >= limits.max_streams:
            await problem(
                send,
                503,
                "busy",
                f"the server already sends {limits.max_streams} event streams; try again later",
                retry_after=30,
            )
            return
        if self.per_token.get(token, 0) >= limits.max_streams_per_token:
            await problem(
                send,
                429,
                "too_many_streams",
                f"at most {limits.max_streams_per_token} event streams at once per link",
                retry_after=5,
            )
            return
        self.streams += 1
        self.per_token[token] = self.per_token.get(token, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.streams -= 1
            left = self.per_token[token] - 1
            if left:
                self.per_token[token] = left
            else:
                del self.per_token[token]


async def _too_large(send: Send, limits: Limits) -> None:
    await problem(send, 413, "too_large", f"the body is over {limits.max_body} bytes")
