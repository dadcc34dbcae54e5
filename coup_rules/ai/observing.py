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

from coup_rules.ai.claims import ClaimTracker
from coup_rules.ai.encoding import ObservationEncoder, Position
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

    __slots__ = ("_card_events", "_claims", "_length", "_mine", "encoder")

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self._claims = ClaimTracker(encoder.config.exchanger)
        self._length = 0
        self._card_events: list[Event] = []
        self._mine: dict[int | None, _Seat] = {}

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
        if length == self._length:
            return
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
        core = state.core
        config = core.config
        encoder = self.encoder
        if config is not encoder.config and config != encoder.config:
            raise ValueError("the state is of another configuration")
        self._catch_up(state)
        mine = self._mine.get(seat)
        if mine is None:
            if seat is not None and (type(seat) is not int or not 0 <= seat < config.players):
                raise ValueError(
                    f"seat must be from 0 to {config.players - 1} or None, not {seat!r}"
                )
            mine = self._mine[seat] = _Seat(encoder, seat)
        cards = mine.cards
        card_events = self._card_events
        if mine.seen < len(card_events):
            for event in card_events[mine.seen :]:
                cards.feed(event)  # it reads only what the seat may see
            mine.seen = len(card_events)
        out = mine.out
        pending = core.pending
        shown = core.shown if _is_shown(pending, seat) else None
        # What the viewer knows of the cards changes with the events, and with a draft or an
        # Examine in progress (see CardTracker.places).
        knowing = (cards.version, pending if isinstance(pending, _ADJUSTS) else None, shown)
        players = core.players
        before = mine.players
        claims = self._claims
        claims_seen = mine.claims
        touched = claims.touched if claims.version != claims_seen else None
        places = None
        if knowing != mine.knowing:
            places = cards.places(pending, shown)
            encoder.fill_court(out, places[config.players].elements())
        for s, p in enumerate(players):
            if p is not before[s]:
                encoder.fill_seat(out, s, p.coins, len(p.hand), p.revealed, p.allegiance)
                if s == seat:
                    encoder.fill_known(out, s, p.hand)
            if touched is not None and touched.get(s, -1) > claims_seen:
                encoder.fill_claims(out, s, claims.of(s))
            if places is not None and s != seat:
                encoder.fill_known(out, s, places[s].elements())
        mine.players = players
        mine.claims = claims.version
        mine.knowing = knowing
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
            state.pending if isinstance(pending, _DERIVED_CLAIM) else pending,
        )
        return out[:]


class _Seat:
    """What a ``GameObserver`` keeps for one viewer: its tracker, its vector, and what the
    vector was last filled from."""

    __slots__ = ("cards", "claims", "knowing", "out", "players", "seen")

    def __init__(self, encoder: ObservationEncoder, seat: int | None) -> None:
        config = encoder.config
        self.cards = CardTracker(config, seat)
        self.seen = 0
        self.out = encoder.fill(
            Position(
                viewer=seat,
                seats=[(0, 0, (), None)] * config.players,
                known=[()] * config.players,
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
        self.players: tuple[object, ...] = (None,) * config.players
        self.claims = -1
        self.knowing: object = None


def _is_shown(pending: object, seat: int | None) -> bool:
    """Whether ``seat`` sees the examined card now: the Inquisitor or the target, while the
    Inquisitor decides (what ``view`` shows as ``shown``)."""
    if seat is None or not isinstance(pending, InquisitorChoice):
        return False
    return seat in (pending.action.player, pending.action.target)
