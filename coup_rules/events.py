"""The typed events of the game log.

Everything that happens is recorded in ``GameState.log`` as one of these frozen classes. Fields
that hold a card only some seats may see are ``None`` in the redacted form that other seats get
from ``view`` (see ``coup_rules.views``); the counts stay, so a UI can still animate the move.
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from coup_rules.cards import Allegiance, Character
from coup_rules.constants import EXCHANGE_DRAWS, HAND_SIZE
from coup_rules.decisions import Decision
from coup_rules.moves import ActionMove

__all__ = [
    "ActionDeclared",
    "AllegianceChanged",
    "Allowed",
    "Blocked",
    "CardShown",
    "CardsDrawn",
    "CardsReturned",
    "Challenged",
    "CoinsMoved",
    "Conceded",
    "Dealt",
    "Drafted",
    "Drawn",
    "Eliminated",
    "Event",
    "ExchangeForced",
    "GaveBack",
    "InfluenceLost",
    "Pool",
    "Proved",
    "TurnStarted",
    "Won",
    "miscounted",
]


class Pool(enum.Enum):
    """A pile of coins that belongs to no player."""

    def __repr__(self) -> str:
        return f"Pool.{self.name}"

    __hash__ = object.__hash__  # members are singletons: identity hashing, done in C

    TREASURY = "treasury"
    RESERVE = "reserve"


@attrs.frozen
class Dealt:
    """``player`` was dealt ``count`` cards; ``cards`` only for that player."""

    player: int
    count: int
    cards: tuple[Character, ...] | None


@attrs.frozen
class Drafted:
    """2-player setup: ``player`` took a card of their own set; ``card`` only for that player."""

    player: int
    card: Character | None


@attrs.frozen
class AllegianceChanged:
    """``player``'s allegiance is now ``allegiance`` (chosen, assigned or converted)."""

    player: int
    allegiance: Allegiance


@attrs.frozen
class TurnStarted:
    """Turn number ``turn`` begins; it is ``player``'s."""

    player: int
    turn: int


@attrs.frozen
class ActionDeclared:
    """The active player declared ``action`` (the move, with its target)."""

    action: ActionMove


@attrs.frozen
class Challenged:
    """``player`` challenged ``challenged``'s claim."""

    player: int
    challenged: int


@attrs.frozen
class Allowed:
    """``player`` declined in a response window and left it.

    ``window`` says which: ``Decision.CHALLENGE_ACTION`` (did not challenge the action),
    ``Decision.COUNTER`` (did not block) or ``Decision.CHALLENGE_BLOCK`` (did not challenge the
    block).
    """

    player: int
    window: Decision


@attrs.frozen
class Blocked:
    """``player`` blocked the action, claiming ``character``."""

    player: int
    character: Character


@attrs.frozen
class Proved:
    """``player`` answered a challenge by showing ``cards`` to everyone; they go to the Court."""

    player: int
    cards: tuple[Character, ...]


@attrs.frozen
class Conceded:
    """``player`` gave in to a challenge."""

    player: int


@attrs.frozen
class InfluenceLost:
    """``player`` turned ``character`` face up."""

    player: int
    character: Character


@attrs.frozen
class CoinsMoved:
    """``amount`` coins went from ``source`` to ``dest`` (a seat or a pool)."""

    amount: int
    source: int | Pool
    dest: int | Pool


@attrs.frozen
class CardsDrawn:
    """``player`` drew ``count`` cards from the Court; ``cards`` only for that player."""

    player: int
    count: int
    cards: tuple[Character, ...] | None


@attrs.frozen
class CardsReturned:
    """``player`` put ``count`` hidden cards back in the Court.

    ``cards`` is visible to that player and to ``witness`` (the Inquisitor of a forced exchange).
    """

    player: int
    count: int
    cards: tuple[Character, ...] | None
    witness: int | None = None


@attrs.frozen
class CardShown:
    """Examine: ``player`` showed ``card`` to the Inquisitor ``to`` (seen by those two only)."""

    player: int
    to: int
    card: Character | None


@attrs.frozen
class GaveBack:
    """The Inquisitor ``player`` handed the examined card back to ``target``."""

    player: int
    target: int


@attrs.frozen
class ExchangeForced:
    """The Inquisitor ``player`` forced ``target`` to exchange the examined card."""

    player: int
    target: int


@attrs.frozen
class Eliminated:
    """``player`` lost their last influence and is out of the game."""

    player: int


@attrs.frozen
class Won:
    """``player`` is the last one standing."""

    player: int


@attrs.frozen
class Drawn:
    """The game ended in a draw after ``turns`` turns: the house rule ``Config.max_turns``."""

    turns: int


Event: TypeAlias = (
    Dealt
    | Drafted
    | AllegianceChanged
    | TurnStarted
    | ActionDeclared
    | Challenged
    | Allowed
    | Blocked
    | Proved
    | Conceded
    | InfluenceLost
    | CoinsMoved
    | CardsDrawn
    | CardsReturned
    | CardShown
    | GaveBack
    | ExchangeForced
    | Eliminated
    | Won
    | Drawn
)
"""Every kind of event in the log."""


_MOST_CARDS: dict[type, tuple[int, str]] = {
    Dealt: (HAND_SIZE, "R-SETUP-5"),
    CardsDrawn: (EXCHANGE_DRAWS, "R-ACT-12"),
    CardsReturned: (EXCHANGE_DRAWS, "R-ACT-12"),
}
"""The most cards one counted event moves, and the rule that says so."""


def miscounted(event: Event) -> str | None:
    """What is wrong with the ``count`` of a ``Dealt``, ``CardsDrawn`` or ``CardsReturned``:
    it must be from 1 to the most the rules move at once (2 dealt, R-SETUP-5; 2 drawn or
    returned, R-ACT-12), and the number of its ``cards`` when they are written. ``None`` when
    it is right, and for every other event. ``from_json`` refuses such an event: no game logs
    one.
    """
    limit = _MOST_CARDS.get(type(event))
    if limit is None:
        return None
    assert isinstance(event, Dealt | CardsDrawn | CardsReturned)
    count, cards = event.count, event.cards
    most, rule = limit
    if not 1 <= count <= most:
        return f"its count {count} is not from 1 to {most} ({rule})"
    if cards is not None and len(cards) != count:
        return f"its count {count} disagrees with its {len(cards)} cards"
    return None
