"""The simple bots: ``RandomBot``, ``HonestBot`` and ``BluffBot``.

``HonestBot`` and ``BluffBot`` share one policy and differ only in how often they bluff and
challenge. Both read nothing but the view they are handed; neither keeps memory between calls.
"""

from __future__ import annotations

import random
from typing import assert_never

import attrs

from coup_rules.bots.base import VALUE, best_target, hand_of, seat_of
from coup_rules.cards import Character
from coup_rules.decisions import (
    ActionChallengeAnswer,
    ActionChoice,
    AllegianceChoice,
    BlockChallengeAnswer,
    ChallengeActionWindow,
    ChallengeBlockWindow,
    CounterWindow,
    DraftChoice,
    InfluenceChoice,
    InquisitorChoice,
    KeepChoice,
    ShowChoice,
)
from coup_rules.moves import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    Concede,
    Coup,
    Draft,
    Embezzle,
    Examine,
    Exchange,
    ForceExchange,
    ForeignAid,
    GiveBack,
    Income,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
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


def _claimed(pending: ChallengeActionWindow | ChallengeBlockWindow) -> Character | None:
    """The character whose claim may be challenged now (``None`` for Embezzle)."""
    if isinstance(pending, ChallengeBlockWindow):
        return pending.block.character
    return pending.claim


def keep_best(view: PlayerView) -> Move:
    """The ``Keep`` of the most valuable cards, different ones preferred."""
    keeps = [m for m in view.legal_moves if isinstance(m, Keep)]
    return max(keeps, key=lambda m: (sum(VALUE[c] for c in m.cards), len(set(m.cards))))


def lowest_card(view: PlayerView) -> Move:
    """Lose (or show) the card the viewer values least."""
    named = [m for m in view.legal_moves if isinstance(m, LoseInfluence | Show)]
    return min(named, key=lambda m: VALUE[m.character])


def best_draft(view: PlayerView) -> Move:
    """The best card of the viewer's own set that is not already in its hand."""
    hand = hand_of(view)
    drafts = [m for m in view.legal_moves if isinstance(m, Draft)]
    return max(drafts, key=lambda m: (m.character not in hand, VALUE[m.character]))


def inquisitor_choice(view: PlayerView) -> Move:
    """Force an exchange of a valuable examined card; give a weak one back."""
    seat = seat_of(view)
    shown = view.shown
    return ForceExchange(seat) if shown is not None and VALUE[shown] >= 4 else GiveBack(seat)


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
    view: PlayerView,
    pending: ChallengeActionWindow | ChallengeBlockWindow,
    rng: random.Random,
    style: _Style,
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
    pending = view.pending
    match pending:
        case ActionChoice():
            return _action(view, rng, style)
        case ChallengeActionWindow() | ChallengeBlockWindow():
            return _challenge(view, pending, rng, style)
        case CounterWindow():
            return _counter(view, rng, style)
        case ActionChallengeAnswer() | BlockChallengeAnswer():
            seat = seat_of(view)
            return Prove(seat) if Prove(seat) in view.legal_moves else Concede(seat)
        case InfluenceChoice() | ShowChoice():
            return lowest_card(view)
        case KeepChoice():
            return keep_best(view)
        case InquisitorChoice():
            return inquisitor_choice(view)
        case DraftChoice():
            return best_draft(view)
        case AllegianceChoice() | None:
            return rng.choice(view.legal_moves)
        case _:
            assert_never(pending)


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
