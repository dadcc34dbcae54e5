"""Fixed encodings for learning environments: moves as integers, views as flat vectors.

Both depend only on the game's ``Config`` (not on the position), so a network's input and output
layers can be sized once per configuration. Pure Python: the PettingZoo and OpenSpiel adapters
wrap these lists in their own array types (``fill_array`` gives the vector as a float32
``array.array``, which NumPy reads without a copy; every component is a small whole number, exact
in float32).

**Moves** (``MoveCodec``). Index ``i`` stands for one move *of the seat that makes it*: decoding
takes the acting seat (``decode(i, player)``). The table lists, in the order of the API's move
table, every move any seat could make in this configuration: targets are absolute seat numbers
0 to ``players - 1`` (a seat never targets itself except by ``Convert``, and the mask says so),
characters in canonical order, ``Keep`` every multiset of 1 or 2 of the game's characters.
Moves of a variant not in play are left out (no ``Examine`` without the Inquisitor, no
``Convert`` outside Reformation, no ``Draft`` without the 2-player setup).

**Observations** (``ObservationEncoder``). A flat vector of numbers read from one seat's
``PlayerView`` only (declared once, as named pieces, in ``coup_rules.ai.layout``; see
``ObservationEncoder.names`` for every component): public facts, the viewer's own cards, the
cards it knows the place of (``coup_rules.determinize.known_cards``) and the claims every seat
has made (``coup_rules.ai.claims.standing_claims``, public). Since a view holds nothing its seat
may not know (R-INFO-2, R-INFO-3), neither does the vector.

**Who is asked** (``asked_first``). Environments that ask one seat at a time ask the seats of a
response window in turn, clockwise from the seat whose claim or action is at stake: after the
actor in the action's challenge window and in the counter window, after the blocker in the
block's challenge window. The first ``Challenge`` or ``Block`` ends the window (R-WIN-2,
R-WIN-3, R-WIN-5); an ``Allow`` passes the question on. The 2-player draft asks seat order.
"""

from __future__ import annotations

import typing
from array import array
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from itertools import combinations_with_replacement
from typing import NamedTuple

import attrs

from coup_rules.actions import ACTIONS, Aim, blockers_of, in_game
from coup_rules.ai.claims import standing_claims
from coup_rules.ai.filling import Filler
from coup_rules.ai.layout import components
from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.decisions import Decision, Pending, spec_of
from coup_rules.determinize import known_cards
from coup_rules.integers import as_in_range, as_seat
from coup_rules.moves import (
    ACTION_TYPES,
    Block,
    ChooseAllegiance,
    Draft,
    Keep,
    LoseInfluence,
    Move,
    Show,
)
from coup_rules.notation import format_move
from coup_rules.records import Record
from coup_rules.views import PlayerView

__all__ = ["MoveCodec", "ObservationEncoder", "Position", "asked_first"]

_Shape = tuple[type, tuple[object, ...]]
"""A move less its player: its class and its other fields, in order."""


def _occurs(kind: Decision, config: Config) -> bool:
    """Whether a game of ``config`` may wait on a decision of ``kind`` (its spec's variant)."""
    return spec_of(kind).variant.in_play(config)


def _answer_classes(config: Config) -> set[type]:
    """The classes of move that answer a decision of ``config`` other than the action (from the
    decisions' specs, ``spec_of(kind).moves``)."""
    return {
        cls
        for kind in Decision
        if kind is not Decision.ACTION and _occurs(kind, config)
        for cls in spec_of(kind).moves
    }


def _arguments(config: Config) -> dict[type, list[tuple[object, ...]]]:
    """The fields besides ``player`` of every answer of ``config``, by the answer's class: none
    for an argument-free class, else every value it may take in this configuration."""
    chars = config.characters
    blockers = {c for spec in ACTIONS for c in blockers_of(spec, config.exchanger)}
    kept = [k for size in (1, 2) for k in combinations_with_replacement(chars, size)]
    named: list[tuple[object, ...]] = [(c,) for c in chars]
    argued: dict[type, list[tuple[object, ...]]] = {
        Block: [(c,) for c in chars if c in blockers],
        LoseInfluence: named,
        Keep: [(cards,) for cards in kept],
        Show: named,
        Draft: named,
        ChooseAllegiance: [(a,) for a in Allegiance],
    }
    return {cls: argued[cls] if _FIELDS[cls] else [()] for cls in _answer_classes(config)}


