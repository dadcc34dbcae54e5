"""One row of the kernel's array to and from the engine's ``GameState`` (exact both ways).

A row holds the position and what the observation needs of the past (standing claims, and the
cards each seat knows the place of), not the log itself: ``to_state`` gives the position with an
empty log, and ``set_state`` reads a state's log to rebuild those fields, so that the row's
observations are those of the engine's views of that state.
"""

from __future__ import annotations

import numpy as np

from coup_rules.actions import ACTIONS, Aim
from coup_rules.ai.claims import claim_record
from coup_rules.bots.counting import read
from coup_rules.cards import RANK, Character
from coup_rules.decisions import (
    ActionChallengeAnswer,
    ActionChoice,
    AllegianceChoice,
    BlockChallengeAnswer,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    CounterWindow,
    DraftChoice,
    InfluenceChoice,
    InquisitorChoice,
    KeepChoice,
    Pending,
    ShowChoice,
    Stage,
)
from coup_rules.determinize import CardTracker
from coup_rules.log import EMPTY_LOG
from coup_rules.moves import ActionMove, Block
from coup_rules.state import GameState, PlayerState
from coup_rules.vector import fields as f
from coup_rules.vector import kernel as k
from coup_rules.vector.layout import ACTION_KIND, CHARACTERS, SIDES, Layout
from coup_rules.views import redact, view

__all__ = ["read_row", "write_row"]

_STAGES = {Stage.COUNTER: f.ST_COUNTER, Stage.RESOLVE: f.ST_RESOLVE, Stage.END: f.ST_END}
_STAGE_OF = {v: s for s, v in _STAGES.items()}


def _cards(counts: np.ndarray) -> tuple[Character, ...]:
    return tuple(c for c in CHARACTERS for _ in range(int(counts[RANK[c]])))


def _seats(mask: int, players: int) -> tuple[int, ...]:
    return tuple(s for s in range(players) if (mask >> s) & 1)


def _action(row: np.ndarray) -> ActionMove:
    spec = ACTIONS[int(row[f.ACTION])]
    if spec.aim is Aim.NONE:
        return spec.move(int(row[f.ACTOR]))  # type: ignore[call-arg]
    return spec.move(int(row[f.ACTOR]), int(row[f.TARGET]))  # type: ignore[call-arg]


def _pending(row: np.ndarray, layout: Layout) -> Pending | None:
    phase = int(row[f.PHASE])
    if phase == f.D_NONE:
        return None
    waiting = _seats(int(row[f.WAIT]), layout.config.players)
    if phase == f.D_ALLEGIANCE:
        return AllegianceChoice(waiting)
    if phase == f.D_DRAFT:
        return DraftChoice(waiting)
    if phase == f.D_ACTION:
        return ActionChoice(waiting)
    action = _action(row)
    rank = int(k.claim_of(layout.P, int(row[f.ACTION])))
    claim = CHARACTERS[rank] if rank >= 0 else None
    block = (
        Block(int(row[f.BLOCKER]), CHARACTERS[int(row[f.BLOCKCH])]) if row[f.BLOCKER] >= 0 else None
    )
    challenger = int(row[f.CHALLENGER])
    if phase == f.D_CHALLENGE_ACTION:
        return ChallengeActionWindow(waiting, action, claim)
    if phase == f.D_COUNTER:
        return CounterWindow(waiting, action, claim)
    if phase == f.D_CHALLENGE_BLOCK:
        assert block is not None
        return ChallengeBlockWindow(waiting, action, claim, block)
    if phase == f.D_ANSWER_ACTION:
        return ActionChallengeAnswer(waiting, action, claim, challenger)
    if phase == f.D_ANSWER_BLOCK:
        assert block is not None
        return BlockChallengeAnswer(waiting, action, claim, block, challenger)
    if phase == f.D_LOSE:
        carried = block if row[f.PBLOCK] else None
        return InfluenceChoice(waiting, action, claim, carried, _STAGE_OF[int(row[f.RESUME])])
    if phase == f.D_KEEP:
        assert claim is not None
        return KeepChoice(waiting, action, claim, int(row[f.KEEPN]))  # type: ignore[arg-type]
    if phase == f.D_SHOW:
        return ShowChoice(waiting, action)  # type: ignore[arg-type]
    return InquisitorChoice(waiting, action)  # type: ignore[arg-type]


def read_row(row: np.ndarray, layout: Layout) -> GameState:
    """The position of ``row`` as an engine state (empty log; seed: the row's random counter)."""
    config = layout.config
    players = []
    for seat in range(config.players):
        at = f.SEATS + seat * f.SEAT_FIELDS
        side = int(row[at + f.S_ALLEG])
        revealed = tuple(
            CHARACTERS[int(r)] for r in row[at + f.S_REV : at + f.S_REV + int(row[at + f.S_NREV])]
        )
        players.append(
            PlayerState(
                seat=seat,
                coins=int(row[at + f.S_COINS]),
                hand=_cards(row[at + f.S_HAND : at + f.S_HAND + f.NCH]),
                revealed=revealed,
                allegiance=SIDES[side] if side >= 0 else None,
            )
        )
    rng = (int(row[f.RNG_LO]) & 0xFFFFFFFF) | ((int(row[f.RNG_HI]) & 0xFFFFFFFF) << 32)
    winner = int(row[f.WINNER])
    shown = int(row[f.SHOWN])
    return GameState(
        config=config,
        players=tuple(players),
        treasury=int(row[f.TREASURY]),
        reserve=int(row[f.RESERVE]),
        court=_cards(row[f.COURT : f.COURT + f.NCH]),
        aside=_cards(row[f.ASIDE : f.ASIDE + f.NCH]),
        active=int(row[f.ACTIVE]),
        turn=int(row[f.TURN]),
        winner=winner if winner >= 0 else None,
        pending=_pending(row, layout),
        log=EMPTY_LOG,
        seed=rng,
        draws=0,
        shown=CHARACTERS[shown] if shown >= 0 else None,
    )


