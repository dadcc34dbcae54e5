"""Several server processes over one PostgreSQL database serve the same games.

Needs a PostgreSQL server: ``COUP_TEST_POSTGRES`` names one (a URL whose user may create
databases); ``scripts/pg_throwaway.sh start DIR`` starts a throwaway cluster and prints such a
URL. Without it the module is skipped, or fails under ``COUP_POSTGRES_REQUIRED=1`` (as in
``.ci/run``). Each test gets a fresh database of its own, dropped afterwards.

Two levels: two hubs in one event loop (what the database decides between them, move by move),
and two real servers in subprocesses behind no balancer at all: a game whose moves alternate
between them, challenges posted to both at once, one of them killed mid-game, and a browser
page on one seeing a move posted to the other.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import random
import secrets
import signal
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.web.support import (
    ServerProcess,
    create_seated,
    need_browser,
    need_web,
    seated_table,
    stored_states,
    wait_until,
)

need_web()

URL = os.environ.get("COUP_TEST_POSTGRES")
_missing = [
    what
    for what, present in (
        ("psycopg (pip install -e '.[postgres]')", importlib.util.find_spec("psycopg")),
        ("a PostgreSQL server (COUP_TEST_POSTGRES=URL)", URL),
    )
    if not present
]
if _missing:
    message = " and ".join(_missing) + " missing; see scripts/pg_throwaway.sh"
    if os.environ.get("COUP_POSTGRES_REQUIRED") == "1":
        pytest.fail(f"COUP_POSTGRES_REQUIRED=1 but {message}", pytrace=False)
    pytest.skip(message, allow_module_level=True)

import httpx2  # noqa: E402
import psycopg  # noqa: E402

from coup_rules import Allow, Allowed, Challenge, Challenged, Config, GameState, Tax  # noqa: E402
from coup_rules.web.hub import Hub, SeatingError, Stale, Table  # noqa: E402


@pytest.fixture
def pg() -> Iterator[str]:
    """The URL of a fresh, empty database on the server ``COUP_TEST_POSTGRES`` names."""
    assert URL is not None
    name = "coup_test_" + secrets.token_hex(6)
    with psycopg.connect(URL, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]
    try:
        yield urlunsplit(urlsplit(URL)._replace(path="/" + name))
    finally:
        with psycopg.connect(URL, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")  # type: ignore[arg-type]


# --- two hubs in one event loop ------------------------------------------------------------------


async def _two_hubs(url: str) -> tuple[Hub, Hub]:
    a, b = Hub(url, bot_delay=0), Hub(url, bot_delay=0)
    await a.start()
    await b.start()
    return a, b


async def _until(table: Table, version: int) -> None:
    """Wait (bounded) until ``table`` reaches ``version``."""
    async with asyncio.timeout(10):
        while table.version < version:
            await table.wait(table.revision)


def _run_two(url: str, body: Any) -> None:
    async def main() -> None:
        a, b = await _two_hubs(url)
        try:
            await body(a, b)
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(main())


def test_a_move_made_on_one_hub_reaches_the_other_hubs_listeners(pg: str) -> None:
    async def body(a: Hub, b: Hub) -> None:
        mine = await seated_table(a, Config(players=3), ("human",) * 3)
        theirs = await b.open(mine.id)
        await a.play(mine, 0, mine.version, Tax(0))
        await _until(theirs, mine.version)  # pushed by NOTIFY, not asked for
        assert theirs.state == mine.state and theirs.moves == 1

    _run_two(pg, body)


def test_answers_to_one_window_posted_to_two_hubs_at_once_both_count(pg: str) -> None:
    """Both take move number 1; the database stores one, and the other, judged again against
    the new state, still answers the open window: both apply."""

    async def body(a: Hub, b: Hub) -> None:
        on_a = await seated_table(a, Config(players=4), ("human",) * 4)
        on_b = await b.open(on_a.id)
        await a.play(on_a, 0, on_a.version, Tax(0))
        v = on_a.version
        await _until(on_b, v)
        results = await asyncio.gather(a.play(on_a, 1, v, Allow(1)), b.play(on_b, 2, v, Allow(2)))
        assert all(isinstance(r, GameState) for r in results)
        assert a.store.count_moves() == 3
        states, _ = stored_states(pg, on_a.id)  # type: ignore[arg-type]
        final = states[max(states)]
        assert {e.player for e in final.log if isinstance(e, Allowed)} == {1, 2}

    _run_two(pg, body)


def test_challenges_posted_to_two_hubs_at_once_apply_exactly_one(pg: str) -> None:
    async def body(a: Hub, b: Hub) -> None:
        for round_ in range(6):
            on_a = await seated_table(a, Config(players=4), ("human",) * 4)
            on_b = await b.open(on_a.id)
            await a.play(on_a, 0, on_a.version, Tax(0))
            v = on_a.version
            await _until(on_b, v)
            posts = [a.play(on_a, 1, v, Challenge(1)), b.play(on_b, 2, v, Challenge(2))]
            if round_ % 2:
                posts.reverse()
            results = await asyncio.gather(*posts, return_exceptions=True)
            assert sorted(type(r).__name__ for r in results) == ["GameState", "Stale"], results
            assert any(isinstance(r, Stale) for r in results)
            states, _ = stored_states(pg, on_a.id)  # type: ignore[arg-type]
            final = states[max(states)]
            assert sum(isinstance(e, Challenged) for e in final.log) == 1

    _run_two(pg, body)


def test_seats_claimed_on_two_hubs_at_once_are_both_kept(pg: str) -> None:
    """A claim made against seats another process has just changed is refused (try again),
    never written over the other: both people end up seated."""

    async def body(a: Hub, b: Hub) -> None:
        for _ in range(4):
            on_a = await a.create(Config(players=3), ("human",) * 3)
            on_b = await b.open(on_a.id)
            invites = [s.invite for s in on_a.record.seating.seats]
            assert all(invites)

            async def claim(hub: Hub, table: Table, seat: int, invite: str) -> int:
                for _ in range(3):
                    try:
                        return await hub.claim(table, invite, f"P{seat}")
                    except SeatingError:
                        continue  # the other claim came first: the table shows it now
                raise AssertionError("three claims in a row refused")

            seats = await asyncio.gather(
                claim(a, on_a, 0, invites[0] or ""), claim(b, on_b, 1, invites[1] or "")
            )
            assert sorted(seats) == [0, 1]
            stored = a.store.record(on_a.id)
            assert stored is not None
            assert [t is not None for t in stored.tokens] == [True, True, False]

    _run_two(pg, body)


# --- two server processes ------------------------------------------------------------------------


class Seat:
    """A seat's calls to one server or the other."""

    def __init__(self, game: dict[str, Any], seat: int | None) -> None:
        self.gid = game["game"]
        self.path = "spectator" if seat is None else str(seat)
        token = game["spectator"]["token"] if seat is None else game["seats"][seat]["token"]
        self.headers = {"Authorization": f"Bearer {token}"}

    def view(self, client: httpx2.Client) -> dict[str, Any]:
        response = client.get(f"/api/games/{self.gid}/seats/{self.path}", headers=self.headers)
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def move(self, client: httpx2.Client, version: int, move: Any) -> Any:
        return client.post(
            f"/api/games/{self.gid}/seats/{self.path}/moves",
            headers=self.headers,
            json={"version": version, "move": move},
        )


