"""Playouts for search in compiled code: the ISMCTS playout policy over one game's row.

``playout_from(state, seed)`` plays a position (a ``GameState``, or the engine's ``Core`` such as
a determinization drawn by ``coup_rules.determinize.Determinizer``) to its end without leaving
compiled code, every seat playing ``plausible``: ``coup_rules.ai.policy.plausible_move``
compiled over the row, reading only the cards of the seat that moves (the row holds every
seat's hand, since a determinization is a whole state). ``Playouts(config)`` is the same for
one configuration with its own buffers, and ``Playouts.value`` gives the reward that
``coup_rules.ai.ISMCTSBot`` credits to a simulation. The bot goes further: it loads each
determinization once (``Playouts.load``), and the other seats' moves in its tree are played in
compiled code too (``Playouts.decide``, ``to_decision``), each returned as a number the tree
is keyed by (``KEY_SEATS``), up to the bot's next decision; Python only walks the tree and
picks the bot's moves, and ``Playouts.finish`` plays the simulation.

A call costs a few microseconds besides the game itself: the configuration's tables are built
once per process (``layout_of`` alone costs about 0.7 ms), the row and the move buffer are
reused, the position is written into the row by plain Python from memos of the seats and the
piles (no log is read: the knowledge fields are left out, as in ``random_playouts``), and
nothing runs in parallel (no thread pool to wake). A ``Playouts`` is for one thread at a time.

numba's on-disk cache of this file is keyed on this file alone (see ``fields``): after changing
the kernel or its fields, delete ``coup_rules/vector/__pycache__``.

Chance: the row's SplitMix64 counter (``kernel.rand_below``'s) drives the Court's draws and the
policy's alike. The policy draws as the Python one does, so that the two make the same move
from the same position and the same stream (``tests/test_vector_search.py``): ``unit`` is
``random.random()`` (53 bits of one output) and ``below`` is ``random.choice``'s index
(``getrandbits(n.bit_length())`` until it falls below ``n``, ``getrandbits(k)`` being the top
``k`` bits of one output).
"""

from __future__ import annotations

import array
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit

from coup_rules.bots import VALUE
from coup_rules.cards import RANK, Character
from coup_rules.config import Config
from coup_rules.decisions import Stage
from coup_rules.moves import Move
from coup_rules.records import (
    InfluenceChoice,
    KeepChoice,
    Record,
)
from coup_rules.state import Core, GameState, Seat
from coup_rules.vector import fields as f
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
    ASSASSIN,
    BLOCKCH,
    CAPTAIN,
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
    DUKE,
    M_ALLOW,
    M_BLOCK,
    M_CHALLENGE,
    M_FORCE,
    M_GIVE_BACK,
    M_PROVE,
    MAX_MOVES,
    NACTIONS,
    P_COPIES,
    P_EXCHANGER,
    P_PLAYERS,
    PHASE,
    RESERVE,
    RNG_HI,
    RNG_LO,
    S_COINS,
    S_HAND,
    S_NHAND,
    S_NREV,
    S_REV,
    SEAT_FIELDS,
    SEATS,
    SHOWN,
    TURN,
    WAIT,
    WINNER,
)
from coup_rules.vector.kernel import apply, claim_of, legal, popcount, rand_next, rand_unit
from coup_rules.vector.layout import ACTION_KIND, SIDES, Layout, layout_of

__all__ = [
    "COIN_WORTH",
    "HIDDEN_DRAFT",
    "HIDDEN_KEEP",
    "HIDDEN_SHOW",
    "KEY_SEATS",
    "Playouts",
    "below",
    "next64",
    "plausible",
    "playout_from",
    "playouts_for",
    "to_decision",
    "unit",
]

_F = TypeVar("_F", bound=Callable[..., Any])


def _jit(fn: _F) -> _F:
    """``numba.njit(cache=True)``, typed for mypy (the function keeps its signature)."""
    return cast(_F, njit(cache=True)(fn))


