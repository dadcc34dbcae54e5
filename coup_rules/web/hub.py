"""The games being played: one ``Table`` per game in play, written through to a store.

The web layer (``app.py``) only translates HTTP to these calls and their errors to status codes.
Everything that must hold whatever the transport lives here:

- **Who may do what.** ``Hub.seat_for`` checks a token against the seat it claims to speak for
  (``Forbidden`` otherwise) and ``Hub.play`` refuses a move made for another seat.
- **No move lost, none doubled.** ``Hub.play`` takes the game's lock, refuses a move posted
  against an older version (``Stale``: the log length it was made against is not the current
  one), applies it (``IllegalMoveError`` changes nothing), writes it to the store and only then
  makes it the game's state and wakes the listeners. Two seats answering the same window at the
  same moment post the same version: the first one applied wins, the second is stale. The
  writes of all games go to one thread that commits whatever is waiting in one transaction
  (group commit), so one disk flush serves every game that moved meanwhile; each move is still
  answered only after the commit that holds it.
- **The store decides between processes.** Each move is stored under its number in the game,
  which the store keeps unique (store.py). If another process stored that number first, the
  hub loads the moves it missed and checks the move again against the new state; and when the
  store says another process moved a game held here, the hub loads those moves and wakes the
  game's listeners (``GameStore.listen``; PostgreSQL's LISTEN/NOTIFY).
- **Memory follows play.** Games are loaded on demand (``Hub.open``) and leave memory when
  finished or idle (cache.py); start-up loads none.
- **Bots.** Each game with a bot seat runs a task that waits for a change, asks ``bot_move`` for
  the move of a bot seat being waited on, and posts it through ``Hub.play`` like anyone else.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import logging
import random
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from coup_rules.config import Config
from coup_rules.engine import apply, to_act
from coup_rules.moves import Move
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.web.bots import BOT_NAMES, bot_move
from coup_rules.web.cache import Tables
from coup_rules.web.store import GameRecord, GameStore, MoveRow, StoredMove, open_store

__all__ = ["HUMAN", "Forbidden", "Hub", "NotFound", "Stale", "Table"]

HUMAN = "human"
"""The seat-list entry of a seat played by a person through a private link."""

log = logging.getLogger("coup_rules.web")

T = TypeVar("T")


class NotFound(LookupError):
    """No game has this id."""


class Forbidden(PermissionError):
    """The token does not speak for this seat, or the move is not this seat's."""


class Stale(Exception):
    """The move was made against an older version of the game; nothing was changed.

    Attributes:
        version: the game's current version (log length).
    """

    def __init__(self, posted: int, version: int) -> None:
        self.version = version
        super().__init__(
            f"the move was made against version {posted}, but the game is at version "
            f"{version}: someone moved first; nothing was changed"
        )


class Table:
    """One game in play: its record, its current state and what waits on it."""

    def __init__(self, record: GameRecord, state: GameState, moves: int) -> None:
        self.record = record
        self.state = state
        self.moves = moves  # how many moves are stored
        self.lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self.bots: asyncio.Task[None] | None = None
        self.watchers = 0  # event streams following the game

    @property
    def finished(self) -> bool:
        """The game is over."""
        return self.state.is_over

    @property
    def busy(self) -> bool:
        """A move is being made, or an event stream follows the game: it stays in memory."""
        return self.lock.locked() or self.watchers > 0

    @contextlib.contextmanager
    def watching(self) -> Iterator[None]:
        """Count an event stream as following the game while the block runs."""
        self.watchers += 1
        try:
            yield
        finally:
            self.watchers -= 1

    @property
    def id(self) -> str:
        """The game's id."""
        return self.record.id

    @property
    def version(self) -> int:
        """The length of the game's log: what a move must be posted against."""
        return len(self.state.log)

    def _advance(self, state: GameState) -> None:
        self.state = state
        self.moves += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait(self, version: int, timeout: float | None = None) -> bool:
        """Wait until the version differs from ``version``; ``False`` if ``timeout`` ran out."""
        changed = self._changed
        if self.version != version:
            return True
        try:
            await asyncio.wait_for(changed.wait(), timeout)
        except TimeoutError:
            return False
        return True


