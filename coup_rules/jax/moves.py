"""One move played: the dispatch over the move kinds (``kernel.apply``) and the kept cards of an
exchange (R-ACT-12)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from coup_rules.jax.bits import onehot
from coup_rules.jax.cards import returned_seen, to_court
from coup_rules.jax.challenges import allow, block, challenge_lost, concede, prove
from coup_rules.jax.deal import setup
from coup_rules.jax.influence import reveal
from coup_rules.jax.inquisitor import force_exchange, show_card
from coup_rules.jax.knowledge import record_add
from coup_rules.jax.row import Bool, Int, Row
from coup_rules.jax.seats import pend
from coup_rules.jax.tables import Tables
from coup_rules.jax.turn import declare, go_on
from coup_rules.vector import fields as f

__all__ = ["apply", "keep"]


def apply(t: Tables, s: Row, player: Int, index: Int, words: Array, on: Bool) -> Row:
    """Play move ``index`` of ``player`` where ``on`` (a legal move: kernel.apply)."""
    kind, arg, second = t.MVj[index, 0], t.MVj[index, 1], t.MVj[index, 2]
    phase = s[f.PHASE]
    s = s.put(f.NDRAW, 0, on)
    stage = jnp.asarray(f.ST_WAIT, jnp.int32)

    def move(k: int) -> Array:
        return on & (kind == k)

    act = on & (kind < f.NACTIONS)
    s, declared = declare(t, s, player, kind, arg, act)
    stage = jnp.where(act, declared, stage)
    s, stage = allow(t, s, player, phase, move(f.M_ALLOW), stage)
    challenge = move(f.M_CHALLENGE)
    s = record_add(t, s, player, f.S_CHALLENGES, challenge)
    s = s.put(f.CHALLENGER, player, challenge)
    on_action = phase == f.D_CHALLENGE_ACTION
    answering = jnp.where(on_action, f.D_ANSWER_ACTION, f.D_ANSWER_BLOCK)
    answerer = jnp.where(on_action, s[f.ACTOR], s[f.BLOCKER])
    s = pend(t, s, answering, 1 << answerer, challenge)
    s = block(t, s, player, arg, move(f.M_BLOCK))
    proving, conceding = move(f.M_PROVE), move(f.M_CONCEDE)
    s = prove(t, s, player, phase, words, proving)
    s = concede(t, s, player, phase, conceding)
    s, stage = challenge_lost(t, s, player, phase, proving, conceding, stage)
    lose = move(f.M_LOSE)  # R-INF-1
    s = reveal(t, s, player, arg, lose)
    stage = jnp.where(lose & (s[f.WINNER] < 0), s[f.RESUME], stage)
    keeping = move(f.M_KEEP)
    s = keep(t, s, player, arg, second, keeping)
    stage = jnp.where(keeping, f.ST_END, stage)
    if t.in_game(f.A_EXAMINE):
        s = show_card(t, s, arg, move(f.M_SHOW))
        stage = jnp.where(move(f.M_GIVE_BACK), f.ST_END, stage)  # R-INQ-5
        force = move(f.M_FORCE)
        s = force_exchange(t, s, words, force)
        stage = jnp.where(force, f.ST_END, stage)
    s = setup(t, s, player, arg, move(f.M_DRAFT), move(f.M_CHOOSE))
    return go_on(t, s, stage, words, on & (stage != f.ST_WAIT))


def keep(t: Tables, s: Row, player: Int, first: Int, second: Int, on: Array) -> Row:
    """Keep the chosen cards; the others go back to the Court (R-ACT-12)."""
    returned = s.hand(player) - onehot(first) - onehot(second)
    s = to_court(t, s, player, returned, on)
    return returned_seen(t, s, player, returned, jnp.sum(returned), -1, on)
