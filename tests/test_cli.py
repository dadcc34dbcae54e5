"""The ``coup-demo`` command line (``coup_rules.cli``) and its bots (``coup_rules.bots``)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from typing import Any

import pytest

from coup_rules import (
    Allow,
    Character,
    Config,
    GameState,
    Income,
    Move,
    Steal,
    Tax,
    apply,
    bots,
    legal_moves,
    narrate,
    new_game,
    notation,
    schema,
    to_act,
)
from coup_rules.bots import BOTS, BluffBot, HonestBot, RandomBot, make_bots, play_game
from coup_rules.cli import DEFAULT_SEED, main

WINNER = re.compile(r"^Winner: seat (\d) \((\w+)\) after (\d+) turns\.$")
HEADER = re.compile(r"^— Turn (\d+): seat (\d) \((\d+) coins?, ([12]) influence\) —$")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("players", [2, 4, 6, 10])
def test_demo_plays_a_whole_game(capsys: pytest.CaptureFixture[str], players: int) -> None:
    """R-INF-6: the demo plays to the end and its last line names the winner."""
    lines = _run(capsys, "--players", str(players))
    winner = WINNER.match(lines[-1])
    assert winner is not None
    assert f"Seat {winner.group(1)} wins!" in lines[-3]
    assert f"{players} players" in lines[0]


@pytest.mark.parametrize(
    "flags",
    [
        ["--inquisitor"],
        ["--reformation"],
        ["--inquisitor", "--reformation"],
        ["--players", "2", "--reformation"],
        ["--players", "7", "--inquisitor", "--reformation"],
        ["--bots", "random"],
        ["--bots", "honest,bluff"],
        ["--notation"],
    ],
    ids=lambda f: " ".join(f),
)
def test_each_variant_flag_plays_to_a_winner(
    capsys: pytest.CaptureFixture[str], flags: list[str]
) -> None:
    """R-INQ-1, R-REF-1: each option of the demo gives a complete game."""
    lines = _run(capsys, *flags)
    assert WINNER.match(lines[-1])


def test_inquisitor_flag_uses_the_inquisitor(capsys: pytest.CaptureFixture[str]) -> None:
    """R-INQ-1: with --inquisitor no Ambassador is ever dealt or claimed."""
    text = "\n".join(_run(capsys, "--inquisitor", "--players", "6"))
    assert "Inquisitor" in text
    assert "Ambassador" not in text


def test_reformation_flag_sets_allegiances(capsys: pytest.CaptureFixture[str]) -> None:
    """R-REF-1: with --reformation every seat gets an allegiance."""
    lines = _run(capsys, "--reformation", "--players", "3")
    for seat in range(3):
        assert any(re.match(rf"^  Seat {seat} is now (Loyalist|Reformist)\.$", s) for s in lines)


def test_turn_headers_show_coins_and_influence(capsys: pytest.CaptureFixture[str]) -> None:
    """R-TURN-3: turns are announced in order, each with its seat's coins and influence."""
    headers = [m for m in map(HEADER.match, _run(capsys)) if m]
    assert [int(m.group(1)) for m in headers] == list(range(1, len(headers) + 1))
    assert headers[0].group(2) == "0"


def test_notation_flag_prints_moves(capsys: pytest.CaptureFixture[str]) -> None:
    """API: --notation prints every move in the text notation."""
    lines = _run(capsys, "--notation")
    assert any(re.match(r"^  > p\d [a-z_]+", line) for line in lines)


def test_quiet_prints_only_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    """API: --quiet prints a single line, the winner."""
    lines = _run(capsys, "--quiet", "--players", "5")
    assert len(lines) == 1
    assert WINNER.match(lines[0])


def test_header_says_the_narration_is_omniscient(capsys: pytest.CaptureFixture[str]) -> None:
    """R-INFO-2: the demo warns that it prints private cards, and uses a demo-only seed."""
    text = "\n".join(_run(capsys))
    assert "Omniscient" in text
    assert f"seed {DEFAULT_SEED}" in text
    assert "server" in text


def test_same_seed_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    """R-INFO-5: one seed gives one game, whatever the global random module does."""
    random.seed(1)
    first = _run(capsys, "--seed", "77", "--players", "5", "--bots", "random,bluff")
    random.seed(2)
    second = _run(capsys, "--seed", "77", "--players", "5", "--bots", "random,bluff")
    assert first == second


def test_other_seed_other_game(capsys: pytest.CaptureFixture[str]) -> None:
    """R-INFO-5: the seed drives the deal."""
    assert _run(capsys, "--seed", "1") != _run(capsys, "--seed", "2")


