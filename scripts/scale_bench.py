"""One server process on SQLite against two on PostgreSQL: the same bounded load test, one run.

Runs ``scripts/load_test.py``'s clients (``--games`` concurrent games, seat 0 a client answering
every decision with a random legal move, bots at the other seats, on loopback) for ``--seconds``
against each setup in turn, in the same minutes:

1. ``sqlite``: one ``coup-rules serve`` process on a fresh SQLite file;
2. ``postgres x2`` (with ``--postgres``, a URL whose user may create databases;
   ``scripts/pg_throwaway.sh start DIR`` prints one): two processes on one fresh PostgreSQL
   database. The client of game ``i`` creates it and posts on process ``i % 2`` and follows its
   event stream on the other one, so every move a client sees has crossed from one process to
   the other through the database's notifications.

Then it prints, side by side: the moves stored per second (every move in the database at the
end, the clients' and the bots', over the run's length; each was committed before it was
answered), the clients' moves per second, the latency of their POSTs (p50, p99), the 409s and
errors, and the servers' CPU time per move stored (the figure a busy machine disturbs least).
``--rounds N`` alternates the setups N times; ``--games 8,32`` runs each count.

``--baseline REV`` also runs every setup with the server of git revision ``REV`` (its
``coup_rules`` exported to a temporary folder), alternating with this tree's on the same disk
in the same minutes, and prints this tree's moves stored per second over the baseline's.
``--store`` measures the store alone, in the same run: ``--games`` concurrent games each storing
one move after the other through the server's ``Persistence`` (no HTTP, no bots), once with
every write its own transaction and once grouped as the server does (the writes asked for while
a commit is under way go together in the next one): the moves stored per second and the wait
of each (p50, p99), side by side, and the commits it took.
``--sync-delay MS`` makes every flush of the SQLite servers take ``MS`` more milliseconds (a
shim around ``fsync``/``fdatasync``, built with ``cc`` and preloaded): the disk-bound regime of
a disk that flushes ~180 times a second (``--sync-delay 5.5``) on a machine whose disk is
faster. For PostgreSQL, start its cluster with the same shim to do the same (the ``LD_PRELOAD``
and ``COUP_BENCH_SYNC_US`` it prints). Not a test: the figures depend on the machine; the exit
status is 1 only if a request failed.

Usage: python scripts/scale_bench.py [--postgres postgresql://coup@127.0.0.1:5432/postgres]
       [--games 50] [--seconds 10] [--rounds 1] [--baseline REV] [--sync-delay MS] [--store]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import io
import json
import os
import secrets
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import cast
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent

SYNC_SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>
static void wait_for_disk(void) {
    const char *us = getenv("COUP_BENCH_SYNC_US");
    if (us) usleep((useconds_t)atoi(us));
}
int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    wait_for_disk();
    return real(fd);
}
int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    wait_for_disk();
    return real(fd);
}
"""
"""The shim of ``--sync-delay``: each flush waits ``COUP_BENCH_SYNC_US`` microseconds first."""


def _load_test() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "load_test", Path(__file__).resolve().parent / "load_test.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LOAD = _load_test()


@contextlib.contextmanager
def _environment(values: dict[str, str]) -> Iterator[None]:
    """``os.environ`` with ``values`` set while the block runs (the servers it starts keep
    them)."""
    before = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _export(rev: str, into: Path) -> Path:
    """The ``coup_rules`` package of git revision ``rev``, exported under ``into``."""
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "coup_rules"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into


def _sync_shim(delay_ms: float, into: Path) -> dict[str, str]:
    """The environment that makes a process's flushes wait ``delay_ms`` more milliseconds."""
    source, shim = into / "slow_sync.c", into / "slow_sync.so"
    source.write_text(SYNC_SHIM)
    subprocess.run(
        ["cc", "-shared", "-fPIC", "-O2", "-o", str(shim), str(source), "-ldl"], check=True
    )
    return {"LD_PRELOAD": str(shim), "COUP_BENCH_SYNC_US": str(round(delay_ms * 1000))}


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


def _measure(
    args: argparse.Namespace, db: str, processes: int, env: dict[str, str]
) -> dict[str, object]:
    """One setup: ``processes`` servers on ``db`` (started with ``env``), the clients over
    them, the figures."""
    with _environment(env):
        started = [LOAD._start_server(db, 0.0) for _ in range(processes)]
    procs = [proc for proc, _ in started]
    try:
        cpu = [LOAD._cpu_seconds(proc.pid) or 0.0 for proc in procs]
        stats, elapsed = asyncio.run(LOAD._run(args, *(base for _, base in started)))
        used = sum((LOAD._cpu_seconds(p.pid) or 0.0) - c for p, c in zip(procs, cpu, strict=True))
    finally:
        _stop(procs)
    lat = stats.latencies or [0.0]
    stored = _stored(db)
    return {
        "stored": stored / elapsed,
        "cpu": 1000 * used / max(stored, 1),
        "client": stats.accepted / elapsed,
        "p50": LOAD._percentile(lat, 50) * 1000,
        "p99": LOAD._percentile(lat, 99) * 1000,
        "stale": stats.stale,
        "errors": len(stats.errors),
        "first_errors": stats.errors[:5],
    }


