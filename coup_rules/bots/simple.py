"""The simple bots: ``RandomBot``, ``HonestBot`` and ``BluffBot``.

``HonestBot`` and ``BluffBot`` share one policy and differ only in how often they bluff and
challenge. Both read nothing but the view they are handed; neither keeps memory between calls.
They decide their action and their answers in the windows; ``coup_rules.bots.dispatch`` answers
every other decision (its shared answers, ``lowest_card`` and the others, are importable from
here too).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs

from coup_rules.bots.aim import Aimed, aim, chance, targeting
from coup_rules.bots.base import best_target, hand_of, seat_of
from coup_rules.bots.dispatch import (
    ChallengeWindow,
    Handlers,
    best_draft,
    decide,
    inquisitor_choice,
    keep_best,
    lowest_card,
)
from coup_rules.cards import Character
from coup_rules.decisions import ChallengeBlockWindow
from coup_rules.moves import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    Coup,
    Embezzle,
    Examine,
    Exchange,
    ForeignAid,
    Income,
    Move,
    Steal,
    Tax,
)
from coup_rules.views import PlayerView

__all__ = [
    "BluffBot",
    "HonestBot",
    "RandomBot",
    "best_draft",
    "inquisitor_choice",
    "keep_best",
    "lowest_card",
    "unseen",
]


@attrs.frozen
class RandomBot:
    """Plays a uniformly random legal move."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A random legal move of the viewer."""
        return rng.choice(view.legal_moves)


# --- what a seat knows ---------------------------------------------------------------------------


def unseen(view: PlayerView, card: Character) -> int:
    """Copies of ``card`` the viewer cannot account for (not revealed, not in its own hand)."""
    revealed = sum(p.revealed.count(card) for p in view.players)
    return view.config.copies_per_character - revealed - hand_of(view).count(card)


def _claimed(pending: ChallengeWindow) -> Character | None:
    """The character whose claim may be challenged now (``None`` for Embezzle)."""
    if isinstance(pending, ChallengeBlockWindow):
        return pending.block.character
    return pending.claim


# --- the policy of HonestBot and BluffBot --------------------------------------------------------


@attrs.frozen
class _Style:
    bluff: float
    challenge: float
    targeting: str = "own"
    vengeance: float = 0.0


def _aim(
    view: PlayerView,
    moves: list[Aimed],
    rng: random.Random,
    style: _Style,
    own: Callable[[Sequence[Aimed]], Move],
) -> Move:
    return aim(view, moves, rng, targeting=style.targeting, vengeance=style.vengeance, own=own)


def _threat(view: PlayerView) -> Callable[[Sequence[Aimed]], Move]:
    return lambda moves: best_target(view, moves)


def _richest(view: PlayerView) -> Callable[[Sequence[Aimed]], Move]:
    return lambda moves: max(moves, key=lambda m: (view.players[m.target].coins, -m.target))


def _action(view: PlayerView, rng: random.Random, style: _Style) -> Move:
    seat, legal, hand = seat_of(view), view.legal_moves, hand_of(view)
    coups: list[Aimed] = [m for m in legal if isinstance(m, Coup)]
    if coups:
        return _aim(view, coups, rng, style, _threat(view))
    kills: list[Aimed] = [m for m in legal if isinstance(m, Assassinate)]
    if kills and Character.ASSASSIN in hand:
        return _aim(view, kills, rng, style, _threat(view))
    if Tax(seat) in legal and (Character.DUKE in hand or rng.random() < style.bluff):
        return Tax(seat)
    steals: list[Aimed] = [
        m for m in legal if isinstance(m, Steal) and view.players[m.target].coins >= 2
    ]
    if steals and (Character.CAPTAIN in hand or view.treasury == 0):
        return _aim(view, steals, rng, style, _richest(view))
    if Embezzle(seat) in legal and Character.DUKE not in hand and view.reserve >= 2:
        return Embezzle(seat)
    if view.config.exchanger in hand and rng.random() < 0.3:
        examines = [m for m in legal if isinstance(m, Examine)]
        if examines and rng.random() < 0.5:
            return rng.choice(examines)
        if Exchange(seat) in legal:
            return Exchange(seat)
    return ForeignAid(seat) if rng.random() < 0.5 else Income(seat)


def _challenge(
    view: PlayerView, pending: ChallengeWindow, rng: random.Random, style: _Style
) -> Move:
    seat = seat_of(view)
    claim = _claimed(pending)
    sure = claim is not None and unseen(view, claim) <= 0
    return Challenge(seat) if sure or rng.random() < style.challenge else Allow(seat)


def _counter(view: PlayerView, rng: random.Random, style: _Style) -> Move:
    blocks = [m for m in view.legal_moves if isinstance(m, Block)]
    held = [m for m in blocks if m.character in hand_of(view)]
    if held:
        return held[0]
    if blocks and rng.random() < style.bluff:
        return rng.choice(blocks)
    return Allow(seat_of(view))


def _policy(view: PlayerView, rng: random.Random, style: _Style) -> Move:
    """The move of HonestBot and BluffBot: their action and windows, ``decide``'s otherwise."""
    return decide(
        view,
        rng,
        Handlers(
            action=lambda v, r: _action(v, r, style),
            challenge=lambda v, pending, r: _challenge(v, pending, r, style),
            counter=lambda v, _, r: _counter(v, r, style),
        ),
    )


@attrs.frozen
class HonestBot:
    """Claims only what it holds; challenges a claim it knows is false, else rarely.

    It bluffs a Steal only when the Treasury is empty, the one way left to get coins.

    Attributes:
        challenge_rate: the chance of challenging a claim it cannot disprove (the
            ``skepticism`` knob, see ``coup_rules.bots.personality``).
        targeting: whom it aims a Coup, an Assassination or a Steal at
            (``coup_rules.bots.aim.TARGETINGS``; ``own``: the most influence, then coins, for
            a Coup or an Assassination, the most coins for a Steal).
        vengeance: the chance of aiming instead at the seat that last cost it an influence or
            coins, when it can.
    """

    challenge_rate: float = attrs.field(default=0.05, validator=chance("skepticism"))
    targeting: str = attrs.field(default="own", validator=targeting)
    vengeance: float = attrs.field(default=0.0, validator=chance("vengeance"))

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The honest move of the viewer."""
        style = _Style(0.0, self.challenge_rate, self.targeting, self.vengeance)
        return _policy(view, rng, style)


@attrs.frozen
class BluffBot:
    """Plays like ``HonestBot``, but bluffs Tax and blocks, and challenges more often.

    Attributes:
        bluff_rate: the chance of claiming a Duke for Tax, or a blocker, it does not hold (the
            ``bluff`` knob).
        challenge_rate: the chance of challenging a claim it cannot disprove (``skepticism``).
        targeting: whom it aims at, as ``HonestBot``'s.
        vengeance: the chance of aiming at the seat that last hurt it, as ``HonestBot``'s.
    """

    bluff_rate: float = attrs.field(default=0.3, validator=chance("bluff"))
    challenge_rate: float = attrs.field(default=0.2, validator=chance("skepticism"))
    targeting: str = attrs.field(default="own", validator=targeting)
    vengeance: float = attrs.field(default=0.0, validator=chance("vengeance"))

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move of the viewer, sometimes a bluff."""
        style = _Style(self.bluff_rate, self.challenge_rate, self.targeting, self.vengeance)
        return _policy(view, rng, style)
