"""Tournaments (``coup_rules.evaluate`` and ``coup-rules tournament``).

Every bot of the package takes part in a short tournament (so a bot whose ``choose`` does not
take ``(view, rng)`` fails here), the seats rotate, a tournament replays from its seed whatever
the executor, the win rates carry Wilson intervals and the ratings follow the Bradley–Terry
model of the winner.
"""

from __future__ import annotations

import concurrent.futures
import math
import random
import sys
from pathlib import Path

import attrs
import pytest

from coup_rules import Config, Move, PlayerView
from coup_rules.ai import ISMCTSBot
from coup_rules.bots import BOTS, Bot, HonestBot, make_bot
from coup_rules.cli import main
from coup_rules.evaluate import (
    ELO,
    MAX_ENTRANT_ITERATIONS,
    Evaluation,
    evaluate,
    make_entrant,
)
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


@pytest.mark.parametrize(
    "count", ["99999999999999999999", "100001", "0", "-3", "+5", " 5", "1_000", "2.5", "x" * 5000]
)
def test_ismcts_n_is_a_whole_number_of_iterations_up_to_the_stated_maximum(count: str) -> None:
    with pytest.raises(ValueError, match="ismcts:N takes a number of iterations from 1 to 100_000"):
        make_entrant(f"ismcts:{count}")


def test_ismcts_n_at_the_maximum_is_a_search_bot_of_that_many_iterations() -> None:
    search = make_entrant(f"ismcts:{MAX_ENTRANT_ITERATIONS}")
    assert isinstance(search, ISMCTSBot) and search.iterations == MAX_ENTRANT_ITERATIONS


def test_the_tournament_command_refuses_an_unbounded_search_before_any_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["tournament", "--games", "2", "--bots", "ismcts:99999999999999999999,random"])
    assert stop.value.code == 2
    assert "ismcts:N takes a number of iterations from 1 to 100_000" in capsys.readouterr().err


def test_the_tournament_command_prints_rates_and_ratings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "--games", "4", "--bots", "honest,random", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "honest" in out and "Elo" in out and "4 games of 4 players" in out


# --- the config is the one given ------------------------------------------------------------------


@attrs.define
class ConfigRecorder:
    """A random bot that remembers the config of every view it is handed."""

    seen: set[Config] = attrs.field(factory=set)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        self.seen.add(view.config)
        return rng.choice(view.legal_moves)


@attrs.frozen
class BuiltFor:
    """A bot that names the config it was built for, as ``PolicyBot`` does."""

    config: Config

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        return rng.choice(view.legal_moves)


def test_the_bots_see_the_config_as_given() -> None:
    recorder = ConfigRecorder()
    config = Config(players=3)
    result = evaluate({"recorder": recorder, "random": "random"}, config, 2, seed=0, workers=1)
    assert recorder.seen == {config} and result.config == config


def test_the_configs_turn_limit_is_the_tournaments() -> None:
    result = evaluate(["honest", "random"], Config(players=3, max_turns=1), 3, seed=0, workers=1)
    assert result.draws == 3


def test_a_max_turns_other_than_the_configs_is_refused() -> None:
    with pytest.raises(ValueError, match=r"max_turns=500 differs from the config's max_turns"):
        evaluate(["honest", "random"], Config(players=3), 1, seed=0, max_turns=500)


def test_a_max_turns_equal_to_the_configs_is_accepted() -> None:
    config = Config(players=3, max_turns=50)
    result = evaluate(["honest", "random"], config, 1, seed=0, max_turns=50, workers=1)
    assert result.config == config


def test_an_entrant_built_for_another_config_is_refused_naming_the_options() -> None:
    bots: dict[str, Bot | str] = {"agent": BuiltFor(Config(players=4)), "random": "random"}
    with pytest.raises(ValueError, match=r"'agent'.*players \(the bot's 4, the games' 3\)"):
        evaluate(bots, Config(players=3, max_turns=100), 1, seed=0, workers=1)


# --- module:factory entrants ----------------------------------------------------------------------

