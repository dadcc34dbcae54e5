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
