"""What the hub refuses, and why: each error is answered with its own status (app.py).

Every message speaks to the player: what was wrong, and what to do about it.
"""

from __future__ import annotations

__all__ = ["Forbidden", "NotFound", "NotStarted", "Revoked", "Stale", "Unavailable"]


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


class Unavailable(Exception):
    """The database did not answer (stopped, unreachable, its file read-only or full): the
    request was not carried out here, and may be made again once it answers.

    A move that met this may still have been stored if the database failed while confirming
    it: the move's number in its game decides, so asking again never applies it twice.

    Attributes:
        retry_after: seconds after which asking again is worth it.
    """

    def __init__(self, detail: str, retry_after: int) -> None:
        self.retry_after = retry_after
        super().__init__(detail)
