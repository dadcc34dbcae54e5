"""The card tracking exactly as released in 1.0.0, kept as an oracle.

``coup_rules.determinize.CardTracker`` keeps each place as a list of counts per character and
reads each event through a table of small readers; it must give, event by event and for every
viewer, what this version gives (which kept ``Counter`` objects and matched each event in one
``match``): the same places and the same ``version``. The released observation encoder
(``tests/oracle/observation.py``) reads the cards through the package's ``known_cards``, so this
is what holds the tracking itself. Do not edit.
"""

from __future__ import annotations

from collections import Counter

from coup_rules import records
from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.decisions import DraftChoice, InquisitorChoice, Pending
from coup_rules.events import (
    CardsDrawn,
    CardShown,
    CardsReturned,
    Dealt,
    Drafted,
    Event,
    InfluenceLost,
    Proved,
)
from coup_rules.records import Record
from coup_rules.views import may_see

Cards = Counter[Character]


def _weaken(cards: Cards, unknown: int) -> Cards:
    """What is still certain of a pile ``cards`` after ``unknown`` unseen cards left it."""
    return Counter({c: n - unknown for c, n in cards.items() if n > unknown})


class ReleasedCardTracker:
    """The hidden cards one viewer knows the place of, kept up to date event by event.

    Feed it the events of one game in order, as the viewer sees them (``redact(event, viewer)``,
    or a view's log), with ``feed``; ``places(pending, shown)`` then tells what is known now.
    It is what ``known_cards`` computes over a whole log, so a learning environment that keeps
    one per seat pays for each event once instead of re-reading the log at every step.

    Args:
        config: the game's options.
        viewer: the seat whose knowledge it is; ``None`` for a spectator.
    """

    __slots__ = ("_places", "config", "version", "viewer")

    def __init__(self, config: Config, viewer: int | None) -> None:
        self.config = config
        self.viewer = viewer
        self._places: list[Cards] = [Counter() for _ in range(config.players + 2)]
        self.version = 0
        """Counts the events ``feed`` took that may have changed what it knows (what it knows
        changes only when this does)."""

    def feed(self, event: Event) -> None:
        """Take one more event of the log into account: whole, or as the viewer sees it
        (``redact(event, viewer)``); the cards the viewer may not see are never read
        (``coup_rules.views.may_see``)."""
        places = self._places
        viewer = self.viewer
        court, aside = self.config.players, self.config.players + 1
        changed = True  # what is known may have changed (an empty pile stays empty)
        match event:
            case InfluenceLost(player=player, character=character):
                if player != viewer and places[player]:
                    places[player] -= Counter((character,))
                else:
                    changed = False
            case Dealt(count=count):
                if count == 1:  # the 2-player deal: this seat's own set is set aside (R-SETUP-7)
                    places[aside] += Counter(self.config.characters)
                else:
                    changed = False
            case Drafted(player=player, card=card):
                if card is not None and player == viewer:
                    places[aside] -= Counter((card,))
                elif places[aside]:
                    places[aside] = _weaken(places[aside], 1)
                else:
                    changed = False
            case CardsDrawn(count=count, cards=cards):
                if cards is not None and may_see(event, viewer):  # the viewer's own draw
                    places[court] -= Counter(cards)
                elif places[court]:
                    places[court] = _weaken(places[court], count)
                else:
                    changed = False
            case CardsReturned(player=player, count=count, cards=cards):
                if cards is not None and may_see(event, viewer):
                    # the viewer returned them, or witnessed a forced exchange
                    places[court] += Counter(cards)
                    if player != viewer:
                        places[player] -= Counter(cards)
                elif places[player]:
                    places[player] = _weaken(places[player], count)
                else:
                    changed = False
            case Proved(player=player, cards=cards):  # shown to all, then into the Court
                places[court] += Counter(cards)
                if player != viewer:
                    places[player] -= Counter(cards)
            case CardShown(player=player, card=card):
                if card is not None and player != viewer and may_see(event, viewer):
                    places[player] |= Counter((card,))  # shown to the viewer, an Inquisitor
                else:
                    changed = False
            case _:
                changed = False
        if changed:
            self.version += 1

    def places(self, pending: Pending | Record | None, shown: Character | None) -> list[Cards]:
        """Known cards per place now: the seats' hands, then the Court, then the set-aside
        cards; the viewer's own place is empty. The counters may be the tracker's own: read
        them, never change them.

        Args:
            pending: the decision waited on (public, or the engine's record).
            shown: the card shown in an Examine, if the viewer is shown it (``view.shown``).
        """
        places = list(self._places)
        n = self.config.players
        if isinstance(pending, DraftChoice | records.DraftChoice):
            # the set of each seat still to draft is set aside
            places[n + 1] = places[n + 1] | Counter(self.config.characters * len(pending.waiting))
        elif isinstance(pending, InquisitorChoice | records.InquisitorChoice) and shown is not None:
            target = pending.action.target
            if target != self.viewer:
                places[target] = places[target] | Counter((shown,))
        if self.viewer is not None and places[self.viewer]:
            places[self.viewer] = Counter()
        return places
