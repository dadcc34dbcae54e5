"""The answers in the windows: allow, block, prove, concede, and the challenge's loser
(R-WIN-2 to R-WIN-6, R-CHAL-1 to R-CHAL-5, R-REF-10)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.constants import HAND_SIZE
from coup_rules.jax.bits import onehot
from coup_rules.jax.cards import draw, take, to_court
from coup_rules.jax.influence import lose_influence
from coup_rules.jax.knowledge import (
    claims_add,
    claims_drop,
    know_sub,
    record_add,
    record_claim,
    seen,
)
from coup_rules.jax.row import Int, Row
from coup_rules.jax.seats import eq, pend
from coup_rules.jax.tables import Tables
from coup_rules.vector import fields as f

__all__ = ["allow", "block", "challenge_lost", "concede", "prove"]


def allow(
    t: Tables, s: Row, player: Int, phase: Array, on: Array, stage: Array
) -> tuple[Row, Array]:
    """Allow: a challenge or counter window passed by one more seat (R-WIN-2, R-WIN-3,
    R-WIN-5)."""
    window = (phase == f.D_CHALLENGE_ACTION) | (phase == f.D_CHALLENGE_BLOCK)
    s = record_add(t, s, player, f.S_PASSES, on & window)
    aid = ~window & (s[f.ACTION] == f.A_FOREIGN_AID)
    s = record_add(t, s, player, f.S_AID_PASSES, on & aid)
    wait = s[f.WAIT] & ~(1 << player)
    s = s.put(f.WAIT, wait, on & (wait != 0))
    then = jnp.where(phase == f.D_COUNTER, f.ST_RESOLVE, f.ST_END)  # the block stands
    then = jnp.where(phase == f.D_CHALLENGE_ACTION, f.ST_COUNTER, then)  # (R-WIN-6)
    return s, jnp.where(on & (wait == 0), then, stage)


def block(t: Tables, s: Row, player: Int, rank: Int, on: Array) -> Row:
    """Block: the claim stands open to a challenge (R-WIN-3, R-WIN-5)."""
    s = claims_add(t, s, player, rank, on)
    s = record_claim(t, s, player, rank, on)
    s = record_add(t, s, player, f.S_AID_BLOCKS, on & (s[f.ACTION] == f.A_FOREIGN_AID))
    s = s.put(f.BLOCKER, player, on)
    s = s.put(f.BLOCKCH, rank, on)
    return pend(t, s, f.D_CHALLENGE_BLOCK, s[f.LIVING] & ~(1 << player), on)


def prove(t: Tables, s: Row, player: Int, phase: Array, words: Array, on: Array) -> Row:
    """Show the claimed card (or, against Embezzle, the whole hand), return it, draw as
    many (R-CHAL-3, R-REF-10); the challenger's loss is ``challenge_lost``."""
    hand = s.hand(player)
    action = jnp.maximum(s[f.ACTION], 0)
    whole = t.p(f.P_DISCLAIM, action) >= 0
    cards = jnp.where(whole, hand, onehot(t.p(f.P_CLAIM, action)))
    cards = jnp.where(phase == f.D_ANSWER_BLOCK, onehot(s[f.BLOCKCH]), cards)
    count = jnp.sum(cards)
    if t.track:  # Proved: shown to all, then into the Court
        s = s.add_seat(player, f.S_PROVED, 1, on)
        for v in range(t.n):
            known = s.pick(seen(t, v), player)
            shown = (known >= 0) & (cards[jnp.maximum(known, 0)] > 0)
            s = s.put_at(seen(t, v), player, -1, on & shown)
        ranks = jnp.sum(cards.clip(0, 1) << jnp.arange(f.NCH, dtype=jnp.int32))
        s = s.put_seat(player, f.S_CLAIMS, s.seat(player, f.S_CLAIMS) & ~ranks, on)
        s = s.know(eq(t, player) | True, t.n, lambda k: k + cards, on)
        s = know_sub(t, s, ~eq(t, player), player, cards, on)
    s = to_court(t, s, player, cards, on)
    return draw(t, s, player, count, HAND_SIZE, words, on)


def concede(t: Tables, s: Row, player: Int, phase: Array, on: Array) -> Row:
    """Concede: the claim is given up, a refund where due (R-CHAL-4, R-CHAL-5); the loss
    is ``challenge_lost``."""
    if t.track:
        s = claims_drop(t, s, player, s.seat(player, f.S_LAST), on)
        s = s.add_seat(player, f.S_CONCEDED, 1, on)
        last = s.seat(player, f.S_RLAST)
        had = on & (last >= 0)  # Reading.claims: the last claim is given up
        claims = s.seat(player, f.S_RCLAIMS) & ~(1 << jnp.maximum(last, 0))
        s = s.put_seat(player, f.S_RCLAIMS, claims, had)
        s = s.put_seat(player, f.S_RLAST, -1, had)
    action = jnp.maximum(s[f.ACTION], 0)
    refund = on & (phase == f.D_ANSWER_ACTION) & (t.p(f.P_REFUNDED, action) != 0)
    return take(t, s, player, t.p(f.P_COST, action), refund)


def challenge_lost(
    t: Tables, s: Row, player: Int, phase: Array, prove: Array, concede: Array, stage: Array
) -> tuple[Row, Array]:
    """The loser of a challenge loses an influence: the challenger after a proof, else the
    one who conceded; the turn goes on as the challenge decided (R-CHAL-3 to R-CHAL-5)."""
    on_action = phase == f.D_ANSWER_ACTION
    loser = jnp.where(prove, s[f.CHALLENGER], player)
    resume = jnp.where(
        prove,
        jnp.where(on_action, f.ST_COUNTER, f.ST_END),
        jnp.where(on_action, f.ST_END, f.ST_RESOLVE),
    )
    block = jnp.where(on_action, 0, 1)
    on = prove | concede
    s, lost = lose_influence(t, s, loser, resume, block, on)
    return s, jnp.where(on, lost, stage)
