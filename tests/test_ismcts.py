"""The information-set MCTS bot (``coup_rules.ai.ISMCTSBot``).

It plays from a seat's view only, returns legal moves, keeps to its budget, joins incremental
views up, and beats random opponents clearly. The measurement against the simple bots, with its
confidence interval, is ``coup-rules tournament --bots ismcts,honest,bluff,random`` (too long for
the suite; ``tests/test_evaluate.py`` plays every bot of the package in a short one).
"""

from __future__ import annotations

import random

import pytest

from coup_rules import (
    Allow,
    Challenge,
    Config,
    GameState,
    Tax,
    apply,
    legal_moves,
    new_game,
    to_act,
    view,
)
from coup_rules.ai import ISMCTSBot
from coup_rules.ai.claims import standing_claims
from coup_rules.bots import Bot, RandomBot, play_game
from tests.helpers import AMBASSADOR, CAPTAIN, CONTESSA, DUKE, play


def test_the_bot_keeps_to_its_budgets() -> None:
    state = new_game(Config(players=3), seed=4)
    bot = ISMCTSBot(iterations=25)
    move = bot.choose(view(state, 0), random.Random(0))
    assert move in legal_moves(state, 0)
    assert bot.last is not None and bot.last.iterations == 25
    assert sum(bot.last.visits.values()) == 25
    timed = ISMCTSBot(iterations=None, seconds=0.05)
    timed.choose(view(state, 0), random.Random(0))
    assert timed.last is not None and timed.last.iterations >= 1 and timed.last.seconds < 1.0
    with pytest.raises(ValueError, match="budget"):
        ISMCTSBot(iterations=None, seconds=None)


def test_a_search_replays_with_the_same_random_choices() -> None:
    state = new_game(Config(players=4, inquisitor=True), seed=8)
    moves = {ISMCTSBot(iterations=30).choose(view(state, 0), random.Random(5)) for _ in range(2)}
    assert len(moves) == 1


def test_incremental_views_are_joined_up() -> None:
    """A view made with since= the previous view's log length is completed from the earlier
    ones; a view that leaves a gap is refused."""
    rng = random.Random(1)
    state = new_game(Config(players=3), seed=2)
    bot = ISMCTSBot(iterations=5)
    seen = 0
    for _ in range(40):
        if state.is_over:
            break
        seat = rng.choice(to_act(state))
        if seat == 0:
            bot.choose(view(state, 0, since=seen), rng)
            seen = len(state.log)
        state = apply(state, rng.choice(legal_moves(state, seat)))
    if not state.is_over and 0 in to_act(state) and len(state.log) > seen + 1:
        with pytest.raises(ValueError, match="whole log"):
            bot.choose(view(state, 0, since=seen + 1), rng)


def test_claims_stand_until_lost_proved_conceded_or_exchanged() -> None:
    """The public inference the bot draws from claims (R-WIN-2, R-CHAL-3)."""
    hands = [[DUKE, CAPTAIN], [AMBASSADOR, CONTESSA], [DUKE, DUKE]]
    state = new_game(Config(players=3), seed=6, hands=hands)
    state = play(state, Tax(0), Allow(1), Allow(2))
    assert standing_claims(state.log, state.config.exchanger) == {0: {DUKE}}
    state = play(state, Tax(1), Challenge(2))
    assert standing_claims(state.log, state.config.exchanger)[1] == {DUKE}
    state = apply(state, legal_moves(state, 1)[-1])  # seat 1 concedes
    assert 1 not in standing_claims(state.log, state.config.exchanger)


def wins(bot: ISMCTSBot, opponents: list[Bot], games: int) -> int:
    won = 0
    for g in range(games):
        me = g % 4
        bots: list[Bot] = list(opponents)
        bots.insert(me, bot)
        final: GameState = play_game(Config(players=4), bots, seed=300 + g)
        won += final.winner == me
    return won


def test_the_bot_beats_random_players() -> None:
    """In 4-player games against three random players (fair share: 3 wins in 12), the search
    wins at least 6 of 12 (a random-strength player would do so with chance 5 %)."""
    opponents: list[Bot] = [RandomBot(), RandomBot(), RandomBot()]
    assert wins(ISMCTSBot(iterations=40), opponents, 12) >= 6
