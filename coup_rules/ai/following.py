"""The work of ``coup_rules.ai.observing.GameObserver``: reading a game's new events once
(``Followed``) and bringing one seat's vector up to date (``SeatVector``).

The compiled build compiles this module (``[tool.coup_rules.compile]`` in pyproject.toml); its
only caller, ``GameObserver``, checks the arguments first (the configuration, the seat), so that
a wrong one is refused with the same ``ValueError`` in either build. A seat is passed as
``object`` for the same reason: typed ``int``, compiled code would refuse (or convert) a value
the interpreted one reads as it is.
"""

from __future__ import annotations

from array import array

from coup_rules.ai.claims import ClaimTracker
from coup_rules.ai.encoding import ObservationEncoder
from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.determinize import CardTracker
from coup_rules.events import Event
from coup_rules.records import DraftChoice, InquisitorChoice, ShowChoice
from coup_rules.state import GameState

__all__ = ["Followed", "SeatVector"]

_DERIVED_CLAIM = (ShowChoice, InquisitorChoice)
_ADJUSTS = (DraftChoice, InquisitorChoice)


class Followed:
    """What every seat of one game shares: the claims (public) and the events that tell where
    cards are kept, read once each, and how much of the log was read."""

    __slots__ = ("card_events", "claims", "length")

    def __init__(self, exchanger: Character) -> None:
        self.claims = ClaimTracker(exchanger)
        self.length = 0
        self.card_events: list[Event] = []

    def catch_up(self, state: GameState) -> None:
        """Read the events of ``state``'s log not read yet: the claims are fed at once, the
        events that tell where cards are kept for each seat's tracker."""
        log = state.core.log
        length = len(log)
        if length < self.length:
            raise ValueError(
                f"this state's log holds {length} events, fewer than the {self.length} already "
                "read: hand the states of one game in order, and reset() before another game"
            )
        claims = self.claims
        claim_reads = ClaimTracker.READS
        card_reads = CardTracker.READS
        card_events = self.card_events
        # The compact form: only the events a tracker reads are built.
        for item in log.compact_tail(self.length):
            cls = item[0]
            if cls in claim_reads or cls in card_reads:
                event: Event = cls(*item[1:])
                if cls in claim_reads:
                    claims.feed(event)
                if cls in card_reads:
                    card_events.append(event)
        self.length = length


class SeatVector:
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

    def refresh(
        self, state: GameState, seat: object, followed: Followed, encoder: ObservationEncoder
    ) -> array[float]:
        """The seat's vector brought up to date with ``state`` (``followed`` caught up with it,
        ``seat`` already checked: ``GameObserver.update``)."""
        core = state.core
        config = core.config
        filler = encoder.filler
        cards = self.cards
        card_events = followed.card_events
        if self.seen < len(card_events):
            for event in card_events[self.seen :]:
                cards.feed(event)  # it reads only what the seat may see
            self.seen = len(card_events)
        out = self.out
        pending = core.pending
        shown = (
            core.shown if type(pending) is InquisitorChoice and _is_shown(pending, seat) else None
        )
        # What the viewer knows of the cards changes with the events, and with a draft or an
        # Examine in progress (see CardTracker.places).
        adjusting = pending if type(pending) in _ADJUSTS else None
        if cards.version != self.version or adjusting != self.adjusting or shown != self.shown:
            places = cards.places(pending, shown)
            filler.court(out, places[config.players].elements())
            for s in range(config.players):
                if s != seat:
                    filler.known(out, s, places[s].elements())
            self.version = cards.version
            self.adjusting = adjusting
            self.shown = shown
        players = core.players
        if players is not self.players:
            before = self.players
            for s, p in enumerate(players):
                if p is not before[s]:
                    filler.seat(out, s, p.coins, len(p.hand), p.revealed, p.allegiance)
                    if s == seat:
                        filler.known(out, s, p.hand)
            self.players = players
        claims = followed.claims
        if claims.version != self.claims:
            since = self.claims
            for s, changed in claims.touched.items():
                if changed > since:
                    filler.claims(out, s, claims.of(s))
            self.claims = claims.version
        filler.table(out, core.treasury, core.reserve, len(core.court), len(core.aside), core.turn)
        filler.decision(
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


def _is_shown(pending: object, seat: object) -> bool:
    """Whether ``seat`` sees the examined card now: the Inquisitor or the target, while the
    Inquisitor decides (what ``view`` shows as ``shown``)."""
    if seat is None or type(pending) is not InquisitorChoice:
        return False
    return seat in (pending.action.player, pending.action.target)
