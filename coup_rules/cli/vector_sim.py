"""``coup-rules simulate --engine vector``: uniformly random games in compiled code.

Needs the ``[vector]`` extra (numba, numpy), imported only when this command runs. The games are
``coup_rules.vector.random_playouts``: every move uniformly random among the legal moves of the
seat asked, so there are no bots to choose and no moves to record.

Seeds are those of the other engine, 0 to 2**256 - 1 (the command line refuses others). The
compiled generator takes 64-bit seeds: a seed below 2**64 is used as it is, a larger one is
mapped to ``vector_seed(seed)``, a 64-bit BLAKE2b hash of it, so that every seed gives one run,
the same on every machine.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time

from coup_rules.cli.demo import variant
from coup_rules.cli.output import print_table
from coup_rules.config import Config
from coup_rules.simulation import Rate

__all__ = ["ENGINES", "VECTOR_SEEDS", "simulate_command", "vector_seed"]

VECTOR_SEEDS = 2**64
"""The seeds the compiled generator takes as they are: 0 to 2**64 - 1."""

ENGINES = ("objects", "vector")
"""The engines ``simulate`` can run on: the engine's objects (any bots) or the vector kernel."""


def vector_seed(seed: int) -> int:
    """The compiled generator's seed for ``seed``: itself below ``VECTOR_SEEDS``, else the
    first 8 bytes (big-endian) of ``blake2b(b"coup-rules/vector-seed/" + decimal digits)``."""
    if seed < VECTOR_SEEDS:
        return seed
    digest = hashlib.blake2b(f"coup-rules/vector-seed/{seed}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def simulate_command(args: argparse.Namespace, config: Config, bots_given: bool) -> int:
    """Run ``simulate --engine vector``; the exit status.

    Raises:
        ValueError: an option the vector engine cannot honour, or the extra is not installed.
    """
    if bots_given:
        raise ValueError("--engine vector plays uniformly random moves: leave out --bots")
    if args.out is not None:
        raise ValueError("--engine vector keeps no moves: --out needs --engine objects")
    try:
        from coup_rules.vector import random_playouts
    except ImportError as error:
        raise ValueError(
            f"--engine vector needs the vector extra: pip install 'coup-rules[vector]' ({error})"
        ) from None
    config = Config(
        players=config.players,
        inquisitor=config.inquisitor,
        reformation=config.reformation,
        max_turns=args.max_turns,
    )
    start = time.perf_counter()
    seed = vector_seed(args.seed)
    winners, lengths = random_playouts(config, args.games, seed=seed, threads=args.workers)
    seconds = time.perf_counter() - start
    games = len(winners)
    out = sys.stdout
    print(
        f"{games} games of {config.players} players ({variant(config)}), seed {args.seed}"
        f"{'' if seed == args.seed else f' (vector seed {seed})'}, turn "
        f"limit {config.max_turns}; uniformly random moves on the vector engine "
        f"({args.workers} thread{'' if args.workers == 1 else 's'}).",
        file=out,
    )
    print("", file=out)
    rows = []
    for seat in range(config.players):
        rate = Rate.of(f"seat {seat}", int((winners == seat).sum()), games)
        rows.append(
            [
                rate.name,
                str(rate.trials),
                str(rate.wins),
                f"{100 * rate.rate:.1f}%",
                f"{100 * rate.low:.1f}% – {100 * rate.high:.1f}%",
            ]
        )
    headers = ["seat", "games", "wins", "win rate", "95% interval"]
    print_table("Win rate per seat", headers, rows, out, plain=args.plain)
    draws = int((winners < 0).sum())
    moves = int(lengths.sum())
    print(f"Draws: {draws} ({100 * draws / games if games else 0.0:.1f}%).", file=out)
    print(f"Average length: {moves / games if games else 0.0:.1f} moves.", file=out)
    print(
        f"Speed: {games / seconds:,.0f} games/s, {moves / seconds:,.0f} decisions/s "
        f"({seconds:.2f} s, compile time included on a first run).",
        file=out,
    )
    return 0
