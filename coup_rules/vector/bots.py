"""The shipped bots compiled over the kernel's row: ``random``, ``honest``, ``bluff``, ``counting``.

Each function here is the twin of one object bot of ``coup_rules.bots`` and follows it statement
for statement, reading only what the bot's seat may know: its own hand, the public facts of the
row, and (for ``counting``) the record the row keeps of the log as ``coup_rules.bots.counting.read``
counts it (``fields.S_PROVED`` ... ``S_SEEN``: the proofs, concessions, challenges and blocks of
every seat, the card this seat drafted, the cards shown to it). The object bots are the
reference: ``tests/test_vector_bots.py`` holds each twin equal to its bot move for move, given
the same position and the same stream of uniform draws (the test hands the object bot a
``random.Random`` that returns the twin's draws).

Chance: a twin draws from the row's own stream. ``rng.random()`` of the object bot is
``rand_unit`` here, and ``rng.choice(seq)`` is ``seq[int(rand_unit() * len(seq))]``.

Ties are broken as Python's ``max`` and ``min`` break them: the first best move in the order of
``legal_moves``, which is the kernel's order of ``legal`` (the differential test checks it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from coup_rules.constants import ASSASSINATE_COST, COUP_COST
from coup_rules.vector.fields import (
    A_ASSASSINATE,
    A_COUP,
    A_EMBEZZLE,
    A_EXAMINE,
    A_EXCHANGE,
    A_FOREIGN_AID,
    A_INCOME,
    A_STEAL,
    A_TAX,
    ACTION,
    ACTOR,
    ASSASSIN,
    BLOCKCH,
    BLOCKER,
    CAPTAIN,
    CONTESSA,
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
    D_SHOW,
    DUKE,
    I_ACT,
    I_ALLOW,
    I_CHALLENGE,
    I_FORCE,
    I_GIVE_BACK,
    I_PROVE,
    LIVING,
    M_BLOCK,
    M_KEEP,
    M_LOSE,
    M_SHOW,
    MAX_MOVES,
    MAXP,
    NCH,
    P_CHARS,
    P_COPIES,
    P_EXCHANGER,
    P_PLAYERS,
    PHASE,
    RESERVE,
    S_AID_BLOCKS,
    S_AID_PASSES,
    S_CHALLENGES,
    S_COINS,
    S_CONCEDED,
    S_DRAFTED,
    S_HAND,
    S_NHAND,
    S_NREV,
    S_PASSES,
    S_PROVED,
    S_RCLAIMS,
    S_REV,
    S_SEEN,
    SHOWN,
    TARGET,
    TREASURY,
)
from coup_rules.vector.kernel import asked_first, claim_of, legal, popcount, rand_unit, seat_at

__all__ = ["BOT_COUNTING", "BOT_HONEST", "BOT_RANDOM", "NPARAMS", "bot_move", "bot_moves"]

BOT_RANDOM = 0
"""``RandomBot``: a uniformly random legal move."""
BOT_HONEST = 1
"""``HonestBot`` and ``BluffBot`` (one policy): parameters ``(bluff_rate, challenge_rate)``."""
BOT_COUNTING = 2
"""``CountingBot``: parameters ``(trust, challenge_below, bluff_below)``."""
NPARAMS = 3
"""The length of a bot's row of parameters."""


# --- small readers -------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def held(s: np.ndarray, seat: int, rank: int) -> int:
    return s[seat_at(seat) + S_HAND + rank]


@njit(cache=True, inline="always")
def coins_of(s: np.ndarray, seat: int) -> int:
    return s[seat_at(seat) + S_COINS]


@njit(cache=True, inline="always")
def hidden_of(s: np.ndarray, seat: int) -> int:
    return s[seat_at(seat) + S_NHAND]


@njit(cache=True)
def has(moves: np.ndarray, n: int, index: int) -> bool:
    """Whether move ``index`` is among the first ``n`` of ``moves``."""
    if index < 0:
        return False
    for i in range(n):
        if moves[i] == index:
            return True
    return False


