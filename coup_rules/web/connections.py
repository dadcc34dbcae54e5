"""Connections that cannot be held hostage: a cap on their number, deadlines on the slow.

uvicorn's own HTTP/1.1 protocol (h11) closes a connection idle *between* requests after its
keep-alive timeout, but not one that sends nothing at all, half a request's head, or a body a
byte at a time, and it counts such connections toward its concurrency limit, so that a few
hundred silent or trickling sockets lock every real client out. ``protocol_class`` returns
uvicorn's h11 protocol with three changes:

- **a deadline on the head**: a connection must send a whole request head within
  ``Limits.header_timeout`` of opening, or of the end of its previous answer; otherwise it is
  closed (with a 408 if it had sent part of one).
- **a deadline on the body**: once the head has arrived, the whole body must arrive within
  ``Limits.body_timeout``; otherwise the request is answered 408 and the connection closed,
  whether or not the app is reading it (``LimitsMiddleware`` holds the same deadline for apps
  served otherwise).
- **a cap that favours the living**: at most ``Limits.max_connections`` are open. When all are
  taken, a new connection closes the one that has waited on its client the longest: one idle
  (it has sent nothing, part of a head, or is between requests) since the longest, or one whose
  body has been arriving since the longest (answered 408). So neither silent nor trickling
  sockets can keep a real request out. Only if every connection is busy answering is the
  newcomer answered 503 with ``Retry-After``.

``fit_file_limit`` makes room for the cap in the process's file limit before the server starts.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from coup_rules.web.limits import Limits

__all__ = ["BACKLOG", "fit_file_limit", "protocol_class"]

BACKLOG = 128
"""Connections the system queues for the server to accept. The event loop accepts up to this many
at once before any of them can close an idle one, so they need files of their own."""

SPARE_FILES = 64
"""Files the server needs besides its connections: the database and its journal, the listening
socket, the event loop's own, standard streams, a margin."""


def _answer(status: bytes, error: str, detail: str, *extra: bytes) -> bytes:
    """A whole HTTP answer, written before or instead of reading a request."""
    body = json.dumps({"error": error, "detail": detail}).encode()
    head = [
        b"HTTP/1.1 " + status,
        b"content-type: application/json",
        b"cache-control: no-store",
        b"x-content-type-options: nosniff",
        b"connection: close",
        *extra,
        b"content-length: " + str(len(body)).encode(),
    ]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


_BUSY = _answer(
    b"503 Service Unavailable",
    "busy",
    "every connection is busy answering; try again in a second",
    b"retry-after: 1",
)
_TIMEOUT = _answer(b"408 Request Timeout", "timeout", "the request did not arrive in time")


def _body_timeout(limits: Limits) -> bytes:
    detail = f"the body did not arrive within {limits.body_timeout:g} s"
    return _answer(b"408 Request Timeout", "timeout", detail)


def protocol_class(limits: Limits) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol, holding ``limits``' head and body deadlines and connection cap."""
    body_late = _body_timeout(limits)

    class Protocol(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.idle_since = time.monotonic()
            self.heard = False  # bytes arrived since the deadline was set
            self.refused = False
            self.deadline: asyncio.TimerHandle | None = None
            self.body_since = 0.0  # when the head of the request whose body arrives ended
            self.body_deadline: asyncio.TimerHandle | None = None
            self.body_of: object = None  # the request cycle the body deadline is for

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            assert isinstance(transport, asyncio.Transport)
            if not self._make_room():
                self.refused = True
                transport.write(_BUSY)
                transport.close()
                return
            super().connection_made(transport)
            self._set_deadline()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.refused:
                return
            self._clear_deadline()
            self._clear_body_deadline()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            self.heard = True
            super().data_received(data)
            if not self.idle():
                self._clear_deadline()  # a request is under way
            self._watch_body()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self.idle():
                self._set_deadline()
            self._watch_body()  # a pipelined request may have begun

        def idle(self) -> bool:
            """No request under way (nothing sent yet, part of a head, or between requests)."""
            return self.cycle is None or self.cycle.response_complete

        def receiving(self) -> bool:
            """A request's head has arrived and its body is still arriving, unanswered."""
            cycle = self.cycle
            return (
                cycle is not None
                and cycle.more_body
                and not cycle.response_started
                and not cycle.disconnected
            )

        def waiting_since(self) -> float | None:
            """Since when this connection waits on its client (idle, or its body arriving);
            ``None`` while the server is answering it."""
            if self.idle():
                return self.idle_since
            if self.receiving():
                return self.body_since
            return None

        def _make_room(self) -> bool:
            """Whether this connection may open; closes the one waiting on its client the
            longest if needed (a body still arriving is answered 408)."""
            open_ = [
                c
                for c in self.connections
                if isinstance(c, Protocol) and not c.transport.is_closing()
            ]
            if len(open_) < limits.max_connections:
                return True
            waiting = [(since, c) for c in open_ if (since := c.waiting_since()) is not None]
            if not waiting:
                return False
            _, oldest = min(waiting, key=lambda pair: pair[0])
            if oldest.receiving():
                oldest.transport.write(body_late)
            oldest.transport.close()
            return True

        def _set_deadline(self) -> None:
            self._clear_deadline()
            self.idle_since = time.monotonic()
            self.heard = False
            self.deadline = self.loop.call_later(limits.header_timeout, self._expire)

        def _clear_deadline(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _expire(self) -> None:
            self.deadline = None
            if self.transport.is_closing() or not self.idle():
                return
            if self.heard:
                self.transport.write(_TIMEOUT)
            self.transport.close()

        def _watch_body(self) -> None:
            """Start the body's deadline when a head has arrived with a body to come; stop it
            once the body is whole or the answer has begun."""
            if not self.receiving():
                self._clear_body_deadline()
            elif self.body_deadline is None or self.body_of is not self.cycle:
                self._clear_body_deadline()
                self.body_of = self.cycle
                self.body_since = time.monotonic()
                self.body_deadline = self.loop.call_later(limits.body_timeout, self._body_expired)

        def _clear_body_deadline(self) -> None:
            if self.body_deadline is not None:
                self.body_deadline.cancel()
                self.body_deadline = None

        def _body_expired(self) -> None:
            self.body_deadline = None
            if self.transport.is_closing() or not self.receiving():
                return
            self.transport.write(body_late)
            self.transport.close()

    return Protocol


def fit_file_limit(max_connections: int) -> int:
    """Raise the process's file limit for ``max_connections`` connections if the system allows;
    returns how many connections fit (``max_connections``, or fewer under a low hard limit).

    Besides the connections, the limit must hold ``SPARE_FILES`` and a burst of ``BACKLOG``
    connections accepted at once: a server out of files stops accepting for a second."""
    try:
        import resource
    except ImportError:  # not on a Unix: no file limit to read
        return max_connections
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    extra = SPARE_FILES + BACKLOG
    wanted = max_connections + extra
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return max_connections
    return max(1, min(max_connections, soft - extra))
