"""The text notation of moves (``format_move``/``parse_move``) and the narration of events.

These are API conveniences (DESIGN 12), not rules of the game; the rule ids cited are those of the
moves or events exercised.
"""

from __future__ import annotations

import re
import typing
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import (
    ActionDeclared,
    Allegiance,
    AllegianceChanged,
    Allow,
    Allowed,
    Assassinate,
    Block,
    Blocked,
    CardsDrawn,
    CardShown,
    CardsReturned,
    Challenged,
    Character,
    CoinsMoved,
    Conceded,
    Config,
    Convert,
    Coup,
    Dealt,
    Decision,
    Drafted,
    Drawn,
    Eliminated,
    Embezzle,
    Event,
    Examine,
    Exchange,
    ExchangeForced,
    ForceExchange,
    ForeignAid,
    GaveBack,
    GiveBack,
    Income,
    InfluenceLost,
    Keep,
    LoseInfluence,
    Move,
    Pool,
    Proved,
    Steal,
    Tax,
    TurnStarted,
    Won,
    describe_event,
    format_move,
    legal_moves,
    new_game,
    parse_move,
    to_act,
)
from coup_rules.narrate import describe_action
from coup_rules.notation import VERBS

MOVE_CLASSES: tuple[type[Any], ...] = typing.get_args(Move)
EVENT_CLASSES: tuple[type[Any], ...] = typing.get_args(Event)

SEATS = st.integers(min_value=0, max_value=9)
FIELD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "player": SEATS,
    "target": SEATS,
    "character": st.sampled_from(Character),
    "allegiance": st.sampled_from(Allegiance),
    "cards": st.lists(st.sampled_from(Character), max_size=4).map(tuple),
}


def _moves_of(cls: type[Any]) -> st.SearchStrategy[Any]:
    """Every value of every field of ``cls``; a new field name fails loudly here."""
    fields = {f.name: FIELD_VALUES[f.name] for f in attrs.fields(cls)}
    return st.builds(cls, **fields)


ANY_MOVE = st.one_of(*(_moves_of(cls) for cls in MOVE_CLASSES))


# --- format_move / parse_move -------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(ANY_MOVE)
def test_parse_reads_back_every_formatted_move(move: Move) -> None:
    """API: parse_move(format_move(m)) == m for every move class and field value."""
    assert parse_move(format_move(move)) == move


@pytest.mark.parametrize("cls", MOVE_CLASSES, ids=lambda c: c.__name__)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_each_move_class_round_trips(cls: type[Any], data: st.DataObject) -> None:
    """API: every class of the Move union has a notation (checked class by class)."""
    move = data.draw(_moves_of(cls))
    parsed = parse_move(format_move(move))
    assert type(parsed) is cls
    assert parsed == move


def test_every_verb_names_one_move_class() -> None:
    """API: the notation has exactly one verb per move class."""
    assert len(VERBS) == len(MOVE_CLASSES) == len(set(VERBS))


@pytest.mark.parametrize(
    "text",
    [
        "p2 income",
        "p2 foreign_aid",
        "p0 coup p3",
        "p0 tax",
        "p0 assassinate p1",
        "p1 steal p0",
        "p0 exchange",
        "p0 examine p1",
        "p0 convert p2",
        "p0 embezzle",
        "p3 challenge",
        "p1 block captain",
        "p3 allow",
        "p0 prove",
        "p0 concede",
        "p2 lose duke",
        "p0 keep duke contessa",
        "p2 show captain",
        "p0 give_back",
        "p0 force_exchange",
        "p1 draft assassin",
        "p0 choose loyalist",
    ],
)
def test_canonical_text_is_written_back_unchanged(text: str) -> None:
    """API: the documented examples are the canonical form."""
    assert format_move(parse_move(text)) == text


def test_notation_of_a_steal() -> None:
    """R-ACT-6: a Steal names the thief and the target."""
    assert format_move(Steal(1, 0)) == "p1 steal p0"
    assert parse_move("p1 steal p0") == Steal(1, 0)


def test_keep_cards_are_written_in_canonical_order() -> None:
    """R-ACT-12: Keep's cards are stored sorted, so any order parses to the same move."""
    keep = parse_move("p0 keep contessa duke")
    assert keep == Keep(0, (Character.DUKE, Character.CONTESSA))
    assert format_move(keep) == "p0 keep duke contessa"


def test_case_spaces_and_hyphens_are_tolerated() -> None:
    """API: the reader is lenient about case, spacing and '-' for '_'."""
    assert parse_move("  P2   Foreign-Aid ") == ForeignAid(2)
    assert parse_move("p1 BLOCK Captain") == Block(1, Character.CAPTAIN)