class MoveCodec:
    """The fixed integer encoding of the moves of one configuration (see the module's docs)."""

    def __init__(self, config: Config) -> None:
        self.config = config
        n = config.players
        shapes: list[_Shape] = []
        for spec in ACTIONS:
            if not in_game(spec, config):
                continue
            if spec.aim is Aim.NONE:
                shapes.append((spec.move, ()))
            else:
                shapes += [(spec.move, (t,)) for t in range(n)]
        arguments = _arguments(config)
        for cls in typing.get_args(Move):  # the API's move table, in order
            shapes += [(cls, fields) for fields in arguments.get(cls, ())]
        self._shapes = tuple(shapes)
        self._index = {shape: i for i, shape in enumerate(shapes)}
        self._memo: dict[int, tuple[Move, int]] = {}
        self._span = f"a move index from 0 to {len(shapes) - 1}"

    @property
    def size(self) -> int:
        """How many moves the table holds (the size of the action space)."""
        return len(self._shapes)

    def decode(self, index: int, player: int) -> Move:
        """The move that ``index`` stands for, made by ``player``; both may be integers of any
        type (``numpy.int64`` from ``argmax`` too), and the move holds plain ``int`` seats.

        Raises:
            ValueError: ``index`` is not in ``range(size)`` or ``player`` is not a seat;
                ``NotAnIntegerError`` (a ``ValueError`` and a ``TypeError``) when either is no
                integer at all (``1.0``, ``True``).
        """
        cls, fields = self._shapes[self.checked_index(index)]
        move: Move = cls(as_seat(player, "player", self.config.players), *fields)
        return move

    def checked_index(self, index: int, name: str = "index") -> int:
        """``index`` as a plain ``int`` of ``range(size)``: the door of every action (``decode``,
        the learning environments' ``step``). Any integer type is taken (a NumPy integer or a
        0-d integer array, as ``argmax`` gives); ``name`` names it in the message.

        Raises:
            NotAnIntegerError: ``index`` is no integer (``True``, ``1.0``, ``"1"``).
            ValueError: it is not from 0 to ``size - 1``.
        """
        return as_in_range(index, name, 0, len(self._shapes) - 1, self._span)

    def encode(self, move: Move) -> int:
        """The index of ``move`` (its player left out).

        Raises:
            ValueError: the move is not one of this configuration's.
        """
        # The engine shares its move objects between positions: remember them by identity.
        known = self._memo.get(id(move))
        if known is not None and known[0] is move:
            return known[1]
        index = self._find(move)
        if index is None:
            raise ValueError(f"{move!r} is not a move of this configuration")
        if len(self._memo) < _MEMO:
            self._memo[id(move)] = (move, index)
        return index

    def _find(self, move: object) -> int | None:
        """The index of ``move``, or ``None`` when it is no move of this configuration: another
        object, a seat that is not a plain ``int`` of the table (``True`` and ``1.0`` hash and
        compare as 1 but are no seats, R-TURN-6), a field of another type."""
        names = _FIELDS.get(type(move))
        player = getattr(move, "player", None)
        if names is None or type(player) is not int or not 0 <= player < self.config.players:
            return None
        fields = tuple([getattr(move, f) for f in names])
        try:
            index = self._index.get((type(move), fields))
        except TypeError:  # a field that cannot be hashed (a list, a NumPy array)
            return None
        if index is None or not _same_types(self._shapes[index][1], fields):
            return None
        return index

    def indices(self, moves: Sequence[Move]) -> list[int]:
        """The indices of ``moves`` (e.g. a seat's legal moves: the action mask's ones)."""
        return [self.encode(m) for m in moves]

    def name(self, index: int) -> str:
        """The move of ``index`` in the text notation, its player left out: ``"coup p2"``."""
        return format_move(self.decode(index, 0)).removeprefix("p0 ")


