"""What the public log says each seat claims to hold (public events only)."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import ClassVar

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

    READS: ClassVar[frozenset[type]] = frozenset(
        (ActionDeclared, Blocked, Conceded, Proved, InfluenceLost, CardsReturned, Eliminated)
    )
    """The classes of the events ``feed`` reads; it passes over any other."""

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
        cls = type(event)
        if cls not in ClaimTracker.READS:
            return
        claims = self._claims
        # Every event read concerns one seat: the actor of an action, the player of the others.
        seat: int = (
            event.action.player if isinstance(event, ActionDeclared) else getattr(event, "player")  # noqa: B009
        )
        # An event either only adds to the seat's claims or only takes from them, so they
        # changed exactly when their number did.
        before = len(claims.get(seat, _NONE))
        self._feed(event)
        if before != len(claims.get(seat, _NONE)):
            self.version += 1
            self.touched[seat] = self.version

    def _feed(self, event: Event) -> None:
        claims = self._claims
        last = self._last
        match event:
            case ActionDeclared(action=action):
                claim = claimed_character(action, self.exchanger)
                last[action.player] = claim
                if claim is not None:
                    claims.setdefault(action.player, set()).add(claim)
            case Blocked(player=player, character=character):
                claims.setdefault(player, set()).add(character)
                last[player] = character
            case Conceded(player=player):
                given_up = last.get(player)
                if given_up is not None:
                    claims.get(player, set()).discard(given_up)
            case Proved(player=player, cards=cards):
                claims.get(player, set()).difference_update(cards)
            case InfluenceLost(player=player, character=character):
                claims.get(player, set()).discard(character)
            case CardsReturned(player=player) | Eliminated(player=player):
                claims.pop(player, None)
            case _:
                pass

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