def test_help_exits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    """API: --help describes the options and warns about guessable seeds."""
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "--players" in out
    assert "unguessable" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "11"], "Config.players"),
        (["--bots", "genius"], "unknown bot 'genius'"),
        (["--seed", "-1"], "seed"),
    ],
)
def test_bad_options_are_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """R-SETUP-2, API: a bad option exits with status 2 and says why."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


# --- the bots -----------------------------------------------------------------------------------


def _decisions(config: Config, seed: int) -> list[tuple[GameState, int]]:
    """Every (state, seat) asked during a random game."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    asked: list[tuple[GameState, int]] = []
    while not state.is_over:
        asked += [(state, seat) for seat in to_act(state)]
        seat = rng.choice(to_act(state))
        state = apply(state, rng.choice(legal_moves(state, seat)))
    return asked


@pytest.mark.parametrize("name", list(BOTS))
@pytest.mark.parametrize(
    "config",
    [Config(players=2), Config(players=4, inquisitor=True), Config(players=5, reformation=True)],
    ids=["2p", "4p-inquisitor", "5p-reformation"],
)
def test_bots_choose_legal_moves(name: str, config: Config) -> None:
    """R-TURN-4, R-TURN-7: a bot answers every decision with one of its legal moves."""
    bot = BOTS[name]()
    rng = random.Random(0)
    for state, seat in _decisions(config, seed=3):
        assert bot.choose(state, seat, rng) in legal_moves(state, seat)


def _honest_choices(others: list[tuple[Character, ...]], seed: int) -> tuple[Move, Move]:
    """Seat 0's choices for its first action and in the challenge window of seat 1's Tax."""
    mine = (Character.CONTESSA, Character.AMBASSADOR)
    start = new_game(Config(players=3), seed=1, hands=[mine, *others])
    window = apply(apply(apply(start, Income(0)), Tax(1)), Allow(2))
    bot = HonestBot(challenge_rate=0.5)
    return bot.choose(start, 0, random.Random(seed)), bot.choose(window, 0, random.Random(seed))


@pytest.mark.parametrize("seed", range(8))
def test_honest_bot_ignores_other_hands(seed: int) -> None:
    """R-INFO-2: a bot decides from its own hand and public facts, not other players' cards."""
    duke = Character.DUKE
    a = _honest_choices([(duke, duke), (Character.ASSASSIN,) * 2], seed)
    b = _honest_choices([(Character.CAPTAIN,) * 2, (duke, Character.ASSASSIN)], seed)
    assert a == b


def test_honest_bot_claims_what_it_holds() -> None:
    """R-ACT-4: holding a Duke, the honest bot collects Tax rather than bluffing."""
    hands = [
        (Character.DUKE, Character.CONTESSA),
        (Character.CAPTAIN, Character.ASSASSIN),
        (Character.ASSASSIN, Character.AMBASSADOR),
    ]
    state = new_game(Config(players=3), seed=1, hands=hands)
    assert HonestBot().choose(state, 0, random.Random(0)) == Tax(0)


def test_honest_bot_blocks_with_a_held_blocker() -> None:
    """R-WIN-3: the honest bot blocks a Steal when it holds a Captain."""
    hands = [(Character.CAPTAIN, Character.DUKE), (Character.CAPTAIN, Character.CONTESSA)]
    state = new_game(Config(players=3), seed=1, hands=[*hands, (Character.DUKE,) * 2])
    state = apply(apply(apply(state, Steal(0, 1)), Allow(1)), Allow(2))
    assert to_act(state) == (1,)
    blocked = HonestBot().choose(state, 1, random.Random(0))
    assert blocked in legal_moves(state, 1)
    assert getattr(blocked, "character", None) is Character.CAPTAIN


def test_make_bots_cycles_names() -> None:
    """API: bot names repeat over the seats."""
    assert make_bots(["random", "honest"], 3) == (RandomBot(), HonestBot(), RandomBot())
    assert make_bots(["bluff"], 2) == (BluffBot(), BluffBot())


def test_play_game_needs_one_bot_per_seat() -> None:
    """API: play_game refuses a bot list of the wrong length."""
    with pytest.raises(ValueError, match="one bot per seat"):
        play_game(new_game(Config(players=3), seed=1), make_bots(["random"], 2), random.Random(1))


def test_play_game_stops_at_the_move_limit() -> None:
    """API: a game that runs past max_moves raises instead of looping forever."""
    with pytest.raises(RuntimeError, match="did not end within 3 moves"):
        play_game(
            new_game(Config(players=4), seed=1),
            make_bots(["random"], 4),
            random.Random(1),
            max_moves=3,
        )


def test_python_dash_m_runs_the_demo() -> None:
    """API: ``python -m coup_rules`` is the same demo, exiting 0."""
    done = subprocess.run(
        [sys.executable, "-m", "coup_rules", "--quiet", "--players", "3"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert WINNER.match(done.stdout.strip())


def test_module_tables_are_read_only() -> None:
    """No global mutable state: the bot, notation and narration tables cannot be changed."""
    tables: list[Any] = [bots.BOTS, bots.VALUE, notation._PARSERS, narrate._DECLINES]
    for table in [*tables, schema.SCHEMA_FILES]:
        with pytest.raises(TypeError):
            table["x"] = None
