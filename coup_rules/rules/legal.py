"""Every legal move of a seat, in the documented order (the single source of legality)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from coup_rules.cards import Character
from coup_rules.moves import (
    ActionMove,
    Embezzle,
    Move,
)
from coup_rules.rules import catalog as cat
from coup_rules.rules.allegiance import opponents
from coup_rules.rules.claims import blocking_characters
from coup_rules.rules.flow import ASSASSINATE_COST, COUP_COST
from coup_rules.state import Decision, GameState, Pending

__all__ = ["FORCED_COUP_COINS", "legal_for", "targets"]

FORCED_COUP_COINS = 10


def targets(state: GameState, actor: int) -> tuple[int, ...]:
    """The seats ``actor`` may aim Coup, Assassinate, Steal or Examine at (R-ACT-8, R-REF-2)."""
    return opponents(state.players, actor, state.config.reformation)


def _actions(state: GameState, seat: int) -> tuple[ActionMove, ...]:
    coins = state.players[seat].coins
    aims = targets(state, seat)
    coup = cat.COUP[seat]
    if coins >= FORCED_COUP_COINS:
        return tuple([coup[t] for t in aims])
    config = state.config
    moves: list[ActionMove] = [cat.INCOME[seat], cat.FOREIGN_AID[seat]]
    if coins >= COUP_COST:
        moves += [coup[t] for t in aims]
    moves.append(cat.TAX[seat])
    if coins >= ASSASSINATE_COST:
        assassinate = cat.ASSASSINATE[seat]
        moves += [assassinate[t] for t in aims]
    steal = cat.STEAL[seat]
    moves += [steal[t] for t in aims]
    moves.append(cat.EXCHANGE[seat])
    if config.inquisitor:
        examine = cat.EXAMINE[seat]
        moves += [examine[t] for t in aims]
    if config.reformation:
        convert = cat.CONVERT[seat]
        if coins >= 2:  # yourself for 1 coin, any other living player for 2 (R-REF-7)
            moves += [convert[p.seat] for p in state.players if p.hand]
        elif coins == 1:
            moves.append(convert[seat])
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
    return pending.claim in hand


# One function per kind of decision: (state, pending, seat) -> the seat's legal moves.


def _action(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    return _actions(state, seat)


def _challenge_window(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    return cat.CHALLENGE_OR_ALLOW[seat]


def _counter(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    assert pending.action is not None
    return cat.COUNTER_ANSWERS[seat][blocking_characters(pending.action, state.config)]


def _answer(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    if _can_prove(state, pending, seat):
        return cat.PROVE_OR_CONCEDE[seat]
    return cat.CONCEDE_ONLY[seat]


def _lose_influence(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    return cat.LOSE_CHOICES[seat][state.players[seat].hand]


def _keep(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    keep = cat.KEEP[seat]
    kept = sorted(set(combinations(state.players[seat].hand, pending.keep)))
    return tuple(keep[cards] for cards in kept)


def _show(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    return cat.SHOW_CHOICES[seat][state.players[seat].hand]


def _inquisitor_choice(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    return cat.GIVE_BACK_OR_FORCE[seat]


def _draft(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    return (cat.DRAFT_INQUISITOR if state.config.inquisitor else cat.DRAFT_AMBASSADOR)[seat]


def _choose_allegiance(state: GameState, pending: Pending, seat: int) -> tuple[Move, ...]:
    return cat.CHOOSE[seat]


_BY_DECISION: dict[Decision, Callable[[GameState, Pending, int], tuple[Move, ...]]] = {
    Decision.ACTION: _action,
    Decision.CHALLENGE_ACTION: _challenge_window,
    Decision.COUNTER: _counter,
    Decision.CHALLENGE_BLOCK: _challenge_window,
    Decision.ANSWER_ACTION_CHALLENGE: _answer,
    Decision.ANSWER_BLOCK_CHALLENGE: _answer,
    Decision.LOSE_INFLUENCE: _lose_influence,
    Decision.KEEP: _keep,
    Decision.SHOW: _show,
    Decision.INQUISITOR_CHOICE: _inquisitor_choice,
    Decision.DRAFT: _draft,
    Decision.CHOOSE_ALLEGIANCE: _choose_allegiance,
}


def legal_for(state: GameState, seat: int) -> tuple[Move, ...]:
    """The legal moves of ``seat`` (a valid seat index) in ``state``."""
    pending = state.pending
    if pending is None or seat not in pending.waiting:
        return ()
    return _BY_DECISION[pending.kind](state, pending, seat)
