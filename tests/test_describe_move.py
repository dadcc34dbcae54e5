"""``describe_move`` and second-person narration: one home for a move's words (API)."""

from __future__ import annotations

import typing

import pytest

from coup_rules import (
    Allegiance,
    Assassinate,
    Block,
    Challenge,
    ChooseAllegiance,
    Config,
    Convert,
    Coup,
    DraftChoice,
    Embezzle,
    Exchange,
    ForeignAid,
    Income,
    Keep,
    Move,
    Steal,
    Tax,
    describe_event,
    describe_move,
    describe_pending,
    new_game,
)
from coup_rules.events import ActionDeclared, Challenged, Proved
from coup_rules.narrate import describe_action
from coup_rules.notation import NOTATION
from coup_rules.web.render import move_label
from tests.helpers import AMBASSADOR, CAPTAIN, CONTESSA, DUKE, play

BASE = Config(players=3)
INQ = Config(players=3, inquisitor=True)


@pytest.mark.parametrize(
    ("move", "menu", "button"),
    [
        (Income(0), "Income (take 1 coin)", "Income (+1)"),
        (ForeignAid(0), "Foreign Aid (take 2 coins; a Duke may block)", "Foreign Aid (+2)"),
        (Coup(0, 2), "Coup seat 2 (pay 7 coins)", "Coup seat 2 (-7)"),
        (Tax(0), "Tax (take 3 coins; claims the Duke)", "Tax (Duke, +3)"),
        (
            Assassinate(0, 1),
            "Assassinate seat 1 (pay 3 coins; claims the Assassin)",
            "Assassinate seat 1 (Assassin, -3)",
        ),
        (Steal(0, 2), "Steal from seat 2 (claims the Captain)", "Steal from seat 2 (Captain)"),
        (Convert(0, 0), "Convert yourself (pay 1 coin)", "Convert yourself (-1)"),
        (Embezzle(0), "Embezzle (claims to hold no Duke)", "Embezzle (no Duke)"),
        (Challenge(1), "Challenge (call the bluff)", "Challenge"),
        (Block(1, CAPTAIN), "Block with the Captain", "Block with the Captain"),
        (Keep(0, (DUKE, CONTESSA)), "Keep Duke and Contessa", "Keep Duke and Contessa"),
        (ChooseAllegiance(0, Allegiance.LOYALIST), "Choose Loyalist", "Choose Loyalist"),
    ],
)
def test_a_move_reads_as_a_menu_line_and_as_a_button(move: Move, menu: str, button: str) -> None:
    """API: the menu line explains the move; the button says the same in fewer words."""
    assert describe_move(move, BASE) == menu
    assert describe_move(move, BASE, style="button") == button


def test_exchange_names_the_exchanger_of_the_game() -> None:
    """R-INQ-1: in an Inquisitor game the Exchange claims the Inquisitor."""
    assert describe_move(Exchange(0), INQ) == (
        "Exchange cards with the Court (claims the Inquisitor)"
    )
    assert describe_move(Exchange(0), BASE, style="button") == (
        "Exchange cards with the Court (Ambassador)"
    )


def test_without_a_config_the_exchange_names_no_character() -> None:
    """R-INQ-1: with no config to say which card exchanges, none is named (never a wrong one)."""
    for text in (
        describe_move(Exchange(0)),
        describe_action(Exchange(0)),
        describe_event(ActionDeclared(Exchange(0))),
    ):
        assert "Ambassador" not in text and "Inquisitor" not in text


def test_every_move_class_has_words_in_both_styles() -> None:
    """API: every class of the Move union is described, in each style, without a full stop."""
    for verb in NOTATION:
        for style in typing.get_args(typing.Literal["menu", "button"]):
            text = describe_move(verb.example, INQ, style=style)
            assert text and not text.endswith(".")


def test_an_unknown_style_is_refused() -> None:
    """API: a style other than menu or button is a ValueError naming the choices."""
    with pytest.raises(ValueError, match="'menu' or 'button'"):
        describe_move(Income(0), BASE, style="poster")  # type: ignore[arg-type]


def test_the_web_table_labels_its_buttons_with_describe_move() -> None:
    """API: the web table's button labels are describe_move's button style."""
    for verb in NOTATION:
        assert move_label(verb.example, INQ) == describe_move(verb.example, INQ, style="button")


# --- narration in the second person ---------------------------------------------------------------


def test_narration_speaks_to_you() -> None:
    """API: with you=, that seat is "you", and its verbs agree."""
    assert describe_event(Challenged(1, 0), you=0) == "Seat 1 challenges you."
    assert describe_event(Challenged(0, 1), you=0) == "You challenge seat 1."
    assert describe_event(Proved(0, (DUKE,)), you=0) == (
        "You prove it: show a Duke, shuffle it into the Court and draw a replacement."
    )
    assert describe_action(Steal(2, 0), BASE, you=0) == (
        "Seat 2 claims the Captain to steal from you."
    )
    assert describe_action(Assassinate(0, 1), BASE, you=0) == (
        "You claim the Assassin and pay 3 coins to assassinate seat 1."
    )


def test_without_you_the_narration_is_unchanged() -> None:
    """API: describe_event without you= speaks of every seat in the third person."""
    assert describe_event(Challenged(1, 0)) == "Seat 1 challenges seat 0."


def test_the_pending_decision_is_asked_of_you() -> None:
    """R-WIN-2: a window you are asked in says "you may"."""
    state = new_game(BASE, seed=1, hands=[(DUKE, CONTESSA), (CAPTAIN, AMBASSADOR), (DUKE, CAPTAIN)])
    state = play(state, Steal(0, 2))
    assert describe_pending(state.pending, BASE, you=2) == (
        "Seat 0 claims the Captain to steal from you; you and seat 1 may challenge."
    )


def test_a_single_seat_drafts_in_the_singular() -> None:
    """R-SETUP-8: one seat drafting reads "Seat 0 drafts a card", not "draft"."""
    assert describe_pending(DraftChoice(waiting=(0,))) == "Seat 0 drafts a card from their own set."
    assert describe_pending(DraftChoice(waiting=(0, 1))) == (
        "Seats 0 and 1 each draft a card from their own set."
    )