def replay(
    record: GameRecord,
    moves: list[tuple[int, Move]],
    state: GameState | None = None,
    start: int = 0,
) -> GameState:
    """The state a record and its stored ``(version, move)`` pairs make.

    ``state`` and ``start``: go on from ``state``, which the game's first ``start`` moves made.

    Raises:
        ValueError: a stored move was applied at another log length than the replay reaches
            (the engine changed the game since it was stored), or is illegal now.
    """
    if state is None:
        state = new_game(record.config, seed=record.seed)
    for n, (version, move) in enumerate(moves, start):
        if version != len(state.log):
            raise ValueError(
                f"game {record.id}: move {n} was stored at version {version}, "
                f"the replay is at {len(state.log)}"
            )
        state = apply(state, move)
    return state


def _pairs(moves: list[StoredMove]) -> list[tuple[int, Move]]:
    return [(m.version, m.move) for m in moves]


class Hub:
    """All the games of one server, and the store they are written to.

    Args:
        db: the store: an SQLite file (created if missing) or a ``postgresql://`` URL.
        bot_delay: seconds a bot waits before it moves, so that people can follow (and answer
            a window before the bots do); 0 for tests and load tests.
        seeds: where a new game's seed comes from; ``None`` (the default) lets ``new_game``
            draw an unguessable 128-bit seed. Tests pass fixed seeds.
        bot_rng: makes a game's bots' generator from its id; by default a generator seeded
            from ``secrets``. Tests pass a seeded one.
        idle: seconds an unfinished game that nobody asks for or follows stays in memory
            (cache.py); the sweep runs every ``idle / 4`` seconds, 30 at most.
        clock: seconds, for ``idle``; ``time.monotonic`` by default.
    """

    def __init__(
        self,
        db: str | Path,
        *,
        bot_delay: float = 0.6,
        seeds: Callable[[], int | None] | None = None,
        bot_rng: Callable[[str], random.Random] | None = None,
        idle: float = 300.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.db = db
        self.bot_delay = bot_delay
        self._seeds = seeds or (lambda: None)
        self._bot_rng = bot_rng or (lambda _gid: random.Random(secrets.randbits(128)))
        self.cache: Tables[Table] = Tables(idle, clock)
        self.tables = self.cache.by_id  # the games in memory, by id
        # One thread owns the store's connection: writes are queued to it in order, and the
        # event loop goes on serving other games while one is written.
        self._io = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="coup-store")
        self._store: GameStore | None = None
        self._waiting: list[tuple[GameRecord | MoveRow, asyncio.Future[bool]]] = []  # to commit
        self._writer: asyncio.Task[None] | None = None
        self._moving: set[asyncio.Task[GameState]] = set()  # moves being made
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._refreshing: set[str] = set()  # games whose moves from elsewhere are being loaded
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    async def _run(self, fn: Callable[..., T], *args: object) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._io, functools.partial(fn, *args))

    async def start(self) -> None:
        """Open the store and start listening to it; games are loaded when asked for."""
        self._store = await self._run(open_store, self.db)
        loop = asyncio.get_running_loop()

        def changed(game: str | None) -> None:  # called from the store's thread
            loop.call_soon_threadsafe(self._changed_elsewhere, game)

        self._store.listen(changed)
        self._sweeper = asyncio.create_task(self._sweep_often(), name="coup sweep")

    async def stop(self) -> None:
        """Stop the bots, finish the moves under way, and close the store."""
        tasks = [t.bots for t in self.cache if t.bots is not None]
        tasks += [*self._tasks, *([self._sweeper] if self._sweeper else [])]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await asyncio.gather(*self._moving, return_exceptions=True)
        if self._store is not None:
            await self._run(self._store.close)
            self._store = None
        self._io.shutdown(wait=True)

    @property
    def store(self) -> GameStore:
        """The open store."""
        if self._store is None:
            raise RuntimeError("the hub is not started")
        return self._store

    async def create(self, config: Config, seats: tuple[str, ...]) -> Table:
        """A new game, stored before it is returned.

        Args:
            config: the game's options.
            seats: per seat, ``"human"`` or a bot's name (``BOT_NAMES``).

        Raises:
            ValueError: the seat list does not fit the config or names an unknown bot.
        """
        if len(seats) != config.players:
            raise ValueError(f"seats: give one entry per seat ({config.players}), not {len(seats)}")
        for seat, who in enumerate(seats):
            if who != HUMAN and who not in BOT_NAMES:
                choices = ", ".join((HUMAN, *BOT_NAMES))
                raise ValueError(f"seats[{seat}]: {who!r} is not one of {choices}")
        state = new_game(config, seed=self._seeds())
        record = GameRecord(
            id=secrets.token_hex(8),
            config=config,
            seed=state.seed,
            seats=seats,
            tokens=tuple(secrets.token_urlsafe(24) if who == HUMAN else None for who in seats),
            spectator=secrets.token_urlsafe(24),
        )
        await self._commit(record)
        table = Table(record, state, 0)
        self._keep(table)
        return table

    def table(self, game: str) -> Table:
        """The game with id ``game`` if it is in memory (``open`` loads it if it is not).

        Raises:
            NotFound: it is not in memory.
        """
        table = self.cache.get(game)
        if table is None:
            raise NotFound(f"no game {game!r}")
        return table

    async def open(self, game: str) -> Table:
        """The game with id ``game``, loaded from the store if it is not in memory.

        Raises:
            NotFound: there is none.
        """
        table = self.cache.get(game)
        if table is not None:
            return table
        loading = self._loading.get(game)
        if loading is None:
            loading = asyncio.get_running_loop().create_future()
            self._loading[game] = loading
            try:
                found = await self._run(self.store.game, game)
                table = None
                if found is not None:
                    record, stored = found
                    table = Table(record, replay(record, _pairs(stored)), len(stored))
                    self._keep(table)
                loading.set_result(table)
            except Exception as error:
                loading.set_exception(error)
                raise
            finally:
                del self._loading[game]
        table = await asyncio.shield(loading)
        if table is None:
            raise NotFound(f"no game {game!r}")
        return table

    def _keep(self, table: Table) -> None:
        self.cache.add(table)
        self._start_bots(table)

    def sweep(self) -> int:
        """Let the games nobody needs leave memory (cache.py); how many left."""
        gone = self.cache.sweep()
        for table in gone:
            if table.bots is not None:
                table.bots.cancel()
        return len(gone)

    async def _sweep_often(self) -> None:
        while True:
            await asyncio.sleep(min(self.cache.idle / 4, 30.0))
            self.sweep()

    def seat_for(self, table: Table, seat: int | None, token: str | None) -> int | None:
        """``seat`` (``None``: a spectator) if ``token`` speaks for it in this game.

        Raises:
            Forbidden: no token, a token of another seat, a bot's seat, or no such seat.
        """
        record = table.record
        if seat is None:
            expected: str | None = record.spectator
        elif 0 <= seat < len(record.tokens):
            expected = record.tokens[seat]
        else:
            raise Forbidden(f"this game has no seat {seat}")
        if (
            token is None
            or expected is None
            or not token.isascii()  # compare_digest refuses other strings; tokens are ASCII
            or not secrets.compare_digest(token, expected)
        ):
            who = "the spectators" if seat is None else f"seat {seat}"
            raise Forbidden(f"this token does not speak for {who} of game {record.id}")
        return seat

    async def play(self, table: Table, seat: int, version: int, move: Move) -> GameState:
        """Apply ``move`` for ``seat`` if it was made against the current ``version``.

        The move is written to the store before it becomes the game's state. Once begun, a move
        is carried through even if the caller is cancelled (a client gone): the store and the
        state in memory never disagree.

        Raises:
            Forbidden: the move is not ``seat``'s own.
            Stale: ``version`` is not the current version; nothing changed.
            IllegalMoveError: the engine refuses the move; nothing changed.
        """
        if move.player != seat:
            raise Forbidden(f"you are seat {seat}; you cannot move for seat {move.player}")
        if self.cache.peek(table.id) is not table:  # it left memory meanwhile
            table = await self.open(table.id)
        task = asyncio.create_task(self._play(table, version, move))
        self._moving.add(task)
        task.add_done_callback(self._moving.discard)
        return await asyncio.shield(task)

    async def _play(self, table: Table, version: int, move: Move) -> GameState:
        async with table.lock:
            caught_up = False
            while True:
                state = table.state
                if version != len(state.log):
                    if self.store.shared and not caught_up:  # another process may have moved
                        await self._catch_up(table)
                        caught_up = True
                        continue
                    raise Stale(version, len(state.log))
                after = apply(state, move)
                if await self._commit((table.id, table.moves, len(state.log), move)):
                    table._advance(after)
                    return after
                # Another process stored a move under this number first: take its moves and
                # check this one again against the state they make.
                await self._catch_up(table)
                caught_up = True

    async def _catch_up(self, table: Table) -> None:
        """Apply the moves other processes stored since ``table.moves`` (its lock held)."""
        stored = await self._run(self.store.moves, table.id, table.moves)
        state = table.state
        for n, (version, move) in enumerate(_pairs(stored), table.moves):
            state = replay(table.record, [(version, move)], state, n)
            table._advance(state)

    def _changed_elsewhere(self, game: str | None) -> None:
        """Another process stored a move of ``game`` (``None``: of any game)."""
        tables = list(self.cache) if game is None else [self.cache.peek(game)]
        for table in tables:
            if table is None or table.id in self._refreshing:
                continue
            self._refreshing.add(table.id)
            task = asyncio.create_task(self._refresh(table), name=f"refresh {table.id}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _refresh(self, table: Table) -> None:
        try:
            async with table.lock:
                self._refreshing.discard(table.id)
                await self._catch_up(table)
        except Exception:
            log.exception("game %s: could not load the moves stored elsewhere", table.id)
        finally:
            self._refreshing.discard(table.id)

    async def _commit(self, row: GameRecord | MoveRow) -> bool:
        """Once ``row`` (a new game or a move) is committed with whatever else is waiting:
        ``True``, or ``False`` if it is a move whose number was taken (nothing stored)."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((row, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        return await done

    async def _write(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                games = [row for row, _ in batch if isinstance(row, GameRecord)]
                moves = [row for row, _ in batch if not isinstance(row, GameRecord)]
                taken = await self._run(self.store.write, games, moves)
            except Exception as error:  # e.g. a full disk: none of these is made
                for _, done in batch:
                    done.set_exception(error)
            else:
                for row, done in batch:
                    done.set_result(isinstance(row, GameRecord) or row[:2] not in taken)

    def _start_bots(self, table: Table) -> None:
        if table.state.is_over or all(who == HUMAN for who in table.record.seats):
            return
        table.bots = asyncio.create_task(
            self._bots(table, self._bot_rng(table.id)), name=f"bots {table.id}"
        )

    async def _bots(self, table: Table, rng: random.Random) -> None:
        """Play the bot seats of ``table`` until the game is over."""
        seats = table.record.seats
        while not table.state.is_over:
            state = table.state
            waiting = [s for s in to_act(state) if seats[s] != HUMAN]
            if not waiting:
                await table.wait(len(state.log))
                continue
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
                if table.state is not state:
                    continue  # someone moved meanwhile: look again
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            try:
                move = bot_move(seats[seat], state, seat, rng)
                await self.play(table, seat, len(state.log), move)
            except Stale:
                continue  # a person answered first
            except Exception:
                log.exception("game %s: the bot of seat %d failed; its bots stop", table.id, seat)
                return