def write_row(row: np.ndarray, state: GameState, layout: Layout) -> None:
    """Set ``row`` to ``state``'s position, its claims and knowledge rebuilt from the log."""
    config = layout.config
    if state.config != config:
        raise ValueError("the state is of another configuration than the vector env's")
    row[:] = 0
    seed = state.seed & 0xFFFF_FFFF_FFFF_FFFF
    k.seed_row(row, seed - (1 << 64) if seed >= 1 << 63 else seed)  # the same 64 bits
    row[f.WINNER] = -1 if state.winner is None else state.winner
    row[f.ACTIVE] = state.active
    row[f.TURN] = state.turn
    row[f.TREASURY] = state.treasury
    row[f.RESERVE] = state.reserve
    row[f.SHOWN] = -1 if state.shown is None else RANK[state.shown]
    for field in (f.ACTION, f.ACTOR, f.TARGET, f.BLOCKER, f.BLOCKCH, f.CHALLENGER, f.LOSING):
        row[field] = -1
    for c in state.court:
        row[f.COURT + RANK[c]] += 1
    row[f.COURTN] = len(state.court)
    for c in state.aside:
        row[f.ASIDE + RANK[c]] += 1
    row[f.ASIDEN] = len(state.aside)
    living = 0
    for p in state.players:
        at = f.SEATS + p.seat * f.SEAT_FIELDS
        row[at + f.S_COINS] = p.coins
        for c in p.hand:
            row[at + f.S_HAND + RANK[c]] += 1
        row[at + f.S_NHAND] = len(p.hand)
        row[at + f.S_REV : at + f.S_REV + 2] = -1
        for i, c in enumerate(p.revealed):
            row[at + f.S_REV + i] = RANK[c]
        row[at + f.S_NREV] = len(p.revealed)
        row[at + f.S_ALLEG] = -1 if p.allegiance is None else SIDES.index(p.allegiance)
        row[at + f.S_LAST] = -1
        if p.hand:
            living |= 1 << p.seat
    row[f.LIVING] = living
    k.record_blank(row)
    _write_pending(row, state.pending)
    if layout.P[f.P_TRACK]:
        _write_knowledge(row, state, layout)
        _write_record(row, state)


def _write_pending(row: np.ndarray, pending: Pending | None) -> None:
    if pending is None:
        return
    row[f.PHASE] = f.PHASE_OF[pending.kind]
    row[f.WAIT] = sum(1 << s for s in pending.waiting)
    action: ActionMove | None = getattr(pending, "action", None)
    if action is None:
        return
    row[f.ACTION] = ACTION_KIND[type(action)]
    row[f.ACTOR] = action.player
    row[f.TARGET] = getattr(action, "target", -1)
    block: Block | None = getattr(pending, "block", None)
    if block is not None:
        row[f.BLOCKER] = block.player
        row[f.BLOCKCH] = RANK[block.character]
    challenger = getattr(pending, "challenger", None)
    if challenger is not None:
        row[f.CHALLENGER] = challenger
    if isinstance(pending, InfluenceChoice):
        row[f.LOSING] = pending.seat
        row[f.RESUME] = _STAGES[pending.resume]
        row[f.PBLOCK] = block is not None
    if isinstance(pending, KeepChoice):
        row[f.KEEPN] = pending.keep


def _write_knowledge(row: np.ndarray, state: GameState, layout: Layout) -> None:
    """Claims and the cards each seat knows the place of, from the log (as the views read it)."""
    config = layout.config
    claims, last = claim_record(state.log, config.exchanger)
    for seat in range(config.players):
        at = f.SEATS + seat * f.SEAT_FIELDS
        row[at + f.S_CLAIMS] = sum(1 << RANK[c] for c in claims.get(seat, ()))
        claim = last.get(seat)
        row[at + f.S_LAST] = -1 if claim is None else RANK[claim]
    n = config.players
    for viewer in range(n):
        tracker = CardTracker(config, viewer)
        for event in state.log:
            tracker.feed(redact(event, viewer))
        places = tracker.places(None, None)  # what the log tells; the row holds the rest
        for place in range(n + 1):  # each seat's hand, then the Court
            slot = f.KNOW + (viewer * (n + 1) + place) * f.NCH
            for c, count in places[place].items():
                row[slot + RANK[c]] = count


def _write_record(row: np.ndarray, state: GameState) -> None:
    """The bots' record of every seat, as ``CountingBot`` reads it from each seat's view."""
    for viewer in range(state.config.players):
        reading = read(view(state, viewer))
        at = f.SEATS + viewer * f.SEAT_FIELDS
        row[at + f.S_PROVED] = reading.proved[viewer]
        row[at + f.S_CONCEDED] = reading.conceded[viewer]
        row[at + f.S_CHALLENGES] = reading.challenges[viewer]
        row[at + f.S_PASSES] = reading.passes[viewer]
        row[at + f.S_AID_BLOCKS] = reading.aid_blocks[viewer]
        row[at + f.S_AID_PASSES] = reading.aid_passes[viewer]
        row[at + f.S_RCLAIMS] = sum(1 << RANK[c] for c in reading.claims[viewer])
        last = reading.last_claims.get(viewer)
        row[at + f.S_RLAST] = -1 if last is None else RANK[last]
        row[at + f.S_DRAFTED] = -1 if reading.drafted is None else RANK[reading.drafted]
        for seat, card in reading.known.items():
            row[at + f.S_SEEN + seat] = RANK[card]
