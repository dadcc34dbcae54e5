"""What a person types, as the table shows it (text.py): names and chat lines are NFC, one
line, without control characters, and carry no towers of accents."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coup_rules.web.chat import MAX_TEXT, ChatError, clean_text
from coup_rules.web.seating import MAX_NAME, SeatingError, clean_name
from coup_rules.web.text import MAX_MARKS, TextError, most_marks, one_line

ACUTE, GRAVE, TILDE, DOT_BELOW = "\u0301", "\u0300", "\u0303", "\u0323"


def test_a_letter_and_its_accent_typed_apart_are_the_precomposed_letter() -> None:
    assert clean_name("Jose" + ACUTE) == "José"
    assert clean_text("e" + ACUTE + "te" + ACUTE) == "\u00e9t\u00e9"  # été: 3 characters


def test_names_typed_decomposed_or_precomposed_are_the_same_name() -> None:
    assert clean_name("Zoe\u0308") == clean_name("Zoë")


def test_control_characters_are_dropped_and_breaks_become_spaces() -> None:
    assert clean_text("gg\x00 wp\x1b") == "gg wp"
    assert clean_name("Ana\r\nBen") == "Ana Ben"


def test_a_formatting_character_is_refused_saying_what_to_use() -> None:
    with pytest.raises(ChatError, match="letters, digits"):
        clean_text("hello \u202eevil")  # a right-to-left override


def test_a_letter_carries_up_to_four_accents_as_written_languages_need() -> None:
    vietnamese = "Nguy" + "e" + "\u0302" + DOT_BELOW + "n"  # ệ: NFC makes it one or two marks
    assert clean_name(vietnamese) == unicodedata.normalize("NFC", vietnamese)
    four = "a" + ACUTE + GRAVE + TILDE + DOT_BELOW  # no precomposed form takes them all
    assert most_marks(one_line(four, MAX_TEXT)) <= MAX_MARKS


@pytest.mark.parametrize("line", ["a" + ACUTE * 6, "Hi " + "o" + ACUTE * 40, ACUTE * 10])
def test_a_tower_of_accents_is_refused_in_chat(line: str) -> None:
    # "a" and six acutes: NFC makes the first "á", which then carries five
    with pytest.raises(ChatError, match=f"at most {MAX_MARKS} accents on one letter"):
        clean_text(line)


def test_a_name_made_mostly_of_accents_is_refused() -> None:
    with pytest.raises(SeatingError, match="accents on one letter"):
        clean_name("Z" + ACUTE * 20)


def test_an_empty_line_is_refused_with_words() -> None:
    with pytest.raises(TextError, match="empty"):
        one_line("\x00 \n", MAX_TEXT)
    with pytest.raises(ChatError, match="the line is empty"):
        clean_text("   ")


@given(st.text(max_size=200))
def test_every_line_said_is_nfc_one_line_and_without_towers(text: str) -> None:
    try:
        line = clean_text(text)
    except ChatError:
        return
    assert unicodedata.is_normalized("NFC", line)
    assert line == " ".join(line.split()) and 1 <= len(line) <= MAX_TEXT
    assert not any(unicodedata.category(c)[0] == "C" for c in line)
    assert most_marks(line) <= MAX_MARKS


@given(st.text(max_size=40))
def test_every_name_given_is_nfc_and_without_towers(text: str) -> None:
    try:
        name = clean_name(text)
    except SeatingError:
        return
    assert unicodedata.is_normalized("NFC", name) and len(name) <= MAX_NAME
    assert most_marks(name) <= MAX_MARKS
