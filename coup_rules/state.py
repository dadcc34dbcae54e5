"""The immutable game state: a compact core of named tuples behind a public ``GameState``.

The engine works on ``Core``, a named tuple of the position whose seats are ``Seat`` named
tuples: cheap to build, compared and hashed by value in C. ``GameState`` wraps one core and
builds its public objects (the ``PlayerState`` of each seat, the events of the log) the first time
they are read, then keeps them: a loop that only calls ``legal_moves`` and ``apply`` never pays
for them. Equality and hashing are the core's, so two states are equal exactly when every field,
the log included, is.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.decisions import Pending
from coup_rules.log import Log
from coup_rules.moves import Move
from coup_rules.records import Record, decision_record, public_decision
from coup_rules.shapes import misfit

__all__ = ["DERIVED", "FIELDS", "Core", "GameState", "PlayerState", "Seat"]


class Seat(NamedTuple):
    """A seat as the engine holds it (see ``PlayerState`` for the fields)."""

    coins: int
    hand: tuple[Character, ...]
    revealed: tuple[Character, ...]
    allegiance: Allegiance | None


class Core(NamedTuple):
    """A complete position as the engine holds it (see ``GameState`` for the fields).

    This is the one description of a state's fields and their order: ``FIELDS`` is derived from
    it, and tests hold ``GameState``'s constructor and properties, the JSON payload, the scratch
    copy of ``rules/scratch.py`` and ``GameState.key`` to it.
    """

    config: Config
    players: tuple[Seat, ...]
    living: tuple[int, ...]
    """The seats still in the game, ascending (derived from ``players``, kept for speed)."""
    treasury: int
    reserve: int
    court: tuple[Character, ...]
    aside: tuple[Character, ...]
    active: int
    turn: int
    winner: int | None
    pending: Record | None
    """The decision waited on, as a decision record of ``records.py`` (``GameState.pending`` is
    its public twin)."""
    log: Log
    seed: int
    draws: int
    shown: Character | None


@attrs.frozen
class PlayerState:
    """One seat at the table.

    Attributes:
        seat: the seat index.
        coins: coins in front of the player.
        hand: hidden cards, sorted (up to 4 while an Exchange is being decided).
        revealed: face-up cards, in the order they were lost.
        allegiance: Reformation allegiance, ``None`` outside Reformation (and before it is set).
    """

    seat: int
    coins: int
    hand: tuple[Character, ...]
    revealed: tuple[Character, ...] = ()
    allegiance: Allegiance | None = None

    @property
    def alive(self) -> bool:
        """True while the player has a hidden card (R-INF-4)."""
        return bool(self.hand)


def _public(seat: int, s: Seat) -> PlayerState:
    return PlayerState(
        seat=seat, coins=s.coins, hand=s.hand, revealed=s.revealed, allegiance=s.allegiance
    )


def _seat_of(p: PlayerState) -> Seat:
    return Seat(coins=p.coins, hand=p.hand, revealed=p.revealed, allegiance=p.allegiance)


@attrs.frozen(init=False, eq=False, repr=False)
class GameState:
    """A complete, immutable game position. Build it with ``new_game``; advance it with ``apply``.

    ``GameState(config=..., players=..., ...)`` builds one by hand from every field (keywords
    only; check it with ``validate_state``), and ``state.replace(field=value)`` copies one with
    some fields changed.

    Attributes:
        config: the game's options.
        players: every seat, in seat order.
        treasury: coins in the Treasury.
        reserve: coins on the Treasury Reserve (Reformation; 0 otherwise).
        court: the Court's cards, sorted (their order means nothing).
        aside: cards set aside out of play, face down, sorted (the 2-player setup's unpicked
            cards, or what a fixed deal leaves out). Hidden from every view.
        active: the seat whose turn it is.
        turn: turns begun: 0 during setup, 1 on the first turn.
        winner: the last player standing, once the game is over.
        pending: the decision being waited on; ``None`` when the game is over.
        log: everything that happened, in order.
        seed: the seed of the game's chance (R-INFO-5). Secret: never in a view.
        draws: how many random picks have been taken from the seed so far.
        shown: the card shown to the Inquisitor during an Examine (private).
    """

    core: Core
    """The compact tuple the engine works on (read-only, like everything here)."""
    _players: tuple[PlayerState, ...] | None
    _pending: Pending | None
    _legal: dict[int, tuple[Move, ...]]
    """Private caches of the public seats, the public decision and ``legal_moves`` per seat: not
    part of the value."""

    def __init__(
        self,
        *,
        config: Config,
        players: tuple[PlayerState, ...],
        treasury: int,
        reserve: int,
        court: tuple[Character, ...],
        aside: tuple[Character, ...],
        active: int,
        turn: int,
        winner: int | None,
        pending: Pending | None,
        log: Log,
        seed: int,
        draws: int = 0,
        shown: Character | None = None,
    ) -> None:
        if pending is not None and attrs.has(type(pending)):
            # the engine's records are native classes in the compiled build, which refuse a
            # field of the wrong type: refuse it here in both builds, with the field's name
            found = misfit(pending)
            if found is not None:
                raise TypeError(f"pending holds a value of the wrong type: {found}")
        seats = tuple(_seat_of(p) for p in players)
        core = Core(
            config=config,
            players=seats,
            living=tuple([i for i, s in enumerate(seats) if s.hand]),
            treasury=treasury,
            reserve=reserve,
            court=tuple(court),
            aside=tuple(aside),
            active=active,
            turn=turn,
            winner=winner,
            pending=None if pending is None else decision_record(pending),
            log=log,
            seed=seed,
            draws=draws,
            shown=shown,
        )
        _init(self, core, tuple(players))
        _set_pending(self, pending)

    @staticmethod
    def of(core: Core) -> GameState:
        """The state holding ``core`` (the engine's constructor: no copying, no checks)."""
        return wrap(core)

    def replace(self, **changes: Any) -> GameState:
        """A copy with some public fields changed (for tests and tools; see ``validate_state``)."""
        fields = {name: getattr(self, name) for name in FIELDS}
        fields.update(changes)
        return GameState(**fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not GameState:
            return NotImplemented
        return self is other or self.core == other.core

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(self.core)

    def __reduce__(self) -> tuple[object, tuple[Core]]:
        # Pickled and copied as its core alone: the caches start empty in the copy.
        return (wrap, (self.core,))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in FIELDS[:10])
        return f"GameState({shown}, ...)"

    # --- the public fields -----------------------------------------------------------------

    @property
    def config(self) -> Config:
        """The game's options."""
        return self.core.config

    @property
    def players(self) -> tuple[PlayerState, ...]:
        """Every seat, in seat order."""
        players = self._players
        if players is None:
            players = tuple(_public(i, s) for i, s in enumerate(self.core.players))
            _set_players(self, players)
        return players

    @property
    def treasury(self) -> int:
        """Coins in the Treasury."""
        return self.core.treasury

    @property
    def reserve(self) -> int:
        """Coins on the Treasury Reserve (Reformation; 0 otherwise)."""
        return self.core.reserve

    @property
    def court(self) -> tuple[Character, ...]:
        """The Court's cards, sorted (their order means nothing)."""
        return self.core.court

    @property
    def aside(self) -> tuple[Character, ...]:
        """Cards set aside out of play, face down, sorted. Hidden from every view."""
        return self.core.aside

    @property
    def active(self) -> int:
        """The seat whose turn it is."""
        return self.core.active

    @property
    def turn(self) -> int:
        """Turns begun: 0 during setup, 1 on the first turn."""
        return self.core.turn

    if TYPE_CHECKING:

        @property
        def winner(self) -> int | None:
            """The last player standing, once the game is over."""

    else:  # read in C, without a Python call: every game loop asks it after each move
        winner = property(
            attrgetter("core.winner"), doc="The last player standing, once the game is over."
        )

    @property
    def pending(self) -> Pending | None:
        """The decision being waited on; ``None`` when the game is over."""
        pending = self._pending
        if pending is None:
            rec = self.core.pending
            if rec is None:
                return None
            pending = public_decision(rec)
            _set_pending(self, pending)
        return pending

    @property
    def log(self) -> Log:
        """Everything that happened, in order (shared with earlier states)."""
        return self.core.log

    @property
    def seed(self) -> int:
        """The seed of the game's chance (R-INFO-5). Secret: never in a view."""
        return self.core.seed

    @property
    def draws(self) -> int:
        """How many random picks have been taken from the seed so far."""
        return self.core.draws

    @property
    def shown(self) -> Character | None:
        """The card shown to the Inquisitor during an Examine (private)."""
        return self.core.shown

    # --- derived ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once one player is left, or the house rule's turn limit ended it in a draw."""
        return self.core.pending is None

    @property
    def set_aside(self) -> int:
        """How many cards are out of play, face down."""
        return len(self.core.aside)

    @property
    def key(self) -> tuple[object, ...]:
        """A hashable key of the position, without its history: for transposition tables.

        Two states with equal keys have the same legal moves and the same future for the same
        moves, chance included (the seed and the draw counter are part of the key); only their
        logs may differ, and their turn numbers unless the config has a turn limit (then the turn
        decides when the game is drawn, and is part of the key). Hashing it costs O(players),
        not O(game).
        """
        c = self.core
        return (
            c.turn if c.config.max_turns is not None else None,
            c.config,
            c.players,
            c.treasury,
            c.reserve,
            c.court,
            c.aside,
            c.active,
            c.winner,
            c.pending,
            c.shown,
            c.seed,
            c.draws,
        )

    @property
    def living(self) -> tuple[int, ...]:
        """The seats still in the game, ascending."""
        return self.core.living


DERIVED = ("living",)
"""The fields of ``Core`` kept for speed, computed from the others: not ``GameState``'s own."""

FIELDS = tuple([name for name in Core._fields if name not in DERIVED])
"""The public fields of a ``GameState``, in the order of ``Core`` (the one list of them): the
keywords of its constructor, its read-only properties, its JSON payload (checked by tests)."""

_new_state = object.__new__
_set_core = GameState.__dict__["core"].__set__
_set_players = GameState.__dict__["_players"].__set__
_set_pending = GameState.__dict__["_pending"].__set__
_set_legal = GameState.__dict__["_legal"].__set__


def wrap(core: Core) -> GameState:
    """The state holding ``core``, its caches empty (``GameState.of``, for the engine)."""
    state: GameState = _new_state(GameState)
    _set_core(state, core)
    _set_players(state, None)
    _set_pending(state, None)
    _set_legal(state, {})
    return state


def _init(state: GameState, core: Core, players: tuple[PlayerState, ...] | None) -> None:
    _set_core(state, core)
    _set_players(state, players)
    _set_pending(state, None)
    _set_legal(state, {})


_PENDING = Core._fields.index("pending")
_LOG = Core._fields.index("log")


def with_decision(core: Core, pending: Record, log: Log) -> Core:
    """``core`` with only its pending decision and log replaced (the engine's fast path)."""
    values = list(core)
    values[_PENDING] = pending
    values[_LOG] = log
    return tuple.__new__(Core, values)
