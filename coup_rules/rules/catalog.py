"""Every possible move of every seat, built once: ``legal_moves`` hands out these instances.

Moves are immutable values, so sharing one instance per move between all states is safe, saves
building dozens of objects per decision, and lets ``apply`` recognise a move taken from
``legal_moves`` by identity before it falls back to comparing by value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import TypeVar

from coup_rules.actions import ACTIONS, ActionSpec, Aim, blockers_of
from coup_rules.cards import Allegiance, Character, sorted_cards
from coup_rules.constants import MAX_PLAYERS
from coup_rules.moves import (
    ActionMove,
    Allow,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Coup,
    Draft,
    ForceExchange,
    GiveBack,
    Keep,
    LoseInfluence,
    Prove,
    Show,
)

_SEATS = range(MAX_PLAYERS)


def _plain(spec: ActionSpec) -> tuple[ActionMove, ...]:
    make: Callable[[int], ActionMove] = spec.move
    return tuple(make(s) for s in _SEATS)


def _aimed(spec: ActionSpec) -> tuple[tuple[ActionMove, ...], ...]:
    make: Callable[[int, int], ActionMove] = spec.move
    return tuple(tuple(make(s, t) for t in _SEATS) for s in _SEATS)


PLAIN_ACTIONS: Mapping[type, tuple[ActionMove, ...]] = MappingProxyType(
    {spec.move: _plain(spec) for spec in ACTIONS if spec.aim is Aim.NONE}
)
"""``PLAIN_ACTIONS[cls][seat]``: the action of that class without a target."""
AIMED_ACTIONS: Mapping[type, tuple[tuple[ActionMove, ...], ...]] = MappingProxyType(
    {spec.move: _aimed(spec) for spec in ACTIONS if spec.aim is not Aim.NONE}
)
"""``AIMED_ACTIONS[cls][seat][target]``: the action of that class at that target."""
COUP = AIMED_ACTIONS[Coup]

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


_C = TypeVar("_C")


def _by_card(make: Callable[[int, Character], _C]) -> tuple[Mapping[Character, _C], ...]:
    """``table[seat][card]``: one move per seat and character."""
    return tuple(MappingProxyType({c: make(s, c) for c in Character}) for s in _SEATS)


BLOCK = _by_card(Block)
LOSE = _by_card(LoseInfluence)
SHOW = _by_card(Show)
DRAFT = _by_card(Draft)
CHOOSE = tuple(tuple(ChooseAllegiance(s, a) for a in Allegiance) for s in _SEATS)
DRAFT_AMBASSADOR = tuple(
    tuple(d for c, d in DRAFT[s].items() if c is not Character.INQUISITOR) for s in _SEATS
)
"""``DRAFT_AMBASSADOR[seat]``: the drafts of a game with the Ambassador, in card order."""
DRAFT_INQUISITOR = tuple(
    tuple(d for c, d in DRAFT[s].items() if c is not Character.AMBASSADOR) for s in _SEATS
)
"""``DRAFT_INQUISITOR[seat]``: the drafts of a game with the Inquisitor, in card order."""


_Choice = TypeVar("_Choice", LoseInfluence, Show)


def _choices(
    moves: Mapping[Character, _Choice],
) -> Mapping[tuple[Character, ...], tuple[_Choice, ...]]:
    """For each sorted hand of 1 or 2 cards, the moves naming each different card once."""
    hands = [h for n in (1, 2) for h in combinations_with_replacement(tuple(Character), n)]
    return MappingProxyType({h: tuple(moves[c] for c in sorted_cards(set(h))) for h in hands})


LOSE_CHOICES = tuple(_choices(LOSE[s]) for s in _SEATS)
"""``LOSE_CHOICES[seat][hand]``: the LoseInfluence moves for a sorted hand of 1 or 2 cards."""
SHOW_CHOICES = tuple(_choices(SHOW[s]) for s in _SEATS)
"""``SHOW_CHOICES[seat][hand]``: the Show moves for a sorted hand of 1 or 2 cards."""


def _counters(seat: int) -> Mapping[tuple[Character, ...], tuple[Block | Allow, ...]]:
    """The counter-window answers, keyed by the characters that block the action."""
    exchangers = (Character.AMBASSADOR, Character.INQUISITOR)
    blockers = {blockers_of(spec, e) for spec in ACTIONS for e in exchangers if spec.blockers}
    return MappingProxyType({b: (*(BLOCK[seat][c] for c in b), ALLOW[seat]) for b in blockers})


COUNTER_ANSWERS = tuple(_counters(s) for s in _SEATS)
"""``COUNTER_ANSWERS[seat][blocking characters]``: the Blocks, then Allow."""


def _keeps(seat: int) -> Mapping[tuple[Character, ...], Keep]:
    cards = tuple(Character)
    kept = [k for n in (1, 2) for k in combinations_with_replacement(cards, n)]
    return MappingProxyType({k: Keep(seat, k) for k in kept})


KEEP = tuple(_keeps(s) for s in _SEATS)
"""``KEEP[seat][cards]``: the Keep of the sorted tuple ``cards`` (1 or 2 cards)."""