def _servers(url: str) -> tuple[ServerProcess, ServerProcess]:
    return (
        ServerProcess(url, "--bot-delay", "0").start(),  # type: ignore[arg-type]
        ServerProcess(url, "--bot-delay", "0").start(),  # type: ignore[arg-type]
    )


def _random_move(
    clients: list[httpx2.Client], seats: list[Seat], k: int, rng: random.Random
) -> bool:
    """Server ``k % 2`` makes a random legal move for a seat it is waiting on; False at the end."""
    client = clients[k % 2]
    views = [s.view(client) for s in seats]
    ready = [(s, v) for s, v in zip(seats, views, strict=True) if v["view"]["legal_moves"]]
    if not ready:
        return False
    seat, data = rng.choice(ready)
    response = seat.move(client, data["version"], rng.choice(data["view"]["legal_moves"]))
    assert response.status_code == 200, response.text
    return True


def test_a_game_whose_moves_alternate_between_two_servers_is_played_to_the_end(pg: str) -> None:
    a, b = _servers(pg)
    try:
        clients = [httpx2.Client(base_url=s.url, timeout=30) for s in (a, b)]
        game = create_seated(clients[0].post, {"config": {"players": 3}})
        seats = [Seat(game, n) for n in range(3)]
        rng = random.Random(19)
        k = 0
        while _random_move(clients, seats, k, rng):
            k += 1
        assert k > 10
        watch = Seat(game, None)
        assert watch.view(clients[0]) == watch.view(clients[1])
        assert watch.view(clients[1])["view"]["winner"] is not None
    finally:
        a.kill(signal.SIGTERM)
        b.kill(signal.SIGTERM)
    states, _ = stored_states(pg, game["game"])  # type: ignore[arg-type]
    assert states[max(states)].is_over and len(states) == k + 1


