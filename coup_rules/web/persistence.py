"""The hub's link to its store: one thread for every call, group commit, and catch-up.

- **One thread owns the store's connection.** Every call runs on it in order (``run``), and the
  event loop goes on serving other games while one is made.
- **Group commit.** ``commit`` queues a new game or a move; one task writes whatever is waiting
  in one transaction, so one disk flush serves every game that moved meanwhile, and each row is
  answered only after the commit that holds it.
- **Catch-up.** ``catch_up`` takes what other processes stored in a game since the moves the
  table holds (its seating, then its moves, each applied and announced as if made here);
  ``changed_elsewhere`` does it for the games the store says another process changed
  (PostgreSQL's LISTEN/NOTIFY), retrying until the store answers.
- **Outages.** A call that fails with one of the store's ``failures`` (the database stopped,
  unreachable, its file read-only or full) raises ``Unavailable`` with the wait to tell the
  client; ``outage`` logs the first failure and the first answer after it, once each. Nothing
  here retries a request: the caller decides (a request is answered 503; the bot runner and
  the catch-up wait with ``Backoff`` and try again).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from coup_rules.engine import apply
from coup_rules.web.backoff import Backoff, Outage
from coup_rules.web.errors import Unavailable
from coup_rules.web.records import GameRecord, GameStore, MoveRow
from coup_rules.web.store import open_store
from coup_rules.web.table import Table

__all__ = ["Persistence"]

log = logging.getLogger("coup_rules.web")

T = TypeVar("T")


class Persistence:
    """The store ``db`` names, opened by ``open`` and called from one thread.

    Args:
        db: an SQLite file or a ``postgresql://`` URL (``store.open_store``).
        backoff: the waits between tries of ``changed_elsewhere``'s catch-up, and the
            ``Retry-After`` of an outage.
    """

    def __init__(self, db: str | Path, backoff: Backoff | None = None) -> None:
        self.db = db
        self.backoff = backoff or Backoff()
        self.outage = Outage(self.backoff)
        self._io = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="coup-store")
        self._store: GameStore | None = None
        self._waiting: list[tuple[GameRecord | MoveRow, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._refreshing: set[str] = set()  # games whose changes from elsewhere are loading
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def store(self) -> GameStore:
        """The open store."""
        if self._store is None:
            raise RuntimeError("the hub is not started")
        return self._store

    @property
    def shared(self) -> bool:
        """Whether other processes store moves in it too."""
        return self.store.shared

    async def open(self, changed: Callable[[str | None], None]) -> None:
        """Open the store, and call ``changed(game)`` in the event loop when it says another
        process changed ``game`` (``None``: maybe any)."""
        loop = asyncio.get_running_loop()
        self._store = await loop.run_in_executor(self._io, open_store, self.db)

        def from_thread(game: str | None) -> None:  # called from the store's listening thread
            loop.call_soon_threadsafe(changed, game)

        self._store.listen(from_thread)

    async def close(self) -> None:
        """Stop the catch-ups, and close the store once the calls queued before are made."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._store is not None:
            store, self._store = self._store, None
            await asyncio.get_running_loop().run_in_executor(self._io, store.close)
        self._io.shutdown(wait=True)

    async def run(self, fn: Callable[..., T], *args: object, writes: bool = False) -> T:
        """``fn(*args)`` on the store's thread; ``writes``: it writes (``Outage.answered``).

        Raises:
            Unavailable: it failed with one of the store's ``failures``.
        """
        loop = asyncio.get_running_loop()
        failures = self.store.failures
        try:
            result = await loop.run_in_executor(self._io, functools.partial(fn, *args))
        except failures as error:
            self.outage.failed(error, writes)
            raise Unavailable(
                "the server cannot reach its database just now; nothing was changed unless "
                "the game shows it when you look again; it is reconnecting",
                self.outage.retry_after(),
            ) from error
        self.outage.answered(writes)
        return result

    def submit(self, fn: Callable[..., T], *args: object) -> concurrent.futures.Future[T]:
        """``fn(*args)`` on the store's thread, in order with the other calls, not awaited (a
        failure is the store's to recover from: see ``GameStore.release_moving``)."""
        return self._io.submit(fn, *args)

    async def commit(self, row: GameRecord | MoveRow) -> bool:
        """Once ``row`` (a new game or a move) is committed with whatever else is waiting:
        ``True``, or ``False`` if it is a move whose number was taken (nothing stored).

        Raises:
            Unavailable: the transaction failed; none of its rows was stored (or, if the
                database failed while confirming the commit, all of them: a move's number
                then finds it taken when it is tried again).
        """
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((row, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        return await done

    async def _write(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                games = [row for row, _ in batch if isinstance(row, GameRecord)]
                moves = [row for row, _ in batch if not isinstance(row, GameRecord)]
                taken = await self.run(self.store.write, games, moves, writes=True)
            except Exception as error:  # Unavailable, or a bug: none of these is made
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
            else:
                for row, done in batch:
                    if not done.done():
                        done.set_result(isinstance(row, GameRecord) or row[:2] not in taken)

    async def catch_up(self, table: Table) -> None:
        """Take what other processes stored since ``table.moves`` (its lock held): the
        seating, then the moves, each applied and announced as if made here.

        Raises:
            Unavailable: the store did not answer; the table is as it was.
            ValueError: a stored move does not land where the table is (a bug, or another
                engine version wrote it).
        """
        record, stored = await self.run(self.store.since, table.id, table.moves)
        if record is not None and record != table.record:
            table.reseat(record)
        for n, m in enumerate(stored, table.moves):
            if m.version != len(table.state.log):
                raise ValueError(
                    f"game {table.id}: move {n} was stored at version {m.version}, "
                    f"this process is at {len(table.state.log)}"
                )
            table.advance(apply(table.state, m.move), m.move.player, m.timed_out)

    def changed_elsewhere(self, tables: Iterable[Table], held: Callable[[Table], bool]) -> None:
        """Another process changed ``tables``: load their changes, each in a task of its own
        that retries until the store answers, or until ``held(table)`` is false (the game
        left memory)."""
        for table in tables:
            if table.id in self._refreshing:
                continue
            self._refreshing.add(table.id)
            task = asyncio.create_task(self._refresh(table, held), name=f"refresh {table.id}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _refresh(self, table: Table, held: Callable[[Table], bool]) -> None:
        jitter = random.Random(f"refresh:{table.id}")
        attempt = 0
        try:
            while held(table):
                try:
                    async with table.lock:
                        self._refreshing.discard(table.id)  # a change from now on: look again
                        await self.catch_up(table)
                    return
                except Unavailable:
                    pass  # the outage is logged once; wait and try again
                except Exception:
                    log.exception("game %s: could not load the changes stored elsewhere", table.id)
                    return
                await asyncio.sleep(self.backoff.delay(attempt, jitter))
                attempt += 1
        finally:
            self._refreshing.discard(table.id)
