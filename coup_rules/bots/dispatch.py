"""One dispatch over the decisions for every bot: ``decide(view, rng, handlers)``.

A bot decides three things for itself: its action, its answer in a challenge window (the
action's or the block's) and its answer in the counter window. It hands those as ``Handlers``;
every other decision is answered here, alike for every bot: it proves a challenged claim when
it can, loses and shows the card it values least, keeps its best cards, forces the exchange of
a valuable card it was shown, drafts its best missing card, and picks its allegiance at random.
Adding a kind of decision means one ``case`` here (``mypy`` names it), not one per bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeAlias, assert_never

import attrs

from coup_rules.bots.base import VALUE, hand_of, seat_of
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
    Concede,
    Draft,
    ForceExchange,
    GiveBack,
    Keep,
    LoseInfluence,
    Move,
    Prove,
    Show,
)
from coup_rules.views import PlayerView

__all__ = [
    "ChallengeWindow",
    "Handlers",
    "best_draft",
    "decide",
    "inquisitor_choice",
    "keep_best",
    "lowest_card",
    "prove_or_concede",
]

ChallengeWindow: TypeAlias = ChallengeActionWindow | ChallengeBlockWindow
"""A window in which a claim may be challenged: the action's (window a) or the block's (c)."""


@attrs.frozen
class Handlers:
    """What a bot decides for itself; ``decide`` answers every other decision.

    Attributes:
        action: the turn's action, from the view and the random stream.
        challenge: a challenge or allow in a challenge window.
        counter: a block or allow in the counter window.
    """

    action: Callable[[PlayerView, random.Random], Move]
    challenge: Callable[[PlayerView, ChallengeWindow, random.Random], Move]
    counter: Callable[[PlayerView, CounterWindow, random.Random], Move]


def decide(view: PlayerView, rng: random.Random, handlers: Handlers) -> Move:
    """The viewer's move for the decision of ``view``: ``handlers``' for the action and the
    windows, the shared answer for every other decision (see the module)."""
    pending = view.pending
    match pending:
        case ActionChoice():
            return handlers.action(view, rng)
        case ChallengeActionWindow() | ChallengeBlockWindow():
            return handlers.challenge(view, pending, rng)
        case CounterWindow():
            return handlers.counter(view, pending, rng)
        case ActionChallengeAnswer() | BlockChallengeAnswer():
            return prove_or_concede(view)
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


def prove_or_concede(view: PlayerView) -> Move:
    """Prove a challenged claim when the viewer can, else concede."""
    seat = seat_of(view)
    return Prove(seat) if Prove(seat) in view.legal_moves else Concede(seat)


def lowest_card(view: PlayerView) -> Move:
    """Lose (or show) the card the viewer values least."""
    named = [m for m in view.legal_moves if isinstance(m, LoseInfluence | Show)]
    return min(named, key=lambda m: VALUE[m.character])


def keep_best(view: PlayerView) -> Move:
    """The ``Keep`` of the most valuable cards, different ones preferred."""
    keeps = [m for m in view.legal_moves if isinstance(m, Keep)]
    return max(keeps, key=lambda m: (sum(VALUE[c] for c in m.cards), len(set(m.cards))))


def inquisitor_choice(view: PlayerView) -> Move:
    """Force an exchange of a valuable examined card; give a weak one back."""
    seat = seat_of(view)
    shown = view.shown
    return ForceExchange(seat) if shown is not None and VALUE[shown] >= 4 else GiveBack(seat)


def best_draft(view: PlayerView) -> Move:
    """The best card of the viewer's own set that is not already in its hand."""
    hand = hand_of(view)
    drafts = [m for m in view.legal_moves if isinstance(m, Draft)]
    return max(drafts, key=lambda m: (m.character not in hand, VALUE[m.character]))
