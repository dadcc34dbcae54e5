"""One game in play (``Table``): its record, its state, its listeners, and the rule a move is
judged by before it is stored (``judge``).

A ``Table`` changes only under its lock, by ``advance`` (a move stored) and ``reseat`` (a new
seating stored); each change wakes whoever waits on it (event streams, the bot runner). The hub
(hub.py) takes the lock, judges the move, stores it (persistence.py) and only then advances.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from coup_rules.ai.claims import ClaimTracker
from coup_rules.cards import sorted_cards
from coup_rules.engine import apply
from coup_rules.moves import Move
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.web import clock
from coup_rules.web.chat import Chat
from coup_rules.web.errors import NotStarted, Stale
from coup_rules.web.records import GameRecord, StoredMove
from coup_rules.web.seating import HUMAN
from coup_rules.web.stale import opened_at, stale_reason

__all__ = ["Table", "judge", "replay"]


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
        stirred: a person did something here (a seat claimed, a move, a line of chat, the
            host's page asked) since the hub last noted the table as active (``lobby.py``).
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
        self.chat = Chat()  # beside the game, never in it (chat.py)
        self.talk = 0  # counts the lines said: a chat line wakes the streams, not the game
        self._talked = asyncio.Event()
        self.stirred = False

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
    def active(self) -> bool:
        """A person is here: one did something since the last note (``stirred``), or a
        seat's page follows the table (the lobby does not count it as abandoned)."""
        return self.stirred or any(seat is not None for seat in self.connected)

    @property
    def started(self) -> bool:
        """Whether every person's seat has been claimed (once): moves count only then."""
        return self.record.seating.started

    def time_left(self) -> float | None:
        """Seconds until the pending decision's time runs out, if it has a limit."""
        now = asyncio.get_running_loop().time()
        return clock.seconds_left(self.deadline, self.state.is_over, now)

    def restart_clock(self) -> None:
        """The pending decision's time starts now, in full."""
        now = asyncio.get_running_loop().time()
        self.deadline = clock.deadline(self.record.time_limit, self.started, now)

    def touch(self) -> None:
        """Wake everyone waiting on this table (something they show has changed)."""
        self.revision += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def say(self, chat: Chat) -> None:
        """A line was said: the chat is ``chat`` now; wake the streams (not the game's task)."""
        self.chat = chat
        self.stirred = True
        self.talk += 1
        talked, self._talked = self._talked, asyncio.Event()
        talked.set()

    def room(self) -> dict[str, Any]:
        """What the pages following the table are told beside the game (``event: room``):
        its room code, the host's choices (listed as open, rematch at once), the muted seats,
        and the next game at the table once someone made it."""
        room = self.record.room
        return {
            "code": None if room is None else room.code,
            "listed": room is not None and room.listed,
            "auto_rematch": room is not None and room.auto_rematch,
            "muted": list(self.record.seating.muted),
            "rematch": self.rematch,
        }

    def advance(self, state: GameState, seat: int, timed_out: bool) -> None:
        """A move of ``seat`` is stored and made ``state`` (the lock held)."""
        opened = opened_at(self.opened, self.state, state)
        if timed_out:
            self.timeouts.append((len(self.state.log), seat))
        for event in state.log.tail(len(self.state.log)):
            self.claims.feed(event)
        self.state = state
        self.moves += 1
        self.stirred = self.stirred or (not timed_out and self.record.seats[seat] == HUMAN)
        if opened != self.opened:
            self.restart_clock()
        self.opened = opened
        self.touch()

    def reseat(self, record: GameRecord) -> None:
        """A new seating is stored (the lock held); the clock starts once the game does."""
        was = self.started
        self.record = record
        self.stirred = True
        if self.started and not was:
            self.restart_clock()
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

    async def wait_talk(self, revision: int, talk: int, timeout: float) -> bool:
        """Wait until the table changes after ``revision`` or a line is said after ``talk``;
        ``False`` if ``timeout`` ran out first."""
        if self.revision != revision or self.talk != talk:
            return True
        waits = [asyncio.ensure_future(e.wait()) for e in (self._changed, self._talked)]
        try:
            done, _ = await asyncio.wait(waits, timeout=timeout, return_when="FIRST_COMPLETED")
        finally:
            for w in waits:
                w.cancel()
        return bool(done)

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


def judge(table: Table, seat: int, version: int, move: Move) -> GameState:
    """The state ``move`` of ``seat``, made against ``version``, leads to, if it counts now.

    Raises:
        NotStarted: a person's seat is still open.
        Stale: the decision it answers is no longer pending for ``seat`` (``stale.py``).
        IllegalMoveError: the engine refuses it.
    """
    if not table.started:
        waiting = ", ".join(str(s) for s in table.record.seating.open_seats)
        raise NotStarted(f"the game starts once every seat is taken; still open: seat {waiting}")
    state = table.state
    reason = stale_reason(seat, version, table.opened, state)
    if reason is not None:
        raise Stale(reason, len(state.log))
    return apply(state, move)


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
