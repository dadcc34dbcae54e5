"""The database stumbles mid-game, and every game finishes by itself.

- **SQLite** (always): the store's file reopened read-only mid-game, with bots and a running
  clock, then writable again; in the hub, and over HTTP, where every request that needs a write
  meanwhile is answered 503 with ``Retry-After`` and a short JSON reason.
- **PostgreSQL** (with ``COUP_TEST_POSTGRES``, as test_web_postgres.py; failing rather than
  skipping under ``COUP_POSTGRES_REQUIRED=1``): a cluster of this module's own stopped for a few
  seconds and started again under two server processes, mid-game with bots and a running clock;
  and the LISTEN/NOTIFY connection cut (``pg_terminate_backend``).

After each fault, every game finishes, every move acknowledged is stored, the stored moves
replay to the state the server shows, and the log says what failed once per outage.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib.util
import json
import logging
import os
import random
import secrets
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.web.support import (
    ROOT,
    ServerProcess,
    counter,
    create_seated,
    need_web,
    seated_table,
    seeded_bots,
    stored_states,
    wait_until,
)

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules import Config, Move, from_json, to_json  # noqa: E402
from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.backoff import Backoff  # noqa: E402
from coup_rules.web.errors import Unavailable  # noqa: E402
from coup_rules.web.hub import Hub, Table  # noqa: E402
from coup_rules.web.sqlite_store import SqliteStore  # noqa: E402
from coup_rules.web.store import open_store  # noqa: E402

QUICK = Backoff(first=0.05, cap=0.5)
DOWN = "the database does not answer"
BACK = "the database answers again"


def _reopen(store: SqliteStore, mode: str) -> None:
    """Reopen the store's file ``ro`` (every write then fails as on a read-only file) or ``rw``
    (it takes writes again). Runs on the store's own thread (``Persistence.submit``)."""
    store._db.close()
    db = sqlite3.connect(
        f"file:{store.path}?mode={mode}", uri=True, check_same_thread=False, isolation_level=None
    )
    db.execute("PRAGMA synchronous=FULL")
    store._db = db


def _set_mode(hub: Hub, mode: str) -> None:
    """``ro``, ``rw``, or ``gone``: every read and write fails (the store's connection is an
    empty database: "no such table", as SQLite says of a file it cannot use)."""
    store = hub.store
    assert isinstance(store, SqliteStore)
    hub.persistence.submit(_gone if mode == "gone" else _reopen, store, mode).result(timeout=10)


def _gone(store: SqliteStore, _mode: str) -> None:
    store._db.close()
    store._db = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)


def _decode(move: dict[str, Any]) -> Move:
    """A move as the API sent it (one of ``legal_moves``), decoded."""
    decoded: Move = from_json(json.dumps(move), Move)
    return decoded


def _messages(caplog: pytest.LogCaptureFixture, text: str) -> int:
    return sum(text in r.getMessage() for r in caplog.records)


def _check_stored(db: Path | str, tables: list[Table]) -> None:
    """Each game's stored moves replay to the state in memory, and are as many as it made."""
    store = open_store(db)
    try:
        stored = {record.id: moves for record, moves in store.load()}
    finally:
        store.close()
    for table in tables:
        states, _ = stored_states(db, table.id)  # type: ignore[arg-type]
        assert states[max(states)] == table.state
        assert len(stored[table.id]) == table.moves


# --- SQLite ----------------------------------------------------------------------------------


def test_games_with_bots_and_a_clock_finish_after_their_file_was_read_only_for_a_while(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="coup_rules.web")
    db = tmp_path / "games.sqlite3"

    async def main() -> list[Table]:
        hub = Hub(db, bot_delay=0.05, seeds=counter(500), bot_rng=seeded_bots(5), backoff=QUICK)
        await hub.start()
        try:
            bots = ("honest", "bluff", "counting")
            tables = [await hub.create(Config(players=3), bots) for _ in range(3)]
            # A person who never moves: the clock answers for them.
            clocked = await hub.create(
                Config(players=3), ("human", "honest", "random"), time_limit=0.2
            )
            for n, seat in enumerate(clocked.record.seating.seats):
                if seat.invite is not None:
                    await hub.claim(clocked, seat.invite, f"Player {n}")
            tables.append(clocked)
            async with asyncio.timeout(30):
                while min(t.moves for t in tables) < 3:
                    await asyncio.sleep(0.02)
            _set_mode(hub, "ro")
            stored = await hub.persistence.run(hub.store.count_moves)
            await asyncio.sleep(1.5)  # the bots and the clock try, and fail, meanwhile
            assert await hub.persistence.run(hub.store.count_moves) == stored
            assert all(t.task is not None and not t.task.done() for t in tables if not t.finished)
            assert hub.persistence.outage.down
            _set_mode(hub, "rw")
            async with asyncio.timeout(120):
                while not all(t.finished for t in tables):
                    await asyncio.sleep(0.05)
            return tables
        finally:
            await hub.stop()

    tables = asyncio.run(main())
    _check_stored(db, tables)
    assert tables[-1].timeouts, "the clock answered for the seat that never moved"
    assert _messages(caplog, DOWN) == 1  # once for the whole outage, not once per try
    assert _messages(caplog, BACK) == 1
    assert not [r for r in caplog.records if r.exc_info], "no traceback for an outage"


