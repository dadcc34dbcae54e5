"""An immutable, structurally shared event log.

A ``Log`` is a chain of nodes, each holding the events one ``apply`` appended and a pointer to
the log before it. Appending is O(1) and successive states share every earlier event, so keeping
all the states of a game costs O(1) extra memory per state, not a copy of the history each.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from coup_rules.events import Event

__all__ = ["EMPTY_LOG", "Log"]


class Log(Sequence[Event]):
    """A read-only sequence of events, shared between successive states."""

    __slots__ = ("_chunk", "_hash", "_len", "_prev")

    _prev: Log | None
    _chunk: tuple[Event, ...]
    _len: int
    _hash: int | None

    def __init__(self) -> None:
        self._prev = None
        self._chunk = ()
        self._len = 0
        self._hash = None

    def extend(self, events: Iterable[Event]) -> Log:
        """A new log with ``events`` appended; this one is unchanged."""
        chunk = tuple(events)
        if not chunk:
            return self
        node = Log.__new__(Log)
        node._prev = self
        node._chunk = chunk
        node._len = self._len + len(chunk)
        node._hash = None
        return node

    @classmethod
    def of(cls, events: Iterable[Event]) -> Log:
        """A log holding ``events`` in order."""
        return EMPTY_LOG.extend(events)

    def __len__(self) -> int:
        return self._len

    def tail(self, since: int) -> tuple[Event, ...]:
        """The events from index ``since`` on, in O(len - since) (plus one node's events)."""
        since = max(0, since)
        chunks: list[tuple[Event, ...]] = []
        node: Log | None = self
        while node is not None and node._len > since:
            chunks.append(node._chunk)
            node = node._prev
        start = node._len if node is not None else 0
        out = [event for chunk in reversed(chunks) for event in chunk]
        return tuple(out[since - start :])

    def __iter__(self) -> Iterator[Event]:
        return iter(self.tail(0))

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return self.tail(0)[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("log index out of range")
        node: Log = self
        while node._len - len(node._chunk) > index:
            assert node._prev is not None
            node = node._prev
        return node._chunk[index - (node._len - len(node._chunk))]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Log):
            return NotImplemented
        return self._len == other._len and self.tail(0) == other.tail(0)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.tail(0))
        return self._hash

    def __repr__(self) -> str:
        return f"Log({list(self.tail(0))!r})"


EMPTY_LOG = Log()
