"""Observation vectors kept up to date event by event, for learning environments.

``ObservationEncoder.encode(view)`` reads a seat's whole log at every call to know which hidden
cards it can place and what every seat claims, so its cost grows with the game. A
``GameObserver`` follows one game instead: it keeps, per seat, a ``CardTracker`` and one shared
``ClaimTracker`` (claims are public), feeds them each new event once, and fills the vector from
the state's public fields and what it tracked. ``observer.vector(state, seat)`` equals
``encoder.encode(view(state, seat))`` component for component (a test checks it at every step of
random games of every variant), at a cost that depends on the events since the last call, not on
the length of the log.

Like a view, the vector holds nothing the seat may not know: a seat's ``CardTracker`` reads a
card of an event only if that seat may see it (``coup_rules.views.may_see``, the rule ``redact``
applies), and the position's hidden cards are read for the viewer's own seat only.
"""

from __future__ import annotations

from array import array

from coup_rules.ai.claims import ClaimTracker
from coup_rules.ai.encoding import ObservationEncoder, Position
from coup_rules.config import Config
from coup_rules.determinize import CardTracker
from coup_rules.events import Event
from coup_rules.records import DraftChoice, InquisitorChoice, ShowChoice
from coup_rules.state import GameState

__all__ = ["GameObserver"]

_DERIVED_CLAIM = (ShowChoice, InquisitorChoice)
_ADJUSTS = (DraftChoice, InquisitorChoice)


class GameObserver:
    """The observation vectors of every seat of one game, kept up to date (see the module).

    Hand it the states of one game in the order they are played (``vector`` may skip states:
    it catches up on the events it has not seen); ``reset()`` before another game.

    Args:
        encoder: the encoder of the game's configuration.
    """

    __slots__ = ("_blank", "_card_events", "_claims", "_length", "_mine", "encoder")

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self._claims = ClaimTracker(encoder.config.exchanger)
        self._length = 0
        self._card_events: list[Event] = []
        self._mine: dict[int | None, _Seat] = {}
        self._blank: dict[int | None, array[float]] = {}

    def reset(self) -> None:
        """Forget the game followed so far (call it before handing states of another game)."""
        self._claims = ClaimTracker(self.encoder.config.exchanger)
        self._length = 0
        self._card_events = []
        self._mine.clear()

    def _catch_up(self, state: GameState) -> None:
        """Read the events of ``state``'s log not read yet: the claims are fed at once, the
        events that tell where cards are kept for each seat's tracker."""
        log = state.core.log
        length = len(log)
        if length < self._length:
            raise ValueError(
                f"this state's log holds {length} events, fewer than the {self._length} already "
                "read: hand the states of one game in order, and reset() before another game"
            )
        claims = self._claims
        claim_reads = ClaimTracker.READS
        card_reads = CardTracker.READS
        card_events = self._card_events
        # The compact form: only the events a tracker reads are built.
        for item in log.compact_tail(self._length):
            cls = item[0]
            if cls in claim_reads or cls in card_reads:
                event: Event = cls(*item[1:])
                if cls in claim_reads:
                    claims.feed(event)
                if cls in card_reads:
                    card_events.append(event)
        self._length = length

    def vector(self, state: GameState, seat: int | None) -> list[float]:
        """``encoder.encode(view(state, seat))``, from the events since the last call.

        Raises:
            ValueError: ``state`` is of another configuration, or earlier in the game than a
                state already handed (``reset()`` first for another game), or ``seat`` is not
                one of its seats.
        """
        return self.update(state, seat).tolist()

    def update(self, state: GameState, seat: int | None) -> array[float]:
        """``vector(state, seat)`` as the observer's own float32 ``array.array`` for that seat,
        brought up to date in place: read it or copy it (NumPy reads it without a copy:
        ``numpy.frombuffer(a, numpy.float32)``), never change it. The next call for the seat
        changes it again; ``reset()`` lets it go.

        Raises:
            ValueError: as ``vector``.
        """
        core = state.core
        config = core.config
        encoder = self.encoder
        if config is not encoder.config and config != encoder.config:
            raise ValueError("the state is of another configuration")
        if len(core.log) != self._length:
            self._catch_up(state)
        mine = self._mine.get(seat)
        if mine is None:
            mine = self._seat(seat)
        cards = mine.cards
        card_events = self._card_events
        if mine.seen < len(card_events):
            for event in card_events[mine.seen :]:
                cards.feed(event)  # it reads only what the seat may see
            mine.seen = len(card_events)
        out = mine.out
        pending = core.pending
        shown = (
            core.shown if type(pending) is InquisitorChoice and _is_shown(pending, seat) else None
        )
        # What the viewer knows of the cards changes with the events, and with a draft or an
        # Examine in progress (see CardTracker.places).
        adjusting = pending if type(pending) in _ADJUSTS else None
        if cards.version != mine.version or adjusting != mine.adjusting or shown != mine.shown:
            places = cards.places(pending, shown)
            encoder.fill_court(out, places[config.players].elements())
            for s in range(config.players):
                if s != seat:
                    encoder.fill_known(out, s, places[s].elements())
            mine.version = cards.version
            mine.adjusting = adjusting
            mine.shown = shown
        players = core.players
        if players is not mine.players:
            before = mine.players
            for s, p in enumerate(players):
                if p is not before[s]:
                    encoder.fill_seat(out, s, p.coins, len(p.hand), p.revealed, p.allegiance)
                    if s == seat:
                        encoder.fill_known(out, s, p.hand)
            mine.players = players
        claims = self._claims
        if claims.version != mine.claims:
            since = mine.claims
            for s, changed in claims.touched.items():
                if changed > since:
                    encoder.fill_claims(out, s, claims.of(s))
            mine.claims = claims.version
        encoder.fill_table(
            out, core.treasury, core.reserve, len(core.court), len(core.aside), core.turn
        )
        encoder.fill_decision(
            out,
            core.active,
            () if pending is None else pending.waiting,
            core.winner,
            shown,
            # The public Show and Inquisitor decisions derive their claim (the Inquisitor),
            # which their records do not hold: those two are read in their public form.
            state.pending if type(pending) in _DERIVED_CLAIM else pending,
        )
        return out

    def _seat(self, seat: int | None) -> _Seat:
        """What is kept for a seat first observed in this game (a valid seat, or refused)."""
        config = self.encoder.config
        if seat is not None and (type(seat) is not int or not 0 <= seat < config.players):
            raise ValueError(f"seat must be from 0 to {config.players - 1} or None, not {seat!r}")
        blank = self._blank.get(seat)
        if blank is None:
            blank = self._blank[seat] = _blank(self.encoder, seat)
        mine = self._mine[seat] = _Seat(config, seat, blank[:])
        return mine


