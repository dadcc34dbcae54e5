"""The table's chat: canned lines and short free text, kept beside the game, never in it.

Chat is not part of the rules: it is neither in the game's log nor in its state, and it is not
stored (a server restarted, or another process of a shared store, starts its tables' chat
afresh). A line is posted by a seat (``Chat.post``) and sent to every page that follows the
table (``event: chat`` on the event stream, app.py).

- **Short.** A free line is one line of 1 to ``MAX_TEXT`` characters, trimmed, without control
  or formatting characters (as names are, seating.py); a canned line is one of ``CANNED``, by
  its key. Pages show every line as text, never as HTML.
- **Rate-limited per seat.** Each seat has a bucket of ``BURST`` lines that refills one line
  every ``REFILL`` seconds (``TooFast`` says how long to wait); the request itself goes through
  the server's per-client limits like any other (limits.py).
- **The host can mute a seat** (``Seating.muted``, stored with the seating): its lines are
  refused (``Muted``) until the host lets it speak again.
- **Bounded.** A table keeps its last ``HISTORY`` lines, which a page that connects is sent.

Pure values: the caller passes the time, so that the rules here are tested without a clock.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

import attrs

__all__ = [
    "BURST",
    "CANNED",
    "HISTORY",
    "MAX_TEXT",
    "REFILL",
    "Chat",
    "ChatError",
    "Line",
    "Muted",
    "TooFast",
    "clean_text",
    "parse_line",
]

MAX_TEXT = 140
"""The longest free line, in characters."""

BURST = 5
"""Lines a seat may post at once before it must wait."""

REFILL = 3.0
"""Seconds in which a seat's bucket gains back one line."""

HISTORY = 50
"""Lines a table keeps (and sends a page that connects)."""

CANNED: Mapping[str, str] = {
    "hello": "Hello!",
    "gg": "Good game!",
    "nice": "Nice move.",
    "thinking": "Thinking…",
    "bluff": "I smell a bluff.",
    "sorry": "Sorry!",
    "brb": "Back in a minute.",
    "again": "Another game?",
}
"""The canned lines, by key: what the page offers as buttons."""


class ChatError(ValueError):
    """A line that cannot be posted; the message says why, to the person who wrote it."""


class Muted(ChatError):
    """The host has muted this seat."""


class TooFast(ChatError):
    """The seat posted too many lines just now; ``retry_after`` is the wait, in seconds."""

    def __init__(self, detail: str, retry_after: float) -> None:
        super().__init__(detail)
        self.retry_after = retry_after


def clean_text(text: object) -> str:
    """A free line as shown: trimmed, its spaces one each, 1 to ``MAX_TEXT`` characters.

    Raises:
        ChatError: not a string, empty, too long, or holding a control or formatting character.
    """
    if not isinstance(text, str):
        raise ChatError("chat: write your line as text")
    line = " ".join(text.split())
    if not line:
        raise ChatError("chat: the line is empty")
    if len(line) > MAX_TEXT:
        raise ChatError(f"chat: at most {MAX_TEXT} characters a line, not {len(line)}")
    if any(unicodedata.category(c)[0] == "C" for c in line):
        raise ChatError("chat: use letters, digits, spaces and punctuation only")
    return line


def parse_line(body: object) -> tuple[str, str | None]:
    """The text and the canned key of a posted body: ``{"text": ...}`` or ``{"canned": KEY}``.

    Raises:
        ChatError: the body is neither, or its text or key is not acceptable.
    """
    if isinstance(body, dict) and set(body) == {"canned"}:
        key = body["canned"]
        if not isinstance(key, str) or key not in CANNED:
            raise ChatError(f"chat: {str(key)[:20]!r} is not one of {', '.join(CANNED)}")
        return CANNED[key], key
    if isinstance(body, dict) and set(body) == {"text"}:
        return clean_text(body["text"]), None
    raise ChatError('chat: the body must be {"text": "..."} or {"canned": "gg"}')


@attrs.frozen
class Line:
    """One line: its number at the table, the seat that said it, its text, its canned key
    (``None``: free text) and the name its seat had then."""

    id: int
    seat: int
    name: str
    text: str
    canned: str | None = None

    def data(self) -> dict[str, Any]:
        """The line as sent (``event: chat``)."""
        return {
            "id": self.id,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "canned": self.canned,
        }


@attrs.frozen
class Bucket:
    """A seat's allowance: ``lines`` it may post now, as of time ``at``."""

    lines: float
    at: float

    def take(self, now: float, burst: int = BURST, refill: float = REFILL) -> tuple[Bucket, float]:
        """The bucket after one line at ``now``, and 0; or itself and the seconds to wait
        (``burst`` lines at most, one more every ``refill`` seconds)."""
        lines = min(float(burst), self.lines + (now - self.at) / refill)
        if lines >= 1.0:
            return Bucket(lines - 1.0, now), 0.0
        return self, (1.0 - lines) * refill


@attrs.frozen
class Chat:
    """A table's chat: its last lines and each seat's bucket."""

    lines: tuple[Line, ...] = ()
    next_id: int = 0
    buckets: tuple[tuple[int, Bucket], ...] = ()

    def post(self, seat: int, name: str, body: object, now: float, muted: bool) -> Chat:
        """The chat with ``seat``'s line (``parse_line(body)``) said at ``now``.

        Raises:
            Muted: the host muted the seat (``muted``).
            TooFast: the seat's bucket is empty.
            ChatError: the body is not a line (``parse_line``).
        """
        if muted:
            raise Muted("chat: the host has muted your seat; the others do not see your lines")
        text, canned = parse_line(body)
        held = dict(self.buckets)
        bucket, wait = held.get(seat, Bucket(float(BURST), now)).take(now)
        if wait > 0:
            raise TooFast(
                f"chat: at most {BURST} lines at once, then one every {REFILL:g} s: "
                f"wait {wait:.0f} s",
                wait,
            )
        held[seat] = bucket
        line = Line(self.next_id, seat, name, text, canned)
        return Chat((*self.lines, line)[-HISTORY:], self.next_id + 1, tuple(sorted(held.items())))

    def since(self, after: int) -> tuple[Line, ...]:
        """The lines kept whose ``id`` is ``after`` or more."""
        return tuple(line for line in self.lines if line.id >= after)