@njit(cache=True)
def choose(s: np.ndarray, moves: np.ndarray, n: int) -> int:
    """``rng.choice(moves[:n])``."""
    return moves[int(rand_unit(s) * n)]


@njit(cache=True)
def revealed_count(s: np.ndarray, P: np.ndarray, rank: int) -> int:
    total = 0
    for p in range(P[P_PLAYERS]):
        at = seat_at(p)
        for i in range(s[at + S_NREV]):
            if s[at + S_REV + i] == rank:
                total += 1
    return total


# --- what every bot decides alike (coup_rules.bots.simple) ---------------------------------------


@njit(cache=True)
def lowest_card(MV: np.ndarray, VAL: np.ndarray, moves: np.ndarray, n: int) -> int:
    """``lowest_card``: the LoseInfluence or Show of the card valued least (the first such)."""
    best = -1
    for i in range(n):
        m = moves[i]
        kind = MV[m, 0]
        if (kind == M_LOSE or kind == M_SHOW) and (best < 0 or VAL[MV[m, 1]] < VAL[MV[best, 1]]):
            best = m
    return best


@njit(cache=True)
def keep_best(MV: np.ndarray, VAL: np.ndarray, moves: np.ndarray, n: int) -> int:
    """``keep_best``: the Keep of the most valuable cards, different ones preferred."""
    best = -1
    best_value = -1
    best_distinct = -1
    for i in range(n):
        m = moves[i]
        if MV[m, 0] != M_KEEP:
            continue
        first = MV[m, 1]
        second = MV[m, 2]
        value = VAL[first] + (VAL[second] if second >= 0 else 0)
        distinct = 2 if second >= 0 and second != first else 1
        if value > best_value or (value == best_value and distinct > best_distinct):
            best, best_value, best_distinct = m, value, distinct
    return best


@njit(cache=True)
def best_draft(
    s: np.ndarray, MV: np.ndarray, VAL: np.ndarray, seat: int, moves: np.ndarray, n: int
) -> int:
    """``best_draft``: the best card of the seat's set that is not already in its hand."""
    best = -1
    best_new = -1
    for i in range(n):
        m = moves[i]
        rank = MV[m, 1]
        new = 1 if held(s, seat, rank) == 0 else 0
        if best < 0 or new > best_new or (new == best_new and VAL[rank] > VAL[MV[best, 1]]):
            best, best_new = m, new
    return best


@njit(cache=True)
def common_move(
    s: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VAL: np.ndarray,
    seat: int,
    moves: np.ndarray,
    n: int,
) -> int:
    """The decisions ``HonestBot``, ``BluffBot`` and ``CountingBot`` answer alike."""
    phase = s[PHASE]
    if phase == D_ANSWER_ACTION or phase == D_ANSWER_BLOCK:
        prove = IX[I_PROVE]
        return prove if has(moves, n, prove) else moves[n - 1]  # else Concede, the last
    if phase == D_LOSE or phase == D_SHOW:
        return lowest_card(MV, VAL, moves, n)
    if phase == D_KEEP:
        return keep_best(MV, VAL, moves, n)
    if phase == D_INQUISITOR:  # inquisitor_choice
        shown = s[SHOWN]
        return IX[I_FORCE] if shown >= 0 and VAL[shown] >= 4 else IX[I_GIVE_BACK]
    if phase == D_DRAFT:
        return best_draft(s, MV, VAL, seat, moves, n)
    if phase == D_ALLEGIANCE:  # the choice of allegiance: at random
        return choose(s, moves, n)
    raise ValueError("vector.bots.common_move: a phase with no arm (give the decision its answer)")


# --- HonestBot and BluffBot (coup_rules.bots.simple._policy) -------------------------------------


