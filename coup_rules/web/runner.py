"""The bot runner: each unfinished game's task, which keeps the table moving, supervised.

The task waits for a change, asks ``bot_move`` for the move of every bot seat being waited on
and posts them all at once through the hub's ``play``, like anyone else; and, when the game has
a time limit and a decision's time runs out, answers for every seat still asked (clock.py).

**Supervised.** Whatever stops the task before the game is over (the database not answering,
or a bug) does not stop the table: the supervisor logs it (a database outage once, by
``backoff.Outage``; anything else once per run of failures, with its traceback), waits with
``Backoff`` (jittered from a ``random.Random`` of the game's own, seeded from its id) and starts
the task again, which looks at the table afresh. The store's transaction stays the arbiter: a
move posted again after a failure is judged again by the same rule (``stale.py``), and a move
stored although its commit seemed to fail is found under its number, so none is applied twice
and none is lost.

With a shared store, one process at a time moves a game (``GameStore.claim_moving``), and
another takes over within ``OWNER_POLL`` seconds once it lets go.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

from coup_rules.engine import to_act
from coup_rules.moves import Move
from coup_rules.state import GameState
from coup_rules.web import clock
from coup_rules.web.backoff import Backoff
from coup_rules.web.bots import BotPlayers
from coup_rules.web.errors import NotStarted, Stale, Unavailable
from coup_rules.web.persistence import Persistence
from coup_rules.web.seating import HUMAN
from coup_rules.web.table import Table

__all__ = ["OWNER_POLL", "Play", "Runner"]

log = logging.getLogger("coup_rules.web")

OWNER_POLL = 2.0
"""Seconds between a process's tries to take over moving a game another process moves."""

Play = Callable[..., Awaitable[GameState]]
"""The hub's ``play(table, seat, version, move, timed_out=...)``."""


class Runner:
    """Starts and supervises the task of each unfinished game.

    Args:
        persistence: the store (who may move a game, with a shared one).
        play: the hub's ``play``, through which every move goes.
        bot_rng: a game's bots' generator, from its id.
        bot_delay: seconds a bot waits before it moves.
        backoff: the waits between restarts after a failure.
        bots: the bots it asks (the built-ins, and the server's command bots).
    """

    def __init__(
        self,
        persistence: Persistence,
        play: Play,
        bot_rng: Callable[[str], random.Random],
        bot_delay: float,
        backoff: Backoff | None = None,
        bots: BotPlayers | None = None,
    ) -> None:
        self.persistence = persistence
        self.bots = bots or BotPlayers()
        self.play = play
        self.bot_rng = bot_rng
        self.bot_delay = bot_delay
        self.backoff = backoff or Backoff()

    def start(self, table: Table) -> None:
        """Keep ``table`` moving until its game is over (nothing to do if it is)."""
        if table.state.is_over:
            return
        table.task = asyncio.create_task(self.supervise(table), name=f"table {table.id}")

    async def supervise(self, table: Table) -> None:
        """Run the table's task until the game is over, starting it again after each
        failure (see the module)."""
        rng = self.bot_rng(table.id)
        jitter = random.Random(f"backoff:{table.id}")
        attempt, moves = 0, table.moves
        try:
            while not table.state.is_over:
                try:
                    await self._move_if_mine(table, rng)
                except Unavailable:
                    pass  # Outage logs it once for every game
                except Exception:
                    if attempt == 0:
                        log.exception("game %s: the table's task failed; it starts again", table.id)
                else:
                    continue  # it ended with the game, or found nothing to do: look again
                if table.moves != moves:  # it moved since the last failure: a new run of them
                    attempt, moves = 0, table.moves
                await asyncio.sleep(self.backoff.delay(attempt, jitter))
                attempt += 1
        finally:  # the game is over or the task stopped: its command bots' processes go
            self.bots.release(table.id)

    async def _move_if_mine(self, table: Table, rng: random.Random) -> None:
        """Run the table's task once the store lets this process move it: with a shared store,
        one process at a time (see the module)."""
        persistence = self.persistence
        shared = persistence.shared  # else this process alone moves its games
        while shared and not await persistence.run(persistence.store.claim_moving, table.id):
            while not needs_moving(table):  # a game of people only, without a clock
                await table.wait(table.revision)
            await asyncio.sleep(OWNER_POLL)
            if table.state.is_over:
                return
        try:
            await self._table_task(table, rng)
        finally:  # let go, in order with the store's other calls (a session lost in an
            # outage has let go already, and the failure of this call then says nothing)
            if shared:
                persistence.submit(persistence.store.release_moving, table.id)

    async def _table_task(self, table: Table, rng: random.Random) -> None:
        """Keep ``table`` moving until the game is over: the bots' moves, and the table's
        answers for seats whose time ran out.

        Every bot seat being waited on answers at once, each against the same version: in a
        window they all count while it is open (a bot's Challenge closes it for the others).

        Raises:
            Unavailable: the store did not take a move; the supervisor starts this again.
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
                moves = [(s, await self.bots.move(table.id, seats[s], state, s, rng)) for s in bots]
                timed_out = False
            else:
                if not await _ran_out(table, revision, state):
                    continue  # something changed before the time ran out
                moves = clock.stand_in_moves(state, rng)
                timed_out = True
            await self._post_all(table, state, moves, timed_out)
            if table.state is state:  # nothing counted: wait for the next change
                await table.wait(revision)

    async def _post_all(
        self, table: Table, state: GameState, moves: list[tuple[int, Move]], timed_out: bool
    ) -> None:
        """Post ``moves`` together against ``state``; a refusal as stale is no failure.

        Raises:
            Unavailable, or any other error a move met: the first one.
        """
        results = await asyncio.gather(
            *(self.play(table, s, len(state.log), m, timed_out=timed_out) for s, m in moves),
            return_exceptions=True,
        )
        for result in results:
            if isinstance(result, BaseException) and not isinstance(result, (Stale, NotStarted)):
                raise result


def needs_moving(table: Table) -> bool:
    """Whether the table's task has anything to do: a bot seat, or a time limit."""
    return table.record.time_limit is not None or any(who != HUMAN for who in table.record.seats)


async def _ran_out(table: Table, revision: int, state: GameState) -> bool:
    """Wait until the pending decision's time runs out; ``True`` if it did with the table
    still at ``state`` (then the table answers), ``False`` if anything changed first."""
    left = table.time_left()
    if left is not None and left > 0 and await table.wait(revision, left):
        return False
    return table.state is state
