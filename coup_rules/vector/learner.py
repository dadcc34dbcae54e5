"""One learning seat per game, bots in the others: the loops of ``CoupVectorEnv``.

Every game has a learner seat (``LEARNER[g]``) and, for each other seat, the index of its
opponent in the env's list (``SEATS[g, seat]``, -1 for the learner). An opponent of a compiled
kind (``coup_rules.vector.bots``) moves here, in compiled code; one of kind ``CALLABLE`` is a
Python policy, so a game stops when it is asked and ``STATUS[g]`` says why the game waits:

- ``ASKED``: the learner is asked (the only status between two ``step`` calls);
- ``PLAYING``: a callable opponent is asked, in a game the learner has played in (its end
  scores for the learner);
- ``DEALING``: a callable opponent is asked in a new deal, before the learner's first decision
  (a deal that ends before it is dealt again, unscored, as a deal of compiled bots is).

The Python side plays the callable opponents' answers with ``opponent_step`` until every game
is ``ASKED``; with compiled opponents only it never has to.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from coup_rules.vector.batch import observe_row
from coup_rules.vector.bots import bot_move
from coup_rules.vector.fields import D_NONE, MAX_MOVES, P_PLAYERS, PHASE, S_NHAND, WINNER
from coup_rules.vector.kernel import apply, asked_first, legal, rand_below, reset_row, seat_at

__all__ = [
    "ASKED",
    "CALLABLE",
    "DEALING",
    "MAX_DEALS",
    "PLAYING",
    "Lanes",
    "Outcome",
    "asked_seats",
    "deal_lanes",
    "learner_step",
    "masks_at",
    "observe_at",
    "observe_every_seat",
    "observe_seats",
    "opponent_step",
    "play_opponents",
]

MAX_DEALS = 1000
"""Deals tried for one game before giving up when the bots end every one before the learner is
asked (possible only with a tiny ``max_turns`` and a fixed learner seat)."""

CALLABLE = -1
"""The kind of an opponent played by a Python policy (the compiled kinds are 0 and up)."""

ASKED, PLAYING, DEALING = 0, 1, 2
"""A game's status (see the module)."""


class Lanes(NamedTuple):
    """The env's games and tables, as the compiled loops read and write them (one argument, so
    that every loop takes the same; numba reads a named tuple's fields as it reads arrays)."""

    S: np.ndarray
    """int32[games, fields]: the games' rows."""
    P: np.ndarray
    """The layout's parameters."""
    IX: np.ndarray
    """The layout's move indexes."""
    MV: np.ndarray
    """The layout's moves."""
    OB: np.ndarray
    """The layout's observation table."""
    VAL: np.ndarray
    """The compiled bots' card values."""
    kinds: np.ndarray
    """int64[opponents]: each opponent's kind (``CALLABLE`` for a Python policy)."""
    pars: np.ndarray
    """float64[opponents, ...]: each compiled opponent's parameters."""
    SEATS: np.ndarray
    """int64[games, seats]: the opponent at each seat of a game (-1 for the learner)."""
    LEARNER: np.ndarray
    """int64[games]: the learner's seat in each game."""
    STATUS: np.ndarray
    """int64[games]: ``ASKED``, ``PLAYING`` or ``DEALING``."""
    DEALS: np.ndarray
    """int64[games]: the deals in a row that ended before the learner was asked."""
    fixed: int
    """The learner's seat in every game, or -1 for a seat drawn at each deal."""
    cap: float
    """The observation's turn cap."""


class Outcome(NamedTuple):
    """A step's results, written by the compiled loops: each game's reward, its flags, and the
    learner's last observation of a game that ended."""

    rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    final: np.ndarray

    @classmethod
    def empty(cls, games: int, size: int) -> Outcome:
        """Rewards 0, no flag, observations of ``size`` zeros, for ``games`` games."""
        return cls(
            np.zeros(games, np.float32),
            np.zeros(games, np.bool_),
            np.zeros(games, np.bool_),
            np.zeros((games, size), np.float32),
        )


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
    """The compiled bots play until the learner is asked, is out, the game is over, or a
    callable opponent is asked."""
    while True:
        seat = asked_first(s, P)
        if seat < 0 or seat == learner or s[seat_at(learner) + S_NHAND] == 0:
            return
        o = seats[seat]
        if kinds[o] == CALLABLE:
            return
        n = legal(s, P, IX, seat, moves)
        move = bot_move(s, P, IX, MV, VAL, kinds[o], pars[o], seat, moves, n)
        apply(s, P, MV, seat, move)