_MEMO = 10_000
"""How many move objects a codec remembers the index of (the engine shares a few hundred)."""


def _same_types(table: tuple[object, ...], fields: tuple[object, ...]) -> bool:
    """Whether ``fields``, equal to a shape's ``table`` fields, hold values of the same types
    (a ``Keep``'s tuple item for item)."""
    for x, y in zip(table, fields, strict=True):
        if type(x) is not type(y):
            return False
        if (
            isinstance(x, tuple)
            and isinstance(y, tuple)
            and any(type(i) is not type(j) for i, j in zip(x, y, strict=True))
        ):
            return False
    return True


_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls) if f.name != "player")
    for cls in typing.get_args(Move)
}


def asked_first(pending: Pending | Record, players: int) -> int:
    """The seat asked first among ``pending.waiting`` (see the module's docs); ``pending`` may
    also be the engine's record of the decision (``state.core.pending``)."""
    waiting = pending.waiting
    if len(waiting) == 1:
        return waiting[0]
    kind = pending.kind
    if kind is Decision.CHALLENGE_BLOCK:
        after: int = getattr(pending, "block").player  # noqa: B009
    elif kind is Decision.CHALLENGE_ACTION or kind is Decision.COUNTER:
        after = getattr(pending, "action").player  # noqa: B009
    else:
        return waiting[0]
    return min(waiting, key=lambda s: (s - after) % players)


