"""The table's chat: canned lines and short free text, kept beside the game, never in it.

Chat is not part of the rules: it is neither in the game's log nor in its state, and it is not
stored (a server restarted, or another process of a shared store, starts its tables' chat
afresh). A line is posted by a seat (``Chat.post``) and sent to every page that follows the
table (``event: chat`` on the event stream, app.py).

- **Short.** A free line is one line of 1 to ``MAX_TEXT`` characters, normalized as names are
  (text.py: NFC, trimmed, no formatting characters, no towers of accents); a canned line is
  one of ``CANNED``, by its key. Pages show every line as text, never as HTML.
- **Rate-limited per seat and per client.** Each seat has a bucket of ``BURST`` lines that
  refills one line every ``REFILL`` seconds (``TooFast`` says how long to wait); and each
  client (its address, as limits.py counts clients) has one of ``CLIENT_BURST`` lines that
  refills one every ``CLIENT_REFILL`` seconds, over every seat and table it holds, so that
  one client holding many seats says no more than two people at one address would.
- **The host can mute a seat** (``Seating.muted``, stored with the seating): its lines are
  refused (``Muted``) until the host lets it speak again.
- **Bounded.** A table keeps its last ``HISTORY`` lines, which a page that connects is sent.

Pure values: the caller passes the time, so that the rules here are tested without a clock.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import attrs

from coup_rules.web.text import TextError, one_line

__all__ = [
    "BURST",
    "CANNED",
    "CLIENT_BURST",
    "CLIENT_REFILL",
    "HISTORY",
    "MAX_TEXT",
    "REFILL",
    "Allowance",
    "Bucket",
    "Chat",
    "ChatError",
    "Line",
    "Muted",
    "TooFast",
    "clean_text",
    "parse_line",
    "too_fast_for_client",
]

MAX_TEXT = 140
"""The longest free line, in characters."""

BURST = 5
"""Lines a seat may post at once before it must wait."""

REFILL = 3.0
"""Seconds in which a seat's bucket gains back one line."""

CLIENT_BURST = 10
"""Lines one client may post at once, over all the seats it holds (``Allowance``)."""

CLIENT_REFILL = 1.5
"""Seconds in which a client's bucket gains back one line: two seats' worth (``REFILL``)."""

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
    """A free line as shown: 1 to ``MAX_TEXT`` characters as ``text.one_line`` makes it (NFC,
    trimmed, its spaces one each, control characters dropped).

    Raises:
        ChatError: not a string, empty, too long, holding a formatting character, or stacking
            more than ``text.MAX_MARKS`` accents on one letter.
    """
    if not isinstance(text, str):
        raise ChatError("chat: write your line as text")
    try:
        return one_line(text, MAX_TEXT)
    except TextError as error:
        if not " ".join(text.split()):
            raise ChatError("chat: the line is empty") from None
        raise ChatError(f"chat: {error}") from None


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


class Allowance:
    """Per key (a client), a ``Bucket`` of ``burst`` that gains one every ``refill`` seconds;
    the buckets that have filled up again are forgotten once there are many."""

    def __init__(self, burst: int, refill: float, keep: int = 10_000) -> None:
        self.burst = burst
        self.refill = refill
        self.keep = keep
        self.buckets: dict[str, Bucket] = {}

    def take(self, key: str, now: float) -> float:
        """0 if ``key`` may go ahead at ``now`` (one is taken), else the seconds to wait."""
        if len(self.buckets) > self.keep:
            full = self.burst * self.refill
            self.buckets = {k: b for k, b in self.buckets.items() if now - b.at < full}
        bucket = self.buckets.get(key, Bucket(float(self.burst), now))
        bucket, wait = bucket.take(now, self.burst, self.refill)
        self.buckets[key] = bucket
        return wait


def too_fast_for_client(wait: float) -> TooFast:
    """The refusal of a line beyond its client's allowance (``CLIENT_BURST``)."""
    return TooFast(
        f"chat: at most {CLIENT_BURST} lines at once from one address, then one every "
        f"{CLIENT_REFILL:g} s, over all its seats: wait {math.ceil(wait)} s",
        wait,
    )


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
