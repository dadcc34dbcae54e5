"""The database file: created private, and served by one server at a time.

The file holds every game's seed and every seat's token, so ``create_private`` makes it readable
by its owner only (mode 0600) before SQLite first opens it; SQLite gives its journal files the
same mode. ``claim`` holds a lock beside it (``FILE.lock``) for as long as a server runs, so
that a second server started on the same file refuses to start instead of serving stale games:
the games in play live in the first server's memory.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

__all__ = ["InUse", "claim", "create_private"]


class InUse(RuntimeError):
    """Another server holds the database file; the message says which and what to do."""


def create_private(path: str | Path) -> None:
    """Create ``path`` empty with mode 0600 if it does not exist (an SQLite file starts empty)."""
    if str(path) == ":memory:":
        return
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


@contextlib.contextmanager
def claim(path: str | Path) -> Iterator[None]:
    """Hold the lock of the database ``path`` until the block ends.

    Raises:
        InUse: another process holds it.
    """
    try:
        import fcntl
    except ImportError:  # not on a Unix: no lock, as before
        yield
        return
    lock = Path(f"{path}.lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            pid = os.pread(fd, 16, 0).decode("ascii", "replace").strip()
            holder = f"pid {pid}" if pid.isdigit() else "another process"
            raise InUse(
                f"{path} is in use by another server ({holder}): "
                "stop it, or give this one another --db"
            ) from error
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        yield
    finally:
        os.close(fd)
