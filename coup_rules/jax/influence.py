"""Losing influence: a card turned face up, a player out, the game won (R-INF-1 to R-INF-6)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.jax.bits import first_rank, lowest, onehot, popcount
from coup_rules.jax.knowledge import claims_clear, claims_drop, know_sub, record_clear, record_lost
from coup_rules.jax.row import Bool, Int, Row
from coup_rules.jax.seats import eq, pend
from coup_rules.jax.tables import Tables
from coup_rules.vector import fields as f

__all__ = ["lose_influence", "reveal"]


def reveal(t: Tables, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
    """Turn a card face up; on the last one the player is out, and maybe the game won
    (R-INF-3, R-INF-4, R-INF-6)."""
    s = s.add_card(seat, rank, -1, on)
    s = s.add_seat(seat, f.S_NHAND, -1, on)
    nrev = s.seat(seat, f.S_NREV)
    s = s.put_seat(seat, f.S_REV, rank, on & (nrev == 0))
    s = s.put_seat(seat, f.S_REV + 1, rank, on & (nrev == 1))
    s = s.add_seat(seat, f.S_NREV, 1, on)
    if t.track:  # InfluenceLost
        s = claims_drop(t, s, seat, rank, on)
        s = know_sub(t, s, ~eq(t, seat), seat, onehot(rank), on)
        s = record_lost(t, s, seat, rank, on)
    out = on & (s.seat(seat, f.S_NHAND) == 0)  # Eliminated
    s = claims_clear(t, s, seat, out)
    s = record_clear(t, s, seat, out)
    s = s.add(f.TREASURY, s.seat(seat, f.S_COINS), out)
    s = s.put_seat(seat, f.S_COINS, 0, out)
    living = s[f.LIVING] & ~(1 << seat)
    s = s.put(f.LIVING, living, out)
    won = out & (popcount(living) == 1)
    s = s.put(f.WINNER, lowest(living), won)
    s = s.put(f.PHASE, f.D_NONE, won)
    s = s.put(f.WAIT, 0, won)
    return s.put(f.SHOWN, -1, won)


def lose_influence(
    t: Tables, s: Row, seat: Int, resume: Int, block: Int, on: Bool
) -> tuple[Row, Array]:
    """``seat`` loses an influence: chosen with two hidden cards (R-INF-1), at once with one
    (R-INF-2); then the turn goes on at ``resume`` (the stage returned)."""
    alone = s.seat(seat, f.S_NHAND) == 1
    s = reveal(t, s, seat, first_rank(s.hand(seat)), on & alone)
    choose = on & ~alone
    s = s.put(f.LOSING, seat, choose)
    s = s.put(f.RESUME, resume, choose)
    s = s.put(f.PBLOCK, block, choose)
    s = pend(t, s, f.D_LOSE, 1 << seat, choose)
    stage = jnp.where(alone & (s[f.WINNER] < 0), resume, f.ST_WAIT)
    return s, stage
