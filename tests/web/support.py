"""Helpers for the web tests: skipping without the extra, a server in a subprocess, leak checks."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import coup_rules
from coup_rules import (
    CardsDrawn,
    CardShown,
    CardsReturned,
    Dealt,
    Drafted,
    GameState,
    Move,
    PlayerView,
    apply,
    from_json,
    new_game,
    view,
)
from coup_rules.views import may_see

ROOT = Path(__file__).resolve().parents[2]
STATIC = Path(coup_rules.__file__).resolve().parent / "web" / "static"
"""The pages' folder of the coup_rules under test: the source tree's, or an installed wheel's."""
ARTIFACTS = Path(os.environ.get("COUP_WEB_ARTIFACTS", ROOT / "tests" / "web" / "artifacts"))
"""Where the browser test saves its screenshots (git-ignored)."""

REQUIRED = os.environ.get("COUP_WEB_REQUIRED") == "1"
"""Set by CI: a missing dependency fails the web tests instead of skipping them."""


def need(what: str, present: bool, how: str) -> None:
    """Skip (or, under ``COUP_WEB_REQUIRED=1``, fail) the module when ``what`` is missing."""
    if present:
        return
    message = f"{what} is missing: {how}"
    if REQUIRED:
        pytest.fail(f"COUP_WEB_REQUIRED=1 but {message}", pytrace=False)
    pytest.skip(message, allow_module_level=True)


def need_web() -> None:
    """The ``[web]`` extra (Starlette, uvicorn) and httpx."""
    present = all(
        importlib.util.find_spec(m) is not None for m in ("starlette", "uvicorn", "httpx2")
    )
    need("the [web] extra", present, "pip install -e '.[dev]' (or '.[web]' httpx2)")


