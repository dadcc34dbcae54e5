"""Plackett–Luce ratings on the finishing order (``coup_rules.ratings``), the ladder file
(``coup_rules.ladder``) and what ``coup-rules tournament`` prints of them.

The update is checked on small cases worked by hand from its formulas, and by properties that
hold for any game: the seats' order does not matter, the first place never loses and the last
never gains, equal uncertainties make it zero-sum, and a better place never pays less. A draw at
the turn limit (R-TURN-8) ranks its survivors tied first.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coup_rules import Config
from coup_rules.cli import main
from coup_rules.evaluate import Evaluation, evaluate, places_of
from coup_rules.ladder import FORMAT, VERSION, Ladder, LadderError, Run
from coup_rules.ratings import Model, Skill, finishing_places, rate_games
from coup_rules.simulation import GameRecord, ReplayError, replay, simulate

MODEL = Model()
PRIOR = MODEL.prior()

skills = st.builds(
    Skill,
    st.floats(min_value=-20, max_value=70, allow_nan=False),
    st.floats(min_value=0.5, max_value=12, allow_nan=False),
)


@st.composite
def games(draw: st.DrawFn) -> tuple[list[Skill], list[int]]:
    """Two to six players' skills and places (ties allowed)."""
    n = draw(st.integers(min_value=2, max_value=6))
    players = draw(st.lists(skills, min_size=n, max_size=n))
    places = draw(st.lists(st.integers(min_value=1, max_value=n), min_size=n, max_size=n))
    return players, places


# --- the update on small cases ----------------------------------------------------------------


def test_a_two_player_games_winner_gains_what_the_loser_loses() -> None:
    """Two new players: the winner is picked from both with chance 1/2, so it gains
    σ²/c · (1 − 1/2) and the loser loses as much, with c² = 2 (σ² + β²)."""
    winner, loser = MODEL.rate([PRIOR, PRIOR], [1, 2])
    c = math.sqrt(2 * (PRIOR.sigma**2 + MODEL.beta**2))
    assert winner.mu == pytest.approx(PRIOR.mu + PRIOR.sigma**2 / c / 2)
    assert loser.mu == pytest.approx(PRIOR.mu - PRIOR.sigma**2 / c / 2)


def test_a_game_shrinks_sigma_by_the_formula() -> None:
    """σ² shrinks by 1 − γ σ²/c² · p(1 − p), with γ = σ / c and p = 1/2, for both players."""
    winner, loser = MODEL.rate([PRIOR, PRIOR], [1, 2])
    c = math.sqrt(2 * (PRIOR.sigma**2 + MODEL.beta**2))
    expected = PRIOR.sigma * math.sqrt(1 - (PRIOR.sigma / c) * PRIOR.sigma**2 / c**2 / 4)
    assert winner.sigma == pytest.approx(expected)
    assert loser.sigma == pytest.approx(expected)
    assert expected < PRIOR.sigma


def test_a_tie_between_equal_players_moves_no_mu() -> None:
    """R-TURN-8: a game drawn between equally rated survivors tells nothing of who is better."""
    after = MODEL.rate([PRIOR, PRIOR, PRIOR], [1, 1, 1])
    assert all(s.mu == pytest.approx(PRIOR.mu) for s in after)
    assert all(s.sigma < PRIOR.sigma for s in after)


def test_a_tie_pulls_unequal_players_together() -> None:
    strong, weak = Skill(35.0, 4.0), Skill(20.0, 4.0)
    strong_after, weak_after = MODEL.rate([strong, weak], [1, 1])
    assert strong_after.mu < strong.mu
    assert weak_after.mu > weak.mu
    assert strong_after.mu - strong.mu == pytest.approx(weak.mu - weak_after.mu)


def test_survivors_of_a_draw_gain_on_the_eliminated() -> None:
    """R-TURN-8: the players still standing at the turn limit finish tied, ahead of those out."""
    first, second, out = MODEL.rate([PRIOR] * 3, list(finishing_places(3, [2])))
    assert first.mu == pytest.approx(second.mu)
    assert first.mu > PRIOR.mu > out.mu