@njit(cache=True)
def best_target(s: np.ndarray, MV: np.ndarray, moves: np.ndarray, n: int, action: int) -> int:
    """``best_target``: the ``action`` aimed at the most dangerous opponent, -1 for none."""
    best = -1
    key_hidden = key_coins = key_seat = 0
    for i in range(n):
        m = moves[i]
        if MV[m, 0] != action:
            continue
        t = MV[m, 1]
        h, c = hidden_of(s, t), coins_of(s, t)
        if best < 0 or (h, c, -t) > (key_hidden, key_coins, key_seat):
            best, key_hidden, key_coins, key_seat = m, h, c, -t
    return best


@njit(cache=True)
def unseen_simple(s: np.ndarray, P: np.ndarray, seat: int, rank: int) -> int:
    """``simple.unseen``: copies not revealed and not in the seat's own hand."""
    return P[P_COPIES] - revealed_count(s, P, rank) - held(s, seat, rank)


@njit(cache=True)
def honest_action(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    par: np.ndarray,
    seat: int,
    moves: np.ndarray,
    n: int,
) -> int:
    bluff = par[0]
    m = best_target(s, MV, moves, n, A_COUP)
    if m >= 0:
        return m
    if held(s, seat, ASSASSIN):
        m = best_target(s, MV, moves, n, A_ASSASSINATE)
        if m >= 0:
            return m
    tax = IX[I_ACT + A_TAX]
    if has(moves, n, tax) and (held(s, seat, DUKE) > 0 or rand_unit(s) < bluff):
        return tax
    best = -1
    for i in range(n):  # the Steal from the richest (2 coins or more), lowest seat first
        m = moves[i]
        if MV[m, 0] != A_STEAL or coins_of(s, MV[m, 1]) < 2:
            continue
        if best < 0 or (coins_of(s, MV[m, 1]), -MV[m, 1]) > (
            coins_of(s, MV[best, 1]),
            -MV[best, 1],
        ):
            best = m
    if best >= 0 and (held(s, seat, CAPTAIN) > 0 or s[TREASURY] == 0):
        return best
    embezzle = IX[I_ACT + A_EMBEZZLE]
    if has(moves, n, embezzle) and held(s, seat, DUKE) == 0 and s[RESERVE] >= 2:
        return embezzle
    if held(s, seat, P[P_EXCHANGER]) and rand_unit(s) < 0.3:
        examines = np.empty(MAXP, np.int64)
        k = 0
        for i in range(n):
            if MV[moves[i], 0] == A_EXAMINE:
                examines[k] = moves[i]
                k += 1
        if k and rand_unit(s) < 0.5:
            return choose(s, examines, k)
        exchange = IX[I_ACT + A_EXCHANGE]
        if has(moves, n, exchange):
            return exchange
    return IX[I_ACT + A_FOREIGN_AID] if rand_unit(s) < 0.5 else IX[I_ACT + A_INCOME]


@njit(cache=True)
def honest_challenge(
    s: np.ndarray, P: np.ndarray, IX: np.ndarray, par: np.ndarray, seat: int
) -> int:
    """``_policy``'s answer in a challenge window: Challenge a claim it knows false, else at
    ``challenge_rate``."""
    phase = s[PHASE]
    claim = s[BLOCKCH] if phase == D_CHALLENGE_BLOCK else claim_of(P, s[ACTION])
    sure = claim >= 0 and unseen_simple(s, P, seat, claim) <= 0
    return IX[I_CHALLENGE] if sure or rand_unit(s) < par[1] else IX[I_ALLOW]


@njit(cache=True)
def honest_counter(
    s: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    par: np.ndarray,
    seat: int,
    moves: np.ndarray,
    n: int,
) -> int:
    """``_policy``'s answer in the counter window: a block it holds, else a bluffed one at
    ``bluff_rate``, else Allow."""
    blocks = np.empty(n, np.int64)
    k = 0
    for i in range(n):
        m = moves[i]
        if MV[m, 0] == M_BLOCK:
            if held(s, seat, MV[m, 1]):
                return m
            blocks[k] = m
            k += 1
    if k and rand_unit(s) < par[0]:
        return choose(s, blocks, k)
    return IX[I_ALLOW]


# --- CountingBot (coup_rules.bots.counting) ------------------------------------------------------


