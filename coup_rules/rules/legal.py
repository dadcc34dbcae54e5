"""Every legal move of a seat, in the documented order (the single source of legality)."""

from __future__ import annotations

from itertools import combinations

from coup_rules.cards import Allegiance, Character
from coup_rules.moves import (
    ActionMove,
    Allow,
    Assassinate,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Convert,
    Coup,
    Draft,
    Embezzle,
    Examine,
    Exchange,
    ForceExchange,
    ForeignAid,
    GiveBack,
    Income,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
    Steal,
    Tax,
)
from coup_rules.rules.allegiance import may_target
from coup_rules.rules.claims import blocking_characters, claimed_character
from coup_rules.rules.flow import ASSASSINATE_COST, COUP_COST
from coup_rules.state import Decision, GameState, Pending

__all__ = ["FORCED_COUP_COINS", "legal_for", "targets"]

FORCED_COUP_COINS = 10


def targets(state: GameState, actor: int) -> tuple[int, ...]:
    """The seats ``actor`` may aim Coup, Assassinate, Steal or Examine at (R-ACT-8, R-REF-2)."""
    players = state.players
    reformation = state.config.reformation
    return tuple(
        p.seat
        for p in players
        if p.hand and p.seat != actor and may_target(players, actor, p.seat, reformation)
    )


def _actions(state: GameState, seat: int) -> tuple[ActionMove, ...]:
    coins = state.players[seat].coins
    aims = targets(state, seat)
    if coins >= FORCED_COUP_COINS:
        return tuple(Coup(seat, t) for t in aims)
    config = state.config
    moves: list[ActionMove] = [Income(seat), ForeignAid(seat)]
    if coins >= COUP_COST:
        moves.extend(Coup(seat, t) for t in aims)
    moves.append(Tax(seat))
    if coins >= ASSASSINATE_COST:
        moves.extend(Assassinate(seat, t) for t in aims)
    moves.extend(Steal(seat, t) for t in aims)
    moves.append(Exchange(seat))
    if config.inquisitor:
        moves.extend(Examine(seat, t) for t in aims)
    if config.reformation:
        for p in state.players:
            if p.hand and coins >= (1 if p.seat == seat else 2):
                moves.append(Convert(seat, p.seat))
        moves.append(Embezzle(seat))
    return tuple(moves)


def _can_prove(state: GameState, pending: Pending, seat: int) -> bool:
    hand = state.players[seat].hand
    assert pending.action is not None
    if pending.kind is Decision.ANSWER_BLOCK_CHALLENGE:
        assert pending.block is not None
        return pending.block.character in hand
    if isinstance(pending.action, Embezzle):
        return Character.DUKE not in hand
    return claimed_character(pending.action, state.config) in hand


def _distinct(cards: tuple[Character, ...]) -> tuple[Character, ...]:
    return tuple(sorted(set(cards)))


def legal_for(state: GameState, seat: int) -> tuple[Move, ...]:
    """The legal moves of ``seat`` (a valid seat index) in ``state``."""
    pending = state.pending
    if pending is None or seat not in pending.waiting:
        return ()
    kind = pending.kind
    hand = state.players[seat].hand
    if kind is Decision.ACTION:
        return _actions(state, seat)
    if kind is Decision.CHALLENGE_ACTION or kind is Decision.CHALLENGE_BLOCK:
        return (Challenge(seat), Allow(seat))
    if kind is Decision.COUNTER:
        assert pending.action is not None
        blocks = blocking_characters(pending.action, state.config)
        return (*(Block(seat, c) for c in blocks), Allow(seat))
    if kind is Decision.ANSWER_ACTION_CHALLENGE or kind is Decision.ANSWER_BLOCK_CHALLENGE:
        if _can_prove(state, pending, seat):
            return (Prove(seat), Concede(seat))
        return (Concede(seat),)
    if kind is Decision.LOSE_INFLUENCE:
        return tuple(LoseInfluence(seat, c) for c in _distinct(hand))
    if kind is Decision.KEEP:
        kept = sorted(set(combinations(hand, pending.keep)))
        return tuple(Keep(seat, cards) for cards in kept)
    if kind is Decision.SHOW:
        return tuple(Show(seat, c) for c in _distinct(hand))
    if kind is Decision.INQUISITOR_CHOICE:
        return (GiveBack(seat), ForceExchange(seat))
    if kind is Decision.DRAFT:
        return tuple(Draft(seat, c) for c in state.config.characters)
    return tuple(ChooseAllegiance(seat, a) for a in Allegiance)
