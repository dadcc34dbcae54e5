"""A new game: the deal, the 2-player draft and the choice of allegiances (R-SETUP-1 to
R-SETUP-11, R-REF-1)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

from coup_rules.constants import HAND_SIZE, STARTING_COINS, TWO_PLAYER_FIRST_COINS
from coup_rules.jax.bits import RANKS
from coup_rules.jax.row import Bool, Int, Row
from coup_rules.jax.seats import mask_of, pend
from coup_rules.jax.tables import Tables
from coup_rules.jax.turn import start_turn
from coup_rules.vector import fields as f
from coup_rules.vector.rows import record_blank

__all__ = ["deal", "next_setup_step", "setup"]


def deal(t: Tables, key: Array) -> Array:
    """A new game's row, dealt at random from ``key`` (R-SETUP-1 to R-SETUP-8)."""
    n, P = t.n, t.P
    first = int(P[f.P_FIRST])
    base = np.zeros(t.fields, np.int32)
    for name in (f.WINNER, f.ACTION, f.ACTOR, f.TARGET, f.BLOCKER, f.BLOCKCH):
        base[name] = -1
    base[[f.CHALLENGER, f.LOSING, f.SHOWN]] = -1
    base[f.ACTIVE] = first
    base[f.LIVING] = (1 << n) - 1
    record_blank(base)
    coins = 0
    for seat in range(n):
        at = f.SEATS + seat * f.SEAT_FIELDS
        two = P[f.P_TWO_PLAYER_SETUP] and seat == first
        base[at + f.S_COINS] = TWO_PLAYER_FIRST_COINS if two else STARTING_COINS
        coins += int(base[at + f.S_COINS])
        base[at + f.S_ALLEG] = -1
        base[at + f.S_LAST] = -1
        base[at + f.S_REV : at + f.S_REV + 2] = -1
    base[f.TREASURY] = int(P[f.P_COINS]) - coins
    if P[f.P_TWO_PLAYER_SETUP]:  # R-SETUP-7: one card each from a third set; two aside
        deck = np.array(t.chars, np.int32)
        base[[f.ASIDE + r for r in t.chars]] = 2
        base[f.ASIDEN] = 2 * len(t.chars)
        each = 1
    else:  # R-SETUP-5: two cards each from the whole deck
        deck = np.repeat(np.array(t.chars, np.int32), int(P[f.P_COPIES]))
        each = HAND_SIZE
    cards = jax.random.permutation(key, jnp.asarray(deck))
    ranks = jnp.asarray(RANKS)
    s = t.row(jnp.asarray(base))
    for seat in range(n):
        held = cards[seat * each : (seat + 1) * each]
        s = s.put_hand(seat, jnp.sum(held[:, None] == ranks[None, :], axis=0), True)
        s = s.put_seat(seat, f.S_NHAND, each, True)
    rest = cards[n * each :]
    s = s.put_run(f.COURT, jnp.sum(rest[:, None] == ranks[None, :], axis=0), True)
    s = s.put(f.COURTN, rest.shape[0], True)
    if P[f.P_REFORMATION]:  # R-REF-1: the first move is the choice of allegiance
        return pend(t, s, f.D_ALLEGIANCE, 1 << first, True).array()
    return next_setup_step(t, s, jnp.asarray(True)).array()


def setup(t: Tables, s: Row, player: Int, arg: Int, draft: Array, choose: Array) -> Row:
    """Draft a card (R-SETUP-8) or choose the allegiances (R-REF-1: each next seat
    clockwise takes the other side); then the next step of the setup."""
    if t.P[f.P_TWO_PLAYER_SETUP]:
        s = s.add_at([f.ASIDE + r for r in range(f.NCH)], arg, -1, draft)
        s = s.add(f.ASIDEN, -1, draft)
        if t.track:
            s = s.put_seat(player, f.S_DRAFTED, arg, draft)
        s = s.add_card(player, arg, 1, draft)
        s = s.add_seat(player, f.S_NHAND, 1, draft)
    if t.P[f.P_REFORMATION]:
        for q in range(t.n):
            offset = (q - player) % t.n
            s = s.put_seat(q, f.S_ALLEG, (arg + offset) % 2, choose)
    return next_setup_step(t, s, draft | choose)


def next_setup_step(t: Tables, s: Row, on: Bool) -> Row:
    """The draft while a player holds one card, else the first turn (R-SETUP-8,
    R-SETUP-11)."""
    drafting = mask_of(t, jnp.stack([s.seat(q, f.S_NHAND) == 1 for q in range(t.n)]))
    s = pend(t, s, f.D_DRAFT, drafting, on & (drafting != 0))
    return start_turn(t, s, int(t.P[f.P_FIRST]), on & (drafting == 0))
