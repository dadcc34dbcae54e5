"""The engine's decision records: one small class per kind of decision, cheap to build.

The parts between ``# <generated: ...>`` and ``# </generated>`` are written by
``scripts/generate_records.py`` from ``decisions.py``, the only hand-written description of a
decision: change ``decisions.py`` and run ``python scripts/generate_records.py --write`` (a test
fails while this file is stale).

``GameState.core.pending`` holds one of these, never a public decision: building a frozen attrs
object costs several times as much, and an engine loop that never reads ``state.pending`` should
not pay for it. ``GameState.pending`` turns the record into its public twin of ``decisions.py``
on first read (``public_decision``), and ``GameState(pending=...)`` turns a public decision back
into a record (``decision_record``).

Each record has exactly its public twin's fields, in the same order, and the same ``kind``.
Records are built positionally: no two neighbouring fields share a type, so ``mypy`` rejects a
call that swaps them. Two records are equal when they are of the same class with equal fields,
and hash alike. They are plain slotted classes so that the compiled build
(``COUP_RULES_COMPILE=1``) turns them into native classes, built and read in C; nothing writes to
a record once it is built (the engine makes a new one), and code outside the engine should read
the public ``state.pending`` instead.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeAlias, final

import attrs

# <generated: imports> by scripts/generate_records.py from decisions.py; do not edit
from coup_rules import decisions
from coup_rules.cards import Character
from coup_rules.decisions import Decision, Pending, Stage
from coup_rules.moves import ActionMove, Block, Examine, Exchange

# </generated>

# <generated: exports>
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
    "decision_record",
    "public_decision",
]
# </generated>


class _Record:
    """What every record has: equality and hashing by class and values, immutability by use."""

    __slots__ = ()
    fields: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple[object, ...]:
        """The fields' values in the order of ``fields`` (equality, hashing, the public twin)."""
        return tuple([getattr(self, name) for name in self.fields])

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(self.fields, self.values(), strict=True))
        return f"{type(self).__name__}({shown})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.values() == other.values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.values()))

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # Rebuilt from its values: the compiled build's native classes cannot be unpickled by
        # the default protocol, which calls the class without arguments.
        return (type(self), self.values())

    def __copy__(self) -> _Record:
        return self

    def __deepcopy__(self, memo: object) -> _Record:
        return self


# <generated: records>
@final
class AllegianceChoice(_Record):
    """See ``decisions.AllegianceChoice``."""

    __slots__ = ("waiting",)
    kind: ClassVar[Decision] = Decision.CHOOSE_ALLEGIANCE
    fields: ClassVar[tuple[str, ...]] = ("waiting",)

    def __init__(self, waiting: tuple[int, ...]) -> None:
        self.waiting = waiting


@final
class DraftChoice(_Record):
    """See ``decisions.DraftChoice``."""

    __slots__ = ("waiting",)
    kind: ClassVar[Decision] = Decision.DRAFT
    fields: ClassVar[tuple[str, ...]] = ("waiting",)

    def __init__(self, waiting: tuple[int, ...]) -> None:
        self.waiting = waiting


@final
class ActionChoice(_Record):
    """See ``decisions.ActionChoice``."""

    __slots__ = ("waiting",)
    kind: ClassVar[Decision] = Decision.ACTION
    fields: ClassVar[tuple[str, ...]] = ("waiting",)

    def __init__(self, waiting: tuple[int, ...]) -> None:
        self.waiting = waiting


@final
class ChallengeActionWindow(_Record):
    """See ``decisions.ChallengeActionWindow``."""

    __slots__ = ("action", "claim", "waiting")
    kind: ClassVar[Decision] = Decision.CHALLENGE_ACTION
    fields: ClassVar[tuple[str, ...]] = ("waiting", "action", "claim")

    def __init__(
        self,
        waiting: tuple[int, ...],
        action: ActionMove,
        claim: Character | None,
    ) -> None:
        self.waiting = waiting
        self.action = action
        self.claim = claim


@final
class CounterWindow(_Record):
    """See ``decisions.CounterWindow``."""

    __slots__ = ("action", "claim", "waiting")
    kind: ClassVar[Decision] = Decision.COUNTER
    fields: ClassVar[tuple[str, ...]] = ("waiting", "action", "claim")

    def __init__(
        self,
        waiting: tuple[int, ...],
        action: ActionMove,
        claim: Character | None,
    ) -> None:
        self.waiting = waiting
        self.action = action
        self.claim = claim


@final
class ChallengeBlockWindow(_Record):
    """See ``decisions.ChallengeBlockWindow``."""

    __slots__ = ("action", "block", "claim", "waiting")
    kind: ClassVar[Decision] = Decision.CHALLENGE_BLOCK
    fields: ClassVar[tuple[str, ...]] = ("waiting", "action", "claim", "block")

    def __init__(
        self,
        waiting: tuple[int, ...],
        action: ActionMove,
        claim: Character | None,
        block: Block,
    ) -> None:
        self.waiting = waiting
        self.action = action
        self.claim = claim
        self.block = block


