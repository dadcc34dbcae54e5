"""The observation declared once: a list of named pieces, from which every form is derived.

A piece is one fact a seat may know (a seat's coins, the cards it has turned face up, the kind of
decision waited on), with its name, what it is counted over (``Axis``: nothing, the seats, the
characters, the kinds of decision, the actions) and the largest value it takes. Read from this
one list:

- ``ObservationEncoder`` (``coup_rules.ai.encoding``): the names and bounds of its components,
  in order (``components``): ``HEAD``, then ``SEAT`` for each seat in turn, then ``TABLE``; a
  piece over the characters has one component per character of the game's deck;
- the vector kernel's observation slots (``coup_rules.vector.fields``'s ``O_...`` numbers, which
  numba reads as compile-time constants, and ``OB``, the place of each slot in the vector, built
  by ``coup_rules.vector.layout``): every piece takes room for the most seats and every
  character (``kernel_slots``), so one compiled kernel serves every configuration;
- the JAX observer (``coup_rules.jax.observe``), which fills the kernel's slots and places them
  by ``OB``.

The order of the components is what trained agents read by index: ``tests/golden/
observations.json`` pins it (``tests/test_observation_golden.py``). A new piece goes at the end
of its list; its value is written by ``Filler`` (``coup_rules.ai.filling``), by
``vector/batch.observe_row`` and by ``jax/observe.py``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

import attrs

from coup_rules.actions import ACTIONS
from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.constants import MAX_PLAYERS
from coup_rules.decisions import Decision

__all__ = [
    "HEAD",
    "PIECES",
    "SEAT",
    "TABLE",
    "Axis",
    "Component",
    "Piece",
    "Scale",
    "components",
    "kernel_places",
    "kernel_slots",
]


class Axis(enum.Enum):
    """What a piece is counted over: one component for each of these."""

    ONE = "one"
    """A single number."""
    SEAT = "seat"
    """Each seat (``p0`` ...)."""
    CHARACTER = "character"
    """Each character of the game's deck, in canonical order."""
    DECISION = "decision"
    """Each kind of decision, in the order of ``Decision``."""
    ACTION = "action"
    """Each action, in the order of the action table (``ACTIONS``)."""


class Scale(enum.Enum):
    """A bound that depends on the configuration (``Piece.high``)."""

    COINS = "coins"
    """The whole bank of coins (``Config.coins``)."""
    COPIES = "copies"
    """The copies of each character (``Config.copies_per_character``)."""
    KNOWN = "known"
    """The copies of a character one place may be known to hold: at least 4 (a hand and the
    cards drawn into it), at most the copies."""
    DECK = "deck"
    """The cards in the deck."""
    TURNS = "turns"
    """The turn cap of the encoder (``ObservationEncoder.turn_cap``)."""


@attrs.frozen
class Piece:
    """One named piece of the observation.

    Attributes:
        slot: its name in the kernel (``fields.O_<slot>``).
        label: the name of its components: ``{}`` stands for the seat (``p0``), the character
            (``duke``), the decision (``challenge_action``) or the action (``steal``); a piece
            of ``SEAT`` is named after ``p<seat>.`` besides.
        axis: what it is counted over.
        high: its largest value (the smallest is 0).
        about: what it encodes.
    """

    slot: str
    label: str
    axis: Axis
    high: int | Scale
    about: str


HEAD: tuple[Piece, ...] = (
    Piece("ME", "me={}", Axis.SEAT, 1, "the viewer's seat (none for a spectator)"),
)
"""The pieces before the seats."""

SEAT: tuple[Piece, ...] = (
    Piece("COINS", "coins", Axis.ONE, Scale.COINS, "the seat's coins"),
    Piece("HIDDEN", "hidden", Axis.ONE, 4, "its face-down cards"),
    Piece("ALIVE", "alive", Axis.ONE, 1, "whether it still has influence"),
    Piece("REV", "revealed.{}", Axis.CHARACTER, 2, "its face-up cards of each character"),
    Piece("LOYALIST", "loyalist", Axis.ONE, 1, "whether it is a Loyalist (Reformation)"),
    Piece("REFORMIST", "reformist", Axis.ONE, 1, "whether it is a Reformist (Reformation)"),
    Piece("CLAIMS", "claims.{}", Axis.CHARACTER, 1, "its standing claims (public)"),
    Piece("KNOWN", "known.{}", Axis.CHARACTER, Scale.KNOWN, "its cards the viewer knows of"),
)
"""The pieces of each seat, seat after seat (``p<seat>.<label>``)."""

