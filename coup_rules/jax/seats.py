"""Who is where: the living seats, the sides, the seat asked first and the decision opened
(R-TURN-3, R-ACT-8, R-REF-2 to R-REF-4)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.jax.bits import bit, lowest
from coup_rules.jax.row import Bool, Int, Row
from coup_rules.jax.tables import Tables
from coup_rules.vector import fields as f

__all__ = [
    "after",
    "asked_first",
    "eq",
    "living",
    "mask_of",
    "opponents",
    "pend",
    "sides",
    "united",
]


def eq(t: Tables, seat: Int) -> Array:
    """``bool[n]``: which seat ``seat`` is (a set of viewers)."""
    return jnp.arange(t.n) == seat


def sides(t: Tables, s: Row) -> Array:
    """Each seat's allegiance (R-REF-1), ``int[n]``."""
    return jnp.stack([s.seat(q, f.S_ALLEG) for q in range(t.n)])


def living(t: Tables, s: Row) -> Array:
    """Which seats are still in the game, ``bool[n]``."""
    return jnp.stack([bit(s[f.LIVING], q) for q in range(t.n)])


def mask_of(t: Tables, seats: Array) -> Array:
    """The bit mask of the seats set in ``seats`` (``bool[n]``)."""
    return jnp.sum(seats.astype(jnp.int32) << jnp.arange(seats.shape[0], dtype=jnp.int32))


def united(t: Tables, s: Row) -> Array:
    """Whether every living player shares one allegiance (R-REF-4)."""
    alive, side = living(t, s), sides(t, s)
    return jnp.max(jnp.where(alive, side, -9)) == jnp.min(jnp.where(alive, side, 9))


def opponents(t: Tables, s: Row, actor: Int) -> Array:
    """The living seats ``actor`` may act against (R-ACT-8, R-REF-2 to R-REF-4), a mask."""
    others = s[f.LIVING] & ~(1 << actor)
    if not t.P[f.P_REFORMATION]:
        return others
    mine = s.seat(actor, f.S_ALLEG)
    rivals = mask_of(t, living(t, s) & (sides(t, s) != mine))
    return jnp.where(united(t, s), others, rivals)


def after(t: Tables, start: Int, mask: Int) -> Array:
    """The first seat of ``mask`` clockwise after ``start`` (``start`` itself last)."""
    seats = (start + jnp.arange(1, t.n + 1, dtype=jnp.int32)) % t.n
    return seats[jnp.argmax(bit(mask, seats))]


def asked_first(t: Tables, s: Row) -> Array:
    """The seat asked first among the waiting ones, -1 once the game is over
    (``kernel.asked_first``)."""
    wait, phase = s[f.WAIT], s[f.PHASE]
    start = jnp.where(phase == f.D_CHALLENGE_BLOCK, s[f.BLOCKER], s[f.ACTOR])
    around = (phase == f.D_CHALLENGE_BLOCK) | (phase == f.D_CHALLENGE_ACTION)
    around = around | (phase == f.D_COUNTER)
    seat = jnp.where(around, after(t, start, wait), lowest(wait))
    return jnp.where(wait == 0, -1, seat).astype(jnp.int32)


def pend(t: Tables, s: Row, phase: Int, wait: Int, on: Bool) -> Row:
    """Open decision ``phase`` for the seats of the mask ``wait``."""
    s = s.put(f.PHASE, phase, on)
    return s.put(f.WAIT, wait, on)
