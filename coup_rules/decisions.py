"""The decision a game waits on: a closed union of small typed records (``Pending``).

Each kind of decision is its own frozen class holding ``waiting`` (the seats still to answer,
ascending) and only the fields that decision has; ``kind`` is a class constant, the stable string
used as the JSON tag. Code that branches on a decision ``match``es it and ends with
``assert_never``, so adding a kind makes ``mypy`` name every place to change.
"""

from __future__ import annotations

import enum
import typing
from typing import ClassVar, TypeAlias, assert_never

import attrs

from coup_rules.cards import Character
from coup_rules.moves import (
    ActionMove,
    Allow,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Draft,
    Examine,
    Exchange,
    ForceExchange,
    GiveBack,
    Keep,
    LoseInfluence,
    Prove,
    Show,
)
from coup_rules.variants import Variant

__all__ = [
    "ActionChallengeAnswer",
    "ActionChoice",
    "AllegianceChoice",
    "BlockChallengeAnswer",
    "ChallengeActionWindow",
    "ChallengeBlockWindow",
    "CounterWindow",
    "Decision",
    "DecisionSpec",
    "DraftChoice",
    "InfluenceChoice",
    "InquisitorChoice",
    "KeepChoice",
    "Pending",
    "ShowChoice",
    "Stage",
    "decision_spec",
    "require_pending",
    "spec_of",
]


class Decision(enum.StrEnum):
    """The ``kind`` of each decision: a string, stable across versions, the JSON tag."""

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        return f"Decision.{self.name}"

    CHOOSE_ALLEGIANCE = "choose_allegiance"
    DRAFT = "draft"
    ACTION = "action"
    CHALLENGE_ACTION = "challenge_action"
    COUNTER = "counter"
    CHALLENGE_BLOCK = "challenge_block"
    ANSWER_ACTION_CHALLENGE = "answer_action_challenge"
    ANSWER_BLOCK_CHALLENGE = "answer_block_challenge"
    LOSE_INFLUENCE = "lose_influence"
    KEEP = "keep"
    SHOW = "show"
    INQUISITOR_CHOICE = "inquisitor_choice"


class Stage(enum.Enum):
    """Where the turn goes on once an influence has been lost."""

    def __repr__(self) -> str:
        return f"Stage.{self.name}"

    __hash__ = object.__hash__  # members are singletons: identity hashing, done in C

    COUNTER = "counter"
    """The action's claim stood: on to the counter window."""
    RESOLVE = "resolve"
    """The block failed: the action takes effect."""
    END = "end"
    """The action failed or is done: the turn ends."""


class _OnAction:
    """Shared read-only helpers of the decisions taken about a declared action."""

    __slots__ = ()
    action: ActionMove

    @property
    def actor(self) -> int:
        """The seat whose action this is."""
        return self.action.player

    @property
    def target(self) -> int | None:
        """The action's target, if it has one."""
        target: int | None = getattr(self.action, "target", None)
        return target


# --- the setup -----------------------------------------------------------------------------------


@attrs.frozen
class AllegianceChoice:
    """Reformation setup: the first player picks an allegiance (R-REF-1)."""

    kind: ClassVar[Decision] = Decision.CHOOSE_ALLEGIANCE
    waiting: tuple[int, ...]


@attrs.frozen
class DraftChoice:
    """2-player setup: each seat in ``waiting`` picks a card of its own set (R-SETUP-8)."""

    kind: ClassVar[Decision] = Decision.DRAFT
    waiting: tuple[int, ...]


# --- the turn ------------------------------------------------------------------------------------


@attrs.frozen
class ActionChoice:
    """The active player declares an action (R-TURN-1)."""

    kind: ClassVar[Decision] = Decision.ACTION
    waiting: tuple[int, ...]

    @property
    def actor(self) -> int:
        """The seat whose turn it is."""
        return self.waiting[0]


