"""What every bot shares: the ``Bot`` protocol and the facts a seat reads from its view.

Everything here reads a ``PlayerView`` only. A view holds the viewer's own hidden cards and the
public facts of the game (RULINGS 21), with the log redacted for the viewer, so nothing a bot
computes from it can depend on another seat's hand, the Court or the seed.
"""

from __future__ import annotations

import random
import types
from collections.abc import Mapping, Sequence
from typing import Protocol

from coup_rules.cards import Character
from coup_rules.moves import Assassinate, Coup, Move, Steal
from coup_rules.views import PlayerView

__all__ = [
    "VALUE",
    "Bot",
    "alive_opponents",
    "best_target",
    "hand_of",
    "seat_of",
    "threat",
]


class Bot(Protocol):
    """Anything that picks one of its seat's legal moves from what that seat may know.

    ``choose`` is handed ``view(state, seat)`` — never the ``GameState`` — and a
    ``random.Random`` for all of its chance. It returns one of ``view.legal_moves``.
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """One of ``view.legal_moves``, drawing any chance from ``rng``."""
        ...


VALUE: Mapping[Character, int] = types.MappingProxyType(
    {
        Character.DUKE: 5,
        Character.CAPTAIN: 4,
        Character.ASSASSIN: 4,
        Character.INQUISITOR: 3,
        Character.CONTESSA: 3,
        Character.AMBASSADOR: 2,
    }
)
"""How much the bots like to keep each character."""


def seat_of(view: PlayerView) -> int:
    """The viewer's seat (a bot is never a spectator)."""
    if view.seat is None:
        raise ValueError("a bot needs the view of a seat, not a spectator's view")
    return view.seat


def hand_of(view: PlayerView) -> tuple[Character, ...]:
    """The viewer's own hidden cards: the one private fact in its view."""
    return view.players[seat_of(view)].hand or ()


def alive_opponents(view: PlayerView) -> tuple[int, ...]:
    """The other seats still in the game, ascending."""
    me = seat_of(view)
    return tuple(p.seat for p in view.players if p.alive and p.seat != me)


def threat(view: PlayerView, seat: int) -> tuple[int, int, int]:
    """Public sort key: the most dangerous opponent first (influence, then coins)."""
    p = view.players[seat]
    return (p.hidden, p.coins, -seat)


def best_target(view: PlayerView, moves: Sequence[Coup | Assassinate | Steal]) -> Move:
    """The move aimed at the most dangerous opponent."""
    return max(moves, key=lambda m: threat(view, m.target))