def test_every_legal_move_of_a_game_round_trips() -> None:
    """API: the moves legal_moves offers (all variants at once) all have a notation."""
    state = new_game(Config(players=3, inquisitor=True, reformation=True), seed=5)
    for seat in to_act(state):
        for move in legal_moves(state, seat):
            assert parse_move(format_move(move), state) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("p2 foreign aid", ForeignAid(2)),
        ("p2 foreign_aid", ForeignAid(2)),
        ("p2 fa", ForeignAid(2)),
        ("p2 FA", ForeignAid(2)),
        ("p1 steal from p0", Steal(1, 0)),
        ("p0 coup on p3", Coup(0, 3)),
        ("p0 assassinate p2", Assassinate(0, 2)),
        ("p1 block with the captain", Block(1, Character.CAPTAIN)),
        ("p1 block amb", Block(1, Character.AMBASSADOR)),
        ("p3 pass", Allow(3)),
        ("p0 keep duke and captain", Keep(0, (Character.DUKE, Character.CAPTAIN))),
        ("p0 keep duke, captain", Keep(0, (Character.DUKE, Character.CAPTAIN))),
        ("p0 give back", GiveBack(0)),
        ("p0 force exchange", ForceExchange(0)),
        ("p2 lose the contessa", LoseInfluence(2, Character.CONTESSA)),
    ],
)
def test_the_words_a_player_would_type_are_read(text: str, move: Move) -> None:
    """API: spaces for '_', short forms, small words and the first letters of a character are
    read as the move they plainly mean."""
    assert parse_move(text) == move


@pytest.mark.parametrize("text", ["p1 block co", "p1 block c", "p0 foreign", "p0 aid"])
def test_ambiguous_or_partial_words_are_refused(text: str) -> None:
    """API: a word that could mean several things, or only half a verb, is not guessed."""
    with pytest.raises(ValueError, match="unknown"):
        parse_move(text)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "expected a seat and a verb"),
        ("p2", "expected a seat and a verb"),
        ("x2 income", "expected a seat like 'p0'"),
        ("p income", "expected a seat like 'p0'"),
        ("p-1 income", "expected a seat like 'p0'"),
        ("p2 dance", "unknown verb 'dance'"),
        ("p0 coup", "'coup' takes 1 argument"),
        ("p0 coup 3", "expected a seat like 'p0'"),
        ("p0 income p1", "'income' takes no argument"),
        ("p1 block king", "unknown character 'king'"),
        ("p1 block", "'block' takes 1 argument"),
        ("p0 choose anarchist", "unknown allegiance 'anarchist'"),
        ("p0 keep duke joker", "unknown character 'joker'"),
    ],
)
def test_parse_errors_say_what_was_expected(text: str, hint: str) -> None:
    """API: text that is not a move raises ValueError with a helpful message."""
    with pytest.raises(ValueError, match=re.escape(hint)):
        parse_move(text)


def test_parse_rejects_non_text() -> None:
    """API: only strings are parsed."""
    with pytest.raises(ValueError, match="as text"):
        parse_move(7)  # type: ignore[arg-type]


def test_parse_with_a_state_rejects_a_seat_not_at_the_table() -> None:
    """R-TURN-6: with a state, a seat beyond the table is reported at parse time."""
    state = new_game(Config(players=3), seed=1)
    assert parse_move("p9 income") == Income(9)
    with pytest.raises(ValueError, match="not at this table"):
        parse_move("p9 income", state)
    with pytest.raises(ValueError, match="not at this table"):
        parse_move("p0 coup p3", state)


def test_parse_with_a_state_rejects_a_character_not_in_the_deck() -> None:
    """R-ACT-11: with a state, a character not in this game's deck is reported at parse time."""
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(ValueError, match=r"Inquisitor .* not in this game.s deck"):
        parse_move("p1 block inquisitor", state)


def test_move_str_is_left_alone() -> None:
    """API: the notation does not replace the moves' own repr."""
    assert repr(Coup(0, 3)) == "Coup(player=0, target=3)"


# --- describe_event -----------------------------------------------------------------------------

