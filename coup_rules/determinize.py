"""Determinization: complete game states drawn at random to fit what one seat knows.

``sample_state(view, rng)`` is the tool of information-set search: it deals the cards the viewer
cannot locate, uniformly at random, into the places the viewer cannot see, and gives the result
a fresh seed, so a search can play the game on from there without ever reading the real hidden
cards or predicting the real draws.

**What the viewer knows where it is** (``known_cards``): besides its own hand and every face-up
card, a seat can know a card is in a certain hidden place because the log shows it to that seat:

- a card an opponent showed it in an Examine stays known in that opponent's hand until that
  opponent loses it, proves it, returns unknown cards or has it forced back (R-INQ-4 to R-INQ-6);
- the cards it returned to the Court (after an Exchange or a forced exchange), the cards proved
  into the Court by anyone, and the card it forced back, are known in the Court, less the cards
  it has since drawn itself and, since any draw by someone else might take any card, one copy of
  each character per card drawn by someone else (R-ACT-12, R-CHAL-3);
- in the 2-player setup, the set-aside cards: each seat's own set, less its draft (its owner
  sees the draft; the other seat only knows one card has gone) (R-SETUP-7, R-SETUP-8).

Every fact is a lower bound ("at least these cards are there"), kept only while it is certain:
when the log leaves a doubt, the knowledge is dropped rather than guessed, so a sample can never
place a card by knowledge the viewer does not have. It can only be less informed than a perfect
reasoner (it ignores, for instance, that the 2-player Court starts as three different characters,
and every inference from how the others play).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

import attrs

from coup_rules import records
from coup_rules.cards import Character, sorted_cards
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
from coup_rules.log import Log
from coup_rules.records import Record, decision_record
from coup_rules.state import Core, GameState, Seat
from coup_rules.views import PlayerView, may_see

__all__ = ["CardTracker", "Determinizer", "Knowledge", "known_cards", "sample_state"]

Cards = Counter[Character]


@attrs.frozen
class Knowledge:
    """The hidden cards one seat knows the place of, as lower bounds (see the module's docs).

    Attributes:
        hands: per seat, cards known to be among that seat's hidden cards (empty for the viewer,
            whose hand is known whole, and for every seat it knows nothing about).
        court: cards known to be in the Court.
        aside: cards known to be set aside.
    """

    hands: tuple[tuple[Character, ...], ...]
    court: tuple[Character, ...]
    aside: tuple[Character, ...]


def _less_one(counts: list[int], rank: int) -> None:
    """One card of ``rank`` no longer certain in a pile (a count never falls below 0)."""
    if counts[rank]:
        counts[rank] -= 1


def _weaken(counts: list[int], unknown: int) -> None:
    """What is still certain of a pile after ``unknown`` unseen cards left it: each count less
    ``unknown``, never below 0 (any of the cards that left might have been of any character)."""
    for r, n in enumerate(counts):
        if n:
            counts[r] = n - unknown if n > unknown else 0


class CardTracker:
    """The hidden cards one viewer knows the place of, kept up to date event by event.

    Feed it the events of one game in order, as the viewer sees them (``redact(event, viewer)``,
    or a view's log), with ``feed``; ``places(pending, shown)`` then tells what is known now.
    It is what ``known_cards`` computes over a whole log, so a learning environment that keeps
    one per seat pays for each event once instead of re-reading the log at every step.

    Inside, each place is a list of counts, one per character of the game in canonical order
    (``counts`` hands them out as they are; ``places`` as ``Counter`` objects).

    Args:
        config: the game's options.
        viewer: the seat whose knowledge it is; ``None`` for a spectator.
    """

    __slots__ = ("_counts", "_rank", "config", "version", "viewer")

    READS: ClassVar[frozenset[type]] = frozenset(
        (Dealt, Drafted, CardsDrawn, CardsReturned, Proved, CardShown, InfluenceLost)
    )
    """The classes of the events ``feed`` reads; it passes over any other."""

    def __init__(self, config: Config, viewer: int | None) -> None:
        self.config = config
        self.viewer = viewer
        chars = len(config.characters)
        self._counts = [[0] * chars for _ in range(config.players + 2)]
        self._rank = {c: r for r, c in enumerate(config.characters)}
        self.version = 0
        """Counts the events ``feed`` took that may have changed what it knows (what it knows
        changes only when this does)."""

    def feed(self, event: Event) -> None:
        """Take one more event of the log into account: whole, or as the viewer sees it
        (``redact(event, viewer)``); the cards the viewer may not see are never read
        (``coup_rules.views.may_see``).

        Raises:
            ValueError: the event holds a card of a character not in this game.
        """
        self.feed_many((event,))

    def feed_many(self, events: Iterable[Event]) -> None:
        """``feed`` each of ``events``, in order.

        Raises:
            ValueError: an event holds a card of a character not in this game.
        """
        feeds = _FEEDS
        try:
            for event in events:
                read = feeds.get(type(event))
                if read is not None and read(self, event):
                    self.version += 1
        except KeyError as missing:  # the card was not in the game's ranks
            raise _not_in_game(missing.args[0] if missing.args else None) from None

    # Each reader below takes one class of event and says whether what is known may have
    # changed (an empty pile stays empty).

    def _lost(self, event: InfluenceLost) -> bool:
        player = event.player
        counts = self._counts[player]
        if player == self.viewer or not any(counts):
            return False
        _less_one(counts, self._rank[event.character])
        return True

    def _dealt(self, event: Dealt) -> bool:
        if event.count != 1:
            return False
        # the 2-player deal: this seat's own set is set aside (R-SETUP-7)
        aside = self._counts[self.config.players + 1]
        for r in range(len(aside)):
            aside[r] += 1
        return True

    def _drafted(self, event: Drafted) -> bool:
        aside = self._counts[self.config.players + 1]
        if event.card is not None and event.player == self.viewer:
            _less_one(aside, self._rank[event.card])
        elif any(aside):
            _weaken(aside, 1)
        else:
            return False
        return True

    def _drawn(self, event: CardsDrawn) -> bool:
        court = self._counts[self.config.players]
        cards = event.cards
        if cards is not None and may_see(event, self.viewer):  # the viewer's own draw
            rank = self._rank
            for card in cards:
                _less_one(court, rank[card])
        elif any(court):
            _weaken(court, event.count)
        else:
            return False
        return True

    def _returned(self, event: CardsReturned) -> bool:
        player = event.player
        held = self._counts[player]
        cards = event.cards
        if cards is not None and may_see(event, self.viewer):
            # the viewer returned them, or witnessed a forced exchange
            self._to_court(player, cards)
        elif any(held):
            _weaken(held, event.count)
        else:
            return False
        return True

    def _proved(self, event: Proved) -> bool:  # shown to all, then into the Court
        self._to_court(event.player, event.cards)
        return True

    def _to_court(self, player: int, cards: tuple[Character, ...]) -> None:
        """``player``'s ``cards``, seen, go from its hand to the Court."""
        court = self._counts[self.config.players]
        held = self._counts[player]
        rank = self._rank
        others = player != self.viewer
        for card in cards:
            r = rank[card]
            court[r] += 1
            if others:
                _less_one(held, r)

    def _shown(self, event: CardShown) -> bool:
        player = event.player
        if event.card is None or player == self.viewer or not may_see(event, self.viewer):
            return False
        held = self._counts[player]  # shown to the viewer, an Inquisitor
        r = self._rank[event.card]
        if not held[r]:
            held[r] = 1
        return True

    def counts(self, pending: Pending | Record | None, shown: Character | None) -> list[list[int]]:
        """What ``places`` tells, as counts per character (in canonical order) per place. The
        lists may be the tracker's own: read them, never change them.

        Raises:
            ValueError: ``shown`` is not a character of this game.
        """
        if shown is not None and shown not in self._rank:
            raise _not_in_game(shown)
        counts = list(self._counts)
        n = self.config.players
        if isinstance(pending, DraftChoice | records.DraftChoice):
            # the set of each seat still to draft is set aside
            drafting = len(pending.waiting)
            counts[n + 1] = [max(k, drafting) for k in counts[n + 1]]
        elif isinstance(pending, InquisitorChoice | records.InquisitorChoice) and shown is not None:
            target = pending.action.target
            if target != self.viewer:
                held = counts[target][:]
                r = self._rank[shown]
                held[r] = max(held[r], 1)
                counts[target] = held
        viewer = self.viewer
        if viewer is not None and any(counts[viewer]):
            counts[viewer] = [0] * len(counts[viewer])
        return counts

    def places(self, pending: Pending | Record | None, shown: Character | None) -> list[Cards]:
        """Known cards per place now: the seats' hands, then the Court, then the set-aside
        cards; the viewer's own place is empty.

        Args:
            pending: the decision waited on (public, or the engine's record).
            shown: the card shown in an Examine, if the viewer is shown it (``view.shown``).

        Raises:
            ValueError: ``shown`` is not a character of this game.
        """
        chars = self.config.characters
        return [
            Counter({chars[r]: k for r, k in enumerate(counts) if k})
            for counts in self.counts(pending, shown)
        ]


def _not_in_game(card: object) -> ValueError:
    """The error for a card of a character the game does not have."""
    name = str(card) if isinstance(card, Character) else repr(card)
    return ValueError(f"the log holds a card ({name}) that is not a character of this game")


_FEEDS: dict[type, Callable[[CardTracker, Any], bool]] = {
    InfluenceLost: CardTracker._lost,
    Dealt: CardTracker._dealt,
    Drafted: CardTracker._drafted,
    CardsDrawn: CardTracker._drawn,
    CardsReturned: CardTracker._returned,
    Proved: CardTracker._proved,
    CardShown: CardTracker._shown,
}
"""How ``CardTracker.feed`` reads each class of ``READS``."""


def _knowledge(view: PlayerView) -> list[Cards]:
    """A ``CardTracker`` fed the view's log, plus what the present position itself tells."""
    if view.log_start != 0:
        raise ValueError(
            "sample_state needs the whole log to know what its seat has seen: pass a view made "
            f"with since=0, not since={view.log_start}"
        )
    tracker = CardTracker(view.config, view.seat)
    tracker.feed_many(view.log)
    return tracker.places(view.pending, view.shown)


def known_cards(view: PlayerView) -> Knowledge:
    """The hidden cards whose place the viewer of ``view`` knows (a view made with ``since=0``).

    Raises:
        ValueError: the view does not hold the whole log, or its log does not fit its position.
    """
    places = _knowledge(view)
    n = view.config.players
    return Knowledge(
        hands=tuple(sorted_cards(places[s].elements()) for s in range(n)),
        court=sorted_cards(places[n].elements()),
        aside=sorted_cards(places[n + 1].elements()),
    )


_DRAFT_TRIES = 1000
"""How many deals a sample of the 2-player draft may take (one in a few fits)."""


class Determinizer:
    """Draws complete states that fit one view; the work that depends only on the view is done
    once, so drawing many samples of one view (as a search does) is cheap.

    ``Determinizer(view).sample(rng)`` is ``sample_state(view, rng)``.
    """

    __slots__ = ("_core", "_drafting", "_known", "_pool", "_sizes", "_view")

    def __init__(self, view: PlayerView) -> None:
        if not isinstance(view, PlayerView):
            raise TypeError(f"sample_state() takes a PlayerView, not {type(view).__name__}")
        places = _knowledge(view)
        config = view.config
        n = config.players
        me = view.seat
        pool: Cards = Counter(config.deck)
        for p in view.players:
            pool -= Counter(p.revealed)
        if me is not None:
            own = view.players[me].hand
            assert own is not None  # a seat always sees its own hand
            pool = _less(pool, own, "the viewer's hand")
        sizes = [0 if s == me else view.players[s].hidden for s in range(n)] + [
            view.court_size,
            view.set_aside,
        ]
        for i, known in enumerate(places):
            if known.total() > sizes[i]:
                raise ValueError("the view's log does not fit its position (too many known cards)")
            pool = _less(pool, tuple(known.elements()), "the cards the viewer knows")
            sizes[i] -= known.total()
        if pool.total() != sum(sizes):
            raise ValueError("the view's cards do not add up to the deck")
        self._view = view
        self._drafting = view.turn == 0 and any(p.hidden == 1 for p in view.players)
        self._known = [sorted_cards(k.elements()) for k in places]
        self._pool = list(sorted_cards(pool.elements()))
        self._sizes = sizes
        self._core = Core(
            config=config,
            players=tuple(
                Seat(coins=p.coins, hand=(), revealed=p.revealed, allegiance=p.allegiance)
                for p in view.players
            ),
            living=tuple([p.seat for p in view.players if p.alive]),
            treasury=view.treasury,
            reserve=view.reserve,
            court=(),
            aside=(),
            active=view.active,
            turn=view.turn,
            winner=view.winner,
            pending=None if view.pending is None else decision_record(view.pending),
            log=Log.of(view.log),
            seed=0,
            draws=0,
            shown=None,
        )

    @property
    def view(self) -> PlayerView:
        """The view the samples fit."""
        return self._view

    @property
    def unseen(self) -> tuple[Character, ...]:
        """The cards dealt at random in every sample (the deck less every card the viewer can
        place), sorted."""
        return tuple(self._pool)

    def _deal(self, rng: random.Random) -> list[tuple[Character, ...]]:
        """The hidden piles of one sample: each seat's hand, the Court, the aside."""
        pool = self._pool[:]
        rng.shuffle(pool)
        known, sizes = self._known, self._sizes
        piles: list[tuple[Character, ...]] = []
        at = 0
        for i, size in enumerate(sizes):
            piles.append(sorted_cards((*known[i], *pool[at : at + size])))
            at += size
        return piles

    def sample_core(self, rng: random.Random) -> Core:
        """A sample as the engine's compact record (what ``sample`` wraps)."""
        view = self._view
        n = view.config.players
        piles = self._deal(rng)
        if self._drafting:
            # During the 2-player draft the Court is what the third set left (different
            # characters) and the aside is the players' own sets: deal again until both hold.
            sets = Counter(view.config.characters * n)
            for _ in range(_DRAFT_TRIES):
                if len(set(piles[n])) == len(piles[n]) and Counter(piles[n + 1]) <= sets:
                    break
                piles = self._deal(rng)
            else:
                raise ValueError("the view's cards fit no deal of the 2-player setup")
        me = view.seat
        if me is not None:
            own = view.players[me].hand
            assert own is not None  # a seat always sees its own hand
            piles[me] = own
        base = self._core
        players = tuple(
            Seat(coins=s.coins, hand=piles[i], revealed=s.revealed, allegiance=s.allegiance)
            for i, s in enumerate(base.players)
        )
        shown = view.shown
        pending = view.pending
        if isinstance(pending, InquisitorChoice) and shown is None:
            hand = players[pending.action.target].hand
            if not hand:
                raise ValueError(
                    f"the Examine target, seat {pending.action.target}, holds no hidden card "
                    "to show (R-INQ-4)"
                )
            shown = rng.choice(hand)  # R-INQ-4: one of its cards
        return base._replace(
            players=players,
            court=piles[n],
            aside=piles[n + 1],
            seed=rng.getrandbits(128),
            shown=shown,
        )

    def sample(self, rng: random.Random) -> GameState:
        """A complete state that fits the view, drawn with ``rng``."""
        return GameState.of(self.sample_core(rng))


def _less(pool: Cards, cards: Iterable[Character], what: str) -> Cards:
    taken = Counter(cards)
    if any(pool[c] < k for c, k in taken.items()):
        raise ValueError(f"the view's log does not fit its position ({what} are not in the deck)")
    return pool - taken


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """A complete game state drawn at random among those that fit ``view``, for search.

    The cards the viewer cannot place (the deck less its own hand, the face-up cards and the
    cards it knows the place of: see ``known_cards``) are dealt uniformly at random to the other
    seats' hidden cards, the Court and the set-aside cards; the state gets a fresh seed from
    ``rng``, so its future draws tell nothing about the real game's, and a draw counter of 0.

    The sample's log is the view's log: the events as the viewer saw them, other seats' private
    cards left out (``None``). So, for every view ``validate_view`` accepts (every view
    ``from_json`` decodes), ``view(sample, seat) == view`` in every field, the log included;
    ``to_act`` and the viewer's ``legal_moves`` are the same; the sample passes
    ``validate_state`` and ``validate_log`` and plays on like any state. Other seats' views of
    the sample show their own past private events redacted too.

    During an Examine, a viewer who is not shown the card gets a sample in which the target
    showed one of its sampled cards, picked at random.

    Args:
        view: a view made with ``since=0`` (the whole log: it is what tells which cards the seat
            has seen); a spectator's view (seat ``None``) works too.
        rng: the source of every random choice of the sample.

    Raises:
        ValueError: the view does not hold the whole log, or its log does not fit its position.
        TypeError: ``view`` is not a ``PlayerView``.
    """
    return Determinizer(view).sample(rng)
