"""The games being played: one ``Table`` per game in play, written through to a store.

The web layer (``app.py``) only translates HTTP to these calls and their errors to status codes.
Everything that must hold whatever the transport lives here:

- **Who may do what.** ``Hub.seat_for`` checks a token against the seat it claims to speak for
  (``Forbidden`` otherwise; ``Revoked`` for a token the host took back) and ``Hub.play`` refuses
  a move made for another seat. ``Hub.host_of`` checks the host's token, which reads no hand.
- **Seats are claimed.** ``Hub.claim`` spends an invite for a fresh seat token; the host may
  give a seat to a bot before the start (``Hub.assign``) and reopen a seat (``Hub.reopen``),
  revoking its token. The rules of the seating are ``seating.py``'s; the hub stores each change
  before it counts, and no move is made before every person's seat is claimed.
- **No move lost, none doubled.** ``Hub.play`` takes the game's lock, refuses a move whose
  decision is no longer pending for its seat (``Stale``, by the rule of ``stale.py``: the
  decision closed since the version it was made against, or the seat already answered it),
  applies it (``IllegalMoveError`` changes nothing), writes it to the store and only then
  makes it the game's state and wakes the listeners. Seats answering the same window at the
  same moment all count while it is open; a double click, or an answer to a window that has
  closed, is stale. The writes of all games go to one thread that commits whatever is waiting
  in one transaction (group commit), so one disk flush serves every game that moved meanwhile;
  each move is still answered only after the commit that holds it.
- **The store decides between processes.** Each move is stored under its number in the game,
  which the store keeps unique (store.py). If another process stored that number first, the
  hub loads what it missed and checks the move again against the new state (by the same rule,
  so an answer to a window that is still open counts); and when the store says another process
  changed a game held here, the hub loads its moves and seating and wakes the game's listeners
  (``GameStore.listen``; PostgreSQL's LISTEN/NOTIFY).
- **Memory follows play.** Games are loaded on demand (``Hub.open``) and leave memory when
  idle, finished or not (cache.py); start-up loads none.
- **The table keeps moving.** Each unfinished game runs a task that waits for a change, asks
  ``bot_move`` for the move of every bot seat being waited on and posts them all at once
  through ``Hub.play`` like anyone else; and, when the game has a time limit and a decision's
  time runs out, answers for every seat still asked with ``stand_in_move`` (marked timed out).
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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from coup_rules.ai.claims import ClaimTracker
from coup_rules.cards import sorted_cards
from coup_rules.config import Config
from coup_rules.engine import apply, to_act
from coup_rules.moves import Move
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.web.bots import BOT_NAMES, bot_move, stand_in_move
from coup_rules.web.cache import Tables
from coup_rules.web.seating import (
    HUMAN,
    InviteSpent,
    Seating,
    SeatingError,
    SeatsChanged,
    clean_name,
)
from coup_rules.web.stale import opened_at, stale_reason
from coup_rules.web.store import GameRecord, GameStore, MoveRow, StoredMove, open_store

__all__ = [
    "HUMAN",
    "Forbidden",
    "Hub",
    "InviteSpent",
    "NotFound",
    "NotStarted",
    "Revoked",
    "SeatingError",
    "SeatsChanged",
    "Stale",
    "Table",
]

log = logging.getLogger("coup_rules.web")

T = TypeVar("T")


class NotFound(LookupError):
    """No game has this id."""


class Forbidden(PermissionError):
    """The token does not speak for this seat, or the move is not this seat's."""


class Revoked(Forbidden):
    """The host reopened this seat: the token that held it no longer speaks for it."""


