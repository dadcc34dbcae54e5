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

import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

import psycopg

from coup_rules.moves import Move
from coup_rules.serde import from_json, to_json
from coup_rules.web.sqlite_store import INSERT_MOVE, SCHEMA, games_row, record_of, token_rows
from coup_rules.web.store import GameRecord, MoveRow, StoredMove

__all__ = ["CHANNEL", "PgStore"]

CHANNEL = "coup_moves"
"""The channel of the notifications: the payload is the id of a game that moved."""

_SCHEMA_LOCK = 7_401_1901  # an advisory lock: two servers starting at once create the tables once

log = logging.getLogger("coup_rules.web")


class PgStore:
    """A PostgreSQL database, from a ``postgresql://`` URL (the tables are created if missing)."""

    shared = True

    def __init__(self, url: str) -> None:
        self.url = url
        self._db = self._connect()
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            self._db.execute(SCHEMA.replace(" REAL ", " DOUBLE PRECISION "))
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True)

    def _conn(self) -> psycopg.Connection[Any]:
        """The connection, opened again if it was lost (the database restarted, say)."""
        if self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db

    def close(self) -> None:
        """Stop listening and close the connections."""
        self._stop.set()
        if self._listener is not None:
            self._listener.join()
        self._db.close()

    def write(self, games: Sequence[GameRecord], moves: Sequence[MoveRow]) -> set[tuple[str, int]]:
        """Store new games, then moves, in one transaction; the ``(game, n)`` of the moves whose
        number was taken.

        The same transaction notifies the other processes of each game that moved.
        """
        taken: set[tuple[str, int]] = set()
        insert = INSERT_MOVE.format(p="%s")
        rows = moves
        db = self._conn()
        with db.transaction(), db.cursor() as cur:
            if games:
                cur.executemany(
                    "INSERT INTO games (id, config, seed, seats, created) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    [games_row(record) for record in games],
                )
                cur.executemany(
                    "INSERT INTO tokens (token, game, seat) VALUES (%s, %s, %s)",
                    [row for record in games for row in token_rows(record)],
                )
            for game, n, version, move in rows:
                cur.execute(insert, (game, n, version, to_json(move)))
                if cur.rowcount == 0:
                    taken.add((game, n))
            for game in sorted({g for g, n, _, _ in rows if (g, n) not in taken}):
                cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, game))
        return taken

    def game(self, game: str) -> tuple[GameRecord, list[StoredMove]] | None:
        """A game's record and its moves in order; ``None`` if there is no such game."""
        db = self._conn()
        row = db.execute(
            "SELECT id, config, seed, seats FROM games WHERE id = %s", (game,)
        ).fetchone()
        if row is None:
            return None
        tokens = db.execute("SELECT token, seat FROM tokens WHERE game = %s", (game,)).fetchall()
        return record_of(row, tokens), self.moves(game, 0)

    def moves(self, game: str, start: int) -> list[StoredMove]:
        """A game's moves from number ``start`` on, in order."""
        rows = self._conn().execute(
            "SELECT version, move FROM moves WHERE game = %s AND n >= %s ORDER BY n",
            (game, start),
        )
        return [StoredMove(version, from_json(text, Move)) for version, text in rows]

    def load(self) -> list[tuple[GameRecord, list[StoredMove]]]:
        """Every game, oldest first, with its moves in order."""
        ids = self._conn().execute("SELECT id FROM games ORDER BY created, id").fetchall()
        return [found for (gid,) in ids if (found := self.game(gid)) is not None]

    def count_moves(self) -> int:
        """How many moves the database holds, over all games."""
        row = self._conn().execute("SELECT COUNT(*) FROM moves").fetchone()
        return int(row[0]) if row else 0

    def listen(self, changed: Callable[[str | None], None]) -> None:
        """Call ``changed(game)`` from a thread of its own when another process moved ``game``."""
        self._listener = threading.Thread(
            target=self._listen, args=(changed,), name="coup-listen", daemon=True
        )
        self._listener.start()

    def _listen(self, changed: Callable[[str | None], None]) -> None:
        first = True
        while not self._stop.is_set():
            try:
                with self._connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if not first:  # notifications may have been missed meanwhile
                        changed(None)
                    first = False
                    while not self._stop.is_set():
                        mine = self._db.info.backend_pid
                        for note in conn.notifies(timeout=0.5):
                            if note.pid != mine:
                                changed(note.payload)
            except psycopg.OperationalError as error:
                log.warning("lost the database's notifications (%s); reconnecting", error)
                self._stop.wait(1.0)
