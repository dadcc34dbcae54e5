"""The embedded store: one SQLite file, standard library only (the default of ``coup-rules serve``).

Each write is one committed transaction (WAL journal, ``synchronous=FULL``), so a move the server
has answered survives the process being killed, and a move half-written when it is killed never
appears. One server serves a file at a time (``dbfile.claim``), so the store is not ``shared``.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from coup_rules.config import Config
from coup_rules.moves import Move
from coup_rules.serde import from_json, to_json
from coup_rules.web.dbfile import create_private
from coup_rules.web.store import GameRecord, MoveRow, StoredMove

__all__ = ["SCHEMA", "SqliteStore", "record_of"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    config  TEXT NOT NULL,  -- to_json(Config)
    seed    TEXT NOT NULL,  -- decimal: a 128-bit seed does not fit SQLite's INTEGER
    seats   TEXT NOT NULL,  -- JSON array: "human" or a bot's name, per seat
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    token   TEXT PRIMARY KEY,
    game    TEXT NOT NULL REFERENCES games(id),
    seat    INTEGER         -- NULL: the spectators' token
);
CREATE INDEX IF NOT EXISTS tokens_game ON tokens (game);
CREATE TABLE IF NOT EXISTS moves (
    game    TEXT NOT NULL REFERENCES games(id),
    n       INTEGER NOT NULL,  -- 0, 1, 2, ... in the order applied: unique in the game
    version INTEGER NOT NULL,  -- the log length the move was applied at
    move    TEXT NOT NULL,     -- to_json(move)
    PRIMARY KEY (game, n)
);
"""
"""The tables, in SQL that SQLite and PostgreSQL both take."""

INSERT_MOVE = (
    "INSERT INTO moves (game, n, version, move) VALUES ({p}, {p}, {p}, {p}) "
    "ON CONFLICT (game, n) DO NOTHING"
)
"""Store a move unless its number is taken (``{p}``: the driver's placeholder)."""


def record_of(
    row: tuple[str, str, str, str], tokens: Iterable[tuple[str, int | None]]
) -> GameRecord:
    """The record of a ``games`` row ``(id, config, seed, seats)`` and its ``(token, seat)``."""
    gid, config, seed, seats_json = row
    seats: Sequence[str] = json.loads(seats_json)
    mine = {seat: token for token, seat in tokens}
    return GameRecord(
        id=gid,
        config=from_json(config, Config),
        seed=int(seed),
        seats=tuple(seats),
        tokens=tuple(mine.get(seat) for seat in range(len(seats))),
        spectator=mine[None],
    )


def games_row(record: GameRecord) -> tuple[str, str, str, str, float]:
    """The ``games`` row of a new record."""
    seats = json.dumps(record.seats)
    return (record.id, to_json(record.config), str(record.seed), seats, time.time())


def token_rows(record: GameRecord) -> list[tuple[str, str, int | None]]:
    """The ``tokens`` rows of a new record: each human seat's, then the spectators'."""
    rows: list[tuple[str, str, int | None]] = [
        (t, record.id, seat) for seat, t in enumerate(record.tokens) if t is not None
    ]
    rows.append((record.spectator, record.id, None))
    return rows


class SqliteStore:
    """The SQLite file (created 0600 if missing)."""

    shared = False

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        create_private(self.path)  # it holds every seed and token: 0600, before SQLite opens it
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def write(self, games: Sequence[GameRecord], moves: Sequence[MoveRow]) -> set[tuple[str, int]]:
        """Store new games, then moves, in one transaction; the ``(game, n)`` of the moves whose
        number was taken."""
        taken: set[tuple[str, int]] = set()
        insert = INSERT_MOVE.format(p="?")
        with _transaction(self._db):
            self._db.executemany(
                "INSERT INTO games (id, config, seed, seats, created) VALUES (?, ?, ?, ?, ?)",
                [games_row(record) for record in games],
            )
            self._db.executemany(
                "INSERT INTO tokens (token, game, seat) VALUES (?, ?, ?)",
                [row for record in games for row in token_rows(record)],
            )
            for game, n, version, move in moves:
                if self._db.execute(insert, (game, n, version, to_json(move))).rowcount == 0:
                    taken.add((game, n))
        return taken

    def game(self, game: str) -> tuple[GameRecord, list[StoredMove]] | None:
        """A game's record and its moves in order; ``None`` if there is no such game."""
        row = self._db.execute(
            "SELECT id, config, seed, seats FROM games WHERE id = ?", (game,)
        ).fetchone()
        if row is None:
            return None
        tokens = self._db.execute("SELECT token, seat FROM tokens WHERE game = ?", (game,))
        return record_of(row, tokens), self.moves(game, 0)

    def moves(self, game: str, start: int) -> list[StoredMove]:
        """A game's moves from number ``start`` on, in order."""
        rows = self._db.execute(
            "SELECT version, move FROM moves WHERE game = ? AND n >= ? ORDER BY n", (game, start)
        )
        return [StoredMove(version, from_json(text, Move)) for version, text in rows]

    def load(self) -> list[tuple[GameRecord, list[StoredMove]]]:
        """Every game, oldest first, with its moves in order."""
        ids = [g for (g,) in self._db.execute("SELECT id FROM games ORDER BY created, id")]
        return [found for gid in ids if (found := self.game(gid)) is not None]

    def count_moves(self) -> int:
        """How many moves the file holds, over all games."""
        (n,) = self._db.execute("SELECT COUNT(*) FROM moves").fetchone()
        return int(n)

    def listen(self, changed: Callable[[str | None], None]) -> None:
        """Nothing to listen to: no other process writes this file."""


class _transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