AGENTS = """
import random

from coup_rules import Config
from coup_rules.bots import HonestBot


def make():
    return HonestBot()


class Agents:
    @staticmethod
    def build():
        return HonestBot()


class Named:
    def __init__(self, config):
        self.config = config

    def choose(self, view, rng):
        return rng.choice(view.legal_moves)


def for_the_default_table():
    return Named(Config(players=4, max_turns=500))


def for_no_turn_limit():
    return Named(Config(players=4))


NOT_CALLABLE = 3


def broken():
    raise RuntimeError("no weights found")


def not_a_bot():
    return "honest"


def needs_an_argument(config):
    return HonestBot()
"""


@pytest.fixture
def agents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The name of a module of bot factories, importable from the current directory only."""
    name = f"agents_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(AGENTS, encoding="utf-8")
    monkeypatch.setattr(sys, "path", list(sys.path))  # what the command adds is undone
    monkeypatch.chdir(tmp_path)
    return name


def test_a_module_factory_entrant_is_the_bot_it_returns(
    agents: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(".")
    assert isinstance(make_entrant(f"{agents}:make"), HonestBot)


def test_a_module_factory_may_be_a_dotted_path(
    agents: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(".")
    assert isinstance(make_entrant(f"{agents}:Agents.build"), HonestBot)


@pytest.mark.parametrize(
    ("factory", "message"),
    [
        ("nowhere_to_be_found:make", "no module named 'nowhere_to_be_found'"),
        ("{m}:missing", "has no 'missing'"),
        ("{m}:NOT_CALLABLE", "NOT_CALLABLE is a int, not a function or class"),
        ("{m}:broken", r"broken\(\) raised RuntimeError: no weights found"),
        ("{m}:not_a_bot", r"returned 'honest', which is not a bot"),
        ("{m}:needs_an_argument", r"needs_an_argument\(\) raised TypeError"),
        ("{m}:", "named module:factory"),
    ],
)
def test_a_module_factory_that_gives_no_bot_is_refused_saying_why(
    agents: str, monkeypatch: pytest.MonkeyPatch, factory: str, message: str
) -> None:
    monkeypatch.syspath_prepend(".")
    with pytest.raises(ValueError, match=message):
        make_entrant(factory.format(m=agents))


def test_a_module_that_fails_to_import_is_refused_saying_why(
    agents: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    Path("broken_agents.py").write_text("raise ImportError('needs torch')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(".")
    with pytest.raises(ValueError, match="importing 'broken_agents' raised ImportError: needs"):
        make_entrant("broken_agents:make")


def _fails(capsys: pytest.CaptureFixture[str], argv: list[str], status: int) -> str:
    """Run a command that must fail with ``status``; its standard error."""
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    assert code == status
    return capsys.readouterr().err


def test_the_tournament_command_plays_a_module_factory_from_the_current_directory(
    agents: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "--games", "2", "--bots", f"{agents}:make,random", "--plain"]
    assert main(argv) == 0
    assert f"{agents}:make" in capsys.readouterr().out


@pytest.mark.parametrize("factory", ["nowhere_to_be_found:make", "{m}:NOT_CALLABLE"])
def test_the_tournament_command_reports_a_bad_factory_in_one_line(
    agents: str, capsys: pytest.CaptureFixture[str], factory: str
) -> None:
    argv = ["tournament", "--games", "1", "--bots", f"{factory.format(m=agents)},random"]
    err = _fails(capsys, argv, 2)
    assert "cannot load the bot" in err and "Traceback" not in err


def test_the_tournament_command_plays_its_turn_limit_in_the_config(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["tournament", "--games", "2", "--bots", "honest,random", "--max-turns", "1"]
    assert main([*argv, "--plain"]) == 0
    assert "Draws: 2." in capsys.readouterr().out


def test_the_tournament_command_plays_a_factory_built_for_its_options(
    agents: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "--games", "1", "--bots", f"{agents}:for_the_default_table,random"]
    assert main([*argv, "--plain"]) == 0
    assert "turn limit 500" in capsys.readouterr().out


def test_the_tournament_command_refuses_a_factory_built_for_other_options(
    agents: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "--games", "1", "--bots", f"{agents}:for_no_turn_limit,random"]
    err = _fails(capsys, argv, 2)
    assert "max_turns (the bot's None, the games' 500)" in err and "Traceback" not in err
