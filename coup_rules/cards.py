"""Characters, allegiances and the composition of the deck."""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from types import MappingProxyType

__all__ = ["BASE_CHARACTERS", "RANK", "Allegiance", "Character", "sorted_cards", "without"]


@functools.total_ordering
class Character(enum.Enum):
    """A character card. Ordered by declaration: hands and the Court are sorted this way.

    ``str(Character.DUKE)`` is ``"Duke"``; ``repr`` evaluates back (``Character.DUKE``).
    """

    DUKE = "duke"
    ASSASSIN = "assassin"
    CAPTAIN = "captain"
    AMBASSADOR = "ambassador"
    CONTESSA = "contessa"
    INQUISITOR = "inquisitor"

    __hash__ = object.__hash__  # members are singletons: identity hashing, done in C

    def __repr__(self) -> str:
        return f"Character.{self.name}"

    def __str__(self) -> str:
        return self.title

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Character):
            return NotImplemented
        return RANK[self] < RANK[other]

    @property
    def title(self) -> str:
        """The character's name as players say it: ``"Duke"``."""
        return self.name.capitalize()


RANK = MappingProxyType({c: i for i, c in enumerate(Character)})
"""Each character's place in the canonical order (``sorted(cards, key=RANK.__getitem__)``)."""


class Allegiance(enum.Enum):
    """A Reformation allegiance."""

    LOYALIST = "loyalist"
    REFORMIST = "reformist"

    __hash__ = object.__hash__  # members are singletons: identity hashing, done in C

    def __repr__(self) -> str:
        return f"Allegiance.{self.name}"

    def __str__(self) -> str:
        return self.title

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

_rank = RANK.__getitem__


def sorted_cards(cards: Iterable[Character]) -> tuple[Character, ...]:
    """The cards as a tuple in the canonical order."""
    return tuple(sorted(cards, key=_rank))


def without(cards: tuple[Character, ...], card: Character) -> tuple[Character, ...]:
    """A sorted tuple less one copy of ``card`` (which must be present)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]
