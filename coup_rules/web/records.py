"""What a game is stored as, and the interface of a store (``GameStore``).

A game is never stored as a state. Its record is what made it: the ``Config``, the seed, who
sits where (the seating: ``"human"`` or a bot's name, the host's token, the invites, the claimed
seats' tokens and names), the time limit, and the moves in the order they were applied, each
with its number in the game (0, 1, 2, ...), the log length it was applied at and whether the
table made it for a seat out of time. Replaying the moves from ``new_game(config, seed=seed)``
rebuilds the exact state, because ``apply`` is pure and the seed drives every draw.

This module names the values and the protocol only; ``store.py`` opens a store, and the stores
themselves (``sqlite_store.py``, ``pg_store.py``, over ``sql_store.py``) import this module, so
that no module imports the one that imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from coup_rules.config import Config
from coup_rules.moves import Move
from coup_rules.web.seating import Seating

if TYPE_CHECKING:
    from coup_rules.web.writes import Write  # it names this module's values

__all__ = ["GameRecord", "GameStore", "MoveRow", "OpenTable", "Room", "StoredMove"]

MoveRow = tuple[str, int, int, Move, bool]
"""A move to store: game id, its number in the game, the log length it was applied at, the move,
and whether the table made it for a seat out of time."""


@attrs.frozen
class Room:
    """The table a game is played at, as the host set it up.

    Attributes:
        code: the room code (``seating.ROOM_ALPHABET``, upper case): whoever gives it takes the
            first open seat, as with an invite. Unique among the tables whose game is played
            (or ended less than ``ROOM_GRACE`` seconds ago); a rematch keeps it.
        listed: the host lists the table as open: the lobby shows it, with its free seats.
        auto_rematch: the host chose that a rematch seats everyone at once (their pages
            follow by themselves); otherwise each page is offered it, one click away.
    """

    code: str
    listed: bool = False
    auto_rematch: bool = False


@attrs.frozen
class OpenTable:
    """A table the lobby shows: its code, its game, the game's options and its seating, and
    the client (limits.py) that listed it, if known."""

    code: str
    game: str
    config: Config
    seating: Seating
    client: str | None = None


@attrs.frozen
class GameRecord:
    """What a game is made of, apart from its moves.

    Attributes:
        id: the game's id (in every URL of the game; not a secret).
        config: the game's options.
        seed: the seed of the deal and every draw. Secret while the game is played.
        seating: who sits where, the host, the invites and the seat tokens.
        spectator: the spectators' token.
        time_limit: seconds each decision may take; ``None``: no limit.
        room: the table's room code and the host's choices for it; ``None`` for a game
            stored before room codes.
    """

    id: str
    config: Config
    seed: int
    seating: Seating
    spectator: str
    time_limit: float | None = None
    room: Room | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        """Per seat, ``"human"`` or the name of the bot that plays it."""
        return tuple(s.who for s in self.seating.seats)

    @property
    def tokens(self) -> tuple[str | None, ...]:
        """Per seat, the token of the person who claimed it; ``None`` for a bot or open seat."""
        return tuple(s.token for s in self.seating.seats)


@attrs.frozen
class StoredMove:
    """One applied move: ``version`` is the log length it was applied at; ``timed_out``, that
    the table made it for a seat whose time ran out."""

    version: int
    move: Move
    timed_out: bool = False


class GameStore(Protocol):
    """A database of games. Not thread-safe: the server calls it from one worker thread only.

    Attributes:
        shared: other server processes may store moves in it too (then a game in memory may be
            behind the store, and ``listen`` says when).
        failures: see below.
    """

    shared: bool
    failures: tuple[type[Exception], ...]
    """The exceptions by which the database says it cannot answer for now (it is stopped or
    unreachable, its file read-only or its disk full): the server retries those, and answers
    its clients 503 meanwhile. Any other exception is a bug."""

    def commit(self, writes: Sequence[Write]) -> list[bool]:
        """Make ``writes`` (writes.py) in order, all in one transaction; each one's outcome:
        ``False`` for one the database refused (a move's number taken, a seating changed by
        another process first, a room code in use), which changed nothing.

        Every write is committed when this returns; if it raises, none was (or, if the database
        failed while confirming the commit, all were: a move's number then finds it taken when
        it is tried again).
        """

    def write(self, games: Sequence[GameRecord], moves: Sequence[MoveRow]) -> set[tuple[str, int]]:
        """Store new games (with their tokens), then moves, all in one transaction; return the
        ``(game, n)`` of the moves whose number was taken.

        The games and the moves not returned are committed when this returns; the others were
        not stored.
        """

    def seat(self, record: GameRecord, before: GameRecord) -> bool:
        """Store a game's new seating (a seat claimed, reopened or given to a bot) if the
        stored one is still ``before``'s; ``False`` (nothing stored) if another process
        changed it first."""

    def record(self, game: str) -> GameRecord | None:
        """A game's record as stored now (its seating may have changed); ``None`` if none."""

    def game(self, game: str) -> tuple[GameRecord, list[StoredMove]] | None:
        """A game's record and its moves in order; ``None`` if there is no such game."""

    def moves(self, game: str, start: int) -> list[StoredMove]:
        """A game's moves from number ``start`` on, in order."""

    def since(self, game: str, start: int) -> tuple[GameRecord | None, list[StoredMove]]:
        """A game's record as stored now and its moves from number ``start`` on."""

    def claim_moving(self, game: str) -> bool:
        """Whether this process may move ``game``'s bots and clock: with a shared store, one
        process at a time does (until it lets go or its connection ends); otherwise always."""

    def release_moving(self, game: str) -> None:
        """Let another process move ``game``'s bots and clock (``claim_moving``)."""

    def open_room(self, game: str, code: str, now: float, grace: float) -> bool:
        """Give ``game`` the room code ``code`` unless a table uses it: one whose game is not
        over, or ended less than ``grace`` seconds before ``now``; ``False`` (nothing stored)
        if one does."""

    def room_of(self, code: str) -> str | None:
        """The game now played at the table of room code ``code`` (upper case), or ``None``."""

    def set_room(self, game: str, listed: bool, auto_rematch: bool) -> None:
        """Store the host's choices for the table of ``game``."""

    def move_room(self, old: str, new: str) -> None:
        """The table of ``old`` plays ``new`` now (a rematch): its code leads there."""

    def close_room(self, game: str, now: float) -> None:
        """The game of the table ended at ``now``: it leaves the open tables, and its code
        may be given to another table ``grace`` seconds later (unless a rematch takes it)."""

    def open_tables(self, since: float, per_client: int) -> list[OpenTable]:
        """The tables listed as open whose game is not over and where a seated person was
        active at ``since`` or later (``note_rooms``; a table never noted counts from its
        game's creation), newest first; of the tables one client listed, its ``per_client``
        newest only."""

    def note_rooms(self, games: Sequence[str], now: float, client: str | None = None) -> None:
        """A seated person was active at the tables of ``games`` at ``now`` (a seat claimed, a
        move, a line of chat, a page open); with ``client``, that client listed them."""

    def load(self) -> list[tuple[GameRecord, list[StoredMove]]]:
        """Every game, oldest first, with its moves in order (for tools and tests)."""

    def count_moves(self) -> int:
        """How many moves the store holds, over all games."""

    def listen(self, changed: Callable[[str | None], None]) -> None:
        """From now on call ``changed(game)``, from another thread, when another process has
        stored a move or a seating of ``game``; ``changed(None)`` when any game may have
        changed (after a lost connection). A store that is not ``shared`` never calls it."""

    def close(self) -> None:
        """Stop listening and close the connections."""
