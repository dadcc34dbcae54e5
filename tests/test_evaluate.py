"""Tournaments (``coup_rules.evaluate`` and ``coup-rules tournament``).

Every bot of the package takes part in a short tournament (so a bot whose ``choose`` does not
take ``(view, rng)`` fails here), the seats rotate, a tournament replays from its seed whatever
the executor, the win rates carry Wilson intervals and the ratings follow the Bradley–Terry
model of the winner.
"""

from __future__ import annotations

import concurrent.futures
import math

import pytest

from coup_rules import Config
from coup_rules.ai import ISMCTSBot
from coup_rules.bots import BOTS, Bot, make_bot
from coup_rules.cli import main
from coup_rules.evaluate import ELO, Evaluation, evaluate, make_entrant
from coup_rules.simulation import GameRecord, wilson


def every_bot() -> dict[str, Bot]:
    bots = {name: make_bot(name) for name in BOTS}
    bots["ismcts"] = ISMCTSBot(iterations=4)
    return bots


def test_every_bot_of_the_package_plays_a_tournament() -> None:
    bots = every_bot()
    result = evaluate(bots, Config(players=4), len(bots), seed=1, workers=1)
    assert result.entrants == tuple(bots)
    assert all(game.winner is not None or game.turns > 0 for game in result.games)
    assert sum(rate.trials for rate in result.rates()) == 4 * len(bots)


def test_each_bot_takes_each_seat_alike_over_a_rotation() -> None:
    result = evaluate(["honest", "bluff", "random"], Config(players=3), 3, seed=2, workers=1)
    for seat in range(3):
        assert sorted(game.bots[seat] for game in result.games) == ["bluff", "honest", "random"]


def test_with_fewer_bots_than_seats_a_bot_holds_several() -> None:
    result = evaluate(["honest", "random"], Config(players=4), 2, seed=2, workers=1)
    assert [game.bots for game in result.games] == [
        ("honest", "random", "honest", "random"),
        ("random", "honest", "random", "honest"),
    ]


def test_a_tournament_replays_from_its_seed_on_any_executor() -> None:
    here = evaluate(["counting", "honest", "random"], Config(players=3), 6, seed=9, workers=1)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        there = evaluate(
            ["counting", "honest", "random"], Config(players=3), 6, seed=9, executor=pool, batch=1
        )
    assert here == there


def test_win_rates_carry_wilson_intervals() -> None:
    result = evaluate(["honest", "random"], Config(players=2), 10, seed=3, workers=1)
    for rate in result.rates():
        assert (rate.low, rate.high) == wilson(rate.wins, rate.trials)


def record(index: int, bots: tuple[str, ...], winner: int | None) -> GameRecord:
    return GameRecord(index, Config(players=len(bots)), index, bots, winner, 10)


def test_ratings_follow_the_winner_model() -> None:
    """Two bots, one seat each, A winning 3 games in 4: strengths 3 to 1, i.e. 400·log10(3) =
    191 Elo apart (less a little: the weak prior pulls towards 0)."""
    games = tuple(record(i, ("a", "b"), 0 if i % 4 else 1) for i in range(400))
    result = Evaluation(Config(players=2), 0, ("a", "b"), games)
    a, b = result.ratings()
    assert a.elo == pytest.approx(-b.elo)
    assert a.elo - b.elo == pytest.approx(400 * math.log10(3), rel=0.01)
    assert 0 < a.error < 40 and a.low < a.elo < a.high


def test_a_bot_that_never_wins_gets_a_finite_rating() -> None:
    games = tuple(record(i, ("a", "b", "c"), i % 2) for i in range(30))
    ratings = Evaluation(Config(players=3), 0, ("a", "b", "c"), games).ratings()
    assert math.isfinite(ratings[2].elo) and ratings[2].elo < ratings[0].elo
    assert ELO > 0


def test_draws_are_counted_and_left_out_of_the_ratings() -> None:
    games = (record(0, ("a", "b"), None), record(1, ("a", "b"), 0))
    result = Evaluation(Config(players=2), 0, ("a", "b"), games)
    assert result.draws == 1
    assert result.ratings()[0].elo > 0


def test_unknown_or_repeated_entrants_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_entrant("nobody")
    with pytest.raises(ValueError, match="name of its own"):
        evaluate(["honest", "honest"], Config(players=2), 1, seed=0)
    with pytest.raises(ValueError, match="two bots"):
        evaluate(["honest"], Config(players=2), 1, seed=0)
    search = make_entrant("ismcts:7")
    assert isinstance(search, ISMCTSBot) and search.iterations == 7


def test_the_tournament_command_prints_rates_and_ratings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "--games", "4", "--bots", "honest,random", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "honest" in out and "Elo" in out and "4 games of 4 players" in out
