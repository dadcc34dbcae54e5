"""The versioning rule (coup_rules.web.stale): a move is stale only when the decision it answers
is no longer pending for its seat. Pure functions over states; no web stack needed."""

from __future__ import annotations

import random

import pytest

from coup_rules import (
    Allow,
    Challenge,
    Config,
    CounterWindow,
    DraftChoice,
    GameState,
    Steal,
    Tax,
    apply,
    legal_moves,
    new_game,
    to_act,
)
from coup_rules.web.stale import continues, is_stale, is_stale_from, opened_at, stale_reason


def _tax_window(players: int = 4) -> GameState:
    """Seat 0 has declared Tax: the challenge window waits on every other seat."""
    return apply(new_game(Config(players=players), seed=7), Tax(0))


def test_an_allow_by_another_seat_continues_the_window() -> None:
    window = _tax_window()
    assert continues(window, apply(window, Allow(1)))


def test_several_allows_continue_the_window_while_a_seat_is_still_asked() -> None:
    window = _tax_window(5)
    later = apply(apply(apply(window, Allow(1)), Allow(3)), Allow(4))
    assert to_act(later) == (2,)
    assert continues(window, later)


def test_a_challenge_closes_the_window() -> None:
    window = _tax_window()
    assert not continues(window, apply(window, Challenge(2)))


def test_the_last_allow_opens_another_decision_even_with_no_other_event() -> None:
    # Steal: when the challenge window closes, the counter window opens for the target.
    window = apply(new_game(Config(players=3), seed=3), Steal(0, 1))
    counter = apply(apply(window, Allow(2)), Allow(1))
    assert isinstance(counter.pending, CounterWindow)
    assert not continues(window, counter)
    assert not continues(apply(window, Allow(2)), counter)


def test_a_state_does_not_continue_itself() -> None:
    window = _tax_window()
    assert not continues(window, window)


def test_a_draft_answered_by_one_seat_continues_for_the_other() -> None:
    state = new_game(Config(players=2), seed=1)
    assert isinstance(state.pending, DraftChoice) and to_act(state) == (0, 1)
    after = apply(state, legal_moves(state, 1)[0])
    assert continues(state, after)


def test_an_answer_made_before_others_answered_counts() -> None:
    window = _tax_window()
    now = apply(apply(window, Allow(1)), Allow(2))
    opened = len(window.log)
    assert stale_reason(3, opened, opened, now) is None


def test_a_second_answer_by_the_same_seat_is_stale() -> None:
    window = _tax_window()
    now = apply(window, Allow(1))
    opened = len(window.log)
    reason = stale_reason(1, opened, opened, now)
    assert reason is not None and "already answered" in reason


def test_an_answer_to_a_closed_decision_is_stale() -> None:
    window = _tax_window()
    now = apply(window, Challenge(1))
    reason = stale_reason(2, len(window.log), len(now.log), now)
    assert reason is not None and "has closed" in reason


def test_a_version_newer_than_the_game_is_stale() -> None:
    window = _tax_window()
    assert is_stale(1, len(window.log) + 1, len(window.log), window)


def test_a_move_at_the_current_version_is_left_to_the_engine() -> None:
    window = _tax_window()
    # Seat 0 is not asked: not stale, the engine refuses it (422), with its reason.
    assert not is_stale(0, len(window.log), len(window.log), window)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_opened_at_marks_exactly_the_versions_whose_decision_is_still_pending(
    players: int,
) -> None:
    """Over random games: a version at or after ``opened`` saw the current decision, and the
    current state continues it; a version before ``opened`` saw another decision."""
    continued = 0
    for game in range(10):
        rng = random.Random(f"{players}:{game}")
        state = new_game(Config(players=players), seed=game)
        opened = len(state.log)
        history = [state]
        while not state.is_over and len(history) < 300:
            seat = rng.choice(to_act(state))
            after = apply(state, rng.choice(legal_moves(state, seat)))
            opened, state = opened_at(opened, state, after), after
            history.append(state)
            for earlier in history[:-1]:
                assert continues(earlier, state) == (len(earlier.log) >= opened)
                continued += len(earlier.log) >= opened
    assert continued > 0  # some decisions were answered by several seats, one after the other


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_rule_from_the_aimed_state_agrees_with_the_rule_from_opened(players: int) -> None:
    for game in range(10):
        rng = random.Random(f"{players}:{game}")
        state = new_game(Config(players=players), seed=100 + game)
        opened = len(state.log)
        history = [state]
        while not state.is_over and len(history) < 300:
            seat = rng.choice(to_act(state))
            after = apply(state, rng.choice(legal_moves(state, seat)))
            opened, state = opened_at(opened, state, after), after
            history.append(state)
            for earlier in history[-8:]:
                for s in range(players):
                    assert is_stale_from(s, earlier, state) == is_stale(
                        s, len(earlier.log), opened, state
                    )
