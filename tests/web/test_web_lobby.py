"""The lobby's list of open tables (lobby.py) cannot be taken over or emptied: full tables are
dropped before the list is cut, one client's tables are capped, abandoned tables leave it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coup_rules.config import Config
from coup_rules.setup import new_game
from coup_rules.web.records import GameRecord, OpenTable
from coup_rules.web.seating import HUMAN, Seating
from tests.web.support import AsClients, counter, need_web, seeded_bots

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.limits import Limits  # noqa: E402
from coup_rules.web.lobby import LISTED, listing  # noqa: E402
from coup_rules.web.table import Table  # noqa: E402

ALICE, BOB = "192.0.2.1", "198.51.100.7"
"""Two clients (documentation addresses)."""


def _client(tmp_path: Path, limits: Limits) -> TestClient:
    app = create_app(
        tmp_path / "games.sqlite3",
        bot_delay=0,
        seeds=counter(70),
        bot_rng=seeded_bots(70),
        limits=limits,
    )
    return TestClient(AsClients(app), base_url="http://127.0.0.1")


GENEROUS = Limits(games_per_minute=1000, max_live_games_per_client=1000)
"""Limits under which one client may create as many tables as a test needs."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with _client(tmp_path, GENEROUS) as c:
        yield c


def _listed(client: TestClient, who: str, players: int = 3) -> dict[str, Any]:
    """A table ``who`` creates, plays at and lists as open."""
    body = {"config": {"players": players}, "host_seat": 0, "name": "Host", "listed": True}
    response = client.post("/api/games", json=body, headers={"X-Test-Client": who})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _codes(client: TestClient) -> list[str]:
    return [t["code"] for t in client.get("/api/rooms").json()["tables"]]


def _fill(client: TestClient, table: dict[str, Any]) -> None:
    """Someone takes every free seat of ``table`` by its room code."""
    code = table["room"]["code"]
    for n in range(1, len(table["seats"])):
        body = {"code": code, "name": f"Guest {n}"}
        answer = client.post(f"/api/games/{table['game']}/claims", json=body, cookies=None)
        assert answer.status_code == 201, answer.text


# --- the rule, on values ------------------------------------------------------------------------


def _open(code: str, client: str | None, free: bool) -> OpenTable:
    seating = Seating.new((HUMAN, HUMAN), "host", ("a", "b")).claim(0, "Ana", "t0")
    if not free:
        seating = seating.claim(1, "Ben", "t1")
    return OpenTable(code, "g" + code, Config(players=2), seating, client)


def test_the_listing_drops_full_tables_before_it_counts_or_cuts() -> None:
    tables = [_open(f"F{n}", f"c{n}", free=False) for n in range(60)]
    tables += [_open(f"O{n}", f"d{n}", free=True) for n in range(19)]
    shown = listing(tables, per_client=3)
    assert [t.code for t in shown] == [f"O{n}" for n in range(19)]


def test_the_listing_shows_each_clients_newest_few_and_at_most_the_limit() -> None:
    mine = [_open(f"A{n}", "alice", free=n % 2 == 0) for n in range(10)]
    theirs = [_open(f"B{n}", "bob", free=True) for n in range(2)]
    shown = listing([*mine, *theirs], per_client=3)
    assert [t.code for t in shown] == ["A0", "A2", "A4", "B0", "B1"]
    many = [_open(f"C{n}", f"c{n}", free=True) for n in range(LISTED + 5)]
    assert len(listing(many, per_client=3)) == LISTED


def test_tables_of_an_unknown_client_count_each_as_its_own() -> None:
    tables = [_open(f"U{n}", None, free=True) for n in range(5)]
    assert len(listing(tables, per_client=1)) == 5


# --- the lobby, over HTTP -----------------------------------------------------------------------


def test_one_clients_many_tables_do_not_push_another_clients_table_off_the_list(
    client: TestClient,
) -> None:
    bobs = _listed(client, BOB)
    alices = [_listed(client, ALICE) for _ in range(LISTED + 10)]
    shown = _codes(client)
    assert bobs["room"]["code"] in shown
    assert [c for c in shown if c != bobs["room"]["code"]] == [
        t["room"]["code"] for t in reversed(alices[-3:])
    ]  # Alice's three newest (--listed-per-client 3), newest first


def test_full_tables_never_leave_the_list_empty_while_free_ones_wait(tmp_path: Path) -> None:
    limits = Limits(games_per_minute=1000, max_live_games_per_client=1000, listed_per_client=100)
    with _client(tmp_path, limits) as client:
        free = [_listed(client, ALICE) for _ in range(19)]
        for _ in range(LISTED + 5):  # newer, and full
            _fill(client, _listed(client, BOB, players=2))
        shown = _codes(client)
    assert shown == [t["room"]["code"] for t in reversed(free)]


def test_a_full_table_is_not_listed_while_a_free_one_is(client: TestClient) -> None:
    free, full = _listed(client, ALICE), _listed(client, BOB, players=2)
    _fill(client, full)
    assert _codes(client) == [free["room"]["code"]]


def test_a_table_nobody_seated_was_active_at_leaves_the_list_until_someone_is(
    client: TestClient,
) -> None:
    table = _listed(client, ALICE)
    hub = client.app.app.state.hub  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None
    long_ago = time.time() - Limits().listing_idle - 1
    portal.call(hub.persistence.run, hub.store.note_rooms, [table["game"]], long_ago)
    for t in hub.cache:
        t.stirred = False  # nothing happened since (the host's claim was noted long ago)
    portal.call(hub.note_activity)
    assert _codes(client) == []  # abandoned: no seated person active for --listing-idle
    _fill(client, {**table, "seats": table["seats"][:2]})  # someone takes a seat
    portal.call(hub.note_activity)  # the hub's note, as every 30 s
    assert _codes(client) == [table["room"]["code"]]


def test_a_seats_open_page_keeps_a_table_active_a_spectators_does_not() -> None:
    seating = Seating.new((HUMAN, HUMAN), "host", ("a", "b"))
    record = GameRecord("g", Config(players=2), 1, seating, "spectators")
    state = new_game(record.config, seed=1)
    table = Table(record, state, (), len(state.log))
    assert not table.active
    table.connected[None] = 1  # a spectator watches
    assert not table.active
    table.connected[1] = 1  # seat 1's page follows the table
    assert table.active
