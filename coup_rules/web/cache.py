"""Which games stay in memory: those in play, not every game ever stored.

A game is loaded from the store when someone asks for it (``Hub.open``) and leaves memory at
the next sweep once nobody needs it: after ``idle`` seconds with no request and no event stream
(an unfinished game's bots pause with it, and go on when it is loaded again). A game being
moved, or followed by a stream, always stays. Finished games leave the same way, not at once:
their players still read the final view and ask for a rematch (whose id is kept in memory).
So the memory a server holds grows with the games being played and watched, not with the games
it has stored, and start-up loads nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, Protocol, TypeVar

__all__ = ["Cached", "Tables"]


class Cached(Protocol):
    """What the cache reads of a game in memory."""

    @property
    def id(self) -> str: ...

    @property
    def finished(self) -> bool: ...

    @property
    def busy(self) -> bool:
        """A move is being made, or an event stream follows the game."""
        ...


T = TypeVar("T", bound=Cached)


class Tables(Generic[T]):
    """The games in memory by id, with the time each was last asked for.

    Args:
        idle: seconds a game nobody asks for or follows stays in memory.
        clock: seconds (``time.monotonic``); tests pass their own.
    """

    def __init__(self, idle: float, clock: Callable[[], float]) -> None:
        self.idle = idle
        self.clock = clock
        self.by_id: dict[str, T] = {}
        self._used: dict[str, float] = {}

    def __len__(self) -> int:
        return len(self.by_id)

    def __iter__(self) -> Iterator[T]:
        return iter(list(self.by_id.values()))

    def peek(self, game: str) -> T | None:
        """The game if it is in memory, without counting as a use."""
        return self.by_id.get(game)

    def get(self, game: str) -> T | None:
        """The game if it is in memory; it counts as used now."""
        table = self.by_id.get(game)
        if table is not None:
            self._used[game] = self.clock()
        return table

    def add(self, table: T) -> None:
        """Keep ``table`` in memory, used now."""
        self.by_id[table.id] = table
        self._used[table.id] = self.clock()

    def live(self) -> int:
        """How many unfinished games are in memory."""
        return sum(not t.finished for t in self.by_id.values())

    def sweep(self) -> list[T]:
        """Drop the games nobody needs (see the module) and return them."""
        now = self.clock()
        gone = [
            t for t in self.by_id.values() if not t.busy and now - self._used[t.id] >= self.idle
        ]
        for table in gone:
            del self.by_id[table.id]
            del self._used[table.id]
        return gone
