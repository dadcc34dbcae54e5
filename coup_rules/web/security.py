"""Whom the server answers, and what its answers allow a browser to do with them.

``SecurityMiddleware`` is the ASGI layer in front of the app:

- **Host.** A request whose ``Host`` is not one of the server's names is answered 400: by
  default the loopback names (``localhost``, ``127.0.0.1``, ``::1``), any IP address written as
  such (a page cannot rebind an address, only a name), and the names given with
  ``--allowed-host`` or in ``--public-url``. This stops DNS rebinding: a page of another site
  whose name was made to resolve to this server still sends its own name.
- **State-changing requests** (any method but GET, HEAD and OPTIONS) must say
  ``Content-Type: application/json`` (415 otherwise), which a page of another site cannot send
  without the browser asking first, and if they carry an ``Origin`` it must be the server's own
  (403 otherwise). Browsers send ``Origin`` with every such request; a client without one (curl,
  a script) is not a browser and carries no other site's authority.
- **Answers** say ``X-Content-Type-Options: nosniff``; pages refuse to be framed
  (``X-Frame-Options: DENY`` and ``frame-ancestors 'none'``); API answers are never cached
  (``Cache-Control: no-store``).
- **One seat per browser.** A page's answer gives a browser that has none a session cookie
  (``coup_session``: random, ``HttpOnly``, ``SameSite=Strict``). When such a browser is given
  a seat (claiming an invite, creating a game it plays, a rematch), the answer also sets
  ``coup_seat_GAME`` to that seat and its token, sent back only with claims of that game
  (``Path=/api/games/GAME/claims``). A claim of another seat of the same game from that browser
  is answered 409 ``seat_held`` for as long as its token still speaks for its seat (asked of
  the app, as any client would: ``GET`` the seat's view with it); once the host has reopened
  that seat, the browser may claim again. A client that keeps no cookies (a script, another
  browser) is not bound by this: it is the one person at one browser that it keeps honest.

This module needs only the standard library and attrs.
"""

from __future__ import annotations

import functools
import ipaddress
import json
import re
import secrets
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

import attrs

from coup_rules.web.limits import App, Message, Receive, Scope, Send, header, problem

__all__ = ["LOOPBACK_NAMES", "SESSION", "SecurityMiddleware", "Site", "cookies", "is_address"]

SESSION = "coup_session"
"""The cookie that marks one browser (see the module: one seat per browser)."""

_CLAIMS = re.compile(r"/api/games/([0-9a-f]{1,64})/claims")
_REMATCH = re.compile(r"/api/games/[0-9a-f]{1,64}/seats/\d{1,2}/rematch")
_HELD = re.compile(r"(\d{1,2})\.([A-Za-z0-9_-]{1,128})")

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
"""The names a server answers to by default."""

_SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
_DEFAULT_PORT = {"http": 80, "https": 443}


def _split_host(value: str) -> tuple[str, int | None] | None:
    """``(name, port)`` of a ``Host`` header (name lower case, without brackets), or ``None``."""
    try:
        parts = urlsplit(f"//{value}")
        name, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not name or parts.username is not None or parts.path or parts.query or parts.fragment:
        return None
    return name.rstrip("."), port


