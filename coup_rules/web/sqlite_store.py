"""The embedded store: one SQLite file, standard library only (the default of ``coup-rules serve``).

Each write is one committed transaction (WAL journal, ``synchronous=FULL``), so a move the server
has answered survives the process being killed, and a move half-written when it is killed never
appears. One server serves a file at a time (``dbfile.claim``), so the store is not ``shared``.

A file that cannot be written for now (read-only, a full disk, a lock held too long) makes
SQLite raise ``sqlite3.OperationalError``: that is this store's ``failures``, which the server
retries until the file takes writes again.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from coup_rules.web.dbfile import create_private
from coup_rules.web.sql_store import COLUMNS, SCHEMA, SqlStore

__all__ = ["SqliteStore"]


class SqliteStore(SqlStore):
    """The SQLite file (created 0600 if missing; an older file gains the newer columns)."""

    failures: tuple[type[Exception], ...] = (sqlite3.OperationalError,)

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        create_private(self.path)  # it holds every seed and token: 0600, before SQLite opens it
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        for table, columns in COLUMNS.items():
            have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            for column, kind in columns.items():
                if column not in have:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an exception)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")