@njit(cache=True)
def comb(n: int, k: int) -> int:
    """``math.comb`` for the small numbers of a deck."""
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@njit(cache=True)
def chance_of_any(special: int, pool: int, drawn: int) -> float:
    """``counting.chance_of_any``: the hypergeometric tail."""
    if special <= 0 or drawn <= 0 or pool <= 0:
        return 0.0
    drawn = min(drawn, pool)
    special = min(special, pool)
    return 1.0 - comb(pool - special, drawn) / comb(pool, drawn)


@njit(cache=True)
def reading(s: np.ndarray, P: np.ndarray, me: int, unseen: np.ndarray) -> int:
    """``Reading.unseen`` of seat ``me`` into ``unseen`` (by rank); returns ``Reading.unknown``."""
    placed = np.zeros(NCH, np.int64)
    at = seat_at(me)
    for r in range(NCH):
        placed[r] += s[at + S_HAND + r]
    drafted = s[at + S_DRAFTED]
    if drafted >= 0:  # the rest of its own set is set aside
        for r in range(NCH):
            if (P[P_CHARS] >> r) & 1 and r != drafted:
                placed[r] += 1
    for q in range(P[P_PLAYERS]):
        seen = s[at + S_SEEN + q]
        if seen >= 0:
            placed[seen] += 1
        qa = seat_at(q)
        for i in range(s[qa + S_NREV]):
            placed[s[qa + S_REV + i]] += 1
    unknown = 0
    for r in range(NCH):
        unseen[r] = max(0, P[P_COPIES] - placed[r]) if (P[P_CHARS] >> r) & 1 else 0
        unknown += unseen[r]
    return unknown


@njit(cache=True)
def holds(s: np.ndarray, me: int, unseen: np.ndarray, unknown: int, seat: int, rank: int) -> float:
    """``Reading.holds``: the chance that ``seat`` holds at least one card of ``rank``."""
    known = s[seat_at(me) + S_SEEN + seat]
    if known == rank:
        return 1.0
    hidden = hidden_of(s, seat) - (1 if known >= 0 else 0)
    return chance_of_any(unseen[rank], unknown, hidden)


@njit(cache=True)
def claim_odds(
    s: np.ndarray,
    me: int,
    unseen: np.ndarray,
    unknown: int,
    seat: int,
    rank: int,
    trust: float,
) -> float:
    """``Reading.claim_odds``; ``rank`` -1 is Embezzle's claim of holding no Duke."""
    if rank < 0:
        odds = 1.0 - holds(s, me, unseen, unknown, seat, DUKE)
    else:
        odds = holds(s, me, unseen, unknown, seat, rank)
    if odds <= 0.0 or odds >= 1.0:
        return odds
    prior = odds + (1.0 - odds) * trust
    weight = 2.0
    at = seat_at(seat)
    proved = s[at + S_PROVED]
    shown = proved + s[at + S_CONCEDED]
    odds = (proved + weight * prior) / (shown + weight)
    if rank >= 0:
        hidden = hidden_of(s, seat)
        claimed = popcount(s[at + S_RCLAIMS] | (1 << rank))
        if claimed > hidden:
            odds = min(odds, hidden / claimed)
    return odds


@njit(cache=True)
def challenge_rate(s: np.ndarray, seat: int) -> float:
    at = seat_at(seat)
    return (s[at + S_CHALLENGES] + 1.0) / (s[at + S_CHALLENGES] + s[at + S_PASSES] + 5.0)


@njit(cache=True)
def aid_block_rate(s: np.ndarray, me: int, unseen: np.ndarray, unknown: int, seat: int) -> float:
    prior = holds(s, me, unseen, unknown, seat, DUKE)
    weight = 2.0
    at = seat_at(seat)
    seen = s[at + S_AID_BLOCKS] + s[at + S_AID_PASSES]
    return (s[at + S_AID_BLOCKS] + weight * prior) / (seen + weight)


