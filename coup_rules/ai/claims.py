"""What the public log says each seat claims to hold (public events only)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from typing import Any, ClassVar

from coup_rules.actions import claimed_character
from coup_rules.cards import Character
from coup_rules.events import (
    ActionDeclared,
    Blocked,
    CardsReturned,
    Conceded,
    Eliminated,
    Event,
    InfluenceLost,
    Proved,
)

__all__ = ["ClaimTracker", "claim_record", "standing_claims"]

_NONE: frozenset[Character] = frozenset()


class ClaimTracker:
    """The standing claims of every seat, kept up to date event by event (public events only).

    ``feed`` one event after the other, in the log's order; ``standing()`` is then what
    ``standing_claims`` returns for the events fed so far.

    Args:
        exchanger: the game's exchanger (``Config.exchanger``), which Exchange claims.
    """

    __slots__ = ("_claims", "_last", "exchanger", "touched", "version")

    READS: ClassVar[frozenset[type]]
    """The classes of the events ``feed`` reads (those of ``_READERS``); it passes over any
    other."""

    def __init__(self, exchanger: Character) -> None:
        self.exchanger = exchanger
        self._claims: dict[int, set[Character]] = {}
        self._last: dict[int, Character | None] = {}  # the claim a Concede gives up
        self.version = 0
        """Counts the events that changed a seat's claims."""
        self.touched: dict[int, int] = {}
        """Per seat, the ``version`` at which its claims last changed."""

    def feed(self, event: Event) -> None:
        """Take one more event into account (any viewer's form: only public fields are read)."""
        read = _READERS.get(type(event))
        if read is None:
            return
        # Every event read concerns one seat: the actor of an action, the player of the others.
        seat, changed = read(self, event)
        if changed:
            self.version += 1
            self.touched[seat] = self.version

    def _claim(self, seat: int, claim: Character | None) -> bool:
        """``seat`` claims ``claim`` (``None``: nothing): whether its claims changed."""
        self._last[seat] = claim  # what a Concede would give up
        if claim is None:
            return False
        held = self._claims.get(seat)
        if held is None:
            self._claims[seat] = {claim}
            return True
        if claim in held:
            return False
        held.add(claim)
        return True

    def _drop(self, seat: int, cards: Iterable[Character]) -> bool:
        """``seat`` no longer claims ``cards``: whether its claims changed."""
        held = self._claims.get(seat)
        if not held or held.isdisjoint(cards):
            return False
        held.difference_update(cards)
        return True

    def _declared(self, event: ActionDeclared) -> tuple[int, bool]:
        action = event.action
        return action.player, self._claim(action.player, claimed_character(action, self.exchanger))

    def _blocked(self, event: Blocked) -> tuple[int, bool]:
        return event.player, self._claim(event.player, event.character)

    def _conceded(self, event: Conceded) -> tuple[int, bool]:
        given_up = self._last.get(event.player)
        return event.player, given_up is not None and self._drop(event.player, (given_up,))

    def _proved(self, event: Proved) -> tuple[int, bool]:
        return event.player, self._drop(event.player, event.cards)

    def _lost(self, event: InfluenceLost) -> tuple[int, bool]:
        return event.player, self._drop(event.player, (event.character,))

    def _cleared(self, event: CardsReturned | Eliminated) -> tuple[int, bool]:
        return event.player, bool(self._claims.pop(event.player, None))

    def of(self, seat: int) -> AbstractSet[Character]:
        """The standing claims of ``seat`` now (the tracker's own set: read it, never change
        it)."""
        return self._claims.get(seat, _NONE)

    def standing(self) -> dict[int, set[Character]]:
        """Each seat's standing claims (new sets; seats with none left out)."""
        return {seat: set(cards) for seat, cards in self._claims.items() if cards}

    def record(self) -> tuple[dict[int, set[Character]], dict[int, Character | None]]:
        """``standing()`` before seats with no claim are dropped (new sets), and each seat's
        last claim (in an action, ``None`` for an action that claims nothing, or in a block):
        the one a ``Concede`` would give up."""
        return {seat: set(cards) for seat, cards in self._claims.items()}, dict(self._last)


_READERS: dict[type, Callable[[ClaimTracker, Any], tuple[int, bool]]] = {
    ActionDeclared: ClaimTracker._declared,
    Blocked: ClaimTracker._blocked,
    Conceded: ClaimTracker._conceded,
    Proved: ClaimTracker._proved,
    InfluenceLost: ClaimTracker._lost,
    CardsReturned: ClaimTracker._cleared,
    Eliminated: ClaimTracker._cleared,
}
"""How ``ClaimTracker.feed`` reads each class of ``READS``: the seat the event concerns, and
whether that seat's claims changed (a claim made, or given up: conceded, proved, lost, or every
claim dropped when the seat exchanges or is eliminated)."""
ClaimTracker.READS = frozenset(_READERS)


def standing_claims(events: Iterable[Event], exchanger: Character) -> dict[int, set[Character]]:
    """The characters each seat has claimed (in an action or a block) and not since lost,
    proved (a proved card goes back to the Court), conceded, or exchanged away (any cards it
    returned to the Court), from the events of a log. Only public facts are read, so the answer
    is the same for every viewer. Seats with no standing claim are left out.

    Args:
        events: a log, whole, in order (a view's log made with ``since=0`` will do).
        exchanger: the game's exchanger (``Config.exchanger``), which Exchange claims.
    """
    tracker = ClaimTracker(exchanger)
    for event in events:
        tracker.feed(event)
    return tracker.standing()


def claim_record(
    events: Iterable[Event], exchanger: Character
) -> tuple[dict[int, set[Character]], dict[int, Character | None]]:
    """``ClaimTracker.record()`` after the events of a log: each seat's claims (empty sets
    kept) and its last claim. ``coup_rules.vector`` rebuilds its claim fields from these."""
    tracker = ClaimTracker(exchanger)
    for event in events:
        tracker.feed(event)
    return tracker.record()
