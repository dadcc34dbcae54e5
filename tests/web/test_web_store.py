"""The store's contract, on the embedded SQLite store (the PostgreSQL one runs the same queries:
``sql_store.py``; its own tests are in test_web_postgres.py)."""

from __future__ import annotations

from pathlib import Path

from coup_rules import Config, Income, Tax
from coup_rules.web.seating import Seating
from coup_rules.web.sqlite_store import SqliteStore
from coup_rules.web.store import GameRecord, is_postgres, open_store, shown


def _record(gid: str) -> GameRecord:
    seating = Seating.new(("human", "honest"), "host-token", ["invite-0", "invite-1"])
    return GameRecord(
        id=gid, config=Config(players=2), seed=7, seating=seating, spectator="s-" + gid
    )


def test_a_move_number_taken_is_reported_and_the_other_moves_are_stored(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.sqlite3")
    try:
        assert store.write([_record("g1"), _record("g2")], []) == set()
        assert store.write([], [("g1", 0, 0, Tax(0), False)]) == set()
        taken = store.write([], [("g1", 0, 0, Income(0), False), ("g2", 0, 0, Income(0), True)])
        assert taken == {("g1", 0)}
        assert [m.move for m in store.moves("g1", 0)] == [Tax(0)]  # the first one stays
        assert [(m.move, m.timed_out) for m in store.moves("g2", 0)] == [(Income(0), True)]
    finally:
        store.close()


def test_a_game_is_read_back_as_it_was_written(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.sqlite3")
    try:
        store.write([_record("g1")], [("g1", 0, 3, Tax(0), False)])
        record, moves = store.since("g1", 0)
        assert record == _record("g1")
        assert [(m.version, m.move) for m in moves] == [(3, Tax(0))]
        assert store.since("g1", 1) == (record, [])
        assert store.game("nothing") is None and store.record("nothing") is None
    finally:
        store.close()


def test_an_sqlite_store_is_not_shared_and_always_moves_its_games(tmp_path: Path) -> None:
    store = open_store(tmp_path / "games.sqlite3")
    try:
        assert isinstance(store, SqliteStore) and not store.shared
        assert store.claim_moving("g1")
    finally:
        store.close()


def test_a_database_url_is_told_from_a_file_and_printed_without_its_password() -> None:
    assert is_postgres("postgresql://coup@127.0.0.1/coup") and is_postgres("postgres://h/db")
    assert not is_postgres("games.sqlite3") and not is_postgres(Path("postgresql.sqlite3"))
    assert shown("postgresql://coup:secret@db.internal:5432/coup") == (
        "postgresql://coup:***@db.internal:5432/coup"
    )
    assert shown("postgresql://coup@db.internal/coup") == "postgresql://coup@db.internal/coup"
    assert shown("games.sqlite3") == "games.sqlite3"
