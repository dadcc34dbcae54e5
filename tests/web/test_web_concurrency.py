"""No move doubled, no answer refused: answers posted at the same moment are applied one at a
time; those whose decision is still pending for their seat all count, the others get 409.

Two levels: the hub itself (many coroutines posting against one version, each write to SQLite
awaited while others wait on the game's lock), and a real server in a subprocess answered by
concurrent HTTP requests.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.web.support import ServerProcess, counter, need_web, seated_table, stored_states

need_web()

import httpx2  # noqa: E402

from coup_rules import (  # noqa: E402
    ActionChallengeAnswer,
    Allow,
    Allowed,
    Challenge,
    Challenged,
    Config,
    CounterWindow,
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
                table = await seated_table(hub, Config(players=4), ("human",) * 4)
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


def test_double_clicks_apply_once_per_seat_while_every_seat_asked_counts(tmp_path: Path) -> None:
    async def main() -> None:
        hub = Hub(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(5))
        await hub.start()
        try:
            table = await seated_table(hub, Config(players=3), ("human",) * 3)
            await hub.play(table, 0, table.version, Steal(0, 2))
            v = table.version
            # Seat 1 clicks Allow ten times, seat 2 five times, all against the same version.
            posts = [hub.play(table, 1, v, Allow(1)) for _ in range(10)]
            posts += [hub.play(table, 2, v, Allow(2)) for _ in range(5)]
            results = await asyncio.gather(*posts, return_exceptions=True)
            assert sum(isinstance(r, GameState) for r in results) == 2  # one Allow per seat
            assert sum(isinstance(r, Stale) for r in results) == 13
            assert table.moves == 3
            assert isinstance(table.state.pending, CounterWindow)  # seat 2 may block
        finally:
            await hub.stop()

    asyncio.run(main())


def test_five_seats_allowing_at_once_all_apply(tmp_path: Path) -> None:
    async def main() -> None:
        hub = Hub(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(21))
        await hub.start()
        try:
            for round_ in range(6):
                table = await seated_table(hub, Config(players=6), ("human",) * 6)
                await hub.play(table, 0, table.version, Tax(0))
                v = table.version
                seats = [1, 2, 3, 4, 5] if round_ % 2 else [5, 4, 3, 2, 1]
                results = await asyncio.gather(
                    *(hub.play(table, s, v, Allow(s)) for s in seats), return_exceptions=True
                )
                assert all(isinstance(r, GameState) for r in results), results
                allowed = [e.player for e in table.state.log if isinstance(e, Allowed)]
                assert sorted(allowed) == [1, 2, 3, 4, 5]
                assert table.state.active == 1  # Tax resolved: the next seat's turn
        finally:
            await hub.stop()

    asyncio.run(main())


def test_an_allow_and_a_challenge_posted_together_both_count(tmp_path: Path) -> None:
    async def main() -> None:
        hub = Hub(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(31))
        await hub.start()
        try:
            for round_ in range(6):
                table = await seated_table(hub, Config(players=3), ("human",) * 3)
                await hub.play(table, 0, table.version, Tax(0))
                v = table.version
                answers = [hub.play(table, 1, v, Allow(1)), hub.play(table, 2, v, Challenge(2))]
                if round_ % 2:
                    answers.reverse()
                results = await asyncio.gather(*answers, return_exceptions=True)
                if round_ % 2:  # the Challenge arrived first and closed the window
                    assert isinstance(results[0], GameState) and isinstance(results[1], Stale)
                else:  # the Allow arrived first: the window still waited on seat 2
                    assert all(isinstance(r, GameState) for r in results), results
                assert sum(isinstance(e, Challenged) for e in table.state.log) == 1
                assert isinstance(table.state.pending, ActionChallengeAnswer)
        finally:
            await hub.stop()

    asyncio.run(main())


def test_concurrent_http_challenges_on_a_real_server(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"

    async def round_(client: httpx2.AsyncClient) -> tuple[str, list[int]]:
        created = (await client.post("/api/games", json={"config": {"players": 3}})).json()
        gid = created["game"]
        tokens = []
        for seat in created["seats"]:
            invite = seat["invite"].split("#")[1]
            claim = {"invite": invite, "name": f"Player {seat['seat']}"}
            answer = await client.post(f"/api/games/{gid}/claims", json=claim)
            tokens.append(answer.json()["token"])

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
            table = await seated_table(hub, Config(players=3), ("human",) * 3)
            before, version = table.state, table.version
            store = hub.store

            def broken(writes: object) -> None:
                raise OSError("disk full")

            store.commit = broken  # type: ignore[method-assign]
            try:
                await hub.play(table, 0, version, Tax(0))
            except OSError as error:
                assert str(error) == "disk full"
            else:
                raise AssertionError("the move was made without being stored")
            assert table.state is before and table.moves == 0
            del store.commit  # the class's own method again
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
            table = await seated_table(hub, Config(players=3), ("human",) * 3)
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