def test_three_survivors_of_five_each_gain_more_than_anyone_eliminated() -> None:
    """R-TURN-8: a tie is the average over the orders the survivors could have finished in
    (Efron), not a pick split three ways, which would pay the player eliminated last more."""
    after = MODEL.rate([PRIOR] * 5, list(finishing_places(5, [4, 3])))
    survivors, fourth, fifth = after[:3], after[3], after[4]
    assert all(s.mu == pytest.approx(survivors[0].mu) for s in survivors)
    assert survivors[0].mu > PRIOR.mu > fourth.mu > fifth.mu


def test_the_ordinal_is_mu_less_three_sigma() -> None:
    assert Skill(30.0, 2.5).ordinal == pytest.approx(22.5)


def test_a_game_of_one_player_or_a_place_missing_is_refused() -> None:
    with pytest.raises(ValueError, match="two players or more"):
        MODEL.rate([PRIOR], [1])
    with pytest.raises(ValueError, match="one place a player"):
        MODEL.rate([PRIOR, PRIOR], [1])


def test_a_model_of_a_sigma_not_above_zero_is_refused() -> None:
    with pytest.raises(ValueError, match="sigma must be a number above 0"):
        Model(sigma=0.0)


# --- properties of any game -------------------------------------------------------------------


@given(games(), st.randoms(use_true_random=False))
def test_the_order_of_the_seats_does_not_matter(
    game: tuple[list[Skill], list[int]], rng: object
) -> None:
    players, places = game
    order = list(range(len(players)))
    rng.shuffle(order)  # type: ignore[attr-defined]
    after = MODEL.rate(players, places)
    shuffled = MODEL.rate([players[i] for i in order], [places[i] for i in order])
    for j, i in enumerate(order):
        assert shuffled[j].mu == pytest.approx(after[i].mu)
        assert shuffled[j].sigma == pytest.approx(after[i].sigma)


@given(games())
def test_every_sigma_shrinks_and_stays_above_zero(game: tuple[list[Skill], list[int]]) -> None:
    players, places = game
    for before, after in zip(players, MODEL.rate(players, places), strict=True):
        assert 0 < after.sigma <= before.sigma


@given(games())
def test_a_sole_winner_never_loses_and_a_sole_last_never_gains(
    game: tuple[list[Skill], list[int]],
) -> None:
    players, places = game
    after = MODEL.rate(players, places)
    for i, place in enumerate(places):
        if places.count(place) == 1 and place == min(places):
            assert after[i].mu >= players[i].mu
        if places.count(place) == 1 and place == max(places):
            assert after[i].mu <= players[i].mu


@given(games(), st.floats(min_value=0.5, max_value=12))
def test_equal_uncertainties_make_the_update_zero_sum(
    game: tuple[list[Skill], list[int]], sigma: float
) -> None:
    players = [attrs.evolve(s, sigma=sigma) for s in game[0]]
    after = MODEL.rate(players, game[1])
    assert sum(a.mu - b.mu for a, b in zip(after, players, strict=True)) == pytest.approx(
        0.0, abs=1e-9
    )


@given(st.lists(st.integers(min_value=1, max_value=6), min_size=2, max_size=6))
def test_between_equal_players_a_better_place_never_pays_less(places: list[int]) -> None:
    after = MODEL.rate([PRIOR] * len(places), places)
    for i, pi in enumerate(places):
        for j, pj in enumerate(places):
            if pi < pj:
                assert after[i].mu > after[j].mu
            if pi == pj:
                assert after[i].mu == pytest.approx(after[j].mu)


# --- the finishing order ----------------------------------------------------------------------


def test_the_winner_is_first_then_the_last_eliminated() -> None:
    assert finishing_places(4, [2, 0, 3]) == (3, 1, 4, 2)


def test_a_draw_ranks_every_survivor_tied_first() -> None:
    """R-TURN-8: two survivors of four share first place; the next place skips to 3."""
    assert finishing_places(4, [2, 0]) == (3, 1, 4, 1)
    assert finishing_places(3, []) == (1, 1, 1)


def test_a_seat_eliminated_twice_or_everyone_eliminated_is_refused() -> None:
    with pytest.raises(ValueError, match="not distinct seats"):
        finishing_places(3, [1, 1])
    with pytest.raises(ValueError, match="every seat was eliminated"):
        finishing_places(2, [0, 1])


