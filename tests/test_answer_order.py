"""The answers built from the decisions' specs keep their documented order (issue 27).

``rules.catalog``'s answer tuples (what ``legal_moves`` hands out) and ``MoveCodec``'s table
(what every environment and the compiled vector engine number actions by) are derived from
``DecisionSpec.moves``; these tests pin the order both had when they were written by hand.
"""

from __future__ import annotations

import typing
from itertools import combinations_with_replacement

import attrs
import pytest

from coup_rules import (
    Allegiance,
    Allow,
    Block,
    Challenge,
    ChooseAllegiance,
    Concede,
    Config,
    Decision,
    ForceExchange,
    GiveBack,
    Pending,
    Prove,
    decision_spec,
)
from coup_rules.ai.encoding import MoveCodec
from coup_rules.constants import MAX_PLAYERS
from coup_rules.decisions import spec_of
from coup_rules.rules import catalog

SEATS = range(MAX_PLAYERS)


@pytest.mark.parametrize("seat", SEATS)
def test_the_catalogs_answers_are_in_the_documented_order(seat: int) -> None:
    """The argument-free answers of each seat, in the order of ``legal_moves``."""
    assert catalog.CHALLENGE_OR_ALLOW[seat] == (Challenge(seat), Allow(seat))
    assert catalog.PROVE_OR_CONCEDE[seat] == (Prove(seat), Concede(seat))
    assert catalog.CONCEDE_ONLY[seat] == (Concede(seat),)
    assert catalog.GIVE_BACK_OR_FORCE[seat] == (GiveBack(seat), ForceExchange(seat))
    assert catalog.CHOOSE[seat] == tuple(ChooseAllegiance(seat, a) for a in Allegiance)
    for blockers, answers in catalog.COUNTER_ANSWERS[seat].items():
        assert answers == (*(Block(seat, c) for c in blockers), Allow(seat))


def test_the_catalog_shares_one_instance_per_argument_free_answer() -> None:
    """``Allow`` of a challenge window is the counter window's: one object per seat and class."""
    for seat in SEATS:
        allow = catalog.CHALLENGE_OR_ALLOW[seat][1]
        assert all(a[-1] is allow for a in catalog.COUNTER_ANSWERS[seat].values())
        assert catalog.CONCEDE_ONLY[seat][0] is catalog.PROVE_OR_CONCEDE[seat][1]


def test_decisions_answered_by_one_tuple_have_one_spec() -> None:
    """``legal_moves`` answers both challenge windows, and both challenged claims, alike."""
    assert spec_of(Decision.CHALLENGE_ACTION).moves == spec_of(Decision.CHALLENGE_BLOCK).moves
    answer_action = spec_of(Decision.ANSWER_ACTION_CHALLENGE)
    assert answer_action == spec_of(Decision.ANSWER_BLOCK_CHALLENGE)


def test_decision_spec_is_the_spec_of_the_kind() -> None:
    for cls in typing.get_args(Pending):
        sample = cls(*[None] * len(attrs.fields(cls)))
        assert decision_spec(sample) == spec_of(cls.kind)


def _names(text: str) -> list[str]:
    """Move names separated by commas."""
    return [name.strip() for name in text.split(",") if name.strip()]


def _each(verb: str, cards: str) -> list[str]:
    """``verb`` with each of ``cards``, in order."""
    return [f"{verb} {card}" for card in cards.split()]


def _keeps(cards: str) -> list[str]:
    """Keep of every multiset of 1 or 2 of ``cards``, in canonical order."""
    chars = cards.split()
    return ["keep " + " ".join(k) for n in (1, 2) for k in combinations_with_replacement(chars, n)]


BASE = "duke assassin captain ambassador contessa"
INQ = "duke assassin captain contessa inquisitor"
CODEC_TABLES = {
    Config(players=2): [
        *_names("income, foreign_aid, coup p0, coup p1, tax, assassinate p0, assassinate p1"),
        *_names("steal p0, steal p1, exchange, challenge"),
        *_each("block", "duke captain ambassador contessa"),
        *_names("allow, prove, concede"),
        *_each("lose", BASE),
        *_keeps(BASE),
        *_each("draft", BASE),
    ],
    Config(players=3, inquisitor=True, reformation=True): [
        *_names("income, foreign_aid, coup p0, coup p1, coup p2, tax"),
        *_names("assassinate p0, assassinate p1, assassinate p2, steal p0, steal p1, steal p2"),
        *_names("exchange, examine p0, examine p1, examine p2, convert p0, convert p1"),
        *_names("convert p2, embezzle, challenge"),
        *_each("block", "duke captain contessa inquisitor"),
        *_names("allow, prove, concede"),
        *_each("lose", INQ),
        *_keeps(INQ),
        *_each("show", INQ),
        *_names("give_back, force_exchange, choose loyalist, choose reformist"),
    ],
}


@pytest.mark.parametrize("config", list(CODEC_TABLES), ids=repr)
def test_the_move_codecs_table_is_in_the_documented_order(config: Config) -> None:
    """The index of every move, as every environment and the vector engine number them."""
    codec = MoveCodec(config)
    assert [codec.name(i) for i in range(codec.size)] == CODEC_TABLES[config]
