"""A scratch copy of a position that one ``apply`` call edits, then freezes into a new core.

The engine's rule functions take a ``Table``: it holds the fields of the position being built,
the events appended so far (in their compact form), and the primitive effects that every rule is
made of (moving coins, drawing and returning cards, revealing an influence). A ``Table`` never
escapes ``apply``, so ``apply`` stays pure while each rule reads as a few plain statements.
"""

from __future__ import annotations

from bisect import insort
from hashlib import blake2b

from coup_rules.cards import RANK, Character, sorted_cards, without
from coup_rules.events import (
    CardsDrawn,
    CardsReturned,
    CoinsMoved,
    Eliminated,
    InfluenceLost,
    Pool,
    Won,
)
from coup_rules.log import Compact
from coup_rules.rng import keyed, pick
from coup_rules.state import Core, Seat

__all__ = ["Table"]

_new_tuple = tuple.__new__

# ``Table`` reads a core by unpacking it and builds cores and seats as plain tuples (a keyword
# call costs twice as much); these checks make any change to the records' field order fail at
# import instead of silently swapping two fields.
_CORE_ORDER = (
    "config",
    "players",
    "living",
    "treasury",
    "reserve",
    "court",
    "aside",
    "active",
    "turn",
    "winner",
    "pending",
    "log",
    "seed",
    "draws",
    "shown",
)
_SEAT_ORDER = ("coins", "hand", "revealed", "allegiance")
if Core._fields != _CORE_ORDER or Seat._fields != _SEAT_ORDER:
    raise TypeError("rules.table builds Core and Seat positionally: update it to their new fields")

_rank = RANK.__getitem__


class Table:
    """The mutable working copy of a ``Core`` inside one ``apply``."""

    __slots__ = (
        "active",
        "aside",
        "config",
        "court",
        "draws",
        "events",
        "hasher",
        "living",
        "log",
        "pending",
        "players",
        "reserve",
        "seed",
        "shown",
        "treasury",
        "turn",
        "winner",
    )

    def __init__(self, core: Core) -> None:
        (
            self.config,
            players,
            self.living,
            self.treasury,
            self.reserve,
            self.court,
            self.aside,
            self.active,
            self.turn,
            self.winner,
            self.pending,
            self.log,
            self.seed,
            self.draws,
            self.shown,
        ) = core
        self.players: list[Seat] = list(players)
        self.events: list[Compact] = []
        self.hasher: blake2b | None = None

    def freeze(self) -> Core:
        """The new immutable position, with the events appended to the log."""
        return _new_tuple(
            Core,
            (
                self.config,
                tuple(self.players),
                self.living,
                self.treasury,
                self.reserve,
                self.court,
                self.aside,
                self.active,
                self.turn,
                self.winner,
                self.pending,
                self.log.append_compact(tuple(self.events)),
                self.seed,
                self.draws,
                self.shown,
            ),
        )

    # --- players ---------------------------------------------------------------------------

    def set_coins(self, seat: int, coins: int) -> None:
        """Set a seat's coins."""
        p = self.players[seat]
        self.players[seat] = _new_tuple(Seat, (coins, p.hand, p.revealed, p.allegiance))

    def set_hand(self, seat: int, hand: tuple[Character, ...]) -> None:
        """Set a seat's hidden cards (sorted)."""
        p = self.players[seat]
        self.players[seat] = _new_tuple(Seat, (p.coins, hand, p.revealed, p.allegiance))

    # --- coins -----------------------------------------------------------------------------

    def pay(self, seat: int, amount: int, pool: Pool = Pool.TREASURY) -> None:
        """``seat`` pays ``amount`` (which it holds) into a pool."""
        self.set_coins(seat, self.players[seat].coins - amount)
        if pool is Pool.TREASURY:
            self.treasury += amount
        else:
            self.reserve += amount
        self.events.append((CoinsMoved, amount, seat, pool))

    def take(self, seat: int, amount: int, pool: Pool = Pool.TREASURY) -> None:
        """``seat`` takes up to ``amount`` from a pool: what it holds, possibly 0 (R-ACT-10)."""
        held = self.treasury if pool is Pool.TREASURY else self.reserve
        amount = min(amount, held)
        if pool is Pool.TREASURY:
            self.treasury -= amount
        else:
            self.reserve -= amount
        self.set_coins(seat, self.players[seat].coins + amount)
        self.events.append((CoinsMoved, amount, pool, seat))

    def transfer(self, source: int, dest: int, amount: int) -> None:
        """Move coins from one seat to another."""
        self.set_coins(source, self.players[source].coins - amount)
        self.set_coins(dest, self.players[dest].coins + amount)
        self.events.append((CoinsMoved, amount, source, dest))

    # --- cards -----------------------------------------------------------------------------

    def random_index(self, n: int) -> int:
        """An unbiased random index in ``range(n)`` from the game's seed (R-INFO-5)."""
        hasher = self.hasher
        if hasher is None:
            hasher = self.hasher = keyed(self.seed)
        i = pick(hasher, self.draws, n)
        self.draws += 1
        return i

    def draw(self, seat: int, count: int) -> tuple[Character, ...]:
        """``seat`` draws ``count`` cards at random from the Court into its hand."""
        court = list(self.court)
        drawn = tuple(court.pop(self.random_index(len(court))) for _ in range(count))
        self.court = tuple(court)
        self.set_hand(seat, sorted_cards(self.players[seat].hand + drawn))
        self.events.append((CardsDrawn, seat, count, sorted_cards(drawn)))
        return drawn

    def return_cards(
        self, seat: int, cards: tuple[Character, ...], *, witness: int | None = None, log: bool
    ) -> None:
        """Move ``cards`` from ``seat``'s hand into the Court (which is unordered)."""
        hand = self.players[seat].hand
        court = list(self.court)
        for card in cards:
            hand = without(hand, card)
            insort(court, card, key=_rank)
        self.court = tuple(court)
        self.set_hand(seat, hand)
        if log:
            self.events.append((CardsReturned, seat, len(cards), sorted_cards(cards), witness))

    def reveal(self, seat: int, card: Character) -> None:
        """Turn ``card`` face up; eliminate the player on their last card (R-INF-4, R-INF-6)."""
        p = self.players[seat]
        hand = without(p.hand, card)
        revealed = (*p.revealed, card)
        self.players[seat] = _new_tuple(Seat, (p.coins, hand, revealed, p.allegiance))
        self.events.append((InfluenceLost, seat, card))
        if hand:
            return
        self.events.append((Eliminated, seat))
        if p.coins:
            self.pay(seat, p.coins)
        living = self.living = tuple([s for s in self.living if s != seat])
        if len(living) == 1:
            self.winner = living[0]
            self.pending = None
            self.shown = None
            self.events.append((Won, living[0]))
