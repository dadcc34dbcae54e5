"""A bounded load test of ``coup-rules serve``: N concurrent games on loopback for S seconds.

Starts a server (``python -m coup_rules.web --bot-delay 0``, or the ``--bot-delay`` given) on a
free loopback port with a fresh database and its default limits, but for the rate of new games
per address (all the clients share one), then runs ``--games`` clients at once. Each client
creates a game in which it holds seat 0 and bots hold the other seats, follows its seat's event
stream (server-sent events, as the browser page does) and answers every decision with a random
legal move posted with its version; when its game ends it starts another. After ``--seconds``
everything stops, the server is terminated, and the script prints the figures:

- moves/s: every move stored in the database during the run (the clients' and the bots'),
  divided by the run's length; every one of them was written to SQLite before it was answered;
- the clients' moves/s, and the latency of their POSTs (p50, p99, max), from sending the request
  to reading the answer, 409s included (a bot can close a window first, by a challenge or a
  block); a 409 to a decision still open for the client (an independent answer refused) counts
  as an error: there must be none;
- games finished, and errors (anything but 200 and 409; the exit status is 1 if there are any).

Loopback only: ``--url`` may name a running server, but only on 127.0.0.1, ::1 or localhost.

Usage: python scripts/load_test.py [--games 50] [--seconds 10] [--players 3] [--bot-delay 0]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx2

LOOPBACK = {"127.0.0.1", "::1", "localhost"}


class Stats:
    """What the clients measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.accepted = 0
        self.stale = 0
        self.conflicts = 0  # 409s to a decision still open for the client: none expected
        self.finished = 0
        self.errors: list[str] = []


async def _events(client: httpx2.AsyncClient, url: str) -> AsyncIterator[dict[str, Any]]:
    """The views of a seat's event stream."""
    async with client.stream("GET", url, timeout=None) as response:
        response.raise_for_status()
        data: list[str] = []
        async for line in response.aiter_lines():
            if line.startswith("data:"):
                data.append(line[5:].lstrip())
            elif line == "" and data:
                yield json.loads("\n".join(data))
                data = []


async def _one_game(
    client: httpx2.AsyncClient,
    follow: httpx2.AsyncClient,
    players: int,
    bot: str,
    rng: random.Random,
    stats: Stats,
) -> None:
    """Create a game on ``client``'s server, follow it on ``follow``'s, post on ``client``'s."""
    body = {
        "config": {"players": players},
        "seats": ["human"] + [bot] * (players - 1),
        "host_seat": 0,  # the client creates the game and plays seat 0: its seat is claimed
        "name": "load",
    }
    response = await client.post("/api/games", json=body)
    response.raise_for_status()
    game = response.json()
    seat = f"/api/games/{game['game']}/seats/0"
    token = game["seat"]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    seen = -1  # the version of the last answer to a move: older envelopes are out of date
    posted_at = -1  # the version last posted against: each view is answered once
    async for data in _events(follow, f"{seat}/events?token={token}"):
        view = data["view"]
        if not view["to_act"]:
            stats.finished += 1
            return
        if not view["legal_moves"] or data["version"] < seen or data["version"] == posted_at:
            continue
        posted_at = data["version"]
        move = rng.choice(view["legal_moves"])
        start = time.perf_counter()
        posted = await client.post(
            f"{seat}/moves", headers=headers, json={"version": data["version"], "move": move}
        )
        stats.latencies.append(time.perf_counter() - start)
        if posted.status_code == 200:
            stats.accepted += 1
            seen = posted.json()["version"]
        elif posted.status_code == 409:
            stats.stale += 1
            if "has closed" not in posted.json()["detail"]:
                stats.conflicts += 1
            seen = posted.json()["version"]
        else:
            stats.errors.append(f"{posted.status_code}: {posted.text[:200]}")


async def _client(
    client: httpx2.AsyncClient,
    follow: httpx2.AsyncClient,
    players: int,
    bot: str,
    rng: random.Random,
    stats: Stats,
) -> None:
    while True:
        try:
            await _one_game(client, follow, players, bot, rng, stats)
        except (httpx2.HTTPError, ValueError) as error:
            stats.errors.append(f"{type(error).__name__}: {error}")
            await asyncio.sleep(0.1)


