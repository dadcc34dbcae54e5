"""``coup-rules warmup``: compile the compiled search and vector engine now (numba's cache), so
that no first move waits for it; and the step ``coup-rules tournament`` runs before its games."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from typing import TextIO

from coup_rules.bots import Bot

__all__ = ["add_parser", "prepare", "run"]

_DESCRIPTION = (
    "Compile the search bot's compiled code and the vector engine (or load them from numba's "
    "cache on disk) now, so that no first move waits for a compile: about half a minute of CPU "
    "time with a cold cache, about a second with a warm one. Once after installing the "
    "[vector] extra is enough: every later process loads the cache. Without numba there is "
    "nothing to compile."
)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "warmup",
        help="compile the search and vector engine now (extra [vector])",
        description=_DESCRIPTION,
    )
    parser.set_defaults(parser=parser)


def _compile(out: TextIO) -> None:
    from coup_rules.vector.warmup import compile_all

    print("Compiling the search and the vector engine (or loading numba's cache)...", file=out)
    print(f"Ready in {compile_all():.1f} s; later processes load the cache.", file=out)


def run(out: TextIO | None = None) -> int:
    """Compile what ``compile_all`` compiles; the exit status (0, numba installed or not)."""
    from coup_rules.ai.ismcts import compiled_playouts_available

    out = sys.stdout if out is None else out
    if not compiled_playouts_available():
        print("Nothing to compile: the [vector] extra (numba) is not installed.", file=out)
        return 0
    _compile(out)
    return 0


def prepare(bots: Mapping[str, Bot], out: TextIO | None = None) -> None:
    """Before a tournament's first game: compile the search once, here, when an entrant is an
    ``ISMCTSBot`` searching in compiled code, so that no move waits for it and the worker
    processes load the cache instead of each compiling it."""
    from coup_rules.ai.ismcts import ISMCTSBot

    if any(isinstance(bot, ISMCTSBot) and bot.compiled for bot in bots.values()):
        _compile(sys.stderr if out is None else out)