COIN_WORTH = 0.12
"""What a coin is worth in influences, for the value of a playout stopped at a horizon
(``Playouts.value``'s default; ``ISMCTSBot`` passes its own)."""

_KEYS = 512
"""The size of ``Playouts.keys``, the buffer ``to_decision`` writes its keys to."""

NO_STOP = 2**31 - 1
"""A turn no game reaches: the ``stop`` of a playout played to the end."""


# --- chance, drawn as random.Random draws --------------------------------------------------------


next64 = rand_next
"""The next 64-bit output of the row's SplitMix64 stream (``kernel.rand_next``)."""
unit = rand_unit
"""A float in [0, 1): ``random.random()`` over the row's stream (``kernel.rand_unit``)."""


@_jit
def below(s: np.ndarray, n: int) -> int:
    """An integer in ``range(n)``, ``n >= 1``, drawn as ``random.choice`` draws its index:
    ``getrandbits(n.bit_length())`` (the top bits of one output) until it is below ``n``."""
    k = 0
    while (n >> k) != 0:
        k += 1
    shift = np.uint64(64 - k)
    while True:
        r = int(next64(s) >> shift)
        if r < n:
            return r


# --- the policy (coup_rules.ai.policy.plausible_move over the row) -------------------------------


@_jit
def _threat_above(s: np.ndarray, target: int, best: int, whole: bool) -> bool:
    """Whether ``target`` is more dangerous than ``best`` (-1: none yet): more influence (if
    ``whole``), then more coins, then the lower seat, as ``policy._threat`` orders them."""
    if best < 0:
        return True
    t = SEATS + target * SEAT_FIELDS
    b = SEATS + best * SEAT_FIELDS
    if whole and s[t + S_NHAND] != s[b + S_NHAND]:
        return bool(s[t + S_NHAND] > s[b + S_NHAND])
    if s[t + S_COINS] != s[b + S_COINS]:
        return bool(s[t + S_COINS] > s[b + S_COINS])
    return target < best


@_jit
def _most_dangerous(s: np.ndarray, MV: np.ndarray, moves: np.ndarray, k: int, kind: int) -> int:
    """The move of ``kind`` aimed at the most dangerous target (``policy._threat``), or -1."""
    found = -1
    best = -1
    for i in range(k):
        m = moves[i]
        if MV[m, 0] == kind and _threat_above(s, MV[m, 1], best, True):
            found = m
            best = MV[m, 1]
    return found


@_jit
def _richest_steal(s: np.ndarray, MV: np.ndarray, moves: np.ndarray, k: int) -> int:
    """The Steal from the richest target holding 2 coins or more, or -1."""
    found = -1
    best = -1
    for i in range(k):
        m = moves[i]
        if MV[m, 0] != A_STEAL:
            continue
        target = MV[m, 1]
        if s[SEATS + target * SEAT_FIELDS + S_COINS] >= 2 and _threat_above(s, target, best, False):
            found = m
            best = target
    return found


@_jit
def _first(MV: np.ndarray, moves: np.ndarray, k: int, kind: int) -> int:
    """The first move of ``kind``, or -1."""
    for i in range(k):
        if MV[moves[i], 0] == kind:
            return int(moves[i])
    return -1


@_jit
def _count(MV: np.ndarray, moves: np.ndarray, k: int, kind: int) -> int:
    n = 0
    for i in range(k):
        if MV[moves[i], 0] == kind:
            n += 1
    return n


@_jit
def _nth(MV: np.ndarray, moves: np.ndarray, k: int, kind: int, nth: int) -> int:
    """The ``nth`` move (from 0) of ``kind``."""
    for i in range(k):
        if MV[moves[i], 0] == kind:
            if nth == 0:
                return int(moves[i])
            nth -= 1
    return -1


