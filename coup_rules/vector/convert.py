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
from coup_rules.determinize import _track
from coup_rules.log import EMPTY_LOG
from coup_rules.moves import ActionMove, Block
from coup_rules.state import GameState, PlayerState
from coup_rules.vector import kernel as k
from coup_rules.vector.layout import ACTION_KIND, CHARACTERS, SIDES, Layout
from coup_rules.views import redact

__all__ = ["read_row", "write_row"]

_STAGES = {Stage.COUNTER: k.ST_COUNTER, Stage.RESOLVE: k.ST_RESOLVE, Stage.END: k.ST_END}
_STAGE_OF = {v: s for s, v in _STAGES.items()}
_PHASES: dict[type, int] = {
    AllegianceChoice: k.D_ALLEGIANCE,
    DraftChoice: k.D_DRAFT,
    ActionChoice: k.D_ACTION,
    ChallengeActionWindow: k.D_CHALLENGE_ACTION,
    CounterWindow: k.D_COUNTER,
    ChallengeBlockWindow: k.D_CHALLENGE_BLOCK,
    ActionChallengeAnswer: k.D_ANSWER_ACTION,
    BlockChallengeAnswer: k.D_ANSWER_BLOCK,
    InfluenceChoice: k.D_LOSE,
    KeepChoice: k.D_KEEP,
    ShowChoice: k.D_SHOW,
    InquisitorChoice: k.D_INQUISITOR,
}


def _cards(counts: np.ndarray) -> tuple[Character, ...]:
    return tuple(c for c in CHARACTERS for _ in range(int(counts[RANK[c]])))


def _seats(mask: int, players: int) -> tuple[int, ...]:
    return tuple(s for s in range(players) if (mask >> s) & 1)


def _action(row: np.ndarray) -> ActionMove:
    spec = ACTIONS[int(row[k.ACTION])]
    if spec.aim is Aim.NONE:
        return spec.move(int(row[k.ACTOR]))  # type: ignore[call-arg]
    return spec.move(int(row[k.ACTOR]), int(row[k.TARGET]))  # type: ignore[call-arg]


def _pending(row: np.ndarray, layout: Layout) -> Pending | None:
    phase = int(row[k.PHASE])
    if phase == k.D_NONE:
        return None
    waiting = _seats(int(row[k.WAIT]), layout.config.players)
    if phase == k.D_ALLEGIANCE:
        return AllegianceChoice(waiting)
    if phase == k.D_DRAFT:
        return DraftChoice(waiting)
    if phase == k.D_ACTION:
        return ActionChoice(waiting)
    action = _action(row)
    rank = int(k.claim_of(layout.P, int(row[k.ACTION])))
    claim = CHARACTERS[rank] if rank >= 0 else None
    block = (
        Block(int(row[k.BLOCKER]), CHARACTERS[int(row[k.BLOCKCH])]) if row[k.BLOCKER] >= 0 else None
    )
    challenger = int(row[k.CHALLENGER])
    if phase == k.D_CHALLENGE_ACTION:
        return ChallengeActionWindow(waiting, action, claim)
    if phase == k.D_COUNTER:
        return CounterWindow(waiting, action, claim)
    if phase == k.D_CHALLENGE_BLOCK:
        assert block is not None
        return ChallengeBlockWindow(waiting, action, claim, block)
    if phase == k.D_ANSWER_ACTION:
        return ActionChallengeAnswer(waiting, action, claim, challenger)
    if phase == k.D_ANSWER_BLOCK:
        assert block is not None
        return BlockChallengeAnswer(waiting, action, claim, block, challenger)
    if phase == k.D_LOSE:
        carried = block if row[k.PBLOCK] else None
        return InfluenceChoice(waiting, action, claim, carried, _STAGE_OF[int(row[k.RESUME])])
    if phase == k.D_KEEP:
        assert claim is not None
        return KeepChoice(waiting, action, claim, int(row[k.KEEPN]))  # type: ignore[arg-type]
    if phase == k.D_SHOW:
        return ShowChoice(waiting, action)  # type: ignore[arg-type]
    return InquisitorChoice(waiting, action)  # type: ignore[arg-type]