@njit(cache=True)
def new_deal(s: np.ndarray, P: np.ndarray, count: int, seats: np.ndarray, fixed: int) -> int:
    """Deal a new game in ``s``; returns the learner's seat (``fixed``, or drawn when -1). The
    opponents sit clockwise from the learner in the order of the list of ``count``, cycling."""
    n = P[P_PLAYERS]
    reset_row(s, P)
    learner = fixed if fixed >= 0 else int(rand_below(s, n))
    seats[:] = -1
    for j in range(n - 1):
        seats[(learner + 1 + j) % n] = j % count
    return learner


@njit(cache=True, inline="always")
def settle(L: Lanes, out: Outcome, g: int, moves: np.ndarray) -> bool:
    """Game ``g`` after a move (``STATUS[g]`` ``PLAYING`` or ``DEALING``): the compiled bots
    play until the learner or a callable opponent is asked.

    A game the learner has played in that ends (a win, the learner out: a loss, or a draw at
    the turn limit) has its reward (+1, ``-1 / (players - 1)``, 0), its flag and the learner's
    last observation in ``out.final[g]``, and is dealt again; so is, unscored, a deal that ends
    before the learner is asked. False when ``MAX_DEALS`` deals in a row ended so."""
    s = L.S[g]
    P, IX, MV, VAL, kinds, pars = L.P, L.IX, L.MV, L.VAL, L.kinds, L.pars
    seats, LEARNER, STATUS, DEALS = L.SEATS[g], L.LEARNER, L.STATUS, L.DEALS
    while True:
        me = LEARNER[g]
        play_opponents(s, P, IX, MV, VAL, kinds, pars, seats, me, moves)
        gone = s[seat_at(me) + S_NHAND] == 0
        if not gone and s[PHASE] != D_NONE:
            if asked_first(s, P) == me:
                STATUS[g] = ASKED
                DEALS[g] = 0
            return True
        if STATUS[g] == PLAYING:
            loss = -1.0 / (P[P_PLAYERS] - 1)
            if gone:
                out.rewards[g] = loss
                out.terminated[g] = True
            elif s[WINNER] >= 0:
                out.rewards[g] = 1.0 if s[WINNER] == me else loss
                out.terminated[g] = True
            else:
                out.truncated[g] = True
            observe_row(s, P, L.OB, out.final[g], me, L.cap)
        else:
            DEALS[g] += 1
            if DEALS[g] >= MAX_DEALS:
                return False
        LEARNER[g] = new_deal(s, P, kinds.shape[0], seats, L.fixed)
        STATUS[g] = DEALING


@njit(cache=True)
def deal_lanes(L: Lanes, out: Outcome) -> int:
    """A new game in every lane, up to the learner's first decision or a callable opponent's
    (a deal is unscored: ``out`` is not written); returns the first lane that could not be
    dealt, or -1."""
    moves = np.empty(MAX_MOVES, np.int64)
    for g in range(L.S.shape[0]):
        L.LEARNER[g] = new_deal(L.S[g], L.P, L.kinds.shape[0], L.SEATS[g], L.fixed)
        L.STATUS[g] = DEALING
        L.DEALS[g] = 0
        if not settle(L, out, g, moves):
            return g
    return -1


