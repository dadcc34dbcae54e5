"""The work of ``coup_rules.ai.observing.GameObserver``: what every seat's vector shares, kept
once per game (``Followed``), and what only one seat may know (``SeatVector``).

Most of a vector is public: the same for every seat (coins, face-up cards, allegiances, claims,
the table, the decision waited on). ``Followed`` reads each new event once, and writes the
public components once per state into a vector of its own. A seat's vector is that vector with
the few components only the seat may know written over it (its seat number, its own hand, the
cards it knows the place of, the card it is shown in an Examine): ``SeatVector`` keeps them as
(index, value) pairs, computed again only when its ``CardTracker``, its hand, or a decision
that changes what it knows (a draft, an Examine) has changed.

The compiled build compiles this module (``[tool.coup_rules.compile]`` in pyproject.toml); its
only caller, ``GameObserver``, checks the arguments first (the configuration, the seat), so that
a wrong one is refused with the same ``ValueError`` in either build; a ``SeatVector`` reads its
seat from its tracker (``CardTracker.viewer``), made only for a seat already checked.
"""

from __future__ import annotations

from array import array

from coup_rules.ai.claims import ClaimTracker
from coup_rules.ai.encoding import ObservationEncoder
from coup_rules.config import Config
from coup_rules.determinize import CardTracker
from coup_rules.events import Event
from coup_rules.records import DraftChoice, InquisitorChoice, ShowChoice
from coup_rules.state import GameState

__all__ = ["Followed", "SeatVector"]

_DERIVED_CLAIM = (ShowChoice, InquisitorChoice)
_ADJUSTS = (DraftChoice, InquisitorChoice)
_ROUTES: dict[type, tuple[bool, bool]] = {
    cls: (cls in ClaimTracker.READS, cls in CardTracker.READS)
    for cls in ClaimTracker.READS | CardTracker.READS
}
"""For each class of event a tracker reads: whether the claims read it, and the cards."""


class Followed:
    """What every seat of one game shares: the claims (public), the events that tell where
    cards are kept, each read once, how much of the log was read, and the public components
    of the vector for the last state handed (``public``, of ``state``)."""

    __slots__ = (
        "card_events",
        "claims",
        "length",
        "players",
        "public",
        "seen_claims",
        "state",
        "table",
    )

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.claims = ClaimTracker(encoder.config.exchanger)
        self.length = 0
        self.card_events: list[Event] = []
        self.public = array("f", bytes(4 * encoder.size))
        self.state: GameState | None = None
        self.players: tuple[object, ...] = (None,) * encoder.config.players
        self.seen_claims = -1  # the claim tracker's version when the claims were last written
        self.table: tuple[int, ...] = ()  # what the table's components were last written from

    def follow(self, state: GameState, encoder: ObservationEncoder) -> None:
        """Bring the public vector up to date with ``state`` (once per state)."""
        if state is self.state:
            return
        core = state.core
        if len(core.log) != self.length:
            self._catch_up(state)
        filler = encoder.filler
        out = self.public
        players = core.players
        if players is not self.players:
            before = self.players
            for s, p in enumerate(players):
                if p is not before[s]:
                    filler.seat(out, s, p.coins, len(p.hand), p.revealed, p.allegiance)
            self.players = players
        claims = self.claims
        if claims.version != self.seen_claims:
            since = self.seen_claims
            for s, changed in claims.touched.items():
                if changed > since:
                    filler.claims(out, s, claims.of(s))
            self.seen_claims = claims.version
        table = (core.treasury, core.reserve, len(core.court), len(core.aside), core.turn)
        if table != self.table:
            filler.table(out, *table)
            self.table = table
        pending = core.pending
        filler.decision(
            out,
            core.active,
            () if pending is None else pending.waiting,
            core.winner,
            None,  # the card shown is written by the seats shown it
            # The public Show and Inquisitor decisions derive their claim (the Inquisitor),
            # which their records do not hold: those two are read in their public form.
            state.pending if type(pending) in _DERIVED_CLAIM else pending,
        )
        self.state = state

    def _catch_up(self, state: GameState) -> None:
        """Read the events of ``state``'s log not read yet: the claims are fed at once, the
        events that tell where cards are kept, for each seat's tracker."""
        log = state.core.log
        length = len(log)
        if length < self.length:
            raise ValueError(
                f"this state's log holds {length} events, fewer than the {self.length} already "
                "read: hand the states of one game in order, and reset() before another game"
            )
        claims = self.claims
        card_events = self.card_events
        # The compact form: only the events a tracker reads are built.
        for item in log.compact_tail(self.length):
            route = _ROUTES.get(item[0])
            if route is not None:
                event: Event = item[0](*item[1:])
                if route[0]:
                    claims.feed(event)
                if route[1]:
                    card_events.append(event)
        self.length = length


class SeatVector:
    """What a ``GameObserver`` keeps for one viewer: its tracker, its vector, the components
    only it may know, and what they were last computed from."""

    __slots__ = ("adjusting", "cards", "hand", "known", "out", "own", "seen", "shown", "version")

    def __init__(self, config: Config, seat: int | None, size: int) -> None:
        self.cards = CardTracker(config, seat)
        self.seen = 0
        self.out = array("f", bytes(4 * size))
        self.own: tuple[tuple[int, float], ...] = ()  # its seat number and hand, from ``hand``
        self.known: tuple[tuple[int, float], ...] = ()  # what it knows of the others' cards
        self.version = -1  # the card tracker's version when ``known`` was last computed
        self.hand: object = None
        self.adjusting: object = None
        self.shown: object = None

    def refresh(
        self, state: GameState, followed: Followed, encoder: ObservationEncoder
    ) -> array[float]:
        """The seat's vector for ``state`` (``followed`` brought up to date with it:
        ``GameObserver.update``)."""
        core = state.core
        cards = self.cards
        viewer = cards.viewer  # the seat, as checked by GameObserver
        card_events = followed.card_events
        if self.seen < len(card_events):
            cards.feed_many(card_events[self.seen :])  # it reads only what the seat may see
            self.seen = len(card_events)
        pending = core.pending
        shown = (
            core.shown if type(pending) is InquisitorChoice and _is_shown(pending, viewer) else None
        )
        # What the viewer knows of the cards changes with the events, and with a draft or an
        # Examine in progress (see CardTracker.counts).
        adjusting = pending if type(pending) in _ADJUSTS else None
        if cards.version != self.version or adjusting != self.adjusting or shown != self.shown:
            self.known = encoder.filler.knowledge(cards.counts(pending, shown), shown)
            self.version = cards.version
            self.adjusting = adjusting
            self.shown = shown
        if viewer is not None:
            hand = core.players[viewer].hand
            if hand != self.hand:  # the engine may build an equal hand anew
                self.own = encoder.filler.own(viewer, hand)
                self.hand = hand
        out = self.out
        out[:] = followed.public
        for at, value in self.own:
            out[at] = value
        for at, value in self.known:
            out[at] = value
        return out


def _is_shown(pending: InquisitorChoice, viewer: int | None) -> bool:
    """Whether ``viewer`` sees the examined card now: the Inquisitor or the target, while the
    Inquisitor decides (what ``view`` shows as ``shown``)."""
    return viewer is not None and viewer in (pending.action.player, pending.action.target)
