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
reconnects and says that any game may have changed (the warning is logged once per loss).

When the database stops or becomes unreachable, its calls raise ``psycopg.OperationalError``
(this store's ``failures``); the server retries them, and each call opens the connection again
if it was lost. A read outside a transaction on a connection dropped while idle is asked once
more on a new one at once, and the advisory locks of the games this process moves are taken
again on the new session.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import psycopg

from coup_rules.web.sql_store import COLUMNS, SCHEMA, SqlStore

__all__ = ["CHANNEL", "PgStore"]

CHANNEL = "coup_moves"
"""The channel of the notifications: the payload is the id of a game that changed."""

CONNECT_TIMEOUT = 5
"""Seconds to wait for the database to accept a connection before calling it unreachable."""

APP_NAME = "coup-serve"
LISTEN_NAME = "coup-listen"
"""The ``application_name`` of the store's connection and of its listening one (they show in
``pg_stat_activity``)."""

IDLE_CHECK = 1.0
"""Seconds idle after which a transaction first checks its connection (``SELECT 1``)."""

_SCHEMA_LOCK = 74_011_901  # an advisory lock: two servers starting at once create the tables once

log = logging.getLogger("coup_rules.web")


class PgStore(SqlStore):
    """A PostgreSQL database, from a ``postgresql://`` URL (the tables are created if missing)."""

    shared = True
    placeholder = "%s"
    lock_row = " FOR UPDATE"

    failures: tuple[type[Exception], ...] = (psycopg.OperationalError, psycopg.InterfaceError)

    def __init__(self, url: str) -> None:
        self.url = url
        self._moving: set[str] = set()  # the games whose advisory lock this process holds
        self._in_transaction = False
        self._used = time.monotonic()
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
        db = psycopg.connect(
            self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, application_name=APP_NAME
        )
        self._pid = db.info.backend_pid  # the notifications this connection sends are ours
        for game in sorted(self._moving):  # a new session holds no lock: take them again
            row = db.execute("SELECT pg_try_advisory_lock(hashtext(%s))", (game,)).fetchone()
            if not (row and row[0]):  # another process took the game over meanwhile
                self._moving.discard(game)
        return db

    def _rows(self, text: str, params: Sequence[object] = ()) -> list[Any]:
        self._reconnect()
        if self._in_transaction:
            return super()._rows(text, params)
        try:
            rows = super()._rows(text, params)
        except psycopg.OperationalError:
            if not self._db.broken:
                raise
            # A connection the database dropped while it was idle (it restarted, say): a
            # read outside a transaction changes nothing, so it is asked once more anew.
            self._reconnect()
            rows = super()._rows(text, params)
        self._used = time.monotonic()
        return rows

    def _reconnect(self) -> None:
        """Open the connection again if it was lost (the database restarted, say)."""
        if self._db.closed or self._db.broken:
            self._db = self._connect()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._reconnect()
        if time.monotonic() - self._used > IDLE_CHECK:
            self._rows("SELECT 1")  # a connection dropped while idle is found before BEGIN
        self._in_transaction = True
        try:
            with self._db.transaction():
                yield
        finally:
            self._in_transaction = False
        self._used = time.monotonic()

    def _notify(self, games: Iterable[str]) -> None:
        names = list(games)
        if names:  # one statement for all of them; delivered when the transaction commits
            self._db.execute(
                "SELECT pg_notify(%s, game) FROM unnest(%s::text[]) AS game", (CHANNEL, names)
            )

    def claim_moving(self, game: str) -> bool:
        """Whether this process now moves ``game``'s bots and clock: a session advisory lock
        on the game's id, held until ``release_moving`` or the connection ends (a process
        killed lets go at once)."""
        rows = self._rows("SELECT pg_try_advisory_lock(hashtext(?))", (game,))
        if rows[0][0]:
            self._moving.add(game)
        return bool(rows[0][0])

    def release_moving(self, game: str) -> None:
        """Let another process move ``game``'s bots and clock."""
        self._moving.discard(game)
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
        first, lost = True, False
        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    self.url,
                    autocommit=True,
                    connect_timeout=CONNECT_TIMEOUT,
                    application_name=LISTEN_NAME,
                ) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if lost:
                        log.warning("listening to the database's notifications again")
                    if not first:  # notifications may have been missed meanwhile
                        changed(None)
                    first, lost = False, False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            if note.pid != self._pid:
                                changed(note.payload)
            except psycopg.OperationalError as error:
                if not lost:  # once per loss, not once per try
                    log.warning("lost the database's notifications (%s); reconnecting", error)
                lost = True
                self._stop.wait(1.0)
