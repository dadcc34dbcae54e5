"""Whole random games in compiled code: ``random_playouts``."""

from __future__ import annotations

import hashlib

import numba
import numpy as np

from coup_rules.config import Config
from coup_rules.integers import as_count, as_seed
from coup_rules.vector import batch as b
from coup_rules.vector.layout import layout_of

__all__ = ["kernel_seed", "random_playouts"]

_KERNEL_SEEDS = 2**63
"""Seeds below this reach the compiled code as they are (an int64, typed once by numba)."""


def kernel_seed(seed: int) -> int:
    """The int64 that the compiled code is seeded with for ``seed`` (from 0 to 2**256 - 1).

    A seed below 2**63 is itself, so its games are those it always gave. A larger one is
    folded by BLAKE2b into the negative int64s, which no smaller seed uses: every seed of
    ``new_game``'s range plays, and always the same games (numba refuses a Python int beyond
    64 bits, and would compile the kernel anew for one beyond 63).
    """
    if seed < _KERNEL_SEEDS:
        return seed
    digest = hashlib.blake2b(seed.to_bytes(32, "big"), digest_size=8).digest()
    return -1 - (int.from_bytes(digest, "big") >> 1)


def random_playouts(
    config: Config | None, games: int, seed: int, threads: int = 1
) -> tuple[np.ndarray, np.ndarray]:
    """Play ``games`` games of ``config`` to the end, every move uniformly random among the legal
    moves of the seat asked (as ``VectorEnv`` asks them), entirely in compiled code.

    Returns ``(winners, lengths)``: int32 arrays of the winning seat (-1 for a draw at the turn
    limit, R-TURN-8) and of the number of moves of each game. One seed and one thread count
    always give the same games. ``games``, ``seed`` and ``threads`` may be integers of any type
    (``numpy.int64`` too); the seed is from 0 to 2**256 - 1, as for ``new_game``.

    Raises:
        ValueError: ``games`` is negative, ``seed`` out of range or ``threads`` not from 1 to
            numba's thread count; ``NotAnIntegerError`` (a ``ValueError`` and a ``TypeError``)
            when one of them is no integer at all (``True``, ``1.0``).
    """
    config = Config() if config is None else config
    games = as_count(games, "games")
    stream = kernel_seed(as_seed(seed))
    top = int(vars(numba.config)["NUMBA_NUM_THREADS"])  # the most threads numba may run
    threads = as_count(threads, "threads", 1, top)
    layout = layout_of(config, track=False)
    winners = np.empty(games, np.int32)
    lengths = np.empty(games, np.int32)
    previous = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        b.playouts(layout.P, layout.IX, layout.MV, stream, winners, lengths, threads)
    finally:
        numba.set_num_threads(previous)
    return winners, lengths
