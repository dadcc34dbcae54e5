"""The primitive effects on coins and cards: take from the Treasury, draw from the Court,
return cards to it (R-ACT-10, R-CHAL-3, R-ACT-7, R-INQ-6)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.jax.bits import below, onehot
from coup_rules.jax.knowledge import claims_clear, know_sub, know_weaken, record_clear
from coup_rules.jax.row import Bool, Int, Row
from coup_rules.jax.seats import eq
from coup_rules.jax.tables import Tables
from coup_rules.vector import fields as f

__all__ = ["draw", "draw_one", "returned_seen", "take", "to_court"]


def take(t: Tables, s: Row, seat: Int, amount: Int, on: Bool) -> Row:
    """``seat`` takes up to ``amount`` from the Treasury: what it holds (R-ACT-10)."""
    amount = jnp.minimum(amount, s[f.TREASURY])
    s = s.add(f.TREASURY, -amount, on)
    return s.add_seat(seat, f.S_COINS, amount, on)


def draw_one(t: Tables, s: Row, seat: Int, words: Array, on: Bool) -> Row:
    """``seat`` draws one card from the Court, by the step's next random word."""
    court = s.run(f.COURT, f.NCH)
    nd = s[f.NDRAW]
    k = below(words[jnp.minimum(nd, f.MAXDRAWS - 1)], s[f.COURTN])
    s = s.put_at([f.DRAWS + i for i in range(f.MAXDRAWS)], nd, k, on)
    s = s.add(f.NDRAW, 1, on)
    r = jnp.sum(jnp.cumsum(court) <= k).astype(jnp.int32)
    card = onehot(r)
    s = s.put_run(f.COURT, court - card, on)
    s = s.add(f.COURTN, -1, on)
    s = s.put_hand(seat, s.hand(seat) + card, on)
    s = s.add_seat(seat, f.S_NHAND, 1, on)
    if t.track:  # CardsDrawn: the drawer sees each card
        s = know_sub(t, s, eq(t, seat), t.n, card, on)
    return s


def draw(t: Tables, s: Row, seat: Int, count: Int, most: int, words: Array, on: Bool) -> Row:
    """``seat`` draws ``count`` (at most ``most``) random cards from the Court (R-CHAL-3,
    R-ACT-7, R-INQ-6)."""
    for i in range(most):
        s = draw_one(t, s, seat, words, on & (i < count))
    if t.track:  # ... and the others see only their number
        s = know_weaken(t, s, ~eq(t, seat), t.n, count, on)
        s = record_clear(t, s, seat, on)
    return s


def to_court(t: Tables, s: Row, seat: Int, cards: Array, on: Bool) -> Row:
    """Hidden cards of ``seat`` (counts per rank) go into the Court."""
    count = jnp.sum(cards)
    s = s.put_hand(seat, s.hand(seat) - cards, on)
    s = s.add_seat(seat, f.S_NHAND, -count, on)
    s = s.put_run(f.COURT, s.run(f.COURT, f.NCH) + cards, on)
    return s.add(f.COURTN, count, on)


def returned_seen(
    t: Tables, s: Row, seat: Int, cards: Array, count: Int, witness: Int, on: Bool
) -> Row:
    """Knowledge after CardsReturned: the returner (and a witness) see the cards go back."""
    if not t.track:
        return s
    sees = eq(t, seat) | eq(t, witness)
    s = s.know(sees, t.n, lambda k: k + cards, on)
    s = know_sub(t, s, sees & ~eq(t, seat), seat, cards, on)
    s = know_weaken(t, s, ~sees, seat, count, on)
    return claims_clear(t, s, seat, on)
