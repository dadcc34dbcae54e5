"""What the server writes to its store, one value per kind of write (``Write``).

A store commits any number of writes in one transaction (``GameStore.commit``), each with its
outcome: ``True`` if it was stored, ``False`` if the database refused it as the rules of the
store say (a move's number already taken, a seating changed by another process first, a room
code in use). That is how the server groups the writes that arrive together into one
transaction, one flush to disk for all of them (persistence.py).
"""

from __future__ import annotations

import attrs

from coup_rules.moves import Move
from coup_rules.web.records import GameRecord, MoveRow

__all__ = [
    "CloseRoom",
    "MoveRoom",
    "NewGame",
    "NewMove",
    "OpenRoom",
    "SeatChange",
    "SetRoom",
    "Write",
]


@attrs.frozen
class NewGame:
    """A new game, with its tokens, rules and seating (always stored)."""

    record: GameRecord


@attrs.frozen
class NewMove:
    """Move number ``n`` of ``game``, applied at log length ``version``; ``timed_out``: the table
    made it for a seat out of time. Refused if the game already has a move ``n``."""

    game: str
    n: int
    version: int
    move: Move
    timed_out: bool = False

    @classmethod
    def of(cls, row: MoveRow) -> NewMove:
        """The write of a ``MoveRow``."""
        game, n, version, move, timed_out = row
        return cls(game, n, version, move, timed_out)


@attrs.frozen
class SeatChange:
    """A game's new seating, refused unless the stored one is still ``before``'s."""

    record: GameRecord
    before: GameRecord


@attrs.frozen
class OpenRoom:
    """Room code ``code`` for ``game``, refused while a table uses it: one whose game is not
    over, or ended less than ``grace`` seconds before ``now``."""

    game: str
    code: str
    now: float
    grace: float


@attrs.frozen
class SetRoom:
    """The host's choices for the table of ``game`` (always stored)."""

    game: str
    listed: bool
    auto_rematch: bool


@attrs.frozen
class MoveRoom:
    """The table of ``old`` plays ``new`` now, a rematch (always stored)."""

    old: str
    new: str


@attrs.frozen
class CloseRoom:
    """The game of the table ended at ``now`` (always stored)."""

    game: str
    now: float


Write = NewGame | NewMove | SeatChange | OpenRoom | SetRoom | MoveRoom | CloseRoom
"""Anything the server writes."""
