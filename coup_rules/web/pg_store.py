"""The shared store: a PostgreSQL database (psycopg 3, the ``[postgres]`` extra).

Any number of server processes, on one machine or many, may serve the same database: each keeps
the games it serves in memory, and the database decides between them. A move's number is the
primary key of its row with the game's id, so of two processes that store a move as number
``n`` of a game, the second one's insert does nothing and it is told so (``write``); it then
loads the moves it missed and checks its move again (hub.py).

The transaction that stores moves also sends ``NOTIFY coup_moves`` with each game's id, which
PostgreSQL delivers once it commits. Each store listens on a second connection, in a thread of
its own, and tells the hub which game another process moved (``listen``), so that each process
pushes the moves the others stored to its own clients. If that connection is lost, it
reconnects and says that any game may have changed.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import psycopg

from coup_rules.web.sql_store import COLUMNS, SCHEMA, SqlStore

__all__ = ["CHANNEL", "PgStore"]

CHANNEL = "coup_moves"
"""The channel of the notifications: the payload is the id of a game that changed."""

_SCHEMA_LOCK = 74_011_901  # an advisory lock: two servers starting at once create the tables once

log = logging.getLogger("coup_rules.web")


class PgStore(SqlStore):
    """A PostgreSQL database, from a ``postgresql://`` URL (the tables are created if missing)."""

    shared = True
    placeholder = "%s"
    lock_row = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        self.url = url
        self._db: psycopg.Connection[Any] = self._connect()
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            self._db.execute(SCHEMA.replace(" REAL ", " DOUBLE PRECISION "))
            for table, columns in COLUMNS.items():
                for column, kind in columns.items():
                    self._db.execute(
                        f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}"
                    )
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None

    def _connect(self) -> psycopg.Connection[Any]:
        db = psycopg.connect(self.url, autocommit=True)
        self._pid = db.info.backend_pid  # the notifications this connection sends are ours
        return db

    def _rows(self, text: str, params: Sequence[object] = ()) -> list[Any]:
        self._reconnect()
        return super()._rows(text, params)

    def _reconnect(self) -> None:
        """Open the connection again if it was lost (the database restarted, say)."""
        if self._db.closed or self._db.broken:
            self._db = self._connect()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._reconnect()
        with self._db.transaction():
            yield

    def _notify(self, games: Iterable[str]) -> None:
        for game in games:  # delivered when the transaction commits
            self._db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, game))

    def claim_moving(self, game: str) -> bool:
        """Whether this process now moves ``game``'s bots and clock: a session advisory lock
        on the game's id, held until ``release_moving`` or the connection ends (a process
        killed lets go at once)."""
        rows = self._rows("SELECT pg_try_advisory_lock(hashtext(?))", (game,))
        return bool(rows[0][0])

    def release_moving(self, game: str) -> None:
        """Let another process move ``game``'s bots and clock."""
        self._rows("SELECT pg_advisory_unlock(hashtext(?))", (game,))

    def close(self) -> None:
        """Stop listening and close the connections."""
        self._stop.set()
        if self._listener is not None:
            self._listener.join()
        self._db.close()

    def listen(self, changed: Callable[[str | None], None]) -> None:
        """Call ``changed(game)`` from a thread of its own when another process changed
        ``game``; ``changed(None)`` after the listening connection was lost and opened again."""
        self._listener = threading.Thread(
            target=self._listen, args=(changed,), name="coup-listen", daemon=True
        )
        self._listener.start()

    def _listen(self, changed: Callable[[str | None], None]) -> None:
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if not first:  # notifications may have been missed meanwhile
                        changed(None)
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            if note.pid != self._pid:
                                changed(note.payload)
            except psycopg.OperationalError as error:
                log.warning("lost the database's notifications (%s); reconnecting", error)
                self._stop.wait(1.0)
