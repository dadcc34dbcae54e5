"""The rules of Coup compiled with numba, as functions over one game's row (see ``fields``).

Every function here works on plain integers and arrays, never on Python objects, so that the
state layout and the step can later be followed by another backend (JAX on a GPU). The rule ids
cited are the formal spec's (``docs/spec/``); the engine (``coup_rules.rules``) is the reference
and these functions follow it statement for statement, as ``tests/test_vector_differential.py``
checks move for move. ``batch`` runs them over arrays of games.

Chance: each row carries its own 64-bit counter (SplitMix64); a draw from the Court is a uniform
index into the Court in rank order, which is how the engine draws (R-INFO-5 fixes the engine's
stream; this one is different, so the indices of a step's draws are kept in the row for the
differential test to replay in the engine).

The knowledge fields (claims and the cards each seat knows the place of) feed only the
observation (``coup_rules.ai.encoding.ObservationEncoder``); with ``P[P_TRACK] == 0`` they are
not kept, which is how ``random_playouts`` runs.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from coup_rules import constants
from coup_rules.constants import (
    EXCHANGE_DRAWS,
    FORCED_COUP_COINS,
    FOREIGN_AID_COINS,
    HAND_SIZE,
    INCOME_COINS,
    INQUISITOR_EXCHANGE_DRAWS,
    STARTING_COINS,
    STEAL_COINS,
    TAX_COINS,
    TWO_PLAYER_FIRST_COINS,
)
from coup_rules.vector import cache, fields, rows
from coup_rules.vector.fields import (
    A_ASSASSINATE,
    A_CONVERT,
    A_COUP,
    A_EMBEZZLE,
    A_EXAMINE,
    A_EXCHANGE,
    A_FOREIGN_AID,
    A_INCOME,
    A_STEAL,
    A_TAX,
    ACTION,
    ACTIVE,
    ACTOR,
    AIM_NONE,
    AIM_OPPONENT,
    ASIDE,
    ASIDEN,
    ASK_OPPONENTS,
    ASK_TARGET,
    BLOCKCH,
    BLOCKER,
    CHALLENGER,
    COURT,
    COURTN,
    D_ACTION,
    D_ALLEGIANCE,
    D_ANSWER_ACTION,
    D_ANSWER_BLOCK,
    D_CHALLENGE_ACTION,
    D_CHALLENGE_BLOCK,
    D_COUNTER,
    D_DRAFT,
    D_INQUISITOR,
    D_KEEP,
    D_LOSE,
    D_NONE,
    D_SHOW,
    DRAWS,
    I_ACT,
    I_ALLOW,
    I_BLOCK,
    I_CHALLENGE,
    I_CHOOSE,
    I_CONCEDE,
    I_DRAFT,
    I_FORCE,
    I_GIVE_BACK,
    I_KEEP1,
    I_KEEP2,
    I_LOSE,
    I_PROVE,
    I_SHOW,
    KEEPN,
    KNOW,
    LIVING,
    LOSING,
    M_ALLOW,
    M_BLOCK,
    M_CHALLENGE,
    M_CHOOSE,
    M_CONCEDE,
    M_DRAFT,
    M_FORCE,
    M_GIVE_BACK,
    M_KEEP,
    M_LOSE,
    M_PROVE,
    M_SHOW,
    MAXDRAWS,
    NACTIONS,
    NCH,
    NDRAW,
    P_AIM,
    P_ASKED,
    P_BLOCKERS,
    P_CHALLENGEABLE,
    P_CHARS,
    P_CLAIM,
    P_COINS,
    P_COPIES,
    P_COST,
    P_DISCLAIM,
    P_FIRST,
    P_INQUISITOR,
    P_MAX_TURNS,
    P_PLAYERS,
    P_POOL,
    P_REFORMATION,
    P_REFUNDED,
    P_SELF_COST,
    P_TRACK,
    P_TWO_PLAYER_SETUP,
    PBLOCK,
    PHASE,
    POOL_RESERVE,
    RESERVE,
    RESUME,
    RNG_HI,
    RNG_LO,
    S_AID_BLOCKS,
    S_AID_PASSES,
    S_ALLEG,
    S_CHALLENGES,
    S_CLAIMS,
    S_COINS,
    S_CONCEDED,
    S_DRAFTED,
    S_HAND,
    S_LAST,
    S_NHAND,
    S_NREV,
    S_PASSES,
    S_PROVED,
    S_RCLAIMS,
    S_REV,
    S_RLAST,
    S_SEEN,
    SEAT_FIELDS,
    SEATS,
    SHOWN,
    ST_COUNTER,
    ST_END,
    ST_RESOLVE,
    ST_WAIT,
    TARGET,
    TREASURY,
    TURN,
    WAIT,
    WINNER,
)

_U32 = np.uint64(0xFFFFFFFF)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


# --- chance --------------------------------------------------------------------------------------


@njit(cache=True)
def seed_row(s: np.ndarray, seed: int) -> None:
    """Set the row's random counter from a 64-bit seed."""
    x = np.uint64(seed)
    s[RNG_LO] = np.int32(np.uint32(x & _U32))
    s[RNG_HI] = np.int32(np.uint32(x >> np.uint64(32)))