def read_row(row: np.ndarray, layout: Layout) -> GameState:
    """The position of ``row`` as an engine state (empty log; seed: the row's random counter)."""
    config = layout.config
    players = []
    for seat in range(config.players):
        at = k.SEATS + seat * k.SEAT_FIELDS
        side = int(row[at + k.S_ALLEG])
        revealed = tuple(
            CHARACTERS[int(r)] for r in row[at + k.S_REV : at + k.S_REV + int(row[at + k.S_NREV])]
        )
        players.append(
            PlayerState(
                seat=seat,
                coins=int(row[at + k.S_COINS]),
                hand=_cards(row[at + k.S_HAND : at + k.S_HAND + k.NCH]),
                revealed=revealed,
                allegiance=SIDES[side] if side >= 0 else None,
            )
        )
    rng = (int(row[k.RNG_LO]) & 0xFFFFFFFF) | ((int(row[k.RNG_HI]) & 0xFFFFFFFF) << 32)
    winner = int(row[k.WINNER])
    shown = int(row[k.SHOWN])
    return GameState(
        config=config,
        players=tuple(players),
        treasury=int(row[k.TREASURY]),
        reserve=int(row[k.RESERVE]),
        court=_cards(row[k.COURT : k.COURT + k.NCH]),
        aside=_cards(row[k.ASIDE : k.ASIDE + k.NCH]),
        active=int(row[k.ACTIVE]),
        turn=int(row[k.TURN]),
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
    row[k.WINNER] = -1 if state.winner is None else state.winner
    row[k.ACTIVE] = state.active
    row[k.TURN] = state.turn
    row[k.TREASURY] = state.treasury
    row[k.RESERVE] = state.reserve
    row[k.SHOWN] = -1 if state.shown is None else RANK[state.shown]
    for field in (k.ACTION, k.ACTOR, k.TARGET, k.BLOCKER, k.BLOCKCH, k.CHALLENGER, k.LOSING):
        row[field] = -1
    for c in state.court:
        row[k.COURT + RANK[c]] += 1
    row[k.COURTN] = len(state.court)
    for c in state.aside:
        row[k.ASIDE + RANK[c]] += 1
    row[k.ASIDEN] = len(state.aside)
    living = 0
    for p in state.players:
        at = k.SEATS + p.seat * k.SEAT_FIELDS
        row[at + k.S_COINS] = p.coins
        for c in p.hand:
            row[at + k.S_HAND + RANK[c]] += 1
        row[at + k.S_NHAND] = len(p.hand)
        row[at + k.S_REV : at + k.S_REV + 2] = -1
        for i, c in enumerate(p.revealed):
            row[at + k.S_REV + i] = RANK[c]
        row[at + k.S_NREV] = len(p.revealed)
        row[at + k.S_ALLEG] = -1 if p.allegiance is None else SIDES.index(p.allegiance)
        row[at + k.S_LAST] = -1
        if p.hand:
            living |= 1 << p.seat
    row[k.LIVING] = living
    _write_pending(row, state.pending)
    if layout.P[k.P_TRACK]:
        _write_knowledge(row, state, layout)


def _write_pending(row: np.ndarray, pending: Pending | None) -> None:
    if pending is None:
        return
    row[k.PHASE] = _PHASES[type(pending)]
    row[k.WAIT] = sum(1 << s for s in pending.waiting)
    action: ActionMove | None = getattr(pending, "action", None)
    if action is None:
        return
    row[k.ACTION] = ACTION_KIND[type(action)]
    row[k.ACTOR] = action.player
    row[k.TARGET] = getattr(action, "target", -1)
    block: Block | None = getattr(pending, "block", None)
    if block is not None:
        row[k.BLOCKER] = block.player
        row[k.BLOCKCH] = RANK[block.character]
    challenger = getattr(pending, "challenger", None)
    if challenger is not None:
        row[k.CHALLENGER] = challenger
    if isinstance(pending, InfluenceChoice):
        row[k.LOSING] = pending.seat
        row[k.RESUME] = _STAGES[pending.resume]
        row[k.PBLOCK] = block is not None
    if isinstance(pending, KeepChoice):
        row[k.KEEPN] = pending.keep


def _write_knowledge(row: np.ndarray, state: GameState, layout: Layout) -> None:
    """Claims and the cards each seat knows the place of, from the log (as the views read it)."""
    config = layout.config
    claims, last = claim_record(state.log, config.exchanger)
    for seat in range(config.players):
        at = k.SEATS + seat * k.SEAT_FIELDS
        row[at + k.S_CLAIMS] = sum(1 << RANK[c] for c in claims.get(seat, ()))
        claim = last.get(seat)
        row[at + k.S_LAST] = -1 if claim is None else RANK[claim]
    n = config.players
    for viewer in range(n):
        places = _track(config, viewer, [redact(e, viewer) for e in state.log])
        for place in range(n + 1):  # each seat's hand, then the Court
            slot = k.KNOW + (viewer * (n + 1) + place) * k.NCH
            for c, count in places[place].items():
                row[slot + RANK[c]] = count
