"""The typed move algebra: one small frozen class per kind of move.

Every move's first field is ``player``, the seat making it. ``Move`` is the closed union of them
all; ``ActionMove`` the union of the turn actions. Moves compare and hash by value, so a move
built by a client equals the one in ``legal_moves``.

The seat fields (``player``, ``target``) take any integer (``numpy.int64``, an ``int``
subclass) and store it as a plain ``int`` (``coup_rules.integers``), so ``Steal(0,
numpy.int64(1)) == Steal(0, 1)``, with the same hash and JSON. Any other value (``True``,
``1.5``, ``None``) is kept as given, and ``apply`` refuses the move (R-TURN-6).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias, TypeGuard

import attrs

from coup_rules.cards import RANK, Allegiance, Character
from coup_rules.integers import index_or_same

__all__ = [
    "ActionMove",
    "Allow",
    "Assassinate",
    "Block",
    "Challenge",
    "ChooseAllegiance",
    "Concede",
    "Convert",
    "Coup",
    "Draft",
    "Embezzle",
    "Examine",
    "Exchange",
    "ForceExchange",
    "ForeignAid",
    "GiveBack",
    "Income",
    "Keep",
    "LoseInfluence",
    "Move",
    "Prove",
    "Show",
    "Steal",
    "Tax",
    "is_action",
]


def _rank_or_last(card: object) -> int:
    return RANK[card] if isinstance(card, Character) else len(RANK)


def _kept(cards: Iterable[Character]) -> tuple[Character, ...]:
    """The kept cards in canonical order; anything that is not a card sorts last, unchanged,
    and a value that holds no cards at all (``None``, a number, a text) is kept as it is, so
    that ``apply`` can reject it with a reason instead of failing here."""
    if isinstance(cards, Iterable) and not isinstance(cards, str | bytes):
        return tuple(sorted(cards, key=_rank_or_last))
    return cards


# --- turn actions -------------------------------------------------------------------------------


@attrs.frozen
class Income:
    """Take 1 coin from the Treasury (R-ACT-1)."""

    player: int = attrs.field(converter=index_or_same)


@attrs.frozen
class ForeignAid:
    """Take 2 coins from the Treasury; any Duke may block (R-ACT-2)."""

    player: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Coup:
    """Pay 7 coins: ``target`` loses an influence; never blocked or challenged (R-ACT-3)."""

    player: int = attrs.field(converter=index_or_same)
    target: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Tax:
    """Claim the Duke and take 3 coins (R-ACT-4)."""

    player: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Assassinate:
    """Claim the Assassin, pay 3 coins: ``target`` loses an influence (R-ACT-5)."""

    player: int = attrs.field(converter=index_or_same)
    target: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Steal:
    """Claim the Captain and take up to 2 coins from ``target`` (R-ACT-6)."""

    player: int = attrs.field(converter=index_or_same)
    target: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Exchange:
    """Claim the Ambassador (or the Inquisitor) and exchange cards with the Court (R-ACT-7)."""

    player: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Examine:
    """Claim the Inquisitor and look at one of ``target``'s cards (R-INQ-3)."""

    player: int = attrs.field(converter=index_or_same)
    target: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Convert:
    """Reformation: pay 1 coin to flip your own allegiance, 2 to flip ``target``'s (R-REF-7)."""

    player: int = attrs.field(converter=index_or_same)
    target: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Embezzle:
    """Reformation: claim not to hold a Duke and take the Treasury Reserve (R-REF-8)."""

    player: int = attrs.field(converter=index_or_same)


# --- answers in the response windows ------------------------------------------------------------


@attrs.frozen
class Challenge:
    """Challenge the claim under consideration (R-WIN-2, R-WIN-5)."""

    player: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Block:
    """Block the action by claiming ``character`` (R-WIN-3)."""

    player: int = attrs.field(converter=index_or_same)
    character: Character


@attrs.frozen
class Allow:
    """Decline to challenge or block; leaves the window (R-WIN-2)."""

    player: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Prove:
    """Answer a challenge by showing proof (R-CHAL-1, R-REF-10)."""

    player: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Concede:
    """Answer a challenge by giving in (R-CHAL-2)."""

    player: int = attrs.field(converter=index_or_same)


# --- choices -----------------------------------------------------------------------------------


@attrs.frozen
class LoseInfluence:
    """Turn the hidden ``character`` face up (R-INF-1)."""

    player: int = attrs.field(converter=index_or_same)
    character: Character


@attrs.frozen
class Keep:
    """End an Exchange keeping ``cards`` hidden; the rest return to the Court (R-ACT-12)."""

    player: int = attrs.field(converter=index_or_same)
    cards: tuple[Character, ...] = attrs.field(converter=_kept)


@attrs.frozen
class Show:
    """As the Examine target, show the hidden ``character`` to the Inquisitor (R-INQ-4)."""

    player: int = attrs.field(converter=index_or_same)
    character: Character


@attrs.frozen
class GiveBack:
    """As the Inquisitor, hand the shown card back (R-INQ-5)."""

    player: int = attrs.field(converter=index_or_same)


@attrs.frozen
class ForceExchange:
    """As the Inquisitor, force the shown card to be exchanged with the Court (R-INQ-6)."""

    player: int = attrs.field(converter=index_or_same)


@attrs.frozen
class Draft:
    """2-player setup: take ``character`` from your own set as your second card (R-SETUP-8)."""

    player: int = attrs.field(converter=index_or_same)
    character: Character


@attrs.frozen
class ChooseAllegiance:
    """Reformation setup: the first player's allegiance (R-REF-1)."""

    player: int = attrs.field(converter=index_or_same)
    allegiance: Allegiance


ActionMove: TypeAlias = (
    Income | ForeignAid | Coup | Tax | Assassinate | Steal | Exchange | Examine | Convert | Embezzle
)
"""The turn actions."""

Move: TypeAlias = (
    Income
    | ForeignAid
    | Coup
    | Tax
    | Assassinate
    | Steal
    | Exchange
    | Examine
    | Convert
    | Embezzle
    | Challenge
    | Block
    | Allow
    | Prove
    | Concede
    | LoseInfluence
    | Keep
    | Show
    | GiveBack
    | ForceExchange
    | Draft
    | ChooseAllegiance
)
"""Every kind of move, in the order of ``legal_moves``."""

ACTION_TYPES: tuple[type, ...] = (
    Income,
    ForeignAid,
    Coup,
    Tax,
    Assassinate,
    Steal,
    Exchange,
    Examine,
    Convert,
    Embezzle,
)


def is_action(move: Move) -> TypeGuard[ActionMove]:
    """Whether ``move`` is a turn action."""
    return type(move) in _ACTION_SET


_ACTION_SET = frozenset(ACTION_TYPES)