def test_a_played_games_places_follow_its_eliminated_events() -> None:
    """A record holds the seats in the order the log's Eliminated events name them."""
    sim = simulate(
        Config(players=4, max_turns=200),
        ["counting", "honest", "bluff", "random"],
        6,
        seed=2,
        workers=1,
    )
    for record in sim.games:
        assert record.winner is not None
        assert len(record.eliminated) == 3 and record.winner not in record.eliminated
        places = places_of(record)
        assert places[record.winner] == 1
        assert [places[s] for s in record.eliminated] == [4, 3, 2]


def test_a_record_without_its_elimination_order_places_the_winner_alone_first() -> None:
    record = GameRecord(0, Config(players=3, max_turns=200), 0, ("a", "b", "c"), 1, 10)
    assert places_of(record) == (2, 1, 2)


# --- many games -------------------------------------------------------------------------------


def test_an_entrant_in_two_seats_moves_by_both_and_counts_one_game() -> None:
    table = rate_games([(("a", "b", "a"), (1, 2, 3))], MODEL)
    single = MODEL.rate([PRIOR] * 3, [1, 2, 3])
    assert table["a"].skill.mu == pytest.approx(single[0].mu + single[2].mu - PRIOR.mu)
    assert table["a"].games == 1
    assert table["b"].skill == single[1]


def test_a_tournaments_standings_rate_its_games_in_order() -> None:
    result = evaluate(
        ["counting", "random"], Config(players=2, max_turns=200), 6, seed=0, workers=1
    )
    expected = rate_games(((g.bots, places_of(g)) for g in result.games), MODEL)
    assert result.standings() == (expected["counting"], expected["random"])
    assert result.standings()[0].skill.mu > result.standings()[1].skill.mu


def test_the_better_bot_gets_the_higher_ordinal() -> None:
    result = evaluate(
        ["counting", "random"], Config(players=4, max_turns=200), 40, seed=1, workers=1
    )
    counting, random_ = result.standings()
    assert counting.skill.ordinal > random_.skill.ordinal
    assert counting.games == random_.games == 40


# --- the ladder -------------------------------------------------------------------------------


def _ladder() -> Ladder:
    result = evaluate(["honest", "random"], Config(players=3, max_turns=200), 4, seed=5, workers=1)
    return Ladder(result.config).updated(result.standings(), Run(5, 4, result.entrants))


def test_a_ladder_round_trips_through_its_file(tmp_path: Path) -> None:
    ladder = _ladder()
    path = tmp_path / "ladder.json"
    ladder.save(path)
    assert Ladder.load(path) == ladder
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == (FORMAT, VERSION)
    assert [e["name"] for e in data["entrants"]] == [s.name for s in ladder.ranked()]


def test_a_new_entrant_joins_from_the_standings_alone() -> None:
    """Joining rates only the new games, from the ladder's standings: the same as rating them
    after the old games, and an entrant that did not play is left as it was."""
    config = Config(players=3, max_turns=200)
    old = evaluate(["honest", "random", "bluff"], config, 6, seed=1, workers=1)
    ladder = Ladder(config).updated(old.standings(), Run(1, 6, old.entrants))
    new = evaluate(["counting", "honest", "random"], config, 6, seed=2, workers=1)
    joined = ladder.updated(new.standings(ladder.model, ladder.standings), Run(2, 6, new.entrants))
    every = Evaluation(config, 0, ("honest", "random", "bluff", "counting"), old.games + new.games)
    assert dict(joined.standings) == {s.name: s for s in every.standings()}
    assert joined.standings["bluff"] == ladder.standings["bluff"]
    assert joined.standings["honest"].games == 12