def is_address(name: str) -> bool:
    """Whether ``name`` is an IP address written as such."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _origin(scheme: str, name: str, port: int | None) -> tuple[str, str, int | None]:
    return scheme, name, port if port is not None else _DEFAULT_PORT.get(scheme)


@attrs.frozen
class Site:
    """The names a server answers to, and the origin of its pages.

    Attributes:
        hosts: the ``Host`` names it answers (lower case), besides any IP address.
        public_origin: ``(scheme, name, port)`` of the address its pages are served from, as
            given by ``--public-url`` (behind a reverse proxy); ``None``: the address each
            request names.
    """

    hosts: frozenset[str] = frozenset(LOOPBACK_NAMES)
    public_origin: tuple[str, str, int | None] | None = None

    @classmethod
    def of(cls, public_url: str | None = None, allowed_hosts: Iterable[str] = ()) -> Site:
        """The site of a server started with ``--public-url`` and ``--allowed-host``.

        Raises:
            ValueError: the public URL is not ``http(s)://name[:port]``, or a host is empty.
        """
        hosts = set(LOOPBACK_NAMES)
        for name in allowed_hosts:
            split = _split_host(name.strip())
            if split is None or split[1] is not None:
                raise ValueError(f"--allowed-host takes a name without a port, not {name!r}")
            hosts.add(split[0])
        public = None
        if public_url is not None:
            parts = urlsplit(public_url)
            try:
                port = parts.port
            except ValueError as error:
                raise ValueError(f"--public-url {public_url!r}: {error}") from error
            if parts.scheme not in _DEFAULT_PORT or not parts.hostname:
                raise ValueError(f"--public-url must be http(s)://NAME[:PORT], not {public_url!r}")
            name = parts.hostname.rstrip(".")
            hosts.add(name)
            public = _origin(parts.scheme, name, port)
        return cls(frozenset(hosts), public)

    def answers(self, name: str) -> bool:
        """Whether a request for ``Host`` name ``name`` is answered."""
        return name in self.hosts or is_address(name)


class SecurityMiddleware:
    """The ASGI layer described by the module: Host, state-changing requests, answer headers."""

    def __init__(self, app: App, site: Site) -> None:
        self.app = app
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope["path"].startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = _secured(list(message.get("headers", ())), api)
            await send(message)

        refuse = functools.partial(problem, send_with_headers)
        forward: Send = send_with_headers
        if scope["method"] == "GET" and not api and not scope["path"].startswith("/static/"):
            forward = self._with_session(scope, forward)
        host = _split_host(header(scope, b"host") or "")
        if host is None or not self.site.answers(host[0]):
            shown = (header(scope, b"host") or "")[:80]
            await refuse(
                400,
                "unknown_host",
                f"this server does not answer for the host {shown!r}; "
                "start it with --allowed-host or --public-url",
            )
            return
        if scope["method"] not in _SAFE:
            media = (header(scope, b"content-type") or "").split(";")[0].strip().lower()
            if media != "application/json":
                await refuse(
                    415,
                    "unsupported_media_type",
                    "a request that changes something must send Content-Type: application/json",
                )
                return
            origin = header(scope, b"origin")
            if origin is not None and not self._same_origin(origin, scope, host):
                await refuse(
                    403,
                    "cross_origin",
                    "a page of another site cannot change anything here",
                )
                return
        if scope["method"] == "POST" and SESSION in cookies(scope):
            claims = _CLAIMS.fullmatch(scope["path"])
            if claims is not None:
                held = await self._held_seat(scope, claims.group(1))
                if held is not None:
                    await refuse(
                        409,
                        "seat_held",
                        f"this browser already holds seat {held} of this game: one seat per "
                        "person. Open that seat's link, or ask the host to reopen it first",
                    )
                    return
            if (
                claims is not None
                or scope["path"] == "/api/games"
                or _REMATCH.fullmatch(scope["path"])
            ):
                forward = _noting_seat(forward, self._secure(scope))
        await self.app(scope, receive, forward)

    def _with_session(self, scope: Scope, send: Send) -> Send:
        """``send``, giving a browser that has no session cookie one with the answer."""
        if SESSION in cookies(scope):
            return send
        cookie = f"{SESSION}={secrets.token_urlsafe(16)}; Path=/; HttpOnly; SameSite=Strict"
        cookie += self._secure(scope)

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), (b"set-cookie", cookie.encode())]
            await send(message)

        return sending

    def _secure(self, scope: Scope) -> str:
        https = scope.get("scheme") == "https" or (
            self.site.public_origin is not None and self.site.public_origin[0] == "https"
        )
        return "; Secure" if https else ""

    async def _held_seat(self, scope: Scope, game: str) -> int | None:
        """The seat of ``game`` this browser holds (by its ``coup_seat_GAME`` cookie) if its
        token still speaks for it, asked of the app; else ``None``."""
        found = _HELD.fullmatch(cookies(scope).get(f"coup_seat_{game}", ""))
        if found is None:
            return None
        seat, token = found.group(1), found.group(2)
        path = f"/api/games/{game}/seats/{seat}"
        ask = {
            **scope,
            "method": "GET",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "headers": [
                (b"host", (header(scope, b"host") or "").encode("latin-1")),
                (b"authorization", f"Bearer {token}".encode()),
            ],
        }
        status = 0

        async def nothing() -> Message:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def answer(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]

        await self.app(ask, nothing, answer)
        return int(seat) if status == 200 else None

    def _same_origin(self, origin: str, scope: Scope, host: tuple[str, int | None]) -> bool:
        try:
            parts = urlsplit(origin)
            port = parts.port
        except ValueError:  # e.g. "http://[": not a URL
            return False
        if not parts.hostname or parts.path or parts.scheme not in _DEFAULT_PORT:
            return False
        theirs = _origin(parts.scheme, parts.hostname.rstrip("."), port)
        if self.site.public_origin is not None and theirs == self.site.public_origin:
            return True
        return theirs == _origin(str(scope.get("scheme", "http")), *host)


def cookies(scope: Scope) -> dict[str, str]:
    """The cookies a request carries, by name (the first of a name counts)."""
    found: dict[str, str] = {}
    for key, value in scope.get("headers", ()):
        if key == b"cookie":
            for part in value.decode("latin-1").split(";"):
                name, eq, text = part.strip().partition("=")
                if eq and name not in found:
                    found[name] = text.strip().strip('"')
    return found


def _seat_given(answer: bytes) -> tuple[str, int, str] | None:
    """``(game, seat, token)`` of a seat an answer gives its client: a claim's or a
    rematch's ``{"game", "seat", "token"}``, or a new game's ``{"game", "seat": {...}}``."""
    try:
        data: Any = json.loads(answer)
        game, seat = data["game"], data["seat"]
        if isinstance(seat, dict):
            seat, token = seat["seat"], seat["token"]
        else:
            token = data["token"]
    except (ValueError, KeyError, TypeError):
        return None
    if not (isinstance(game, str) and isinstance(seat, int) and isinstance(token, str)):
        return None
    if _CLAIMS.fullmatch(f"/api/games/{game}/claims") is None:
        return None
    if _HELD.fullmatch(f"{seat}.{token}") is None:
        return None
    return game, seat, token


def _noting_seat(send: Send, secure: str) -> Send:
    """``send``, which, when the answer gives this browser a seat (201), sets the cookie that
    says so (held back until the answer's body is known; these answers are small); ``secure``
    is ``"; Secure"`` for a site served over HTTPS, else empty."""
    held: list[Message] = []

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start" and message["status"] == 201:
            held.append(message)
            return
        if not held:
            await send(message)
            return
        held.append(message)
        if message["type"] == "http.response.body" and message.get("more_body", False):
            return
        start, *rest = held
        body = b"".join(m.get("body", b"") for m in rest)
        given = _seat_given(body)
        if given is not None:
            game, seat, token = given
            cookie = (
                f"coup_seat_{game}={seat}.{token}; Path=/api/games/{game}/claims; HttpOnly; "
                f"SameSite=Strict{secure}"
            )
            start["headers"] = [*start.get("headers", ()), (b"set-cookie", cookie.encode())]
        for m in held:
            await send(m)

    return sending


def _secured(headers: list[tuple[bytes, bytes]], api: bool) -> list[tuple[bytes, bytes]]:
    """The answer's headers with nosniff, no framing and, for the API, no caching."""
    policy = b"frame-ancestors 'none'"
    replaced = _REPLACED | {b"cache-control"} if api else _REPLACED
    kept = []
    for name, value in headers:
        if name.lower() == b"content-security-policy":
            if b"frame-ancestors" not in value:
                value = value + b"; " + policy
            policy = value
        elif name.lower() not in replaced:
            kept.append((name, value))
    kept += [
        (b"content-security-policy", policy),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
    ]
    if api:
        kept.append((b"cache-control", b"no-store"))
    return kept


_REPLACED = frozenset({b"x-content-type-options", b"x-frame-options"})