def need_browser() -> str:
    """Playwright's Python package and Debian's chromium; returns the browser's path."""
    need_web()
    present = importlib.util.find_spec("playwright") is not None
    need("playwright", present, "pip install playwright (never 'playwright install')")
    path = os.environ.get("COUP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    need("chromium", Path(path).is_file(), "apt-get install -y chromium")
    return path


def counter(start: int) -> Callable[[], int]:
    """Fixed seeds for new games: ``start``, ``start + 1``, ..."""
    it = iter(range(start, start + 1_000_000))
    return lambda: next(it)


def seeded_bots(seed: int) -> Callable[[str], random.Random]:
    """A fixed generator per game for the bots."""
    return lambda gid: random.Random(f"{seed}:{gid}")


# --- what the server sent, checked against the true state ----------------------------------------


def states_by_version(initial: GameState, moves: Sequence[Move]) -> dict[int, GameState]:
    """Every state of a game, by its log length (each move makes the log longer)."""
    states = {len(initial.log): initial}
    state = initial
    for move in moves:
        state = apply(state, move)
        states[len(state.log)] = state
    return states


def stored_states(db: Path, game: str) -> tuple[dict[int, GameState], tuple[str, ...]]:
    """A stored game's states by log length, replayed from its record, and its seat list."""
    from coup_rules.web.store import open_store

    store = open_store(db)
    try:
        games = {record.id: (record, moves) for record, moves in store.load()}
    finally:
        store.close()
    record, moves = games[game]
    initial = new_game(record.config, seed=record.seed)
    return states_by_version(initial, [m.move for m in moves]), record.seats


_PRIVATE = (Dealt, Drafted, CardsDrawn, CardsReturned, CardShown)


def check_envelope(
    data: dict[str, Any], state: GameState, seat: int | None, seats: Sequence[str]
) -> PlayerView:
    """The envelope a client got is exactly the view of ``state`` for ``seat``, and no more.

    - its ``view`` decodes to ``view(state, seat, since=its log_start)`` of the true state;
    - every other field is a function of that view alone (rebuilt from the decoded view), and
      of the seat's view of the turn's earlier events (an action that came to nothing, R-INF-5),
      but ``table``, the public facts of the table (``check_table``);
    - spelled out: no other seat's hidden cards, no private card the seat may not see, and
      never the seed.
    """
    from coup_rules.narrate import narration_start
    from coup_rules.web.render import envelope_data

    got = from_json(json.dumps(data["view"]), PlayerView)
    assert got == view(state, seat, since=got.log_start)
    start = narration_start(state.log, got.log_start)
    earlier = view(state, seat, since=start).log[: got.log_start - start]
    assert data == envelope_data(got, data["table"], earlier=earlier)
    check_table(dict(data["table"]), state, seats)
    for p in got.players:
        if p.seat != seat:
            assert p.hand is None, f"seat {seat} sees the hand of seat {p.seat}"
    for event in got.log:
        if isinstance(event, _PRIVATE) and not may_see(event, seat):
            card = getattr(event, "cards", None) or getattr(event, "card", None)
            assert card is None, f"seat {seat} sees the private {event!r}"
    assert str(state.seed) not in json.dumps(data)
    if seat is None:
        assert got.legal_moves == ()
    return got


def check_table(table: dict[str, Any], state: GameState, seats: Sequence[str]) -> None:
    """The table's public facts hold only public things: names, who is a bot (never which),
    who is connected, each seat's standing claims (those of the public log), the time."""
    from coup_rules.ai.claims import standing_claims

    keys = {"seats", "started", "time_limit", "time_left", "timeouts", "rematch"}
    if state.is_over:  # every hand is turned up at the end, and only then
        assert table.pop("hands") == [[c.value for c in p.hand] for p in state.players]
    assert set(table) == keys
    claims = standing_claims(state.log, state.config.exchanger)
    for n, seat in enumerate(table["seats"]):
        assert set(seat) == {"name", "bot", "open", "connected", "claims"}
        assert seat["bot"] == (seats[n] != "human")
        assert set(seat["claims"]) == {c.value for c in claims.get(n, ())}
    text = json.dumps(table)
    for who in set(seats) - {"human"}:
        assert f'"{who}"' not in text, f"the table says which bot plays: {who}"


# --- a real server in a subprocess ---------------------------------------------------------------


class ServerProcess:
    """``python -m coup_rules.web`` on a free loopback port, with its output collected."""

    def __init__(self, db: Path, *extra: str) -> None:
        self.db = db
        self.args = [sys.executable, "-m", "coup_rules.web", "--port", "0", "--db", str(db)]
        self.args += list(extra)
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.output: list[str] = []

    def start(self, timeout: float = 30.0) -> ServerProcess:
        self.proc = subprocess.Popen(
            self.args,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.proc.stdout is not None
        stdout = self.proc.stdout
        found = threading.Event()

        def read() -> None:
            for line in stdout:
                self.output.append(line)
                if "coup-rules serve: http://" in line:
                    self.url = line.split()[2].rstrip("/")
                    found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(timeout):
            self.kill()
            raise RuntimeError("the server did not start:\n" + "".join(self.output))
        return self

    def kill(self, sig: int = signal.SIGKILL) -> int:
        """Send ``sig`` (SIGKILL by default) and wait for the process to end."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        return self.proc.wait(timeout=30)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


def wait_until(predicate: Callable[[], bool], timeout: float = 30.0, step: float = 0.02) -> None:
    """Poll ``predicate`` until it holds; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(step)


def iter_sse(lines: Iterator[str]) -> Iterator[tuple[str | None, dict[str, Any]]]:
    """``(id, data)`` of each ``view`` event of a server-sent event stream."""
    event_id: str | None = None
    data: list[str] = []
    for line in lines:
        if line == "":
            if data:
                yield event_id, json.loads("\n".join(data))
            event_id, data = None, []
        elif line.startswith("id:"):
            event_id = line[3:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())


# --- seats claimed as people would ---------------------------------------------------------------


def claim_all(post: Callable[..., Any], created: dict[str, Any]) -> dict[str, Any]:
    """Claim every open seat of a game just created (``created``: the 201 body), as each
    invitee would, named ``Player N``; returns the game with every seat's token.

    ``post(path, json=...)`` is a client's ``post`` (TestClient, httpx2). The result has the
    shape tests use: ``{"game", "host", "seats": [{"seat", "player", "token"}], "spectator"}``,
    ``token`` ``None`` for a bot's seat.
    """
    gid = created["game"]
    seats = []
    for s in created["seats"]:
        token = None
        if s["invite"] is not None:
            invite = s["invite"].split("#", 1)[1]
            response = post(
                f"/api/games/{gid}/claims", json={"invite": invite, "name": f"Player {s['seat']}"}
            )
            assert response.status_code == 201, response.text
            token = response.json()["token"]
        elif created["seat"] is not None and created["seat"]["seat"] == s["seat"]:
            token = created["seat"]["token"]
        seats.append({"seat": s["seat"], "player": s["player"], "token": token})
    return {
        "game": gid,
        "host": created["host_token"],
        "seats": seats,
        "spectator": created["spectator"],
    }


def create_seated(post: Callable[..., Any], body: dict[str, Any]) -> dict[str, Any]:
    """Create a game with ``body`` and claim every person's seat (``claim_all``)."""
    response = post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return claim_all(post, response.json())


async def seated_table(hub: Any, config: Any, seats: tuple[str, ...]) -> Any:
    """``hub.create(config, seats)``, then every person's seat claimed (named ``Player N``)."""
    table = hub.create(config, seats)
    table = await table
    for n, seat in enumerate(table.record.seating.seats):
        if seat.invite is not None:
            await hub.claim(table, seat.invite, f"Player {n}")
    return table


class AsClients:
    """An ASGI app, each request coming from the address in its ``X-Test-Client`` header (as
    uvicorn reports the connection's), so that one TestClient plays many clients."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            for key, value in scope["headers"]:
                if key == b"x-test-client":
                    scope = {**scope, "client": (value.decode(), 40000)}
        await self.app(scope, receive, send)
