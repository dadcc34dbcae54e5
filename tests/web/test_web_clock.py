"""A table keeps moving: time limits answered by the table, bots answering a window together,
and the move before every seat is taken refused."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import counter, need_web, seated_table, seeded_bots

need_web()

from coup_rules import (  # noqa: E402
    Allow,
    Allowed,
    ChallengeActionWindow,
    Config,
    GameState,
    Tax,
    apply,
    new_game,
)
from coup_rules.web.hub import Hub, NotStarted  # noqa: E402
from coup_rules.web.store import open_store  # noqa: E402

LIMIT = 0.2  # seconds per decision: short, so the tests wait little


def _hub(db: Path, **options: Any) -> Hub:
    return Hub(db, bot_delay=0, seeds=counter(77), bot_rng=seeded_bots(7), **options)


async def _until(predicate: Any, timeout: float = 20.0) -> None:
    for _ in range(int(timeout / 0.01)):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out waiting")


def test_a_window_out_of_time_is_allowed_for_every_seat_still_asked(tmp_path: Path) -> None:
    async def main() -> None:
        hub = _hub(tmp_path / "games.sqlite3")
        await hub.start()
        try:
            table = await hub.create(Config(players=3), ("human",) * 3, time_limit=LIMIT)
            for n, seat in enumerate(table.record.seating.seats):
                assert seat.invite is not None
                await hub.claim(table, seat.invite, f"P{n}")
            await hub.play(table, 0, table.version, Tax(0))
            assert isinstance(table.state.pending, ChallengeActionWindow)
            await _until(lambda: table.state.active == 1)  # Tax stood: the next turn
            allowed = [e.player for e in table.state.log if isinstance(e, Allowed)]
            assert allowed == [1, 2]
            assert [s for _, s in table.timeouts] == [1, 2]
        finally:
            await hub.stop()

    asyncio.run(main())


def test_another_decision_out_of_time_is_played_by_the_stand_in_bot(tmp_path: Path) -> None:
    async def main() -> None:
        hub = _hub(tmp_path / "games.sqlite3")
        await hub.start()
        try:
            table = await hub.create(Config(players=2), ("human", "human"), time_limit=LIMIT)
            for n, seat in enumerate(table.record.seating.seats):
                assert seat.invite is not None
                await hub.claim(table, seat.invite, f"P{n}")
            # The 2-player draft, then seat 0's action: nobody moves, the table does.
            await _until(lambda: table.state.turn >= 2)
            assert {s for _, s in table.timeouts} >= {0, 1}
        finally:
            await hub.stop()

    asyncio.run(main())


def test_moves_made_out_of_time_are_stored_as_such_and_replay(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"

    async def play() -> tuple[str, list[tuple[int, int]], GameState]:
        hub = _hub(db)
        await hub.start()
        try:
            table = await hub.create(Config(players=3), ("human",) * 3, time_limit=LIMIT)
            for n, seat in enumerate(table.record.seating.seats):
                assert seat.invite is not None
                await hub.claim(table, seat.invite, f"P{n}")
            await hub.play(table, 0, table.version, Tax(0))
            await _until(lambda: table.state.active == 1)
            return table.id, list(table.timeouts), table.state
        finally:
            await hub.stop()

    async def reload(gid: str) -> tuple[list[tuple[int, int]], GameState]:
        hub = _hub(db)
        await hub.start()
        try:
            table = await hub.open(gid)  # loaded from the store when asked for
            return list(table.timeouts), table.state
        finally:
            await hub.stop()

    gid, timeouts, state = asyncio.run(play())
    store = open_store(db)
    ((_, moves),) = store.load()
    store.close()
    assert [(m.move.player, m.timed_out) for m in moves[:3]] == [(0, False), (1, True), (2, True)]
    again, replayed = asyncio.run(reload(gid))
    assert again[:2] == timeouts[:2]
    assert list(replayed.log)[: len(state.log)] == list(state.log)  # the same game, replayed


def test_bots_answer_a_window_together_against_one_version(tmp_path: Path) -> None:
    async def main() -> tuple[int, list[tuple[int, int]]]:
        hub = _hub(tmp_path / "games.sqlite3")
        posted: list[tuple[int, int]] = []
        play = hub.play

        async def recording(table: Any, seat: int, version: int, move: Any, **kw: Any) -> Any:
            posted.append((seat, version))
            return await play(table, seat, version, move, **kw)

        hub.play = recording  # type: ignore[method-assign]
        await hub.start()
        try:
            seats = ("human", "honest", "honest", "honest")
            table = await seated_table(hub, Config(players=4), seats)
            await hub.play(table, 0, table.version, Tax(0))
            window = table.version
            # The bots' answers are in (a bot's Challenge may have closed the window for the
            # others, whose answers are then stale: each was posted all the same).
            await _until(lambda: sum(v == window for _, v in posted) >= 3)
        finally:
            await hub.stop()
        return window, posted

    window, posted = asyncio.run(main())
    # Every bot the window asked answered it, each against the version that opened it.
    assert sorted(seat for seat, version in posted if version == window) == [1, 2, 3]


def test_no_move_counts_before_every_seat_is_taken(tmp_path: Path) -> None:
    async def main() -> None:
        hub = _hub(tmp_path / "games.sqlite3")
        await hub.start()
        try:
            table = await hub.create(Config(players=3), ("human",) * 3, host_seat=0, host_name="A")
            with pytest.raises(NotStarted, match="still open: seat 1, 2"):
                await hub.play(table, 0, table.version, Tax(0))
            assert table.moves == 0
        finally:
            await hub.stop()

    asyncio.run(main())


def test_the_stand_in_allows_in_a_window_and_plays_a_legal_move_otherwise() -> None:
    import random

    from coup_rules import legal_moves
    from coup_rules.web.bots import stand_in_move

    state = new_game(Config(players=3), seed=5)
    window = apply(state, Tax(0))
    assert stand_in_move(window, 1, random.Random(1)) == Allow(1)
    assert stand_in_move(state, 0, random.Random(1)) in legal_moves(state, 0)
