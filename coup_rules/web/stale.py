"""When a move is stale: the one rule the server (and any store behind it) accepts moves by.

A client posts each move with the ``version`` of the view it was made against: that view's log
length. The move is **stale** when the decision it answers is no longer pending for its seat:

- the decision has closed since (someone challenged, blocked, or the last seat answered a
  window), and whatever is pending now is another decision, even one of the same kind; or
- the seat has already answered it (a double click), and the game moved on since; or
- the version is newer than the game (no such view was ever sent).

Otherwise the move counts, however many other seats answered the same decision in between.
So every seat a window waits on can answer at the same moment: five Allows posted against one
version all apply, and an Allow and a Challenge posted together both count when the Challenge
arrives while the window is still open.

A decision *continues* from one state to a later one when only answers to it came in between:
the same class with the same fields (turn, action, claim, block, ...), fewer seats waiting, and
each event in between an answer of a seat that left (``Allowed`` in a window, ``Drafted`` in the
2-player draft). ``opened_at`` follows this from move to move, so a server keeps one number per
game: the version at which its current decision opened. A store that keeps states instead can
ask ``is_stale_from`` with the state a move was aimed at. Everything here is pure and reads
only ``GameState`` values.
"""

from __future__ import annotations

import attrs

from coup_rules.engine import to_act
from coup_rules.events import Allowed, Drafted
from coup_rules.state import GameState

__all__ = ["continues", "is_stale", "is_stale_from", "opened_at", "stale_reason"]

_ANSWERS = (Allowed, Drafted)
"""The events by which one seat answers a decision that other seats may still answer."""


def continues(before: GameState, after: GameState) -> bool:
    """Whether ``after`` still waits on the decision that was pending in ``before``.

    True when only answers to that decision were made in between: the same decision (its class
    and every field but ``waiting``), strictly fewer seats waiting, none added, and every event
    in between an answer by one of the seats that left.
    """
    if before.is_over or after.is_over or before.turn != after.turn:
        return False
    old, new = before.pending, after.pending
    if old is None or new is None or type(old) is not type(new):
        return False
    if attrs.evolve(old, waiting=new.waiting) != new:  # another turn, action, block, ...
        return False
    left = set(old.waiting) - set(new.waiting)
    if not left or not set(new.waiting) <= set(old.waiting):
        return False
    if len(after.log) < len(before.log):
        return False
    between = after.log.tail(len(before.log))
    return all(isinstance(e, _ANSWERS) and e.player in left for e in between)


def opened_at(opened: int, before: GameState, after: GameState) -> int:
    """The version at which ``after``'s decision opened, one move after ``before``.

    Args:
        opened: the version at which ``before``'s decision opened.
        before: the state the move was applied to.
        after: the state it made.
    """
    return opened if continues(before, after) else len(after.log)


def stale_reason(seat: int, version: int, opened: int, current: GameState) -> str | None:
    """Why a move of ``seat`` made against ``version`` is stale, or ``None`` if it counts.

    Args:
        seat: the seat the move is for.
        version: the log length of the view the move was made against.
        opened: the version at which ``current``'s decision opened (``opened_at``).
        current: the game as it is now.
    """
    now = len(current.log)
    if version > now:
        return f"version {version} is newer than the game (at version {now})"
    if version < opened:
        return (
            f"the decision your move answered has closed: a move by someone else came first "
            f"(the game went on at version {opened})"
        )
    if version < now and seat not in to_act(current):
        return "you have already answered this decision, and only the first answer counts"
    return None  # counts; the engine still judges it (a seat not asked at all gets 422)


def is_stale(seat: int, version: int, opened: int, current: GameState) -> bool:
    """Whether a move of ``seat`` made against ``version`` is refused (``stale_reason``)."""
    return stale_reason(seat, version, opened, current) is not None


def is_stale_from(seat: int, aimed: GameState, current: GameState) -> bool:
    """``is_stale`` for a store that keeps states rather than ``opened``: whether a move of
    ``seat`` made against the view of ``aimed`` (a state of the same game, at the version
    posted) must be refused now that the game is at ``current``.

    The same answer as ``is_stale(seat, len(aimed.log), opened, current)`` with ``opened``
    followed move by move (``opened_at``); the test suite checks that on random games.
    """
    if len(aimed.log) > len(current.log):
        return True
    if len(aimed.log) == len(current.log):
        return False  # the view is current: the engine judges the move
    if not continues(aimed, current):
        return True
    return seat not in to_act(current)