@_jit
def _claims(P: np.ndarray, MV: np.ndarray, moves: np.ndarray, k: int, nth: int) -> int:
    """How many actions claim a character (``nth < 0``), or the ``nth`` of them."""
    n = 0
    for i in range(k):
        kind = MV[moves[i], 0]
        if kind < NACTIONS and claim_of(P, kind) >= 0:
            if n == nth:
                return int(moves[i])
            n += 1
    return n


@_jit
def _action(
    s: np.ndarray,
    P: np.ndarray,
    MV: np.ndarray,
    seat: int,
    moves: np.ndarray,
    k: int,
    bluff: float,
) -> int:
    """``policy._action``: the turn action, statement for statement."""
    hand = SEATS + seat * SEAT_FIELDS + S_HAND
    m = _most_dangerous(s, MV, moves, k, A_COUP)
    if m >= 0:
        return m
    if s[hand + ASSASSIN] > 0:
        m = _most_dangerous(s, MV, moves, k, A_ASSASSINATE)
        if m >= 0:
            return m
    if s[hand + DUKE] > 0:
        m = _first(MV, moves, k, A_TAX)
        if m >= 0:
            return m
    if s[hand + CAPTAIN] > 0:
        m = _richest_steal(s, MV, moves, k)
        if m >= 0:
            return m
    if s[hand + DUKE] == 0 and s[RESERVE] >= 2:
        m = _first(MV, moves, k, A_EMBEZZLE)
        if m >= 0:
            return m
    if s[hand + P[P_EXCHANGER]] > 0 and unit(s) < 0.3:
        examines = _count(MV, moves, k, A_EXAMINE)
        if examines > 0 and unit(s) < 0.5:
            return _nth(MV, moves, k, A_EXAMINE, below(s, examines))
        m = _first(MV, moves, k, A_EXCHANGE)
        if m >= 0:
            return m
    claims = _claims(P, MV, moves, k, -1)
    if claims > 0 and unit(s) < bluff:
        return _claims(P, MV, moves, k, below(s, claims))
    m = _first(MV, moves, k, A_FOREIGN_AID)
    if m >= 0 and unit(s) < 0.5:
        return m
    m = _first(MV, moves, k, A_INCOME)
    if m >= 0:
        return m
    return int(moves[below(s, k)])


@_jit
def _unaccounted(s: np.ndarray, P: np.ndarray, seat: int, rank: int) -> int:
    """Copies of ``rank`` that ``seat`` cannot account for (face up, or in its own hand)."""
    seen = s[SEATS + seat * SEAT_FIELDS + S_HAND + rank]
    for p in range(P[P_PLAYERS]):
        at = SEATS + p * SEAT_FIELDS
        for i in range(s[at + S_NREV]):
            if s[at + S_REV + i] == rank:
                seen += 1
    return int(P[P_COPIES] - seen)


