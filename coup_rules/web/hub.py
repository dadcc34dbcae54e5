"""The games being played: one ``Table`` per game, kept in memory and written through to disk.

The web layer (``app.py``) only translates HTTP to these calls and their errors to status codes.
Everything that must hold whatever the transport lives here:

- **Who may do what.** ``Hub.seat_for`` checks a token against the seat it claims to speak for
  (``Forbidden`` otherwise) and ``Hub.play`` refuses a move made for another seat.
- **No move lost, none doubled.** ``Hub.play`` takes the game's lock, refuses a move whose
  decision is no longer pending for its seat (``Stale``, by the rule of ``stale.py``: the
  decision closed since the version it was made against, or the seat already answered it),
  applies it (``IllegalMoveError`` changes nothing), writes it to the store and only then
  makes it the game's state and wakes the listeners. Seats answering the same window at the
  same moment all count while it is open; a double click, or an answer to a window that has
  closed, is stale. The
  writes of all games go to one thread that commits whatever is waiting in one transaction
  (group commit), so one disk flush serves every game that moved meanwhile; each move is still
  answered only after the commit that holds it.
- **Bots.** Each game with a bot seat runs a task that waits for a change, asks ``bot_move`` for
  the move of every bot seat being waited on, and posts them all at once through ``Hub.play``
  like anyone else.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import logging
import random
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from coup_rules.config import Config
from coup_rules.engine import apply, to_act
from coup_rules.moves import Move
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.web.bots import BOT_NAMES, bot_move
from coup_rules.web.stale import opened_at, stale_reason
from coup_rules.web.store import GameRecord, Store

__all__ = ["HUMAN", "Forbidden", "Hub", "NotFound", "Stale", "Table"]

HUMAN = "human"
"""The seat-list entry of a seat played by a person through a private link."""

log = logging.getLogger("coup_rules.web")

T = TypeVar("T")
_Row = tuple[str, int, int, Move]
"""A move to store: game id, its number in the game, the version it was applied at, the move."""


class NotFound(LookupError):
    """No game has this id."""


class Forbidden(PermissionError):
    """The token does not speak for this seat, or the move is not this seat's."""


class Stale(Exception):
    """The move answers a decision that is no longer pending for its seat; nothing was changed.

    The rule is ``coup_rules.web.stale``'s: a move counts while the decision it answers is still
    pending for its seat, however many other seats answered it meanwhile.

    Attributes:
        version: the game's current version (log length).
    """

    def __init__(self, reason: str, version: int) -> None:
        self.version = version
        super().__init__(f"{reason}; nothing was changed")


class Table:
    """One game in play: its record, its current state and what waits on it."""

    def __init__(self, record: GameRecord, state: GameState, moves: int, opened: int) -> None:
        self.record = record
        self.state = state
        self.moves = moves  # how many moves are stored
        self.opened = opened  # the version at which the pending decision opened
        self.lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self.bots: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        """The game's id."""
        return self.record.id

    @property
    def version(self) -> int:
        """The length of the game's log: what a move must be posted against."""
        return len(self.state.log)

    def _advance(self, state: GameState) -> None:
        self.opened = opened_at(self.opened, self.state, state)
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


def replay(record: GameRecord, moves: list[tuple[int, Move]]) -> tuple[GameState, int]:
    """The state a record and its stored ``(version, move)`` pairs make, and the version at
    which its pending decision opened (``stale.opened_at``).

    Raises:
        ValueError: a stored move was applied at another log length than the replay reaches
            (the engine changed the game since it was stored), or is illegal now.
    """
    state = new_game(record.config, seed=record.seed)
    opened = len(state.log)
    for n, (version, move) in enumerate(moves):
        if version != len(state.log):
            raise ValueError(
                f"game {record.id}: move {n} was stored at version {version}, "
                f"the replay is at {len(state.log)}"
            )
        after = apply(state, move)
        opened, state = opened_at(opened, state, after), after
    return state, opened


