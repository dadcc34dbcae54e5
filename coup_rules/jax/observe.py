"""What a seat sees of a row: the ``ObservationEncoder`` vector, as a pure JAX function.

The vector kernel's ``batch.observe_row`` written without branches: each component slot of the
kernel (``fields.O_...``) gets a value, and ``OB`` says where it goes in the encoder's vector;
both are read off the observation's one declaration, ``coup_rules.ai.layout``.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax import Array

from coup_rules.jax.row import Int, Row
from coup_rules.jax.rules import Rules, bit
from coup_rules.vector import fields as f

__all__ = ["observe"]


def observe(rules: Rules, s: Row, viewer: Int) -> Array:
    """``viewer``'s observation of the game in row ``s`` (float32, ``ObservationEncoder``)."""
    values = _slots(rules, s, viewer)
    OB = rules.layout.OB
    order = sorted((int(OB[slot]), slot) for slot in values if OB[slot] >= 0)
    if [place for place, _ in order] != list(range(rules.layout.encoder.size)):
        raise AssertionError("the observation slots do not cover the encoder's vector")
    return jnp.stack([jnp.asarray(values[slot], jnp.float32) for _, slot in order])


def _slots(rules: Rules, s: Row, viewer: Int) -> dict[int, Array]:
    """The value of every component slot of the kernel's observation (``fields.O_...``)."""
    n = rules.n
    out: dict[int, Array] = {}
    phase, target = s[f.PHASE], s[f.TARGET]
    inquiring = (phase == f.D_INQUISITOR) & ((viewer == s[f.ACTOR]) | (viewer == target))
    mine = s.hand(viewer)
    for p in range(f.MAXP):
        out[f.O_ME + p] = viewer == p
        for slot in (f.O_ACTIVE, f.O_TO_ACT, f.O_WINNER, f.O_ACTOR, f.O_TARGET):
            out[slot + p] = jnp.asarray(False)
        for slot in (f.O_BLOCKER, f.O_CHALLENGER, f.O_LOSING):
            out[slot + p] = jnp.asarray(False)
    for p in range(n):
        at = f.SEATS + p * f.SEAT_FIELDS
        nhand = s[at + f.S_NHAND]
        out[f.O_COINS + p] = s[at + f.S_COINS]
        out[f.O_HIDDEN + p] = nhand
        out[f.O_ALIVE + p] = nhand > 0
        out[f.O_LOYALIST + p] = s[at + f.S_ALLEG] == 0
        out[f.O_REFORMIST + p] = s[at + f.S_ALLEG] == 1
        nrev = s[at + f.S_NREV]
        known = s.known(viewer, p)
        for r in range(f.NCH):
            first = (nrev > 0) & (s[at + f.S_REV] == r)
            second = (nrev > 1) & (s[at + f.S_REV + 1] == r)
            out[f.O_REV + p * f.NCH + r] = first.astype(jnp.int32) + second.astype(jnp.int32)
            present = r in rules.chars
            out[f.O_CLAIMS + p * f.NCH + r] = present & bit(s[at + f.S_CLAIMS], r)
            k = known[r]
            examined = inquiring & (target == p) & (s[f.SHOWN] == r)
            k = jnp.where(examined, jnp.maximum(k, 1), k)
            k = jnp.where(viewer == p, mine[r], k)
            out[f.O_KNOWN + p * f.NCH + r] = jnp.where(present, k, 0)
        out[f.O_ACTIVE + p] = s[f.ACTIVE] == p
        out[f.O_TO_ACT + p] = bit(s[f.WAIT], p)
        out[f.O_WINNER + p] = s[f.WINNER] == p
    court = s.known(viewer, n)
    for r in range(f.NCH):
        out[f.O_COURT_KNOWN + r] = court[r] if r in rules.chars else jnp.asarray(0)
        out[f.O_SHOWN + r] = inquiring & (s[f.SHOWN] == r)
    out[f.O_TREASURY] = s[f.TREASURY]
    out[f.O_RESERVE] = s[f.RESERVE]
    out[f.O_COURT_SIZE] = s[f.COURTN]
    out[f.O_SET_ASIDE] = s[f.ASIDEN]
    cap = float(rules.layout.encoder.turn_cap)
    out[f.O_TURN] = jnp.minimum(s[f.TURN].astype(jnp.float32), cap)
    for i in range(f.NDECISIONS):
        out[f.O_PENDING + i] = (phase != f.D_NONE) & (phase - 1 == i)
    deep = (phase != f.D_NONE) & (phase > f.D_ACTION)
    action = s[f.ACTION]
    for a in range(f.NACTIONS):
        out[f.O_ACTION + a] = deep & (action == a)
    claim = rules.p(f.P_CLAIM, jnp.maximum(action, 0))
    blocked = (phase == f.D_CHALLENGE_BLOCK) | (phase == f.D_ANSWER_BLOCK)
    blocked = deep & (blocked | ((phase == f.D_LOSE) & (s[f.PBLOCK] != 0)))
    answering = deep & ((phase == f.D_ANSWER_ACTION) | (phase == f.D_ANSWER_BLOCK))
    for r in range(f.NCH):
        out[f.O_CLAIM + r] = deep & (claim == r)
        out[f.O_BLOCK + r] = blocked & (s[f.BLOCKCH] == r)
    for p in range(n):
        out[f.O_ACTOR + p] = deep & (s[f.ACTOR] == p)
        out[f.O_TARGET + p] = deep & (target == p)
        out[f.O_BLOCKER + p] = blocked & (s[f.BLOCKER] == p)
        out[f.O_CHALLENGER + p] = answering & (s[f.CHALLENGER] == p)
        out[f.O_LOSING + p] = deep & (phase == f.D_LOSE) & (s[f.LOSING] == p)
    out[f.O_KEEP] = jnp.where(deep & (phase == f.D_KEEP), s[f.KEEPN], 0)
    return {slot: value for slot, value in out.items() if _placed(rules, slot)}


def _placed(rules: Rules, slot: int) -> bool:
    return bool(np.asarray(rules.layout.OB)[slot] >= 0)
