"""An immutable, structurally shared event log whose events are built when first read.

A ``Log`` is a chain of nodes, each holding what one ``apply`` appended and a pointer to the log
before it. Appending is O(1) and successive states share every earlier event, so keeping all the
states of a game costs O(1) extra memory per state, not a copy of the history each.

Inside, a node stores each event in a compact form: a plain tuple ``(EventClass, *fields)`` in
the class's field order. The public event objects are built from it on first read and cached in
the node, so an engine loop that never reads the log never pays for them. Equality and hashing
use the compact form, which maps one to one onto events.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeAlias, overload

import attrs

from coup_rules.events import Event

__all__ = ["EMPTY_LOG", "Compact", "Log", "compact"]

Compact: TypeAlias = tuple[Any, ...]
"""An event as ``(EventClass, *fields)``, fields in the class's declaration order."""


_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls)) for cls in typing.get_args(Event)
}
"""Each event class's field names, in declaration order."""


def compact(event: Event) -> Compact:
    """The compact form of ``event``."""
    cls = type(event)
    return (cls, *[getattr(event, name) for name in _FIELDS[cls]])


def _build(item: Compact) -> Event:
    event: Event = item[0](*item[1:])
    return event


class _Cache:
    """What a node computes when it is first read: its events, its redactions per viewer, the
    whole log up to it as a viewer sees it (``whole``, see ``Log.seen_tail``) and (on the newest
    node) the log's hash. Made on first read, so appending sets three slots."""

    __slots__ = ("events", "hash", "seen", "whole")

    def __init__(self) -> None:
        self.events: tuple[Event, ...] | None = None
        self.seen: dict[int | None, tuple[Event, ...]] = {}
        self.whole: dict[int | None, tuple[Event, ...]] = {}
        self.hash: int | None = None


