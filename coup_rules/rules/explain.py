"""Why a move is illegal: the reason and rule id that ``IllegalMoveError`` reports.

Legality itself is decided by ``legal_moves`` alone; this module only explains a rejected move,
checking in the documented order: the game is over; the seat does not exist; the seat is not
being asked; this kind of move is not open now; the target; the cost or the forced Coup; the
claim is not in this game's deck; the card is not held.
"""

from __future__ import annotations

from typing import Any, cast, get_args

import attrs

from coup_rules.actions import SPECS, Variant, blocking_characters, cost_of
from coup_rules.cards import Allegiance, Character
from coup_rules.constants import FORCED_COUP_COINS
from coup_rules.decisions import (
    ActionChallengeAnswer,
    CounterWindow,
    KeepChoice,
    Pending,
    decision_spec,
)
from coup_rules.events import Pool
from coup_rules.integers import refusal
from coup_rules.moves import (
    Block,
    Convert,
    Coup,
    Draft,
    Examine,
    ForeignAid,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
)
from coup_rules.rules.allegiance import may_target
from coup_rules.state import GameState

__all__ = ["explain"]

_MOVE_TYPES: tuple[type, ...] = get_args(Move)
_AIMED = frozenset(cls for cls in _MOVE_TYPES if "target" in attrs.fields_dict(cls))


