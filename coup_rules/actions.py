"""One table of facts about every turn action: claim, cost, blockers, targets, rule id.

Legality, the response windows, costs and gains, explanations of illegal moves and the state
validator all read this table. Adding an action means its move class (in the ``Move`` and
``ActionMove`` unions), one row here, and the ``match`` arms that ``mypy --strict`` then names
because they end in ``assert_never``: its effect in ``rules.flow.resolve``, its sentence in
``narrate`` and its word in ``notation``. The rows are in the order of ``legal_moves``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.constants import (
    ASSASSINATE_COST,
    CONVERT_OTHER_COST,
    CONVERT_SELF_COST,
    COUP_COST,
    FOREIGN_AID_COINS,
    INCOME_COINS,
    TAX_COINS,
)
from coup_rules.events import Pool
from coup_rules.moves import (
    ActionMove,
    Assassinate,
    Convert,
    Coup,
    Embezzle,
    Examine,
    Exchange,
    ForeignAid,
    Income,
    Steal,
    Tax,
)
from coup_rules.variants import Variant

__all__ = [
    "ACTIONS",
    "SPECS",
    "ActionSpec",
    "Aim",
    "Asked",
    "Variant",
    "blockers_of",
    "blocking_characters",
    "claimed_character",
    "cost_of",
    "in_game",
    "spec_of",
]


class Aim(enum.Enum):
    """Whom an action may name as its target."""

    NONE = "none"
    """No target."""
    OPPONENT = "opponent"
    """Another living player, within the Reformation's allegiance restriction (R-ACT-8)."""
    LIVING = "living"
    """Any living player, yourself included (Convert, R-REF-7)."""


class Asked(enum.Enum):
    """Who is asked in the counter window."""

    NOBODY = "nobody"
    """The action cannot be blocked."""
    OPPONENTS = "opponents"
    """Every player who may act against the actor (Foreign Aid, R-ACT-2, R-REF-3)."""
    TARGET = "target"
    """Only the target (R-WIN-3)."""


