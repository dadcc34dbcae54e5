"""A cheap, mostly honest player: the search's model of the other seats and its playout policy.

``plausible_move`` plays like the honest bots of ``coup_rules.bots``, on the engine's compact
position and knowing only its own cards there (in a determinization, those are the cards the
world gives it): it Coups the most dangerous opponent when it can, claims what it holds (an
Assassination of the most dangerous opponent, Tax, a Steal from the richest), exchanges now and
then, otherwise takes Income or Foreign Aid; with a small chance it bluffs a claim or a block;
it challenges a claim it knows is false (every copy accounted for), else with a small chance;
blocks with a card it holds; proves when it can; loses and shows its least valued card, keeps
its best ones, forces the exchange of a good card it was shown.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeAlias, assert_never

from coup_rules.actions import claimed_character
from coup_rules.bots import VALUE
from coup_rules.cards import Character
from coup_rules.moves import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    Coup,
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
    is_action,
)
from coup_rules.records import (
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
from coup_rules.state import Core

__all__ = ["plausible_move"]


def plausible_move(
    core: Core,
    seat: int,
    moves: Sequence[Move],
    rng: random.Random,
    *,
    bluff_rate: float = 0.1,
    challenge_rate: float = 0.1,
) -> Move:
    """A plausible move of ``seat`` among its legal ``moves`` in ``core`` (see the module).

    Every decision has its arm (mypy names a missing one, as in ``bots.dispatch``); every draw is
    from ``rng``, so one seeded ``rng`` gives one move. The allegiance choice, which no heuristic
    favours, is drawn from ``rng`` among ``moves``, as the compiled twin
    (``vector.search.plausible``) draws it from its row's stream.

    Raises:
        ValueError: the game is over (no decision to answer).
    """
    hand = core.players[seat].hand
    pending = core.pending
    match pending:
        case ActionChoice():
            return _action(core, seat, hand, moves, rng, bluff_rate)
        case ChallengeActionWindow() | ChallengeBlockWindow():
            claim = (
                pending.block.character
                if isinstance(pending, ChallengeBlockWindow)
                else pending.claim
            )
            sure = claim is not None and _unaccounted(core, seat, claim) <= 0
            wanted: type = Challenge if sure or rng.random() < challenge_rate else Allow
            return _first(moves, wanted)
        case CounterWindow():
            blocks = [m for m in moves if isinstance(m, Block)]
            for m in blocks:
                if m.character in hand:
                    return m
            if blocks and rng.random() < bluff_rate:
                return rng.choice(blocks)
            return _first(moves, Allow)
        case ActionChallengeAnswer() | BlockChallengeAnswer():
            return _first(moves, Prove) if len(moves) > 1 else moves[0]
        case InfluenceChoice() | ShowChoice():
            return min(moves, key=_card_value)
        case KeepChoice():
            return max(moves, key=_keep_value)
        case InquisitorChoice():
            shown = core.shown
            wanted = ForceExchange if shown is not None and VALUE[shown] >= 4 else GiveBack
            return _first(moves, wanted)
        case DraftChoice():
            return max(moves, key=lambda m: (_card(m) not in hand, VALUE[_card(m)]))
        case AllegianceChoice():
            return rng.choice(moves)
        case None:
            raise ValueError("plausible_move: the game is over, no seat has a decision to answer")
        case _:
            assert_never(pending)


def _unaccounted(core: Core, seat: int, card: Character) -> int:
    """Copies of ``card`` that ``seat`` cannot account for (face up, or in its own hand)."""
    seen = core.players[seat].hand.count(card)
    for p in core.players:
        seen += p.revealed.count(card)
    return core.config.copies_per_character - seen


def _first(moves: Sequence[Move], kind: type) -> Move:
    for m in moves:
        if type(m) is kind:
            return m
    raise AssertionError(f"no {kind.__name__} among {moves}")


def _card(move: Move) -> Character:
    card = getattr(move, "character", None)
    assert isinstance(card, Character)
    return card


def _card_value(move: Move) -> int:
    return VALUE[_card(move)] if isinstance(move, LoseInfluence | Show) else 0


def _keep_value(move: Move) -> tuple[int, int]:
    cards = move.cards if isinstance(move, Keep) else ()
    return (sum(VALUE[c] for c in cards), len(set(cards)))


# --- the turn action ------------------------------------------------------------------------------

_Groups: TypeAlias = dict[type, list[Move]]

_groups: dict[int, tuple[Sequence[Move], _Groups, list[Move]]] = {}
"""Per tuple of actions (by identity: the engine shares its tuples), the actions by kind and the
claims among them, so that a decision costs a few look-ups."""


def _grouped(moves: Sequence[Move], exchanger: Character) -> tuple[_Groups, list[Move]]:
    found = _groups.get(id(moves))
    if found is not None and found[0] is moves:
        return found[1], found[2]
    groups: _Groups = {}
    claims: list[Move] = []
    for m in moves:
        groups.setdefault(type(m), []).append(m)
        if is_action(m) and claimed_character(m, exchanger) is not None:
            claims.append(m)
    if len(_groups) > 4096:
        _groups.clear()
    _groups[id(moves)] = (moves, groups, claims)
    return groups, claims


def _threat(core: Core, move: Move) -> tuple[int, int, int]:
    """The most dangerous target first: most influence, then most coins."""
    target: int = getattr(move, "target", 0)
    p = core.players[target]
    return (len(p.hand), p.coins, -target)


def _action(
    core: Core,
    seat: int,
    hand: tuple[Character, ...],
    moves: Sequence[Move],
    rng: random.Random,
    bluff: float,
) -> Move:
    groups, claims = _grouped(moves, core.config.exchanger)
    coups = groups.get(Coup)
    if coups:
        return max(coups, key=lambda m: _threat(core, m))
    kills = groups.get(Assassinate)
    if kills and Character.ASSASSIN in hand:
        return max(kills, key=lambda m: _threat(core, m))
    if Tax in groups and Character.DUKE in hand:
        return groups[Tax][0]
    players = core.players
    steals = [m for m in groups.get(Steal, ()) if players[getattr(m, "target", 0)].coins >= 2]
    if steals and Character.CAPTAIN in hand:
        return max(steals, key=lambda m: _threat(core, m)[1:])
    if Embezzle in groups and Character.DUKE not in hand and core.reserve >= 2:
        return groups[Embezzle][0]
    if core.config.exchanger in hand and rng.random() < 0.3:
        examines = groups.get(Examine)
        if examines and rng.random() < 0.5:
            return rng.choice(examines)
        if Exchange in groups:
            return groups[Exchange][0]
    if claims and rng.random() < bluff:
        return rng.choice(claims)
    if ForeignAid in groups and rng.random() < 0.5:
        return groups[ForeignAid][0]
    return groups[Income][0] if Income in groups else rng.choice(moves)
