"""Every legal move of a seat, in the documented order (the single source of legality)."""

from __future__ import annotations

from itertools import combinations

from coup_rules.cards import Allegiance, Character
from coup_rules.moves import (
    ActionMove,
    Embezzle,
    Move,
)
from coup_rules.rules import catalog as cat
from coup_rules.rules.allegiance import may_target
from coup_rules.rules.claims import blocking_characters, claimed_character
from coup_rules.rules.flow import ASSASSINATE_COST, COUP_COST
from coup_rules.state import Decision, GameState, Pending

__all__ = ["FORCED_COUP_COINS", "legal_for", "targets"]

FORCED_COUP_COINS = 10


def targets(state: GameState, actor: int) -> tuple[int, ...]:
    """The seats ``actor`` may aim Coup, Assassinate, Steal or Examine at (R-ACT-8, R-REF-2)."""
    players = state.players
    if not state.config.reformation:
        return tuple(p.seat for p in players if p.hand and p.seat != actor)
    return tuple(
        p.seat
        for p in players
        if p.hand and p.seat != actor and may_target(players, actor, p.seat, True)
    )


def _actions(state: GameState, seat: int) -> tuple[ActionMove, ...]:
    coins = state.players[seat].coins
    aims = targets(state, seat)
    coup = cat.COUP[seat]
    if coins >= FORCED_COUP_COINS:
        return tuple(coup[t] for t in aims)
    config = state.config
    moves: list[ActionMove] = [cat.INCOME[seat], cat.FOREIGN_AID[seat]]
    if coins >= COUP_COST:
        moves.extend(coup[t] for t in aims)
    moves.append(cat.TAX[seat])
    if coins >= ASSASSINATE_COST:
        assassinate = cat.ASSASSINATE[seat]
        moves.extend(assassinate[t] for t in aims)
    steal = cat.STEAL[seat]
    moves.extend(steal[t] for t in aims)
    moves.append(cat.EXCHANGE[seat])
    if config.inquisitor:
        examine = cat.EXAMINE[seat]
        moves.extend(examine[t] for t in aims)
    if config.reformation:
        convert = cat.CONVERT[seat]
        for p in state.players:
            if p.hand and coins >= (1 if p.seat == seat else 2):
                moves.append(convert[p.seat])
        moves.append(cat.EMBEZZLE[seat])
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
        return (cat.CHALLENGE[seat], cat.ALLOW[seat])
    if kind is Decision.COUNTER:
        assert pending.action is not None
        blocks = blocking_characters(pending.action, state.config)
        block = cat.BLOCK[seat]
        return (*(block[c] for c in blocks), cat.ALLOW[seat])
    if kind is Decision.ANSWER_ACTION_CHALLENGE or kind is Decision.ANSWER_BLOCK_CHALLENGE:
        if _can_prove(state, pending, seat):
            return (cat.PROVE[seat], cat.CONCEDE[seat])
        return (cat.CONCEDE[seat],)
    if kind is Decision.LOSE_INFLUENCE:
        lose = cat.LOSE[seat]
        return tuple(lose[c] for c in _distinct(hand))
    if kind is Decision.KEEP:
        keep = cat.KEEP[seat]
        return tuple(keep[cards] for cards in sorted(set(combinations(hand, pending.keep))))
    if kind is Decision.SHOW:
        show = cat.SHOW[seat]
        return tuple(show[c] for c in _distinct(hand))
    if kind is Decision.INQUISITOR_CHOICE:
        return (cat.GIVE_BACK[seat], cat.FORCE_EXCHANGE[seat])
    if kind is Decision.DRAFT:
        draft = cat.DRAFT[seat]
        return tuple(draft[c] for c in state.config.characters)
    choose = cat.CHOOSE[seat]
    return tuple(choose[a] for a in Allegiance)