@attrs.frozen
class ActionSpec:
    """The facts of one turn action.

    Attributes:
        move: the move class.
        name: the action's name as players say it.
        rule: the spec's rule id for the action.
        claim: the character claimed, ``None`` for none; see ``claims_exchanger``.
        claims_exchanger: claims this game's exchanger (Ambassador or Inquisitor) instead.
        challengeable: opens a challenge window (character actions, and Embezzle, which claims
            *not* to hold the Duke).
        cost: coins paid on declaring (R-ACT-9).
        self_cost: the cost when the target is the actor (Convert on yourself), else ``cost``.
        pool: where the cost is paid and where the gain is taken from.
        gain: coins taken from ``pool`` when the action takes effect (Embezzle takes it all).
        blockers: the characters that block it (besides the exchanger).
        blocked_by_exchanger: this game's exchanger also blocks it (Steal).
        asked: who is asked in the counter window.
        aim: whom it may target.
        variant: the game it belongs to.
        strikes: when it takes effect, its target loses an influence (Coup, Assassinate).
        refunded: its cost is given back when the actor concedes a challenge of its claim
            (Assassinate, R-CHAL-5).
        disclaims: the character it claims *not* to hold: challenged, the actor proves it by
            showing a whole hand without it (Embezzle and the Duke, R-REF-9).
    """

    move: type[ActionMove]
    name: str
    rule: str
    claim: Character | None = None
    claims_exchanger: bool = False
    challengeable: bool = False
    cost: int = 0
    self_cost: int | None = None
    pool: Pool = Pool.TREASURY
    gain: int = 0
    blockers: tuple[Character, ...] = ()
    blocked_by_exchanger: bool = False
    asked: Asked = Asked.NOBODY
    aim: Aim = Aim.NONE
    variant: Variant = Variant.BASE
    strikes: bool = False
    refunded: bool = False
    disclaims: Character | None = None


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(Income, "Income", "R-ACT-1", gain=INCOME_COINS),
    ActionSpec(
        ForeignAid,
        "Foreign Aid",
        "R-ACT-2",
        gain=FOREIGN_AID_COINS,
        blockers=(Character.DUKE,),
        asked=Asked.OPPONENTS,
    ),
    ActionSpec(Coup, "Coup", "R-ACT-3", cost=COUP_COST, aim=Aim.OPPONENT, strikes=True),
    ActionSpec(Tax, "Tax", "R-ACT-4", claim=Character.DUKE, challengeable=True, gain=TAX_COINS),
    ActionSpec(
        Assassinate,
        "Assassinate",
        "R-ACT-5",
        claim=Character.ASSASSIN,
        challengeable=True,
        cost=ASSASSINATE_COST,
        blockers=(Character.CONTESSA,),
        asked=Asked.TARGET,
        aim=Aim.OPPONENT,
        strikes=True,
        refunded=True,
    ),
    ActionSpec(
        Steal,
        "Steal",
        "R-ACT-6",
        claim=Character.CAPTAIN,
        challengeable=True,
        blockers=(Character.CAPTAIN,),
        blocked_by_exchanger=True,
        asked=Asked.TARGET,
        aim=Aim.OPPONENT,
    ),
    ActionSpec(Exchange, "Exchange", "R-ACT-7", claims_exchanger=True, challengeable=True),
    ActionSpec(
        Examine,
        "Examine",
        "R-INQ-3",
        claim=Character.INQUISITOR,
        challengeable=True,
        aim=Aim.OPPONENT,
        variant=Variant.INQUISITOR,
    ),
    ActionSpec(
        Convert,
        "Convert",
        "R-REF-7",
        cost=CONVERT_OTHER_COST,
        self_cost=CONVERT_SELF_COST,
        pool=Pool.RESERVE,
        aim=Aim.LIVING,
        variant=Variant.REFORMATION,
    ),
    ActionSpec(
        Embezzle,
        "Embezzle",
        "R-REF-8",
        challengeable=True,
        pool=Pool.RESERVE,
        variant=Variant.REFORMATION,
        disclaims=Character.DUKE,
    ),
)
"""Every turn action, in the order of ``legal_moves``."""

SPECS: Mapping[type, ActionSpec] = MappingProxyType({s.move: s for s in ACTIONS})
"""The row of each action class."""


def in_game(spec: ActionSpec, config: Config) -> bool:
    """Whether ``spec``'s action is played in a game of ``config`` (R-INQ-1, R-REF-1)."""
    return spec.variant.in_play(config)


def spec_of(action: ActionMove) -> ActionSpec:
    """The facts of ``action``'s kind."""
    return SPECS[type(action)]


def claimed_character(action: ActionMove, exchanger: Character) -> Character | None:
    """The character ``action`` claims in a game whose exchanger is ``exchanger``, or ``None``.

    Embezzle claims *not* to hold the Duke; it returns ``None`` here (see R-REF-9).
    """
    spec = SPECS[type(action)]
    return exchanger if spec.claims_exchanger else spec.claim


def blockers_of(spec: ActionSpec, exchanger: Character) -> tuple[Character, ...]:
    """The characters that block ``spec``'s action in this game, in canonical order (R-WIN-3)."""
    if spec.blocked_by_exchanger:
        return tuple(sorted((*spec.blockers, exchanger)))
    return spec.blockers


def blocking_characters(action: ActionMove, exchanger: Character) -> tuple[Character, ...]:
    """The characters that block ``action`` in this game, in canonical order (R-WIN-3)."""
    return blockers_of(SPECS[type(action)], exchanger)


def cost_of(action: ActionMove) -> int:
    """The coins ``action`` costs on declaring (R-ACT-9, R-REF-7)."""
    spec = SPECS[type(action)]
    if spec.self_cost is not None and getattr(action, "target", None) == action.player:
        return spec.self_cost
    return spec.cost