class NotStarted(Exception):
    """A move before every person's seat is claimed; nothing was changed."""


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
    """One game in play: its record, its current state and what waits on it.

    Attributes:
        revision: counts every change (a move, a seat claimed, someone connecting): an event
            stream sends a new envelope whenever it changes.
        opened: the version at which the pending decision opened (``stale.opened_at``).
        deadline: when the pending decision's time runs out (the event loop's clock), if the
            game has a time limit and has started.
        timeouts: ``(version, seat)`` of each move the table made for a seat out of time.
        connected: per seat (``None``: spectators), how many event streams are open.
    """

    def __init__(
        self, record: GameRecord, state: GameState, stored: Sequence[StoredMove], opened: int
    ) -> None:
        self.record = record
        self.state = state
        self.moves = len(stored)  # how many moves are stored
        self.opened = opened
        self.timeouts = [(m.version, m.move.player) for m in stored if m.timed_out]
        self.claims = ClaimTracker(record.config.exchanger)
        for event in state.log:
            self.claims.feed(event)
        self.revision = 0
        self.deadline: float | None = None
        self.connected: dict[int | None, int] = {}
        self.lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.rematch: str | None = None  # the id of the next game at this table, once made

    @property
    def id(self) -> str:
        """The game's id."""
        return self.record.id

    @property
    def version(self) -> int:
        """The length of the game's log: what a move is posted against."""
        return len(self.state.log)

    @property
    def finished(self) -> bool:
        """The game is over."""
        return self.state.is_over

    @property
    def busy(self) -> bool:
        """A move is being made, or an event stream follows the game: it stays in memory."""
        return self.lock.locked() or bool(self.connected)

    @property
    def started(self) -> bool:
        """Whether every person's seat has been claimed (once): moves count only then."""
        return self.record.seating.started

    def time_left(self) -> float | None:
        """Seconds until the pending decision's time runs out, if it has a limit."""
        if self.deadline is None or self.state.is_over:
            return None
        return max(0.0, self.deadline - asyncio.get_running_loop().time())

    def _restart_clock(self) -> None:
        limit = self.record.time_limit
        if limit is None or not self.started:
            self.deadline = None
        else:
            self.deadline = asyncio.get_running_loop().time() + limit

    def touch(self) -> None:
        """Wake everyone waiting on this table (something they show has changed)."""
        self.revision += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def _advance(self, state: GameState, seat: int, timed_out: bool) -> None:
        opened = opened_at(self.opened, self.state, state)
        if timed_out:
            self.timeouts.append((len(self.state.log), seat))
        for event in state.log.tail(len(self.state.log)):
            self.claims.feed(event)
        self.state = state
        self.moves += 1
        if opened != self.opened:
            self._restart_clock()
        self.opened = opened
        self.touch()

    def _seat(self, record: GameRecord) -> None:
        was = self.started
        self.record = record
        if self.started and not was:
            self._restart_clock()
        self.touch()

    def public(self, since: int) -> dict[str, Any]:
        """What every client may know of the table beyond its own view: the seats (names,
        bot or person, connected, standing claims), whether it has started, the time left, and
        the moves the table made for seats out of time since version ``since``."""
        seats = self.record.seating.public()
        for n, seat in enumerate(seats):
            seat["connected"] = seat["bot"] or n in self.connected
            seat["claims"] = [c.value for c in sorted_cards(self.claims.of(n))]
        left = self.time_left()
        over = self.state.is_over
        return {
            # Once the game is over, every hand is shown, as players turn their cards up.
            **({"hands": [[c.value for c in p.hand] for p in self.state.players]} if over else {}),
            "seats": seats,
            "started": self.started,
            "time_limit": self.record.time_limit,
            "time_left": None if left is None else round(left, 1),
            "timeouts": [{"version": v, "seat": s} for v, s in self.timeouts if v >= since],
            "rematch": self.rematch is not None,
        }

    async def wait(self, revision: int, timeout: float | None = None) -> bool:
        """Wait until the table changes after ``revision``; ``False`` if ``timeout`` ran out."""
        changed = self._changed
        if self.revision != revision:
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
        db: the store: an SQLite file (created if missing) or a ``postgresql://`` URL.
        bot_delay: seconds a bot waits before it moves, so that people can follow (and answer
            a window before the bots do); 0 for tests and load tests.
        seeds: where a new game's seed comes from; ``None`` (the default) lets ``new_game``
            draw an unguessable 128-bit seed. Tests pass fixed seeds.
        bot_rng: makes a game's bots' generator from its id; by default a generator seeded
            from ``secrets``. Tests pass a seeded one.
        idle: seconds a game that nobody asks for or follows stays in memory
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
        self._refreshing: set[str] = set()  # games whose changes from elsewhere are being loaded
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
        """Stop the tables' tasks, finish the moves under way, and close the store."""
        tasks = [t.task for t in self.cache if t.task is not None]
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

    async def create(
        self,
        config: Config,
        seats: tuple[str, ...],
        *,
        host_seat: int | None = None,
        host_name: str | None = None,
        time_limit: float | None = None,
    ) -> Table:
        """A new game, stored before it is returned: one invite per person's seat.

        Args:
            config: the game's options.
            seats: per seat, ``"human"`` or a bot's name (``BOT_NAMES``).
            host_seat: the seat the creator plays, claimed at once under ``host_name``.
            host_name: the creator's name, if they play.
            time_limit: seconds each decision may take (``None``: no limit).

        Raises:
            ValueError: the seat list does not fit the config or names an unknown bot, the
                host's seat is not a person's, or the time limit is not a positive number.
        """
        if len(seats) != config.players:
            raise ValueError(f"seats: give one entry per seat ({config.players}), not {len(seats)}")
        for seat, who in enumerate(seats):
            if who != HUMAN and who not in BOT_NAMES:
                choices = ", ".join((HUMAN, *BOT_NAMES))
                raise ValueError(f"seats[{seat}]: {who!r} is not one of {choices}")
        if time_limit is not None and not 0 < time_limit <= 3600:
            raise ValueError(f"time_limit: a number of seconds up to 3600, not {time_limit}")
        state = new_game(config, seed=self._seeds())
        seating = Seating.new(seats, _token(), [_token() for _ in seats])
        if host_seat is not None:
            if not 0 <= host_seat < len(seats) or seats[host_seat] != HUMAN:
                raise ValueError(f"host_seat: seat {host_seat} is not a person's seat")
            name = clean_name(host_name)
            seating = attrs.evolve(seating.claim(host_seat, name, _token()), host_seat=host_seat)
        record = GameRecord(
            id=secrets.token_hex(8),
            config=config,
            seed=state.seed,
            seating=seating,
            spectator=_token(),
            time_limit=time_limit,
        )
        await self._commit(record)
        table = Table(record, state, (), len(state.log))
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
        """The game with id ``game``, loaded from the store if it is not in memory. With a
        shared store it is brought up to date first, so that a client sees at least what
        another process has already answered (its own move posted there, say).

        Raises:
            NotFound: there is none.
        """
        table = self.cache.get(game)
        if table is not None:
            if self.store.shared:
                async with table.lock:
                    await self._catch_up(table)
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
                    state, opened = replay(record, [(m.version, m.move) for m in stored])
                    table = Table(record, state, stored, opened)
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
        """Hold ``table`` in memory and set it moving; a game loaded again gives the pending
        decision its whole time again."""
        table._restart_clock()
        self.cache.add(table)
        self._keep_moving(table)

    def sweep(self) -> int:
        """Let the games nobody needs leave memory (cache.py); how many left."""
        gone = self.cache.sweep()
        for table in gone:
            if table.task is not None:
                table.task.cancel()
        return len(gone)

    async def _sweep_often(self) -> None:
        while True:
            await asyncio.sleep(min(self.cache.idle / 4, 30.0))
            self.sweep()

    def seat_for(self, table: Table, seat: int | None, token: str | None) -> int | None:
        """``seat`` (``None``: a spectator) if ``token`` speaks for it in this game.

        Raises:
            Revoked: the token held this seat until the host reopened it.
            Forbidden: no token, a token of another seat, a bot's or open seat, no such seat.
        """
        record = table.record
        revoked: tuple[str, ...] = ()
        if seat is None:
            expected: str | None = record.spectator
        elif 0 <= seat < len(record.tokens):
            expected = record.tokens[seat]
            revoked = record.seating.seats[seat].revoked
        else:
            raise Forbidden(f"this game has no seat {seat}")
        if _same(token, expected):
            return seat
        if any(_same(token, old) for old in revoked):
            raise Revoked(
                f"the host gave seat {seat} of game {record.id} to someone else: this link no "
                "longer works; ask the host for a new invite"
            )
        who = "the spectators" if seat is None else f"seat {seat}"
        raise Forbidden(f"this token does not speak for {who} of game {record.id}")

    def host_of(self, table: Table, token: str | None) -> None:
        """Return if ``token`` is the host's of this game.

        Raises:
            Forbidden: it is not (or the game has no host: it was made before invites).
        """
        if not _same(token, table.record.seating.host):
            raise Forbidden(f"this token is not the host's of game {table.id}")

    async def claim(self, table: Table, invite: str, name: object) -> int:
        """Spend ``invite`` for the seat it opens: a fresh token for that seat, under ``name``.

        Returns:
            The seat claimed; its token is ``table.record.tokens[seat]``.

        Raises:
            InviteSpent: the invite is spent or unknown.
            SeatingError: the name is not acceptable.
        """
        name = clean_name(name)
        async with table.lock:
            seat = table.record.seating.seat_of_invite(invite)
            if seat is None:
                raise InviteSpent(
                    "this invite has been used or withdrawn: each invite claims its seat once; "
                    "ask the host for a new one"
                )
            seating = table.record.seating.claim(seat, name, _token())
            await self._reseat(table, seating)
        return seat

    async def assign(self, table: Table, seat: int, who: str) -> None:
        """Before the start: give ``seat`` to a bot (``who``, its name) or to a person.

        Raises:
            SeatingError: the game has started, there is no such seat, or ``who`` is unknown.
        """
        if who != HUMAN and who not in BOT_NAMES:
            raise SeatingError(f"{who!r} is not one of {', '.join((HUMAN, *BOT_NAMES))}")
        async with table.lock:
            if seat == table.record.seating.host_seat:
                raise SeatingError(f"seat {seat} is your own: it cannot be given away")
            await self._reseat(table, table.record.seating.assign(seat, who, _token()))

    async def reopen(self, table: Table, seat: int) -> None:
        """Revoke the token of ``seat`` and open it under a new invite.

        Raises:
            SeatingError: there is no such seat, or a bot plays it.
        """
        async with table.lock:
            await self._reseat(table, table.record.seating.reopen(seat, _token()))

    async def _reseat(self, table: Table, seating: Seating) -> None:
        """Store and show ``seating`` (the table's lock held).

        Raises:
            SeatsChanged: another process changed this game's seats at the same moment (a
                shared store); nothing was changed here, and the table shows theirs now.
        """
        record = attrs.evolve(table.record, seating=seating)
        if not await self._run(self.store.seat, record, table.record):
            await self._catch_up(table)
            raise SeatsChanged(
                "someone else changed the seats of this game at the same moment; nothing was "
                "changed: look again and try once more"
            )
        table._seat(record)

    async def rematch(self, table: Table, seat: int) -> tuple[Table, str]:
        """The next game at this table, for ``seat``: the same config, seats, names, host and
        time limit, a new seed. The first player to ask makes it; each then gets their seat's
        fresh token in it (the same one if they ask again).

        Returns:
            The new game and ``seat``'s token in it.

        Raises:
            SeatingError: the game is not over, or ``seat`` is not a person's seat.
        """
        if not table.state.is_over:
            raise SeatingError("a rematch starts once this game is over")
        old = table.record
        name = old.seating.seats[seat].name
        if old.seats[seat] != HUMAN or name is None:
            raise SeatingError(f"seat {seat} is not a person's seat")
        async with table.lock:
            if table.rematch is None:
                host_seat = old.seating.host_seat
                new = await self.create(
                    old.config,
                    old.seats,
                    host_seat=host_seat,
                    host_name=None if host_seat is None else old.seating.seats[host_seat].name,
                    time_limit=old.time_limit,
                )
                async with new.lock:
                    seating = attrs.evolve(new.record.seating, host=old.seating.host)
                    await self._reseat(new, seating)
                table.rematch = new.id
                table.touch()
            new = await self.open(table.rematch)
        async with new.lock:
            mine = new.record.seating.seats[seat]
            if mine.invite is not None:
                await self._reseat(new, new.record.seating.claim(seat, name, _token()))
        token = new.record.tokens[seat]
        if token is None:
            raise SeatingError(f"seat {seat} of the rematch is no longer yours: ask the host")
        return new, token

    def connect(self, table: Table, seat: int | None, change: int) -> None:
        """An event stream of ``seat`` opened (``change`` 1) or closed (-1)."""
        n = table.connected.get(seat, 0) + change
        if n > 0:
            table.connected[seat] = n
        else:
            table.connected.pop(seat, None)
        table.touch()

    async def play(
        self, table: Table, seat: int, version: int, move: Move, *, timed_out: bool = False
    ) -> GameState:
        """Apply ``move`` for ``seat`` if the decision it answers (the one pending at
        ``version``) is still pending for ``seat`` (``coup_rules.web.stale``).

        The move is written to the store before it becomes the game's state. Once begun, a move
        is carried through even if the caller is cancelled (a client gone): the store and the
        state in memory never disagree.

        Raises:
            Forbidden: the move is not ``seat``'s own.
            NotStarted: a person's seat is still open; nothing changed.
            Stale: the decision answered is no longer pending for ``seat``; nothing changed.
            IllegalMoveError: the engine refuses the move; nothing changed.
        """
        if move.player != seat:
            raise Forbidden(f"you are seat {seat}; you cannot move for seat {move.player}")
        if self.cache.peek(table.id) is not table:  # it left memory meanwhile
            table = await self.open(table.id)
        task = asyncio.create_task(self._play(table, seat, version, move, timed_out))
        self._moving.add(task)
        task.add_done_callback(self._moving.discard)
        return await asyncio.shield(task)

    async def _play(
        self, table: Table, seat: int, version: int, move: Move, timed_out: bool
    ) -> GameState:
        async with table.lock:
            # With a shared store, a refusal may come from being behind another process:
            # load what it stored, once, and judge again.
            caught_up = not self.store.shared
            while True:
                if not table.started:
                    if not caught_up:
                        await self._catch_up(table)
                        caught_up = True
                        continue
                    waiting = ", ".join(str(s) for s in table.record.seating.open_seats)
                    raise NotStarted(
                        f"the game starts once every seat is taken; still open: seat {waiting}"
                    )
                state = table.state
                reason = stale_reason(seat, version, table.opened, state)
                if reason is not None:
                    if not caught_up:
                        await self._catch_up(table)
                        caught_up = True
                        continue
                    raise Stale(reason, len(state.log))
                after = apply(state, move)
                row = (table.id, table.moves, len(state.log), move, timed_out)
                if await self._commit(row):
                    table._advance(after, seat, timed_out)
                    return after
                # Another process stored a move under this number first: take its moves and
                # judge this one again against the state they make.
                await self._catch_up(table)
                caught_up = True

    async def _catch_up(self, table: Table) -> None:
        """Take what other processes stored since ``table.moves`` (its lock held): the
        seating, then the moves, each applied and announced as if made here."""
        record, stored = await self._run(self.store.since, table.id, table.moves)
        if record is not None and record != table.record:
            table._seat(record)
        for n, m in enumerate(stored, table.moves):
            if m.version != len(table.state.log):
                raise ValueError(
                    f"game {table.id}: move {n} was stored at version {m.version}, "
                    f"this process is at {len(table.state.log)}"
                )
            table._advance(apply(table.state, m.move), m.move.player, m.timed_out)

    def _changed_elsewhere(self, game: str | None) -> None:
        """Another process changed ``game`` (``None``: maybe any game)."""
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
                self._refreshing.discard(table.id)  # a change from now on needs another look
                await self._catch_up(table)
        except Exception:
            log.exception("game %s: could not load the changes stored elsewhere", table.id)
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

    def _keep_moving(self, table: Table) -> None:
        if table.state.is_over:
            return
        table.task = asyncio.create_task(self._move_if_mine(table), name=f"table {table.id}")

    async def _move_if_mine(self, table: Table) -> None:
        """Run the table's task (bots, clock) once the store lets this process move it: with
        a shared store, one process at a time, and another takes over within ``OWNER_POLL``
        seconds when it lets go (the game left its memory, or it died)."""
        shared = self.store.shared  # else this process alone moves its games
        while shared and not await self._run(self.store.claim_moving, table.id):
            while not _needs_moving(table):  # a game of people only, without a clock
                await table.wait(table.revision)
            await asyncio.sleep(OWNER_POLL)
            if table.state.is_over:
                return
        try:
            await self._table_task(table, self._bot_rng(table.id))
        finally:  # let go, in order with the store's other calls
            if shared:
                self._io.submit(self.store.release_moving, table.id)

    async def _table_task(self, table: Table, rng: random.Random) -> None:
        """Keep ``table`` moving until the game is over: the bots' moves, and the table's
        answers for seats whose time ran out.

        Every bot seat being waited on answers at once, each against the same version: in a
        window they all count while it is open (a bot's Challenge closes it for the others).
        """
        while not table.state.is_over:
            revision, state = table.revision, table.state
            seats = table.record.seats
            bots = [s for s in to_act(state) if seats[s] != HUMAN]
            if not table.started or (not bots and table.deadline is None):
                await table.wait(revision)
                continue
            if bots:
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                    if table.state is not state or table.record.seats != seats:
                        continue  # someone moved meanwhile: look again
                try:
                    moves = [(s, bot_move(seats[s], state, s, rng)) for s in bots]
                except Exception:
                    log.exception("game %s: a bot failed; the table stops moving", table.id)
                    return
                timed_out = False
            else:
                left = table.time_left()
                if left is not None and left > 0 and await table.wait(revision, left):
                    continue  # something changed before the time ran out
                if table.state is not state:
                    continue
                try:
                    moves = [(s, stand_in_move(state, s, rng)) for s in to_act(state)]
                except Exception:
                    log.exception("game %s: the stand-in failed; the table stops", table.id)
                    return
                timed_out = True
            if not await self._post_all(table, state, moves, timed_out):
                return
            if table.state is state:  # nothing counted: wait for the next change
                await table.wait(revision)

    async def _post_all(
        self, table: Table, state: GameState, moves: list[tuple[int, Move]], timed_out: bool
    ) -> bool:
        """Post ``moves`` together against ``state``; ``False`` if one failed otherwise than
        by being stale (the table's task then stops, saying why in the log)."""
        results = await asyncio.gather(
            *(self.play(table, s, len(state.log), m, timed_out=timed_out) for s, m in moves),
            return_exceptions=True,
        )
        for (seat, _), result in zip(moves, results, strict=True):
            if isinstance(result, BaseException) and not isinstance(result, (Stale, NotStarted)):
                log.error(
                    "game %s: the move the table made for seat %d failed; it stops moving",
                    table.id,
                    seat,
                    exc_info=result,
                )
                return False
        return True


OWNER_POLL = 2.0
"""Seconds between a process's tries to take over moving a game another process moves."""


def _needs_moving(table: Table) -> bool:
    """Whether the table's task has anything to do: a bot seat, or a time limit."""
    return table.record.time_limit is not None or any(who != HUMAN for who in table.record.seats)


def _token() -> str:
    """A fresh secret: 24 random bytes from ``secrets`` (192 bits), URL-safe."""
    return secrets.token_urlsafe(24)


def _same(token: str | None, expected: str | None) -> bool:
    """Whether ``token`` is ``expected``, compared in constant time."""
    return (
        token is not None
        and expected is not None
        and token.isascii()  # compare_digest refuses other strings; tokens are ASCII
        and secrets.compare_digest(token, expected)
    )