def _fresh_database(url: str) -> tuple[str, str]:
    import psycopg

    name = "coup_bench_" + secrets.token_hex(6)
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return name, urlunsplit(urlsplit(url)._replace(path="/" + name))


def _drop_database(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


def _one_setup(args: argparse.Namespace, setup: str, env: dict[str, str]) -> dict[str, object]:
    """``setup`` (``sqlite`` or ``postgres``) once, on a fresh database."""
    if setup == "sqlite":
        with tempfile.TemporaryDirectory(prefix="coup-bench-") as tmp:
            return _measure(args, str(Path(tmp) / "b.sqlite3"), 1, env)
    name, url = _fresh_database(args.postgres)
    try:
        return _measure(args, url, 2, env)
    finally:
        _drop_database(args.postgres, name)


LABELS = {"sqlite": "sqlite, 1 process", "postgres": "postgres, 2 processes"}

Row = tuple[int, str, str, dict[str, object]]
"""Games, setup, code (``this tree`` or the baseline's revision), figures."""


def _print(args: argparse.Namespace, rows: list[Row], codes: list[str]) -> None:
    delay = f", flushes {args.sync_delay:g} ms slower" if args.sync_delay else ""
    print(
        f"scale benchmark: concurrent games of {args.players} (seat 0 a client, {args.bot} "
        f"bots, no bot delay), {args.seconds:g} s per setup, {args.rounds} round(s), "
        f"loopback{delay}, {time.strftime('%Y-%m-%d %H:%M')}"
    )
    print(
        f"  {'games':>5} {'setup':<22} {'code':<12} {'moves stored/s':>14} "
        f"{'client moves/s':>14} {'p50 ms':>8} {'p99 ms':>8} {'409s':>6} {'errors':>6} "
        f"{'server CPU ms/move':>18}"
    )
    for games, setup, code, r in rows:
        print(
            f"  {games:>5} {LABELS[setup]:<22} {code:<12} {r['stored']:>14.0f} "
            f"{r['client']:>14.0f} {r['p50']:>8.1f} {r['p99']:>8.1f} {r['stale']:>6} "
            f"{r['errors']:>6} {r['cpu']:>18.2f}"
        )
    if len(codes) == 2:
        base, mine = codes
        for games in args.games:
            for setup in args.setups:

                def median(code: str, g: int = games, s: str = setup) -> float:
                    found = [r["stored"] for n, t, c, r in rows if (n, t, c) == (g, s, code)]
                    return statistics.median(cast(list[float], found))

                ratio = median(mine) / max(median(base), 1e-9)
                print(
                    f"  {games} games, {LABELS[setup]}: moves stored/s, this tree / {base}: "
                    f"{ratio:.2f}x (medians of {args.rounds})"
                )


async def _store_alone(db: str, games: int, seconds: float, grouped: bool) -> dict[str, float]:
    """``games`` games storing moves one after the other for ``seconds``, through one
    ``Persistence`` on ``db``: ``grouped`` as the server commits, or each its own transaction."""
    from coup_rules import Config, Income
    from coup_rules.web.persistence import Persistence
    from coup_rules.web.records import GameRecord
    from coup_rules.web.seating import Seating
    from coup_rules.web.writes import NewGame, NewMove, Write

    persistence = Persistence(db)
    await persistence.open(lambda _game: None)
    store = persistence.store
    commits = 0
    counted = store.commit

    def commit(writes: Sequence[Write]) -> list[bool]:
        nonlocal commits
        commits += 1
        return counted(writes)

    records = [
        GameRecord(
            id=f"bench{k}",
            config=Config(players=2),
            seed=k,
            seating=Seating.new(("human", "human"), f"h{k}", [f"a{k}", f"b{k}"]),
            spectator=f"s{k}",
        )
        for k in range(games)
    ]
    await persistence.commit(*map(NewGame, records))
    store.commit = commit  # type: ignore[method-assign]
    waits: list[float] = []
    deadline = time.perf_counter() + seconds

    async def play(game: str) -> None:
        n = 0
        while time.perf_counter() < deadline:
            write = NewMove(game, n, n, Income(n % 2))
            start = time.perf_counter()
            if grouped:
                await persistence.commit(write)
            else:
                await persistence.run(store.commit, [write], writes=True)
            waits.append(time.perf_counter() - start)
            n += 1

    began = time.perf_counter()
    await asyncio.gather(*(play(record.id) for record in records))
    elapsed = time.perf_counter() - began
    stored = await persistence.run(store.count_moves)
    await persistence.close()
    return {
        "stored": stored / elapsed,
        "commits": commits / elapsed,
        "p50": LOAD._percentile(waits, 50) * 1000,
        "p99": LOAD._percentile(waits, 99) * 1000,
    }


def _store_child(argv: list[str]) -> int:
    """``--store-child DB GAMES SECONDS grouped|single``: one store measurement, printed."""
    db, games, seconds, mode = argv
    figures = asyncio.run(_store_alone(db, int(games), float(seconds), mode == "grouped"))
    print(json.dumps(figures))
    return 0


def _store_setup(
    args: argparse.Namespace, setup: str, games: int, grouped: bool, env: dict[str, str]
) -> dict[str, float]:
    """One store measurement in a process of its own (started with ``env``), fresh database."""
    with contextlib.ExitStack() as stack:
        if setup == "sqlite":
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="coup-bench-"))
            db = str(Path(tmp) / "store.sqlite3")
        else:
            name, db = _fresh_database(args.postgres)
            stack.callback(_drop_database, args.postgres, name)
        mode = "grouped" if grouped else "single"
        done = subprocess.run(
            [sys.executable, __file__, "--store-child", db, str(games), str(args.seconds), mode],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, **env},
        )
        figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
        return figures


