"""Every legal move of a seat, in the documented order (the single source of legality).

The turn actions come from walking the table of ``coup_rules.actions`` in order; the answers to
every other decision come from ``catalog``'s shared tuples. An action list depends only on the
seat, its coins (up to the forced Coup), the seats it may aim at and, for Convert, the living
seats, so it is computed once per such key and kept in the game's ``Config``, in a memo of at
most ``MEMO_LIMIT`` entries. The same memo keeps the blocking characters of each kind of action
(keyed by its class, beside the action lists' tuple keys).
"""

from __future__ import annotations

from itertools import combinations
from typing import assert_never

from coup_rules.actions import ACTIONS, Aim, blocking_characters, in_game
from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.constants import FORCED_COUP_COINS
from coup_rules.moves import ActionMove, Move
from coup_rules.records import (
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
    ShowChoice,
)
from coup_rules.rules import catalog as cat
from coup_rules.rules.allegiance import opponents
from coup_rules.state import Core

__all__ = ["MEMO_LIMIT", "legal_for", "targets"]

MEMO_LIMIT = 4096
"""The most action lists a config keeps; a full memo starts again empty, so it stays small
however many games one config plays (a 4-player game needs a few dozen keys)."""


_DISCLAIMED: dict[type, Character] = {
    spec.move: spec.disclaims for spec in ACTIONS if spec.disclaims is not None
}
"""The actions that claim not to hold a character, and that character (the table's column,
gathered once: this is asked at every challenge)."""


def targets(core: Core, actor: int) -> tuple[int, ...]:
    """The seats ``actor`` may aim Coup, Assassinate, Steal or Examine at (R-ACT-8, R-REF-2)."""
    return opponents(core.players, actor, core.config.reformation)


def _walk(
    config: Config, seat: int, coins: int, aims: tuple[int, ...], living: tuple[int, ...]
) -> tuple[ActionMove, ...]:
    """The actions of the table that ``seat`` may declare (R-TURN-1, R-ACT-8, R-ACT-9)."""
    moves: list[ActionMove] = []
    for spec in ACTIONS:
        if not in_game(spec, config):
            continue
        if spec.aim is Aim.NONE:
            if coins >= spec.cost:
                moves.append(cat.PLAIN_ACTIONS[spec.move][seat])
            continue
        aimed = cat.AIMED_ACTIONS[spec.move][seat]
        if spec.aim is Aim.OPPONENT:
            if coins >= spec.cost:
                moves += [aimed[t] for t in aims]
            continue
        self_cost = spec.cost if spec.self_cost is None else spec.self_cost
        moves += [aimed[t] for t in living if coins >= (self_cost if t == seat else spec.cost)]
    return tuple(moves)


def _actions(core: Core, seat: int) -> tuple[ActionMove, ...]:
    """The seat's actions, memoized per config by what they depend on."""
    config = core.config
    coins = min(core.players[seat].coins, FORCED_COUP_COINS)
    key: tuple[object, ...] = (seat, coins, core.living)
    if config.reformation:
        key = (*key, tuple([p.allegiance for p in core.players]))
    memo = config._memo
    found: tuple[ActionMove, ...] | None = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[key] = _compute_actions(core, seat, coins)
    return found


def _compute_actions(core: Core, seat: int, coins: int) -> tuple[ActionMove, ...]:
    aims = targets(core, seat)
    if coins >= FORCED_COUP_COINS:  # R-TURN-2
        coup = cat.COUP[seat]
        return tuple([coup[t] for t in aims])
    return _walk(core.config, seat, coins, aims, core.living)


def _blockers(config: Config, action: ActionMove) -> tuple[Character, ...]:
    """The characters that block ``action`` (R-WIN-3), kept in the config's memo by its kind."""
    memo = config._memo
    kind = type(action)
    found: tuple[Character, ...] | None = memo.get(kind)
    if found is None:
        found = memo[kind] = blocking_characters(action, config.exchanger)
    return found


def _can_prove(
    core: Core, pending: ActionChallengeAnswer | BlockChallengeAnswer, seat: int
) -> bool:
    hand = core.players[seat].hand
    if isinstance(pending, BlockChallengeAnswer):
        return pending.block.character in hand
    disclaimed = _DISCLAIMED.get(type(pending.action))
    if disclaimed is not None:
        return disclaimed not in hand  # R-REF-9
    return pending.claim in hand


def _keeps(core: Core, pending: KeepChoice, seat: int) -> tuple[Move, ...]:
    keep = cat.KEEP[seat]
    kept = sorted(set(combinations(core.players[seat].hand, pending.keep)))
    return tuple(keep[cards] for cards in kept)


def legal_for(core: Core, seat: int) -> tuple[Move, ...]:
    """The legal moves of ``seat`` (a valid seat index) in the position ``core``."""
    pending = core.pending
    if pending is None or seat not in pending.waiting:
        return ()
    match pending:  # the commonest decisions first (a turn's action: about 27 % of them)
        case ActionChoice():
            return _actions(core, seat)
        case ChallengeActionWindow() | ChallengeBlockWindow():
            return cat.CHALLENGE_OR_ALLOW[seat]
        case ActionChallengeAnswer() | BlockChallengeAnswer():
            if _can_prove(core, pending, seat):
                return cat.PROVE_OR_CONCEDE[seat]
            return cat.CONCEDE_ONLY[seat]
        case InfluenceChoice():
            return cat.LOSE_CHOICES[seat][core.players[seat].hand]
        case CounterWindow():
            return cat.COUNTER_ANSWERS[seat][_blockers(core.config, pending.action)]
        case KeepChoice():
            return _keeps(core, pending, seat)
        case ShowChoice():
            return cat.SHOW_CHOICES[seat][core.players[seat].hand]
        case InquisitorChoice():
            return cat.GIVE_BACK_OR_FORCE[seat]
        case DraftChoice():
            config = core.config
            return (cat.DRAFT_INQUISITOR if config.inquisitor else cat.DRAFT_AMBASSADOR)[seat]
        case AllegianceChoice():
            return cat.CHOOSE[seat]
        case _:
            assert_never(pending)
