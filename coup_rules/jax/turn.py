"""The course of a turn: declared, the counter window, resolved, ended (R-TURN-1 to R-TURN-8,
R-ACT-9, R-WIN-2 to R-WIN-4)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.jax.bits import bit
from coup_rules.jax.knowledge import claims_add, record_claim
from coup_rules.jax.resolve import resolve
from coup_rules.jax.row import Bool, Int, Row
from coup_rules.jax.seats import after, opponents, pend
from coup_rules.jax.tables import Tables
from coup_rules.vector import fields as f

__all__ = ["declare", "end_turn", "go_on", "open_counter", "start_turn"]


def start_turn(t: Tables, s: Row, seat: Int, on: Bool) -> Row:
    """A new turn begins: the seat must declare an action (R-TURN-1, R-SETUP-11)."""
    s = s.add(f.TURN, 1, on)
    s = s.put(f.ACTIVE, seat, on)
    for name in (f.ACTION, f.TARGET, f.BLOCKER, f.BLOCKCH, f.CHALLENGER, f.LOSING):
        s = s.put(name, -1, on)
    s = s.put(f.KEEPN, 0, on)
    s = s.put(f.PBLOCK, 0, on)
    return pend(t, s, f.D_ACTION, 1 << seat, on)


def end_turn(t: Tables, s: Row, on: Bool) -> Row:
    """The next living seat after the actor plays (R-TURN-3), unless the turn limit is
    reached: then the game is drawn (R-TURN-8)."""
    s = s.put(f.SHOWN, -1, on)
    limit = int(t.P[f.P_MAX_TURNS])
    if limit > 0:
        over = on & (s[f.TURN] >= limit)
        s = s.put(f.PHASE, f.D_NONE, over)
        s = s.put(f.WAIT, 0, over)
        on = on & ~over
    return start_turn(t, s, after(t, s[f.ACTIVE], s[f.LIVING]), on)


def declare(t: Tables, s: Row, actor: Int, action: Int, target: Int, on: Bool) -> tuple[Row, Array]:
    """The active player declares an action and pays its cost at once (R-ACT-9)."""
    s = s.put(f.ACTION, action, on)
    s = s.put(f.ACTOR, actor, on)
    s = s.put(f.TARGET, target, on)
    claim = t.p(f.P_CLAIM, action)
    s = claims_add(t, s, actor, claim, on)  # ActionDeclared
    s = record_claim(t, s, actor, claim, on)
    # R-ACT-9 (R-REF-7: Convert costs less on yourself, and goes onto the Reserve)
    cost = jnp.where(target == actor, t.p(f.P_SELF_COST, action), t.p(f.P_COST, action))
    s = s.add_seat(actor, f.S_COINS, -cost, on)
    reserve = t.p(f.P_POOL, action) == f.POOL_RESERVE
    s = s.add(f.RESERVE, cost, on & reserve)
    s = s.add(f.TREASURY, cost, on & ~reserve)
    window = t.p(f.P_CHALLENGEABLE, action) != 0  # R-WIN-2
    s = pend(t, s, f.D_CHALLENGE_ACTION, s[f.LIVING] & ~(1 << actor), on & window)
    return s, jnp.where(window, f.ST_WAIT, f.ST_COUNTER)


def open_counter(t: Tables, s: Row, on: Bool) -> tuple[Row, Array]:
    """The counter window, if the action can be blocked and still stands (R-WIN-3,
    R-WIN-4)."""
    ask = t.p(f.P_ASKED, jnp.maximum(s[f.ACTION], 0))
    target = s[f.TARGET]
    to_target = jnp.where(bit(s[f.LIVING], target) & (target >= 0), 1 << target, 0)
    asked = jnp.where(ask == f.ASK_OPPONENTS, opponents(t, s, s[f.ACTOR]), 0)
    asked = jnp.where(ask == f.ASK_TARGET, to_target, asked)
    s = pend(t, s, f.D_COUNTER, asked, on & (asked != 0))
    return s, jnp.where(asked != 0, f.ST_WAIT, f.ST_RESOLVE)


def go_on(t: Tables, s: Row, stage: Array, words: Array, on: Bool) -> Row:
    """Run the turn on from ``stage`` until a decision is pending or the game is over
    (the stages only go forward: counter, resolve, end)."""
    counter = on & (stage == f.ST_COUNTER)
    s, after = open_counter(t, s, counter)
    stage = jnp.where(counter, after, stage)
    resolving = on & (stage == f.ST_RESOLVE)
    s, after = resolve(t, s, words, resolving)
    stage = jnp.where(resolving, after, stage)
    return end_turn(t, s, on & (stage == f.ST_END))