@attrs.frozen
class ChallengeActionWindow(_OnAction):
    """Window a: the seats in ``waiting`` may challenge the action's claim (R-WIN-2).

    ``claim`` is the character the action claims; ``None`` for Embezzle, which claims *not* to
    hold the Duke (R-REF-9).
    """

    kind: ClassVar[Decision] = Decision.CHALLENGE_ACTION
    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None


@attrs.frozen
class CounterWindow(_OnAction):
    """Window b: the seats in ``waiting`` may block the action (R-WIN-3).

    ``claim`` is the character the action claimed (``None`` for Foreign Aid).
    """

    kind: ClassVar[Decision] = Decision.COUNTER
    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None


@attrs.frozen
class ChallengeBlockWindow(_OnAction):
    """Window c: the seats in ``waiting`` may challenge ``block`` (R-WIN-5)."""

    kind: ClassVar[Decision] = Decision.CHALLENGE_BLOCK
    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    block: Block

    @property
    def blocker(self) -> int:
        """The seat that blocked."""
        return self.block.player


@attrs.frozen
class ActionChallengeAnswer(_OnAction):
    """The actor, challenged by ``challenger``, proves or concedes the claim (R-CHAL-1)."""

    kind: ClassVar[Decision] = Decision.ANSWER_ACTION_CHALLENGE
    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    challenger: int


@attrs.frozen
class BlockChallengeAnswer(_OnAction):
    """The blocker, challenged by ``challenger``, proves or concedes the block (R-CHAL-1)."""

    kind: ClassVar[Decision] = Decision.ANSWER_BLOCK_CHALLENGE
    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    block: Block
    challenger: int

    @property
    def blocker(self) -> int:
        """The seat that blocked."""
        return self.block.player


@attrs.frozen
class InfluenceChoice(_OnAction):
    """The seat in ``waiting`` picks the card to turn face up (R-INF-1).

    ``action`` (and ``block``, if one was made) is the turn's; ``resume`` is where the turn goes
    on once the card is lost.
    """

    kind: ClassVar[Decision] = Decision.LOSE_INFLUENCE
    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    block: Block | None
    resume: Stage

    @property
    def seat(self) -> int:
        """The seat losing an influence."""
        return self.waiting[0]


@attrs.frozen
class KeepChoice(_OnAction):
    """The exchanger picks ``keep`` of the cards in hand to keep (R-ACT-12)."""

    kind: ClassVar[Decision] = Decision.KEEP
    waiting: tuple[int, ...]
    action: Exchange
    claim: Character
    keep: int


@attrs.frozen
class ShowChoice(_OnAction):
    """The target of an Examine picks the card to show the Inquisitor (R-INQ-4)."""

    kind: ClassVar[Decision] = Decision.SHOW
    waiting: tuple[int, ...]
    action: Examine

    @property
    def claim(self) -> Character:
        """Examine claims the Inquisitor."""
        return Character.INQUISITOR


@attrs.frozen
class InquisitorChoice(_OnAction):
    """The Inquisitor gives the shown card back or forces an exchange (R-INQ-5, R-INQ-6)."""

    kind: ClassVar[Decision] = Decision.INQUISITOR_CHOICE
    waiting: tuple[int, ...]
    action: Examine

    @property
    def claim(self) -> Character:
        """Examine claims the Inquisitor."""
        return Character.INQUISITOR


Pending: TypeAlias = (
    AllegianceChoice
    | DraftChoice
    | ActionChoice
    | ChallengeActionWindow
    | CounterWindow
    | ChallengeBlockWindow
    | ActionChallengeAnswer
    | BlockChallengeAnswer
    | InfluenceChoice
    | KeepChoice
    | ShowChoice
    | InquisitorChoice
)
"""The decision being waited on: one of the classes above (``typing.get_args(Pending)``)."""


@attrs.frozen
class DecisionSpec:
    """What a kind of decision asks for, which rule asks it, and the moves that answer it.

    Attributes:
        asks: what the game waits for, in words ("a block or allow").
        rule: the spec's rule id for this decision.
        moves: the move classes that answer it.
        variant: the game that has it (``Variant.in_play``): the 2-player draft, the
            Reformation's first allegiance, the Inquisitor's Show and choice; the others occur
            in every game.
    """

    asks: str
    rule: str
    moves: tuple[type, ...]
    variant: Variant = Variant.BASE


