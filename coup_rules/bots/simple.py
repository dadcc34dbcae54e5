"""The simple bots: ``RandomBot``, ``HonestBot`` and ``BluffBot``.

``HonestBot`` and ``BluffBot`` share one policy and differ only in how often they bluff and
challenge. Both read nothing but the view they are handed; neither keeps memory between calls.
They decide their action and their answers in the windows; ``coup_rules.bots.dispatch`` answers
every other decision (its shared answers, ``lowest_card`` and the others, are importable from
here too).
"""

from __future__ import annotations

import random

import attrs

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


def _action(view: PlayerView, rng: random.Random, style: _Style) -> Move:
    seat, legal, hand = seat_of(view), view.legal_moves, hand_of(view)
    coups = [m for m in legal if isinstance(m, Coup)]
    if coups:
        return best_target(view, coups)
    kills = [m for m in legal if isinstance(m, Assassinate)]
    if kills and Character.ASSASSIN in hand:
        return best_target(view, kills)
    if Tax(seat) in legal and (Character.DUKE in hand or rng.random() < style.bluff):
        return Tax(seat)
    steals = [m for m in legal if isinstance(m, Steal) and view.players[m.target].coins >= 2]
    if steals and (Character.CAPTAIN in hand or view.treasury == 0):
        return max(steals, key=lambda m: (view.players[m.target].coins, -m.target))
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
        challenge_rate: the chance of challenging a claim it cannot disprove.
    """

    challenge_rate: float = 0.05

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The honest move of the viewer."""
        return _policy(view, rng, _Style(bluff=0.0, challenge=self.challenge_rate))


@attrs.frozen
class BluffBot:
    """Plays like ``HonestBot``, but bluffs Tax and blocks, and challenges more often.

    Attributes:
        bluff_rate: the chance of claiming a Duke for Tax, or a blocker, it does not hold.
        challenge_rate: the chance of challenging a claim it cannot disprove.
    """

    bluff_rate: float = 0.3
    challenge_rate: float = 0.2

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move of the viewer, sometimes a bluff."""
        return _policy(view, rng, _Style(self.bluff_rate, self.challenge_rate))