def test_requests_during_an_outage_get_503_with_retry_after_and_the_game_goes_on_after(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="coup_rules.web")
    db = tmp_path / "games.sqlite3"
    app = create_app(db, bot_delay=0, seeds=counter(40), bot_rng=seeded_bots(4))
    acked: list[tuple[int, Move]] = []
    with TestClient(app, base_url="http://127.0.0.1") as client:
        hub: Hub = app.state.hub
        game = create_seated(client.post, {"config": {"players": 3}, "seats": ["human"] * 3})
        auth = [{"Authorization": f"Bearer {s['token']}"} for s in game["seats"]]
        path = f"/api/games/{game['game']}/seats"
        rng = random.Random(8)

        def view(seat: int) -> dict[str, Any]:
            answer = client.get(f"{path}/{seat}", headers=auth[seat])
            assert answer.status_code == 200, answer.text
            data: dict[str, Any] = answer.json()
            return data

        def post(seat: int, data: dict[str, Any]) -> Any:
            move = rng.choice(data["view"]["legal_moves"])
            body = {"version": data["version"], "move": move}
            answer = client.post(f"{path}/{seat}/moves", headers=auth[seat], json=body)
            if answer.status_code == 200:
                acked.append((data["version"], _decode(move)))
            return answer

        def asked() -> int:
            return next(s for s in range(3) if view(s)["view"]["legal_moves"])

        for _ in range(4):
            seat = asked()
            assert post(seat, view(seat)).status_code == 200
        _set_mode(hub, "ro")
        try:
            seat = asked()
            data = view(seat)  # reading needs no write: still answered
            for _ in range(5):
                refused = post(seat, data)
                assert refused.status_code == 503
                assert refused.headers["content-type"] == "application/json"
                assert int(refused.headers["retry-after"]) >= 1
                assert refused.json()["error"] == "unavailable"
                assert "Traceback" not in refused.text and "sqlite" not in refused.text.lower()
            created = client.post("/api/games", json={"config": {"players": 2}})
            assert created.status_code == 503 and "retry-after" in created.headers
            assert view(seat)["version"] == data["version"]  # nothing was made
        finally:
            _set_mode(hub, "rw")
        while True:  # the game goes on to its end, on the same decision it was at
            ready = [s for s in range(3) if view(s)["view"]["legal_moves"]]
            if not ready:
                break
            seat = ready[0]
            assert post(seat, view(seat)).status_code == 200
        table = hub.table(game["game"])
        assert table.finished
    states, _ = stored_states(db, game["game"])
    store = open_store(db)
    try:
        ((_, stored),) = [(r, m) for r, m in store.load() if r.id == game["game"]]
    finally:
        store.close()
    assert [(m.version, m.move) for m in stored] == acked  # acknowledged == stored, in order
    assert states[max(states)].is_over
    assert _messages(caplog, DOWN) == 1 and _messages(caplog, BACK) == 1
    assert not [r for r in caplog.records if r.exc_info]


