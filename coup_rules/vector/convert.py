"""One row of the kernel's array to and from the engine's ``GameState`` (exact both ways).

A row holds the position and what the observation needs of the past (standing claims, and the
cards each seat knows the place of), not the log itself: ``to_state`` gives the position with an
empty log, and ``set_state`` reads a state's log to rebuild those fields, so that the row's
observations are those of the engine's views of that state.
"""

from __future__ import annotations

import enum
import operator
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np

from coup_rules.actions import ACTIONS, Aim
from coup_rules.ai.claims import claim_record
from coup_rules.bots.counting import read
from coup_rules.cards import RANK, Character
from coup_rules.decisions import Decision, Pending, Stage
from coup_rules.determinize import CardTracker
from coup_rules.log import EMPTY_LOG
from coup_rules.moves import ActionMove, Block
from coup_rules.state import GameState, PlayerState
from coup_rules.validate import validate_state
from coup_rules.vector import fields as f
from coup_rules.vector.layout import CHARACTERS, SIDES, Layout
from coup_rules.vector.rows import record_blank, seed_fields
from coup_rules.views import redact, view

__all__ = [
    "PENDING_CLASSES",
    "Encoding",
    "PendingField",
    "pending_fields",
    "pending_table",
    "read_pending",
    "read_row",
    "row_of",
    "write_pending",
    "write_row",
]

PENDING_CLASSES: tuple[type, ...] = typing.get_args(Pending)
"""Every class of pending decision (``coup_rules.decisions.Pending``)."""

_ACTION_CLASSES = frozenset(spec.move for spec in ACTIONS)


class Encoding(enum.Enum):
    """How a field of a pending decision is held in its row slots (``fields.PENDING_SLOTS``)."""

    SEATS = "a set of seats (tuple[int, ...]): a bit mask in the first slot"
    ACTION = "an action: its kind (fields.MOVE_KIND), its player and its target (-1: none)"
    CLAIM = "the action's claim (Character | None), read from P by the action in the slot"
    BLOCK = "a Block: its player and the rank of its character"
    OPTIONAL_BLOCK = "a Block | None: as BLOCK, then 1 in the third slot when there is one"
    STAGE = "a Stage: fields.STAGE_CODE"
    NUMBER = "an int (a seat, a count): as it is"


_SLOTS_NEEDED = {
    Encoding.SEATS: 1,
    Encoding.ACTION: 3,
    Encoding.CLAIM: 1,
    Encoding.BLOCK: 2,
    Encoding.OPTIONAL_BLOCK: 3,
    Encoding.STAGE: 1,
    Encoding.NUMBER: 1,
}


@attrs.frozen
class PendingField:
    """One field of a kind of pending decision: its row slots and its encoding.

    ``stored`` fields are the class's attrs fields, read back into it; the others are its
    properties named in ``fields.PENDING_SLOTS``, written only.
    """

    name: str
    encoding: Encoding
    slots: tuple[int, ...]
    stored: bool
    get: Callable[[Any], Any]


def _encoding(name: str, hint: object, where: str) -> Encoding:
    """The encoding of a field of type ``hint`` (``where`` names it in the error)."""
    if hint == tuple[int, ...]:
        return Encoding.SEATS
    if hint is int:
        return Encoding.NUMBER
    if hint is Stage:
        return Encoding.STAGE
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    members = set(typing.get_args(hint)) if union else {hint}
    optional = type(None) in members
    members.discard(type(None))
    if members == {Block}:
        return Encoding.OPTIONAL_BLOCK if optional else Encoding.BLOCK
    if members == {Character} and name == "claim":
        return Encoding.CLAIM
    if members and members <= _ACTION_CLASSES and not optional:
        return Encoding.ACTION
    raise TypeError(
        f"{where}: coup_rules/vector/convert.py has no encoding for a field of type {hint!r}"
        " (add one to Encoding, _encoding, _write_field and _read_field)"
    )