def test_challenges_posted_to_two_servers_at_once_apply_exactly_one(pg: str) -> None:
    a, b = _servers(pg)
    try:

        async def round_(clients: list[httpx2.AsyncClient]) -> tuple[str, list[int]]:
            game = create_seated(httpx2.Client(base_url=a.url).post, {"config": {"players": 3}})
            seats = [Seat(game, n) for n in range(3)]
            first = await clients[0].get(
                f"/api/games/{game['game']}/seats/0", headers=seats[0].headers
            )
            tax = {"version": first.json()["version"], "move": {"type": "tax", "player": 0}}
            path = f"/api/games/{game['game']}/seats/{{}}/moves"
            answer = await clients[0].post(path.format(0), headers=seats[0].headers, json=tax)
            v = answer.json()["version"]
            await clients[1].get(f"/api/games/{game['game']}/seats/1", headers=seats[1].headers)
            posts = [
                clients[n - 1].post(
                    path.format(n),
                    headers=seats[n].headers,
                    json={"version": v, "move": {"type": "challenge", "player": n}},
                )
                for n in (1, 2)
            ]
            responses = await asyncio.gather(*posts)
            return game["game"], sorted(r.status_code for r in responses)

        async def main() -> list[tuple[str, list[int]]]:
            async with (
                httpx2.AsyncClient(base_url=a.url, timeout=30) as on_a,
                httpx2.AsyncClient(base_url=b.url, timeout=30) as on_b,
            ):
                return [await round_([on_a, on_b]) for _ in range(6)]

        results = asyncio.run(main())
    finally:
        a.kill(signal.SIGTERM)
        b.kill(signal.SIGTERM)
    for gid, statuses in results:
        assert statuses == [200, 409]
        states, _ = stored_states(pg, gid)  # type: ignore[arg-type]
        assert sum(isinstance(e, Challenged) for e in states[max(states)].log) == 1


def test_a_server_killed_mid_game_loses_nothing_and_the_other_carries_on(pg: str) -> None:
    a, b = _servers(pg)
    try:
        clients = [httpx2.Client(base_url=s.url, timeout=30) for s in (a, b)]
        game = create_seated(clients[0].post, {"config": {"players": 3}})
        seats = [Seat(game, n) for n in range(3)]
        rng = random.Random(7)
        for k in range(12):
            assert _random_move(clients, seats, k, rng)
        # One more move on A, and A killed the moment it answers.
        data = seats[0].view(clients[0])
        mover = next(s for s in seats if s.view(clients[0])["view"]["legal_moves"])
        data = mover.view(clients[0])
        last = mover.move(clients[0], data["version"], data["view"]["legal_moves"][0])
        assert last.status_code == 200
        assert a.kill(signal.SIGKILL) == -signal.SIGKILL
        assert mover.view(clients[1])["version"] == last.json()["version"]
        k = 1
        while _random_move([clients[1], clients[1]], seats, k, rng):
            k += 1
        assert Seat(game, None).view(clients[1])["view"]["winner"] is not None
    finally:
        a.kill(signal.SIGKILL)
        b.kill(signal.SIGTERM)
    states, _ = stored_states(pg, game["game"])  # type: ignore[arg-type]
    assert states[max(states)].is_over


