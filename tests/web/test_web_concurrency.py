"""No move doubled: answers posted at the same moment are applied one at a time, the rest 409.

Two levels: the hub itself (many coroutines posting against one version, each write to SQLite
awaited while others wait on the game's lock), and a real server in a subprocess answered by
concurrent HTTP requests.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.web.support import ServerProcess, counter, need_web, stored_states

need_web()

import httpx2  # noqa: E402

from coup_rules import (  # noqa: E402
    ActionChallengeAnswer,
    Allow,
    Challenge,
    Challenged,
    Config,
    GameState,
    Steal,
    Tax,
    to_act,
)
from coup_rules.web.hub import Hub, Stale  # noqa: E402


def test_two_seats_challenging_at_once_get_exactly_one_challenge(tmp_path: Path) -> None:
    async def main() -> None:
        hub = Hub(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(90))
        await hub.start()
        try:
            for round_ in range(12):
                table = await hub.create(Config(players=4), ("human",) * 4)
                v = table.version
                await hub.play(table, 0, v, Tax(0))
                v = table.version
                assert to_act(table.state) == (1, 2, 3)
                answers = [hub.play(table, s, v, Challenge(s)) for s in (1, 2, 3)]
                if round_ % 2:
                    answers.reverse()
                results = await asyncio.gather(*answers, return_exceptions=True)
                applied = [r for r in results if isinstance(r, GameState)]
                stale = [r for r in results if isinstance(r, Stale)]
                assert len(applied) == 1 and len(stale) == 2, results
                challenges = [e for e in table.state.log if isinstance(e, Challenged)]
                assert len(challenges) == 1
                assert table.moves == 2
        finally:
            await hub.stop()

    asyncio.run(main())
    # What was stored is what was applied: one Tax and one Challenge per game.
    from coup_rules.web.store import open_store

    store = open_store(tmp_path / "games.sqlite3")
    games = store.load()
    store.close()
    assert len(games) == 12
    for _, moves in games:
        assert [type(m.move) for m in moves] == [Tax, Challenge]


def test_many_allows_against_one_version_apply_one(tmp_path: Path) -> None:
    async def main() -> None:
        hub = Hub(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(5))
        await hub.start()
        try:
            table = await hub.create(Config(players=3), ("human",) * 3)
            await hub.play(table, 0, table.version, Steal(0, 2))
            v = table.version
            # Seat 1 clicks Allow ten times, seat 2 five times, all against the same version.
            posts = [hub.play(table, 1, v, Allow(1)) for _ in range(10)]
            posts += [hub.play(table, 2, v, Allow(2)) for _ in range(5)]
            results = await asyncio.gather(*posts, return_exceptions=True)
            assert sum(isinstance(r, GameState) for r in results) == 1
            assert sum(isinstance(r, Stale) for r in results) == 14
            assert table.moves == 2
        finally:
            await hub.stop()

    asyncio.run(main())


def test_concurrent_http_challenges_on_a_real_server(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"

    async def round_(client: httpx2.AsyncClient) -> tuple[str, list[int]]:
        game = (await client.post("/api/games", json={"config": {"players": 3}})).json()
        gid = game["game"]
        tokens = [s["token"] for s in game["seats"]]

        def url(seat: int) -> str:
            return f"/api/games/{gid}/seats/{seat}"

        def auth(seat: int) -> dict[str, str]:
            return {"Authorization": f"Bearer {tokens[seat]}"}

        v = (await client.get(url(0), headers=auth(0))).json()["version"]
        tax = {"version": v, "move": {"type": "tax", "player": 0}}
        v = (await client.post(url(0) + "/moves", headers=auth(0), json=tax)).json()["version"]
        posts = [
            client.post(
                url(seat) + "/moves",
                headers=auth(seat),
                json={"version": v, "move": {"type": "challenge", "player": seat}},
            )
            for seat in (1, 2)
        ]
        responses = await asyncio.gather(*posts)
        return gid, sorted(r.status_code for r in responses)

    async def main(base: str) -> list[tuple[str, list[int]]]:
        async with httpx2.AsyncClient(base_url=base, timeout=30) as client:
            return [await round_(client) for _ in range(8)]

    with ServerProcess(db, "--bot-delay", "0") as server:
        results = asyncio.run(main(server.url))
    for gid, statuses in results:
        assert statuses == [200, 409]
        states, _ = stored_states(db, gid)
        final = states[max(states)]
        assert sum(isinstance(e, Challenged) for e in final.log) == 1
        assert isinstance(final.pending, ActionChallengeAnswer)  # seat 0: prove or concede


def test_a_failed_write_changes_nothing(tmp_path: Path) -> None:
    """A move the store could not write (a full disk, say) is not made: the state is unchanged."""

    async def main() -> None:
        hub = Hub(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(11))
        await hub.start()
        try:
            table = await hub.create(Config(players=3), ("human",) * 3)
            before, version = table.state, table.version
            store = hub.store

            def broken(games: object, moves: object) -> None:
                raise OSError("disk full")

            store.write = broken  # type: ignore[method-assign]
            try:
                await hub.play(table, 0, version, Tax(0))
            except OSError as error:
                assert str(error) == "disk full"
            else:
                raise AssertionError("the move was made without being stored")
            assert table.state is before and table.moves == 0
            del store.write  # the class's own method again
            await hub.play(table, 0, version, Tax(0))
            assert table.moves == 1
        finally:
            await hub.stop()

    asyncio.run(main())


def test_a_move_whose_caller_is_cancelled_is_still_made_and_stored(tmp_path: Path) -> None:
    """A client that goes away mid-move must not leave memory and disk disagreeing."""

    async def main() -> None:
        hub = Hub(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(12))
        await hub.start()
        try:
            table = await hub.create(Config(players=3), ("human",) * 3)
            caller = asyncio.create_task(hub.play(table, 0, table.version, Tax(0)))
            await asyncio.sleep(0)  # the move has begun
            caller.cancel()
            await asyncio.gather(caller, return_exceptions=True)
            for _ in range(500):  # the move goes on without its caller
                if table.moves == 1:
                    break
                await asyncio.sleep(0.01)
            assert table.moves == 1
            await hub.play(table, 1, table.version, Allow(1))
        finally:
            await hub.stop()

    asyncio.run(main())
    from coup_rules.web.store import open_store

    store = open_store(tmp_path / "games.sqlite3")
    ((_, moves),) = store.load()
    store.close()
    assert [type(m.move) for m in moves] == [Tax, Allow]