def _field(
    cls: type, name: str, hint: object, stored: bool, get: Callable[[Any], Any]
) -> PendingField:
    where = f"{cls.__name__}.{name}"
    slots = f.PENDING_SLOTS.get(name)
    if slots is None:
        raise TypeError(
            f"{where} has no slots in the vector row: give {name!r} its row fields in"
            " coup_rules/vector/fields.py, PENDING_SLOTS"
        )
    encoding = _encoding(name, hint, where)
    if len(slots) < _SLOTS_NEEDED[encoding]:
        raise TypeError(f"{where}: {encoding.name} needs {_SLOTS_NEEDED[encoding]} row slots")
    return PendingField(name, encoding, slots, stored, get)


def pending_fields(cls: type) -> tuple[PendingField, ...]:
    """The row fields of a ``Pending`` class: its attrs fields, then its properties that
    ``fields.PENDING_SLOTS`` names."""
    hints = typing.get_type_hints(cls)
    stored = [
        _field(cls, a.name, hints[a.name], True, operator.attrgetter(a.name))
        for a in attrs.fields(cls)
    ]
    written = [
        _field(cls, name, typing.get_type_hints(prop.fget)["return"], False, prop.fget)
        for name, prop in vars(cls).items()
        if isinstance(prop, property) and prop.fget is not None and name in f.PENDING_SLOTS
    ]
    return (*stored, *written)


def pending_table() -> dict[Decision, tuple[PendingField, ...]]:
    """The row fields of every kind of pending decision, derived from the ``Pending`` classes'
    fields and ``fields.PENDING_SLOTS`` (``TypeError`` naming a field the row cannot hold)."""
    return {cls.kind: pending_fields(cls) for cls in PENDING_CLASSES}  # type: ignore[attr-defined]


_TABLE = pending_table()
_CLASS_OF_PHASE: dict[int, type] = {
    f.PHASE_OF[cls.kind]: cls  # type: ignore[attr-defined]
    for cls in PENDING_CLASSES
}
_STAGE_OF = {code: stage for stage, code in f.STAGE_CODE.items()}


def _cards(counts: np.ndarray) -> tuple[Character, ...]:
    return tuple(c for c in CHARACTERS for _ in range(int(counts[RANK[c]])))


def _seats(mask: int, players: int) -> tuple[int, ...]:
    return tuple(s for s in range(players) if (mask >> s) & 1)


def _action(row: np.ndarray, slots: tuple[int, ...]) -> ActionMove:
    kind, actor, target = (int(row[i]) for i in slots[:3])
    spec = ACTIONS[kind]
    if spec.aim is Aim.NONE:
        return spec.move(actor)  # type: ignore[call-arg]
    return spec.move(actor, target)  # type: ignore[call-arg]


def _read_field(row: np.ndarray, field: PendingField, layout: Layout) -> object:
    """The value of ``field`` held in ``row``."""
    at = field.slots
    match field.encoding:
        case Encoding.SEATS:
            return _seats(int(row[at[0]]), layout.config.players)
        case Encoding.ACTION:
            return _action(row, at)
        case Encoding.CLAIM:
            rank = int(layout.P[f.P_CLAIM + int(row[at[0]])])
            return CHARACTERS[rank] if rank >= 0 else None
        case Encoding.BLOCK | Encoding.OPTIONAL_BLOCK:
            held = row[at[0]] >= 0 and (field.encoding is Encoding.BLOCK or bool(row[at[2]]))
            return Block(int(row[at[0]]), CHARACTERS[int(row[at[1]])]) if held else None
        case Encoding.STAGE:
            return _STAGE_OF[int(row[at[0]])]
        case Encoding.NUMBER:
            return int(row[at[0]])
        case _:
            typing.assert_never(field.encoding)


def _write_field(row: np.ndarray, field: PendingField, value: Any) -> None:
    """Write ``value`` of ``field`` into ``row``."""
    at = field.slots
    match field.encoding:
        case Encoding.SEATS:
            row[at[0]] = sum(1 << s for s in value)
        case Encoding.ACTION:
            row[at[0]] = f.MOVE_KIND[type(value)]
            row[at[1]] = value.player
            row[at[2]] = getattr(value, "target", -1)
        case Encoding.CLAIM:
            pass  # the action's claim: written with the action
        case Encoding.BLOCK | Encoding.OPTIONAL_BLOCK:
            if value is not None:
                row[at[0]] = value.player
                row[at[1]] = RANK[value.character]
            if field.encoding is Encoding.OPTIONAL_BLOCK:
                row[at[2]] = value is not None
        case Encoding.STAGE:
            row[at[0]] = f.STAGE_CODE[value]
        case Encoding.NUMBER:
            row[at[0]] = value
        case _:
            typing.assert_never(field.encoding)


