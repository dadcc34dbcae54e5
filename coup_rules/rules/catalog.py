"""Every possible move of every seat, built once: ``legal_moves`` hands out these instances.

Moves are immutable values, so sharing one instance per move between all states is safe, saves
building dozens of objects per decision, and lets ``apply`` recognise a move taken from
``legal_moves`` by identity before it falls back to comparing by value.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import TypeVar

from coup_rules.cards import Allegiance, Character
from coup_rules.config import MAX_PLAYERS
from coup_rules.moves import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Convert,
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
    Prove,
    Show,
    Steal,
    Tax,
)

_SEATS = range(MAX_PLAYERS)

INCOME = tuple(Income(s) for s in _SEATS)
FOREIGN_AID = tuple(ForeignAid(s) for s in _SEATS)
TAX = tuple(Tax(s) for s in _SEATS)
EXCHANGE = tuple(Exchange(s) for s in _SEATS)
EMBEZZLE = tuple(Embezzle(s) for s in _SEATS)
CHALLENGE = tuple(Challenge(s) for s in _SEATS)
ALLOW = tuple(Allow(s) for s in _SEATS)
PROVE = tuple(Prove(s) for s in _SEATS)
CONCEDE = tuple(Concede(s) for s in _SEATS)
GIVE_BACK = tuple(GiveBack(s) for s in _SEATS)
FORCE_EXCHANGE = tuple(ForceExchange(s) for s in _SEATS)

CHALLENGE_OR_ALLOW = tuple((CHALLENGE[s], ALLOW[s]) for s in _SEATS)
PROVE_OR_CONCEDE = tuple((PROVE[s], CONCEDE[s]) for s in _SEATS)
CONCEDE_ONLY = tuple((CONCEDE[s],) for s in _SEATS)
GIVE_BACK_OR_FORCE = tuple((GIVE_BACK[s], FORCE_EXCHANGE[s]) for s in _SEATS)

COUP = tuple(tuple(Coup(s, t) for t in _SEATS) for s in _SEATS)
ASSASSINATE = tuple(tuple(Assassinate(s, t) for t in _SEATS) for s in _SEATS)
STEAL = tuple(tuple(Steal(s, t) for t in _SEATS) for s in _SEATS)
EXAMINE = tuple(tuple(Examine(s, t) for t in _SEATS) for s in _SEATS)
CONVERT = tuple(tuple(Convert(s, t) for t in _SEATS) for s in _SEATS)

BLOCK = tuple(tuple(Block(s, c) for c in Character) for s in _SEATS)
LOSE = tuple(tuple(LoseInfluence(s, c) for c in Character) for s in _SEATS)
SHOW = tuple(tuple(Show(s, c) for c in Character) for s in _SEATS)
DRAFT = tuple(tuple(Draft(s, c) for c in Character) for s in _SEATS)
CHOOSE = tuple(tuple(ChooseAllegiance(s, a) for a in Allegiance) for s in _SEATS)
DRAFT_AMBASSADOR = tuple(
    tuple(d for d in DRAFT[s] if d.character != Character.INQUISITOR) for s in _SEATS
)
"""``DRAFT_AMBASSADOR[seat]``: the drafts of a game with the Ambassador, in card order."""
DRAFT_INQUISITOR = tuple(
    tuple(d for d in DRAFT[s] if d.character != Character.AMBASSADOR) for s in _SEATS
)
"""``DRAFT_INQUISITOR[seat]``: the drafts of a game with the Inquisitor, in card order."""


_Choice = TypeVar("_Choice", LoseInfluence, Show)


def _choices(moves: tuple[_Choice, ...]) -> Mapping[tuple[Character, ...], tuple[_Choice, ...]]:
    """For each sorted hand of 1 or 2 cards, the moves naming each different card once."""
    hands = [h for n in (1, 2) for h in combinations_with_replacement(tuple(Character), n)]
    return MappingProxyType({h: tuple(moves[c] for c in sorted(set(h))) for h in hands})


LOSE_CHOICES = tuple(_choices(LOSE[s]) for s in _SEATS)
"""``LOSE_CHOICES[seat][hand]``: the LoseInfluence moves for a sorted hand of 1 or 2 cards."""
SHOW_CHOICES = tuple(_choices(SHOW[s]) for s in _SEATS)
"""``SHOW_CHOICES[seat][hand]``: the Show moves for a sorted hand of 1 or 2 cards."""


def _counters(seat: int) -> Mapping[tuple[Character, ...], tuple[Block | Allow, ...]]:
    """The counter-window answers, keyed by the characters that block the action."""
    blockers = [
        (Character.DUKE,),
        (Character.CONTESSA,),
        (Character.CAPTAIN, Character.AMBASSADOR),
        (Character.CAPTAIN, Character.INQUISITOR),
    ]
    return MappingProxyType({b: (*(BLOCK[seat][c] for c in b), ALLOW[seat]) for b in blockers})


COUNTER_ANSWERS = tuple(_counters(s) for s in _SEATS)
"""``COUNTER_ANSWERS[seat][blocking characters]``: the Blocks, then Allow."""


def _keeps(seat: int) -> Mapping[tuple[Character, ...], Keep]:
    cards = tuple(Character)
    kept = [k for n in (1, 2) for k in combinations_with_replacement(cards, n)]
    return MappingProxyType({k: Keep(seat, k) for k in kept})


KEEP = tuple(_keeps(s) for s in _SEATS)
"""``KEEP[seat][cards]``: the Keep of the sorted tuple ``cards`` (1 or 2 cards)."""
