"""Why a move is illegal: the reason and rule id that ``IllegalMoveError`` reports.

Legality itself is decided by ``legal_moves`` alone; this module only explains a rejected move,
checking in the documented order: the game is over; the seat does not exist; the seat is not
being asked; this kind of move is not open now; the target; the cost or the forced Coup; the
claim is not in this game's deck; the card is not held.
"""

from __future__ import annotations

from typing import Any, cast, get_args

from coup_rules.cards import Character
from coup_rules.moves import (
    ACTION_TYPES,
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
    ForceExchange,
    GiveBack,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
)
from coup_rules.rules.allegiance import may_target
from coup_rules.rules.claims import blocking_characters
from coup_rules.rules.flow import ASSASSINATE_COST, COUP_COST
from coup_rules.rules.legal import FORCED_COUP_COINS
from coup_rules.state import Decision, GameState, Pending

__all__ = ["explain"]

_MOVE_TYPES: tuple[type, ...] = get_args(Move)

_OPEN: dict[Decision, tuple[type, ...]] = {
    Decision.CHOOSE_ALLEGIANCE: (ChooseAllegiance,),
    Decision.DRAFT: (Draft,),
    Decision.ACTION: ACTION_TYPES,
    Decision.CHALLENGE_ACTION: (Challenge, Allow),
    Decision.COUNTER: (Block, Allow),
    Decision.CHALLENGE_BLOCK: (Challenge, Allow),
    Decision.ANSWER_ACTION_CHALLENGE: (Prove, Concede),
    Decision.ANSWER_BLOCK_CHALLENGE: (Prove, Concede),
    Decision.LOSE_INFLUENCE: (LoseInfluence,),
    Decision.KEEP: (Keep,),
    Decision.SHOW: (Show,),
    Decision.INQUISITOR_CHOICE: (GiveBack, ForceExchange),
}

_ASKED_FOR: dict[Decision, str] = {
    Decision.CHOOSE_ALLEGIANCE: "the first player's choice of allegiance",
    Decision.DRAFT: "each player's draft of a card",
    Decision.ACTION: "an action",
    Decision.CHALLENGE_ACTION: "a challenge or allow on the action",
    Decision.COUNTER: "a block or allow",
    Decision.CHALLENGE_BLOCK: "a challenge or allow on the block",
    Decision.ANSWER_ACTION_CHALLENGE: "a prove or concede",
    Decision.ANSWER_BLOCK_CHALLENGE: "a prove or concede",
    Decision.LOSE_INFLUENCE: "a card to turn face up",
    Decision.KEEP: "the cards to keep",
    Decision.SHOW: "a card to show",
    Decision.INQUISITOR_CHOICE: "the Inquisitor's decision",
}

_RULE_OF_DECISION: dict[Decision, str] = {
    Decision.CHOOSE_ALLEGIANCE: "R-REF-1",
    Decision.DRAFT: "R-SETUP-8",
    Decision.ACTION: "R-TURN-1",
    Decision.CHALLENGE_ACTION: "R-WIN-2",
    Decision.COUNTER: "R-WIN-3",
    Decision.CHALLENGE_BLOCK: "R-WIN-5",
    Decision.ANSWER_ACTION_CHALLENGE: "R-CHAL-1",
    Decision.ANSWER_BLOCK_CHALLENGE: "R-CHAL-1",
    Decision.LOSE_INFLUENCE: "R-INF-1",
    Decision.KEEP: "R-ACT-12",
    Decision.SHOW: "R-INQ-4",
    Decision.INQUISITOR_CHOICE: "R-INQ-5",
}


def _is_seat(value: Any, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


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
        return f"the game is over: seat {state.winner} has won", "R-TURN-5"
    target = getattr(move, "target", None)
    for role, seat in (("player", move.player), ("target", target)):
        if (role == "player" or target is not None) and not _is_seat(seat, n):
            return f"there is no seat {seat!r} in a {n}-player game", "R-TURN-6"
    pending = state.pending
    if move.player not in pending.waiting:
        waiting = ", ".join(map(str, pending.waiting))
        return (
            f"seat {move.player} is not being asked to move; the game waits on seat(s) "
            f"{waiting} for {_ASKED_FOR[pending.kind]}",
            "R-TURN-4",
        )
    if not isinstance(move, _OPEN[pending.kind]):
        return (
            f"{_name(move)} is not possible now: the game waits for {_ASKED_FOR[pending.kind]}",
            _RULE_OF_DECISION[pending.kind],
        )
    return _explain_move(state, pending, move)


def _explain_move(state: GameState, pending: Pending, move: Any) -> tuple[str, str]:
    config = state.config
    me = state.players[move.player]
    if isinstance(move, Convert | Embezzle) and not config.reformation:
        return f"{_name(move)} is only played with the Reformation expansion", "R-REF-1"
    target = getattr(move, "target", None)
    if target is not None:
        found = _explain_target(state, move, target)
        if found:
            return found
    if (
        me.coins >= FORCED_COUP_COINS
        and pending.kind is Decision.ACTION
        and not isinstance(move, Coup)
    ):
        return (
            f"seat {move.player} starts the turn with {me.coins} coins and must Coup",
            "R-TURN-2",
        )
    cost = {Coup: COUP_COST, Assassinate: ASSASSINATE_COST}.get(type(move))
    if isinstance(move, Convert):
        cost = 1 if move.target == move.player else 2
    if cost is not None and me.coins < cost:
        rule = "R-REF-7" if isinstance(move, Convert) else "R-ACT-9"
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
    if not may_target(state.players, move.player, target, reformation):
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
    if isinstance(move, Block | Draft) and move.character not in config.characters:
        return f"the {_title(move.character)} is not in this game's deck", "R-ACT-11"
    if isinstance(move, Block):
        assert pending.action is not None
        allowed = blocking_characters(pending.action, config)
        names = " or ".join(_title(c) for c in allowed)
        return (
            f"the {_title(move.character)} does not block {_name(pending.action)}; "
            f"only the {names} does",
            "R-WIN-3",
        )
    if isinstance(move, Prove):
        if isinstance(pending.action, Embezzle) and pending.kind is (
            Decision.ANSWER_ACTION_CHALLENGE
        ):
            return f"seat {move.player} holds a Duke and must concede", "R-REF-9"
        return f"seat {move.player} does not hold the claimed character", "R-CHAL-1"
    if isinstance(move, LoseInfluence | Show):
        rule = "R-INF-1" if isinstance(move, LoseInfluence) else "R-INQ-4"
        return f"seat {move.player} has no hidden {_title(move.character)}", rule
    if isinstance(move, Keep):
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