def test_a_ladder_refuses_games_of_another_configuration() -> None:
    with pytest.raises(LadderError, match=r"players \(the ladder's 3, the games' 4\)"):
        _ladder().check(Config(players=4, max_turns=200))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: "[1", "not JSON"),
        (lambda d: json.dumps([d]), "not a ladder"),
        (lambda d: json.dumps({**d, "version": 2}), "format version 2"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "runs"}), "'runs' is missing"),
        (
            lambda d: json.dumps({**d, "entrants": [{**d["entrants"][0], "sigma": -1}]}),
            r"entrants\[0\]\.sigma: expected a number above 0",
        ),
        (
            lambda d: json.dumps({**d, "entrants": [d["entrants"][0]] * 2}),
            "a name listed twice",
        ),
        (lambda d: json.dumps({**d, "model": {**d["model"], "beta": "x"}}), "model.beta"),
        (lambda d: json.dumps({**d, "config": {"players": 1}}), "config"),
    ],
)
def test_a_corrupt_ladder_is_refused_with_the_field_at_fault(change: object, words: str) -> None:
    data = json.loads(_ladder().to_json())
    with pytest.raises(LadderError, match=words):
        Ladder.from_json(change(data))  # type: ignore[operator]


# --- the command line -------------------------------------------------------------------------


def test_the_tournament_prints_mu_sigma_and_the_ordinal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "--games", "4", "--bots", "counting,random", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "μ" in out and "σ" in out and "ordinal" in out and "Plackett-Luce" in out


def test_the_tournament_rates_into_a_ladder_and_a_second_run_continues_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ladder.json"
    base = ["tournament", "--players", "3", "--games", "3", "--plain", "--ladder", str(path)]
    assert main([*base, "--bots", "honest,random"]) == 0
    first = Ladder.load(path)
    assert main([*base, "--bots", "counting,honest", "--seed", "1"]) == 0
    second = Ladder.load(path)
    assert second.standings["random"] == first.standings["random"]
    assert second.standings["honest"].games == 6 and second.standings["counting"].games == 3
    assert [r.seed for r in second.runs] == [0, 1]
    assert "Wrote the ladder" in capsys.readouterr().out


def test_the_tournament_refuses_a_ladder_of_other_options_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ladder.json"
    _ladder().save(path)
    before = path.read_text(encoding="utf-8")
    assert main(["tournament", "--games", "2", "--plain", "--ladder", str(path)]) == 1
    err = capsys.readouterr().err
    assert "another configuration" in err and "players (the ladder's 3, the games' 4)" in err
    assert path.read_text(encoding="utf-8") == before


def test_the_tournament_refuses_a_corrupt_ladder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ladder.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    assert main(["tournament", "--games", "2", "--plain", "--ladder", str(path)]) == 1
    assert "not a ladder" in capsys.readouterr().err


def test_a_record_keeps_its_elimination_order_in_its_json_line() -> None:
    """R-INFO-5: the order of elimination is written, read back, and checked by a replay."""
    record = simulate(
        Config(players=3), ["counting", "random", "honest"], 1, seed=4, workers=1
    ).games[0]
    data = json.loads(record.to_json())
    assert data["result"]["eliminated"] == list(record.eliminated)
    assert GameRecord.from_json(record.to_json()) == record


def test_a_record_with_another_elimination_order_does_not_replay() -> None:
    record = simulate(
        Config(players=3), ["counting", "random", "honest"], 1, seed=4, workers=1, keep_moves=True
    ).games[0]
    with pytest.raises(ReplayError, match="order"):
        replay(attrs.evolve(record, eliminated=record.eliminated[::-1]))


def test_a_record_written_without_the_order_reads_and_replays() -> None:
    record = simulate(
        Config(players=3), ["counting", "random", "honest"], 1, seed=4, workers=1, keep_moves=True
    ).games[0]
    data = json.loads(record.to_json())
    del data["result"]["eliminated"]
    old = GameRecord.from_json(json.dumps(data))
    assert old.eliminated == ()
    assert replay(old).winner == record.winner


def test_the_ladder_command_shows_the_standings_and_the_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ladder.json"
    _ladder().save(path)
    assert main(["ladder", str(path), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "Games of 3 players, turn limit 200." in out
    assert "honest" in out and "ordinal" in out
    assert "1. seed 5, 4 games: honest, random" in out


def test_the_ladder_command_refuses_a_file_that_is_not_a_ladder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ladder.json"
    path.write_text("[]", encoding="utf-8")
    assert main(["ladder", str(path)]) == 1
    assert "not a ladder" in capsys.readouterr().err


def test_a_ladder_that_is_a_folder_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["tournament", "--games", "400", "--ladder", str(tmp_path)])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert "--ladder:" in captured.err and "is a folder" in captured.err
    assert "Tournament" not in captured.out
