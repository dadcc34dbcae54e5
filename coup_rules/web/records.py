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
from typing import Protocol

import attrs

from coup_rules.config import Config
from coup_rules.moves import Move
from coup_rules.web.seating import Seating

__all__ = ["GameRecord", "GameStore", "MoveRow", "StoredMove"]

MoveRow = tuple[str, int, int, Move, bool]
"""A move to store: game id, its number in the game, the log length it was applied at, the move,
and whether the table made it for a seat out of time."""


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
    """

    id: str
    config: Config
    seed: int
    seating: Seating
    spectator: str
    time_limit: float | None = None

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
