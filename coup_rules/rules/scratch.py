"""A scratch copy of a position that one ``apply`` call edits, then freezes into a new core.

The engine's rule functions take a ``Scratch``: it holds the fields of the position being built,
the events appended so far (in their compact form), and the primitive effects that every rule is
made of (moving coins, drawing and returning cards, revealing an influence). A ``Scratch`` never
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
from coup_rules.log import Compact, Log
from coup_rules.rng import keyed, pick
from coup_rules.state import (
    Core,
    GameState,
    Seat,
    _new_state,
    _set_core,
    _set_legal,
    _set_pending,
    _set_players,
)

__all__ = ["Scratch", "append_to_log", "wrap"]

_new_tuple = tuple.__new__

# ``Scratch`` reads a core by unpacking it and builds cores and seats as plain tuples (a keyword
# call costs twice as much); tests/test_state_fields.py holds every position to its field's
# name in ``Core`` and ``Seat``, so a reordering or a swap fails there.

_rank = RANK.__getitem__
_new_log = object.__new__


def wrap(core: Core) -> GameState:
    """``state.wrap(core)``, made here so that the compiled build makes it in C (``state.py``
    is interpreted); ``tests/test_state_fields.py`` holds the two equal."""
    state: GameState = _new_state(GameState)
    _set_core(state, core)
    _set_players(state, None)
    _set_pending(state, None)
    _set_legal(state, {})
    return state


def append_to_log(log: Log, chunk: tuple[Compact, ...]) -> Log:
    """``log.append_compact(chunk)``, made here so that the compiled build makes it in C.

    ``log.py`` stays interpreted (see pyproject.toml), and a call from compiled code into an
    interpreted method costs about as much as the rest of an ``Allow``;
    ``tests/test_state_fields.py`` holds the two equal, node for node.
    """
    if not chunk:
        return log
    node: Log = _new_log(Log)
    node._prev = log
    node._chunk = chunk
    node._len = log._len + len(chunk)
    node._cache = None
    return node


class Scratch:
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
                append_to_log(self.log, tuple(self.events)),
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
