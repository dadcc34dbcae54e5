"""Every prompt ``describe_pending`` gives reads right in the second and the third person
(issue 31), and a value that is no decision is refused with a ``TypeError`` saying so.

The prompts are the ones of real games: random games of every variant (base, Inquisitor,
Reformation, both, the 2-player setup and the 2-player game without it), every decision of
them described for a spectator (``you=None``) and for every seat (``you=seat``), as the
terminal game and the web table say them. A small agreement check reads each sentence: the
verbs of "you" and of several seats are plain ("You lose", "Seats 0 and 2 may"), the verbs of
one other seat take an ``s`` ("Seat 2 loses"), and a verb joined by "and"/"or" agrees with the
subject as the first one does ("You give ... or force").
"""

from __future__ import annotations

import random
import re
import typing
from collections.abc import Iterator

import pytest
from hypothesis import given, settings

from coup_rules import (
    Allow,
    Challenge,
    Config,
    Examine,
    GameState,
    Prove,
    Show,
    Tax,
    apply,
    decision_spec,
    describe_pending,
    new_game,
    view,
)
from coup_rules.decisions import InfluenceChoice, InquisitorChoice, Pending
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play
from tests.strategies import random_move, reachable_games

# --- the agreement check -------------------------------------------------------------------------

PLAIN_TO_S = {
    "are": "is",
    "ask": "asks",
    "block": "blocks",
    "challenge": "challenges",
    "choose": "chooses",
    "claim": "claims",
    "concede": "concedes",
    "declare": "declares",
    "do": "does",
    "draft": "drafts",
    "force": "forces",
    "give": "gives",
    "have": "has",
    "lose": "loses",
    "pay": "pays",
    "pick": "picks",
    "prove": "proves",
    "take": "takes",
}
"""The verbs of the prompts, plain form to third-person singular, written out by hand."""

S_TO_PLAIN = {s: plain for plain, s in PLAIN_TO_S.items()}
MODALS = frozenset({"must", "may", "can"})
NOT_A_VERB_AFTER = frozenset({"to", "not", "the", "a", "an", "of", "must", "may", "can"})
"""After these words a plain form is an infinitive ("to show") or a noun ("the block")."""

_SUBJECT = re.compile(
    r"(?:^|(?<=[;:] ))(?P<subject>you and seats? [\d, and]*\d|you|seats \d+(?:, \d+)* and \d+"
    r"|seat \d+|who)\b",
    re.IGNORECASE,
)


def _clause_subjects(sentence: str) -> Iterator[tuple[str, str]]:
    """Each subject at the head of a clause, and the words it governs up to the next one."""
    heads = list(_SUBJECT.finditer(sentence))
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(sentence)
        yield head["subject"].lower(), sentence[head.end() : end]


def agreement_errors(sentence: str) -> list[str]:
    """Where a verb of ``sentence`` does not agree with its subject (empty if none)."""
    errors = []
    for subject, rest in _clause_subjects(sentence):
        if subject == "who":  # "..., who must prove or concede": a modal governs it
            continue
        singular = subject.startswith("seat ")
        words = re.findall(r"[A-Za-z]+|[,;]", rest)
        modal = False
        before = ""
        for word in words:
            if word in MODALS:
                modal = True
            else:
                plain_needed = modal or not singular
                wrong_s = word in S_TO_PLAIN and plain_needed
                wrong_plain = word in PLAIN_TO_S and not plain_needed
                if wrong_s or (wrong_plain and before not in NOT_A_VERB_AFTER):
                    errors.append(f"{word!r} after {subject!r} in {sentence!r}")
            before = word
    return errors


def test_the_check_finds_the_sentences_of_issue_31() -> None:
    """The check itself: it catches the prompts issue 31 quotes, and passes their repairs."""
    assert agreement_errors("You lose an influence and picks the card to turn face up.")
    assert agreement_errors("You give the card back to seat 2 or forces an exchange.")
    assert agreement_errors("Seat 2 lose an influence.")
    assert agreement_errors("Seat 2 blocks with the Captain; seats 0 and 1 mays challenges.")
    assert not agreement_errors("You must lose an influence and choose which card to turn face up.")
    assert not agreement_errors("Seat 2 blocks with the Captain; you and seat 1 may challenge.")
    assert not agreement_errors("Seat 1 challenges you, who must prove the claim or concede.")


