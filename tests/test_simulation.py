"""``coup_rules.simulation``: many games between bots on any executor, their statistics, and
replayable records.

The results of a simulation depend only on its arguments — never on the executor, the number of
workers or the order in which they finish — because game ``i`` is played from a seed made of the
master seed and ``i``, and its seats are fixed by ``i`` alone.
"""

from __future__ import annotations

import concurrent.futures

import attrs
import pytest

from coup_rules import Config, DecodeError, IllegalMoveError, Income
from coup_rules.bots import CountingBot, HonestBot, RandomBot
from coup_rules.simulation import (
    GameRecord,
    ReplayError,
    game_seed,
    read_records,
    replay,
    seats_of,
    simulate,
    wilson,
)

TABLE = Config(players=3)
LINEUP = ["counting", "honest", "random"]


def test_game_seeds_come_from_the_master_seed_and_the_index_r_info_5() -> None:
    """R-INFO-5: a game's seed is a fixed function of the master seed and its number."""
    assert game_seed(1, 0) == game_seed(1, 0)
    seeds = {game_seed(m, i) for m in range(3) for i in range(100)}
    assert len(seeds) == 300
    assert all(0 <= s < 2**64 for s in seeds)


def test_wilson_interval() -> None:
    """API: the 95 % Wilson score interval of a proportion."""
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_one_process_or_a_pool_give_the_same_games_r_info_5() -> None:
    """R-INFO-5: the games are the same in this process, on a pool of two processes, and on any
    other executor."""
    here = simulate(TABLE, LINEUP, 18, seed=9, workers=1)
    pool = simulate(TABLE, LINEUP, 18, seed=9, workers=2, batch=4)
    with concurrent.futures.ThreadPoolExecutor(3) as threads:
        threaded = simulate(TABLE, LINEUP, 18, seed=9, executor=threads, batch=1)
    assert here == pool == threaded
    assert [g.index for g in here.games] == list(range(18))


def test_another_seed_gives_other_games_r_info_5() -> None:
    """R-INFO-5: the master seed drives the games."""
    a = simulate(TABLE, LINEUP, 6, seed=1, workers=1)
    b = simulate(TABLE, LINEUP, 6, seed=2, workers=1)
    assert [g.seed for g in a.games] != [g.seed for g in b.games]


def test_bots_take_every_seat_in_turn() -> None:
    """API: the lineup turns by one seat per game, so each bot sits in each seat equally."""
    sim = simulate(TABLE, LINEUP, 6, seed=1, workers=1)
    assert [g.bots for g in sim.games[:3]] == [
        ("counting", "honest", "random"),
        ("honest", "random", "counting"),
        ("random", "counting", "honest"),
    ]
    assert seats_of(LINEUP, 4, rotate=False) == tuple(LINEUP)


def test_rates_count_wins_per_seat_taken() -> None:
    """API: a bot in two seats of a game has two chances; the wins of bots and of seats add up
    to the games won."""
    sim = simulate(TABLE, ["random", "random", "honest"], 30, seed=4, workers=1)
    rates = {r.name: r for r in sim.by_bot()}
    assert rates["random"].trials == 60 and rates["honest"].trials == 30
    won = len(sim.games) - sim.draws
    assert sum(r.wins for r in sim.by_bot()) == won == sum(r.wins for r in sim.by_seat())
    for rate in (*sim.by_bot(), *sim.by_seat()):
        assert rate.low <= rate.rate <= rate.high
    assert sim.fair_share == pytest.approx(1 / 3)


def test_every_game_ends_r_turn_8() -> None:
    """R-TURN-8: with a turn limit, stubborn bots end in draws, counted as such."""
    sim = simulate(Config(players=4), ["honest"] * 4, 5, seed=1, max_turns=2, workers=1)
    assert sim.draws == 5
    assert sim.mean_turns == 2.0
    assert all(g.config.max_turns == 2 for g in sim.games)


def test_bots_may_be_given_as_objects() -> None:
    """API: a lineup of bot objects plays like their names."""
    named = simulate(TABLE, LINEUP, 4, seed=2, workers=1)
    objects = simulate(TABLE, [CountingBot(), HonestBot(), RandomBot()], 4, seed=2, workers=1)
    assert named == objects


def test_progress_is_reported_as_games_finish() -> None:
    """API: the progress callback sees the count of finished games grow to the total."""
    seen: list[int] = []
    simulate(TABLE, LINEUP, 10, seed=1, workers=1, batch=3, progress=seen.append)
    assert seen == [3, 6, 9, 10]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": -1}, "games"),
        ({"workers": 0}, "workers"),
        ({"batch": 0}, "batch"),
        ({"lineup": ["random"]}, "one bot per seat"),
        ({"lineup": ["random", "random", "genius"]}, "unknown bot"),
    ],
)
def test_bad_arguments_say_what_was_expected(kwargs: dict[str, object], message: str) -> None:
    """API: out-of-range arguments raise ValueError naming the argument."""
    args: dict[str, object] = {"lineup": LINEUP, "games": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        simulate(TABLE, args.pop("lineup"), args.pop("games"), seed=1, **args)  # type: ignore[arg-type]


# --- records ------------------------------------------------------------------------------------


def _records() -> tuple[GameRecord, ...]:
    return simulate(TABLE, LINEUP, 5, seed=3, workers=1, keep_moves=True).games


def test_records_round_trip_through_json_lines() -> None:
    """API: every record is one line of JSON that reads back equal."""
    records = _records()
    lines = [r.to_json() for r in records]
    assert all("\n" not in line for line in lines)
    assert tuple(read_records([*lines, ""])) == records


def test_a_record_replays_to_its_result_r_info_5() -> None:
    """R-INFO-5: a record's moves, from its config and seed, reproduce its winner and length."""
    for record in _records():
        final = replay(record)
        assert (final.winner, final.turn) == (record.winner, record.turns)


def test_a_record_with_another_result_does_not_replay() -> None:
    """R-INFO-5: a record whose result was changed is caught."""
    record = _records()[0]
    wrong = attrs.evolve(record, turns=record.turns + 1)
    with pytest.raises(ReplayError, match="recorded winner"):
        replay(wrong)


def test_a_record_cut_short_does_not_replay() -> None:
    """R-INFO-5: moves that stop before the end are reported."""
    record = _records()[0]
    short = attrs.evolve(record, moves=record.moves[:-1])
    with pytest.raises(ReplayError, match="before the game ends"):
        replay(short)


def test_a_record_with_an_illegal_move_does_not_replay_r_turn_4() -> None:
    """R-TURN-4: a move the game did not ask for is refused on replay."""
    record = _records()[0]
    bad = attrs.evolve(record, moves=(Income(2), *record.moves))
    with pytest.raises(IllegalMoveError):
        replay(bad)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{", "line 1: malformed JSON"),
        ("[]", "expected an object"),
        ('{"game": 0}', "required field missing @ $.bots"),
    ],
)
def test_malformed_records_name_the_line_and_field(line: str, message: str) -> None:
    """API: a line that is not a record raises DecodeError naming its line and field."""
    with pytest.raises(DecodeError, match=message.replace("$", r"\$")):
        list(read_records([line]))


def test_a_bad_move_in_a_record_names_its_path() -> None:
    """API: a move that is not a move is named by its JSON path."""
    line = _records()[0].to_json().replace('"type":"', '"type":"x', 1)
    with pytest.raises(DecodeError, match=r"line 1: .* @ \$\.moves\[0\]"):
        list(read_records([line]))
