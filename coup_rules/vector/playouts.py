"""Whole random games in compiled code: ``random_playouts``."""

from __future__ import annotations

import numba
import numpy as np

from coup_rules.config import Config
from coup_rules.vector import batch as b
from coup_rules.vector.layout import layout_of

__all__ = ["random_playouts"]


def random_playouts(
    config: Config | None, games: int, seed: int, threads: int = 1
) -> tuple[np.ndarray, np.ndarray]:
    """Play ``games`` games of ``config`` to the end, every move uniformly random among the legal
    moves of the seat asked (as ``VectorEnv`` asks them), entirely in compiled code.

    Returns ``(winners, lengths)``: int32 arrays of the winning seat (-1 for a draw at the turn
    limit, R-TURN-8) and of the number of moves of each game. One seed and one thread count
    always give the same games.

    Raises:
        ValueError: ``games`` is negative or ``threads`` is not from 1 to numba's thread count.
    """
    config = Config() if config is None else config
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number, not {games!r}")
    top = int(vars(numba.config)["NUMBA_NUM_THREADS"])  # the most threads numba may run
    if not isinstance(threads, int) or not 1 <= threads <= top:
        raise ValueError(f"threads must be from 1 to {top}, not {threads!r}")
    layout = layout_of(config, track=False)
    winners = np.empty(games, np.int32)
    lengths = np.empty(games, np.int32)
    previous = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        b.playouts(layout.P, layout.IX, layout.MV, seed, winners, lengths, threads)
    finally:
        numba.set_num_threads(previous)
    return winners, lengths
