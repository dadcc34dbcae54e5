"""The legal-move memo a config keeps: bounded, private to the engine, never copied (issue 20, D2).

The engine keeps each seat's list of turn actions in its ``Config``, keyed by what the list
depends on. A config plays any number of games (the PettingZoo and OpenSpiel wrappers keep one
for life), so the memo must stay small; and a view's reader must not be able to reach it.
"""

from __future__ import annotations

import random

from coup_rules import Config, apply, legal_moves, new_game, to_act, view
from coup_rules.moves import Income
from coup_rules.rules.legal import MEMO_LIMIT


def _play_random_games(config: Config, games: int) -> None:
    rng = random.Random(0)
    for game in range(games):
        state = new_game(config, seed=game)
        while not state.is_over:
            seat = rng.choice(to_act(state))
            state = apply(state, rng.choice(legal_moves(state, seat)))


def test_the_memo_never_holds_more_than_its_limit() -> None:
    config = Config(players=10)
    state = new_game(config, seed=1)
    expected = legal_moves(new_game(Config(players=10), seed=1), state.active)
    for i in range(MEMO_LIMIT):
        config._memo[("filler", i)] = ()
    assert legal_moves(state, state.active) == expected
    assert len(config._memo) <= MEMO_LIMIT


def test_many_games_on_one_config_keep_the_memo_within_its_limit() -> None:
    config = Config(players=10)
    _play_random_games(config, 30)
    assert 0 < len(config._memo) <= MEMO_LIMIT


def test_a_views_config_equals_the_games_but_does_not_share_its_memo() -> None:
    config = Config(players=3)
    state = new_game(config, seed=2)
    legal_moves(state, state.active)
    seen = view(state, 1).config
    assert seen == config
    assert seen._memo is not config._memo
    assert view(state, 0).config is seen  # made once per config


def test_corrupting_a_views_config_changes_nothing_in_the_game() -> None:
    config = Config(players=3)
    state = new_game(config, seed=2)
    before = legal_moves(state, state.active)
    seen = view(state, None).config
    for key in config._memo:
        seen._memo[key] = (Income(2),)
    again = new_game(config, seed=2)
    assert legal_moves(again, again.active) == before