_ACTION_MOVES: tuple[type, ...] = typing.get_args(ActionMove)


def spec_of(kind: Decision) -> DecisionSpec:
    """The spec of the decisions of ``kind``: the one statement of the moves that answer each
    kind, in the order ``legal_moves`` lists them (``rules.catalog`` and ``ai.encoding`` build
    their answers from it)."""
    match kind:
        case Decision.CHOOSE_ALLEGIANCE:
            return DecisionSpec(
                "the first player's choice of allegiance",
                "R-REF-1",
                (ChooseAllegiance,),
                Variant.REFORMATION,
            )
        case Decision.DRAFT:
            return DecisionSpec(
                "each player's draft of a card", "R-SETUP-8", (Draft,), Variant.TWO_PLAYER_SETUP
            )
        case Decision.ACTION:
            return DecisionSpec("an action", "R-TURN-1", _ACTION_MOVES)
        case Decision.CHALLENGE_ACTION:
            return DecisionSpec("a challenge or allow on the action", "R-WIN-2", (Challenge, Allow))
        case Decision.COUNTER:
            return DecisionSpec("a block or allow", "R-WIN-3", (Block, Allow))
        case Decision.CHALLENGE_BLOCK:
            return DecisionSpec("a challenge or allow on the block", "R-WIN-5", (Challenge, Allow))
        case Decision.ANSWER_ACTION_CHALLENGE | Decision.ANSWER_BLOCK_CHALLENGE:
            return DecisionSpec("a prove or concede", "R-CHAL-1", (Prove, Concede))
        case Decision.LOSE_INFLUENCE:
            return DecisionSpec("a card to turn face up", "R-INF-1", (LoseInfluence,))
        case Decision.KEEP:
            return DecisionSpec("the cards to keep", "R-ACT-12", (Keep,))
        case Decision.SHOW:
            return DecisionSpec("a card to show", "R-INQ-4", (Show,), Variant.INQUISITOR)
        case Decision.INQUISITOR_CHOICE:
            return DecisionSpec(
                "the Inquisitor's decision",
                "R-INQ-5",
                (GiveBack, ForceExchange),
                Variant.INQUISITOR,
            )
        case _:
            assert_never(kind)


_SPECS: dict[Decision, DecisionSpec] = {kind: spec_of(kind) for kind in Decision}


_PENDING_CLASSES: tuple[type, ...] = typing.get_args(Pending)


def require_pending(value: object, where: str, *, or_none: bool = False) -> None:
    """The door of the functions that take a pending decision: ``value`` must be one of
    ``Pending``'s classes (or ``None``, when ``or_none``).

    Raises:
        TypeError: ``value`` is anything else; the message names ``where`` (the function), what
            it takes, and what it was given. A ``GameState`` or a ``PlayerView``, whose
            ``pending`` is what was meant, is told so.
    """
    if isinstance(value, _PENDING_CLASSES) or (or_none and value is None):
        return
    expected = "a pending decision or None" if or_none else "a pending decision"
    given = type(value).__name__
    message = f"{where} takes {expected} (a decisions.Pending such as ActionChoice), not a {given}"
    if hasattr(value, "pending"):
        name = "view" if given == "PlayerView" else "state"
        message += f": pass {name}.pending"
    raise TypeError(message)


def decision_spec(pending: Pending) -> DecisionSpec:
    """The spec of ``pending``'s kind of decision (``spec_of(pending.kind)``).

    Raises:
        TypeError: ``pending`` is no decision (a ``GameState``, say, instead of its
            ``pending``); the message says what was expected.
    """
    try:
        return _SPECS[pending.kind]
    except (AttributeError, KeyError, TypeError):
        require_pending(pending, "decision_spec()")
        raise