def read_pending(row: np.ndarray, layout: Layout) -> Pending | None:
    """The pending decision held in ``row`` (``None`` once the game is over)."""
    phase = int(row[f.PHASE])
    if phase == f.D_NONE:
        return None
    cls = _CLASS_OF_PHASE[phase]
    values = {
        field.name: _read_field(row, field, layout)
        for field in _TABLE[cls.kind]  # type: ignore[attr-defined]
        if field.stored
    }
    pending: Pending = cls(**values)
    return pending


def write_pending(row: Any, pending: Any) -> None:
    """Write a pending decision's fields into ``row`` (a NumPy row or any sequence of ints).

    ``pending`` is a ``Pending`` or anything with its ``kind`` and its fields (the engine's
    records, ``coup_rules.records``); the row's other fields are left as they are.
    """
    row[f.PHASE] = f.PHASE_OF[pending.kind]
    for field in _TABLE[pending.kind]:
        _write_field(row, field, field.get(pending))


def read_row(row: np.ndarray, layout: Layout) -> GameState:
    """The position of ``row`` as an engine state (empty log; seed: the row's random counter)."""
    config = layout.config
    players = []
    for seat in range(config.players):
        at = f.SEATS + seat * f.SEAT_FIELDS
        side = int(row[at + f.S_ALLEG])
        revealed = tuple(
            CHARACTERS[int(r)] for r in row[at + f.S_REV : at + f.S_REV + int(row[at + f.S_NREV])]
        )
        players.append(
            PlayerState(
                seat=seat,
                coins=int(row[at + f.S_COINS]),
                hand=_cards(row[at + f.S_HAND : at + f.S_HAND + f.NCH]),
                revealed=revealed,
                allegiance=SIDES[side] if side >= 0 else None,
            )
        )
    rng = (int(row[f.RNG_LO]) & 0xFFFFFFFF) | ((int(row[f.RNG_HI]) & 0xFFFFFFFF) << 32)
    winner = int(row[f.WINNER])
    shown = int(row[f.SHOWN])
    return GameState(
        config=config,
        players=tuple(players),
        treasury=int(row[f.TREASURY]),
        reserve=int(row[f.RESERVE]),
        court=_cards(row[f.COURT : f.COURT + f.NCH]),
        aside=_cards(row[f.ASIDE : f.ASIDE + f.NCH]),
        active=int(row[f.ACTIVE]),
        turn=int(row[f.TURN]),
        winner=winner if winner >= 0 else None,
        pending=read_pending(row, layout),
        log=EMPTY_LOG,
        seed=rng,
        draws=0,
        shown=CHARACTERS[shown] if shown >= 0 else None,
    )


ROW_MAX = 2**31 - 2
"""The largest count a row holds (its fields are int32, and a turn counter must be able to go
one further)."""


def row_of(state: GameState, layout: Layout) -> np.ndarray:
    """A fresh row (int32[fields]) holding ``state``, checked first: ``VectorEnv.set_state``
    writes it into its lane only once it is whole, so a refused state leaves the lane as it was.

    Raises:
        ValueError: ``state`` is of another configuration, breaks an invariant of
            ``coup_rules.validate.validate_state`` (the message names the field), or holds a
            count the row cannot (a turn past ``ROW_MAX``).
    """
    if state.config != layout.config:
        raise ValueError("the state is of another configuration than the vector env's")
    try:
        validate_state(state)
    except ValueError as error:
        raise ValueError(f"the state is not one a game can reach: {error}") from None
    if state.turn > ROW_MAX:
        raise ValueError(
            f"turn must be at most {ROW_MAX} in the vector engine (its rows hold 32-bit "
            f"counters), not {state.turn}"
        )
    row = np.zeros(int(layout.P[f.P_FIELDS]), np.int32)
    try:
        write_row(row, state, layout)
    except OverflowError as error:  # a count that passed the checks above and does not fit
        raise ValueError(f"the state does not fit the vector engine's row: {error}") from None
    return row