@njit(cache=True)
def learner_step(L: Lanes, out: Outcome, actions: np.ndarray, checked: bool) -> int:
    """The learner's ``actions[g]`` in every game (all ``ASKED``), then ``settle``; ``out`` is
    cleared first.

    Returns -1, the first lane whose action is not legal (``checked`` skips that check; nothing
    is played then), or ``-2 - lane`` for a lane that could not be dealt again."""
    moves = np.empty(MAX_MOVES, np.int64)
    S, P, IX, MV, VAL, kinds, pars = L.S, L.P, L.IX, L.MV, L.VAL, L.kinds, L.pars
    SEATS, LEARNER = L.SEATS, L.LEARNER
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
    out.rewards[:] = 0.0
    out.terminated[:] = False
    out.truncated[:] = False
    called = False  # with compiled opponents only, a game that goes on asks the learner
    for o in range(kinds.shape[0]):
        called |= kinds[o] == CALLABLE
    for g in range(games):
        s = S[g]
        me = LEARNER[g]
        apply(s, P, MV, me, actions[g])
        play_opponents(s, P, IX, MV, VAL, kinds, pars, SEATS[g], me, moves)
        if (
            s[seat_at(me) + S_NHAND] != 0
            and s[PHASE] != D_NONE
            and (not called or asked_first(s, P) == me)
        ):
            continue  # the learner is asked again: the common case, kept short
        L.STATUS[g] = PLAYING
        if not settle(L, out, g, moves):
            return -2 - g
    return -1


@njit(cache=True)
def opponent_step(L: Lanes, out: Outcome, lanes: np.ndarray, answers: np.ndarray) -> int:
    """The callable opponents' ``answers[i]`` (legal moves, checked by the caller) in the games
    ``lanes[i]``, each by the seat it asks, then ``settle``; -1, or ``-2 - lane`` for a lane
    that could not be dealt again."""
    moves = np.empty(MAX_MOVES, np.int64)
    for i in range(lanes.shape[0]):
        g = lanes[i]
        apply(L.S[g], L.P, L.MV, asked_first(L.S[g], L.P), answers[i])
        if not settle(L, out, g, moves):
            return -2 - g
    return -1


@njit(cache=True)
def asked_seats(S: np.ndarray, P: np.ndarray, STATUS: np.ndarray, out: np.ndarray) -> None:
    """The seat each game that waits on a callable opponent asks (-1 where the learner is)."""
    for g in range(S.shape[0]):
        out[g] = -1 if STATUS[g] == ASKED else asked_first(S[g], P)


@njit(cache=True)
def masks_at(
    S: np.ndarray, P: np.ndarray, IX: np.ndarray, lanes: np.ndarray, seat: int, out: np.ndarray
) -> None:
    """``out[i]``: the legal moves of ``seat`` in game ``lanes[i]``."""
    moves = np.empty(MAX_MOVES, np.int64)
    out[:] = False
    for i in range(lanes.shape[0]):
        for j in range(legal(S[lanes[i]], P, IX, seat, moves)):
            out[i, moves[j]] = True


@njit(cache=True)
def observe_at(
    S: np.ndarray,
    P: np.ndarray,
    OB: np.ndarray,
    lanes: np.ndarray,
    seat: int,
    out: np.ndarray,
    cap: float,
) -> None:
    """``out[i]``: game ``lanes[i]`` seen by ``seat``."""
    for i in range(lanes.shape[0]):
        observe_row(S[lanes[i]], P, OB, out[i], seat, cap)


@njit(cache=True)
def observe_seats(
    S: np.ndarray, P: np.ndarray, OB: np.ndarray, seats: np.ndarray, out: np.ndarray, cap: float
) -> None:
    """Every game seen by the seat ``seats[g]``."""
    for g in range(S.shape[0]):
        observe_row(S[g], P, OB, out[g], seats[g], cap)


@njit(cache=True)
def observe_every_seat(
    S: np.ndarray, P: np.ndarray, OB: np.ndarray, lanes: np.ndarray, out: np.ndarray, cap: float
) -> None:
    """``out[i, p]``: game ``lanes[i]`` seen by seat ``p``, for every seat."""
    for i in range(lanes.shape[0]):
        for p in range(P[P_PLAYERS]):
            observe_row(S[lanes[i]], P, OB, out[i, p], p, cap)
