"""Games on disk: an SQLite file of records (config, seed, seats, tokens, moves), stdlib only.

A game is never stored as a state. Its record is what made it: the ``Config``, the seed, who
sits where (the seating: ``"human"`` or a bot's name, the host's token, the invites, the claimed
seats' tokens and names), the time limit, and the moves in the order they were applied, each
with the log length it was applied at and whether the table made it for a seat out of time.
Replaying the moves from ``new_game(config, seed=seed)`` rebuilds the exact state, because
``apply`` is pure and the seed drives every draw. Each write is one committed transaction (WAL
journal, ``synchronous=FULL``), so a move the server has answered survives the process being
killed, and a move half-written when it is killed never appears.

The file holds every game's seed and tokens: anyone who reads it can rebuild every hand and play
for every seat. Keep it private.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

from coup_rules.config import Config
from coup_rules.moves import Move
from coup_rules.serde import from_json, to_json
from coup_rules.web.dbfile import create_private
from coup_rules.web.seating import Seat, Seating

__all__ = ["GameRecord", "Store"]

_SCHEMA = """
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
CREATE TABLE IF NOT EXISTS moves (
    game    TEXT NOT NULL REFERENCES games(id),
    n       INTEGER NOT NULL,  -- 0, 1, 2, ... in the order applied
    version INTEGER NOT NULL,  -- the log length the move was applied at
    move    TEXT NOT NULL,     -- to_json(move)
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS seating (
    game    TEXT PRIMARY KEY REFERENCES games(id),
    data    TEXT NOT NULL   -- Seating.to_data(): host, invites, seat tokens, names, revoked
);
CREATE TABLE IF NOT EXISTS rules (
    game       TEXT PRIMARY KEY REFERENCES games(id),
    time_limit REAL          -- seconds per decision; NULL: no limit
);
"""

_COLUMNS = {"moves": {"timed_out": "INTEGER NOT NULL DEFAULT 0"}}
"""Columns added since the first release, added to an older file when it is opened."""


@attrs.frozen
class GameRecord:
    """What a game is made of, apart from its moves.

    Attributes:
        id: the game's id (in every URL of the game; not a secret).
        config: the game's options.
        seed: the seed of the deal and every draw. Secret while the game is played.
        seating: who sits where, the host, the invites and the seat tokens.
        spectator: the spectators' token.
        time_limit: seconds each decision may take; ``None``: no limit.
    """

    id: str
    config: Config
    seed: int
    seating: Seating
    spectator: str
    time_limit: float | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        """Per seat, ``"human"`` or the name of the bot that plays it."""
        return tuple(s.who for s in self.seating.seats)

    @property
    def tokens(self) -> tuple[str | None, ...]:
        """Per seat, the token of the person who claimed it; ``None`` for a bot or open seat."""
        return tuple(s.token for s in self.seating.seats)


@attrs.frozen
class StoredMove:
    """One applied move: ``version`` is the log length it was applied at; ``timed_out``, that
    the table made it for a seat whose time ran out."""

    version: int
    move: Move
    timed_out: bool = False


class Store:
    """The SQLite file. Not thread-safe: the server calls it from one worker thread only."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        create_private(self.path)  # it holds every seed and token: 0600, before SQLite opens it
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)
        for table, columns in _COLUMNS.items():
            have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            for column, kind in columns.items():
                if column not in have:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def create(self, record: GameRecord) -> None:
        """Store a new game, its seating and its spectators' token, in one transaction."""
        with _transaction(self._db):
            self._db.execute(
                "INSERT INTO games (id, config, seed, seats, created) VALUES (?, ?, ?, ?, ?)",
                (
                    record.id,
                    to_json(record.config),
                    str(record.seed),
                    json.dumps(record.seats),
                    time.time(),
                ),
            )
            self._db.execute(
                "INSERT INTO tokens (token, game, seat) VALUES (?, ?, NULL)",
                (record.spectator, record.id),
            )
            self._db.execute(
                "INSERT INTO rules (game, time_limit) VALUES (?, ?)",
                (record.id, record.time_limit),
            )
            self._write_seating(record)

    def seat(self, record: GameRecord) -> None:
        """Store a game's new seating (a seat claimed, reopened or given to a bot)."""
        with _transaction(self._db):
            self._write_seating(record)

    def _write_seating(self, record: GameRecord) -> None:
        self._db.execute(
            "INSERT INTO seating (game, data) VALUES (?, ?) "
            "ON CONFLICT (game) DO UPDATE SET data = excluded.data",
            (record.id, json.dumps(record.seating.to_data())),
        )
        self._db.execute(
            "UPDATE games SET seats = ? WHERE id = ?", (json.dumps(record.seats), record.id)
        )

    def append(self, rows: Sequence[tuple[str, int, int, Move, bool]]) -> None:
        """Store moves, all in one transaction: ``(game, n, version, move, timed_out)`` for the
        ``n``-th move of ``game``, applied at log length ``version``, made by the table for a
        seat whose time ran out if ``timed_out``."""
        with _transaction(self._db):
            self._db.executemany(
                "INSERT INTO moves (game, n, version, move, timed_out) VALUES (?, ?, ?, ?, ?)",
                [(g, n, v, to_json(move), int(late)) for g, n, v, move, late in rows],
            )

    def load(self) -> list[tuple[GameRecord, list[StoredMove]]]:
        """Every game, oldest first, with its moves in order."""
        tokens: dict[str, dict[int | None, str]] = {}
        for token, game, seat in self._db.execute("SELECT token, game, seat FROM tokens"):
            tokens.setdefault(game, {})[seat] = token
        seating = {
            game: Seating.from_data(json.loads(data))
            for game, data in self._db.execute("SELECT game, data FROM seating")
        }
        limits = dict(self._db.execute("SELECT game, time_limit FROM rules").fetchall())
        moves: dict[str, list[StoredMove]] = {}
        for game, version, text, late in self._db.execute(
            "SELECT game, version, move, timed_out FROM moves ORDER BY game, n"
        ):
            stored = StoredMove(version, from_json(text, Move), bool(late))
            moves.setdefault(game, []).append(stored)
        games = []
        for gid, config, seed, seats_json in self._db.execute(
            "SELECT id, config, seed, seats FROM games ORDER BY created, id"
        ):
            mine = tokens.get(gid, {})
            record = GameRecord(
                id=gid,
                config=from_json(config, Config),
                seed=int(seed),
                seating=seating.get(gid) or _handed_out(json.loads(seats_json), mine),
                spectator=mine[None],
                time_limit=limits.get(gid),
            )
            games.append((record, moves.get(gid, [])))
        return games

    def count_moves(self) -> int:
        """How many moves the file holds, over all games."""
        (n,) = self._db.execute("SELECT COUNT(*) FROM moves").fetchone()
        return int(n)


def _handed_out(seats: Sequence[str], tokens: dict[int | None, str]) -> Seating:
    """The seating of a game stored before invites: every human seat's token was made at
    creation (and handed to its creator); no host, no names."""
    seated = tuple(Seat(who, token=tokens.get(n)) for n, who in enumerate(seats))
    return Seating(seated, begun=True)


class _transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