def test_a_browser_page_on_one_server_sees_a_move_posted_to_the_other_within_a_second(
    pg: str,
) -> None:
    chromium = need_browser()
    from playwright.async_api import async_playwright

    from tests.web.test_web_browser import CHROMIUM_ARGS

    a, b = _servers(pg)
    try:
        on_b = httpx2.Client(base_url=b.url, timeout=30)
        game = create_seated(httpx2.Client(base_url=a.url, timeout=30).post, {"config": {}})
        spectator = game["spectator"]
        watch = f"{a.url}{spectator['link']}"
        seat0 = Seat(game, 0)

        async def main() -> None:
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                page = await browser.new_page()
                await page.goto(watch)
                shown = "v => Number(document.body.dataset.version) >= v"
                start = seat0.view(on_b)["version"]
                await page.wait_for_function(shown, arg=start, timeout=20_000)
                answer = seat0.move(on_b, start, {"type": "income", "player": 0})
                assert answer.status_code == 200, answer.text
                # The page holds an event stream to A only; B's move reaches it through
                # PostgreSQL's NOTIFY to A, within a second.
                await page.wait_for_function(shown, arg=answer.json()["version"], timeout=1_000)
                await browser.close()

        asyncio.run(main())
    finally:
        a.kill(signal.SIGTERM)
        b.kill(signal.SIGTERM)


def test_the_bots_of_a_server_killed_mid_game_are_taken_over_by_the_other(pg: str) -> None:
    a, b = _servers(pg)
    try:
        on_a, on_b = (httpx2.Client(base_url=s.url, timeout=30) for s in (a, b))
        body = {"config": {"players": 3}, "seats": ["human", "honest", "bluff"]}
        game = create_seated(on_a.post, body)
        person, watch = Seat(game, 0), Seat(game, None)
        watch.view(on_b)  # B holds the game too; A, which made it, plays its bots
        rng = random.Random(3)

        def play_on(client: httpx2.Client, moves: int) -> None:
            # One read of the view both decides and is played: the bots may move between two
            # reads and leave the second with no legal move.
            seen: list[Any] = []

            def asked() -> bool:
                seen[:] = [person.view(client)]
                return bool(seen[0]["view"]["legal_moves"]) or over()

            for _ in range(moves):
                wait_until(asked)
                data = seen[0]
                if not data["view"]["legal_moves"]:
                    return  # the game is over
                move = rng.choice(data["view"]["legal_moves"])
                assert person.move(client, data["version"], move).status_code in (200, 409)

        def over() -> bool:
            return watch.view(on_b)["view"]["winner"] is not None

        play_on(on_a, 3)
        assert a.kill(signal.SIGKILL) == -signal.SIGKILL
        play_on(on_b, 1000)  # the bots answer on B now, or this waits in vain
        assert over()
    finally:
        a.kill(signal.SIGKILL)
        b.kill(signal.SIGTERM)
    states, _ = stored_states(pg, game["game"])  # type: ignore[arg-type]
    assert states[max(states)].is_over


def test_the_lobbys_list_over_postgresql_filters_caps_and_drops_abandoned_tables(pg: str) -> None:
    """The lobby's query (lobby.py) in PostgreSQL's dialect: each client's newest tables,
    full ones left off before the list is cut, an abandoned one gone, from either process."""

    async def body(a: Hub, b: Hub) -> None:
        config = Config(players=2)

        async def listed(hub: Hub, client: str, host: str) -> Table:
            table = await hub.create(config, ("human", "human"), host_seat=0, host_name=host,
                                     listed=True)  # fmt: skip
            await hub.note_listed(table, client)
            return table

        bobs = await listed(b, "198.51.100.7", "Bob")
        alices = [await listed(a, "192.0.2.1", f"Ana {n}") for n in range(5)]
        full = await listed(b, "203.0.113.9", "Cleo")
        assert full.record.room is not None
        await b.claim_by_code(full, full.record.room.code, "Dan")
        shown = [t.game for t in await a.open_tables(per_client=2)]
        assert shown == [alices[4].id, alices[3].id, bobs.id]
        await a.persistence.run(a.store.note_rooms, [bobs.id], 0.0)  # long ago: abandoned
        assert bobs.id not in [t.game for t in await b.open_tables(per_client=2)]

    _run_two(pg, body)
