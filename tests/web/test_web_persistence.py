"""Nothing is lost: a server killed with SIGKILL and restarted resumes every game at its state.

The server runs in a subprocess. Games are played over HTTP; the last move's answer is
received, and at once the process is killed (no chance to flush or shut down). A new server on
the same database must give every seat the same view it had, take the next moves, and let the
bots finish their games.
"""

from __future__ import annotations

import random
import signal
from pathlib import Path
from typing import Any

from tests.web.support import (
    ServerProcess,
    create_seated,
    iter_sse,
    need_web,
    stored_states,
    wait_until,
)

need_web()

import httpx2  # noqa: E402


class Client:
    """A blocking client for one server, with the links of the games it made."""

    def __init__(self, base: str) -> None:
        self.http = httpx2.Client(base_url=base, timeout=30)

    def create(self, seats: list[str]) -> dict[str, Any]:
        body = {"config": {"players": len(seats)}, "seats": seats}
        return create_seated(self.http.post, body)

    def view(self, game: dict[str, Any], seat: int | None) -> dict[str, Any]:
        path = "spectator" if seat is None else str(seat)
        token = game["spectator"]["token"] if seat is None else game["seats"][seat]["token"]
        response = self.http.get(
            f"/api/games/{game['game']}/seats/{path}",
            headers={"Authorization": f"Bearer {token}"},
        )
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def move(self, game: dict[str, Any], seat: int, version: int, move: Any) -> Any:
        return self.http.post(
            f"/api/games/{game['game']}/seats/{seat}/moves",
            headers={"Authorization": f"Bearer {game['seats'][seat]['token']}"},
            json={"version": version, "move": move},
        )

    def step(self, game: dict[str, Any], humans: list[int], rng: random.Random) -> bool:
        """One human seat being waited on makes a random legal move; False if none can."""
        views = {seat: self.view(game, seat) for seat in humans}
        ready = [s for s in humans if views[s]["view"]["legal_moves"]]
        if not ready:
            return False
        seat = rng.choice(ready)
        move = rng.choice(views[seat]["view"]["legal_moves"])
        response = self.move(game, seat, views[seat]["version"], move)
        assert response.status_code in (200, 409), response.text
        return True

    def all_views(self, game: dict[str, Any], humans: list[int]) -> dict[int | None, Any]:
        seats: list[int | None] = [*humans, None]
        return {seat: self.view(game, seat) for seat in seats}

    def settle(self, game: dict[str, Any], humans: list[int], timeout: float = 60) -> None:
        """Wait until the bots have nothing left to do (a person is waited on, or it is over)."""

        def settled() -> bool:
            waiting = self.view(game, None)["view"]["to_act"]
            return not waiting or all(s in humans for s in waiting)

        wait_until(settled, timeout)

    def close(self) -> None:
        self.http.close()


def _without_log(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("log", "log_start")}


def test_sigkill_and_restart_resume_every_game_at_the_same_state(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    rng = random.Random(2024)
    first = ServerProcess(db, "--bot-delay", "0.02").start()
    try:
        client = Client(first.url)
        people = client.create(["human", "human", "human"])
        mixed = client.create(["human", "honest", "bluff", "human"])
        for _ in range(25):
            client.step(people, [0, 1, 2], rng)
        for _ in range(10):
            client.settle(mixed, [0, 3])
            client.step(mixed, [0, 3], rng)
        client.settle(mixed, [0, 3])
        before = {
            "people": client.all_views(people, [0, 1, 2]),
            "mixed": client.all_views(mixed, [0, 3]),
        }
        # Bots playing among themselves when the kill comes.
        robots = client.create(["random", "honest", "bluff"])
        wait_until(lambda: client.view(robots, None)["version"] > 12)
        # One more move, and the kill right after its answer: it must survive.
        data = client.view(people, None)
        seat = data["view"]["to_act"][0]
        mine = client.view(people, seat)
        last = client.move(people, seat, mine["version"], mine["view"]["legal_moves"][0])
        assert last.status_code == 200
        client.close()
    finally:
        assert first.kill(signal.SIGKILL) == -signal.SIGKILL
    robots_at_kill = max(stored_states(db, robots["game"])[0])

    second = ServerProcess(db, "--bot-delay", "0.02").start()
    try:
        client = Client(second.url)
        # The game of three people is exactly where the last answer left it.
        after = client.all_views(people, [0, 1, 2])
        assert after[seat] == client.view(people, seat)
        assert after[seat]["version"] == last.json()["version"]
        assert _without_log(after[seat]["view"]) == _without_log(last.json()["view"])
        # The game with bots: every seat sees just what it saw before the kill.
        assert client.all_views(mixed, [0, 3]) == before["mixed"]
        # A stream resumed with the Last-Event-ID of before the kill sends only what is new.
        token = people["seats"][0]["token"]
        since = before["people"][0]["version"]
        with client.http.stream(
            "GET",
            f"/api/games/{people['game']}/seats/0/events?token={token}",
            headers={"Last-Event-ID": str(since)},
        ) as response:
            event_id, event = next(iter_sse(response.iter_lines()))
        assert event["view"]["log_start"] == since
        assert event_id == str(after[0]["version"])
        # Play on: every game reaches its end after the restart.
        for _ in range(3000):
            if not client.step(people, [0, 1, 2], rng):
                break
        for _ in range(1000):
            client.settle(mixed, [0, 3])
            if not client.step(mixed, [0, 3], rng):
                break
        client.settle(robots, [])
        for game in (people, mixed, robots):
            assert client.view(game, None)["view"]["winner"] is not None
        client.close()
    finally:
        second.kill(signal.SIGTERM)
    for game in (people, mixed, robots):
        states, _ = stored_states(db, game["game"])
        assert states[max(states)].is_over
    assert robots_at_kill < max(stored_states(db, robots["game"])[0])


def test_a_file_of_release_1_0_0_opens_and_its_games_play_on(tmp_path: Path) -> None:
    """A database written before invites: its seats count as claimed, with their old tokens."""
    import sqlite3

    from coup_rules import Config, Tax, new_game, to_json
    from coup_rules.web.store import open_store

    db = tmp_path / "old.sqlite3"
    old = sqlite3.connect(db)
    old.executescript(
        """
        CREATE TABLE games (id TEXT PRIMARY KEY, config TEXT NOT NULL, seed TEXT NOT NULL,
                            seats TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE tokens (token TEXT PRIMARY KEY, game TEXT NOT NULL, seat INTEGER);
        CREATE TABLE moves (game TEXT NOT NULL, n INTEGER NOT NULL, version INTEGER NOT NULL,
                            move TEXT NOT NULL, PRIMARY KEY (game, n));
        """
    )
    state = new_game(Config(players=3), seed=9)
    old.execute(
        "INSERT INTO games VALUES ('g1', ?, '9', '[\"human\", \"honest\", \"human\"]', 0)",
        (to_json(Config(players=3)),),
    )
    old.executemany(
        "INSERT INTO tokens VALUES (?, 'g1', ?)", [("t0", 0), ("t2", 2), ("spec", None)]
    )
    old.execute("INSERT INTO moves VALUES ('g1', 0, ?, ?)", (len(state.log), to_json(Tax(0))))
    old.commit()
    old.close()
    db.chmod(0o600)

    store = open_store(db)
    ((record, moves),) = store.load()
    store.close()
    assert record.tokens == ("t0", None, "t2") and record.spectator == "spec"
    assert record.seating.started and record.seating.host is None
    assert record.time_limit is None
    assert [(m.move, m.timed_out) for m in moves] == [(Tax(0), False)]
