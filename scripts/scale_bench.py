"""One server process on SQLite against two on PostgreSQL: the same bounded load test, one run.

Runs ``scripts/load_test.py``'s clients (``--games`` concurrent games, seat 0 a client answering
every decision with a random legal move, bots at the other seats, on loopback) for ``--seconds``
against each setup in turn, in the same minutes:

1. ``sqlite``: one ``coup-rules serve`` process on a fresh SQLite file;
2. ``postgres x2``: two processes on one fresh PostgreSQL database (``--postgres``, a URL whose
   user may create databases; ``scripts/pg_throwaway.sh start DIR`` prints one). The client of
   game ``i`` creates it and posts on process ``i % 2`` and follows its event stream on the
   other one, so every move a client sees has crossed from one process to the other through the
   database's notifications.

Then it prints, side by side: the moves stored per second (every move in the database at the
end, the clients' and the bots', over the run's length; each was committed before it was
answered), the clients' moves per second, the latency of their POSTs (p50, p99), the 409s and
errors. ``--rounds N`` alternates the setups N times. Not a test: the figures depend on the
machine; the exit status is 1 only if a request failed.

Usage: python scripts/scale_bench.py --postgres postgresql://coup@127.0.0.1:5432/postgres
       [--games 50] [--seconds 10] [--rounds 1]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit, urlunsplit

import psycopg


def _load_test() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "load_test", Path(__file__).resolve().parent / "load_test.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LOAD = _load_test()


def _stop(procs: list[subprocess.Popen[str]]) -> None:
    for proc in procs:
        proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _stored(db: str) -> int:
    from coup_rules.web.store import open_store

    store = open_store(db)
    try:
        return store.count_moves()
    finally:
        store.close()


def _measure(args: argparse.Namespace, db: str, processes: int) -> dict[str, object]:
    """One setup: ``processes`` servers on ``db``, the clients over them, the figures."""
    started = [LOAD._start_server(db, 0.0) for _ in range(processes)]
    procs = [proc for proc, _ in started]
    try:
        stats, elapsed = asyncio.run(LOAD._run(args, *(base for _, base in started)))
    finally:
        _stop(procs)
    lat = stats.latencies or [0.0]
    return {
        "stored": _stored(db) / elapsed,
        "client": stats.accepted / elapsed,
        "p50": LOAD._percentile(lat, 50) * 1000,
        "p99": LOAD._percentile(lat, 99) * 1000,
        "stale": stats.stale,
        "errors": len(stats.errors),
        "first_errors": stats.errors[:5],
    }


def _fresh_database(url: str) -> tuple[str, str]:
    name = "coup_bench_" + secrets.token_hex(6)
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]
    return name, urlunsplit(urlsplit(url)._replace(path="/" + name))


def _drop_database(url: str, name: str) -> None:
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    """Run both setups ``--rounds`` times and print the figures; 1 if any request failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", required=True, help="a PostgreSQL URL on loopback")
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--seconds", type=float, default=10.0, help="per setup (default 10)")
    parser.add_argument("--rounds", type=int, default=1, help="times each setup runs")
    parser.add_argument("--players", type=int, default=3, help="seats per game (default 3)")
    parser.add_argument("--bot", default="honest", help="the bot at the other seats")
    parser.add_argument("--seed", type=int, default=1, help="seeds the clients' choices")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 500 or not 0 < args.seconds <= 600 or not 1 <= args.rounds <= 10:
        parser.error("--games must be 1-500, --seconds 0-600 and --rounds 1-10")
    if (urlsplit(args.postgres).hostname or "localhost") not in LOAD.LOOPBACK:
        parser.error("--postgres must be on loopback")
    rows: list[tuple[str, dict[str, object]]] = []
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory(prefix="coup-bench-") as tmp:
            rows.append(("sqlite, 1 process", _measure(args, str(Path(tmp) / "b.sqlite3"), 1)))
        name, url = _fresh_database(args.postgres)
        try:
            rows.append(("postgres, 2 processes", _measure(args, url, 2)))
        finally:
            _drop_database(args.postgres, name)
    print(
        f"scale benchmark: {args.games} concurrent games of {args.players} (seat 0 a client, "
        f"{args.bot} bots, no bot delay), {args.seconds:g} s per setup, loopback, "
        f"{time.strftime('%Y-%m-%d %H:%M')}"
    )
    print(
        f"  {'setup':<22} {'moves stored/s':>14} {'client moves/s':>14} "
        f"{'p50 ms':>8} {'p99 ms':>8} {'409s':>6} {'errors':>6}"
    )
    for label, r in rows:
        print(
            f"  {label:<22} {r['stored']:>14.0f} {r['client']:>14.0f} {r['p50']:>8.1f} "
            f"{r['p99']:>8.1f} {r['stale']:>6} {r['errors']:>6}"
        )
    failed = [e for _, r in rows for e in r["first_errors"]]  # type: ignore[attr-defined]
    for error in failed[:10]:
        print(f"    {error}")
    return 1 if any(r["errors"] for _, r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
