"""Simple, deterministic bots, and a loop that plays a whole game between them.

A bot is any object with a method ``choose(state, seat, rng) -> Move`` that returns one of
``legal_moves(state, seat)``. All of a bot's chance comes from the ``random.Random`` it is
handed (created by the caller from a seed), never from the global ``random`` module, so one seed
always gives the same game.

**What a bot may look at.** A bot is handed the whole ``GameState`` for convenience, but the bots
here read only what their seat may know: their own hidden cards (``state.players[seat].hand``),
the public facts (every seat's coins, revealed cards, allegiance and number of hidden cards, the
Treasury and Reserve, the config, ``state.pending``), and the card an opponent showed to them in
an Examine. They never read another seat's hand, the Court, the set-aside cards or the seed. A
bot written for a real server should be handed a ``view`` instead of the state.

The bots are not meant to play well; they make the demo and the examples lively:

- ``RandomBot``: a uniformly random legal move.
- ``HonestBot``: claims only characters it holds (but bluffs a Steal when the Treasury is empty,
  the only way left to get coins), blocks when it holds a blocker, challenges only a claim it
  knows is false (all copies accounted for) and otherwise rarely, keeps its best cards.
- ``BluffBot``: plays like ``HonestBot`` but bluffs Tax and blocks, and challenges more often.
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, assert_never

import attrs

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
from coup_rules.engine import apply, legal_moves, to_act
from coup_rules.events import CardShown
from coup_rules.moves import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    Concede,
    Coup,
    Embezzle,
    Examine,
    Exchange,
    ForceExchange,
    ForeignAid,
    GiveBack,
    Income,
    Keep,
    Move,
    Prove,
    Steal,
    Tax,
)
from coup_rules.state import GameState

__all__ = [
    "BOTS",
    "BluffBot",
    "Bot",
    "HonestBot",
    "RandomBot",
    "make_bots",
    "play_game",
]


class Bot(Protocol):
    """Anything that picks a legal move for a seat."""

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """One of ``legal_moves(state, seat)``, drawing any chance from ``rng``."""
        ...


@attrs.frozen
class RandomBot:
    """Plays a uniformly random legal move."""

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """A random legal move of ``seat``."""
        return rng.choice(legal_moves(state, seat))


# --- what a seat knows ---------------------------------------------------------------------------

VALUE: Mapping[Character, int] = types.MappingProxyType(
    {
        Character.DUKE: 5,
        Character.CAPTAIN: 4,
        Character.ASSASSIN: 4,
        Character.INQUISITOR: 3,
        Character.CONTESSA: 3,
        Character.AMBASSADOR: 2,
    }
)
"""How much the bots like to keep each character."""


def _hand(state: GameState, seat: int) -> tuple[Character, ...]:
    """The seat's own hidden cards: the one private fact a bot reads."""
    return state.players[seat].hand


def _unseen(state: GameState, seat: int, card: Character) -> int:
    """Copies of ``card`` that ``seat`` cannot account for (not revealed, not in its hand)."""
    revealed = sum(p.revealed.count(card) for p in state.players)
    return state.config.copies_per_character - revealed - _hand(state, seat).count(card)


def _shown_to(state: GameState, seat: int) -> Character | None:
    """The card last shown to ``seat`` in an Examine (the seat saw it)."""
    for i in range(len(state.log) - 1, -1, -1):
        event = state.log[i]
        if isinstance(event, CardShown):
            return event.card if event.to == seat else None
    return None


def _threat(state: GameState, target: int) -> tuple[int, int, int]:
    """Public sort key: the most dangerous opponent first (influence, then coins)."""
    p = state.players[target]
    return (len(p.hand), p.coins, -target)


def _best_target(state: GameState, moves: Sequence[Coup | Assassinate | Steal]) -> Move:
    return max(moves, key=lambda m: _threat(state, m.target))


def _claimed(pending: ChallengeActionWindow | ChallengeBlockWindow) -> Character | None:
    """The character whose claim may be challenged now (``None`` for Embezzle)."""
    if isinstance(pending, ChallengeBlockWindow):
        return pending.block.character
    return pending.claim


# --- the policy of HonestBot and BluffBot --------------------------------------------------------


@attrs.frozen
class _Style:
    bluff: float
    challenge: float


def _action(state: GameState, seat: int, rng: random.Random, style: _Style) -> Move:
    legal = legal_moves(state, seat)
    hand = _hand(state, seat)
    coups = [m for m in legal if isinstance(m, Coup)]
    if coups:
        return _best_target(state, coups)
    kills = [m for m in legal if isinstance(m, Assassinate)]
    if kills and Character.ASSASSIN in hand:
        return _best_target(state, kills)
    if Tax(seat) in legal and (Character.DUKE in hand or rng.random() < style.bluff):
        return Tax(seat)
    steals = [m for m in legal if isinstance(m, Steal) and state.players[m.target].coins >= 2]
    if steals and (Character.CAPTAIN in hand or state.treasury == 0):
        return max(steals, key=lambda m: (state.players[m.target].coins, -m.target))
    if Embezzle(seat) in legal and Character.DUKE not in hand and state.reserve >= 2:
        return Embezzle(seat)
    if state.config.exchanger in hand and rng.random() < 0.3:
        examines = [m for m in legal if isinstance(m, Examine)]
        if examines and rng.random() < 0.5:
            return rng.choice(examines)
        return Exchange(seat)
    return ForeignAid(seat) if rng.random() < 0.5 else Income(seat)