TABLE: tuple[Piece, ...] = (
    Piece("COURT_KNOWN", "court.known.{}", Axis.CHARACTER, Scale.COPIES, "the Court's known"),
    Piece("TREASURY", "treasury", Axis.ONE, Scale.COINS, "coins in the Treasury"),
    Piece("RESERVE", "reserve", Axis.ONE, Scale.COINS, "coins on the Reserve (Reformation)"),
    Piece("COURT_SIZE", "court_size", Axis.ONE, Scale.DECK, "cards in the Court"),
    Piece("SET_ASIDE", "set_aside", Axis.ONE, Scale.DECK, "cards set aside"),
    Piece("TURN", "turn", Axis.ONE, Scale.TURNS, "the turn number, capped"),
    Piece("ACTIVE", "active={}", Axis.SEAT, 1, "the seat whose turn it is"),
    Piece("TO_ACT", "to_act.{}", Axis.SEAT, 1, "the seats waited on"),
    Piece("PENDING", "pending={}", Axis.DECISION, 1, "the kind of decision waited on"),
    Piece("ACTION", "action={}", Axis.ACTION, 1, "the action at stake"),
    Piece("ACTOR", "actor={}", Axis.SEAT, 1, "who declared it"),
    Piece("TARGET", "target={}", Axis.SEAT, 1, "its target"),
    Piece("CLAIM", "claim={}", Axis.CHARACTER, 1, "the character it claims"),
    Piece("BLOCK", "block={}", Axis.CHARACTER, 1, "the character claimed by the block"),
    Piece("BLOCKER", "blocker={}", Axis.SEAT, 1, "who blocks"),
    Piece("CHALLENGER", "challenger={}", Axis.SEAT, 1, "who challenges (answer pending)"),
    Piece("LOSING", "losing={}", Axis.SEAT, 1, "who must turn a card face up"),
    Piece("KEEP", "keep", Axis.ONE, 2, "how many cards the exchanging seat keeps"),
    Piece("SHOWN", "shown={}", Axis.CHARACTER, 1, "the card shown to the viewer (Examine)"),
    Piece("WINNER", "winner={}", Axis.SEAT, 1, "the winner"),
)
"""The pieces after the seats."""

PIECES: tuple[Piece, ...] = HEAD + SEAT + TABLE
"""Every piece."""


def _values(axis: Axis, players: int, characters: tuple[Character, ...]) -> tuple[str, ...]:
    """The name of each component of a piece over ``axis``."""
    match axis:
        case Axis.ONE:
            return ("",)
        case Axis.SEAT:
            return tuple(f"p{s}" for s in range(players))
        case Axis.CHARACTER:
            return tuple(c.name.lower() for c in characters)
        case Axis.DECISION:
            return tuple(kind.value for kind in Decision)
        case Axis.ACTION:
            return tuple(spec.move.__name__.lower() for spec in ACTIONS)


def _bounds(config: Config, turn_cap: float) -> dict[Scale, float]:
    """The value of every ``Scale`` in a game of ``config``."""
    copies = config.copies_per_character
    bounds = {
        Scale.COINS: float(config.coins),
        Scale.COPIES: float(copies),
        Scale.KNOWN: float(max(4, copies)),
        Scale.DECK: float(len(config.deck)),
        Scale.TURNS: turn_cap,
    }
    if set(bounds) != set(Scale):
        raise AssertionError("a Scale without its bound")
    return bounds


class Component(NamedTuple):
    """One number of the vector: its name, its bound and its slot in the kernel."""

    name: str
    high: float
    slot: int


def components(config: Config, turn_cap: float) -> tuple[Component, ...]:
    """Every component of ``config``'s vector, in order: ``HEAD``, ``SEAT`` for each seat in
    turn, ``TABLE``."""
    values = {axis: _values(axis, config.players, config.characters) for axis in Axis}
    bounds = _bounds(config, turn_cap)
    out: list[Component] = []

    def add(piece: Piece, prefix: str, base: int) -> None:
        high = float(piece.high) if isinstance(piece.high, int) else bounds[piece.high]
        kernel = _KERNEL_INDEX[piece.axis]
        name = piece.label.format
        out.extend(
            [Component(prefix + name(v), high, base + kernel[v]) for v in values[piece.axis]]
        )

    for piece in HEAD:
        add(piece, "", _SLOTS[piece.slot])
    for s in range(config.players):
        for piece in SEAT:
            add(piece, f"p{s}.", _SLOTS[piece.slot] + s * len(_KERNEL_INDEX[piece.axis]))
    for piece in TABLE:
        add(piece, "", _SLOTS[piece.slot])
    return tuple(out)


def _kernel_slots() -> dict[str, int]:
    """The pieces in the order of the kernel's slots: as declared, but within the seat pieces
    the single numbers before those per character (the slot numbers numba has compiled in)."""
    seat = sorted(SEAT, key=lambda piece: piece.axis is not Axis.ONE)
    slots: dict[str, int] = {}
    at = 0
    for piece in (*HEAD, *seat, *TABLE):
        slots[piece.slot] = at
        seats = MAX_PLAYERS if any(piece is p for p in SEAT) else 1
        at += seats * len(_KERNEL_INDEX[piece.axis])
    slots["SIZE"] = at
    return slots


_KERNEL_INDEX: Mapping[Axis, Mapping[str, int]] = MappingProxyType(
    {
        axis: MappingProxyType(
            {v: i for i, v in enumerate(_values(axis, MAX_PLAYERS, tuple(Character)))}
        )
        for axis in Axis
    }
)
"""The kernel's index of each component of a piece over each axis: room for the most seats and
every character, so one compiled kernel serves every configuration."""

_SLOTS: Mapping[str, int] = MappingProxyType(_kernel_slots())


def kernel_slots() -> dict[str, int]:
    """Where each piece's slots start in the kernel's observation (``fields.O_<slot>``), and
    ``"SIZE"``: how many slots there are (``fields.OB_SIZE``)."""
    return dict(_SLOTS)


def kernel_places(config: Config) -> list[int]:
    """``OB`` of ``config``: for each of the kernel's slots, its place in the vector (-1:
    none)."""
    places = [-1] * _SLOTS["SIZE"]
    for place, component in enumerate(components(config, 1.0)):
        places[component.slot] = place
    return places