async def _run(args: argparse.Namespace, *bases: str) -> tuple[Stats, float]:
    """Run ``args.games`` clients for ``args.seconds``. With several servers (``bases``), the
    client of game ``i`` creates it and posts its moves on server ``i``, and follows it on the
    next one, as a load balancer may send one browser's requests to different processes."""
    stats = Stats()
    # A client per game and server, as each browser has its own connections; they share one
    # TLS context (unused on plain HTTP, but costly to make fifty times).
    tls = ssl.create_default_context()
    clients = [
        [httpx2.AsyncClient(base_url=base, timeout=30, verify=tls) for base in bases]
        for _ in range(args.games)
    ]
    n = len(bases)
    tasks = [
        asyncio.create_task(
            _client(
                mine[i % n],
                mine[(i + 1) % n],
                args.players,
                args.bot,
                random.Random(f"{args.seed}:{i}"),
                stats,
            )
        )
        for i, mine in enumerate(clients)
    ]
    start = time.perf_counter()
    await asyncio.sleep(args.seconds)
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task
    elapsed = time.perf_counter() - start
    for mine in clients:
        for client in mine:
            await client.aclose()
    return stats, elapsed


def _cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) a process has used so far; ``None`` where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _moves_in(db: Path) -> int:
    with contextlib.closing(sqlite3.connect(db, timeout=30)) as conn:
        (n,) = conn.execute("SELECT COUNT(*) FROM moves").fetchone()
    return int(n)


def _start_server(db: Path | str, bot_delay: float) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "coup_rules.web", "--port", "0", "--db", str(db)]
    # One address creates every game here: lift the per-address rate and live-game cap, keep
    # every other limit.
    limits = ["--games-per-minute", "1000000", "--max-live-games-per-client", "1000000"]
    proc = subprocess.Popen(
        [*command, "--bot-delay", str(bot_delay), *limits],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, line.split()[2].rstrip("/")


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    """Run the load test; returns 1 if any request failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long (default 10)")
    parser.add_argument("--players", type=int, default=3, help="seats per game (default 3)")
    parser.add_argument("--bot", default="honest", help="the bot at the other seats")
    parser.add_argument("--seed", type=int, default=1, help="seeds the clients' choices")
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.0,
        help="the server's bot delay (default 0: bots move at once, the server is saturated)",
    )
    parser.add_argument("--url", help="a running server on loopback (default: start one)")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 500 or not 0 < args.seconds <= 600:
        parser.error("--games must be 1-500 and --seconds 0-600")
    with tempfile.TemporaryDirectory(prefix="coup-load-") as tmp:
        db = Path(tmp) / "load.sqlite3"
        proc = None
        if args.url:
            host = urlparse(args.url).hostname or ""
            if host not in LOOPBACK:
                parser.error(f"--url must be on loopback ({', '.join(sorted(LOOPBACK))})")
            base, db_known = args.url.rstrip("/"), False
        else:
            proc, base = _start_server(db, args.bot_delay)
            db_known = True
        try:
            server_cpu = _cpu_seconds(proc.pid) if proc is not None else None
            client_cpu = time.process_time()
            stats, elapsed = asyncio.run(_run(args, base))
            client_cpu = time.process_time() - client_cpu
            if server_cpu is not None and proc is not None:
                now = _cpu_seconds(proc.pid)
                server_cpu = None if now is None else now - server_cpu
            total = _moves_in(db) if db_known else None  # a fresh database: every move is new
        finally:
            if proc is not None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    lat = stats.latencies or [0.0]
    print(
        f"load test: {args.games} concurrent games of {args.players} "
        f"(seat 0 a client, {args.bot} bots, bot delay {args.bot_delay} s), "
        f"{elapsed:.1f} s on loopback"
    )
    if total is not None:
        print(f"  moves stored:     {total} ({total / elapsed:.0f} moves/s, bots included)")
    posts = max(1, len(stats.latencies))
    print(
        f"  client moves:     {stats.accepted} accepted, {stats.stale} stale (409, "
        f"{100 * stats.stale / posts:.1f} %), {len(stats.latencies) / elapsed:.0f} posts/s"
    )
    print(
        f"  409s to a decision still open for the client (independent answers): "
        f"{stats.conflicts}; the others answered a window a bot had closed (challenge, block)"
    )
    print(
        f"  POST latency:     p50 {_percentile(lat, 50) * 1000:.1f} ms, "
        f"p99 {_percentile(lat, 99) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms"
    )
    print(f"  games finished:   {stats.finished}")
    cpu = f"  CPU used:         clients {client_cpu:.1f} s"
    if server_cpu is not None:
        cpu += f", server {server_cpu:.1f} s"
    print(f"{cpu} (of {elapsed:.1f} s on {os.cpu_count()} cores shared with anything else running)")
    print(f"  errors:           {len(stats.errors)}")
    for error in stats.errors[:10]:
        print(f"    {error}")
    return 1 if stats.errors or stats.conflicts or not stats.latencies else 0


if __name__ == "__main__":
    sys.exit(main())