class Log(Sequence[Event]):
    """A read-only sequence of events, shared between successive states."""

    __slots__ = ("_cache", "_chunk", "_len", "_prev")

    _prev: Log | None
    _chunk: tuple[Compact, ...]
    _len: int
    _cache: _Cache | None

    def __init__(self) -> None:
        self._prev = None
        self._chunk = ()
        self._len = 0
        self._cache = None

    def append_compact(self, chunk: tuple[Compact, ...]) -> Log:
        """A new log with the compact events of ``chunk`` appended; this one is unchanged."""
        if not chunk:
            return self
        node = Log.__new__(Log)
        node._prev = self
        node._chunk = chunk
        node._len = self._len + len(chunk)
        node._cache = None
        return node

    def extend(self, events: Iterable[Event]) -> Log:
        """A new log with ``events`` appended; this one is unchanged."""
        return self.append_compact(tuple(compact(e) for e in events))

    @classmethod
    def of(cls, events: Iterable[Event]) -> Log:
        """A log holding ``events`` in order."""
        return EMPTY_LOG.extend(events)

    def __len__(self) -> int:
        return self._len

    def _caches(self) -> _Cache:
        cache = self._cache
        if cache is None:
            cache = self._cache = _Cache()
        return cache

    def _node_events(self) -> tuple[Event, ...]:
        cache = self._caches()
        events = cache.events
        if events is None:
            events = cache.events = tuple(_build(item) for item in self._chunk)
        return events

    def _nodes_since(self, since: int) -> tuple[list[Log], int]:
        """The nodes holding events from ``since`` on, oldest first, and the first one's start."""
        nodes: list[Log] = []
        node: Log | None = self
        while node is not None and node._len > since:
            nodes.append(node)
            node = node._prev
        nodes.reverse()
        return nodes, (node._len if node is not None else 0)

    def tail(self, since: int) -> tuple[Event, ...]:
        """The events from index ``since`` on, in O(len - since) (plus one node's events)."""
        since = max(0, since)
        nodes, start = self._nodes_since(since)
        out = [event for node in nodes for event in node._node_events()]
        return tuple(out[since - start :])

    def seen_tail(
        self, since: int, viewer: int | None, redact: Callable[[Event, int | None], Event]
    ) -> tuple[Event, ...]:
        """The events from ``since`` on as ``viewer`` sees them, ``redact`` applied to each.

        Each node keeps what it computed per viewer, so views of successive states (which share
        their earlier nodes) redact every event once per viewer, not once per view. The whole
        log (``since`` 0) is kept too, on the node last asked for it: a later node asked takes it
        over from the newest node before it that keeps it and adds the events since, so a game
        followed move by move costs O(new events) per view, and keeps one whole log per viewer,
        not one per node.
        """
        since = max(0, since)
        if since == 0:
            return self._seen_whole(viewer, redact)
        nodes, start = self._nodes_since(since)
        out: list[Event] = []
        for node in nodes:
            out += node._seen_chunk(viewer, redact)
        return tuple(out[since - start :])

    def _seen_chunk(
        self, viewer: int | None, redact: Callable[[Event, int | None], Event]
    ) -> tuple[Event, ...]:
        """This node's own events as ``viewer`` sees them (kept)."""
        seen = self._caches().seen
        chunk = seen.get(viewer)
        if chunk is None:
            chunk = seen[viewer] = tuple(redact(e, viewer) for e in self._node_events())
        return chunk

    def _seen_whole(
        self, viewer: int | None, redact: Callable[[Event, int | None], Event]
    ) -> tuple[Event, ...]:
        """The whole log as ``viewer`` sees it, kept on this node: taken over from the newest
        node before this one that keeps it (which then lets it go), plus the events since.

        With none to take over, it is read node by node, and kept only if this node is new to
        the viewer (its events were never redacted for it). A state viewed again after later
        ones (a game looked at backwards, say) does not keep one more whole log each time.
        """
        cache = self._caches()
        whole = cache.whole.get(viewer)
        if whole is not None:
            return whole
        first_look = viewer not in cache.seen  # no event of this node redacted for it yet
        nodes: list[Log] = []
        node: Log | None = self
        before: tuple[Event, ...] | None = None
        while node is not None:
            found = None if node._cache is None else node._cache.whole.pop(viewer, None)
            if found is not None:
                before = found
                break
            nodes.append(node)
            node = node._prev
        later: list[Event] = []
        for node in reversed(nodes):
            later += node._seen_chunk(viewer, redact)
        if before is None:
            whole = tuple(later)
            if first_look:
                cache.whole[viewer] = whole
        else:
            whole = cache.whole[viewer] = before + tuple(later)
        return whole

    def compact_tail(self, since: int) -> tuple[Compact, ...]:
        """The compact events from index ``since`` on (for equality, hashing and redaction)."""
        chunk = self._chunk
        start = self._len - len(chunk)
        if since >= start:  # within the newest node (a reader following a game step by step)
            return chunk if since == start else chunk[since - start :]
        since = max(0, since)
        nodes, start = self._nodes_since(since)
        out = [item for node in nodes for item in node._chunk]
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
        return node._node_events()[index - (node._len - len(node._chunk))]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Log):
            return NotImplemented
        return self._len == other._len and self.compact_tail(0) == other.compact_tail(0)

    def __hash__(self) -> int:
        cache = self._caches()
        if cache.hash is None:
            cache.hash = hash(self.compact_tail(0))
        return cache.hash

    def __repr__(self) -> str:
        return f"Log({list(self.tail(0))!r})"

    def __reduce__(self) -> tuple[object, tuple[tuple[Compact, ...]]]:
        # Pickled and copied flat, as one node of compact events: no recursion through the
        # chain, and no per-node caches carried along.
        return (_of_compact, (self.compact_tail(0),))


def _of_compact(chunk: tuple[Compact, ...]) -> Log:
    """The log of the compact events ``chunk`` (what unpickling a ``Log`` calls)."""
    return EMPTY_LOG.append_compact(chunk)


EMPTY_LOG = Log()
"""The log of nothing."""