@njit(cache=True)
def rand_next(s: np.ndarray) -> np.uint64:
    """The next 64 bits of the row's SplitMix64 stream."""
    x = np.uint64(np.uint32(s[RNG_LO])) | (np.uint64(np.uint32(s[RNG_HI])) << np.uint64(32))
    x = x + _GOLDEN
    s[RNG_LO] = np.int32(np.uint32(x & _U32))
    s[RNG_HI] = np.int32(np.uint32(x >> np.uint64(32)))
    z = (x ^ (x >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def rand_below(s: np.ndarray, n: int) -> np.int64:
    """A random integer in ``range(n)`` from the row's SplitMix64 stream."""
    return np.int64(((rand_next(s) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True)
def rand_unit(s: np.ndarray) -> float:
    """A uniform float in [0, 1) from the row's stream (53 bits, as ``random.random``)."""
    return float(rand_next(s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


# --- small helpers -------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def seat_at(seat: int) -> int:
    return SEATS + seat * SEAT_FIELDS


@njit(cache=True, inline="always")
def know_at(P: np.ndarray, viewer: int, place: int) -> int:
    """Where the viewer's known counts of a place start: places are the seats, then the Court
    (place ``players``)."""
    return KNOW + (viewer * (P[P_PLAYERS] + 1) + place) * NCH


@njit(cache=True)
def popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def lowest(x: int) -> int:
    seat = 0
    while not (x >> seat) & 1:
        seat += 1
    return seat


@njit(cache=True)
def claim_of(P: np.ndarray, action: int) -> int:
    """The character ``action`` claims, -1 for none (Embezzle claims none: R-REF-8)."""
    return P[P_CLAIM + action]


@njit(cache=True)
def challengeable(P: np.ndarray, action: int) -> bool:
    """Character actions and Embezzle open a challenge window (R-WIN-2, R-REF-8)."""
    return P[P_CHALLENGEABLE + action] != 0


@njit(cache=True)
def united(s: np.ndarray, P: np.ndarray) -> bool:
    """Whether every living player shares one allegiance (R-REF-4)."""
    if P[P_REFORMATION] == 0:
        return True
    side = -2
    living = s[LIVING]
    for seat in range(P[P_PLAYERS]):
        if (living >> seat) & 1:
            a = s[seat_at(seat) + S_ALLEG]
            if side == -2:
                side = a
            elif a != side:
                return False
    return True


@njit(cache=True)
def opponents(s: np.ndarray, P: np.ndarray, actor: int) -> int:
    """The living seats ``actor`` may act against (R-ACT-8, R-REF-2 to R-REF-4), as a mask."""
    living = s[LIVING]
    if united(s, P):
        return living & ~(1 << actor)
    mine = s[seat_at(actor) + S_ALLEG]
    out = 0
    for seat in range(P[P_PLAYERS]):
        if (living >> seat) & 1 and s[seat_at(seat) + S_ALLEG] != mine:
            out |= 1 << seat
    return out


@njit(cache=True)
def asked_first(s: np.ndarray, P: np.ndarray) -> int:
    """The seat asked first among the waiting ones (``coup_rules.ai.encoding.asked_first``):
    clockwise from the actor, or from the blocker in the block's challenge window; -1 when the
    game is over."""
    wait = s[WAIT]
    if wait == 0:
        return -1
    phase = s[PHASE]
    if phase == D_CHALLENGE_BLOCK:
        after = s[BLOCKER]
    elif phase == D_CHALLENGE_ACTION or phase == D_COUNTER:
        after = s[ACTOR]
    else:
        return lowest(wait)
    n = P[P_PLAYERS]
    for step in range(1, n + 1):
        seat = (after + step) % n
        if (wait >> seat) & 1:
            return seat
    return -1


# --- knowledge (observation only) ----------------------------------------------------------------


@njit(cache=True)
def know_sub(s: np.ndarray, P: np.ndarray, viewer: int, place: int, rank: int, count: int) -> None:
    """Counter subtraction: what is known at a place, less ``count`` of ``rank`` (never below 0)."""
    at = know_at(P, viewer, place) + rank
    s[at] = max(0, s[at] - count)


@njit(cache=True)
def know_weaken(s: np.ndarray, P: np.ndarray, viewer: int, place: int, unknown: int) -> None:
    """What stays certain of a place after ``unknown`` unseen cards left it."""
    at = know_at(P, viewer, place)
    for r in range(NCH):
        v = s[at + r]
        s[at + r] = v - unknown if v > unknown else 0


@njit(cache=True)
def claims_clear(s: np.ndarray, P: np.ndarray, seat: int) -> None:
    if P[P_TRACK]:
        s[seat_at(seat) + S_CLAIMS] = 0


@njit(cache=True)
def claims_drop(s: np.ndarray, P: np.ndarray, seat: int, rank: int) -> None:
    if P[P_TRACK] and rank >= 0:
        s[seat_at(seat) + S_CLAIMS] &= ~(1 << rank)


@njit(cache=True)
def claims_add(s: np.ndarray, P: np.ndarray, seat: int, rank: int) -> None:
    """A claim in an action or a block (``coup_rules.ai.claims``)."""
    if P[P_TRACK]:
        at = seat_at(seat)
        s[at + S_LAST] = rank
        if rank >= 0:
            s[at + S_CLAIMS] |= 1 << rank


# --- the bots' record (coup_rules.bots.counting.read; observation-tracking rows only) -------------


@njit(cache=True)
def record_claim(s: np.ndarray, P: np.ndarray, seat: int, rank: int) -> None:
    """A claim in an action or a block, as ``Reading.claims`` and ``last_claims`` count it."""
    if P[P_TRACK] and rank >= 0:
        at = seat_at(seat)
        s[at + S_RCLAIMS] |= 1 << rank
        s[at + S_RLAST] = rank


@njit(cache=True)
def record_add(s: np.ndarray, P: np.ndarray, seat: int, field: int) -> None:
    """One more of ``seat``'s public record (proofs, concessions, challenges, passes ...)."""
    if P[P_TRACK]:
        s[seat_at(seat) + field] += 1


@njit(cache=True)
def record_clear(s: np.ndarray, P: np.ndarray, seat: int) -> None:
    """``seat``'s hand changed unseen (CardsDrawn, ExchangeForced, Eliminated): nobody knows a
    card of it any more, and its claims are forgotten."""
    if P[P_TRACK]:
        s[seat_at(seat) + S_RCLAIMS] = 0
        for v in range(P[P_PLAYERS]):
            s[seat_at(v) + S_SEEN + seat] = -1


@njit(cache=True)
def record_lost(s: np.ndarray, P: np.ndarray, seat: int, rank: int) -> None:
    """InfluenceLost: a seen card of that rank is no longer known, nor claimed."""
    if P[P_TRACK]:
        s[seat_at(seat) + S_RCLAIMS] &= ~(1 << rank)
        for v in range(P[P_PLAYERS]):
            if s[seat_at(v) + S_SEEN + seat] == rank:
                s[seat_at(v) + S_SEEN + seat] = -1


record_blank = njit(cache=True)(rows.record_blank)
"""A seat's record before anything happened (``rows.record_blank``, compiled)."""


# --- the primitive effects (rules.scratch) -------------------------------------------------------


@njit(cache=True)
def take(s: np.ndarray, seat: int, amount: int) -> None:
    """``seat`` takes up to ``amount`` from the Treasury: what it holds (R-ACT-10)."""
    amount = min(amount, s[TREASURY])
    s[TREASURY] -= amount
    s[seat_at(seat) + S_COINS] += amount


@njit(cache=True)
def draw(s: np.ndarray, P: np.ndarray, seat: int, count: int) -> None:
    """``seat`` draws ``count`` random cards from the Court (R-CHAL-3, R-ACT-7, R-INQ-6)."""
    at = seat_at(seat)
    track = P[P_TRACK]
    for _ in range(count):
        k = rand_below(s, s[COURTN])
        nd = s[NDRAW]
        if nd < MAXDRAWS:
            s[DRAWS + nd] = k
        s[NDRAW] = nd + 1
        r = 0
        while k >= s[COURT + r]:
            k -= s[COURT + r]
            r += 1
        s[COURT + r] -= 1
        s[COURTN] -= 1
        s[at + S_HAND + r] += 1
        s[at + S_NHAND] += 1
        if track:  # CardsDrawn: the drawer sees each card (Counter subtraction, one at a time)
            know_sub(s, P, seat, P[P_PLAYERS], r, 1)
    if track:  # ... and the others only their number
        for v in range(P[P_PLAYERS]):
            if v != seat:
                know_weaken(s, P, v, P[P_PLAYERS], count)
        record_clear(s, P, seat)


@njit(cache=True)
def to_court(s: np.ndarray, seat: int, rank: int) -> None:
    """One hidden card of ``seat`` goes into the Court."""
    at = seat_at(seat)
    s[at + S_HAND + rank] -= 1
    s[at + S_NHAND] -= 1
    s[COURT + rank] += 1
    s[COURTN] += 1


@njit(cache=True)
def returned_seen(
    s: np.ndarray, P: np.ndarray, seat: int, cards: np.ndarray, count: int, witness: int
) -> None:
    """Knowledge after CardsReturned: the returner (and a witness) see the cards go back."""
    if not P[P_TRACK]:
        return
    for v in range(P[P_PLAYERS]):
        if v == seat or v == witness:
            at = know_at(P, v, P[P_PLAYERS])
            for r in range(NCH):
                s[at + r] += cards[r]
            if v != seat:
                for r in range(NCH):
                    if cards[r]:
                        know_sub(s, P, v, seat, r, cards[r])
        else:
            know_weaken(s, P, v, seat, count)
    claims_clear(s, P, seat)


@njit(cache=True)
def reveal(s: np.ndarray, P: np.ndarray, seat: int, rank: int) -> None:
    """Turn a card face up; on the last one the player is out, and maybe the game won
    (R-INF-3, R-INF-4, R-INF-6)."""
    at = seat_at(seat)
    s[at + S_HAND + rank] -= 1
    s[at + S_NHAND] -= 1
    s[at + S_REV + s[at + S_NREV]] = rank
    s[at + S_NREV] += 1
    if P[P_TRACK]:  # InfluenceLost
        claims_drop(s, P, seat, rank)
        for v in range(P[P_PLAYERS]):
            if v != seat:
                know_sub(s, P, v, seat, rank, 1)
        record_lost(s, P, seat, rank)
    if s[at + S_NHAND]:
        return
    claims_clear(s, P, seat)  # Eliminated
    record_clear(s, P, seat)
    s[TREASURY] += s[at + S_COINS]
    s[at + S_COINS] = 0
    living = s[LIVING] & ~(1 << seat)
    s[LIVING] = living
    if popcount(living) == 1:
        s[WINNER] = lowest(living)
        s[PHASE] = D_NONE
        s[WAIT] = 0
        s[SHOWN] = -1


# --- the course of a turn (rules.flow) -----------------------------------------------------------


@njit(cache=True)
def pend(s: np.ndarray, phase: int, wait: int) -> int:
    s[PHASE] = phase
    s[WAIT] = wait
    return ST_WAIT


@njit(cache=True)
def start_turn(s: np.ndarray, seat: int) -> None:
    """A new turn begins: the seat must declare an action (R-TURN-1, R-SETUP-11)."""
    s[TURN] += 1
    s[ACTIVE] = seat
    s[ACTION] = -1
    s[TARGET] = -1
    s[BLOCKER] = -1
    s[BLOCKCH] = -1
    s[CHALLENGER] = -1
    s[LOSING] = -1
    s[KEEPN] = 0
    s[PBLOCK] = 0
    pend(s, D_ACTION, 1 << seat)


@njit(cache=True)
def end_turn(s: np.ndarray, P: np.ndarray) -> None:
    """The next living seat after the actor plays (R-TURN-3), unless the turn limit is reached:
    then the game is drawn (R-TURN-8)."""
    s[SHOWN] = -1
    limit = P[P_MAX_TURNS]
    if limit > 0 and s[TURN] >= limit:
        s[PHASE] = D_NONE
        s[WAIT] = 0
        return
    n = P[P_PLAYERS]
    active = s[ACTIVE]
    seat = active
    for step in range(1, n + 1):
        seat = (active + step) % n
        if (s[LIVING] >> seat) & 1:
            break
    start_turn(s, seat)


@njit(cache=True)
def lose_influence(s: np.ndarray, P: np.ndarray, seat: int, resume: int, block: int) -> int:
    """``seat`` loses an influence: chosen with two hidden cards (R-INF-1), at once with one
    (R-INF-2); then the turn goes on at ``resume``."""
    at = seat_at(seat)
    if s[at + S_NHAND] == 1:
        r = 0
        while s[at + S_HAND + r] == 0:
            r += 1
        reveal(s, P, seat, r)
        if s[WINNER] >= 0:
            return ST_WAIT
        return resume
    s[LOSING] = seat
    s[RESUME] = resume
    s[PBLOCK] = block
    return pend(s, D_LOSE, 1 << seat)


@njit(cache=True)
def declare(s: np.ndarray, P: np.ndarray, actor: int, action: int, target: int) -> int:
    """The active player declares an action and pays its cost at once (R-ACT-9)."""
    s[ACTION] = action
    s[ACTOR] = actor
    s[TARGET] = target
    claims_add(s, P, actor, claim_of(P, action))  # ActionDeclared
    record_claim(s, P, actor, claim_of(P, action))
    # R-ACT-9 (R-REF-7: Convert costs less on yourself, and goes onto the Reserve)
    cost = P[P_SELF_COST + action] if target == actor else P[P_COST + action]
    s[seat_at(actor) + S_COINS] -= cost
    if P[P_POOL + action] == POOL_RESERVE:
        s[RESERVE] += cost
    else:
        s[TREASURY] += cost
    if challengeable(P, action):  # R-WIN-2
        return pend(s, D_CHALLENGE_ACTION, s[LIVING] & ~(1 << actor))
    return ST_COUNTER


@njit(cache=True)
def open_counter(s: np.ndarray, P: np.ndarray) -> int:
    """The counter window, if the action can be blocked and still stands (R-WIN-3, R-WIN-4)."""
    ask = P[P_ASKED + s[ACTION]]
    asked = 0
    if ask == ASK_OPPONENTS:  # R-ACT-2, R-REF-3
        asked = opponents(s, P, s[ACTOR])
    elif ask == ASK_TARGET:
        target = s[TARGET]
        if (s[LIVING] >> target) & 1:
            asked = 1 << target
    if asked:
        return pend(s, D_COUNTER, asked)
    return ST_RESOLVE


@njit(cache=True)
def show_card(s: np.ndarray, P: np.ndarray, rank: int) -> int:
    """The Examine target shows a card to the Inquisitor alone (R-INQ-4)."""
    s[SHOWN] = rank
    if P[P_TRACK]:  # CardShown, seen by the Inquisitor
        inquisitor = s[ACTOR]
        at = know_at(P, inquisitor, s[TARGET]) + rank
        s[at] = max(s[at], 1)
        s[seat_at(inquisitor) + S_SEEN + s[TARGET]] = rank
    return pend(s, D_INQUISITOR, 1 << s[ACTOR])


@njit(cache=True)
def resolve(s: np.ndarray, P: np.ndarray) -> int:
    """The action takes effect (R-ACT-1 to R-ACT-7, R-INQ-3, R-REF-7, R-REF-8)."""
    action = s[ACTION]
    actor = s[ACTOR]
    target = s[TARGET]
    if action == A_INCOME:
        take(s, actor, INCOME_COINS)
    elif action == A_FOREIGN_AID:
        take(s, actor, FOREIGN_AID_COINS)
    elif action == A_TAX:
        take(s, actor, TAX_COINS)
    elif action == A_COUP or action == A_ASSASSINATE:
        if (s[LIVING] >> target) & 1:  # R-INF-5: a target already out is spared nothing
            return lose_influence(s, P, target, ST_END, 0)
    elif action == A_STEAL:
        if (s[LIVING] >> target) & 1:
            t = seat_at(target)
            amount = min(STEAL_COINS, s[t + S_COINS])
            s[t + S_COINS] -= amount
            s[seat_at(actor) + S_COINS] += amount
    elif action == A_EXCHANGE:  # R-ACT-7, R-INQ-2, R-ACT-12
        s[KEEPN] = s[seat_at(actor) + S_NHAND]
        draw(s, P, actor, INQUISITOR_EXCHANGE_DRAWS if P[P_INQUISITOR] else EXCHANGE_DRAWS)
        return pend(s, D_KEEP, 1 << actor)
    elif action == A_EXAMINE:  # R-INQ-4
        t = seat_at(target)
        if (s[LIVING] >> target) & 1:
            if s[t + S_NHAND] == 1:
                r = 0
                while s[t + S_HAND + r] == 0:
                    r += 1
                return show_card(s, P, r)
            return pend(s, D_SHOW, 1 << target)
    elif action == A_CONVERT:
        t = seat_at(target)
        s[t + S_ALLEG] = 1 - s[t + S_ALLEG]
    elif action == A_EMBEZZLE:
        s[seat_at(actor) + S_COINS] += s[RESERVE]
        s[RESERVE] = 0
    else:
        raise ValueError("kernel.resolve: an action with no arm (write its effect in resolve)")
    return ST_END


@njit(cache=True)
def go_on(s: np.ndarray, P: np.ndarray, stage: int) -> None:
    """Run the turn on from ``stage`` until a decision is pending or the game is over."""
    while stage != ST_WAIT:
        if stage == ST_COUNTER:
            stage = open_counter(s, P)
        elif stage == ST_RESOLVE:
            stage = resolve(s, P)
        elif stage == ST_END:
            end_turn(s, P)
            stage = ST_WAIT
        else:
            raise ValueError("kernel.go_on: a stage with no arm (give the new stage its arm here)")


@njit(cache=True)
def next_setup_step(s: np.ndarray, P: np.ndarray) -> None:
    """The draft while a player holds one card, else the first turn (R-SETUP-8, R-SETUP-11)."""
    drafting = 0
    for seat in range(P[P_PLAYERS]):
        if s[seat_at(seat) + S_NHAND] == 1:
            drafting |= 1 << seat
    if drafting:
        pend(s, D_DRAFT, drafting)
    else:
        start_turn(s, P[P_FIRST])


# --- one move ------------------------------------------------------------------------------------


@njit(cache=True)
def can_prove(s: np.ndarray, P: np.ndarray, seat: int) -> bool:
    """Prove needs the claimed card (R-CHAL-1); against Embezzle, no Duke (R-REF-9)."""
    at = seat_at(seat)
    if s[PHASE] == D_ANSWER_BLOCK:
        return s[at + S_HAND + s[BLOCKCH]] > 0
    disclaimed = P[P_DISCLAIM + s[ACTION]]
    if disclaimed >= 0:
        return s[at + S_HAND + disclaimed] == 0
    return s[at + S_HAND + claim_of(P, s[ACTION])] > 0


@njit(cache=True)
def legal(s: np.ndarray, P: np.ndarray, IX: np.ndarray, seat: int, out: np.ndarray) -> int:
    """The move indices ``seat`` may play, written to ``out``; returns how many (rules.legal)."""
    phase = s[PHASE]
    if phase == D_NONE or not (s[WAIT] >> seat) & 1:
        return 0
    at = seat_at(seat)
    n = 0
    if phase == D_CHALLENGE_ACTION or phase == D_CHALLENGE_BLOCK:  # R-WIN-2, R-WIN-5
        out[0] = IX[I_CHALLENGE]
        out[1] = IX[I_ALLOW]
        return 2
    if phase == D_ANSWER_ACTION or phase == D_ANSWER_BLOCK:  # R-CHAL-1, R-CHAL-2
        if can_prove(s, P, seat):
            out[n] = IX[I_PROVE]
            n += 1
        out[n] = IX[I_CONCEDE]
        return n + 1
    if phase == D_LOSE or phase == D_SHOW:  # R-INF-1, R-INQ-4
        base = I_LOSE if phase == D_LOSE else I_SHOW
        for r in range(NCH):
            if s[at + S_HAND + r]:
                out[n] = IX[base + r]
                n += 1
        return n
    if phase == D_ACTION:
        return legal_actions(s, P, IX, seat, out)
    if phase == D_COUNTER:  # R-WIN-3, R-INQ-7: the blocks in card order, then Allow
        blockers = P[P_BLOCKERS + s[ACTION]]
        for r in range(NCH):
            if (blockers >> r) & 1:
                out[n] = IX[I_BLOCK + r]
                n += 1
        out[n] = IX[I_ALLOW]
        return n + 1
    if phase == D_KEEP:  # R-ACT-12: every distinct choice of KEEPN cards
        if s[KEEPN] == 1:
            for r in range(NCH):
                if s[at + S_HAND + r]:
                    out[n] = IX[I_KEEP1 + r]
                    n += 1
        else:
            for r in range(NCH):
                c = s[at + S_HAND + r]
                if c == 0:
                    continue
                if c >= 2:
                    out[n] = IX[I_KEEP2 + r * NCH + r]
                    n += 1
                for q in range(r + 1, NCH):
                    if s[at + S_HAND + q]:
                        out[n] = IX[I_KEEP2 + r * NCH + q]
                        n += 1
        return n
    if phase == D_INQUISITOR:  # R-INQ-5, R-INQ-6
        out[0] = IX[I_GIVE_BACK]
        out[1] = IX[I_FORCE]
        return 2
    if phase == D_DRAFT:  # R-SETUP-8
        for r in range(NCH):
            if (P[P_CHARS] >> r) & 1:
                out[n] = IX[I_DRAFT + r]
                n += 1
        return n
    if phase == D_ALLEGIANCE:  # R-REF-1
        out[0] = IX[I_CHOOSE]
        out[1] = IX[I_CHOOSE + 1]
        return 2
    raise ValueError("kernel.legal: a phase with no arm (give the new decision its arm in legal)")


@njit(cache=True)
def legal_actions(s: np.ndarray, P: np.ndarray, IX: np.ndarray, seat: int, out: np.ndarray) -> int:
    """The actions of the table that ``seat`` may declare (R-TURN-1, R-TURN-2, R-ACT-8,
    R-ACT-9, R-ACT-11, R-REF-2)."""
    coins = min(s[seat_at(seat) + S_COINS], FORCED_COUP_COINS)
    aims = opponents(s, P, seat)
    players = P[P_PLAYERS]
    n = 0
    if coins >= FORCED_COUP_COINS:
        for t in range(players):
            if (aims >> t) & 1:
                out[n] = IX[I_ACT + A_COUP] + t
                n += 1
        return n
    for action in range(NACTIONS):  # the table's order (rules.legal._walk)
        base = IX[I_ACT + action]
        if base < 0:  # not in this game
            continue
        aim = P[P_AIM + action]
        cost = P[P_COST + action]
        if aim == AIM_NONE:
            if coins >= cost:
                out[n] = base
                n += 1
        elif aim == AIM_OPPONENT:
            if coins >= cost:
                for t in range(players):
                    if (aims >> t) & 1:
                        out[n] = base + t
                        n += 1
        else:  # AIM_LIVING: any living seat, itself at its own price (R-REF-7)
            for t in range(players):
                price = P[P_SELF_COST + action] if t == seat else cost
                if (s[LIVING] >> t) & 1 and coins >= price:
                    out[n] = base + t
                    n += 1
    return n


@njit(cache=True)
def apply(s: np.ndarray, P: np.ndarray, MV: np.ndarray, player: int, index: int) -> None:
    """Play move ``index`` of ``player``, a legal move in this row (rules.step)."""
    kind = MV[index, 0]
    arg = MV[index, 1]
    phase = s[PHASE]
    s[NDRAW] = 0
    if kind < NACTIONS:
        go_on(s, P, declare(s, P, player, kind, arg))
    elif kind == M_ALLOW:  # R-WIN-2, R-WIN-3, R-WIN-5
        if phase == D_CHALLENGE_ACTION or phase == D_CHALLENGE_BLOCK:
            record_add(s, P, player, S_PASSES)
        elif s[ACTION] == A_FOREIGN_AID:
            record_add(s, P, player, S_AID_PASSES)
        wait = s[WAIT] & ~(1 << player)
        if wait:
            s[WAIT] = wait
            return
        if phase == D_CHALLENGE_ACTION:
            go_on(s, P, ST_COUNTER)
        elif phase == D_COUNTER:
            go_on(s, P, ST_RESOLVE)
        else:
            go_on(s, P, ST_END)  # the block stands (R-WIN-6)
    elif kind == M_CHALLENGE:
        record_add(s, P, player, S_CHALLENGES)
        s[CHALLENGER] = player
        if phase == D_CHALLENGE_ACTION:
            pend(s, D_ANSWER_ACTION, 1 << s[ACTOR])
        else:
            pend(s, D_ANSWER_BLOCK, 1 << s[BLOCKER])
    elif kind == M_BLOCK:  # R-WIN-3, R-WIN-5
        claims_add(s, P, player, arg)
        record_claim(s, P, player, arg)
        if s[ACTION] == A_FOREIGN_AID:
            record_add(s, P, player, S_AID_BLOCKS)
        s[BLOCKER] = player
        s[BLOCKCH] = arg
        pend(s, D_CHALLENGE_BLOCK, s[LIVING] & ~(1 << player))
    elif kind == M_PROVE:
        prove(s, P, player, phase)
    elif kind == M_CONCEDE:  # R-CHAL-4, R-CHAL-5
        if P[P_TRACK]:
            claims_drop(s, P, player, s[seat_at(player) + S_LAST])
            at = seat_at(player)
            s[at + S_CONCEDED] += 1
            last = s[at + S_RLAST]
            if last >= 0:  # Reading.claims: the last claim is given up
                s[at + S_RCLAIMS] &= ~(1 << last)
                s[at + S_RLAST] = -1
        if phase == D_ANSWER_ACTION:
            if P[P_REFUNDED + s[ACTION]]:
                take(s, player, P[P_COST + s[ACTION]])
            go_on(s, P, lose_influence(s, P, player, ST_END, 0))
        else:
            go_on(s, P, lose_influence(s, P, player, ST_RESOLVE, 1))
    elif kind == M_LOSE:  # R-INF-1
        reveal(s, P, player, arg)
        if s[WINNER] < 0:
            go_on(s, P, s[RESUME])
    elif kind == M_KEEP:
        keep(s, P, player, arg, MV[index, 2])
        go_on(s, P, ST_END)
    elif kind == M_SHOW:
        show_card(s, P, arg)
    elif kind == M_GIVE_BACK:  # R-INQ-5
        go_on(s, P, ST_END)
    elif kind == M_FORCE:
        force_exchange(s, P)
        go_on(s, P, ST_END)
    elif kind == M_DRAFT:  # R-SETUP-8
        s[ASIDE + arg] -= 1
        s[ASIDEN] -= 1
        at = seat_at(player)
        if P[P_TRACK]:
            s[at + S_DRAFTED] = arg
        s[at + S_HAND + arg] += 1
        s[at + S_NHAND] += 1
        next_setup_step(s, P)
    elif kind == M_CHOOSE:  # R-REF-1: each next seat clockwise takes the other side
        n = P[P_PLAYERS]
        side = arg
        for step in range(n):
            s[seat_at((player + step) % n) + S_ALLEG] = side
            side = 1 - side
        next_setup_step(s, P)
    else:
        raise ValueError(
            "kernel.apply: a move kind with no arm (give the new move its arm in apply)"
        )


@njit(cache=True)
def prove(s: np.ndarray, P: np.ndarray, player: int, phase: int) -> None:
    """Show the claimed card (or, against Embezzle, the whole hand), return it, draw as many;
    then the challenger loses an influence (R-CHAL-3, R-REF-10)."""
    at = seat_at(player)
    cards = np.zeros(NCH, np.int32)
    if phase == D_ANSWER_BLOCK:
        cards[s[BLOCKCH]] = 1
    elif P[P_DISCLAIM + s[ACTION]] >= 0:  # the whole hand, without the disclaimed card
        for r in range(NCH):
            cards[r] = s[at + S_HAND + r]
    else:
        cards[claim_of(P, s[ACTION])] = 1
    count = 0
    for r in range(NCH):
        count += cards[r]
    if P[P_TRACK]:  # Proved: shown to all, then into the Court
        s[at + S_PROVED] += 1
        for v in range(P[P_PLAYERS]):
            seen = s[seat_at(v) + S_SEEN + player]
            if seen >= 0 and cards[seen] > 0:
                s[seat_at(v) + S_SEEN + player] = -1
        for r in range(NCH):
            if cards[r]:
                claims_drop(s, P, player, r)
        for v in range(P[P_PLAYERS]):
            court = know_at(P, v, P[P_PLAYERS])
            for r in range(NCH):
                s[court + r] += cards[r]
            if v != player:
                for r in range(NCH):
                    if cards[r]:
                        know_sub(s, P, v, player, r, cards[r])
    for r in range(NCH):
        for _ in range(cards[r]):
            to_court(s, player, r)
    draw(s, P, player, count)
    if phase == D_ANSWER_ACTION:
        go_on(s, P, lose_influence(s, P, s[CHALLENGER], ST_COUNTER, 0))
    else:
        go_on(s, P, lose_influence(s, P, s[CHALLENGER], ST_END, 1))


@njit(cache=True)
def keep(s: np.ndarray, P: np.ndarray, player: int, first: int, second: int) -> None:
    """Keep the chosen cards; the others go back to the Court (R-ACT-12)."""
    at = seat_at(player)
    returned = np.zeros(NCH, np.int32)
    for r in range(NCH):
        returned[r] = s[at + S_HAND + r]
    returned[first] -= 1
    if second >= 0:
        returned[second] -= 1
    count = 0
    for r in range(NCH):
        for _ in range(returned[r]):
            to_court(s, player, r)
            count += 1
    returned_seen(s, P, player, returned, count, -1)


@njit(cache=True)
def force_exchange(s: np.ndarray, P: np.ndarray) -> None:
    """The target draws a replacement, then the shown card goes back to the Court (R-INQ-6)."""
    target = s[TARGET]
    shown = s[SHOWN]
    draw(s, P, target, 1)
    to_court(s, target, shown)
    cards = np.zeros(NCH, np.int32)
    cards[shown] = 1
    returned_seen(s, P, target, cards, 1, s[ACTOR])


# --- a new game ----------------------------------------------------------------------------------


@njit(cache=True)
def deal_card(s: np.ndarray, pile: np.ndarray, total: int) -> int:
    """A card taken at random from ``pile`` (counts per rank) holding ``total`` cards."""
    k = rand_below(s, total)
    r = 0
    while k >= pile[r]:
        k -= pile[r]
        r += 1
    pile[r] -= 1
    return r


@njit(cache=True)
def reset_row(s: np.ndarray, P: np.ndarray) -> None:
    """A new game in this row, dealt from its own random stream (R-SETUP-1 to R-SETUP-8)."""
    lo = s[RNG_LO]
    hi = s[RNG_HI]
    s[:] = 0
    s[RNG_LO] = lo
    s[RNG_HI] = hi
    n = P[P_PLAYERS]
    first = P[P_FIRST]
    s[WINNER] = -1
    s[ACTION] = -1
    s[ACTOR] = -1
    s[TARGET] = -1
    s[BLOCKER] = -1
    s[BLOCKCH] = -1
    s[CHALLENGER] = -1
    s[LOSING] = -1
    s[SHOWN] = -1
    s[ACTIVE] = first
    s[LIVING] = (1 << n) - 1
    record_blank(s)
    total_coins = 0
    for seat in range(n):
        at = seat_at(seat)
        two = P[P_TWO_PLAYER_SETUP] and seat == first
        coins = TWO_PLAYER_FIRST_COINS if two else STARTING_COINS
        s[at + S_COINS] = coins
        total_coins += coins
        s[at + S_ALLEG] = -1
        s[at + S_LAST] = -1
        s[at + S_REV] = -1
        s[at + S_REV + 1] = -1
    s[TREASURY] = P[P_COINS] - total_coins
    pile = np.zeros(NCH, np.int32)
    if P[P_TWO_PLAYER_SETUP]:  # R-SETUP-7: one card each from a third set; two sets aside
        for r in range(NCH):
            if (P[P_CHARS] >> r) & 1:
                pile[r] = 1
                s[ASIDE + r] = 2
        s[ASIDEN] = 10
        left = 5
        for seat in range(n):
            r = deal_card(s, pile, left)
            left -= 1
            s[seat_at(seat) + S_HAND + r] += 1
            s[seat_at(seat) + S_NHAND] = 1
    else:  # R-SETUP-5: two cards each from the whole deck
        left = 0
        for r in range(NCH):
            if (P[P_CHARS] >> r) & 1:
                pile[r] = P[P_COPIES]
                left += P[P_COPIES]
        for seat in range(n):
            at = seat_at(seat)
            for _ in range(HAND_SIZE):
                r = deal_card(s, pile, left)
                left -= 1
                s[at + S_HAND + r] += 1
            s[at + S_NHAND] = HAND_SIZE
    for r in range(NCH):
        s[COURT + r] = pile[r]
        s[COURTN] += pile[r]
    if P[P_REFORMATION]:  # R-REF-1: the first move is the choice of allegiance
        pend(s, D_ALLEGIANCE, 1 << first)
    else:
        next_setup_step(s, P)


def _keep_cache_fresh() -> None:
    """Empty numba's cache of this package if it was built from other sources or tables
    (``cache``): run at import, before any compiled function is loaded."""
    folder = cache.folder_of(seed_row)
    if folder is not None:
        sources = Path(__file__).resolve().parent.glob("*.py")
        cache.refresh(folder, cache.fingerprint(sources, (constants, fields)))


_keep_cache_fresh()