@_jit
def plausible(
    s: np.ndarray,
    P: np.ndarray,
    MV: np.ndarray,
    VALUE: np.ndarray,
    seat: int,
    moves: np.ndarray,
    k: int,
    bluff: float,
    challenge: float,
) -> int:
    """The move index ``coup_rules.ai.policy.plausible_move`` plays for ``seat`` among its ``k``
    legal moves ``moves[:k]`` (as ``kernel.legal`` lists them), reading only that seat's own
    cards and the public fields; ``VALUE`` holds ``coup_rules.bots.VALUE`` by rank, ``bluff``
    and ``challenge`` are ``bluff_rate`` and ``challenge_rate``. Draws from the row's stream
    exactly where the Python one draws from its ``random.Random``."""
    phase = s[PHASE]
    hand = SEATS + seat * SEAT_FIELDS + S_HAND
    if phase == D_ACTION:
        return _action(s, P, MV, seat, moves, k, bluff)
    if phase == D_CHALLENGE_ACTION or phase == D_CHALLENGE_BLOCK:  # noqa: SIM109
        claim = s[BLOCKCH] if phase == D_CHALLENGE_BLOCK else claim_of(P, s[ACTION])
        sure = False
        if claim >= 0:
            sure = _unaccounted(s, P, seat, claim) <= 0
        if not sure:
            sure = unit(s) < challenge
        return _first(MV, moves, k, M_CHALLENGE if sure else M_ALLOW)
    if phase == D_COUNTER:
        blocks = 0
        for i in range(k):
            m = moves[i]
            if MV[m, 0] == M_BLOCK:
                if s[hand + MV[m, 1]] > 0:
                    return int(m)
                blocks += 1
        if blocks > 0 and unit(s) < bluff:
            return _nth(MV, moves, k, M_BLOCK, below(s, blocks))
        return _first(MV, moves, k, M_ALLOW)
    if phase == D_ANSWER_ACTION or phase == D_ANSWER_BLOCK:  # noqa: SIM109
        return _first(MV, moves, k, M_PROVE) if k > 1 else moves[0]
    if phase == D_LOSE or phase == D_SHOW:  # noqa: SIM109 (the least valued card, the first of equals)
        best = moves[0]
        for i in range(1, k):
            if VALUE[MV[moves[i], 1]] < VALUE[MV[best, 1]]:
                best = moves[i]
        return int(best)
    if phase == D_KEEP:  # the most valued cards, then the most different ones
        best = -1
        top = -1
        mixed = 0
        for i in range(k):
            m = moves[i]
            first = MV[m, 1]
            second = MV[m, 2]
            worth = VALUE[first] + (VALUE[second] if second >= 0 else 0)
            different = 2 if second >= 0 and second != first else 1
            if worth > top or (worth == top and different > mixed):
                best = m
                top = worth
                mixed = different
        return int(best)
    if phase == D_INQUISITOR:
        shown = s[SHOWN]
        force = shown >= 0 and VALUE[shown] >= 4
        return _first(MV, moves, k, M_FORCE if force else M_GIVE_BACK)
    if phase == D_DRAFT:  # a card not held yet, then the most valued
        best = -1
        top = -1
        for i in range(k):
            m = moves[i]
            rank = MV[m, 1]
            key = (0 if s[hand + rank] > 0 else 100) + VALUE[rank]
            if key > top:
                best = m
                top = key
        return int(best)
    if phase == D_ALLEGIANCE:  # at random
        return int(moves[below(s, k)])
    raise ValueError("vector.search.plausible: a phase with no arm (give the decision its answer)")


# --- playouts ------------------------------------------------------------------------------------


@_jit
def _waiting_seat(s: np.ndarray) -> int:
    """The seat that moves now: the one waited on, or one of several drawn at random (as the
    search draws one, ``rng.choice(waiting)``)."""
    wait = s[WAIT]
    pick = below(s, popcount(wait)) if wait & (wait - 1) else 0
    seat = 0
    while True:
        if (wait >> seat) & 1:
            if pick == 0:
                return seat
            pick -= 1
        seat += 1


@_jit
def _play(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VALUE: np.ndarray,
    moves: np.ndarray,
    stop: int,
    bluff: float,
    challenge: float,
) -> int:
    """Play the row on by ``plausible`` until the game ends or turn ``stop`` is reached; the
    number of moves played."""
    count = 0
    while s[PHASE] != D_NONE and s[TURN] < stop:
        seat = _waiting_seat(s)
        k = legal(s, P, IX, seat, moves)
        apply(s, P, MV, seat, plausible(s, P, MV, VALUE, seat, moves, k, bluff, challenge))
        count += 1
    return count


@_jit
def _value(s: np.ndarray, P: np.ndarray, me: int, coin_worth: float) -> float:
    """``ismcts._value``: 1 for a win of ``me``, 0 for a loss or a draw; in a game not over, its
    share of the living seats' strength (influence, plus coins)."""
    if s[PHASE] == D_NONE:
        return 1.0 if s[WINNER] == me else 0.0
    mine = 0.0
    total = 0.0
    for seat in range(P[P_PLAYERS]):
        at = SEATS + seat * SEAT_FIELDS
        if s[at + S_NHAND] == 0:
            continue
        strength = 2 - s[at + S_NREV] + coin_worth * min(s[at + S_COINS], 10)
        total += strength
        if seat == me:
            mine = strength
    return mine / total


