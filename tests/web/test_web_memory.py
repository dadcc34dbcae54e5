"""Memory follows play, not history: games leave memory when finished or idle, and come back.

The hub runs on a clock of the test's own, so "idle for ``game_idle`` seconds" is a step of the
clock, not a wait. The memory bound is the one in docs/guide/deploying.md ("Memory").
"""

from __future__ import annotations

import asyncio
import gc
import random
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path

from tests.web.support import counter, need_web, seated_table

need_web()

from coup_rules import Config, Income, apply, legal_moves, new_game, to_act  # noqa: E402
from coup_rules.web.hub import Hub, NotFound  # noqa: E402

IDLE = 60.0
GAMES = 10_000
BOUND = 1_000_000
"""Bytes of Python memory 10,000 games created and left idle may leave held (deploying.md)."""


class Clock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def run(db: Path, body: Callable[[Hub, Clock], Awaitable[None]], **options: object) -> None:
    """Run ``body`` with a started hub on ``db`` and its clock, then stop the hub."""
    clock = Clock()

    async def main() -> None:
        hub = Hub(db, bot_delay=0, seeds=counter(300), idle=IDLE, clock=clock, **options)  # type: ignore[arg-type]
        await hub.start()
        try:
            await body(hub, clock)
        finally:
            await hub.stop()

    asyncio.run(main())


def test_start_up_loads_no_game_and_a_game_is_loaded_when_asked_for(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    made: dict[str, object] = {}

    async def play_some(hub: Hub, clock: Clock) -> None:
        for _ in range(3):
            table = await seated_table(hub, Config(players=3), ("human",) * 3)
            await hub.play(table, 0, table.version, Income(0))
            made[table.id] = table.state

    async def restart(hub: Hub, clock: Clock) -> None:
        assert hub.tables == {}
        for gid, state in made.items():
            table = await hub.open(gid)
            assert table.state == state and table.moves == 1
        assert set(hub.tables) == set(made)

    run(db, play_some)
    run(db, restart)


def test_asking_for_a_game_that_does_not_exist_is_not_found(tmp_path: Path) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        try:
            await hub.open("0123456789abcdef")
        except NotFound as error:
            assert "no game" in str(error)
        else:
            raise AssertionError("a missing game was found")
        assert hub.tables == {}

    run(tmp_path / "games.sqlite3", body)


def test_a_finished_game_leaves_memory_after_game_idle_seconds(tmp_path: Path) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        table = await seated_table(hub, Config(players=2), ("human", "human"))
        rng = random.Random(5)
        while not table.state.is_over:
            seat = rng.choice(to_act(table.state))
            move = rng.choice(legal_moves(table.state, seat))
            await hub.play(table, seat, table.version, move)
        final = table.state
        assert hub.sweep() == 0  # its players still read the end, and may ask for a rematch
        clock.now += IDLE
        assert hub.sweep() == 1 and hub.tables == {}
        assert (await hub.open(table.id)).state == final

    run(tmp_path / "games.sqlite3", body)


def test_an_unfinished_game_leaves_memory_only_after_game_idle_seconds(tmp_path: Path) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        table = await seated_table(hub, Config(players=3), ("human",) * 3)
        clock.now += IDLE - 1
        assert hub.sweep() == 0
        await hub.open(table.id)  # a request: the idle time starts again
        clock.now += IDLE - 1
        assert hub.sweep() == 0
        clock.now += 1
        assert hub.sweep() == 1 and hub.tables == {}
        assert hub.cache.live() == 0

    run(tmp_path / "games.sqlite3", body)


def test_a_game_followed_by_an_event_stream_stays_in_memory(tmp_path: Path) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        table = await seated_table(hub, Config(players=3), ("human",) * 3)
        hub.connect(table, None, +1)  # what an event stream does while it is open
        clock.now += 10 * IDLE
        assert hub.sweep() == 0
        hub.connect(table, None, -1)
        assert hub.sweep() == 1

    run(tmp_path / "games.sqlite3", body)


def test_a_move_on_a_game_that_left_memory_is_made_on_the_game_loaded_again(
    tmp_path: Path,
) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        old = await seated_table(hub, Config(players=3), ("human",) * 3)
        clock.now += IDLE
        hub.sweep()
        await hub.play(old, 0, old.version, Income(0))  # a request that began before the sweep
        table = hub.table(old.id)
        assert table is not old and table.moves == 1
        expected = apply(new_game(Config(players=3), seed=300), Income(0))
        assert table.state == expected

    run(tmp_path / "games.sqlite3", body)


def test_the_bots_of_an_idle_game_pause_and_go_on_when_it_is_loaded_again(
    tmp_path: Path,
) -> None:
    async def body(hub: Hub, clock: Clock) -> None:
        table = await hub.create(Config(players=3), ("honest", "bluff", "random"))
        await asyncio.sleep(0)
        clock.now += IDLE
        hub.sweep()
        assert table.task is not None
        await asyncio.gather(table.task, return_exceptions=True)
        assert table.task.cancelled() and not table.state.is_over
        again = await hub.open(table.id)
        while not again.state.is_over:
            await again.wait(again.revision)
        assert again.moves > table.moves

    run(tmp_path / "games.sqlite3", body)


def test_ten_thousand_games_created_and_left_idle_stay_under_the_memory_bound(
    tmp_path: Path,
) -> None:
    held: list[int] = []

    async def body(hub: Hub, clock: Clock) -> None:
        config, seats = Config(players=4), ("human",) * 4

        async def batch() -> None:
            await asyncio.gather(*(hub.create(config, seats) for _ in range(500)))
            clock.now += IDLE
            hub.sweep()
            await asyncio.sleep(0)  # the tasks of the games gone end
            gc.collect()  # what only reference cycles still hold is not held

        tracemalloc.start()
        try:
            await batch()  # what the first games allocate once (caches, buffers) is not per game
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            for _ in range(GAMES // 500):
                await batch()
                held.append(tracemalloc.get_traced_memory()[0] - before)
        finally:
            tracemalloc.stop()
        assert hub.tables == {}
        last = await hub.create(config, seats)
        clock.now += IDLE
        hub.sweep()
        assert (await hub.open(last.id)).state == last.state

    run(tmp_path / "games.sqlite3", body)
    assert max(held) < BOUND, f"{max(held):,} bytes held after {GAMES:,} games"