@final
class ActionChallengeAnswer(_Record):
    """See ``decisions.ActionChallengeAnswer``."""

    __slots__ = ("action", "challenger", "claim", "waiting")
    kind: ClassVar[Decision] = Decision.ANSWER_ACTION_CHALLENGE
    fields: ClassVar[tuple[str, ...]] = ("waiting", "action", "claim", "challenger")

    def __init__(
        self,
        waiting: tuple[int, ...],
        action: ActionMove,
        claim: Character | None,
        challenger: int,
    ) -> None:
        self.waiting = waiting
        self.action = action
        self.claim = claim
        self.challenger = challenger


@final
class BlockChallengeAnswer(_Record):
    """See ``decisions.BlockChallengeAnswer``."""

    __slots__ = ("action", "block", "challenger", "claim", "waiting")
    kind: ClassVar[Decision] = Decision.ANSWER_BLOCK_CHALLENGE
    fields: ClassVar[tuple[str, ...]] = ("waiting", "action", "claim", "block", "challenger")

    def __init__(
        self,
        waiting: tuple[int, ...],
        action: ActionMove,
        claim: Character | None,
        block: Block,
        challenger: int,
    ) -> None:
        self.waiting = waiting
        self.action = action
        self.claim = claim
        self.block = block
        self.challenger = challenger


@final
class InfluenceChoice(_Record):
    """See ``decisions.InfluenceChoice``."""

    __slots__ = ("action", "block", "claim", "resume", "waiting")
    kind: ClassVar[Decision] = Decision.LOSE_INFLUENCE
    fields: ClassVar[tuple[str, ...]] = ("waiting", "action", "claim", "block", "resume")

    def __init__(
        self,
        waiting: tuple[int, ...],
        action: ActionMove,
        claim: Character | None,
        block: Block | None,
        resume: Stage,
    ) -> None:
        self.waiting = waiting
        self.action = action
        self.claim = claim
        self.block = block
        self.resume = resume


@final
class KeepChoice(_Record):
    """See ``decisions.KeepChoice``."""

    __slots__ = ("action", "claim", "keep", "waiting")
    kind: ClassVar[Decision] = Decision.KEEP
    fields: ClassVar[tuple[str, ...]] = ("waiting", "action", "claim", "keep")

    def __init__(
        self,
        waiting: tuple[int, ...],
        action: Exchange,
        claim: Character,
        keep: int,
    ) -> None:
        self.waiting = waiting
        self.action = action
        self.claim = claim
        self.keep = keep


@final
class ShowChoice(_Record):
    """See ``decisions.ShowChoice``."""

    __slots__ = ("action", "waiting")
    kind: ClassVar[Decision] = Decision.SHOW
    fields: ClassVar[tuple[str, ...]] = ("waiting", "action")

    def __init__(self, waiting: tuple[int, ...], action: Examine) -> None:
        self.waiting = waiting
        self.action = action


@final
class InquisitorChoice(_Record):
    """See ``decisions.InquisitorChoice``."""

    __slots__ = ("action", "waiting")
    kind: ClassVar[Decision] = Decision.INQUISITOR_CHOICE
    fields: ClassVar[tuple[str, ...]] = ("waiting", "action")

    def __init__(self, waiting: tuple[int, ...], action: Examine) -> None:
        self.waiting = waiting
        self.action = action


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
# </generated>

_PUBLIC: dict[type, type[Pending]] = dict(_TWINS)
_RECORD: dict[type, type[Record]] = {pub: rec for rec, pub in _TWINS}
_NAMES: dict[type, tuple[str, ...]] = {
    pub: tuple(f.name for f in attrs.fields(pub)) for _, pub in _TWINS
}


def _check_twins() -> None:
    """Every record mirrors its public twin field for field, and has its kind. (A public
    decision without a record fails tests/test_records.py; refusing it here would stop the
    generator, which imports this package, from writing it.)"""
    for rec, pub in _TWINS:
        if rec.fields != _NAMES[pub] or rec.fields[0] != "waiting":
            raise TypeError(f"{rec.__name__} does not mirror decisions.{pub.__name__}")
        if rec.kind is not pub.kind:
            raise TypeError(f"{rec.__name__}.kind is not decisions.{pub.__name__}.kind")


_check_twins()


def public_decision(rec: Record) -> Pending:
    """The public decision ``rec`` stands for."""
    values: list[Any] = list(rec.values())
    return _PUBLIC[type(rec)](*values)


def decision_record(pending: Pending) -> Record:
    """The record of a public decision (e.g. one decoded from JSON)."""
    cls = type(pending)
    rec = _RECORD.get(cls)
    if rec is None:
        raise TypeError(f"pending must be a decision of Pending or None, not {cls.__name__}")
    return rec(*[getattr(pending, name) for name in _NAMES[cls]])
