"""The kernel's rules over arrays of games: steps, masks, observations, whole games, perft.

Each function takes the ``int32[games, fields]`` array (or one row) and the configuration's
tables (``coup_rules.vector.layout``) and loops over the games in compiled code.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from coup_rules.vector.fields import (
    ACTION,
    ACTIVE,
    ACTOR,
    ASIDEN,
    BLOCKCH,
    BLOCKER,
    CHALLENGER,
    COURTN,
    D_ACTION,
    D_ANSWER_ACTION,
    D_ANSWER_BLOCK,
    D_CHALLENGE_BLOCK,
    D_INQUISITOR,
    D_KEEP,
    D_LOSE,
    D_NONE,
    KEEPN,
    LOSING,
    MAX_MOVES,
    NCH,
    NDRAW,
    O_ACTION,
    O_ACTIVE,
    O_ACTOR,
    O_ALIVE,
    O_BLOCK,
    O_BLOCKER,
    O_CHALLENGER,
    O_CLAIM,
    O_CLAIMS,
    O_COINS,
    O_COURT_KNOWN,
    O_COURT_SIZE,
    O_HIDDEN,
    O_KEEP,
    O_KNOWN,
    O_LOSING,
    O_LOYALIST,
    O_ME,
    O_PENDING,
    O_REFORMIST,
    O_RESERVE,
    O_REV,
    O_SET_ASIDE,
    O_SHOWN,
    O_TARGET,
    O_TO_ACT,
    O_TREASURY,
    O_TURN,
    O_WINNER,
    P_CHARS,
    P_FIELDS,
    P_PLAYERS,
    PBLOCK,
    PHASE,
    RESERVE,
    S_ALLEG,
    S_CLAIMS,
    S_COINS,
    S_HAND,
    S_NHAND,
    S_NREV,
    S_REV,
    SHOWN,
    TARGET,
    TREASURY,
    TURN,
    WAIT,
    WINNER,
)
from coup_rules.vector.kernel import (
    apply,
    asked_first,
    claim_of,
    know_at,
    legal,
    rand_below,
    reset_row,
    seat_at,
    seed_row,
)

# --- batches -------------------------------------------------------------------------------------


@njit(cache=True)
def reset_lanes(S: np.ndarray, P: np.ndarray, lanes: np.ndarray) -> None:
    for i in range(lanes.shape[0]):
        reset_row(S[lanes[i]], P)


@njit(cache=True)
def current_players(S: np.ndarray, P: np.ndarray, out: np.ndarray) -> None:
    for g in range(S.shape[0]):
        out[g] = asked_first(S[g], P)


@njit(cache=True)
def masks(
    S: np.ndarray, P: np.ndarray, IX: np.ndarray, current: np.ndarray, out: np.ndarray
) -> None:
    """The legal action mask of every game, for its current player (``current[g]``)."""
    moves = np.empty(MAX_MOVES, np.int64)
    out[:] = False
    for g in range(S.shape[0]):
        s = S[g]
        seat = current[g]
        if seat < 0:
            continue
        for i in range(legal(s, P, IX, seat, moves)):
            out[g, moves[i]] = True


@njit(cache=True)
def step_lanes(
    S: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    actions: np.ndarray,
    rewards: np.ndarray,
    terminated: np.ndarray,
    truncated: np.ndarray,
    autoreset: bool,
    current: np.ndarray,
    checked: bool,
) -> int:
    """One move in every running game: its current player's (``current[g]``) ``actions[g]``;
    ``current`` is then updated. Returns the first lane whose action is not legal (nothing is
    played then), or -1. With ``checked`` the caller has already checked every action against
    a fresh mask, and the check is skipped."""
    moves = np.empty(MAX_MOVES, np.int64)
    games = S.shape[0]
    for g in range(games):
        if checked:
            break
        s = S[g]
        seat = current[g]
        if seat < 0:
            continue
        found = False
        a = actions[g]
        for i in range(legal(s, P, IX, seat, moves)):
            if moves[i] == a:
                found = True
                break
        if not found:
            return g
    n = P[P_PLAYERS]
    loss = -1.0 / (n - 1)
    rewards[:] = 0.0
    terminated[:] = False
    truncated[:] = False
    for g in range(games):
        s = S[g]
        seat = current[g]
        if seat < 0:
            continue
        apply(s, P, MV, seat, actions[g])
        if s[PHASE] == D_NONE:
            winner = s[WINNER]
            if winner >= 0:
                terminated[g] = True
                for p in range(n):
                    rewards[g, p] = 1.0 if p == winner else loss
            else:
                truncated[g] = True
            if autoreset:
                reset_row(s, P)
        current[g] = asked_first(s, P)
    return -1


@njit(cache=True)
def observe_row(
    s: np.ndarray, P: np.ndarray, OB: np.ndarray, out: np.ndarray, viewer: int, cap: float
) -> None:
    """The ``ObservationEncoder`` vector of this game as ``viewer`` sees it (see ``layout``)."""
    out[:] = 0.0
    n = P[P_PLAYERS]
    me = seat_at(viewer)
    out[OB[O_ME + viewer]] = 1.0
    phase = s[PHASE]
    target = s[TARGET]
    inquiring = phase == D_INQUISITOR and (viewer == s[ACTOR] or viewer == target)
    for p in range(n):
        at = seat_at(p)
        out[OB[O_COINS + p]] = s[at + S_COINS]
        out[OB[O_HIDDEN + p]] = s[at + S_NHAND]
        out[OB[O_ALIVE + p]] = 1.0 if s[at + S_NHAND] else 0.0
        for i in range(s[at + S_NREV]):
            out[OB[O_REV + p * NCH + s[at + S_REV + i]]] += 1.0
        side = s[at + S_ALLEG]
        if side == 0:
            out[OB[O_LOYALIST + p]] = 1.0
        elif side == 1:
            out[OB[O_REFORMIST + p]] = 1.0
        claims = s[at + S_CLAIMS]
        known = know_at(P, viewer, p)
        for r in range(NCH):
            if not (P[P_CHARS] >> r) & 1:
                continue
            if (claims >> r) & 1:
                out[OB[O_CLAIMS + p * NCH + r]] = 1.0
            if p == viewer:
                out[OB[O_KNOWN + p * NCH + r]] = s[me + S_HAND + r]
            else:
                k = s[known + r]
                if inquiring and p == target and r == s[SHOWN] and k < 1:
                    k = 1  # the examined card, while the Inquisitor decides
                out[OB[O_KNOWN + p * NCH + r]] = k
    court = know_at(P, viewer, P[P_PLAYERS])
    for r in range(NCH):
        if (P[P_CHARS] >> r) & 1:
            out[OB[O_COURT_KNOWN + r]] = s[court + r]
    out[OB[O_TREASURY]] = s[TREASURY]
    out[OB[O_RESERVE]] = s[RESERVE]
    out[OB[O_COURT_SIZE]] = s[COURTN]
    out[OB[O_SET_ASIDE]] = s[ASIDEN]
    out[OB[O_TURN]] = min(float(s[TURN]), cap)
    out[OB[O_ACTIVE + s[ACTIVE]]] = 1.0
    wait = s[WAIT]
    for p in range(n):
        if (wait >> p) & 1:
            out[OB[O_TO_ACT + p]] = 1.0
    if s[WINNER] >= 0:
        out[OB[O_WINNER + s[WINNER]]] = 1.0
    if inquiring:
        out[OB[O_SHOWN + s[SHOWN]]] = 1.0
    if phase == D_NONE:
        return
    out[OB[O_PENDING + phase - 1]] = 1.0
    if phase <= D_ACTION:
        return
    action = s[ACTION]
    out[OB[O_ACTION + action]] = 1.0
    out[OB[O_ACTOR + s[ACTOR]]] = 1.0
    if target >= 0:
        out[OB[O_TARGET + target]] = 1.0
    claim = claim_of(P, action)
    if claim >= 0:
        out[OB[O_CLAIM + claim]] = 1.0
    if phase == D_CHALLENGE_BLOCK or phase == D_ANSWER_BLOCK or (phase == D_LOSE and s[PBLOCK]):
        out[OB[O_BLOCK + s[BLOCKCH]]] = 1.0
        out[OB[O_BLOCKER + s[BLOCKER]]] = 1.0
    if phase == D_ANSWER_ACTION or phase == D_ANSWER_BLOCK:
        out[OB[O_CHALLENGER + s[CHALLENGER]]] = 1.0
    if phase == D_LOSE:
        out[OB[O_LOSING + s[LOSING]]] = 1.0
    if phase == D_KEEP:
        out[OB[O_KEEP]] = s[KEEPN]


@njit(cache=True)
def observe_lanes(
    S: np.ndarray, P: np.ndarray, OB: np.ndarray, out: np.ndarray, cap: float
) -> None:
    """Every game seen by its current player (a finished game by its active seat)."""
    for g in range(S.shape[0]):
        s = S[g]
        viewer = asked_first(s, P)
        if viewer < 0:
            viewer = s[ACTIVE]
        observe_row(s, P, OB, out[g], viewer, cap)


# --- whole games in compiled code ----------------------------------------------------------------


@njit(cache=True)
def play_one(
    s: np.ndarray, P: np.ndarray, IX: np.ndarray, MV: np.ndarray, moves: np.ndarray
) -> int:
    """Play the game in ``s`` to its end by uniformly random legal moves; the number of moves."""
    count = 0
    while True:
        seat = asked_first(s, P)
        if seat < 0:
            return count
        k = legal(s, P, IX, seat, moves)
        apply(s, P, MV, seat, moves[rand_below(s, k)])
        count += 1


@njit(cache=True, parallel=True)
def playouts(
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    seed: int,
    winners: np.ndarray,
    lengths: np.ndarray,
    chunks: int,
) -> None:
    """``winners.shape[0]`` random games, in ``chunks`` independent parts (one per thread)."""
    games = winners.shape[0]
    for c in prange(chunks):
        s = np.zeros(P[P_FIELDS], np.int32)
        moves = np.empty(MAX_MOVES, np.int64)
        seed_row(s, seed * 1_000_003 + c)
        for g in range(c * games // chunks, (c + 1) * games // chunks):
            reset_row(s, P)
            lengths[g] = play_one(s, P, IX, MV, moves)
            winners[g] = s[WINNER]


@njit(cache=True)
def perft(
    root: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    depth: int,
    counts: np.ndarray,
    chance: np.ndarray,
    free: np.ndarray,
) -> None:
    """Count every sequence of ``d <= depth`` moves from ``root``, every waiting seat and every
    legal move a branch (``tests/perft.py``); ``chance[d]`` is set when a move before depth
    ``d`` drew a card, so that count depends on the random stream; ``free[d]`` counts the
    sequences of ``d`` moves in which no card was drawn, which never depend on it."""
    stack = np.empty((depth + 1, root.shape[0]), np.int32)
    moves = np.empty((depth + 1, MAX_MOVES), np.int64)
    seats = np.empty((depth + 1, MAX_MOVES), np.int64)
    nmoves = np.zeros(depth + 1, np.int64)
    at = np.zeros(depth + 1, np.int64)
    buf = np.empty(MAX_MOVES, np.int64)
    clean = np.ones(depth + 1, np.bool_)
    stack[0] = root
    counts[0] = 1
    free[0] = 1

    def expand(level: int) -> None:
        s = stack[level]
        k = 0
        for seat in range(P[P_PLAYERS]):
            if (s[WAIT] >> seat) & 1:
                for i in range(legal(s, P, IX, seat, buf)):
                    moves[level, k] = buf[i]
                    seats[level, k] = seat
                    k += 1
        nmoves[level] = k
        at[level] = 0

    level = 0
    expand(0)
    while level >= 0:
        if level == depth or at[level] == nmoves[level]:
            level -= 1
            continue
        i = at[level]
        at[level] += 1
        child = stack[level + 1]
        child[:] = stack[level]
        apply(child, P, MV, seats[level, i], moves[level, i])
        counts[level + 1] += 1
        clean[level + 1] = clean[level] and child[NDRAW] == 0
        if clean[level + 1]:
            free[level + 1] += 1
        if child[NDRAW] > 0:
            chance[level + 2 :] = True
        level += 1
        expand(level)