def write_row(row: np.ndarray, state: GameState, layout: Layout) -> None:
    """Set ``row`` to ``state``'s position, its claims and knowledge rebuilt from the log."""
    config = layout.config
    if state.config != config:
        raise ValueError("the state is of another configuration than the vector env's")
    row[:] = 0
    row[f.RNG_LO], row[f.RNG_HI] = seed_fields(state.seed)
    row[f.WINNER] = -1 if state.winner is None else state.winner
    row[f.ACTIVE] = state.active
    row[f.TURN] = state.turn
    row[f.TREASURY] = state.treasury
    row[f.RESERVE] = state.reserve
    row[f.SHOWN] = -1 if state.shown is None else RANK[state.shown]
    for field in (f.ACTION, f.ACTOR, f.TARGET, f.BLOCKER, f.BLOCKCH, f.CHALLENGER, f.LOSING):
        row[field] = -1
    for c in state.court:
        row[f.COURT + RANK[c]] += 1
    row[f.COURTN] = len(state.court)
    for c in state.aside:
        row[f.ASIDE + RANK[c]] += 1
    row[f.ASIDEN] = len(state.aside)
    living = 0
    for p in state.players:
        at = f.SEATS + p.seat * f.SEAT_FIELDS
        row[at + f.S_COINS] = p.coins
        for c in p.hand:
            row[at + f.S_HAND + RANK[c]] += 1
        row[at + f.S_NHAND] = len(p.hand)
        row[at + f.S_REV : at + f.S_REV + 2] = -1
        for i, c in enumerate(p.revealed):
            row[at + f.S_REV + i] = RANK[c]
        row[at + f.S_NREV] = len(p.revealed)
        row[at + f.S_ALLEG] = -1 if p.allegiance is None else SIDES.index(p.allegiance)
        row[at + f.S_LAST] = -1
        if p.hand:
            living |= 1 << p.seat
    row[f.LIVING] = living
    record_blank(row)
    if state.pending is not None:
        write_pending(row, state.pending)
    if layout.P[f.P_TRACK]:
        _write_knowledge(row, state, layout)
        _write_record(row, state)


def _write_knowledge(row: np.ndarray, state: GameState, layout: Layout) -> None:
    """Claims and the cards each seat knows the place of, from the log (as the views read it)."""
    config = layout.config
    claims, last = claim_record(state.log, config.exchanger)
    for seat in range(config.players):
        at = f.SEATS + seat * f.SEAT_FIELDS
        row[at + f.S_CLAIMS] = sum(1 << RANK[c] for c in claims.get(seat, ()))
        claim = last.get(seat)
        row[at + f.S_LAST] = -1 if claim is None else RANK[claim]
    n = config.players
    for viewer in range(n):
        tracker = CardTracker(config, viewer)
        for event in state.log:
            tracker.feed(redact(event, viewer))
        places = tracker.places(None, None)  # what the log tells; the row holds the rest
        for place in range(n + 1):  # each seat's hand, then the Court
            slot = f.KNOW + (viewer * (n + 1) + place) * f.NCH
            for c, count in places[place].items():
                row[slot + RANK[c]] = count


def _write_record(row: np.ndarray, state: GameState) -> None:
    """The bots' record of every seat, as ``CountingBot`` reads it from each seat's view."""
    for viewer in range(state.config.players):
        reading = read(view(state, viewer))
        at = f.SEATS + viewer * f.SEAT_FIELDS
        row[at + f.S_PROVED] = reading.proved[viewer]
        row[at + f.S_CONCEDED] = reading.conceded[viewer]
        row[at + f.S_CHALLENGES] = reading.challenges[viewer]
        row[at + f.S_PASSES] = reading.passes[viewer]
        row[at + f.S_AID_BLOCKS] = reading.aid_blocks[viewer]
        row[at + f.S_AID_PASSES] = reading.aid_passes[viewer]
        row[at + f.S_RCLAIMS] = sum(1 << RANK[c] for c in reading.claims[viewer])
        last = reading.last_claims.get(viewer)
        row[at + f.S_RLAST] = -1 if last is None else RANK[last]
        row[at + f.S_DRAFTED] = -1 if reading.drafted is None else RANK[reading.drafted]
        for seat, card in reading.known.items():
            row[at + f.S_SEEN + seat] = RANK[card]
