"""Opening a store: ``open_store`` gives the SQLite or PostgreSQL store a ``--db`` names.

What a game is stored as (``GameRecord``, ``StoredMove``, ``MoveRow``) and the interface of a
store (``GameStore``) are ``records.py``'s, re-exported here; the stores import that module and
never this one, so opening a store makes no import circle.

**The database decides which move wins.** A move's number is unique in its game, and the store
checks it in the same transaction that stores the move (``write``): of two servers that both
apply a move as number ``n``, the second one to commit is told its number was taken, reloads
the moves it missed (``moves``) and checks its move again against the new state. With one
SQLite file and one server this never happens; with PostgreSQL it is how any number of server
processes serve the same games.

The store holds every game's seed and tokens: anyone who reads it can rebuild every hand and
play for every seat. Keep it private.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from coup_rules.web.records import GameRecord, GameStore, MoveRow, StoredMove
from coup_rules.web.sqlite_store import SqliteStore

__all__ = [
    "GameRecord",
    "GameStore",
    "MoveRow",
    "StoredMove",
    "is_postgres",
    "open_store",
    "shown",
]


def is_postgres(db: str | Path) -> bool:
    """Whether ``db`` names a PostgreSQL database (a ``postgresql://`` or ``postgres://`` URL)."""
    return str(db).startswith(("postgresql://", "postgres://"))


def shown(db: str | Path) -> str:
    """``db`` as it may be printed: a URL without its password."""
    text = str(db)
    if not is_postgres(text):
        return text
    parts = urlsplit(text)
    if parts.password is None:
        return text
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def open_store(db: str | Path) -> GameStore:
    """The store ``db`` names: a PostgreSQL URL, or else an SQLite file (created if missing).

    Raises:
        ImportError: a PostgreSQL URL without psycopg installed (the ``[postgres]`` extra).
    """
    if is_postgres(db):
        from coup_rules.web.pg_store import PgStore  # psycopg is an optional extra

        return PgStore(str(db))
    return SqliteStore(db)
