"""Group commit: the writes that arrive while a commit is under way go together in the next
transaction, each told its own outcome only after the commit that holds it (persistence.py).

The durability of each acknowledged move across a SIGKILL is test_web_persistence.py's; here,
how the writes are grouped, and that a write failing by itself fails alone.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.web.support import need_web

need_web()

from coup_rules import Config, Income, Tax  # noqa: E402
from coup_rules.web.hub import Hub  # noqa: E402
from coup_rules.web.persistence import Persistence  # noqa: E402
from coup_rules.web.seating import Seating  # noqa: E402
from coup_rules.web.sqlite_store import SqliteStore  # noqa: E402
from coup_rules.web.store import GameRecord  # noqa: E402
from coup_rules.web.writes import NewGame, NewMove, OpenRoom, Write  # noqa: E402


def _record(gid: str) -> GameRecord:
    seating = Seating.new(("human", "honest"), "host-" + gid, ["invite-0", "invite-1"])
    return GameRecord(
        id=gid, config=Config(players=2), seed=7, seating=seating, spectator="s-" + gid
    )


class Counted:
    """The store's transactions, as ``commit`` was called: the writes of each."""

    def __init__(self, store: SqliteStore) -> None:
        self.groups: list[list[Write]] = []
        self.commit = store.commit

        def commit(writes: Sequence[Write]) -> list[bool]:
            self.groups.append(list(writes))
            return self.commit(writes)

        store.commit = commit  # type: ignore[method-assign]


async def _opened(db: Path) -> tuple[Persistence, Counted]:
    persistence = Persistence(db)
    await persistence.open(lambda _game: None)
    assert isinstance(persistence.store, SqliteStore)
    return persistence, Counted(persistence.store)


def test_moves_that_arrive_during_a_commit_are_committed_together_in_the_next_one(
    tmp_path: Path,
) -> None:
    async def main() -> tuple[list[list[bool]], Counted, int]:
        persistence, counted = await _opened(tmp_path / "games.sqlite3")
        try:
            games = [f"g{k}" for k in range(12)]
            await persistence.commit(*(NewGame(_record(g)) for g in games))
            disk = threading.Event()  # the store's thread waits for it: a slow flush
            persistence.submit(disk.wait, 10)
            first = asyncio.create_task(persistence.commit(NewMove(games[0], 0, 3, Tax(0))))
            await asyncio.sleep(0.05)  # its commit is under way, on the store's thread
            later = [
                asyncio.create_task(persistence.commit(NewMove(g, 0, 3, Tax(0)))) for g in games[1:]
            ]
            await asyncio.sleep(0.05)
            assert not first.done()  # answered only after the commit that holds it
            disk.set()
            told = await asyncio.gather(first, *later)
            stored = await persistence.run(persistence.store.count_moves)
            return told, counted, stored
        finally:
            await persistence.close()

    told, counted, stored = asyncio.run(main())
    assert told == [[True]] * 12 and stored == 12
    assert [len(group) for group in counted.groups] == [12, 1, 11]


def test_a_new_game_and_its_room_code_are_one_transaction(tmp_path: Path) -> None:
    async def main() -> tuple[list[bool], Counted]:
        persistence, counted = await _opened(tmp_path / "games.sqlite3")
        try:
            told = await persistence.commit(
                NewGame(_record("g1")), OpenRoom("g1", "ABCDEF", 100.0, 3600.0)
            )
            return told, counted
        finally:
            await persistence.close()

    told, counted = asyncio.run(main())
    assert told == [True, True] and len(counted.groups) == 1


def test_a_write_that_fails_by_itself_fails_alone_and_the_others_of_its_group_are_stored(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"

    async def main() -> list[object]:
        persistence, _ = await _opened(db)
        try:
            await persistence.commit(NewGame(_record("g1")), NewGame(_record("g2")))
            return await asyncio.gather(
                persistence.commit(NewMove("g1", 0, 3, Tax(0))),
                persistence.commit(NewMove("g1", 1, 4, Income(1))),
                persistence.commit(NewMove("nowhere", 0, 3, Tax(0))),  # no such game: a bug
                persistence.commit(NewMove("g2", 0, 3, Income(0))),
                return_exceptions=True,
            )
        finally:
            await persistence.close()

    told = asyncio.run(main())
    assert told[:2] == [[True], [True]] and told[3] == [True]
    assert isinstance(told[2], sqlite3.IntegrityError)
    store = SqliteStore(db)
    try:
        assert [m.move for m in store.moves("g1", 0)] == [Tax(0), Income(1)]
        assert [m.move for m in store.moves("g2", 0)] == [Income(0)]
        assert store.moves("nowhere", 0) == []
    finally:
        store.close()


def test_a_move_equal_to_the_one_stored_under_its_number_counts_as_stored(tmp_path: Path) -> None:
    """A move stored although its commit seemed to fail (the answer lost in an outage), then
    tried again: the game is the same either way, so it is not reported as taken."""
    store = SqliteStore(tmp_path / "games.sqlite3")
    try:
        store.commit([NewGame(_record("g1")), NewMove("g1", 0, 3, Tax(0))])
        again = store.commit([NewMove("g1", 0, 3, Tax(0)), NewMove("g1", 0, 3, Tax(0), True)])
        assert again == [True, False]  # the second differs: made for a seat out of time
        assert len(store.moves("g1", 0)) == 1
    finally:
        store.close()


@pytest.mark.parametrize("moves", [1, 450])
def test_any_number_of_moves_is_stored_by_one_commit(tmp_path: Path, moves: int) -> None:
    store = SqliteStore(tmp_path / "games.sqlite3")
    try:
        games = [f"g{k}" for k in range(moves)]
        store.commit([NewGame(_record(g)) for g in games])
        assert store.commit([NewMove(g, 0, 3, Tax(0)) for g in games]) == [True] * moves
        assert store.count_moves() == moves
    finally:
        store.close()


def test_a_change_announced_while_the_server_stops_is_not_loaded_and_logs_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """PostgreSQL's notifications arrive from a thread of their own, up to the last moment: one
    that comes once the store is closing starts no catch-up (that would fail, "the hub is not
    started", with a traceback in the log)."""
    caplog.set_level(logging.INFO)

    async def main() -> None:
        hub = Hub(tmp_path / "games.sqlite3", bot_delay=0)
        await hub.start()
        table = await hub.create(Config(players=2), ("human", "human"))
        await hub.stop()
        hub.persistence.changed_elsewhere([table], lambda _table: True)
        await asyncio.sleep(0.05)

    asyncio.run(main())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
