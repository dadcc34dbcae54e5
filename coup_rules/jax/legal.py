"""The legal moves of a seat, as a mask over ``MoveCodec`` (``kernel.legal``)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.constants import FORCED_COUP_COINS
from coup_rules.jax.bits import bit
from coup_rules.jax.row import Int, Row
from coup_rules.jax.seats import opponents
from coup_rules.jax.tables import Tables
from coup_rules.vector import fields as f

__all__ = ["can_prove", "legal_actions", "legal_mask"]


def can_prove(t: Tables, s: Row, seat: Int) -> Array:
    """Prove needs the claimed card (R-CHAL-1); against Embezzle, no Duke (R-REF-9)."""
    hand = s.hand(seat)
    action = jnp.maximum(s[f.ACTION], 0)
    disclaimed, claimed = t.p(f.P_DISCLAIM, action), t.p(f.P_CLAIM, action)
    action_ok = jnp.where(
        disclaimed >= 0, hand[jnp.maximum(disclaimed, 0)] == 0, hand[jnp.maximum(claimed, 0)] > 0
    )
    block_ok = hand[jnp.maximum(s[f.BLOCKCH], 0)] > 0
    return jnp.where(s[f.PHASE] == f.D_ANSWER_BLOCK, block_ok, action_ok)


def legal_mask(t: Tables, s: Row, seat: Int) -> Array:
    """The move indices ``seat`` may play, as a mask over ``MoveCodec`` (kernel.legal)."""
    phase = s[f.PHASE]
    on = (phase != f.D_NONE) & (seat >= 0) & bit(s[f.WAIT], jnp.maximum(seat, 0))
    hand = s.hand(jnp.maximum(seat, 0))
    IX = t.IX
    parts: dict[int, list[Array]] = {}

    def allow(index: int, when: Array) -> None:
        if index >= 0:
            parts.setdefault(index, []).append(when)

    window = (phase == f.D_CHALLENGE_ACTION) | (phase == f.D_CHALLENGE_BLOCK)  # R-WIN-2, 5
    allow(IX[f.I_CHALLENGE], window)
    allow(IX[f.I_ALLOW], window | (phase == f.D_COUNTER))
    answer = (phase == f.D_ANSWER_ACTION) | (phase == f.D_ANSWER_BLOCK)  # R-CHAL-1, 2
    allow(IX[f.I_PROVE], answer & can_prove(t, s, jnp.maximum(seat, 0)))
    allow(IX[f.I_CONCEDE], answer)
    blockers = t.p(f.P_BLOCKERS, jnp.maximum(s[f.ACTION], 0))
    keep1 = s[f.KEEPN] == 1
    keeping = phase == f.D_KEEP  # R-ACT-12
    for r in range(f.NCH):
        held = hand[r] > 0
        allow(IX[f.I_LOSE + r], (phase == f.D_LOSE) & held)  # R-INF-1
        allow(IX[f.I_SHOW + r], (phase == f.D_SHOW) & held)  # R-INQ-4
        allow(IX[f.I_BLOCK + r], (phase == f.D_COUNTER) & bit(blockers, r))  # R-WIN-3
        allow(IX[f.I_KEEP1 + r], keeping & keep1 & held)
        allow(IX[f.I_KEEP2 + r * f.NCH + r], keeping & ~keep1 & (hand[r] >= 2))
        for q in range(r + 1, f.NCH):
            allow(IX[f.I_KEEP2 + r * f.NCH + q], keeping & ~keep1 & held & (hand[q] > 0))
        if r in t.chars:
            allow(IX[f.I_DRAFT + r], phase == f.D_DRAFT)  # R-SETUP-8
    allow(IX[f.I_GIVE_BACK], phase == f.D_INQUISITOR)  # R-INQ-5, R-INQ-6
    allow(IX[f.I_FORCE], phase == f.D_INQUISITOR)
    allow(IX[f.I_CHOOSE], phase == f.D_ALLEGIANCE)  # R-REF-1
    allow(IX[f.I_CHOOSE + 1], phase == f.D_ALLEGIANCE)
    for index, when in legal_actions(t, s, jnp.maximum(seat, 0)).items():
        allow(index, (phase == f.D_ACTION) & when)
    mask = [jnp.asarray(False)] * t.layout.codec.size
    for index, whens in parts.items():
        mask[index] = on & jnp.any(jnp.stack(whens))
    return jnp.stack(mask)


def legal_actions(t: Tables, s: Row, seat: Int) -> dict[int, Array]:
    """When each action index may be declared (R-TURN-1, R-TURN-2, R-ACT-8, R-ACT-9,
    R-ACT-11, R-REF-2)."""
    coins = s.seat(seat, f.S_COINS)
    forced = coins >= FORCED_COUP_COINS
    aims = opponents(t, s, seat)
    living = s[f.LIVING]
    out: dict[int, Array] = {}
    for action in range(f.NACTIONS):  # the table's order (rules.legal._walk)
        base = t.IX[f.I_ACT + action]
        if base < 0:  # not in this game
            continue
        aim = int(t.P[f.P_AIM + action])
        cost = int(t.P[f.P_COST + action])
        if aim == f.AIM_NONE:
            out[base] = ~forced & (coins >= cost)
            continue
        for q in range(t.n):
            if aim == f.AIM_OPPONENT:
                when = (coins >= cost) & bit(aims, q)  # a forced Coup (R-TURN-2) or not
                when = when if action == f.A_COUP else when & ~forced
            else:  # AIM_LIVING: any living seat, itself at its own price (R-REF-7)
                price = jnp.where(seat == q, int(t.P[f.P_SELF_COST + action]), cost)
                when = ~forced & bit(living, q) & (coins >= price)
            out[base + q] = when
    return out
