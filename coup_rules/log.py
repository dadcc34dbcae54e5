"""An immutable, structurally shared event log.

Each ``Log`` is a node that points at the log before it, so appending is O(1) and successive
states share every earlier event: keeping all the states of a game costs O(1) extra memory per
appended event, not a copy of the history per state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from coup_rules.events import Event

__all__ = ["EMPTY_LOG", "Log"]


class Log(Sequence[Event]):
    """A read-only sequence of events, shared between successive states."""

    __slots__ = ("_hash", "_last", "_len", "_prev")

    _prev: Log | None
    _last: Event | None
    _len: int
    _hash: int

    def __init__(self) -> None:
        self._prev = None
        self._last = None
        self._len = 0
        self._hash = 0

    @staticmethod
    def _node(prev: Log, event: Event) -> Log:
        node = Log.__new__(Log)
        node._prev = prev
        node._last = event
        node._len = prev._len + 1
        node._hash = hash((prev._hash, event))
        return node

    def extend(self, events: Iterable[Event]) -> Log:
        """A new log with ``events`` appended; this one is unchanged."""
        log = self
        for event in events:
            log = Log._node(log, event)
        return log

    @classmethod
    def of(cls, events: Iterable[Event]) -> Log:
        """A log holding ``events`` in order."""
        return EMPTY_LOG.extend(events)

    def __len__(self) -> int:
        return self._len

    def tail(self, since: int) -> tuple[Event, ...]:
        """The events from index ``since`` on, in O(len - since)."""
        since = max(0, since)
        out: list[Event] = []
        node: Log | None = self
        while node is not None and node._len > since:
            assert node._last is not None
            out.append(node._last)
            node = node._prev
        out.reverse()
        return tuple(out)

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
        while node._len > index + 1:
            assert node._prev is not None
            node = node._prev
        assert node._last is not None
        return node._last

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Log):
            if self._len != other._len or self._hash != other._hash:
                return False
            a: Log | None = self
            b: Log | None = other
            while a is not None and b is not None and a is not b:
                if a._last != b._last:
                    return False
                a, b = a._prev, b._prev
            return True
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Log({list(self.tail(0))!r})"


EMPTY_LOG = Log()
