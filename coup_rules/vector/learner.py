"""One learning seat per game, compiled bots in the others: the loops of ``CoupVectorEnv``.

Every game has a learner seat (``LEARNER[g]``) and, for each other seat, the index of its bot in
the env's list of opponents (``SEATS[g, seat]``, -1 for the learner). The bots' moves are played
here, in compiled code, until the learner is asked again, is eliminated, or the game ends; so
the Python side only ever sees the learner's decisions.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from coup_rules.vector.batch import observe_row
from coup_rules.vector.bots import bot_move
from coup_rules.vector.fields import D_NONE, MAX_MOVES, P_PLAYERS, PHASE, S_NHAND, WINNER
from coup_rules.vector.kernel import apply, asked_first, legal, rand_below, reset_row, seat_at

__all__ = ["MAX_DEALS", "deal_lanes", "learner_step", "observe_seats", "play_opponents"]

MAX_DEALS = 1000
"""Deals tried for one game before giving up when the bots end every one before the learner is
asked (possible only with a tiny ``max_turns`` and a fixed learner seat)."""


@njit(cache=True)
def play_opponents(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VAL: np.ndarray,
    kinds: np.ndarray,
    pars: np.ndarray,
    seats: np.ndarray,
    learner: int,
    moves: np.ndarray,
) -> None:
    """The bots play until the learner is asked, is out, or the game is over."""
    while True:
        seat = asked_first(s, P)
        if seat < 0 or seat == learner or s[seat_at(learner) + S_NHAND] == 0:
            return
        o = seats[seat]
        n = legal(s, P, IX, seat, moves)
        move = bot_move(s, P, IX, MV, VAL, kinds[o], pars[o], seat, moves, n)
        apply(s, P, MV, seat, move)


@njit(cache=True)
def deal(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VAL: np.ndarray,
    kinds: np.ndarray,
    pars: np.ndarray,
    seats: np.ndarray,
    fixed: int,
    moves: np.ndarray,
) -> int:
    """A new game up to the learner's first decision; returns the learner's seat (``fixed``, or
    drawn when -1), or -1 if ``MAX_DEALS`` deals all ended first. The opponents sit clockwise
    from the learner in the order of ``kinds``, cycling."""
    n = P[P_PLAYERS]
    count = kinds.shape[0]
    for _ in range(MAX_DEALS):
        reset_row(s, P)
        learner = fixed if fixed >= 0 else int(rand_below(s, n))
        seats[:] = -1
        for j in range(n - 1):
            seats[(learner + 1 + j) % n] = j % count
        play_opponents(s, P, IX, MV, VAL, kinds, pars, seats, learner, moves)
        if asked_first(s, P) == learner:
            return learner
    return -1


@njit(cache=True)
def deal_lanes(
    S: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VAL: np.ndarray,
    kinds: np.ndarray,
    pars: np.ndarray,
    SEATS: np.ndarray,
    LEARNER: np.ndarray,
    fixed: int,
) -> int:
    """A new game in every lane; returns the first lane that could not be dealt, or -1."""
    moves = np.empty(MAX_MOVES, np.int64)
    for g in range(S.shape[0]):
        LEARNER[g] = deal(S[g], P, IX, MV, VAL, kinds, pars, SEATS[g], fixed, moves)
        if LEARNER[g] < 0:
            return g
    return -1


@njit(cache=True)
def learner_step(
    S: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    OB: np.ndarray,
    VAL: np.ndarray,
    kinds: np.ndarray,
    pars: np.ndarray,
    SEATS: np.ndarray,
    LEARNER: np.ndarray,
    fixed: int,
    actions: np.ndarray,
    rewards: np.ndarray,
    terminated: np.ndarray,
    truncated: np.ndarray,
    final: np.ndarray,
    cap: float,
    checked: bool,
) -> int:
    """The learner's ``actions[g]`` in every game, then the bots' moves up to its next decision.

    A game that ends (a win, the learner out: a loss, or a draw at the turn limit) has its
    reward (+1, ``-1 / (players - 1)``, 0), its flag, and the learner's last observation in
    ``final[g]``, and is dealt again at once. Returns -1, the first lane whose action is not
    legal (``checked`` skips that check; nothing is played then), or ``-2 - lane`` for a lane
    that could not be dealt again."""
    moves = np.empty(MAX_MOVES, np.int64)
    games = S.shape[0]
    for g in range(games):
        if checked:
            break
        n = legal(S[g], P, IX, LEARNER[g], moves)
        found = False
        for i in range(n):
            if moves[i] == actions[g]:
                found = True
                break
        if not found:
            return g
    loss = -1.0 / (P[P_PLAYERS] - 1)
    rewards[:] = 0.0
    terminated[:] = False
    truncated[:] = False
    for g in range(games):
        s = S[g]
        me = LEARNER[g]
        apply(s, P, MV, me, actions[g])
        play_opponents(s, P, IX, MV, VAL, kinds, pars, SEATS[g], me, moves)
        if s[seat_at(me) + S_NHAND] == 0:
            rewards[g] = loss
            terminated[g] = True
        elif s[PHASE] == D_NONE:
            if s[WINNER] >= 0:
                rewards[g] = 1.0 if s[WINNER] == me else loss
                terminated[g] = True
            else:
                truncated[g] = True
        else:
            continue
        observe_row(s, P, OB, final[g], me, cap)
        LEARNER[g] = deal(s, P, IX, MV, VAL, kinds, pars, SEATS[g], fixed, moves)
        if LEARNER[g] < 0:
            return -2 - g
    return -1


@njit(cache=True)
def observe_seats(
    S: np.ndarray, P: np.ndarray, OB: np.ndarray, seats: np.ndarray, out: np.ndarray, cap: float
) -> None:
    """Every game seen by the seat ``seats[g]``."""
    for g in range(S.shape[0]):
        observe_row(S[g], P, OB, out[g], seats[g], cap)