@njit(cache=True)
def caught(
    s: np.ndarray, P: np.ndarray, me: int, unseen: np.ndarray, unknown: int, rank: int
) -> float:
    """``CountingBot._caught``: the chance that another living seat challenges a bluff."""
    left = unseen[rank]
    if left == 0:
        return 1.0
    stays = 1.0
    for seat in range(P[P_PLAYERS]):
        if seat == me or not (s[LIVING] >> seat) & 1:
            continue
        rate = challenge_rate(s, seat)
        if left == 1:
            rate = max(rate, holds(s, me, unseen, unknown, seat, rank))
        stays *= 1.0 - rate
    return 1.0 - stays


@njit(cache=True)
def bluff_limit(s: np.ndarray, me: int, par: np.ndarray) -> float:
    return par[2] if hidden_of(s, me) > 1 else par[2] / 2


@njit(cache=True)
def caution(s: np.ndarray, me: int) -> float:
    return 1.0 if hidden_of(s, me) > 1 else 0.5


@njit(cache=True)
def counting_assassination(
    s: np.ndarray,
    P: np.ndarray,
    MV: np.ndarray,
    par: np.ndarray,
    me: int,
    unseen: np.ndarray,
    unknown: int,
    moves: np.ndarray,
    n: int,
) -> int:
    """``CountingBot._assassination``, -1 for none."""
    any_kill = False
    for i in range(n):
        if MV[moves[i], 0] == A_ASSASSINATE:
            any_kill = True
    if not any_kill or coins_of(s, me) < ASSASSINATE_COST:
        return -1
    if held(s, me, ASSASSIN) == 0:
        limit = bluff_limit(s, me, par) / 2
        if caught(s, P, me, unseen, unknown, ASSASSIN) >= limit:
            return -1
    best = -1
    best_lands = 0.0
    best_coins = 0
    for i in range(n):
        m = moves[i]
        if MV[m, 0] != A_ASSASSINATE:
            continue
        t = MV[m, 1]
        blocks = holds(s, me, unseen, unknown, t, CONTESSA)
        if (s[seat_at(t) + S_RCLAIMS] >> CONTESSA) & 1:  # it has blocked with one before
            blocks = max(blocks, 0.8)
        lands = (1.0 - blocks) * (2.0 if hidden_of(s, t) == 1 else 1.0)
        c = coins_of(s, t)
        if best < 0 or (lands, c) > (best_lands, best_coins):
            best, best_lands, best_coins = m, lands, c
    return best if best_lands >= 0.5 else -1


@njit(cache=True)
def counting_steal(
    s: np.ndarray,
    P: np.ndarray,
    MV: np.ndarray,
    par: np.ndarray,
    me: int,
    unseen: np.ndarray,
    unknown: int,
    moves: np.ndarray,
    n: int,
) -> int:
    """``CountingBot._steal``, -1 for none."""
    any_steal = False
    for i in range(n):
        m = moves[i]
        if MV[m, 0] == A_STEAL and coins_of(s, MV[m, 1]) >= 2:
            any_steal = True
    if not any_steal:
        return -1
    bluff = held(s, me, CAPTAIN) == 0
    if bluff and caught(s, P, me, unseen, unknown, CAPTAIN) >= bluff_limit(s, me, par):
        return -1
    best = -1
    best_blocked = 0.0
    best_coins = 0
    best_seat = 0
    for i in range(n):
        m = moves[i]
        t = MV[m, 1]
        if MV[m, 0] != A_STEAL or coins_of(s, t) < 2:
            continue
        blocked = max(
            holds(s, me, unseen, unknown, t, CAPTAIN),
            holds(s, me, unseen, unknown, t, P[P_EXCHANGER]),
        )
        key = (blocked, -coins_of(s, t), t)
        if best < 0 or key < (best_blocked, best_coins, best_seat):
            best, best_blocked, best_coins, best_seat = m, blocked, -coins_of(s, t), t
    return best if best_blocked < 0.6 else -1