def _store_rows(args: argparse.Namespace, env: dict[str, str]) -> None:
    """``--store``: every write its own transaction against grouped, printed side by side."""
    rows: list[tuple[int, str, str, dict[str, float]]] = []
    for _ in range(args.rounds):
        for games in args.games:
            for setup in args.setups:
                for mode, grouped in (("one per write", False), ("grouped", True)):
                    rows.append(
                        (games, setup, mode, _store_setup(args, setup, games, grouped, env))
                    )
    print(
        f"the store alone: games storing one move after another through Persistence, "
        f"{args.seconds:g} s per run, {args.rounds} round(s)"
    )
    print(
        f"  {'games':>5} {'store':<8} {'transactions':<14} {'moves stored/s':>14} "
        f"{'commits/s':>10} {'wait p50 ms':>11} {'p99 ms':>8}"
    )
    for games, setup, mode, r in rows:
        print(
            f"  {games:>5} {setup:<8} {mode:<14} {r['stored']:>14.0f} {r['commits']:>10.0f} "
            f"{r['p50']:>11.1f} {r['p99']:>8.1f}"
        )
    for games in args.games:
        for setup in args.setups:
            runs = [r["stored"] for n, t, _, r in rows if (n, t) == (games, setup)]
            together = statistics.median(runs[1::2])  # each round: one per write, then grouped
            ratio = together / max(statistics.median(runs[0::2]), 1e-9)
            print(f"  {games} games, {setup}: grouped / one per write: {ratio:.1f}x")


def _games(text: str) -> list[int]:
    return [int(n) for n in text.split(",")]


def main(argv: list[str] | None = None) -> int:
    """Run the setups ``--rounds`` times and print the figures; 1 if any request failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", help="a PostgreSQL URL on loopback (else SQLite only)")
    parser.add_argument(
        "--games", type=_games, default=[50], help="concurrent games, or a list: 8,32 (50)"
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="per setup (default 10)")
    parser.add_argument("--rounds", type=int, default=1, help="times each setup runs")
    parser.add_argument("--players", type=int, default=3, help="seats per game (default 3)")
    parser.add_argument("--bot", default="honest", help="the bot at the other seats")
    parser.add_argument("--seed", type=int, default=1, help="seeds the clients' choices")
    parser.add_argument("--baseline", metavar="REV", help="also run git revision REV's server")
    parser.add_argument(
        "--sync-delay", type=float, default=0.0, metavar="MS", help="slower flushes (SQLite)"
    )
    parser.add_argument(
        "--store", action="store_true", help="the store alone: one per write against grouped"
    )
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--store-child"]:
        return _store_child(argv[1:])
    args = parser.parse_args(argv)
    if (
        not all(1 <= n <= 500 for n in args.games)
        or not 0 < args.seconds <= 600
        or not 1 <= args.rounds <= 10
        or not 0 <= args.sync_delay <= 1000
    ):
        parser.error("--games must be 1-500, --seconds 0-600, --rounds 1-10, --sync-delay 0-1000")
    if args.postgres and (urlsplit(args.postgres).hostname or "localhost") not in LOAD.LOOPBACK:
        parser.error("--postgres must be on loopback")
    args.setups = ["sqlite", "postgres"] if args.postgres else ["sqlite"]
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="coup-bench-code-") as tmp:
        env = _sync_shim(args.sync_delay, Path(tmp)) if args.sync_delay else {}
        if args.sync_delay:
            print(f"flushes slowed: {' '.join(f'{k}={v}' for k, v in env.items())}")
        codes = {"this tree": {**env, "PYTHONPATH": str(ROOT)}}
        if args.store:
            _store_rows(args, codes["this tree"])
            return 0
        if args.baseline:
            old = _export(args.baseline, Path(tmp) / "baseline")
            codes = {args.baseline: {**env, "PYTHONPATH": str(old)}, **codes}
        for _ in range(args.rounds):
            for games in args.games:
                for setup in args.setups:
                    for code, code_env in codes.items():
                        load = argparse.Namespace(**{**vars(args), "games": games})
                        rows.append((games, setup, code, _one_setup(load, setup, code_env)))
    _print(args, rows, list(codes))
    failed = [e for *_, r in rows for e in r["first_errors"]]  # type: ignore[attr-defined]
    for error in failed[:10]:
        print(f"    {error}")
    return 1 if any(r["errors"] for *_, r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
