"""The effect of each action once it stands (R-ACT-1 to R-ACT-7, R-INQ-3, R-REF-7, R-REF-8)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.constants import FOREIGN_AID_COINS, INCOME_COINS, STEAL_COINS, TAX_COINS
from coup_rules.jax.bits import bit, first_rank
from coup_rules.jax.cards import draw, take
from coup_rules.jax.influence import lose_influence
from coup_rules.jax.inquisitor import show_card
from coup_rules.jax.row import Bool, Row
from coup_rules.jax.seats import pend
from coup_rules.jax.tables import Tables
from coup_rules.vector import fields as f

__all__ = ["resolve"]


def resolve(t: Tables, s: Row, words: Array, on: Bool) -> tuple[Row, Array]:
    """The action takes effect (R-ACT-1 to R-ACT-7, R-INQ-3, R-REF-7, R-REF-8)."""
    action, actor, target = s[f.ACTION], s[f.ACTOR], s[f.TARGET]
    stage = jnp.asarray(f.ST_END, jnp.int32)
    gain = jnp.where(action == f.A_INCOME, INCOME_COINS, 0)
    gain = jnp.where(action == f.A_FOREIGN_AID, FOREIGN_AID_COINS, gain)
    gain = jnp.where(action == f.A_TAX, TAX_COINS, gain)
    s = take(t, s, actor, gain, on & (gain > 0))
    alive = bit(s[f.LIVING], target) & (target >= 0)
    hit = on & ((action == f.A_COUP) | (action == f.A_ASSASSINATE)) & alive
    s, lost = lose_influence(t, s, target, f.ST_END, 0, hit)  # R-INF-5
    stage = jnp.where(hit, lost, stage)
    steal = on & (action == f.A_STEAL) & alive
    amount = jnp.minimum(STEAL_COINS, s.seat(target, f.S_COINS))
    s = s.add_seat(target, f.S_COINS, -amount, steal)
    s = s.add_seat(actor, f.S_COINS, amount, steal)
    exchange = on & (action == f.A_EXCHANGE)  # R-ACT-7, R-INQ-2, R-ACT-12
    s = s.put(f.KEEPN, s.seat(actor, f.S_NHAND), exchange)
    n = t.exchange_draws
    s = draw(t, s, actor, n, n, words, exchange)
    s = pend(t, s, f.D_KEEP, 1 << actor, exchange)
    stage = jnp.where(exchange, f.ST_WAIT, stage)
    if t.in_game(f.A_EXAMINE):  # R-INQ-4
        examine = on & (action == f.A_EXAMINE) & alive
        single = s.seat(target, f.S_NHAND) == 1
        s = show_card(t, s, first_rank(s.hand(target)), examine & single)
        s = pend(t, s, f.D_SHOW, 1 << target, examine & ~single)
        stage = jnp.where(examine, f.ST_WAIT, stage)
    if t.in_game(f.A_CONVERT):
        convert = on & (action == f.A_CONVERT)
        s = s.put_seat(target, f.S_ALLEG, 1 - s.seat(target, f.S_ALLEG), convert)
    if t.in_game(f.A_EMBEZZLE):
        embezzle = on & (action == f.A_EMBEZZLE)
        s = s.add_seat(actor, f.S_COINS, s[f.RESERVE], embezzle)
        s = s.put(f.RESERVE, 0, embezzle)
    return s, stage
