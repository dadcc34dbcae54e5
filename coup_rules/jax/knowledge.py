"""What the players know and the bots' record (observation only): the counts each viewer is
sure of per place, the claims tracked (``coup_rules.ai.claims``) and the record of seen cards
(``kernel.record_*``)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.jax.row import Bool, Int, Row
from coup_rules.jax.tables import Tables
from coup_rules.vector import fields as f

__all__ = [
    "claims_add",
    "claims_clear",
    "claims_drop",
    "know_sub",
    "know_weaken",
    "record_add",
    "record_claim",
    "record_clear",
    "record_lost",
    "seen",
]


def know_sub(t: Tables, s: Row, viewers: Array, place: Int, cards: Array, on: Bool) -> Row:
    """Counter subtraction of counts per rank (never below 0)."""
    return s.know(viewers, place, lambda k: jnp.maximum(0, k - cards), on)


def know_weaken(t: Tables, s: Row, viewers: Array, place: Int, unknown: Int, on: Bool) -> Row:
    """What stays certain of a place after ``unknown`` unseen cards left it."""
    return s.know(viewers, place, lambda k: jnp.where(k > unknown, k - unknown, 0), on)


def claims_clear(t: Tables, s: Row, seat: Int, on: Bool) -> Row:
    """``seat``'s tracked claims forgotten (its hand changed unseen)."""
    if not t.track:
        return s
    return s.put_seat(seat, f.S_CLAIMS, 0, on)


def claims_drop(t: Tables, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
    """``seat`` no longer claims ``rank`` (none for -1)."""
    if not t.track:
        return s
    claims = s.seat(seat, f.S_CLAIMS) & ~(1 << jnp.maximum(rank, 0))
    return s.put_seat(seat, f.S_CLAIMS, claims, on & (rank >= 0))


def claims_add(t: Tables, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
    """A claim in an action or a block (``coup_rules.ai.claims``)."""
    if not t.track:
        return s
    s = s.put_seat(seat, f.S_LAST, rank, on)
    claims = s.seat(seat, f.S_CLAIMS) | (1 << jnp.maximum(rank, 0))
    return s.put_seat(seat, f.S_CLAIMS, claims, on & (rank >= 0))


def record_claim(t: Tables, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
    """The bots' record of a claim of ``rank`` by ``seat`` (none for -1)."""
    if not t.track:
        return s
    on = on & (rank >= 0)
    claims = s.seat(seat, f.S_RCLAIMS) | (1 << jnp.maximum(rank, 0))
    s = s.put_seat(seat, f.S_RCLAIMS, claims, on)
    return s.put_seat(seat, f.S_RLAST, rank, on)


def record_add(t: Tables, s: Row, seat: Int, name: int, on: Bool) -> Row:
    """One more in ``seat``'s record counter ``name``."""
    if not t.track:
        return s
    return s.add_seat(seat, name, 1, on)


def record_clear(t: Tables, s: Row, seat: Int, on: Bool) -> Row:
    """``seat``'s hand changed unseen: nobody knows a card of it, its claims forgotten."""
    if not t.track:
        return s
    s = s.put_seat(seat, f.S_RCLAIMS, 0, on)
    for v in range(t.n):
        s = s.put_at(seen(t, v), seat, -1, on)
    return s


def seen(t: Tables, viewer: int) -> list[int]:
    """The fields of what ``viewer`` was shown of each seat (``S_SEEN + seat``)."""
    at = f.SEATS + viewer * f.SEAT_FIELDS + f.S_SEEN
    return [at + q for q in range(t.n)]


def record_lost(t: Tables, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
    """InfluenceLost: a seen card of that rank is no longer known, nor claimed."""
    if not t.track:
        return s
    claims = s.seat(seat, f.S_RCLAIMS) & ~(1 << rank)
    s = s.put_seat(seat, f.S_RCLAIMS, claims, on)
    for v in range(t.n):
        known = s.pick(seen(t, v), seat)
        s = s.put_at(seen(t, v), seat, -1, on & (known == rank))
    return s