# --- the prompts of random games of every variant ------------------------------------------------

VARIANTS = (
    Config(players=2),
    Config(players=2, two_player_setup=False),
    Config(players=2, inquisitor=True, reformation=True),
    Config(players=3),
    Config(players=3, inquisitor=True),
    Config(players=4, reformation=True),
    Config(players=5, inquisitor=True, reformation=True),
    Config(players=6, inquisitor=True),
)
GAMES_PER_VARIANT = 6


def _prompts() -> Iterator[tuple[Pending, Config]]:
    """The decision of every position of random games of each variant, with its config."""
    rng = random.Random(31)
    for config in VARIANTS:
        for _ in range(GAMES_PER_VARIANT):
            state = new_game(config, seed=rng.randrange(2**64))
            while state.pending is not None and state.turn <= 60:
                yield state.pending, config
                state = apply(state, random_move(state, rng))


PROMPTS = list(_prompts())


def _sentences(pending: Pending, config: Config) -> Iterator[tuple[int | None, str]]:
    for you in (None, *range(config.players)):
        yield you, describe_pending(pending, config, you=you)


def test_random_games_meet_every_kind_of_decision() -> None:
    """The games below ask every kind of decision there is, so every prompt is read."""
    met = {type(pending) for pending, _ in PROMPTS}
    assert met == set(typing.get_args(Pending))


def test_every_prompt_agrees_with_its_subject_in_every_person() -> None:
    """Spoken to nobody or to any seat, no prompt has a verb that disagrees with its subject."""
    errors = sorted(
        {
            e
            for p, c in PROMPTS
            for _, sentence in _sentences(p, c)
            for e in agreement_errors(sentence)
        }
    )
    assert errors == [], "\n".join(errors[:20])


def test_a_seat_spoken_to_is_always_you() -> None:
    """Given ``you=``, the prompt never names that seat by its number, and says "you" (or
    "your") wherever the third-person prompt names it."""
    for pending, config in PROMPTS:
        third = describe_pending(pending, config)
        for you, sentence in _sentences(pending, config):
            if you is None:
                continue
            assert not re.search(rf"\bseat {you}\b", sentence, re.IGNORECASE), sentence
            if re.search(rf"\b[Ss]eats? (?:[\d, ]* and )?{you}\b|\b{you} and\b", third):
                assert re.search(r"\b[Yy]ou(?:r)?\b", sentence), (third, sentence)


def test_every_prompt_is_one_sentence() -> None:
    """Each prompt starts with a capital, ends with a full stop, with single spaces."""
    for pending, config in PROMPTS:
        for _, sentence in _sentences(pending, config):
            assert sentence[0].isupper() and sentence.endswith("."), sentence
            assert "  " not in sentence and " ;" not in sentence, sentence


def test_every_prompt_a_seat_sees_in_its_view_is_spoken_to_it() -> None:
    """``view(state, seat).pending`` described for that seat (as the web table does) reads
    right too."""
    rng = random.Random(7)
    for config in VARIANTS:
        state = new_game(config, seed=rng.randrange(2**64))
        while state.pending is not None and state.turn <= 40:
            for seat in state.pending.waiting:
                sentence = describe_pending(view(state, seat).pending, config, you=seat)
                assert agreement_errors(sentence) == []
                assert sentence.startswith("You") or "you" in sentence, sentence
            state = apply(state, random_move(state, rng))


@settings(max_examples=25, deadline=None)
@given(reachable_games(max_moves=80))
def test_prompts_of_any_game_agree_in_every_person(states: list[GameState]) -> None:
    """Any config (2 to 10 players, any variant), any line of play: every prompt agrees."""
    for state in states:
        if state.pending is not None:
            for _, sentence in _sentences(state.pending, state.config):
                assert agreement_errors(sentence) == []


