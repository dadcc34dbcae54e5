"""The hub's seating: which token speaks for which seat, and each change of seats stored.

The rules of the seating (invites, claims, reopening, bots before the start) are
``seating.py``'s pure values; this module checks tokens against them in constant time and
stores each new seating before it counts, checked against the stored one (``GameStore.seat``):
a change made against seats another process has just changed is refused (``SeatsChanged``).
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable

import attrs

from coup_rules.web.bots import BOT_NAMES
from coup_rules.web.errors import Forbidden, Revoked
from coup_rules.web.persistence import Persistence
from coup_rules.web.seating import (
    HUMAN,
    InviteSpent,
    Seating,
    SeatingError,
    SeatsChanged,
    TableFull,
    clean_name,
)
from coup_rules.web.table import Table

__all__ = ["Seats", "fresh_token", "host_of", "same", "seat_for"]

Create = Callable[..., Awaitable[Table]]
"""The hub's ``create(config, seats, host_seat=..., host_name=..., time_limit=...,
continues=...)``."""

Open = Callable[[str], Awaitable[Table]]
"""The hub's ``open(game)``."""


def fresh_token() -> str:
    """A fresh secret: 24 random bytes from ``secrets`` (192 bits), URL-safe."""
    return secrets.token_urlsafe(24)


def same(token: str | None, expected: str | None) -> bool:
    """Whether ``token`` is ``expected``, compared in constant time."""
    return (
        token is not None
        and expected is not None
        and token.isascii()  # compare_digest refuses other strings; tokens are ASCII
        and secrets.compare_digest(token, expected)
    )


def seat_for(table: Table, seat: int | None, token: str | None) -> int | None:
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
    if same(token, expected):
        return seat
    if any(same(token, old) for old in revoked):
        raise Revoked(
            f"the host gave seat {seat} of game {record.id} to someone else: this link no "
            "longer works; ask the host for a new invite"
        )
    who = "the spectators" if seat is None else f"seat {seat}"
    raise Forbidden(f"this token does not speak for {who} of game {record.id}")


def host_of(table: Table, token: str | None) -> None:
    """Return if ``token`` is the host's of this game.

    Raises:
        Forbidden: it is not (or the game has no host: it was made before invites).
    """
    if not same(token, table.record.seating.host):
        raise Forbidden(f"this token is not the host's of game {table.id}")


class Seats:
    """Claims, bots given seats, reopened seats and rematches, each stored before it counts.

    Args:
        persistence: where each new seating is stored.
        create: the hub's ``create`` (for a rematch).
        open: the hub's ``open`` (for a rematch made by someone else).
        bots: the bots' names a seat may be given (the hub's: built-ins and command bots).
    """

    def __init__(
        self,
        persistence: Persistence,
        create: Create,
        open: Open,
        bots: tuple[str, ...] = BOT_NAMES,
    ) -> None:
        self.bots = bots
        self.persistence = persistence
        self.create = create
        self.open = open

    async def claim(self, table: Table, invite: str, name: object) -> int:
        """Spend ``invite`` for the seat it opens: a fresh token for that seat, under ``name``.

        Returns:
            The seat claimed; its token is ``table.record.tokens[seat]``.

        Raises:
            InviteSpent: the invite is spent or unknown.
            SeatingError: the name is not acceptable.
            Unavailable: the store did not answer; nothing was changed.
        """
        name = clean_name(name)
        async with table.lock:
            seat = table.record.seating.seat_of_invite(invite)
            if seat is None:
                raise InviteSpent(
                    "this invite has been used or withdrawn: each invite claims its seat once; "
                    "ask the host for a new one"
                )
            seating = table.record.seating.claim(seat, name, fresh_token())
            await self.reseat(table, seating)
        return seat

    async def claim_by_code(self, table: Table, code: str, name: object) -> int:
        """Take the first free seat of ``table`` by its room code (``code``, as
        ``normal_code`` gives it), as its invite would: a fresh token, under ``name``. A seat
        the host reopened is not free: only its new invite claims it (``Seat.invite_only``).

        Raises:
            InviteSpent: ``code`` is not this table's.
            TableFull: no person's seat is free.
            SeatingError: the name is not acceptable.
        """
        name = clean_name(name)
        room = table.record.room
        if room is None or not same(code, room.code):
            raise InviteSpent(f"the room code {code} is not this table's: ask the host for it")
        async with table.lock:
            seating = table.record.seating
            seat = seating.first_open
            if seat is None and seating.open_seats:
                raise TableFull(
                    "the open seat at this table was reopened by the host for someone in "
                    "particular: it takes the invite the host sends, not the room code"
                )
            if seat is None:
                raise TableFull(
                    "every seat at this table is taken: ask the host to open one, or start a "
                    "game of your own"
                )
            await self.reseat(table, table.record.seating.claim(seat, name, fresh_token()))
        return seat

    async def mute(self, table: Table, seat: int, muted: bool) -> None:
        """Mute ``seat`` in the table's chat, or let it speak again (stored with the seating).

        Raises:
            SeatingError: there is no such seat.
        """
        async with table.lock:
            await self.reseat(table, table.record.seating.mute(seat, muted))

    async def assign(self, table: Table, seat: int, who: str) -> None:
        """Before the start: give ``seat`` to a bot (``who``, its name) or to a person.

        Raises:
            SeatingError: the game has started, there is no such seat, or ``who`` is unknown.
        """
        if who != HUMAN and who not in self.bots:
            raise SeatingError(f"{who!r} is not one of {', '.join((HUMAN, *self.bots))}")
        async with table.lock:
            if seat == table.record.seating.host_seat:
                raise SeatingError(f"seat {seat} is your own: it cannot be given away")
            await self.reseat(table, table.record.seating.assign(seat, who, fresh_token()))

    async def reopen(self, table: Table, seat: int) -> None:
        """Revoke the token of ``seat`` and open it under a new invite.

        Raises:
            SeatingError: there is no such seat, or a bot plays it.
        """
        async with table.lock:
            await self.reseat(table, table.record.seating.reopen(seat, fresh_token()))

    async def reseat(self, table: Table, seating: Seating) -> None:
        """Store and show ``seating`` (the table's lock held).

        Raises:
            SeatsChanged: another process changed this game's seats at the same moment (a
                shared store); nothing was changed here, and the table shows theirs now.
        """
        record = attrs.evolve(table.record, seating=seating)
        store = self.persistence.store
        if not await self.persistence.run(store.seat, record, table.record, writes=True):
            await self.persistence.catch_up(table)
            raise SeatsChanged(
                "someone else changed the seats of this game at the same moment; nothing was "
                "changed: look again and try once more"
            )
        table.reseat(record)

    async def rematch(self, table: Table, seat: int) -> tuple[Table, str]:
        """The next game at this table, for ``seat``: the same config, seats, names, host,
        time limit, room code and muted seats, a new seed. The first player to ask makes it;
        every page following the table is told (``Table.room``), and each player then gets
        their seat's fresh token in it (the same one if they ask again).

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
                    continues=old,
                )
                async with new.lock:
                    seating = attrs.evolve(
                        new.record.seating, host=old.seating.host, muted=old.seating.muted
                    )
                    await self.reseat(new, seating)
                table.rematch = new.id
                table.touch()
            new = await self.open(table.rematch)
        async with new.lock:
            mine = new.record.seating.seats[seat]
            if mine.invite is not None:
                await self.reseat(new, new.record.seating.claim(seat, name, fresh_token()))
        token = new.record.tokens[seat]
        if token is None:
            raise SeatingError(f"seat {seat} of the rematch is no longer yours: ask the host")
        return new, token
