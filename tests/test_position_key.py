"""GameState.key: a history-free key of a position, for search code's transposition tables."""

from __future__ import annotations

from helpers import play

from coup_rules import Config, Income, Log, new_game


def test_equal_states_have_equal_keys() -> None:
    a = play(new_game(Config(players=3), seed=5), Income(0))
    b = play(new_game(Config(players=3), seed=5), Income(0))
    assert a.key == b.key
    assert hash(a.key) == hash(b.key)


def test_the_key_ignores_the_log_and_the_turn_number() -> None:
    state = play(new_game(Config(players=3), seed=5), Income(0), Income(1))
    other = state.replace(log=Log.of([]), turn=state.turn + 5)
    assert other != state
    assert other.key == state.key


def test_the_key_tells_positions_apart() -> None:
    state = new_game(Config(players=3), seed=5)
    assert play(state, Income(0)).key != state.key
    assert new_game(Config(players=3), seed=6).key != state.key


def test_under_a_turn_limit_the_turn_is_part_of_the_key_r_turn_8() -> None:
    # Issue 20, D4: with a turn limit, the turn decides when the game is drawn, so two
    # positions that differ only in it have different futures.
    state = play(new_game(Config(players=3, max_turns=3), seed=5), Income(0), Income(1))
    earlier = state.replace(turn=state.turn - 1)
    assert earlier.key != state.key
    assert play(state, Income(2)).is_over
    assert not play(earlier, Income(2)).is_over


def test_equal_keys_promise_the_same_future_under_a_turn_limit_r_turn_8() -> None:
    state = play(new_game(Config(players=3, max_turns=3), seed=5), Income(0), Income(1))
    other = state.replace(log=Log.of([]))
    assert other.key == state.key
    assert play(other, Income(2)).is_over == play(state, Income(2)).is_over