class Hub:
    """All the games of one server, and the store they are written to.

    Args:
        path: the SQLite file (created if missing).
        bot_delay: seconds a bot waits before it moves, so that people can follow (and answer
            a window before the bots do); 0 for tests and load tests.
        seeds: where a new game's seed comes from; ``None`` (the default) lets ``new_game``
            draw an unguessable 128-bit seed. Tests pass fixed seeds.
        bot_rng: makes a game's bots' generator from its id; by default a generator seeded
            from ``secrets``. Tests pass a seeded one.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        bot_delay: float = 0.6,
        seeds: Callable[[], int | None] | None = None,
        bot_rng: Callable[[str], random.Random] | None = None,
    ) -> None:
        self.path = Path(path)
        self.bot_delay = bot_delay
        self._seeds = seeds or (lambda: None)
        self._bot_rng = bot_rng or (lambda _gid: random.Random(secrets.randbits(128)))
        self.tables: dict[str, Table] = {}
        # One thread owns the SQLite connection: writes are queued to it in order, and the
        # event loop goes on serving other games while one is written.
        self._io = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="coup-store")
        self._store: Store | None = None
        self._waiting: list[tuple[_Row, asyncio.Future[None]]] = []  # moves to commit
        self._writer: asyncio.Task[None] | None = None
        self._moving: set[asyncio.Task[GameState]] = set()  # moves being made

    async def _run(self, fn: Callable[..., T], *args: object) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._io, functools.partial(fn, *args))

    async def start(self) -> None:
        """Open the store, rebuild every stored game, and start the bots of unfinished ones."""
        self._store = await self._run(Store, self.path)
        for record, stored in await self._run(self._store.load):
            state, opened = replay(record, [(m.version, m.move) for m in stored])
            table = Table(record, state, len(stored), opened)
            self.tables[record.id] = table
            self._start_bots(table)
        log.info("loaded %d games from %s", len(self.tables), self.path)

    async def stop(self) -> None:
        """Stop the bots, finish the moves under way, and close the store."""
        tasks = [t.bots for t in self.tables.values() if t.bots is not None]
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
    def store(self) -> Store:
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
        await self._run(self.store.create, record)
        table = Table(record, state, 0, len(state.log))
        self.tables[record.id] = table
        self._start_bots(table)
        return table

    def table(self, game: str) -> Table:
        """The game with id ``game``.

        Raises:
            NotFound: there is none.
        """
        table = self.tables.get(game)
        if table is None:
            raise NotFound(f"no game {game!r}")
        return table

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
        """Apply ``move`` for ``seat`` if the decision it answers (the one pending at
        ``version``) is still pending for ``seat`` (``coup_rules.web.stale``).

        The move is written to the store before it becomes the game's state. Once begun, a move
        is carried through even if the caller is cancelled (a client gone): the store and the
        state in memory never disagree.

        Raises:
            Forbidden: the move is not ``seat``'s own.
            Stale: the decision answered is no longer pending for ``seat``; nothing changed.
            IllegalMoveError: the engine refuses the move; nothing changed.
        """
        if move.player != seat:
            raise Forbidden(f"you are seat {seat}; you cannot move for seat {move.player}")
        task = asyncio.create_task(self._play(table, seat, version, move))
        self._moving.add(task)
        task.add_done_callback(self._moving.discard)
        return await asyncio.shield(task)

    async def _play(self, table: Table, seat: int, version: int, move: Move) -> GameState:
        async with table.lock:
            state = table.state
            reason = stale_reason(seat, version, table.opened, state)
            if reason is not None:
                raise Stale(reason, len(state.log))
            after = apply(state, move)
            await self._commit((table.id, table.moves, len(state.log), move))
            table._advance(after)
        return after

    async def _commit(self, row: _Row) -> None:
        """Return once ``row`` is committed (with whatever other moves are waiting)."""
        done = asyncio.get_running_loop().create_future()
        self._waiting.append((row, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        await done

    async def _write(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                await self._run(self.store.append, [row for row, _ in batch])
            except Exception as error:  # e.g. a full disk: none of these moves is made
                for _, done in batch:
                    done.set_exception(error)
            else:
                for _, done in batch:
                    done.set_result(None)

    def _start_bots(self, table: Table) -> None:
        if table.state.is_over or all(who == HUMAN for who in table.record.seats):
            return
        table.bots = asyncio.create_task(
            self._bots(table, self._bot_rng(table.id)), name=f"bots {table.id}"
        )

    async def _bots(self, table: Table, rng: random.Random) -> None:
        """Play the bot seats of ``table`` until the game is over.

        Every bot seat being waited on answers at once, each against the same version: in a
        window they all count while it is open (a bot's Challenge closes it for the others).
        """
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
            try:
                moves = [(seat, bot_move(seats[seat], state, seat, rng)) for seat in waiting]
            except Exception:
                log.exception("game %s: a bot failed; its bots stop", table.id)
                return
            results = await asyncio.gather(
                *(self.play(table, seat, len(state.log), move) for seat, move in moves),
                return_exceptions=True,
            )
            for (seat, _), result in zip(moves, results, strict=True):
                if isinstance(result, BaseException) and not isinstance(result, Stale):
                    log.error(
                        "game %s: the bot of seat %d failed; its bots stop",
                        table.id,
                        seat,
                        exc_info=result,
                    )
                    return
            if table.state is state:  # every answer was stale: wait for the next change
                await table.wait(len(state.log))