def test_a_game_asked_for_during_an_outage_is_refused_without_a_traceback_and_opens_after(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The process does not hold the game: each ask is a load that fails. The operator guide
    promises one line when the outage begins and one when it ends, and no traceback."""
    caplog.set_level(logging.INFO)  # every logger: asyncio's reports of lost errors too
    db = tmp_path / "games.sqlite3"

    async def made() -> str:
        hub = Hub(db, bot_delay=0, seeds=counter(70), backoff=QUICK)
        await hub.start()
        try:
            return (await hub.create(Config(players=3), ("human",) * 3)).id
        finally:
            await hub.stop()

    async def main(game: str) -> None:
        hub = Hub(db, bot_delay=0, backoff=QUICK)  # a process that holds no game yet
        await hub.start()
        try:
            _set_mode(hub, "gone")
            for _ in range(5):
                with pytest.raises(Unavailable):
                    await hub.open(game)
            asked = await asyncio.gather(
                *(hub.open(game) for _ in range(3)), return_exceptions=True
            )
            assert all(isinstance(answer, Unavailable) for answer in asked)  # one load, 3 told
            gc.collect()  # a future's error nobody took is reported when it is collected
            await asyncio.sleep(0)
            _set_mode(hub, "rw")
            assert (await hub.open(game)).id == game
        finally:
            await hub.stop()

    game = asyncio.run(made())
    asyncio.run(main(game))
    assert _messages(caplog, DOWN) == 1 and _messages(caplog, BACK) == 1
    assert not [r for r in caplog.records if r.exc_info or "never retrieved" in r.getMessage()]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR and DOWN not in r.message]


# --- PostgreSQL ------------------------------------------------------------------------------

URL = os.environ.get("COUP_TEST_POSTGRES")


def _need_postgres() -> None:
    missing = [
        what
        for what, present in (
            ("psycopg (pip install -e '.[postgres]')", importlib.util.find_spec("psycopg")),
            ("a PostgreSQL server (COUP_TEST_POSTGRES=URL)", URL),
        )
        if not present
    ]
    if missing:
        message = " and ".join(missing) + " missing; see scripts/pg_throwaway.sh"
        if os.environ.get("COUP_POSTGRES_REQUIRED") == "1":
            pytest.fail(f"COUP_POSTGRES_REQUIRED=1 but {message}", pytrace=False)
        pytest.skip(message)


class Cluster:
    """A throwaway PostgreSQL cluster of this module's own (scripts/pg_throwaway.sh), which a
    test may stop and start again without disturbing any other test's database."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="coup-fault-pg."))
        self.dir.chmod(0o755)  # its server runs as the postgres user when we are root
        script = ROOT / "scripts" / "pg_throwaway.sh"
        done = subprocess.run(
            ["bash", str(script), "start", str(self.dir / "c")],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            message = f"could not start a throwaway cluster: {done.stderr.strip()}"
            if os.environ.get("COUP_POSTGRES_REQUIRED") == "1":
                pytest.fail(message, pytrace=False)
            pytest.skip(message)
        self.url = done.stdout.strip()
        self.port = urlsplit(self.url).port
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name)
        found = shutil.which("pg_ctl")
        self.pg_ctl = str(bins[-1] / "pg_ctl") if bins else (found or "pg_ctl")

    def _ctl(self, *args: str) -> None:
        command = [self.pg_ctl, "-D", str(self.dir / "c" / "data"), "-w", *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    def stop(self) -> None:
        self._ctl("-m", "fast", "stop")

    def start(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir / 'c'} "
            "-c max_connections=200"
        )
        self._ctl("-l", str(self.dir / "c" / "server.log"), "-o", options, "start")

    def close(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    _need_postgres()
    own = Cluster()
    try:
        yield own
    finally:
        own.close()


@pytest.fixture
def pg() -> Iterator[str]:
    """A fresh database on the server ``COUP_TEST_POSTGRES`` names (test_web_postgres.py)."""
    _need_postgres()
    import psycopg

    assert URL is not None
    name = "coup_fault_" + secrets.token_hex(6)
    with psycopg.connect(URL, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield urlunsplit(urlsplit(URL)._replace(path="/" + name))
    finally:
        with psycopg.connect(URL, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


def test_two_servers_finish_every_game_after_postgresql_stopped_for_seconds_mid_game(
    cluster: Cluster,
) -> None:
    import httpx2

    url = cluster.url
    a = ServerProcess(url, "--bot-delay", "0.05").start()  # type: ignore[arg-type]
    b = ServerProcess(url, "--bot-delay", "0.05").start()  # type: ignore[arg-type]
    clients = [httpx2.Client(base_url=s.url, timeout=30) for s in (a, b)]
    acked: list[tuple[str, int, dict[str, Any]]] = []
    refused: list[Any] = []
    try:
        bots = {"config": {"players": 3}, "seats": ["honest", "bluff", "counting"]}
        games = [create_seated(clients[k % 2].post, bots) for k in range(4)]
        clocked = create_seated(
            clients[0].post,
            {"config": {"players": 3}, "seats": ["human", "honest", "bluff"], "time_limit": 10},
        )
        games.append(clocked)
        person = {"Authorization": f"Bearer {clocked['seats'][0]['token']}"}
        rng = random.Random(11)

        def watch(client: Any, game: dict[str, Any]) -> Any:
            headers = {"Authorization": f"Bearer {game['spectator']['token']}"}
            return client.get(f"/api/games/{game['game']}/seats/spectator", headers=headers)

        def seen(game: dict[str, Any]) -> dict[str, Any] | None:
            answer = watch(clients[1], game)
            return answer.json() if answer.status_code == 200 else None

        def play_person(k: int) -> bool:
            """One move of the person, on server ``k % 2``; False once the game is over."""
            client = clients[k % 2]
            answer = client.get(f"/api/games/{clocked['game']}/seats/0", headers=person)
            if answer.status_code == 503:
                refused.append(answer)
                time.sleep(float(answer.headers["retry-after"]) / 4)
                return True
            data = answer.json()
            if data["view"]["winner"] is not None:
                return False
            if data["view"]["legal_moves"]:
                move = rng.choice(data["view"]["legal_moves"])
                body = {"version": data["version"], "move": move}
                posted = client.post(
                    f"/api/games/{clocked['game']}/seats/0/moves", headers=person, json=body
                )
                if posted.status_code == 200:
                    acked.append((clocked["game"], data["version"], move))
                elif posted.status_code == 503:
                    refused.append(posted)
            time.sleep(0.05)
            return True

        for game in games:  # both servers hold every game
            assert all(watch(c, game).status_code == 200 for c in clients)
        for k in range(6):
            play_person(k)
        wait_until(lambda: all((v := seen(g)) is not None and v["version"] > 5 for g in games))
        cluster.stop()
        for k in range(6):  # requests meanwhile: 503 with Retry-After, never a traceback
            answer = watch(clients[k % 2], games[k % len(games)])
            assert answer.status_code == 503, answer.text
            refused.append(answer)
        time.sleep(4.0)
        cluster.start()
        k = 0
        deadline = time.monotonic() + 180
        while play_person(k) and time.monotonic() < deadline:
            k += 1
        wait_until(
            lambda: all((v := seen(g)) and v["view"]["winner"] is not None for g in games), 180
        )
        finals = [seen(g) for g in games]
        for game, final in zip(games, finals, strict=True):
            other = watch(clients[0], game).json()
            assert other["version"] == final["version"]  # type: ignore[index]
    finally:
        a.kill(signal.SIGTERM)
        b.kill(signal.SIGTERM)
    for answer in refused:
        assert answer.status_code == 503
        assert int(answer.headers["retry-after"]) >= 1
        assert answer.json()["error"] == "unavailable"
        assert "Traceback" not in answer.text
    for server in (a, b):
        output = "".join(server.output)
        assert "Traceback" not in output, output
        assert 1 <= output.count(DOWN) <= 3, output  # once per outage (a reconnect may be one)
    store = open_store(url)
    try:
        stored = {record.id: moves for record, moves in store.load()}
    finally:
        store.close()
    for game, final in zip(games, finals, strict=True):
        states, _ = stored_states(url, game["game"])  # type: ignore[arg-type]
        assert states[max(states)].is_over
        assert max(states) == final["version"]  # type: ignore[index]
    # Each acknowledged move is stored once, at or after the version it was posted against
    # (an answer to a window counts while it is open, after the bots' answers to it).
    unused = [(m.version, to_json(m.move)) for m in stored[clocked["game"]]]
    for _, version, move in acked:
        text = to_json(_decode(move))
        match = next(i for i, (v, t) in enumerate(unused) if t == text and v >= version)
        del unused[match]
    assert acked, "the person's moves were acknowledged (how many depends on how soon they lose)"


def test_a_cut_listening_connection_is_opened_again_and_the_moves_missed_meanwhile_arrive(
    pg: str, caplog: pytest.LogCaptureFixture
) -> None:
    import psycopg

    from coup_rules import Tax

    caplog.set_level(logging.INFO, logger="coup_rules.web")

    async def main() -> None:
        a, b = Hub(pg, bot_delay=0, backoff=QUICK), Hub(pg, bot_delay=0, backoff=QUICK)
        await a.start()
        await b.start()
        try:
            mine = await seated_table(a, Config(players=3), ("human",) * 3)
            theirs = await b.open(mine.id)
            await asyncio.sleep(0.5)  # both listening
            with psycopg.connect(pg, autocommit=True) as admin:
                cut = admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE application_name = 'coup-listen' AND datname = current_database()"
                ).fetchall()
            assert len(cut) == 2
            await a.play(mine, 0, mine.version, Tax(0))  # its NOTIFY finds nobody listening
            async with asyncio.timeout(15):  # B hears again, and looks at every game it holds
                while theirs.version < mine.version:
                    await theirs.wait(theirs.revision, 0.2)
            assert theirs.state == mine.state and theirs.moves == 1
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(main())
    lost = _messages(caplog, "lost the database's notifications")
    assert lost == 2  # one per hub, however many tries the reconnection took
    assert _messages(caplog, "listening to the database's notifications again") == 2