C = Character
SAMPLES: dict[type[Any], tuple[Any, ...]] = {
    Dealt: (Dealt(0, 2, (C.DUKE, C.CAPTAIN)), Dealt(0, 2, None)),
    Drafted: (Drafted(1, C.ASSASSIN), Drafted(1, None)),
    AllegianceChanged: (AllegianceChanged(1, Allegiance.REFORMIST),),
    TurnStarted: (TurnStarted(1, 3),),
    ActionDeclared: (ActionDeclared(Steal(2, 0)), ActionDeclared(Convert(0, 0))),
    Challenged: (Challenged(1, 2),),
    Allowed: (Allowed(3, Decision.COUNTER),),
    Blocked: (Blocked(1, C.CONTESSA),),
    Proved: (Proved(2, (C.CAPTAIN,)), Proved(2, (C.CAPTAIN, C.CONTESSA))),
    Conceded: (Conceded(2),),
    InfluenceLost: (InfluenceLost(0, C.DUKE),),
    CoinsMoved: (CoinsMoved(2, 0, 2), CoinsMoved(1, Pool.TREASURY, 0)),
    CardsDrawn: (CardsDrawn(1, 2, (C.DUKE, C.ASSASSIN)), CardsDrawn(1, 2, None)),
    CardsReturned: (CardsReturned(1, 1, (C.DUKE,)), CardsReturned(1, 2, None)),
    CardShown: (CardShown(1, 0, C.INQUISITOR), CardShown(1, 0, None)),
    GaveBack: (GaveBack(0, 1),),
    ExchangeForced: (ExchangeForced(0, 1),),
    Eliminated: (Eliminated(0),),
    Won: (Won(2),),
    Drawn: (Drawn(40),),
}


def test_samples_cover_every_event_class() -> None:
    """API: the narration is tested on every class of the Event union."""
    assert set(SAMPLES) == set(EVENT_CLASSES)


@pytest.mark.parametrize(
    "event", [e for group in SAMPLES.values() for e in group], ids=lambda e: type(e).__name__
)
def test_every_event_is_one_sentence(event: Event) -> None:
    """API: describe_event gives one capitalised sentence for every event, full or redacted."""
    text = describe_event(event)
    assert text[0].isupper() or text[0].isdigit()
    assert text.endswith((".", "!"))
    assert "None" not in text
    assert "\n" not in text


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (ActionDeclared(Steal(2, 0)), "Seat 2 claims the Captain to steal from seat 0."),
        (Challenged(1, 2), "Seat 1 challenges seat 2."),
        (
            Proved(2, (C.CAPTAIN,)),
            "Seat 2 proves it: shows a Captain, shuffles it into the Court and draws a "
            "replacement.",
        ),
        (CoinsMoved(2, 0, 2), "2 coins: seat 0 → seat 2."),
        (CoinsMoved(1, Pool.RESERVE, 3), "1 coin: Treasury Reserve → seat 3."),
        (InfluenceLost(0, C.DUKE), "Seat 0 loses an influence: Duke turned face up."),
        (Eliminated(0), "Seat 0 is eliminated."),
        (Won(2), "Seat 2 wins!"),
        (Drawn(40), "No winner after 40 turns: the game is a draw (house rule)."),
        (Blocked(1, C.CONTESSA), "Seat 1 blocks, claiming the Contessa."),
        (Dealt(0, 2, (C.DUKE, C.ASSASSIN)), "Seat 0 is dealt a Duke and an Assassin."),
    ],
)
def test_known_sentences(event: Event, sentence: str) -> None:
    """R-CHAL-3, R-ACT-6, R-INF-1, R-INF-4, R-INF-6: the wording of the common events."""
    assert describe_event(event) == sentence


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (CardsDrawn(1, 2, None), "Seat 1 draws 2 cards."),
        (CardsDrawn(1, 1, None), "Seat 1 draws a card."),
        (CardsReturned(1, 2, None), "Seat 1 returns 2 cards to the Court."),
        (Dealt(3, 2, None), "Seat 3 is dealt 2 cards."),
        (Drafted(1, None), "Seat 1 drafts a card from their own set."),
        (CardShown(1, 0, None), "Seat 1 shows a card to seat 0."),
    ],
)
def test_redacted_events_tell_only_counts(event: Event, sentence: str) -> None:
    """R-INFO-2: a redacted event (private fields None) is narrated without the hidden cards."""
    assert describe_event(event) == sentence


@pytest.mark.parametrize(
    "action",
    [
        Income(0),
        ForeignAid(0),
        Coup(0, 1),
        Tax(0),
        Assassinate(0, 1),
        Examine(0, 1),
        Convert(0, 2),
        Embezzle(0),
    ],
    ids=lambda a: type(a).__name__,
)
def test_every_action_is_described(action: Any) -> None:
    """R-ACT-1 to R-ACT-7, R-INQ-3, R-REF-7, R-REF-8: each declared action has its sentence."""
    text = describe_action(action)
    assert text.startswith("Seat 0 ")
    assert text.endswith(".")


def test_exchange_names_the_game_exchanger() -> None:
    """R-INQ-1: in an Inquisitor game the Exchange claims the Inquisitor."""
    inquisitor = Config(players=3, inquisitor=True)
    assert "the Inquisitor to exchange" in describe_event(ActionDeclared(Exchange(0)), inquisitor)
    assert "the Ambassador to exchange" in describe_event(ActionDeclared(Exchange(0)), Config())
