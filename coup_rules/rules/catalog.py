"""Every possible move of every seat, built once: ``legal_moves`` hands out these instances.

Moves are immutable values, so sharing one instance per move between all states is safe, saves
building dozens of objects per decision, and lets ``apply`` recognise a move taken from
``legal_moves`` by identity before it falls back to comparing by value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import TypeVar

import attrs

from coup_rules.actions import ACTIONS, ActionSpec, Aim, blockers_of
from coup_rules.cards import Allegiance, Character, sorted_cards
from coup_rules.constants import MAX_PLAYERS
from coup_rules.decisions import Decision, spec_of
from coup_rules.moves import (
    ActionMove,
    Block,
    ChooseAllegiance,
    Coup,
    Draft,
    Keep,
    LoseInfluence,
    Move,
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


def _argument_free(cls: type) -> bool:
    """Whether a move class has no field but ``player``."""
    return len(attrs.fields(cls)) == 1


_ANSWER_CLASSES = dict.fromkeys(
    cls for kind in Decision if kind is not Decision.ACTION for cls in spec_of(kind).moves
)
"""Every class of move that answers a decision other than the action, once each."""
BARE: Mapping[type, tuple[Move, ...]] = MappingProxyType(
    {cls: tuple(cls(s) for s in _SEATS) for cls in _ANSWER_CLASSES if _argument_free(cls)}
)
"""``BARE[cls][seat]``: the answer of an argument-free class (``Challenge``, ``Allow``,
``Prove``, ``Concede``, ``GiveBack``, ``ForceExchange``), derived from the decisions' specs."""


def _answers(kind: Decision, seat: int, argued: Sequence[Move] = ()) -> tuple[Move, ...]:
    """``seat``'s answers to a decision of ``kind``, in the order of its spec's move classes
    (``decisions.spec_of(kind).moves``): the move of each argument-free class, and for each
    other class the moves of ``argued`` of that class, in their order."""
    answers: list[Move] = []
    for cls in spec_of(kind).moves:
        if cls in BARE:
            answers.append(BARE[cls][seat])
        else:
            answers += [m for m in argued if type(m) is cls]
    return tuple(answers)


CHALLENGE_OR_ALLOW = tuple(_answers(Decision.CHALLENGE_ACTION, s) for s in _SEATS)
"""``CHALLENGE_OR_ALLOW[seat]``: the answers in a challenge window (the action's or the
block's: their specs name the same moves)."""
PROVE_OR_CONCEDE = tuple(_answers(Decision.ANSWER_ACTION_CHALLENGE, s) for s in _SEATS)
"""``PROVE_OR_CONCEDE[seat]``: the answers to a challenge by a seat that can prove the claim."""
CONCEDE_ONLY = tuple(
    tuple(m for m in PROVE_OR_CONCEDE[s] if not isinstance(m, Prove)) for s in _SEATS
)
"""``CONCEDE_ONLY[seat]``: the answers to a challenge by a seat that cannot prove it."""
GIVE_BACK_OR_FORCE = tuple(_answers(Decision.INQUISITOR_CHOICE, s) for s in _SEATS)
"""``GIVE_BACK_OR_FORCE[seat]``: the Inquisitor's answers once shown a card."""


_C = TypeVar("_C")


def _by_card(make: Callable[[int, Character], _C]) -> tuple[Mapping[Character, _C], ...]:
    """``table[seat][card]``: one move per seat and character."""
    return tuple(MappingProxyType({c: make(s, c) for c in Character}) for s in _SEATS)


BLOCK = _by_card(Block)
LOSE = _by_card(LoseInfluence)
SHOW = _by_card(Show)
DRAFT = _by_card(Draft)
CHOOSE = tuple(
    _answers(Decision.CHOOSE_ALLEGIANCE, s, [ChooseAllegiance(s, a) for a in Allegiance])
    for s in _SEATS
)
"""``CHOOSE[seat]``: the choices of allegiance, in the order of ``Allegiance``."""
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


def _counters(seat: int) -> Mapping[tuple[Character, ...], tuple[Move, ...]]:
    """The counter-window answers, keyed by the characters that block the action."""
    exchangers = (Character.AMBASSADOR, Character.INQUISITOR)
    blockers = {blockers_of(spec, e) for spec in ACTIONS for e in exchangers if spec.blockers}
    return MappingProxyType(
        {b: _answers(Decision.COUNTER, seat, [BLOCK[seat][c] for c in b]) for b in blockers}
    )


COUNTER_ANSWERS = tuple(_counters(s) for s in _SEATS)
"""``COUNTER_ANSWERS[seat][blocking characters]``: the Blocks, then Allow."""


def _keeps(seat: int) -> Mapping[tuple[Character, ...], Keep]:
    cards = tuple(Character)
    kept = [k for n in (1, 2) for k in combinations_with_replacement(cards, n)]
    return MappingProxyType({k: Keep(seat, k) for k in kept})


KEEP = tuple(_keeps(s) for s in _SEATS)
"""``KEEP[seat][cards]``: the Keep of the sorted tuple ``cards`` (1 or 2 cards)."""
