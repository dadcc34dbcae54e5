"""The queries of a store, once, for every SQL database: ``SqlStore`` (sqlite_store.py and
pg_store.py add the connection, the transactions and, for PostgreSQL, the notifications).

The SQL is written with ``?`` placeholders and in the dialect SQLite and PostgreSQL share; a
subclass whose driver wants ``%s`` sets ``placeholder``.
"""

from __future__ import annotations

import abc
import contextlib
import json
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from coup_rules.config import Config
from coup_rules.moves import Move
from coup_rules.serde import from_json, to_json
from coup_rules.web.records import GameRecord, MoveRow, OpenTable, Room, StoredMove
from coup_rules.web.seating import Seat, Seating
from coup_rules.web.writes import (
    CloseRoom,
    MoveRoom,
    NewGame,
    NewMove,
    OpenRoom,
    SeatChange,
    SetRoom,
    Write,
)

__all__ = ["COLUMNS", "MOVES_PER_INSERT", "SCHEMA", "SqlStore"]

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
CREATE TABLE IF NOT EXISTS seating (
    game    TEXT PRIMARY KEY REFERENCES games(id),
    data    TEXT NOT NULL   -- Seating.to_data(): host, invites, seat tokens, names, revoked
);
CREATE TABLE IF NOT EXISTS rules (
    game       TEXT PRIMARY KEY REFERENCES games(id),
    time_limit REAL          -- seconds per decision; NULL: no limit
);
CREATE TABLE IF NOT EXISTS rooms (
    code         TEXT PRIMARY KEY,   -- the room code, upper case (seating.ROOM_ALPHABET)
    game         TEXT NOT NULL REFERENCES games(id),  -- the game played at the table now
    listed       INTEGER NOT NULL DEFAULT 0,  -- the lobby shows it as open
    auto_rematch INTEGER NOT NULL DEFAULT 0,  -- a rematch seats everyone at once
    closed       REAL                -- when its game ended; NULL while it is played
);
CREATE INDEX IF NOT EXISTS rooms_game ON rooms (game);
"""
"""The tables, in SQL that SQLite and PostgreSQL both take."""

MOVES_PER_INSERT = 200
"""The most moves one ``INSERT`` stores (5 parameters each: well under SQLite's limit)."""

COLUMNS = {
    "moves": {"timed_out": "INTEGER NOT NULL DEFAULT 0"},
    # the lobby's list (note_rooms): who listed the table, when a seated person was last active
    "rooms": {"client": "TEXT", "active": "REAL"},
}
"""Columns added since the first release, added to an older database when it is opened."""


class SqlStore(abc.ABC):
    """Every query of ``GameStore`` over a DB-API connection (``_db``), see the module; each
    database's subclass opens the connection and says how a transaction begins and ends."""

    shared = False
    failures: tuple[type[Exception], ...] = ()
    """The driver's exceptions for a database that cannot answer for now (``GameStore``)."""
    placeholder = "?"
    lock_row = ""
    """What makes a ``SELECT`` lock the rows it reads until the transaction ends (SQLite's
    ``BEGIN IMMEDIATE`` already holds the whole file)."""
    _db: Any

    def _sql(self, text: str) -> str:
        return text.replace("?", self.placeholder)

    def _rows(self, text: str, params: Sequence[object] = ()) -> list[Any]:
        return list(self._db.execute(self._sql(text), params).fetchall())

    def _execute(self, text: str, params: Sequence[object]) -> int:
        """Run one statement; how many rows it changed."""
        return int(self._db.execute(self._sql(text), params).rowcount)

    @abc.abstractmethod
    def _transaction(self) -> contextlib.AbstractContextManager[None]:
        """One transaction: committed when the block ends, rolled back on an exception."""

    def _notify(self, games: Iterable[str]) -> None:
        """Within the transaction: tell other processes that ``games`` changed (none, unless
        the subclass's database is shared)."""
        return

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def commit(self, writes: Sequence[Write]) -> list[bool]:
        """Make ``writes`` in order in one transaction; each one's outcome (``writes.py``):
        ``False`` for one refused (a move's number taken, a seating changed first, a room code
        in use), which changed nothing."""
        changed: set[str] = set()
        done: dict[int, bool] = {}
        moves = [(k, w) for k, w in enumerate(writes) if isinstance(w, NewMove)]
        with self._transaction():  # the moves last: no write of a group depends on a move
            for k, write in enumerate(writes):
                if not isinstance(write, NewMove):
                    done[k] = self._make(write, changed)
            for start in range(0, len(moves), MOVES_PER_INSERT):
                chunk = moves[start : start + MOVES_PER_INSERT]
                stored = self._insert_moves([write for _, write in chunk])
                for (k, write), ok in zip(chunk, stored, strict=True):
                    done[k] = ok
                    changed.update([write.game] if ok else [])
            self._notify(sorted(changed))
        return [done[k] for k in range(len(writes))]

    def _insert_moves(self, rows: Sequence[NewMove]) -> list[bool]:
        """Insert ``rows`` in one statement (one round trip, one step of the database); each
        one's outcome: ``False`` where the game's move of that number was stored before.

        Where fewer rows went in than were given, each row is looked up: one equal to the
        stored move in every column counts as stored (the same move by the same seat under
        the same number: whichever process stored it, the game is the same)."""
        texts = [to_json(row.move) for row in rows]
        params = [
            value
            for row, text in zip(rows, texts, strict=True)
            for value in (row.game, row.n, row.version, text, int(row.timed_out))
        ]
        stored = self._execute(
            "INSERT INTO moves (game, n, version, move, timed_out) VALUES "
            + ", ".join(["(?, ?, ?, ?, ?)"] * len(rows))
            + " ON CONFLICT (game, n) DO NOTHING",
            params,
        )
        if stored == len(rows):
            return [True] * len(rows)
        return [
            self._rows(
                "SELECT version, move, timed_out FROM moves WHERE game = ? AND n = ?",
                (row.game, row.n),
            )
            == [(row.version, text, int(row.timed_out))]
            for row, text in zip(rows, texts, strict=True)
        ]

    def _make(self, write: Write, changed: set[str]) -> bool:
        """Make one write within the transaction; add the games other processes should look
        at again to ``changed``."""
        match write:
            case NewGame(record):
                self._insert_game(record)
                return True
            case NewMove():
                (stored,) = self._insert_moves([write])
                changed.update([write.game] if stored else [])
                return stored
            case SeatChange(record, before):
                seated = self._seat(record, before)
                changed.update([record.id] if seated else [])
                return seated
            case OpenRoom(game, code, now, grace):
                opened = self._open_room(game, code, now - grace)
                changed.update([game] if opened else [])
                return opened
            case SetRoom(game, listed, auto_rematch):
                self._execute(
                    "UPDATE rooms SET listed = ?, auto_rematch = ? WHERE game = ?",
                    (int(listed), int(auto_rematch), game),
                )
                changed.add(game)
            case MoveRoom(old, new):
                self._execute("UPDATE rooms SET game = ?, closed = NULL WHERE game = ?", (new, old))
                changed.update([old, new])
            case CloseRoom(game, now):
                self._execute(
                    "UPDATE rooms SET closed = ? WHERE game = ? AND closed IS NULL", (now, game)
                )
        return True

    def write(self, games: Sequence[GameRecord], moves: Sequence[MoveRow]) -> set[tuple[str, int]]:
        """Store new games, then moves, in one transaction; the ``(game, n)`` of the moves whose
        number was taken (those were not stored)."""
        rows = [NewMove.of(row) for row in moves]
        done = self.commit([*map(NewGame, games), *rows])[len(games) :]
        return {(row.game, row.n) for row, stored in zip(rows, done, strict=True) if not stored}

    def _insert_game(self, record: GameRecord) -> None:
        self._execute(
            "INSERT INTO games (id, config, seed, seats, created) VALUES (?, ?, ?, ?, ?)",
            (record.id, to_json(record.config), str(record.seed), "[]", time.time()),
        )
        self._execute(
            "INSERT INTO tokens (token, game, seat) VALUES (?, ?, NULL)",
            (record.spectator, record.id),
        )
        self._execute(
            "INSERT INTO rules (game, time_limit) VALUES (?, ?)", (record.id, record.time_limit)
        )
        self._write_seating(record)

    def seat(self, record: GameRecord, before: GameRecord) -> bool:
        """Store a game's new seating if the stored one is still ``before``'s (compared in the
        same transaction); ``False`` if another process changed it first."""
        return self.commit([SeatChange(record, before)])[0]

    def _seat(self, record: GameRecord, before: GameRecord) -> bool:
        rows = self._rows("SELECT data FROM seating WHERE game = ?" + self.lock_row, (record.id,))
        if rows:
            if Seating.from_data(json.loads(rows[0][0])) != before.seating:
                return False
            self._execute(
                "UPDATE seating SET data = ? WHERE game = ?", (_seating_text(record), record.id)
            )
        elif not self._execute(  # a game stored before invites: its first change of seats
            "INSERT INTO seating (game, data) VALUES (?, ?) ON CONFLICT (game) DO NOTHING",
            (record.id, _seating_text(record)),
        ):
            return False
        self._execute(
            "UPDATE games SET seats = ? WHERE id = ?", (json.dumps(record.seats), record.id)
        )
        return True

    def _write_seating(self, record: GameRecord) -> None:
        self._execute(
            "INSERT INTO seating (game, data) VALUES (?, ?)", (record.id, _seating_text(record))
        )
        self._execute(
            "UPDATE games SET seats = ? WHERE id = ?", (json.dumps(record.seats), record.id)
        )

    def record(self, game: str) -> GameRecord | None:
        """A game's record as stored now; ``None`` if there is no such game."""
        rows = self._rows(
            "SELECT g.config, g.seed, g.seats, s.data, r.time_limit, "
            "ro.code, ro.listed, ro.auto_rematch FROM games g "
            "LEFT JOIN seating s ON s.game = g.id LEFT JOIN rules r ON r.game = g.id "
            "LEFT JOIN rooms ro ON ro.game = g.id WHERE g.id = ?",
            (game,),
        )
        if not rows:
            return None
        config, seed, seats_json, seating, limit, code, listed, auto = rows[0]
        tokens = {seat: t for t, seat in self._rows(_TOKENS, (game,))}
        return GameRecord(
            id=game,
            config=from_json(config, Config),
            seed=int(seed),
            seating=(
                Seating.from_data(json.loads(seating))
                if seating is not None
                else _handed_out(json.loads(seats_json), tokens)
            ),
            spectator=tokens[None],
            time_limit=limit,
            room=None if code is None else Room(code, bool(listed), bool(auto)),
        )

    def open_room(self, game: str, code: str, now: float, grace: float) -> bool:
        """Give ``game`` the code ``code`` unless a live table uses it (one transaction)."""
        return self.commit([OpenRoom(game, code, now, grace)])[0]

    def _open_room(self, game: str, code: str, ended_before: float) -> bool:
        return bool(
            self._execute(
                "INSERT INTO rooms (code, game, listed, auto_rematch, closed) "
                "VALUES (?, ?, 0, 0, NULL) ON CONFLICT (code) DO UPDATE SET "
                "game = excluded.game, listed = 0, auto_rematch = 0, closed = NULL "
                "WHERE rooms.closed IS NOT NULL AND rooms.closed < ?",
                (code, game, ended_before),
            )
        )

    def room_of(self, code: str) -> str | None:
        """The game now played at the table of ``code``, or ``None``."""
        rows = self._rows("SELECT game FROM rooms WHERE code = ?", (code,))
        return str(rows[0][0]) if rows else None

    def set_room(self, game: str, listed: bool, auto_rematch: bool) -> None:
        """Store the host's choices for the table of ``game``."""
        self.commit([SetRoom(game, listed, auto_rematch)])

    def move_room(self, old: str, new: str) -> None:
        """The table of ``old`` plays ``new`` now."""
        self.commit([MoveRoom(old, new)])

    def close_room(self, game: str, now: float) -> None:
        """The game of the table ended at ``now``."""
        self.commit([CloseRoom(game, now)])

    def open_tables(self, since: float, per_client: int) -> list[OpenTable]:
        """The listed tables whose game is not over and where a seated person was active at
        ``since`` or later, newest first: of each client's, its ``per_client`` newest."""
        rows = self._rows(
            "SELECT code, game, config, data, client FROM ("
            "SELECT ro.code, ro.game, g.config, s.data, ro.client, g.created, ROW_NUMBER() "
            "OVER (PARTITION BY COALESCE(ro.client, ro.code) ORDER BY g.created DESC, ro.code) "
            "AS nth FROM rooms ro "
            "JOIN games g ON g.id = ro.game JOIN seating s ON s.game = ro.game "
            "WHERE ro.listed = 1 AND ro.closed IS NULL AND COALESCE(ro.active, g.created) >= ?"
            ") AS listed WHERE nth <= ? ORDER BY created DESC, code",
            (since, per_client),
        )
        return [
            OpenTable(
                code,
                game,
                from_json(config, Config),
                Seating.from_data(json.loads(data)),
                client,
            )
            for code, game, config, data, client in rows
        ]

    def note_rooms(self, games: Sequence[str], now: float, client: str | None = None) -> None:
        """A seated person was active at the tables of ``games`` at ``now``; with ``client``,
        that client listed them."""
        with self._transaction():
            for game in games:
                self._execute(
                    "UPDATE rooms SET active = ?, client = COALESCE(?, client) WHERE game = ?",
                    (now, client, game),
                )

    def game(self, game: str) -> tuple[GameRecord, list[StoredMove]] | None:
        """A game's record and its moves in order; ``None`` if there is no such game."""
        record = self.record(game)
        return None if record is None else (record, self.moves(game, 0))

    def moves(self, game: str, start: int) -> list[StoredMove]:
        """A game's moves from number ``start`` on, in order."""
        rows = self._rows(
            "SELECT version, move, timed_out FROM moves WHERE game = ? AND n >= ? ORDER BY n",
            (game, start),
        )
        return [StoredMove(v, from_json(text, Move), bool(late)) for v, text, late in rows]

    def claim_moving(self, game: str) -> bool:
        """Always: no other process serves this store."""
        return True

    def release_moving(self, game: str) -> None:
        """Nothing to let go of."""
        return

    def since(self, game: str, start: int) -> tuple[GameRecord | None, list[StoredMove]]:
        """A game's record as stored now and its moves from number ``start`` on."""
        return self.record(game), self.moves(game, start)

    def ids(self) -> Iterator[str]:
        """Every game's id, oldest first."""
        return (g for (g,) in self._rows("SELECT id FROM games ORDER BY created, id"))

    def load(self) -> list[tuple[GameRecord, list[StoredMove]]]:
        """Every game, oldest first, with its moves in order."""
        return [found for gid in self.ids() if (found := self.game(gid)) is not None]

    def count_moves(self) -> int:
        """How many moves are stored, over all games."""
        return int(self._rows("SELECT COUNT(*) FROM moves")[0][0])

    def listen(self, changed: Callable[[str | None], None]) -> None:
        """Nothing to listen to: no other process writes this store."""
        return


_TOKENS = "SELECT token, seat FROM tokens WHERE game = ?"


def _seating_text(record: GameRecord) -> str:
    """The stored form of a record's seating."""
    return json.dumps(record.seating.to_data())


def _handed_out(seats: Sequence[str], tokens: dict[int | None, str]) -> Seating:
    """The seating of a game stored before invites: every human seat's token was made at
    creation (and handed to its creator); no host, no names."""
    seated = tuple(Seat(who, token=tokens.get(n)) for n, who in enumerate(seats))
    return Seating(seated, begun=True)