def _challenge(
    state: GameState,
    pending: ChallengeActionWindow | ChallengeBlockWindow,
    seat: int,
    rng: random.Random,
    style: _Style,
) -> Move:
    claim = _claimed(pending)
    sure = claim is not None and _unseen(state, seat, claim) <= 0
    return Challenge(seat) if sure or rng.random() < style.challenge else Allow(seat)


def _counter(state: GameState, seat: int, rng: random.Random, style: _Style) -> Move:
    blocks = [m for m in legal_moves(state, seat) if isinstance(m, Block)]
    held = [m for m in blocks if m.character in _hand(state, seat)]
    if held:
        return held[0]
    if blocks and rng.random() < style.bluff:
        return rng.choice(blocks)
    return Allow(seat)


def _keep(state: GameState, seat: int) -> Move:
    keeps = [m for m in legal_moves(state, seat) if isinstance(m, Keep)]
    return max(keeps, key=lambda m: (sum(VALUE[c] for c in m.cards), len(set(m.cards))))


def _inquisitor(state: GameState, seat: int) -> Move:
    shown = _shown_to(state, seat)
    return ForceExchange(seat) if shown is not None and VALUE[shown] >= 4 else GiveBack(seat)


def _card_of(move: Move) -> Character:
    """The card named by a ``LoseInfluence``, ``Show`` or ``Draft``."""
    card = getattr(move, "character", None)
    assert isinstance(card, Character)
    return card


def _lowest(state: GameState, seat: int) -> Move:
    """Lose or show the card the seat values least."""
    return min(legal_moves(state, seat), key=lambda m: VALUE[_card_of(m)])


def _draft(state: GameState, seat: int) -> Move:
    """The best card not already in hand."""
    hand = _hand(state, seat)
    moves = legal_moves(state, seat)
    return max(moves, key=lambda m: (_card_of(m) not in hand, VALUE[_card_of(m)]))


def _policy(state: GameState, seat: int, rng: random.Random, style: _Style) -> Move:
    pending = state.pending
    match pending:
        case ActionChoice():
            return _action(state, seat, rng, style)
        case ChallengeActionWindow() | ChallengeBlockWindow():
            return _challenge(state, pending, seat, rng, style)
        case CounterWindow():
            return _counter(state, seat, rng, style)
        case ActionChallengeAnswer() | BlockChallengeAnswer():
            legal = legal_moves(state, seat)
            return Prove(seat) if Prove(seat) in legal else Concede(seat)
        case InfluenceChoice() | ShowChoice():
            return _lowest(state, seat)
        case KeepChoice():
            return _keep(state, seat)
        case InquisitorChoice():
            return _inquisitor(state, seat)
        case DraftChoice():
            return _draft(state, seat)
        case AllegianceChoice() | None:
            return rng.choice(legal_moves(state, seat))
        case _:
            assert_never(pending)


@attrs.frozen
class HonestBot:
    """Claims only what it holds; challenges a claim it knows is false, else rarely.

    Attributes:
        challenge_rate: the chance of challenging a claim it cannot disprove.
    """

    challenge_rate: float = 0.05

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """The honest move of ``seat``."""
        return _policy(state, seat, rng, _Style(bluff=0.0, challenge=self.challenge_rate))


@attrs.frozen
class BluffBot:
    """Plays like ``HonestBot``, but bluffs Tax and blocks, and challenges more often.

    Attributes:
        bluff_rate: the chance of claiming a Duke for Tax, or a blocker, it does not hold.
        challenge_rate: the chance of challenging a claim it cannot disprove.
    """

    bluff_rate: float = 0.3
    challenge_rate: float = 0.2

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """The move of ``seat``, sometimes a bluff."""
        return _policy(state, seat, rng, _Style(self.bluff_rate, self.challenge_rate))


BOTS: Mapping[str, Callable[[], Bot]] = types.MappingProxyType(
    {
        "random": RandomBot,
        "honest": HonestBot,
        "bluff": BluffBot,
    }
)
"""The bots by the names the command line uses."""


def make_bots(names: Sequence[str], players: int) -> tuple[Bot, ...]:
    """One bot per seat, cycling through ``names`` (e.g. ``["honest", "random"]``).

    Raises:
        ValueError: an unknown bot name, or no name at all.
    """
    if not names:
        raise ValueError("give at least one bot name")
    for name in names:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; choose from: {', '.join(BOTS)}")
    return tuple(BOTS[names[seat % len(names)]]() for seat in range(players))


OnMove = Callable[[GameState, Move, GameState], None]
"""Called after each move with the state before, the move and the state after."""


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    rng: random.Random,
    *,
    on_move: OnMove | None = None,
    max_moves: int = 100_000,
) -> GameState:
    """Play ``state`` to the end, each seat's moves chosen by ``bots[seat]``.

    When several seats are waited on at once (a challenge window), ``rng`` picks who speaks
    first, then that seat's bot chooses.

    Args:
        state: where to start.
        bots: one bot per seat.
        rng: all the chance of the bots and of the speaking order.
        on_move: called after each move with (state before, move, state after).
        max_moves: a guard against a game that never ends.

    Returns:
        The final state (``is_over``).

    Raises:
        RuntimeError: the game did not end within ``max_moves`` moves.
    """
    if len(bots) != state.config.players:
        raise ValueError(f"give one bot per seat ({state.config.players}), not {len(bots)}")
    for _ in range(max_moves):
        seats = to_act(state)
        if not seats:
            return state
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        move = bots[seat].choose(state, seat, rng)
        after = apply(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    if state.is_over:
        return state
    raise RuntimeError(f"the game did not end within {max_moves} moves")