@njit(cache=True)
def counting_action(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    par: np.ndarray,
    me: int,
    moves: np.ndarray,
    n: int,
) -> int:
    """``CountingBot._action``."""
    unseen = np.empty(NCH, np.int64)
    unknown = reading(s, P, me, unseen)
    coins = coins_of(s, me)
    ncoups = 0
    best = -1
    key_danger = key_seat = 0
    for i in range(n):
        m = moves[i]
        if MV[m, 0] == A_COUP:
            ncoups += 1
            t = MV[m, 1]
            danger = coins_of(s, t) + 3 * hidden_of(s, t)
            if best < 0 or (danger, -t) > (key_danger, key_seat):
                best, key_danger, key_seat = m, danger, -t
    if ncoups and (coins >= COUP_COST or ncoups == n):
        return best
    kill = counting_assassination(s, P, MV, par, me, unseen, unknown, moves, n)
    if kill >= 0:
        return kill
    limit = bluff_limit(s, me, par)
    tax = IX[I_ACT + A_TAX]
    if has(moves, n, tax) and (
        held(s, me, DUKE) > 0 or caught(s, P, me, unseen, unknown, DUKE) < limit
    ):
        return tax
    steal = counting_steal(s, P, MV, par, me, unseen, unknown, moves, n)
    if steal >= 0:
        return steal
    embezzle = IX[I_ACT + A_EMBEZZLE]
    if has(moves, n, embezzle) and held(s, me, DUKE) == 0 and s[RESERVE] >= 2:
        return embezzle
    exchange = IX[I_ACT + A_EXCHANGE]
    strong = held(s, me, DUKE) + held(s, me, CAPTAIN) + held(s, me, ASSASSIN)
    if has(moves, n, exchange) and held(s, me, P[P_EXCHANGER]) and strong == 0:
        return exchange
    aid = IX[I_ACT + A_FOREIGN_AID]
    if has(moves, n, aid) and s[TREASURY] >= 2:
        blocked = 1.0
        for seat in range(P[P_PLAYERS]):
            if seat != me and (s[LIVING] >> seat) & 1:
                blocked *= 1.0 - aid_block_rate(s, me, unseen, unknown, seat)
        if 1.0 - blocked < 0.35:
            return aid
    income = IX[I_ACT + A_INCOME]
    if has(moves, n, income):
        return income
    return choose(s, moves, n)


@njit(cache=True)
def counting_counter(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VAL: np.ndarray,
    par: np.ndarray,
    me: int,
    moves: np.ndarray,
    n: int,
) -> int:
    """``CountingBot._counter``."""
    nblocks = 0
    for i in range(n):
        m = moves[i]
        if MV[m, 0] == M_BLOCK:
            if held(s, me, MV[m, 1]):
                return m
            nblocks += 1
    allow = IX[I_ALLOW]
    if nblocks == 0 or s[TARGET] != me:
        return allow
    unseen = np.empty(NCH, np.int64)
    unknown = reading(s, P, me, unseen)
    bluff = -1
    for i in range(n):
        m = moves[i]
        if MV[m, 0] != M_BLOCK:
            continue
        r = MV[m, 1]
        if bluff < 0 or (unseen[r], -VAL[r]) > (unseen[MV[bluff, 1]], -VAL[MV[bluff, 1]]):
            bluff = m
    odds = caught(s, P, me, unseen, unknown, MV[bluff, 1])
    action = s[ACTION]
    if action == A_ASSASSINATE:
        # Allowing costs an influence for sure; a caught bluff costs two (R-INF-5).
        return bluff if hidden_of(s, me) == 1 or 2 * odds < 1.0 else allow
    if action == A_STEAL and coins_of(s, me) >= 2:
        return bluff if odds < bluff_limit(s, me, par) else allow
    return allow