def _is_seat(value: Any, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _no_seat(seat: Any, n: int) -> str:
    """Why ``seat`` names no seat: out of range, or not an integer (a move's seat fields hold
    a plain ``int`` for any integer given, so anything else here is no integer at all)."""
    if type(seat) is not int:
        return refusal("a seat", f"an integer from 0 to {n - 1}", seat)
    return f"there is no seat {seat!r} in a {n}-player game"


_ENUM_FIELDS: dict[str, tuple[type, str]] = {
    "character": (Character, "a Character"),
    "allegiance": (Allegiance, "an Allegiance"),
}
"""The move fields that hold an enum: its class, and how a reason names it."""


def _name(move: Any) -> str:
    return type(move).__name__


def explain(state: GameState, move: Any) -> tuple[str, str]:
    """The ``(reason, rule)`` for a move that is not in ``legal_moves``."""
    if not isinstance(move, _MOVE_TYPES):
        return f"{move!r} is not a move", "R-TURN-7"
    return _explain_typed(state, cast(Move, move))


def _explain_typed(state: GameState, move: Move) -> tuple[str, str]:
    n = state.config.players
    if state.pending is None:
        if state.winner is None:
            return f"the game is over: a draw after {state.turn} turns", "R-TURN-5"
        return f"the game is over: seat {state.winner} has won", "R-TURN-5"
    aimed = type(move) in _AIMED
    target = getattr(move, "target", None)
    for role, seat in (("player", move.player), ("target", target)):
        if (role == "player" or aimed) and not _is_seat(seat, n):
            return _no_seat(seat, n), "R-TURN-6"
    pending = state.pending
    spec = decision_spec(pending)
    if move.player not in pending.waiting:
        same_side = _same_side_foreign_aid(state, pending, move.player)
        if same_side:
            return same_side
        waiting = ", ".join(map(str, pending.waiting))
        return (
            f"seat {move.player} is not being asked to move; the game waits on seat(s) "
            f"{waiting} for {spec.asks}",
            "R-TURN-4",
        )
    if not isinstance(move, spec.moves):
        return f"{_name(move)} is not possible now: the game waits for {spec.asks}", spec.rule
    return _explain_move(state, pending, move)


def _same_side_foreign_aid(state: GameState, pending: Pending, seat: int) -> tuple[str, str] | None:
    """Why ``seat``, living and not asked in a Foreign Aid's counter window, may not answer it:
    it shares the actor's allegiance while the table is divided (R-REF-3). ``None`` otherwise."""
    if not (isinstance(pending, CounterWindow) and isinstance(pending.action, ForeignAid)):
        return None
    actor = pending.action.player
    players = state.core.players
    if seat == actor or not players[seat].hand:
        return None
    if may_target(players, actor, seat, state.config.reformation):
        return None
    side = players[seat].allegiance
    assert side is not None
    return (
        f"seat {seat} is a {side.title} like seat {actor} and may not block their Foreign Aid "
        "while players of both allegiances are alive",
        "R-REF-3",
    )


def _explain_move(state: GameState, pending: Pending, move: Any) -> tuple[str, str]:
    config = state.config
    me = state.players[move.player]
    action = SPECS.get(type(move))
    if action is not None and action.variant is Variant.REFORMATION and not config.reformation:
        return f"{_name(move)} is only played with the Reformation expansion", "R-REF-1"
    target = getattr(move, "target", None)
    if target is not None:
        found = _explain_target(state, move, target)
        if found:
            return found
    if action is None:
        return _explain_claim_or_card(state, pending, move)
    if me.coins >= FORCED_COUP_COINS and not isinstance(move, Coup):
        return (
            f"seat {move.player} starts the turn with {me.coins} coins and must Coup",
            "R-TURN-2",
        )
    cost = cost_of(move)
    if me.coins < cost:
        rule = "R-ACT-9" if action.pool is Pool.TREASURY else action.rule
        return f"{_name(move)} costs {cost} coins; seat {move.player} has {me.coins}", rule
    return _explain_claim_or_card(state, pending, move)


def _explain_target(state: GameState, move: Any, target: int) -> tuple[str, str] | None:
    if isinstance(move, Convert):
        if not state.players[target].hand:
            return f"seat {target} is eliminated and has no allegiance to convert", "R-REF-7"
        return None
    if target == move.player:
        return f"{_name(move)} must target another player, not yourself", "R-ACT-8"
    if not state.players[target].hand:
        return f"seat {target} is eliminated and cannot be targeted", "R-ACT-8"
    if isinstance(move, Examine) and not state.config.inquisitor:
        return None
    mine = state.players[move.player].allegiance
    reformation = state.config.reformation
    if not may_target(state.core.players, move.player, target, reformation):
        assert mine is not None
        return (
            f"seat {target} is also a {mine.title} and may not be targeted while players of "
            "both allegiances are alive",
            "R-REF-2",
        )
    return None


def _explain_claim_or_card(state: GameState, pending: Pending, move: Any) -> tuple[str, str]:
    config = state.config
    hand = state.players[move.player].hand
    if isinstance(move, Examine) and not config.inquisitor:
        return "the Inquisitor is not in this game's deck, so Examine cannot be claimed", "R-ACT-11"
    for name, (enum, words) in _ENUM_FIELDS.items():
        if hasattr(move, name) and not isinstance(getattr(move, name), enum):
            return f"{name} must be {words}, not {getattr(move, name)!r}", "R-TURN-7"
    if isinstance(move, Block | Draft) and move.character not in config.characters:
        return f"the {_title(move.character)} is not in this game's deck", "R-ACT-11"
    if isinstance(move, Block) and isinstance(pending, CounterWindow):
        allowed = blocking_characters(pending.action, config.exchanger)
        names = " or ".join(_title(c) for c in allowed)
        return (
            f"the {_title(move.character)} does not block {_name(pending.action)}; "
            f"only the {names} does",
            "R-WIN-3",
        )
    if isinstance(move, Prove):
        if isinstance(pending, ActionChallengeAnswer):
            disclaimed = SPECS[type(pending.action)].disclaims
            if disclaimed is not None:
                return f"seat {move.player} holds a {disclaimed.title} and must concede", "R-REF-9"
        return f"seat {move.player} does not hold the claimed character", "R-CHAL-1"
    if isinstance(move, LoseInfluence | Show):
        rule = "R-INF-1" if isinstance(move, LoseInfluence) else "R-INQ-4"
        return f"seat {move.player} has no hidden {_title(move.character)}", rule
    if isinstance(move, Keep) and isinstance(pending, KeepChoice):
        return (
            f"Keep must name {pending.keep} of seat {move.player}'s cards {_cards(hand)}, "
            f"not {_cards(move.cards)}",
            "R-ACT-12",
        )
    return f"{move!r} is not legal now", "R-TURN-7"


def _title(card: Any) -> str:
    return card.title if isinstance(card, Character) else repr(card)


def _cards(cards: Any) -> str:
    try:
        return "(" + ", ".join(_title(c) for c in cards) + ")"
    except TypeError:
        return repr(cards)
