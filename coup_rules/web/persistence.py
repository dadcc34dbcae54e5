"""The hub's link to its store: one thread for every call, group commit, and catch-up.

- **One thread owns the store's connection.** Every call runs on it in order (``run``), and the
  event loop goes on serving other games while one is made.
- **Group commit.** Every write goes through ``commit`` (or ``later``, not awaited): a new game,
  a move, a change of seats, a room opened, set, moved or closed (writes.py). One task commits
  whatever is waiting in one transaction, and the writes queued while that commit is under way
  go together in the next one, so one flush to disk serves every game that wrote meanwhile; each
  write is answered only after the commit that holds it. A write that fails by itself (a bug)
  is found by committing the group's writes one by one, and fails alone.
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
from coup_rules.web.records import GameStore
from coup_rules.web.store import open_store
from coup_rules.web.table import Table
from coup_rules.web.writes import Write

__all__ = ["Persistence"]

log = logging.getLogger("coup_rules.web")

T = TypeVar("T")

_Waiting = tuple[tuple[Write, ...], asyncio.Future[list[bool]]]
"""Writes to commit together, and the future of their outcomes."""


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
        self._waiting: list[_Waiting] = []
        self._writer: asyncio.Task[None] | None = None
        self._refreshing: set[str] = set()  # games whose changes from elsewhere are loading
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing = False

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
        """Stop the catch-ups, and close the store once the writes and calls queued before are
        made."""
        self._closing = True  # a change announced from now on is not loaded
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
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

    async def commit(self, *writes: Write) -> list[bool]:
        """Once ``writes`` are committed, together in one transaction with whatever else is
        waiting (group commit): each one's outcome (``GameStore.commit``: ``False`` for one the
        database refused, which changed nothing).

        Raises:
            Unavailable: the transaction failed; none of its writes was stored (or, if the
                database failed while confirming the commit, all of them: a move's number then
                finds it taken when it is tried again).
            Exception: ``writes`` failed by themselves (a bug): the writes of the others
                waiting were committed without them.
        """
        return await self._queue(writes)

    def later(self, write: Write) -> None:
        """Commit ``write`` with the next group, not awaited: an outage is logged once, as any
        (``Outage``), and the write is lost with it; any other failure (a bug) is logged."""
        self._queue((write,)).add_done_callback(_log_failure)

    def _queue(self, writes: tuple[Write, ...]) -> asyncio.Future[list[bool]]:
        done: asyncio.Future[list[bool]] = asyncio.get_running_loop().create_future()
        self._waiting.append((writes, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write(), name="coup group commit")
        return done

    async def _write(self) -> None:
        """Commit whatever is waiting in one transaction, again until nothing waits: the writes
        queued while a commit is under way go together in the next one."""
        while self._waiting:
            batch, self._waiting = self._waiting, []
            writes = [write for group, _ in batch for write in group]
            try:
                outcomes = await self.run(self.store.commit, writes, writes=True)
            except Unavailable as error:  # none of them is made: each caller is told
                for _, done in batch:
                    _settle(done, error=error)
            except Exception as error:  # a bug in one of them: each group alone, to find it
                if len(batch) == 1:
                    _settle(batch[0][1], error=error)
                else:
                    await self._one_by_one(batch)
            else:
                start = 0
                for group, done in batch:
                    _settle(done, outcomes[start : start + len(group)])
                    start += len(group)

    async def _one_by_one(self, batch: list[_Waiting]) -> None:
        """Commit each group of ``batch`` in a transaction of its own."""
        for group, done in batch:
            try:
                _settle(done, await self.run(self.store.commit, list(group), writes=True))
            except Exception as error:
                _settle(done, error=error)

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
            if self._closing or table.id in self._refreshing:
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


def _settle(
    done: asyncio.Future[list[bool]],
    outcomes: list[bool] | None = None,
    error: BaseException | None = None,
) -> None:
    """Give ``done`` its outcomes, or its error, unless its caller is gone (cancelled)."""
    if done.done():
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(outcomes or [])


def _log_failure(done: asyncio.Future[list[bool]]) -> None:
    """Look at the failure of a write nobody awaits (``Persistence.later``): an outage is logged
    by ``Outage`` already; anything else is a bug, logged with its traceback."""
    if done.cancelled():
        return
    error = done.exception()
    if error is not None and not isinstance(error, Unavailable):
        log.error("a write failed", exc_info=error)