class ObservationEncoder:
    """The flat observation vector of one configuration (see the module's docs and ``names``)."""

    def __init__(self, config: Config, *, turn_cap: int | None = None) -> None:
        self.config = config
        n = config.players
        chars = config.characters
        turns = float(turn_cap if turn_cap is not None else config.max_turns or 10_000)
        self.turn_cap = turns
        pieces = components(config, turns)  # the one declaration, coup_rules.ai.layout
        names = [c.name for c in pieces]
        high = [c.high for c in pieces]
        self.names: tuple[str, ...] = tuple(names)
        """The name of every component, in order."""
        self.high: tuple[float, ...] = tuple(high)
        """The largest value of every component (the smallest is 0)."""
        at = {name: i for i, name in enumerate(names)}
        self._me = at["me=p0"]
        self._zeros = array("f", bytes(4 * len(names)))
        aims = {cls: "target" in _FIELDS[cls] for cls in ACTION_TYPES}
        self.filler = Filler(at, chars, n, turns, aims, self._zeros)
        """What writes each section of the vector (the fill methods below hand over to it)."""

    @property
    def size(self) -> int:
        """The length of the vector."""
        return len(self.names)

    def encode(self, view: PlayerView) -> list[float]:
        """The vector of ``view`` (a seat's view made with ``since=0``; a spectator's works)."""
        config = self.config
        if view.config != config:
            raise ValueError("the view is of another configuration")
        known = known_cards(view)
        return self.fill(
            Position(
                viewer=view.seat,
                seats=[(p.coins, p.hidden, p.revealed, p.allegiance) for p in view.players],
                known=[p.hand if p.hand is not None else known.hands[p.seat] for p in view.players],
                court=known.court,
                claims=standing_claims(view.log, config.exchanger),
                treasury=view.treasury,
                reserve=view.reserve,
                court_size=view.court_size,
                set_aside=view.set_aside,
                turn=view.turn,
                active=view.active,
                to_act=view.to_act,
                winner=view.winner,
                shown=view.shown,
                pending=view.pending,
            )
        )

    def fill(self, position: Position) -> list[float]:
        """The vector of a position as one seat knows it (what ``encode`` fills from a view;
        ``coup_rules.ai.observing.GameObserver`` fills it from the state and what it tracked,
        section by section with the methods below)."""
        return self.fill_array(position).tolist()

    def fill_array(self, position: Position) -> array[float]:
        """``fill(position)`` as a float32 ``array.array`` (the fill methods below write into
        such an array, or into a list)."""
        out = self._zeros[:]
        if position.viewer is not None:
            out[self._me + position.viewer] = 1.0
        claims = position.claims
        for s, (coins, hidden, revealed, allegiance) in enumerate(position.seats):
            self.fill_seat(out, s, coins, hidden, revealed, allegiance)
            self.fill_claims(out, s, claims.get(s, ()))
            self.fill_known(out, s, position.known[s])
        self.fill_court(out, position.court)
        self.fill_table(
            out,
            position.treasury,
            position.reserve,
            position.court_size,
            position.set_aside,
            position.turn,
        )
        self.fill_decision(
            out, position.active, position.to_act, position.winner, position.shown, position.pending
        )
        return out

    def fill_seat(
        self,
        out: MutableSequence[float],
        s: int,
        coins: int,
        hidden: int,
        revealed: Iterable[Character],
        allegiance: Allegiance | None,
    ) -> None:
        """Write seat ``s``'s public components (coins to allegiance) into ``out``."""
        self.filler.seat(out, s, coins, hidden, revealed, allegiance)

    def fill_claims(
        self, out: MutableSequence[float], s: int, claimed: Iterable[Character]
    ) -> None:
        """Write seat ``s``'s standing claims into ``out``."""
        self.filler.claims(out, s, claimed)

    def fill_known(self, out: MutableSequence[float], s: int, cards: Iterable[Character]) -> None:
        """Write the cards the viewer knows seat ``s`` holds into ``out``."""
        self.filler.known(out, s, cards)

    def fill_court(self, out: MutableSequence[float], cards: Iterable[Character]) -> None:
        """Write the cards the viewer knows are in the Court into ``out``."""
        self.filler.court(out, cards)

    def fill_table(
        self,
        out: MutableSequence[float],
        treasury: int,
        reserve: int,
        court_size: int,
        set_aside: int,
        turn: int,
    ) -> None:
        """Write the Treasury, the Reserve, the Court's size, the set-aside cards and the turn
        into ``out``."""
        self.filler.table(out, treasury, reserve, court_size, set_aside, turn)

    def fill_decision(
        self,
        out: MutableSequence[float],
        active: int,
        to_act: Iterable[int],
        winner: int | None,
        shown: Character | None,
        pending: Pending | Record | None,
    ) -> None:
        """Write everything from the active seat on (the seats asked, the pending decision, the
        card shown, the winner) into ``out``."""
        self.filler.decision(out, active, to_act, winner, shown, pending)


class Position(NamedTuple):
    """What one seat knows of a position, as ``ObservationEncoder.fill`` reads it.

    Attributes:
        viewer: the seat (``None``: a spectator).
        seats: per seat, in seat order: coins, hidden cards, face-up cards, allegiance.
        known: per seat, the hidden cards the viewer knows it holds (its whole hand, for the
            viewer's own seat).
        court: the cards the viewer knows are in the Court.
        claims: per seat, its standing claims (``coup_rules.ai.claims``; public).
        treasury: coins in the Treasury.
        reserve: coins on the Reserve.
        court_size: cards in the Court.
        set_aside: cards set aside.
        turn: the turn number.
        active: the seat whose turn it is.
        to_act: the seats waited on.
        winner: the winner, if the game is over.
        shown: the card shown in an Examine, if the viewer is shown it.
        pending: the decision waited on: public, or the engine's record (same fields).
    """

    viewer: int | None
    seats: Sequence[tuple[int, int, Sequence[Character], Allegiance | None]]
    known: Sequence[Iterable[Character]]
    court: Iterable[Character]
    claims: Mapping[int, Iterable[Character]]
    treasury: int
    reserve: int
    court_size: int
    set_aside: int
    turn: int
    active: int
    to_act: Sequence[int]
    winner: int | None
    shown: Character | None
    pending: Pending | Record | None
