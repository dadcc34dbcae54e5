"""Characters, allegiances and the composition of the deck."""

from __future__ import annotations

import enum
from collections.abc import Iterable

__all__ = ["BASE_CHARACTERS", "Allegiance", "Character", "sorted_cards", "without"]


class Character(enum.IntEnum):
    """A character card. Ordered by declaration: hands and the Court are sorted this way."""

    DUKE = 0
    ASSASSIN = 1
    CAPTAIN = 2
    AMBASSADOR = 3
    CONTESSA = 4
    INQUISITOR = 5

    def __repr__(self) -> str:
        return f"Character.{self.name}"

    def __bool__(self) -> bool:
        return True  # every card is a card: DUKE must not be falsy like the integer 0

    @property
    def title(self) -> str:
        """The character's name as players say it: ``"Duke"``."""
        return self.name.capitalize()


class Allegiance(enum.IntEnum):
    """A Reformation allegiance."""

    LOYALIST = 0
    REFORMIST = 1

    def __repr__(self) -> str:
        return f"Allegiance.{self.name}"

    def __bool__(self) -> bool:
        return True  # LOYALIST must not be falsy like the integer 0

    @property
    def other(self) -> Allegiance:
        """The opposite allegiance."""
        return Allegiance.REFORMIST if self is Allegiance.LOYALIST else Allegiance.LOYALIST

    @property
    def title(self) -> str:
        """The allegiance's name as players say it: ``"Loyalist"``."""
        return self.name.capitalize()


BASE_CHARACTERS = (Character.DUKE, Character.ASSASSIN, Character.CAPTAIN, Character.CONTESSA)
"""The four characters present in every game (R-SETUP-1)."""


def sorted_cards(cards: Iterable[Character]) -> tuple[Character, ...]:
    """The cards as a tuple in the canonical order."""
    return tuple(sorted(cards))


def without(cards: tuple[Character, ...], card: Character) -> tuple[Character, ...]:
    """A sorted tuple less one copy of ``card`` (which must be present)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]
