"""A scratch copy of a state that one ``apply`` call edits, then freezes into a new state.

The engine's rule functions take a ``Table``: it holds the fields of the state being built, the
events appended so far, and the primitive effects that every rule is made of (moving coins,
drawing and returning cards, revealing an influence). A ``Table`` never escapes ``apply``, so
``apply`` stays pure while each rule reads as a few plain statements.
"""

from __future__ import annotations

from bisect import insort

from coup_rules.cards import Character, without
from coup_rules.events import (
    CardsDrawn,
    CardsReturned,
    CoinsMoved,
    Eliminated,
    Event,
    InfluenceLost,
    Pool,
    Won,
)
from coup_rules.rng import pick, seed_key
from coup_rules.state import GameState, Pending, PlayerState

__all__ = ["Table"]


class Table:
    """The mutable working copy of a ``GameState`` inside one ``apply``."""

    __slots__ = (
        "active",
        "aside",
        "config",
        "court",
        "draws",
        "events",
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

    def __init__(self, state: GameState) -> None:
        self.config = state.config
        self.players = list(state.players)
        self.treasury = state.treasury
        self.reserve = state.reserve
        self.court = state.court
        self.aside = state.aside
        self.active = state.active
        self.turn = state.turn
        self.winner = state.winner
        self.pending: Pending | None = state.pending
        self.log = state.log
        self.seed = state.seed
        self.draws = state.draws
        self.shown = state.shown
        self.events: list[Event] = []

    def freeze(self) -> GameState:
        """The new immutable state."""
        return GameState(
            self.config,
            tuple(self.players),
            self.treasury,
            self.reserve,
            self.court,
            self.aside,
            self.active,
            self.turn,
            self.winner,
            self.pending,
            self.log.extend(self.events),
            self.seed,
            self.draws,
            self.shown,
        )

    # --- players ---------------------------------------------------------------------------

    def set_player(
        self,
        seat: int,
        *,
        coins: int | None = None,
        hand: tuple[Character, ...] | None = None,
        revealed: tuple[Character, ...] | None = None,
    ) -> None:
        """Replace some fields of a seat's ``PlayerState``."""
        p = self.players[seat]
        self.players[seat] = PlayerState(
            seat,
            p.coins if coins is None else coins,
            p.hand if hand is None else hand,
            p.revealed if revealed is None else revealed,
            p.allegiance,
        )

    def living(self) -> list[int]:
        """The seats still in the game, ascending."""
        return [p.seat for p in self.players if p.hand]

    # --- coins -----------------------------------------------------------------------------

    def pay(self, seat: int, amount: int, pool: Pool = Pool.TREASURY) -> None:
        """``seat`` pays ``amount`` (which it holds) into a pool."""
        self.set_player(seat, coins=self.players[seat].coins - amount)
        if pool is Pool.TREASURY:
            self.treasury += amount
        else:
            self.reserve += amount
        self.events.append(CoinsMoved(amount, seat, pool))

    def take(self, seat: int, amount: int, pool: Pool = Pool.TREASURY) -> None:
        """``seat`` takes up to ``amount`` from a pool: what it holds, possibly 0 (R-ACT-10)."""
        held = self.treasury if pool is Pool.TREASURY else self.reserve
        amount = min(amount, held)
        if pool is Pool.TREASURY:
            self.treasury -= amount
        else:
            self.reserve -= amount
        self.set_player(seat, coins=self.players[seat].coins + amount)
        self.events.append(CoinsMoved(amount, pool, seat))

    def transfer(self, source: int, dest: int, amount: int) -> None:
        """Move coins from one seat to another."""
        self.set_player(source, coins=self.players[source].coins - amount)
        self.set_player(dest, coins=self.players[dest].coins + amount)
        self.events.append(CoinsMoved(amount, source, dest))

    # --- cards -----------------------------------------------------------------------------

    def random_index(self, n: int) -> int:
        """An unbiased random index in ``range(n)`` from the game's seed (R-INFO-5)."""
        i = pick(seed_key(self.seed), self.draws, n)
        self.draws += 1
        return i

    def draw(self, seat: int, count: int) -> tuple[Character, ...]:
        """``seat`` draws ``count`` cards at random from the Court into its hand."""
        court = list(self.court)
        drawn = tuple(court.pop(self.random_index(len(court))) for _ in range(count))
        self.court = tuple(court)
        hand = tuple(sorted(self.players[seat].hand + drawn))
        self.set_player(seat, hand=hand)
        self.events.append(CardsDrawn(seat, count, tuple(sorted(drawn))))
        return drawn

    def return_cards(
        self, seat: int, cards: tuple[Character, ...], *, witness: int | None = None, log: bool
    ) -> None:
        """Move ``cards`` from ``seat``'s hand into the Court (which is unordered)."""
        hand = self.players[seat].hand
        court = list(self.court)
        for card in cards:
            hand = without(hand, card)
            insort(court, card)
        self.court = tuple(court)
        self.set_player(seat, hand=hand)
        if log:
            self.events.append(CardsReturned(seat, len(cards), tuple(sorted(cards)), witness))

    def reveal(self, seat: int, card: Character) -> None:
        """Turn ``card`` face up; eliminate the player on their last card (R-INF-4, R-INF-6)."""
        p = self.players[seat]
        hand = without(p.hand, card)
        self.set_player(seat, hand=hand, revealed=(*p.revealed, card))
        self.events.append(InfluenceLost(seat, card))
        if hand:
            return
        self.events.append(Eliminated(seat))
        coins = self.players[seat].coins
        if coins:
            self.pay(seat, coins)
        living = self.living()
        if len(living) == 1:
            self.winner = living[0]
            self.pending = None
            self.shown = None
            self.events.append(Won(living[0]))
