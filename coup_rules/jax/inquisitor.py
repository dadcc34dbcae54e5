"""The Inquisitor's Examine: the card shown, and the exchange it may force (R-INQ-4 to R-INQ-6)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.jax.bits import onehot
from coup_rules.jax.cards import draw, returned_seen, to_court
from coup_rules.jax.knowledge import seen
from coup_rules.jax.row import Bool, Int, Row
from coup_rules.jax.seats import eq, pend
from coup_rules.jax.tables import Tables
from coup_rules.vector import fields as f

__all__ = ["force_exchange", "show_card"]


def show_card(t: Tables, s: Row, rank: Int, on: Bool) -> Row:
    """The Examine target shows a card to the Inquisitor alone (R-INQ-4)."""
    s = s.put(f.SHOWN, rank, on)
    inquisitor, target = s[f.ACTOR], s[f.TARGET]
    if t.track:  # CardShown, seen by the Inquisitor
        card = onehot(rank)
        s = s.know(eq(t, inquisitor), target, lambda k: jnp.maximum(k, card), on)
        for v in range(t.n):
            s = s.put_at(seen(t, v), target, rank, on & (inquisitor == v))
    return pend(t, s, f.D_INQUISITOR, 1 << inquisitor, on)


def force_exchange(t: Tables, s: Row, words: Array, on: Array) -> Row:
    """The target draws a replacement, then the shown card goes back to the Court
    (R-INQ-6)."""
    target, shown = s[f.TARGET], s[f.SHOWN]
    s = draw(t, s, target, 1, 1, words, on)
    card = onehot(shown)
    s = to_court(t, s, target, card, on)
    return returned_seen(t, s, target, card, 1, s[f.ACTOR], on)
