"""The rules of Coup as pure JAX functions over one game's row (the layout of ``vector.fields``).

This is the numba kernel (``coup_rules.vector.kernel``) written again without control flow:
where the kernel branches, every branch here is computed and its writes are guarded by a
boolean (``on``), so that ``jax.vmap`` runs thousands of games in lock-step and ``jax.jit``
compiles one straight program. The functions follow the kernel's, name for name and statement
for statement (the rule ids cited are the formal spec's, ``docs/spec/``); the engine is the
reference, and ``tests/test_jax_differential.py`` plays this form move for move against it.

The row, its numbering and the configuration's tables are the vector engine's (``fields``,
``layout_of``): one description of the layout, read by both compiled forms, so that
``coup_rules.vector.convert`` turns a row of either into a ``GameState`` and back.

Conventions here: ``s`` is the row, split into one scalar per field while a step is traced
(``coup_rules.jax.row.Row``), ``on`` a boolean scalar (the branch is taken), a seat, rank or
action may be a traced integer; the configuration (``Rules``) is static,
so a variant's rules are chosen while tracing and cost nothing at run time. Chance: each step
receives ``MAXDRAWS`` random 32-bit words, and the ``i``-th card drawn in the step is Court
index ``(word[i] * court_size) >> 32`` (the vector kernel's multiply-shift), kept in the row's
``DRAWS`` for the differential test to replay in the engine.

Unknown moves and decisions: a masked dispatcher cannot raise while it runs, and one without an
arm for a move kind or a decision would do nothing for it, silently. Both are known before
anything is traced (the move table of ``fields.MOVE_KIND`` and the decisions of
``fields.PHASE_OF`` are static), so ``Rules`` refuses to be built, with ``NotImplementedError``
naming them, when either holds one that ``RULED_KINDS`` or ``RULED_PHASES`` (the arms written
here) lacks: an extension's new move or decision fails at ``Env(config)``, not many moves later.
A row whose ``PHASE`` is none of them (written by hand) offers no legal move, so every action on
it is ``illegal_action``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

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
from coup_rules.jax.row import Bool, Int, Row
from coup_rules.vector import fields as f
from coup_rules.vector.layout import Layout, fields_of
from coup_rules.vector.rows import record_blank

__all__ = ["RULED_KINDS", "RULED_PHASES", "Rules", "below", "unruled"]

assert f.ST_WAIT < f.ST_COUNTER < f.ST_RESOLVE < f.ST_END, "go_on runs the stages in this order"

_RANKS = np.arange(f.NCH)

RULED_KINDS: frozenset[int] = frozenset(
    {
        *(f.A_INCOME, f.A_FOREIGN_AID, f.A_COUP, f.A_TAX, f.A_ASSASSINATE, f.A_STEAL),
        *(f.A_EXCHANGE, f.A_EXAMINE, f.A_CONVERT, f.A_EMBEZZLE),  # Rules.resolve
        *(f.M_CHALLENGE, f.M_BLOCK, f.M_ALLOW, f.M_PROVE, f.M_CONCEDE, f.M_LOSE, f.M_KEEP),
        *(f.M_SHOW, f.M_GIVE_BACK, f.M_FORCE, f.M_DRAFT, f.M_CHOOSE),  # Rules.apply
    }
)
"""The move kinds (``fields.MOVE_KIND``) that ``Rules.apply`` and ``Rules.resolve`` play."""
RULED_PHASES: frozenset[int] = frozenset(
    {
        *(f.D_ALLEGIANCE, f.D_DRAFT, f.D_ACTION, f.D_CHALLENGE_ACTION, f.D_COUNTER),
        *(f.D_CHALLENGE_BLOCK, f.D_ANSWER_ACTION, f.D_ANSWER_BLOCK, f.D_LOSE, f.D_KEEP),
        *(f.D_SHOW, f.D_INQUISITOR),
    }
)
"""The decisions (``fields.PHASE_OF``) that ``Rules.legal_mask`` offers moves in."""


def unruled() -> list[str]:
    """What the engine's tables hold that these rules have no arm for: move classes and
    decisions, by name (empty when every one is ruled)."""
    kinds = {kind: cls.__name__ for cls, kind in f.MOVE_KIND.items()}
    phases = {phase: str(getattr(d, "name", d)) for d, phase in f.PHASE_OF.items()}
    return [
        *(f"the move {kinds[k]}" for k in sorted(set(kinds) - RULED_KINDS)),
        *(f"the decision {phases[p]}" for p in sorted(set(phases) - RULED_PHASES)),
    ]


def bit(mask: Int, i: Int) -> Array:
    """Whether seat (or rank) ``i`` is in the bit mask."""
    return ((jnp.asarray(mask) >> i) & 1) == 1


def onehot(rank: Int) -> Array:
    """Counts per rank of one card of ``rank`` (none for -1)."""
    return (jnp.asarray(_RANKS) == rank).astype(jnp.int32)


def popcount(x: Int) -> Array:
    return jax.lax.population_count(jnp.asarray(x, jnp.int32))


def lowest(x: Int) -> Array:
    """The lowest seat in a non-empty mask."""
    x = jnp.asarray(x, jnp.int32)
    return jax.lax.population_count((x & -x) - 1)


def first_rank(counts: Array) -> Array:
    """The lowest rank held (``counts`` not all zero)."""
    return jnp.argmax(counts > 0).astype(jnp.int32)


def below(word: Array, n: Array) -> Array:
    """``(word * n) >> 32`` for a 32-bit ``word`` and ``0 <= n < 2**16``, without 64-bit
    integers: a uniform index in ``range(n)`` (the vector kernel's ``rand_below``)."""
    w = word.astype(jnp.uint32)
    m = jnp.asarray(n, jnp.uint32)
    high = (w >> 16) * m + (((w & 0xFFFF) * m) >> 16)
    return (high >> 16).astype(jnp.int32)


class Rules:
    """The rules of one configuration over its rows (static: built once per ``Layout``)."""

    def __init__(self, layout: Layout) -> None:
        missing = unruled()
        if missing:
            raise NotImplementedError(
                f"coup_rules.jax has no rule for {', '.join(missing)}: add its arm to "
                "coup_rules/jax/rules.py (Rules.apply or Rules.resolve for a move, "
                "Rules.legal_mask for a decision) and to RULED_KINDS or RULED_PHASES"
            )
        self.layout = layout
        P = layout.P
        self.P = P
        self.n = int(P[f.P_PLAYERS])
        self.track = bool(P[f.P_TRACK])
        self.fields = fields_of(self.n)
        self.chars = [r for r in range(f.NCH) if (int(P[f.P_CHARS]) >> r) & 1]
        self.Pj = jnp.asarray(P, jnp.int32)
        self.MVj = jnp.asarray(layout.MV, jnp.int32)
        self.IX = [int(i) for i in layout.IX]
        self.exchange_draws = INQUISITOR_EXCHANGE_DRAWS if P[f.P_INQUISITOR] else EXCHANGE_DRAWS

    def row(self, row: Array) -> Row:
        """The row, split into its fields (see ``coup_rules.jax.row``)."""
        return Row.of(row, self.n)

    # --- small helpers ---------------------------------------------------------------------------

    def p(self, slot: int, action: Int) -> Array:
        """What the action table says of ``action`` (``P[slot + action]``)."""
        return self.Pj[slot + action]

    def in_game(self, action: int) -> bool:
        return self.IX[f.I_ACT + action] >= 0

    def sides(self, s: Row) -> Array:
        return jnp.stack([s.seat(q, f.S_ALLEG) for q in range(self.n)])

    def living(self, s: Row) -> Array:
        return jnp.stack([bit(s[f.LIVING], q) for q in range(self.n)])

    def mask_of(self, seats: Array) -> Array:
        return jnp.sum(seats.astype(jnp.int32) << jnp.arange(seats.shape[0], dtype=jnp.int32))

    def united(self, s: Row) -> Array:
        """Whether every living player shares one allegiance (R-REF-4)."""
        alive, sides = self.living(s), self.sides(s)
        return jnp.max(jnp.where(alive, sides, -9)) == jnp.min(jnp.where(alive, sides, 9))

    def opponents(self, s: Row, actor: Int) -> Array:
        """The living seats ``actor`` may act against (R-ACT-8, R-REF-2 to R-REF-4), a mask."""
        others = s[f.LIVING] & ~(1 << actor)
        if not self.P[f.P_REFORMATION]:
            return others
        mine = s.seat(actor, f.S_ALLEG)
        rivals = self.mask_of(self.living(s) & (self.sides(s) != mine))
        return jnp.where(self.united(s), others, rivals)

    def after(self, start: Int, mask: Int) -> Array:
        """The first seat of ``mask`` clockwise after ``start`` (``start`` itself last)."""
        seats = (start + jnp.arange(1, self.n + 1, dtype=jnp.int32)) % self.n
        return seats[jnp.argmax(bit(mask, seats))]

    def asked_first(self, s: Row) -> Array:
        """The seat asked first among the waiting ones, -1 once the game is over
        (``kernel.asked_first``)."""
        wait, phase = s[f.WAIT], s[f.PHASE]
        start = jnp.where(phase == f.D_CHALLENGE_BLOCK, s[f.BLOCKER], s[f.ACTOR])
        around = (phase == f.D_CHALLENGE_BLOCK) | (phase == f.D_CHALLENGE_ACTION)
        around = around | (phase == f.D_COUNTER)
        seat = jnp.where(around, self.after(start, wait), lowest(wait))
        return jnp.where(wait == 0, -1, seat).astype(jnp.int32)

    # --- knowledge (observation only) ------------------------------------------------------------

    def eq(self, seat: Int) -> Array:
        """``bool[n]``: which seat ``seat`` is (a set of viewers)."""
        return jnp.arange(self.n) == seat

    def know_sub(self, s: Row, viewers: Array, place: Int, cards: Array, on: Bool) -> Row:
        """Counter subtraction of counts per rank (never below 0)."""
        return s.know(viewers, place, lambda k: jnp.maximum(0, k - cards), on)

    def know_weaken(self, s: Row, viewers: Array, place: Int, unknown: Int, on: Bool) -> Row:
        """What stays certain of a place after ``unknown`` unseen cards left it."""
        return s.know(viewers, place, lambda k: jnp.where(k > unknown, k - unknown, 0), on)

    def claims_clear(self, s: Row, seat: Int, on: Bool) -> Row:
        if not self.track:
            return s
        return s.put_seat(seat, f.S_CLAIMS, 0, on)

    def claims_drop(self, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
        if not self.track:
            return s
        claims = s.seat(seat, f.S_CLAIMS) & ~(1 << jnp.maximum(rank, 0))
        return s.put_seat(seat, f.S_CLAIMS, claims, on & (rank >= 0))

    def claims_add(self, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
        """A claim in an action or a block (``coup_rules.ai.claims``)."""
        if not self.track:
            return s
        s = s.put_seat(seat, f.S_LAST, rank, on)
        claims = s.seat(seat, f.S_CLAIMS) | (1 << jnp.maximum(rank, 0))
        return s.put_seat(seat, f.S_CLAIMS, claims, on & (rank >= 0))

    # --- the bots' record (kernel.record_*) ------------------------------------------------------

    def record_claim(self, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
        if not self.track:
            return s
        on = on & (rank >= 0)
        claims = s.seat(seat, f.S_RCLAIMS) | (1 << jnp.maximum(rank, 0))
        s = s.put_seat(seat, f.S_RCLAIMS, claims, on)
        return s.put_seat(seat, f.S_RLAST, rank, on)

    def record_add(self, s: Row, seat: Int, name: int, on: Bool) -> Row:
        if not self.track:
            return s
        return s.add_seat(seat, name, 1, on)

    def record_clear(self, s: Row, seat: Int, on: Bool) -> Row:
        """``seat``'s hand changed unseen: nobody knows a card of it, its claims forgotten."""
        if not self.track:
            return s
        s = s.put_seat(seat, f.S_RCLAIMS, 0, on)
        for v in range(self.n):
            s = s.put_at(self.seen(v), seat, -1, on)
        return s

    def seen(self, viewer: int) -> list[int]:
        """The fields of what ``viewer`` was shown of each seat (``S_SEEN + seat``)."""
        at = f.SEATS + viewer * f.SEAT_FIELDS + f.S_SEEN
        return [at + q for q in range(self.n)]

    def record_lost(self, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
        """InfluenceLost: a seen card of that rank is no longer known, nor claimed."""
        if not self.track:
            return s
        claims = s.seat(seat, f.S_RCLAIMS) & ~(1 << rank)
        s = s.put_seat(seat, f.S_RCLAIMS, claims, on)
        for v in range(self.n):
            seen = s.pick(self.seen(v), seat)
            s = s.put_at(self.seen(v), seat, -1, on & (seen == rank))
        return s

    # --- the primitive effects -------------------------------------------------------------------

    def take(self, s: Row, seat: Int, amount: Int, on: Bool) -> Row:
        """``seat`` takes up to ``amount`` from the Treasury: what it holds (R-ACT-10)."""
        amount = jnp.minimum(amount, s[f.TREASURY])
        s = s.add(f.TREASURY, -amount, on)
        return s.add_seat(seat, f.S_COINS, amount, on)

    def draw_one(self, s: Row, seat: Int, words: Array, on: Bool) -> Row:
        court = s.run(f.COURT, f.NCH)
        nd = s[f.NDRAW]
        k = below(words[jnp.minimum(nd, f.MAXDRAWS - 1)], s[f.COURTN])
        s = s.put_at([f.DRAWS + i for i in range(f.MAXDRAWS)], nd, k, on)
        s = s.add(f.NDRAW, 1, on)
        r = jnp.sum(jnp.cumsum(court) <= k).astype(jnp.int32)
        card = onehot(r)
        s = s.put_run(f.COURT, court - card, on)
        s = s.add(f.COURTN, -1, on)
        s = s.put_hand(seat, s.hand(seat) + card, on)
        s = s.add_seat(seat, f.S_NHAND, 1, on)
        if self.track:  # CardsDrawn: the drawer sees each card
            s = self.know_sub(s, self.eq(seat), self.n, card, on)
        return s

    def draw(self, s: Row, seat: Int, count: Int, most: int, words: Array, on: Bool) -> Row:
        """``seat`` draws ``count`` (at most ``most``) random cards from the Court (R-CHAL-3,
        R-ACT-7, R-INQ-6)."""
        for i in range(most):
            s = self.draw_one(s, seat, words, on & (i < count))
        if self.track:  # ... and the others see only their number
            s = self.know_weaken(s, ~self.eq(seat), self.n, count, on)
            s = self.record_clear(s, seat, on)
        return s

    def to_court(self, s: Row, seat: Int, cards: Array, on: Bool) -> Row:
        """Hidden cards of ``seat`` (counts per rank) go into the Court."""
        count = jnp.sum(cards)
        s = s.put_hand(seat, s.hand(seat) - cards, on)
        s = s.add_seat(seat, f.S_NHAND, -count, on)
        s = s.put_run(f.COURT, s.run(f.COURT, f.NCH) + cards, on)
        return s.add(f.COURTN, count, on)

    def returned_seen(
        self, s: Row, seat: Int, cards: Array, count: Int, witness: Int, on: Bool
    ) -> Row:
        """Knowledge after CardsReturned: the returner (and a witness) see the cards go back."""
        if not self.track:
            return s
        sees = self.eq(seat) | self.eq(witness)
        s = s.know(sees, self.n, lambda k: k + cards, on)
        s = self.know_sub(s, sees & ~self.eq(seat), seat, cards, on)
        s = self.know_weaken(s, ~sees, seat, count, on)
        return self.claims_clear(s, seat, on)

    def reveal(self, s: Row, seat: Int, rank: Int, on: Bool) -> Row:
        """Turn a card face up; on the last one the player is out, and maybe the game won
        (R-INF-3, R-INF-4, R-INF-6)."""
        s = s.add_card(seat, rank, -1, on)
        s = s.add_seat(seat, f.S_NHAND, -1, on)
        nrev = s.seat(seat, f.S_NREV)
        s = s.put_seat(seat, f.S_REV, rank, on & (nrev == 0))
        s = s.put_seat(seat, f.S_REV + 1, rank, on & (nrev == 1))
        s = s.add_seat(seat, f.S_NREV, 1, on)
        if self.track:  # InfluenceLost
            s = self.claims_drop(s, seat, rank, on)
            s = self.know_sub(s, ~self.eq(seat), seat, onehot(rank), on)
            s = self.record_lost(s, seat, rank, on)
        out = on & (s.seat(seat, f.S_NHAND) == 0)  # Eliminated
        s = self.claims_clear(s, seat, out)
        s = self.record_clear(s, seat, out)
        s = s.add(f.TREASURY, s.seat(seat, f.S_COINS), out)
        s = s.put_seat(seat, f.S_COINS, 0, out)
        living = s[f.LIVING] & ~(1 << seat)
        s = s.put(f.LIVING, living, out)
        won = out & (popcount(living) == 1)
        s = s.put(f.WINNER, lowest(living), won)
        s = s.put(f.PHASE, f.D_NONE, won)
        s = s.put(f.WAIT, 0, won)
        return s.put(f.SHOWN, -1, won)

    # --- the course of a turn --------------------------------------------------------------------

    def pend(self, s: Row, phase: Int, wait: Int, on: Bool) -> Row:
        s = s.put(f.PHASE, phase, on)
        return s.put(f.WAIT, wait, on)

    def start_turn(self, s: Row, seat: Int, on: Bool) -> Row:
        """A new turn begins: the seat must declare an action (R-TURN-1, R-SETUP-11)."""
        s = s.add(f.TURN, 1, on)
        s = s.put(f.ACTIVE, seat, on)
        for name in (f.ACTION, f.TARGET, f.BLOCKER, f.BLOCKCH, f.CHALLENGER, f.LOSING):
            s = s.put(name, -1, on)
        s = s.put(f.KEEPN, 0, on)
        s = s.put(f.PBLOCK, 0, on)
        return self.pend(s, f.D_ACTION, 1 << seat, on)

    def end_turn(self, s: Row, on: Bool) -> Row:
        """The next living seat after the actor plays (R-TURN-3), unless the turn limit is
        reached: then the game is drawn (R-TURN-8)."""
        s = s.put(f.SHOWN, -1, on)
        limit = int(self.P[f.P_MAX_TURNS])
        if limit > 0:
            over = on & (s[f.TURN] >= limit)
            s = s.put(f.PHASE, f.D_NONE, over)
            s = s.put(f.WAIT, 0, over)
            on = on & ~over
        return self.start_turn(s, self.after(s[f.ACTIVE], s[f.LIVING]), on)

    def lose_influence(
        self, s: Row, seat: Int, resume: Int, block: Int, on: Bool
    ) -> tuple[Row, Array]:
        """``seat`` loses an influence: chosen with two hidden cards (R-INF-1), at once with one
        (R-INF-2); then the turn goes on at ``resume`` (the stage returned)."""
        alone = s.seat(seat, f.S_NHAND) == 1
        s = self.reveal(s, seat, first_rank(s.hand(seat)), on & alone)
        choose = on & ~alone
        s = s.put(f.LOSING, seat, choose)
        s = s.put(f.RESUME, resume, choose)
        s = s.put(f.PBLOCK, block, choose)
        s = self.pend(s, f.D_LOSE, 1 << seat, choose)
        stage = jnp.where(alone & (s[f.WINNER] < 0), resume, f.ST_WAIT)
        return s, stage

    def declare(self, s: Row, actor: Int, action: Int, target: Int, on: Bool) -> tuple[Row, Array]:
        """The active player declares an action and pays its cost at once (R-ACT-9)."""
        s = s.put(f.ACTION, action, on)
        s = s.put(f.ACTOR, actor, on)
        s = s.put(f.TARGET, target, on)
        claim = self.p(f.P_CLAIM, action)
        s = self.claims_add(s, actor, claim, on)  # ActionDeclared
        s = self.record_claim(s, actor, claim, on)
        # R-ACT-9 (R-REF-7: Convert costs less on yourself, and goes onto the Reserve)
        cost = jnp.where(target == actor, self.p(f.P_SELF_COST, action), self.p(f.P_COST, action))
        s = s.add_seat(actor, f.S_COINS, -cost, on)
        reserve = self.p(f.P_POOL, action) == f.POOL_RESERVE
        s = s.add(f.RESERVE, cost, on & reserve)
        s = s.add(f.TREASURY, cost, on & ~reserve)
        window = self.p(f.P_CHALLENGEABLE, action) != 0  # R-WIN-2
        s = self.pend(s, f.D_CHALLENGE_ACTION, s[f.LIVING] & ~(1 << actor), on & window)
        return s, jnp.where(window, f.ST_WAIT, f.ST_COUNTER)

    def open_counter(self, s: Row, on: Bool) -> tuple[Row, Array]:
        """The counter window, if the action can be blocked and still stands (R-WIN-3,
        R-WIN-4)."""
        ask = self.p(f.P_ASKED, jnp.maximum(s[f.ACTION], 0))
        target = s[f.TARGET]
        to_target = jnp.where(bit(s[f.LIVING], target) & (target >= 0), 1 << target, 0)
        asked = jnp.where(ask == f.ASK_OPPONENTS, self.opponents(s, s[f.ACTOR]), 0)
        asked = jnp.where(ask == f.ASK_TARGET, to_target, asked)
        s = self.pend(s, f.D_COUNTER, asked, on & (asked != 0))
        return s, jnp.where(asked != 0, f.ST_WAIT, f.ST_RESOLVE)

    def show_card(self, s: Row, rank: Int, on: Bool) -> Row:
        """The Examine target shows a card to the Inquisitor alone (R-INQ-4)."""
        s = s.put(f.SHOWN, rank, on)
        inquisitor, target = s[f.ACTOR], s[f.TARGET]
        if self.track:  # CardShown, seen by the Inquisitor
            card = onehot(rank)
            s = s.know(self.eq(inquisitor), target, lambda k: jnp.maximum(k, card), on)
            for v in range(self.n):
                s = s.put_at(self.seen(v), target, rank, on & (inquisitor == v))
        return self.pend(s, f.D_INQUISITOR, 1 << inquisitor, on)

    def resolve(self, s: Row, words: Array, on: Bool) -> tuple[Row, Array]:
        """The action takes effect (R-ACT-1 to R-ACT-7, R-INQ-3, R-REF-7, R-REF-8)."""
        action, actor, target = s[f.ACTION], s[f.ACTOR], s[f.TARGET]
        stage = jnp.asarray(f.ST_END, jnp.int32)
        gain = jnp.where(action == f.A_INCOME, INCOME_COINS, 0)
        gain = jnp.where(action == f.A_FOREIGN_AID, FOREIGN_AID_COINS, gain)
        gain = jnp.where(action == f.A_TAX, TAX_COINS, gain)
        s = self.take(s, actor, gain, on & (gain > 0))
        alive = bit(s[f.LIVING], target) & (target >= 0)
        hit = on & ((action == f.A_COUP) | (action == f.A_ASSASSINATE)) & alive
        s, lost = self.lose_influence(s, target, f.ST_END, 0, hit)  # R-INF-5
        stage = jnp.where(hit, lost, stage)
        steal = on & (action == f.A_STEAL) & alive
        amount = jnp.minimum(STEAL_COINS, s.seat(target, f.S_COINS))
        s = s.add_seat(target, f.S_COINS, -amount, steal)
        s = s.add_seat(actor, f.S_COINS, amount, steal)
        exchange = on & (action == f.A_EXCHANGE)  # R-ACT-7, R-INQ-2, R-ACT-12
        s = s.put(f.KEEPN, s.seat(actor, f.S_NHAND), exchange)
        n = self.exchange_draws
        s = self.draw(s, actor, n, n, words, exchange)
        s = self.pend(s, f.D_KEEP, 1 << actor, exchange)
        stage = jnp.where(exchange, f.ST_WAIT, stage)
        if self.in_game(f.A_EXAMINE):  # R-INQ-4
            examine = on & (action == f.A_EXAMINE) & alive
            single = s.seat(target, f.S_NHAND) == 1
            s = self.show_card(s, first_rank(s.hand(target)), examine & single)
            s = self.pend(s, f.D_SHOW, 1 << target, examine & ~single)
            stage = jnp.where(examine, f.ST_WAIT, stage)
        if self.in_game(f.A_CONVERT):
            convert = on & (action == f.A_CONVERT)
            s = s.put_seat(target, f.S_ALLEG, 1 - s.seat(target, f.S_ALLEG), convert)
        if self.in_game(f.A_EMBEZZLE):
            embezzle = on & (action == f.A_EMBEZZLE)
            s = s.add_seat(actor, f.S_COINS, s[f.RESERVE], embezzle)
            s = s.put(f.RESERVE, 0, embezzle)
        return s, stage

    def go_on(self, s: Row, stage: Array, words: Array, on: Bool) -> Row:
        """Run the turn on from ``stage`` until a decision is pending or the game is over
        (the stages only go forward: counter, resolve, end)."""
        counter = on & (stage == f.ST_COUNTER)
        s, after = self.open_counter(s, counter)
        stage = jnp.where(counter, after, stage)
        resolving = on & (stage == f.ST_RESOLVE)
        s, after = self.resolve(s, words, resolving)
        stage = jnp.where(resolving, after, stage)
        return self.end_turn(s, on & (stage == f.ST_END))

    def next_setup_step(self, s: Row, on: Bool) -> Row:
        """The draft while a player holds one card, else the first turn (R-SETUP-8,
        R-SETUP-11)."""
        drafting = self.mask_of(jnp.stack([s.seat(q, f.S_NHAND) == 1 for q in range(self.n)]))
        s = self.pend(s, f.D_DRAFT, drafting, on & (drafting != 0))
        return self.start_turn(s, int(self.P[f.P_FIRST]), on & (drafting == 0))

    # --- one move --------------------------------------------------------------------------------

    def can_prove(self, s: Row, seat: Int) -> Array:
        """Prove needs the claimed card (R-CHAL-1); against Embezzle, no Duke (R-REF-9)."""
        hand = s.hand(seat)
        action = jnp.maximum(s[f.ACTION], 0)
        disclaimed, claimed = self.p(f.P_DISCLAIM, action), self.p(f.P_CLAIM, action)
        action_ok = jnp.where(
            disclaimed >= 0,
            hand[jnp.maximum(disclaimed, 0)] == 0,
            hand[jnp.maximum(claimed, 0)] > 0,
        )
        block_ok = hand[jnp.maximum(s[f.BLOCKCH], 0)] > 0
        return jnp.where(s[f.PHASE] == f.D_ANSWER_BLOCK, block_ok, action_ok)

    def legal_mask(self, s: Row, seat: Int) -> Array:
        """The move indices ``seat`` may play, as a mask over ``MoveCodec`` (kernel.legal)."""
        phase = s[f.PHASE]
        on = (phase != f.D_NONE) & (seat >= 0) & bit(s[f.WAIT], jnp.maximum(seat, 0))
        hand = s.hand(jnp.maximum(seat, 0))
        IX = self.IX
        parts: dict[int, list[Array]] = {}

        def allow(index: int, when: Array) -> None:
            if index >= 0:
                parts.setdefault(index, []).append(when)

        window = (phase == f.D_CHALLENGE_ACTION) | (phase == f.D_CHALLENGE_BLOCK)  # R-WIN-2, 5
        allow(IX[f.I_CHALLENGE], window)
        allow(IX[f.I_ALLOW], window | (phase == f.D_COUNTER))
        answer = (phase == f.D_ANSWER_ACTION) | (phase == f.D_ANSWER_BLOCK)  # R-CHAL-1, 2
        allow(IX[f.I_PROVE], answer & self.can_prove(s, jnp.maximum(seat, 0)))
        allow(IX[f.I_CONCEDE], answer)
        blockers = self.p(f.P_BLOCKERS, jnp.maximum(s[f.ACTION], 0))
        keep1 = s[f.KEEPN] == 1
        keeping = phase == f.D_KEEP  # R-ACT-12
        for r in range(f.NCH):
            held = hand[r] > 0
            allow(IX[f.I_LOSE + r], (phase == f.D_LOSE) & held)  # R-INF-1
            allow(IX[f.I_SHOW + r], (phase == f.D_SHOW) & held)  # R-INQ-4
            allow(IX[f.I_BLOCK + r], (phase == f.D_COUNTER) & bit(blockers, r))  # R-WIN-3
            allow(IX[f.I_KEEP1 + r], keeping & keep1 & held)
            allow(IX[f.I_KEEP2 + r * f.NCH + r], keeping & ~keep1 & (hand[r] >= 2))
            for q in range(r + 1, f.NCH):
                allow(IX[f.I_KEEP2 + r * f.NCH + q], keeping & ~keep1 & held & (hand[q] > 0))
            if r in self.chars:
                allow(IX[f.I_DRAFT + r], phase == f.D_DRAFT)  # R-SETUP-8
        allow(IX[f.I_GIVE_BACK], phase == f.D_INQUISITOR)  # R-INQ-5, R-INQ-6
        allow(IX[f.I_FORCE], phase == f.D_INQUISITOR)
        allow(IX[f.I_CHOOSE], phase == f.D_ALLEGIANCE)  # R-REF-1
        allow(IX[f.I_CHOOSE + 1], phase == f.D_ALLEGIANCE)
        for index, when in self.legal_actions(s, jnp.maximum(seat, 0)).items():
            allow(index, (phase == f.D_ACTION) & when)
        mask = [jnp.asarray(False)] * self.layout.codec.size
        for index, whens in parts.items():
            mask[index] = on & jnp.any(jnp.stack(whens))
        return jnp.stack(mask)

    def legal_actions(self, s: Row, seat: Int) -> dict[int, Array]:
        """When each action index may be declared (R-TURN-1, R-TURN-2, R-ACT-8, R-ACT-9,
        R-ACT-11, R-REF-2)."""
        coins = s.seat(seat, f.S_COINS)
        forced = coins >= FORCED_COUP_COINS
        aims = self.opponents(s, seat)
        living = s[f.LIVING]
        out: dict[int, Array] = {}
        for action in range(f.NACTIONS):  # the table's order (rules.legal._walk)
            base = self.IX[f.I_ACT + action]
            if base < 0:  # not in this game
                continue
            aim = int(self.P[f.P_AIM + action])
            cost = int(self.P[f.P_COST + action])
            if aim == f.AIM_NONE:
                out[base] = ~forced & (coins >= cost)
                continue
            for t in range(self.n):
                if aim == f.AIM_OPPONENT:
                    when = (coins >= cost) & bit(aims, t)  # a forced Coup (R-TURN-2) or not
                    when = when if action == f.A_COUP else when & ~forced
                else:  # AIM_LIVING: any living seat, itself at its own price (R-REF-7)
                    price = jnp.where(seat == t, int(self.P[f.P_SELF_COST + action]), cost)
                    when = ~forced & bit(living, t) & (coins >= price)
                out[base + t] = when
        return out

    def apply(self, s: Row, player: Int, index: Int, words: Array, on: Bool) -> Row:
        """Play move ``index`` of ``player`` where ``on`` (a legal move: kernel.apply)."""
        kind, arg, second = self.MVj[index, 0], self.MVj[index, 1], self.MVj[index, 2]
        phase = s[f.PHASE]
        s = s.put(f.NDRAW, 0, on)
        stage = jnp.asarray(f.ST_WAIT, jnp.int32)

        def move(k: int) -> Array:
            return on & (kind == k)

        act = on & (kind < f.NACTIONS)
        s, declared = self.declare(s, player, kind, arg, act)
        stage = jnp.where(act, declared, stage)
        s, stage = self.allow(s, player, phase, move(f.M_ALLOW), stage)
        challenge = move(f.M_CHALLENGE)
        s = self.record_add(s, player, f.S_CHALLENGES, challenge)
        s = s.put(f.CHALLENGER, player, challenge)
        on_action = phase == f.D_CHALLENGE_ACTION
        answering = jnp.where(on_action, f.D_ANSWER_ACTION, f.D_ANSWER_BLOCK)
        answerer = jnp.where(on_action, s[f.ACTOR], s[f.BLOCKER])
        s = self.pend(s, answering, 1 << answerer, challenge)
        s = self.block(s, player, arg, move(f.M_BLOCK))
        prove, concede = move(f.M_PROVE), move(f.M_CONCEDE)
        s = self.prove(s, player, phase, words, prove)
        s = self.concede(s, player, phase, concede)
        s, stage = self.challenge_lost(s, player, phase, prove, concede, stage)
        lose = move(f.M_LOSE)  # R-INF-1
        s = self.reveal(s, player, arg, lose)
        stage = jnp.where(lose & (s[f.WINNER] < 0), s[f.RESUME], stage)
        keep = move(f.M_KEEP)
        s = self.keep(s, player, arg, second, keep)
        stage = jnp.where(keep, f.ST_END, stage)
        if self.in_game(f.A_EXAMINE):
            s = self.show_card(s, arg, move(f.M_SHOW))
            stage = jnp.where(move(f.M_GIVE_BACK), f.ST_END, stage)  # R-INQ-5
            force = move(f.M_FORCE)
            s = self.force_exchange(s, words, force)
            stage = jnp.where(force, f.ST_END, stage)
        s = self.setup(s, player, arg, move(f.M_DRAFT), move(f.M_CHOOSE))
        return self.go_on(s, stage, words, on & (stage != f.ST_WAIT))

    def allow(
        self, s: Row, player: Int, phase: Array, on: Array, stage: Array
    ) -> tuple[Row, Array]:
        """Allow: a challenge or counter window passed by one more seat (R-WIN-2, R-WIN-3,
        R-WIN-5)."""
        window = (phase == f.D_CHALLENGE_ACTION) | (phase == f.D_CHALLENGE_BLOCK)
        s = self.record_add(s, player, f.S_PASSES, on & window)
        aid = ~window & (s[f.ACTION] == f.A_FOREIGN_AID)
        s = self.record_add(s, player, f.S_AID_PASSES, on & aid)
        wait = s[f.WAIT] & ~(1 << player)
        s = s.put(f.WAIT, wait, on & (wait != 0))
        then = jnp.where(phase == f.D_COUNTER, f.ST_RESOLVE, f.ST_END)  # the block stands
        then = jnp.where(phase == f.D_CHALLENGE_ACTION, f.ST_COUNTER, then)  # (R-WIN-6)
        return s, jnp.where(on & (wait == 0), then, stage)

    def block(self, s: Row, player: Int, rank: Int, on: Array) -> Row:
        """Block: the claim stands open to a challenge (R-WIN-3, R-WIN-5)."""
        s = self.claims_add(s, player, rank, on)
        s = self.record_claim(s, player, rank, on)
        s = self.record_add(s, player, f.S_AID_BLOCKS, on & (s[f.ACTION] == f.A_FOREIGN_AID))
        s = s.put(f.BLOCKER, player, on)
        s = s.put(f.BLOCKCH, rank, on)
        return self.pend(s, f.D_CHALLENGE_BLOCK, s[f.LIVING] & ~(1 << player), on)

    def prove(self, s: Row, player: Int, phase: Array, words: Array, on: Array) -> Row:
        """Show the claimed card (or, against Embezzle, the whole hand), return it, draw as
        many (R-CHAL-3, R-REF-10); the challenger's loss is ``challenge_lost``."""
        hand = s.hand(player)
        action = jnp.maximum(s[f.ACTION], 0)
        whole = self.p(f.P_DISCLAIM, action) >= 0
        cards = jnp.where(whole, hand, onehot(self.p(f.P_CLAIM, action)))
        cards = jnp.where(phase == f.D_ANSWER_BLOCK, onehot(s[f.BLOCKCH]), cards)
        count = jnp.sum(cards)
        if self.track:  # Proved: shown to all, then into the Court
            s = s.add_seat(player, f.S_PROVED, 1, on)
            for v in range(self.n):
                seen = s.pick(self.seen(v), player)
                shown = (seen >= 0) & (cards[jnp.maximum(seen, 0)] > 0)
                s = s.put_at(self.seen(v), player, -1, on & shown)
            ranks = jnp.sum(cards.clip(0, 1) << jnp.arange(f.NCH, dtype=jnp.int32))
            s = s.put_seat(player, f.S_CLAIMS, s.seat(player, f.S_CLAIMS) & ~ranks, on)
            s = s.know(self.eq(player) | True, self.n, lambda k: k + cards, on)
            s = self.know_sub(s, ~self.eq(player), player, cards, on)
        s = self.to_court(s, player, cards, on)
        return self.draw(s, player, count, HAND_SIZE, words, on)

    def concede(self, s: Row, player: Int, phase: Array, on: Array) -> Row:
        """Concede: the claim is given up, a refund where due (R-CHAL-4, R-CHAL-5); the loss
        is ``challenge_lost``."""
        if self.track:
            s = self.claims_drop(s, player, s.seat(player, f.S_LAST), on)
            s = s.add_seat(player, f.S_CONCEDED, 1, on)
            last = s.seat(player, f.S_RLAST)
            had = on & (last >= 0)  # Reading.claims: the last claim is given up
            claims = s.seat(player, f.S_RCLAIMS) & ~(1 << jnp.maximum(last, 0))
            s = s.put_seat(player, f.S_RCLAIMS, claims, had)
            s = s.put_seat(player, f.S_RLAST, -1, had)
        action = jnp.maximum(s[f.ACTION], 0)
        refund = on & (phase == f.D_ANSWER_ACTION) & (self.p(f.P_REFUNDED, action) != 0)
        return self.take(s, player, self.p(f.P_COST, action), refund)

    def challenge_lost(
        self, s: Row, player: Int, phase: Array, prove: Array, concede: Array, stage: Array
    ) -> tuple[Row, Array]:
        """The loser of a challenge loses an influence: the challenger after a proof, else the
        one who conceded; the turn goes on as the challenge decided (R-CHAL-3 to R-CHAL-5)."""
        on_action = phase == f.D_ANSWER_ACTION
        loser = jnp.where(prove, s[f.CHALLENGER], player)
        resume = jnp.where(
            prove,
            jnp.where(on_action, f.ST_COUNTER, f.ST_END),
            jnp.where(on_action, f.ST_END, f.ST_RESOLVE),
        )
        block = jnp.where(on_action, 0, 1)
        on = prove | concede
        s, lost = self.lose_influence(s, loser, resume, block, on)
        return s, jnp.where(on, lost, stage)

    def keep(self, s: Row, player: Int, first: Int, second: Int, on: Array) -> Row:
        """Keep the chosen cards; the others go back to the Court (R-ACT-12)."""
        returned = s.hand(player) - onehot(first) - onehot(second)
        s = self.to_court(s, player, returned, on)
        return self.returned_seen(s, player, returned, jnp.sum(returned), -1, on)

    def force_exchange(self, s: Row, words: Array, on: Array) -> Row:
        """The target draws a replacement, then the shown card goes back to the Court
        (R-INQ-6)."""
        target, shown = s[f.TARGET], s[f.SHOWN]
        s = self.draw(s, target, 1, 1, words, on)
        card = onehot(shown)
        s = self.to_court(s, target, card, on)
        return self.returned_seen(s, target, card, 1, s[f.ACTOR], on)

    def setup(self, s: Row, player: Int, arg: Int, draft: Array, choose: Array) -> Row:
        """Draft a card (R-SETUP-8) or choose the allegiances (R-REF-1: each next seat
        clockwise takes the other side); then the next step of the setup."""
        if self.P[f.P_TWO_PLAYER_SETUP]:
            s = s.add_at([f.ASIDE + r for r in range(f.NCH)], arg, -1, draft)
            s = s.add(f.ASIDEN, -1, draft)
            if self.track:
                s = s.put_seat(player, f.S_DRAFTED, arg, draft)
            s = s.add_card(player, arg, 1, draft)
            s = s.add_seat(player, f.S_NHAND, 1, draft)
        if self.P[f.P_REFORMATION]:
            for q in range(self.n):
                offset = (q - player) % self.n
                s = s.put_seat(q, f.S_ALLEG, (arg + offset) % 2, choose)
        return self.next_setup_step(s, draft | choose)

    # --- a new game ------------------------------------------------------------------------------

    def deal(self, key: Array) -> Array:
        """A new game's row, dealt at random from ``key`` (R-SETUP-1 to R-SETUP-8)."""
        n, P = self.n, self.P
        first = int(P[f.P_FIRST])
        base = np.zeros(self.fields, np.int32)
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
            deck = np.array(self.chars, np.int32)
            base[[f.ASIDE + r for r in self.chars]] = 2
            base[f.ASIDEN] = 2 * len(self.chars)
            each = 1
        else:  # R-SETUP-5: two cards each from the whole deck
            deck = np.repeat(np.array(self.chars, np.int32), int(P[f.P_COPIES]))
            each = HAND_SIZE
        cards = jax.random.permutation(key, jnp.asarray(deck))
        ranks = jnp.asarray(_RANKS)
        s = self.row(jnp.asarray(base))
        for seat in range(n):
            held = cards[seat * each : (seat + 1) * each]
            s = s.put_hand(seat, jnp.sum(held[:, None] == ranks[None, :], axis=0), True)
            s = s.put_seat(seat, f.S_NHAND, each, True)
        rest = cards[n * each :]
        s = s.put_run(f.COURT, jnp.sum(rest[:, None] == ranks[None, :], axis=0), True)
        s = s.put(f.COURTN, rest.shape[0], True)
        if P[f.P_REFORMATION]:  # R-REF-1: the first move is the choice of allegiance
            return self.pend(s, f.D_ALLEGIANCE, 1 << first, True).array()
        return self.next_setup_step(s, jnp.asarray(True)).array()