@_jit
def play_value(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VALUE: np.ndarray,
    moves: np.ndarray,
    me: int,
    move: int,
    stop: int,
    bluff: float,
    challenge: float,
    coin_worth: float,
) -> float:
    """``me`` plays the move of key ``move`` (``KEY_SEATS``; -1: none), the row is played on
    (``_play``), then the reward of ``me`` (``_value``)."""
    if move >= 0:
        apply(s, P, MV, me, move // KEY_SEATS)
    _play(s, P, IX, MV, VALUE, moves, stop, bluff, challenge)
    return _value(s, P, me, coin_worth)


@_jit
def play_winner(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VALUE: np.ndarray,
    moves: np.ndarray,
    stop: int,
    bluff: float,
    challenge: float,
) -> int:
    """Play the row on (``_play``), then the winner: -1 for a draw or a game stopped early."""
    _play(s, P, IX, MV, VALUE, moves, stop, bluff, challenge)
    return int(s[WINNER])


KEY_SEATS = 16
"""The search's keys of moves (``to_decision``): move index ``i`` of ``seat`` is
``i * KEY_SEATS + seat``, and a move the searching seat does not see, ``-(kind * KEY_SEATS +
seat) - 1``: all the Keeps of a seat are one branch (``kind`` ``HIDDEN_KEEP``), all its Shows to
another Inquisitor one (``HIDDEN_SHOW``), all its Drafts one (``HIDDEN_DRAFT``)."""
HIDDEN_KEEP = 1
HIDDEN_SHOW = 2
HIDDEN_DRAFT = 3


@_jit
def _key(s: np.ndarray, seat: int, me: int, index: int) -> int:
    """The key of move ``index`` of ``seat`` now, as ``me`` sees it (``ismcts._hidden_from``)."""
    phase = s[PHASE]
    hidden = 0
    if seat != me:
        if phase == D_KEEP:
            hidden = HIDDEN_KEEP
        elif phase == D_DRAFT:
            hidden = HIDDEN_DRAFT
        elif phase == D_SHOW and s[f.ACTOR] != me:
            hidden = HIDDEN_SHOW
    if hidden:
        return -(hidden * KEY_SEATS + seat) - 1
    return index * KEY_SEATS + seat


@_jit
def to_decision(
    s: np.ndarray,
    P: np.ndarray,
    IX: np.ndarray,
    MV: np.ndarray,
    VALUE: np.ndarray,
    moves: np.ndarray,
    keys: np.ndarray,
    me: int,
    move: int,
    bluff: float,
    challenge: float,
) -> tuple[int, int]:
    """The tree phase of a search by seat ``me``: ``me`` plays the move of key ``move`` (-1:
    none, and ``me`` decides at once, as at the root of the search; -2: none), then the other
    seats play ``plausible`` until ``me`` is drawn to move. The keys (``KEY_SEATS``) of the
    others' moves are written to ``keys[:n]``, then those of ``me``'s legal moves to
    ``keys[n:n + k]``; returns ``(n, k)``. ``k`` is 0 when the game is over or ``me`` is out
    (nothing it does is searched any more), and -1 when ``keys`` is full (call again with
    ``move=-2``)."""
    n = 0
    if move == -1:
        k = legal(s, P, IX, me, moves)
    else:
        if move >= 0:
            apply(s, P, MV, me, move // KEY_SEATS)
        k = 0
        alive = SEATS + me * SEAT_FIELDS + S_NHAND
        while s[PHASE] != D_NONE and s[alive] > 0:
            if n + MAX_MOVES >= keys.shape[0]:
                return n, -1
            seat = _waiting_seat(s)
            k = legal(s, P, IX, seat, moves)
            if seat == me:
                break
            m = plausible(s, P, MV, VALUE, seat, moves, k, bluff, challenge)
            keys[n] = _key(s, seat, me, m)
            apply(s, P, MV, seat, m)
            n += 1
            k = 0
    for i in range(k):
        keys[n + i] = moves[i] * KEY_SEATS + me
    return n, k


# --- the position into the row (plain Python) ----------------------------------------------------

_STAGES = {Stage.COUNTER: f.ST_COUNTER, Stage.RESOLVE: f.ST_RESOLVE, Stage.END: f.ST_END}
_RANK: dict[Character, int] = dict(RANK)
_SIDE = {side: i for i, side in enumerate(SIDES)}


def _globals() -> array.array[int]:
    """The row's global fields as they stand before a position is written."""
    row = array.array("i", [0] * SEATS)
    for field in (
        f.WINNER,
        f.ACTION,
        f.ACTOR,
        f.TARGET,
        f.BLOCKER,
        f.BLOCKCH,
        f.CHALLENGER,
        f.LOSING,
        f.SHOWN,
    ):
        row[field] = -1
    return row


_GLOBALS = _globals()

_MEMO = 4096
"""Entries kept at most in each of the memos below (then they start again)."""

_K = TypeVar("_K")
_V = TypeVar("_V")

_SEATS: dict[Seat, array.array[int]] = {}
"""The fields of each seat seen lately: the engine shares a seat between positions until it
changes, and a determinization changes only the hands."""

_PILES: dict[tuple[tuple[Character, ...], tuple[Character, ...]], array.array[int]] = {}
"""The Court's and the set-aside cards' fields (COURT to ASIDEN) of each pair seen lately."""

_LIVING: dict[tuple[int, ...], int] = {}


def _remember(memo: dict[_K, _V], key: _K, value: _V) -> _V:
    if len(memo) >= _MEMO:
        memo.clear()
    memo[key] = value
    return value


def _seat_segment(seat: Seat) -> array.array[int]:
    """A seat's ``SEAT_FIELDS`` fields (no claims: the knowledge fields are not kept)."""
    segment = array.array("i", [0] * SEAT_FIELDS)
    segment[S_COINS] = seat.coins
    for c in seat.hand:
        segment[S_HAND + _RANK[c]] += 1
    segment[S_NHAND] = len(seat.hand)
    segment[S_REV] = segment[S_REV + 1] = -1
    for i, c in enumerate(seat.revealed):
        segment[S_REV + i] = _RANK[c]
    segment[S_NREV] = len(seat.revealed)
    segment[f.S_ALLEG] = -1 if seat.allegiance is None else _SIDE[seat.allegiance]
    segment[f.S_LAST] = -1
    return segment


def _piles_segment(court: tuple[Character, ...], aside: tuple[Character, ...]) -> array.array[int]:
    """The fields from COURT to ASIDEN: counts per rank and the number of cards, of each pile."""
    segment = array.array("i", [0] * (f.ASIDEN + 1 - f.COURT))
    for c in court:
        segment[_RANK[c]] += 1
    segment[f.COURTN - f.COURT] = len(court)
    for c in aside:
        segment[f.ASIDE - f.COURT + _RANK[c]] += 1
    segment[f.ASIDEN - f.COURT] = len(aside)
    return segment


def _pending_fields(row: array.array[int], pending: Record) -> None:
    """The decision's fields (``convert._write_pending``, from the engine's record)."""
    row[f.PHASE] = f.PHASE_OF[pending.kind]
    mask = 0
    for seat in pending.waiting:
        mask |= 1 << seat
    row[f.WAIT] = mask
    action = getattr(pending, "action", None)
    if action is None:
        return
    row[f.ACTION] = ACTION_KIND[type(action)]
    row[f.ACTOR] = action.player
    row[f.TARGET] = getattr(action, "target", -1)
    block = getattr(pending, "block", None)
    if block is not None:
        row[f.BLOCKER] = block.player
        row[f.BLOCKCH] = _RANK[block.character]
    challenger = getattr(pending, "challenger", None)
    if challenger is not None:
        row[f.CHALLENGER] = challenger
    if type(pending) is InfluenceChoice:
        row[f.LOSING] = pending.waiting[0]
        row[f.RESUME] = _STAGES[pending.resume]
        row[f.PBLOCK] = int(block is not None)
    elif type(pending) is KeepChoice:
        row[f.KEEPN] = pending.keep


class Playouts:
    """Compiled playouts of one configuration by ``plausible``, with the tables and buffers kept
    (``playouts_for`` keeps one per configuration).

    Args:
        config: the configuration of the positions to play.
    """

    def __init__(self, config: Config) -> None:
        self.config = config
        layout = _LAYOUTS.get(config)
        if layout is None:
            layout = _LAYOUTS[config] = layout_of(config, track=False)
        self.layout: Layout = layout
        self.value_table = np.array([VALUE[c] for c in Character], np.int64)
        self.moves = np.empty(MAX_MOVES, np.int64)
        self.keys = np.empty(_KEYS, np.int64)
        # The row shares its memory with an array.array, which plain Python writes cheaply.
        self._buffer = array.array("i", [0] * int(self.layout.P[f.P_FIELDS]))
        self.row = np.frombuffer(self._buffer, np.int32)
        L = self.layout
        self._tables = (self.row, L.P, L.IX, L.MV, self.value_table, self.moves)

    def load(self, state: GameState | Core, seed: int) -> np.ndarray:
        """Write ``state``'s position into the kept row, its random stream seeded from ``seed``
        (64 bits are used), and return the row; the knowledge fields are left out."""
        core = state.core if isinstance(state, GameState) else state
        if core.config is not self.config and core.config != self.config:
            raise ValueError("the position is of another configuration than these playouts'")
        row = self._buffer
        row[:SEATS] = _GLOBALS
        lo = seed & 0xFFFFFFFF
        hi = (seed >> 32) & 0xFFFFFFFF
        row[RNG_LO] = lo - (1 << 32) if lo >= 1 << 31 else lo
        row[RNG_HI] = hi - (1 << 32) if hi >= 1 << 31 else hi
        if core.winner is not None:
            row[WINNER] = core.winner
        row[f.ACTIVE] = core.active
        row[TURN] = core.turn
        row[f.TREASURY] = core.treasury
        row[RESERVE] = core.reserve
        if core.shown is not None:
            row[SHOWN] = _RANK[core.shown]
        piles = (core.court, core.aside)
        segment = _PILES.get(piles)
        if segment is None:
            segment = _remember(_PILES, piles, _piles_segment(*piles))
        row[f.COURT : f.ASIDEN + 1] = segment
        living = _LIVING.get(core.living)
        if living is None:
            living = _remember(_LIVING, core.living, sum(1 << seat for seat in core.living))
        row[f.LIVING] = living
        at = SEATS
        for p in core.players:
            segment = _SEATS.get(p)
            if segment is None:
                segment = _remember(_SEATS, p, _seat_segment(p))
            row[at : at + SEAT_FIELDS] = segment
            at += SEAT_FIELDS
        if core.pending is not None:
            _pending_fields(row, core.pending)
        return self.row

    def winner(
        self,
        state: GameState | Core,
        seed: int,
        *,
        bluff_rate: float = 0.1,
        challenge_rate: float = 0.1,
    ) -> int:
        """Play ``state`` to the end by ``plausible`` (every seat; several waited on: one drawn
        at random moves first), the stream seeded from ``seed``; the winning seat, or -1 for a
        draw at the turn limit (R-TURN-8)."""
        L = self.layout
        row = self.load(state, seed)
        return int(
            play_winner(
                row,
                L.P,
                L.IX,
                L.MV,
                self.value_table,
                self.moves,
                NO_STOP,
                bluff_rate,
                challenge_rate,
            )
        )

    def value(
        self,
        state: GameState | Core,
        me: int,
        seed: int,
        *,
        stop: int | None = None,
        bluff_rate: float = 0.1,
        challenge_rate: float = 0.1,
        coin_worth: float = COIN_WORTH,
    ) -> float:
        """Play ``state`` on as ``winner`` does, up to the start of turn ``stop`` if given, and
        return ``ISMCTSBot``'s reward for seat ``me``: 1 if it won, 0 for a loss or a draw, and
        for a game stopped at ``stop`` its share of the living seats' strength (its influence
        plus ``coin_worth`` a coin, up to 10 coins, over the same of every living seat)."""
        self.load(state, seed)
        return self.finish(
            me,
            stop=stop,
            bluff_rate=bluff_rate,
            challenge_rate=challenge_rate,
            coin_worth=coin_worth,
        )

    # --- a search's steps on the kept row (``ISMCTSBot``): load, decide, finish ---------------

    def decide(
        self, me: int, move: int, bluff_rate: float, challenge_rate: float
    ) -> tuple[list[int], list[int]]:
        """On the kept row, ``me`` plays the move of key ``move`` (-1: none, and ``me`` decides
        at once), then the others play until ``me`` decides (``to_decision``). Returns the keys
        of the others' moves as ``me`` sees them, and those of ``me``'s legal moves: none when
        the game is over or ``me`` is out."""
        played: list[int] = []
        while True:
            n, k = to_decision(*self._tables, self.keys, me, move, bluff_rate, challenge_rate)
            out: list[int] = self.keys[: n + max(k, 0)].tolist()
            if k >= 0:
                return (played + out[:n] if played else out[:n]), out[n:]
            played += out
            move = -2

    def key(self, move: Move) -> int:
        """The key (``KEY_SEATS``) of a move its seat sees."""
        return self.layout.codec.encode(move) * KEY_SEATS + move.player

    def move(self, key: int) -> Move:
        """The move of a key (``KEY_SEATS``) of a move its seat sees."""
        index, seat = divmod(key, KEY_SEATS)
        return self.layout.codec.decode(index, seat)

    def finish(
        self,
        me: int,
        move: int = -1,
        *,
        stop: int | None = None,
        bluff_rate: float = 0.1,
        challenge_rate: float = 0.1,
        coin_worth: float = COIN_WORTH,
    ) -> float:
        """``value`` from the kept row as it stands, once ``me`` has played the move of key
        ``move`` (-1: none)."""
        L = self.layout
        return float(
            play_value(
                self.row,
                L.P,
                L.IX,
                L.MV,
                self.value_table,
                self.moves,
                me,
                move,
                NO_STOP if stop is None else min(stop, NO_STOP),
                bluff_rate,
                challenge_rate,
                coin_worth,
            )
        )


_LAYOUTS: dict[Config, Layout] = {}
"""The kernel's tables of each configuration played (without knowledge tracking)."""

_KEPT: dict[Config, Playouts] = {}


def playouts_for(config: Config) -> Playouts:
    """The ``Playouts`` of ``config``, built on first use and kept (one per process: for one
    thread at a time, like ``playout_from``, which uses it)."""
    found = _KEPT.get(config)
    if found is None:
        found = _KEPT[config] = Playouts(config)
    return found


def playout_from(
    state: GameState | Core,
    seed: int,
    *,
    bluff_rate: float = 0.1,
    challenge_rate: float = 0.1,
) -> int:
    """Play ``state`` (a game, or a determinization's ``Core``) to the end in compiled code,
    every seat playing ``coup_rules.ai.policy.plausible_move``'s policy; the winning seat, or -1
    for a draw at the turn limit. One state and seed always give the same game.

    The first call of a configuration builds its tables (about a millisecond) and the first call
    in a process loads the compiled code; after that, a call costs a few microseconds besides the
    moves themselves. The buffers are shared (``playouts_for``): for one thread at a time.
    """
    core = state.core if isinstance(state, GameState) else state
    return playouts_for(core.config).winner(
        core, seed, bluff_rate=bluff_rate, challenge_rate=challenge_rate
    )
