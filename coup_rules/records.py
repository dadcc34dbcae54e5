"""The engine's decision records: one named tuple per kind of decision, built in a few hundred ns.

``GameState.core.pending`` holds one of these, never a public decision: building a frozen attrs
object costs three to five times as much as a named tuple, and an engine loop that never reads
``state.pending`` should not pay for it. ``GameState.pending`` turns the record into its public
twin of ``decisions.py`` on first read (``public``), and ``GameState(pending=...)`` turns a public
decision back into a record (``record``).

Each record has exactly its public twin's fields, in the same order (checked below, at import),
plus a last field ``kind`` that only tells records with equal fields apart (a challenge window and
a counter window on the same action are different positions). Records are built positionally:
their fields have distinct types, so ``mypy`` rejects any call that puts them out of order.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

import attrs

from coup_rules import decisions
from coup_rules.cards import Character
from coup_rules.decisions import Decision, Pending, Stage
from coup_rules.moves import ActionMove, Block, Examine, Exchange

__all__ = [
    "ActionChallengeAnswer",
    "ActionChoice",
    "AllegianceChoice",
    "BlockChallengeAnswer",
    "ChallengeActionWindow",
    "ChallengeBlockWindow",
    "CounterWindow",
    "DraftChoice",
    "InfluenceChoice",
    "InquisitorChoice",
    "KeepChoice",
    "Record",
    "ShowChoice",
    "public",
    "record",
]


class AllegianceChoice(NamedTuple):
    """See ``decisions.AllegianceChoice``."""

    waiting: tuple[int, ...]
    kind: Decision = Decision.CHOOSE_ALLEGIANCE


class DraftChoice(NamedTuple):
    """See ``decisions.DraftChoice``."""

    waiting: tuple[int, ...]
    kind: Decision = Decision.DRAFT


class ActionChoice(NamedTuple):
    """See ``decisions.ActionChoice``."""

    waiting: tuple[int, ...]
    kind: Decision = Decision.ACTION


class ChallengeActionWindow(NamedTuple):
    """See ``decisions.ChallengeActionWindow``."""

    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    kind: Decision = Decision.CHALLENGE_ACTION


class CounterWindow(NamedTuple):
    """See ``decisions.CounterWindow``."""

    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    kind: Decision = Decision.COUNTER


class ChallengeBlockWindow(NamedTuple):
    """See ``decisions.ChallengeBlockWindow``."""

    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    block: Block
    kind: Decision = Decision.CHALLENGE_BLOCK


class ActionChallengeAnswer(NamedTuple):
    """See ``decisions.ActionChallengeAnswer``."""

    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    challenger: int
    kind: Decision = Decision.ANSWER_ACTION_CHALLENGE


class BlockChallengeAnswer(NamedTuple):
    """See ``decisions.BlockChallengeAnswer``."""

    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    block: Block
    challenger: int
    kind: Decision = Decision.ANSWER_BLOCK_CHALLENGE


class InfluenceChoice(NamedTuple):
    """See ``decisions.InfluenceChoice``."""

    waiting: tuple[int, ...]
    action: ActionMove
    claim: Character | None
    block: Block | None
    resume: Stage
    kind: Decision = Decision.LOSE_INFLUENCE


class KeepChoice(NamedTuple):
    """See ``decisions.KeepChoice``."""

    waiting: tuple[int, ...]
    action: Exchange
    claim: Character
    keep: int
    kind: Decision = Decision.KEEP


class ShowChoice(NamedTuple):
    """See ``decisions.ShowChoice``."""

    waiting: tuple[int, ...]
    action: Examine
    kind: Decision = Decision.SHOW


class InquisitorChoice(NamedTuple):
    """See ``decisions.InquisitorChoice``."""

    waiting: tuple[int, ...]
    action: Examine
    kind: Decision = Decision.INQUISITOR_CHOICE


Record: TypeAlias = (
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
"""The decision a core waits on, as the engine holds it."""

_TWINS: tuple[tuple[type[Record], type[Pending]], ...] = (
    (AllegianceChoice, decisions.AllegianceChoice),
    (DraftChoice, decisions.DraftChoice),
    (ActionChoice, decisions.ActionChoice),
    (ChallengeActionWindow, decisions.ChallengeActionWindow),
    (CounterWindow, decisions.CounterWindow),
    (ChallengeBlockWindow, decisions.ChallengeBlockWindow),
    (ActionChallengeAnswer, decisions.ActionChallengeAnswer),
    (BlockChallengeAnswer, decisions.BlockChallengeAnswer),
    (InfluenceChoice, decisions.InfluenceChoice),
    (KeepChoice, decisions.KeepChoice),
    (ShowChoice, decisions.ShowChoice),
    (InquisitorChoice, decisions.InquisitorChoice),
)
_PUBLIC: dict[type, type[Pending]] = dict(_TWINS)
_RECORD: dict[type, type[Record]] = {pub: rec for rec, pub in _TWINS}
_NAMES: dict[type, tuple[str, ...]] = {
    pub: tuple(f.name for f in attrs.fields(pub)) for _, pub in _TWINS
}


def _check_twins() -> None:
    """Every record mirrors its public twin field for field, and ends with its kind."""
    for rec, pub in _TWINS:
        fields = rec._fields
        if fields[:-1] != _NAMES[pub] or fields[-1] != "kind" or fields[0] != "waiting":
            raise TypeError(f"{rec.__name__} does not mirror decisions.{pub.__name__}")
        if rec._field_defaults["kind"] is not pub.kind:
            raise TypeError(f"{rec.__name__}.kind is not decisions.{pub.__name__}.kind")


_check_twins()


def public(rec: Record) -> Pending:
    """The public decision ``rec`` stands for."""
    return _PUBLIC[type(rec)](*rec[:-1])


def record(pending: Pending) -> Record:
    """The record of a public decision (e.g. one decoded from JSON)."""
    cls = type(pending)
    return _RECORD[cls](*[getattr(pending, name) for name in _NAMES[cls]])
