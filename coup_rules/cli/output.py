"""Tables and progress bars: drawn by ``rich`` when it is installed (``coup-rules[cli]``), in
plain text otherwise. Nothing else of the command line needs ``rich``."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TextIO

__all__ = ["Progress", "check_writable", "has_rich", "print_table"]


def check_writable(path: Path, option: str) -> None:
    """Refuse, before any game is played, an output file that cannot be written.

    Raises:
        ValueError: ``path`` is a folder, its folder does not exist, or it may not be written;
            the message starts with ``option``.
    """
    try:
        if path.is_dir():
            raise ValueError(f"{option}: {str(path)!r} is a folder; give the name of a file")
        folder = path.parent
        if not folder.is_dir():
            raise ValueError(f"{option}: the folder {str(folder)!r} does not exist")
        target = path if path.exists() else folder
        if not os.access(target, os.W_OK):
            raise ValueError(f"{option}: {str(path)!r} may not be written (permission denied)")
    except OSError as error:
        raise ValueError(f"{option}: {str(path)!r}: {error.strerror}") from None
    except ValueError as error:
        if str(error).startswith(option):
            raise
        raise ValueError(f"{option}: {str(path)!r} is not a file name ({error})") from None


def has_rich() -> bool:
    """Whether ``rich`` can be imported."""
    return importlib.util.find_spec("rich") is not None


def print_table(
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    out: TextIO,
    *,
    plain: bool = False,
) -> None:
    """Print a table: with ``rich`` unless ``plain``, else as a Markdown pipe table.

    Columns after the first are right-aligned.
    """
    if not plain and has_rich():
        from rich.console import Console
        from rich.table import Table

        table = Table(title=title, title_justify="left")
        for i, header in enumerate(headers):
            table.add_column(header, justify="left" if i == 0 else "right")
        for row in rows:
            table.add_row(*row)
        Console(file=out, width=None if out.isatty() else 100).print(table)
        print("", file=out)
        return
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        padded = [
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "| " + " | ".join(padded) + " |"

    rule = ["-" * (w + 2) if i == 0 else "-" * (w + 1) + ":" for i, w in enumerate(widths)]
    print(title, file=out)
    print("", file=out)
    for text in (line(headers), "|" + "|".join(rule) + "|", *(line(r) for r in rows)):
        print(text, file=out)
    print("", file=out)


class Progress:
    """A progress bar on standard error, shown only when it is a terminal.

    Use as a context manager and call ``update(done)`` as work finishes.
    """

    def __init__(self, total: int, label: str, *, plain: bool = False) -> None:
        self.total = total
        self.label = label
        self.shown = sys.stderr.isatty()
        self.fancy = self.shown and not plain and has_rich()
        self._bar: object | None = None
        self._task: object | None = None

    def __enter__(self) -> Progress:
        if self.fancy:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as Bar

            bar = Bar(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            bar.start()
            self._task = bar.add_task(self.label, total=self.total)
            self._bar = bar
        return self

    def update(self, done: int) -> None:
        """Show that ``done`` of the ``total`` are finished."""
        if self.fancy:
            from rich.progress import Progress as Bar
            from rich.progress import TaskID

            assert isinstance(self._bar, Bar) and isinstance(self._task, int)
            self._bar.update(TaskID(self._task), completed=done)
        elif self.shown:
            width = 30
            filled = width * done // max(self.total, 1)
            bar = "#" * filled + "." * (width - filled)
            sys.stderr.write(f"\r{self.label} [{bar}] {done}/{self.total}")
            sys.stderr.flush()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.fancy:
            from rich.progress import Progress as Bar

            assert isinstance(self._bar, Bar)
            self._bar.stop()
        elif self.shown:
            sys.stderr.write("\r" + " " * (len(self.label) + 50) + "\r")
            sys.stderr.flush()