class _Seat:
    """What a ``GameObserver`` keeps for one viewer: its tracker, its vector, and what the
    vector was last filled from."""

    __slots__ = ("adjusting", "cards", "claims", "out", "players", "seen", "shown", "version")

    def __init__(self, config: Config, seat: int | None, out: array[float]) -> None:
        self.cards = CardTracker(config, seat)
        self.seen = 0
        self.out = out
        self.players: tuple[object, ...] = (None,) * config.players
        self.claims = -1
        self.version = -1  # the card tracker's version when the known cards were last filled
        self.adjusting: object = None
        self.shown: object = None


def _blank(encoder: ObservationEncoder, seat: int | None) -> array[float]:
    """The vector of a seat before it is filled from any state: its seat number only."""
    players = encoder.config.players
    return encoder.fill_array(
        Position(
            viewer=seat,
            seats=[(0, 0, (), None)] * players,
            known=[()] * players,
            court=(),
            claims={},
            treasury=0,
            reserve=0,
            court_size=0,
            set_aside=0,
            turn=0,
            active=0,
            to_act=(),
            winner=None,
            shown=None,
            pending=None,
        )
    )


def _is_shown(pending: object, seat: int | None) -> bool:
    """Whether ``seat`` sees the examined card now: the Inquisitor or the target, while the
    Inquisitor decides (what ``view`` shows as ``shown``)."""
    if seat is None or type(pending) is not InquisitorChoice:
        return False
    return seat in (pending.action.player, pending.action.target)
