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
