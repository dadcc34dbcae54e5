"""The games being played: one ``Table`` per game in play, written through to a store.

The web layer (``app.py``) only translates HTTP to these calls and their errors to status codes.
Everything that must hold whatever the transport lives in this package, one job per module:

============================  ===================================================================
``hub.py``                    the games in memory (``open``, ``create``, the sweep) and the rules
                              loop of a move (``play``)
``table.py``                  one game's state, listeners, and the rule a move is judged by
``clock.py``                  the decision clock, and what the table plays when it runs out
``runner.py``                 the bot runner: each game's supervised task (bots, clock)
``seats.py``                  which token speaks for which seat; seat changes stored
``persistence.py``            the store's thread, group commit, catch-up, outages
``errors.py``                 what is refused, and why
============================  ===================================================================

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
- **An outage is waited out.** A call the store cannot answer raises ``Unavailable`` (a request
  is answered 503 with ``Retry-After``); the games' tasks and catch-ups wait and try again by
  themselves, and the game resumes once the store answers (runner.py).
- **Memory follows play.** Games are loaded on demand (``Hub.open``) and leave memory when
  idle, finished or not (cache.py); start-up loads none.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from coup_rules.config import Config
from coup_rules.moves import Move
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.web.backoff import Backoff
from coup_rules.web.bots import BotPlayers
from coup_rules.web.cache import Tables
from coup_rules.web.chat import ChatError, Muted, TooFast, too_fast_for_client
from coup_rules.web.errors import (
    Forbidden,
    NotFound,
    NotStarted,
    Revoked,
    Stale,
    Unavailable,
)
from coup_rules.web.lobby import LISTED, SCAN_PER_CLIENT, listing
from coup_rules.web.persistence import Persistence
from coup_rules.web.records import GameRecord, GameStore, OpenTable, Room
from coup_rules.web.runner import Runner
from coup_rules.web.seating import (
    HUMAN,
    InviteSpent,
    Seating,
    SeatingError,
    SeatsChanged,
    TableFull,
    clean_name,
    room_code,
)
from coup_rules.web.seats import Seats, fresh_token, host_of, seat_for
from coup_rules.web.table import Table, judge, replay
from coup_rules.web.writes import CloseRoom, MoveRoom, NewGame, NewMove, OpenRoom, SetRoom, Write

__all__ = [
    "HUMAN",
    "ROOM_GRACE",
    "ChatError",
    "Forbidden",
    "Hub",
    "InviteSpent",
    "Muted",
    "NotFound",
    "NotStarted",
    "Revoked",
    "SeatingError",
    "SeatsChanged",
    "Stale",
    "Table",
    "TableFull",
    "TooFast",
    "Unavailable",
]

ROOM_GRACE = 3600.0
"""Seconds a finished table keeps its room code for itself (a rematch takes it along) before
the code may be given to another table."""

ROOM_TRIES = 8
"""New codes drawn for a table before it goes without one (each is taken with a chance of
live tables / 887 million)."""


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
        backoff: the waits of a game's task and catch-up between tries while the store does
            not answer (``Backoff()``: 0.1 s doubling up to 4 s, jittered).
        draw: ``draw(n)`` is a number below ``n``, for room codes; ``secrets.randbelow`` by
            default. Tests pass a seeded one.
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
        backoff: Backoff | None = None,
        draw: Callable[[int], int] = secrets.randbelow,
        bots: BotPlayers | None = None,
    ) -> None:
        self.db = db
        self.bots = bots or BotPlayers()
        self._draw = draw
        self.bot_delay = bot_delay
        self._seeds = seeds or (lambda: None)
        self.cache: Tables[Table] = Tables(idle, clock)
        self.tables = self.cache.by_id  # the games in memory, by id
        self.persistence = Persistence(db, backoff)
        self.runner = Runner(
            self.persistence,
            lambda *args, **options: self.play(*args, **options),  # the hub's play at the time
            bot_rng or (lambda _gid: random.Random(secrets.randbits(128))),
            bot_delay,
            backoff,
            self.bots,
        )
        self.seats = Seats(self.persistence, self.create, self.open, self.bots.names)
        self._moving: set[asyncio.Task[GameState]] = set()  # moves being made
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Open the store and start listening to it; games are loaded when asked for."""
        await self.persistence.open(self._changed_elsewhere)
        self._sweeper = asyncio.create_task(self._sweep_often(), name="coup sweep")

    async def stop(self) -> None:
        """Stop the tables' tasks, finish the moves under way, and close the store."""
        tasks = [t.task for t in self.cache if t.task is not None]
        tasks += [self._sweeper] if self._sweeper else []
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await asyncio.gather(*self._moving, return_exceptions=True)
        await asyncio.to_thread(self.bots.close)
        await self.persistence.close()

    @property
    def store(self) -> GameStore:
        """The open store."""
        return self.persistence.store

    async def create(
        self,
        config: Config,
        seats: tuple[str, ...],
        *,
        host_seat: int | None = None,
        host_name: str | None = None,
        time_limit: float | None = None,
        listed: bool = False,
        auto_rematch: bool = False,
        continues: GameRecord | None = None,
    ) -> Table:
        """A new game, stored before it is returned: one invite per person's seat, and a room
        code of its own (or, for the next game at a table, that table's).

        Args:
            config: the game's options.
            seats: per seat, ``"human"`` or a bot's name (``bots.names``).
            host_seat: the seat the creator plays, claimed at once under ``host_name``.
            host_name: the creator's name, if they play.
            time_limit: seconds each decision may take (``None``: no limit).
            listed: the lobby lists the table as open.
            auto_rematch: a rematch seats every player at once.
            continues: the game this one follows at the same table (a rematch): its room
                code, listing and rematch choice come along.

        Raises:
            ValueError: the seat list does not fit the config or names an unknown bot, the
                host's seat is not a person's, or the time limit is not a positive number.
            Unavailable: the store did not answer; no game was made.
        """
        if len(seats) != config.players:
            raise ValueError(f"seats: give one entry per seat ({config.players}), not {len(seats)}")
        for seat, who in enumerate(seats):
            if who != HUMAN and who not in self.bots.names:
                choices = ", ".join((HUMAN, *self.bots.names))
                raise ValueError(f"seats[{seat}]: {who!r} is not one of {choices}")
        if time_limit is not None and not 0 < time_limit <= 3600:
            raise ValueError(f"time_limit: a number of seconds up to 3600, not {time_limit}")
        state = new_game(config, seed=self._seeds())
        seating = Seating.new(seats, fresh_token(), [fresh_token() for _ in seats])
        if host_seat is not None:
            if not 0 <= host_seat < len(seats) or seats[host_seat] != HUMAN:
                raise ValueError(f"host_seat: seat {host_seat} is not a person's seat")
            name = clean_name(host_name)
            seating = attrs.evolve(
                seating.claim(host_seat, name, fresh_token()), host_seat=host_seat
            )
        record = GameRecord(
            id=secrets.token_hex(8),
            config=config,
            seed=state.seed,
            seating=seating,
            spectator=fresh_token(),
            time_limit=time_limit,
        )
        if continues is not None and continues.room is not None:
            await self.persistence.commit(NewGame(record), MoveRoom(continues.id, record.id))
            record = attrs.evolve(record, room=continues.room)
        else:
            room = await self._store_with_room(record, Room("", listed, auto_rematch))
            record = attrs.evolve(record, room=room)
        table = Table(record, state, (), len(state.log))
        self._keep(table)
        return table

    async def _store_with_room(self, record: GameRecord, wanted: Room) -> Room | None:
        """Store the new game ``record`` with a room code unique among the live tables
        (``OpenRoom``) and the host's choices of ``wanted``, in the same transaction; its room,
        or ``None`` if every code drawn was taken (the game is stored all the same)."""
        new: tuple[Write, ...] = (NewGame(record),)
        for _ in range(ROOM_TRIES):
            room = attrs.evolve(wanted, code=room_code(self._draw))
            writes = (*new, OpenRoom(record.id, room.code, time.time(), ROOM_GRACE))
            if room.listed or room.auto_rematch:  # changes nothing unless the code was taken
                writes += (SetRoom(record.id, room.listed, room.auto_rematch),)
            if (await self.persistence.commit(*writes))[len(new)]:
                return room
            new = ()
        return None

    async def find_room(self, code: str) -> Table:
        r"""The game now played at the table of room code ``code`` (as ``normal_code`` gives it).

        Raises:
            NotFound: no table has this code.
        """
        game = await self.persistence.run(self.store.room_of, code)
        if game is None:
            raise NotFound(f"no table has the room code {code}: check it with the host")
        return await self.open(game)

    async def open_tables(
        self, per_client: int = 3, idle: float = 600.0, limit: int = LISTED
    ) -> list[OpenTable]:
        """The tables the lobby lists (lobby.py): listed, not over, a free seat, a seated
        person active within ``idle`` seconds, ``per_client`` of each client's, ``limit``."""
        since = time.time() - idle
        scan = per_client * SCAN_PER_CLIENT
        found = await self.persistence.run(self.store.open_tables, since, scan)
        return listing(found, per_client, limit)

    async def note_listed(self, table: Table, client: str) -> None:
        """``client`` listed ``table`` in the lobby just now (lobby.py counts it theirs); in an
        outage the table counts as a client of its own, as one listed before clients were."""
        with contextlib.suppress(Unavailable):
            await self.persistence.run(
                self.store.note_rooms, [table.id], time.time(), client, writes=True
            )

    async def note_activity(self) -> None:
        """Note in the store the listed tables in memory where a person was active since
        the last note (``Table.active``), for the lobby's list; an outage skips a note."""
        active = [
            t for t in self.cache if t.active and t.record.room is not None and t.record.room.listed
        ]
        if not active:
            return
        with contextlib.suppress(Unavailable):
            await self.persistence.run(
                self.store.note_rooms, [t.id for t in active], time.time(), writes=True
            )
            for table in active:
                table.stirred = False

    async def set_room(self, table: Table, listed: bool, auto_rematch: bool) -> None:
        """The host lists the table as open (or not), and chooses whether a rematch seats
        everyone at once.

        Raises:
            SeatingError: the game has no room code (it was stored before them).
        """
        room = table.record.room
        if room is None:
            raise SeatingError("this game was made before room codes: it has no table to list")
        async with table.lock:
            await self.persistence.commit(SetRoom(table.id, listed, auto_rematch))
            new = attrs.evolve(room, listed=listed, auto_rematch=auto_rematch)
            table.reseat(attrs.evolve(table.record, room=new))

    def say(
        self,
        table: Table,
        seat: int,
        body: object,
        client_wait: Callable[[float], float] | None = None,
    ) -> dict[str, object]:
        """``seat`` says a line at the table's chat (chat.py); the line, as sent.
        ``client_wait(now)``, asked once the seat may say it, is the wait its client's
        allowance imposes (0: the line is said, and counted).

        Raises:
            Muted: the host muted the seat.
            TooFast: the seat, or its client, said too much just now.
            ChatError: the body is not a line.
        """
        seating = table.record.seating
        name = seating.seats[seat].name or f"Seat {seat}"
        now = asyncio.get_running_loop().time()
        chat = table.chat.post(seat, name, body, now, seat in seating.muted)
        wait = 0.0 if client_wait is None else client_wait(now)
        if wait > 0:
            raise too_fast_for_client(wait)
        table.say(chat)
        return table.chat.lines[-1].data()

    async def mute(self, table: Table, seat: int, muted: bool) -> None:
        """The host mutes ``seat`` in the chat, or lets it speak again (``Seats.mute``)."""
        await self.seats.mute(table, seat, muted)

    async def claim_by_code(self, table: Table, code: str, name: object) -> int:
        """Take the first open seat by the table's room code (``Seats.claim_by_code``)."""
        return await self.seats.claim_by_code(table, code, name)

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
            Unavailable: the store did not answer.
        """
        table = self.cache.get(game)
        if table is not None:
            if self.store.shared:
                async with table.lock:
                    await self.persistence.catch_up(table)
            return table
        loading = self._loading.get(game)
        if loading is None:  # the first to ask loads it; whoever asks meanwhile waits for it
            loading = asyncio.get_running_loop().create_future()
            self._loading[game] = loading
            try:
                found = await self.persistence.run(self.store.game, game)
                table = None
                if found is not None:
                    record, stored = found
                    state, opened = replay(record, [(m.version, m.move) for m in stored])
                    table = Table(record, state, stored, opened)
                    self._keep(table)
                loading.set_result(table)
            except Exception as error:  # each who waits is told, this caller below
                loading.set_exception(error)
            finally:
                del self._loading[game]
        table = await asyncio.shield(loading)  # its error raised here is retrieved: none logged
        if table is None:
            raise NotFound(f"no game {game!r}")
        return table

    def _keep(self, table: Table) -> None:
        """Hold ``table`` in memory and set it moving; a game loaded again gives the pending
        decision its whole time again."""
        table.restart_clock()
        self.cache.add(table)
        self.runner.start(table)

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
            await self.note_activity()
            self.sweep()

    def _changed_elsewhere(self, game: str | None) -> None:
        """Another process changed ``game`` (``None``: maybe any game)."""
        tables = list(self.cache) if game is None else [self.cache.peek(game)]
        self.persistence.changed_elsewhere(
            [t for t in tables if t is not None], lambda t: self.cache.peek(t.id) is t
        )

    def seat_for(self, table: Table, seat: int | None, token: str | None) -> int | None:
        """``seat`` if ``token`` speaks for it (``seats.seat_for``)."""
        return seat_for(table, seat, token)

    def host_of(self, table: Table, token: str | None) -> None:
        """Return if ``token`` is the host's (``seats.host_of``)."""
        host_of(table, token)

    async def claim(self, table: Table, invite: str, name: object) -> int:
        """Spend ``invite`` for its seat under ``name`` (``Seats.claim``); the seat claimed."""
        return await self.seats.claim(table, invite, name)

    async def assign(self, table: Table, seat: int, who: str) -> None:
        """Before the start: give ``seat`` to a bot or a person (``Seats.assign``)."""
        await self.seats.assign(table, seat, who)

    async def reopen(self, table: Table, seat: int) -> None:
        """Revoke the token of ``seat`` and open it under a new invite (``Seats.reopen``)."""
        await self.seats.reopen(table, seat)

    async def rematch(self, table: Table, seat: int) -> tuple[Table, str]:
        """The next game at this table, and ``seat``'s token in it (``Seats.rematch``)."""
        return await self.seats.rematch(table, seat)

    async def moves_of(self, table: Table) -> list[Move]:
        """The moves of ``table``'s game as far as its state, in order, read from the store."""
        stored = await self.persistence.run(self.store.moves, table.id, 0)
        return [m.move for m in stored[: table.moves]]

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
            Unavailable: the store did not answer; the game is as it was here (ask again:
                a move stored all the same is found under its number).
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
                try:
                    after = judge(table, seat, version, move)
                except (NotStarted, Stale):
                    if caught_up:
                        raise
                    await self.persistence.catch_up(table)
                    caught_up = True
                    continue
                row = NewMove(table.id, table.moves, table.version, move, timed_out)
                if (await self.persistence.commit(row))[0]:
                    table.advance(after, seat, timed_out)
                    if after.is_over:  # its code may serve another table once ROOM_GRACE is up
                        self.persistence.later(CloseRoom(table.id, time.time()))
                    return after
                # Another process stored a move under this number first (or this one did,
                # and the answer was lost in an outage): take its moves and judge again.
                await self.persistence.catch_up(table)
                caught_up = True