# --- the two prompts issue 31 found wrong --------------------------------------------------------

HANDS = [(DUKE, CONTESSA), (ASSASSIN, CAPTAIN), (CAPTAIN, AMBASSADOR)]


def _losing_a_card() -> InfluenceChoice:
    """Seat 1 challenged seat 0's true Duke: it must lose an influence (R-CHAL-3)."""
    state = new_game(Config(players=3), seed=1, hands=HANDS)
    state = play(state, Tax(0), Challenge(1), Prove(0))
    assert isinstance(state.pending, InfluenceChoice)
    return state.pending


def test_the_loser_of_a_challenge_is_told_to_choose_a_card_r_inf_1() -> None:
    """R-INF-1: the seat that must lose an influence is asked which card; said to it, and to
    the others, the verbs agree and the loss is still to come."""
    pending = _losing_a_card()
    assert pending.seat == 1
    assert describe_pending(pending, you=1) == (
        "You must lose an influence and choose which card to turn face up."
    )
    assert describe_pending(pending, you=0) == (
        "Seat 1 must lose an influence and choose which card to turn face up."
    )


def _inquisitor_choice() -> InquisitorChoice:
    """Seat 0's Examine of seat 1 was allowed, and seat 1 showed its Captain (R-INQ-4)."""
    hands = [(INQUISITOR, DUKE), (ASSASSIN, CAPTAIN), (DUKE, CONTESSA)]
    state = new_game(Config(players=3, inquisitor=True), seed=2, hands=hands)
    state = play(state, Examine(0, 1), Allow(1), Allow(2), Show(1, CAPTAIN))
    assert isinstance(state.pending, InquisitorChoice)
    return state.pending


def test_the_inquisitor_is_told_to_give_back_or_force_r_inq_5() -> None:
    """R-INQ-5, R-INQ-6: the Inquisitor gives the card back or forces an exchange; said to
    the Inquisitor, both verbs are in the second person."""
    pending = _inquisitor_choice()
    assert describe_pending(pending, you=0) == (
        "You give the card back to seat 1 or force an exchange."
    )
    assert describe_pending(pending, you=1) == (
        "Seat 0 gives the card back to you or forces an exchange."
    )


# --- a value that is no decision -----------------------------------------------------------------


def test_describe_pending_of_a_state_names_the_pending_decision() -> None:
    """API: ``describe_pending(state)`` (not ``state.pending``) is a TypeError that says a
    pending decision was expected, names what it got, and how to get the decision."""
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(TypeError) as info:
        describe_pending(state)  # type: ignore[arg-type]
    message = str(info.value)
    assert message.startswith("describe_pending() takes a pending decision or None")
    assert "not a GameState: pass state.pending" in message


def test_describe_pending_of_a_view_names_its_pending_decision() -> None:
    """API: a ``PlayerView`` in its place is told to pass ``view.pending``."""
    v = view(new_game(Config(players=3), seed=1), 0)
    with pytest.raises(TypeError, match=r"not a PlayerView: pass view\.pending"):
        describe_pending(v)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["action", 3, object()])
def test_describe_pending_of_anything_else_names_its_type(value: object) -> None:
    """API: text, a number or any object is refused with its type named."""
    with pytest.raises(TypeError, match=f"not a {type(value).__name__}$"):
        describe_pending(value)  # type: ignore[arg-type]


def test_decision_spec_of_a_state_names_the_pending_decision() -> None:
    """API: ``decision_spec(state)`` is the same TypeError, naming ``decision_spec()``."""
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(TypeError, match=r"^decision_spec\(\) takes a pending decision \(") as info:
        decision_spec(state)  # type: ignore[arg-type]
    assert "not a GameState: pass state.pending" in str(info.value)


def test_decision_spec_of_none_is_refused() -> None:
    """API: ``decision_spec`` takes a decision; ``None`` (a finished game's) is no decision."""
    with pytest.raises(TypeError, match="not a NoneType"):
        decision_spec(None)  # type: ignore[arg-type]
