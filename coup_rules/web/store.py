"""Games on disk: an SQLite file of records (config, seed, seats, tokens, moves), stdlib only.

A game is never stored as a state. Its record is what made it: the ``Config``, the seed, who sits
where (``"human"`` or a bot's name), the private tokens, and the moves in the order they were
applied, each with the log length it was applied at. Replaying the moves from
``new_game(config, seed=seed)`` rebuilds the exact state, because ``apply`` is pure and the seed
drives every draw. Each write is one committed transaction (WAL journal, ``synchronous=FULL``),
so a move the server has answered survives the process being killed, and a move half-written
when it is killed never appears.

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
"""


@attrs.frozen
class GameRecord:
    """What a game is made of, apart from its moves.

    Attributes:
        id: the game's id (in every URL of the game; not a secret).
        config: the game's options.
        seed: the seed of the deal and every draw. Secret while the game is played.
        seats: per seat, ``"human"`` or the name of the bot that plays it.
        tokens: per seat, the private token of a human seat; ``None`` for a bot seat.
        spectator: the spectators' token.
    """

    id: str
    config: Config
    seed: int
    seats: tuple[str, ...]
    tokens: tuple[str | None, ...]
    spectator: str


@attrs.frozen
class StoredMove:
    """One applied move: ``version`` is the log length it was applied at."""

    version: int
    move: Move


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

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def create(self, record: GameRecord) -> None:
        """Store a new game and its tokens, in one transaction."""
        rows: list[tuple[str, str, int | None]] = [
            (t, record.id, seat) for seat, t in enumerate(record.tokens) if t is not None
        ]
        rows.append((record.spectator, record.id, None))
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
            self._db.executemany("INSERT INTO tokens (token, game, seat) VALUES (?, ?, ?)", rows)

    def append(self, rows: Sequence[tuple[str, int, int, Move]]) -> None:
        """Store moves, all in one transaction: ``(game, n, version, move)`` for the ``n``-th
        move of ``game``, applied at log length ``version``."""
        with _transaction(self._db):
            self._db.executemany(
                "INSERT INTO moves (game, n, version, move) VALUES (?, ?, ?, ?)",
                [(game, n, version, to_json(move)) for game, n, version, move in rows],
            )

    def load(self) -> list[tuple[GameRecord, list[StoredMove]]]:
        """Every game, oldest first, with its moves in order."""
        tokens: dict[str, dict[int | None, str]] = {}
        for token, game, seat in self._db.execute("SELECT token, game, seat FROM tokens"):
            tokens.setdefault(game, {})[seat] = token
        moves: dict[str, list[StoredMove]] = {}
        for game, version, text in self._db.execute(
            "SELECT game, version, move FROM moves ORDER BY game, n"
        ):
            moves.setdefault(game, []).append(StoredMove(version, from_json(text, Move)))
        games = []
        for gid, config, seed, seats_json in self._db.execute(
            "SELECT id, config, seed, seats FROM games ORDER BY created, id"
        ):
            seats: Sequence[str] = json.loads(seats_json)
            mine = tokens.get(gid, {})
            record = GameRecord(
                id=gid,
                config=from_json(config, Config),
                seed=int(seed),
                seats=tuple(seats),
                tokens=tuple(mine.get(seat) for seat in range(len(seats))),
                spectator=mine[None],
            )
            games.append((record, moves.get(gid, [])))
        return games

    def count_moves(self) -> int:
        """How many moves the file holds, over all games."""
        (n,) = self._db.execute("SELECT COUNT(*) FROM moves").fetchone()
        return int(n)


class _transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