@njit(cache=True)
def action_bar(
    s: np.ndarray, P: np.ndarray, par: np.ndarray, me: int, unseen: np.ndarray, unknown: int
) -> float:
    """``CountingBot._action_bar``."""
    action = s[ACTION]
    aimed = s[TARGET] == me
    if aimed and action == A_ASSASSINATE:
        if held(s, me, CONTESSA):
            return 0.1
        odds = caught(s, P, me, unseen, unknown, CONTESSA)
        if hidden_of(s, me) == 1:
            return max(odds, 0.3)
        loss = min(1.0, 2 * odds)
        return loss / (1.0 + loss)
    if aimed and action == A_STEAL:
        if held(s, me, CAPTAIN) or held(s, me, P[P_EXCHANGER]):
            return 0.1
        return 0.35 * caution(s, me)
    bar = par[1]
    if action == A_TAX and coins_of(s, s[ACTOR]) + 3 >= COUP_COST:
        bar += 0.05
    return bar * caution(s, me)


@njit(cache=True)
def counting_challenge(
    s: np.ndarray, P: np.ndarray, IX: np.ndarray, par: np.ndarray, me: int
) -> int:
    """``CountingBot._challenge``."""
    unseen = np.empty(NCH, np.int64)
    unknown = reading(s, P, me, unseen)
    if s[PHASE] == D_CHALLENGE_BLOCK:
        claimant, rank = s[BLOCKER], s[BLOCKCH]
        if s[ACTOR] != me:  # _block_bar
            bar = 0.15 * caution(s, me)
        else:
            bar = (0.4 if s[ACTION] == A_ASSASSINATE else 0.3) * caution(s, me)
    else:
        claimant, rank = s[ACTOR], claim_of(P, s[ACTION])
        bar = action_bar(s, P, par, me, unseen, unknown)
    if popcount(s[LIVING]) == 2:  # a duel: whatever helps it hurts us
        bar = max(bar, 0.4)
    odds = claim_odds(s, me, unseen, unknown, claimant, rank, par[0])
    return IX[I_CHALLENGE] if odds < bar else IX[I_ALLOW]


@njit(cache=True)
def bot_move(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VAL: np.ndarray,
    kind: int,
    par: np.ndarray,
    seat: int,
    moves: np.ndarray,
    n: int,
) -> int:
    """The move index that bot ``kind`` with parameters ``par`` plays for ``seat``, one of the
    ``n`` legal ``moves`` (in the order of ``kernel.legal``): ``RandomBot``; ``HonestBot`` and
    ``BluffBot`` with ``par = (bluff_rate, challenge_rate)``; ``CountingBot`` with ``par =
    (trust, challenge_below, bluff_below)``."""
    if kind == BOT_RANDOM:
        return choose(s, moves, n)
    honest = kind == BOT_HONEST
    if not honest and kind != BOT_COUNTING:
        raise ValueError("vector.bots.bot_move: a bot kind with no arm (BOT_RANDOM, ...)")
    phase = s[PHASE]
    if phase == D_ACTION:
        if honest:
            return honest_action(s, P, IX, MV, par, seat, moves, n)
        return counting_action(s, P, IX, MV, par, seat, moves, n)
    if phase == D_CHALLENGE_ACTION or phase == D_CHALLENGE_BLOCK:
        if honest:
            return honest_challenge(s, P, IX, par, seat)
        return counting_challenge(s, P, IX, par, seat)
    if phase == D_COUNTER:
        if honest:
            return honest_counter(s, IX, MV, par, seat, moves, n)
        return counting_counter(s, P, IX, MV, VAL, par, seat, moves, n)
    return common_move(s, IX, MV, VAL, seat, moves, n)


@njit(cache=True)
def bot_moves(
    S: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VAL: np.ndarray,
    kind: int,
    par: np.ndarray,
    out: np.ndarray,
) -> None:
    """The move of bot ``kind`` for the seat each game asks (``asked_first``), -1 for a finished
    game; the bot's draws come from each row's stream."""
    moves = np.empty(MAX_MOVES, np.int64)
    for g in range(S.shape[0]):
        s = S[g]
        seat = asked_first(s, P)
        if seat < 0:
            out[g] = -1
            continue
        n = legal(s, P, IX, seat, moves)
        out[g] = bot_move(s, P, IX, MV, VAL, kind, par, seat, moves, n)
