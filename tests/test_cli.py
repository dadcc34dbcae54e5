"""The ``coup-rules`` command line (``coup_rules.cli``): demo, play, simulate, replay.

Output, errors and exit statuses as a user meets them: results on standard output, errors on
standard error, 0 on success, 2 for a wrong command line, 1 for a command that could not finish.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coup_rules import narrate, notation, schema
from coup_rules.cli import COMMANDS, DEFAULT_SEED, demo_main, main
from coup_rules.cli import output as cli_output
from coup_rules.simulation import MAX_WORKERS, worker_count

WINNER = re.compile(r"^Winner: seat (\d) \((\w+)\) after (\d+) turns\.$")
HEADER = re.compile(r"^— Turn (\d+): seat (\d) \((\d+) coins?, ([12]) influence\) —$")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


def _fails(capsys: pytest.CaptureFixture[str], argv: list[str], status: int) -> str:
    """Run a command that must fail with ``status``; its standard error."""
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    assert code == status
    captured = capsys.readouterr()
    assert captured.err.strip()
    return captured.err


# --- the demo -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6, 10])
def test_demo_plays_a_whole_game(capsys: pytest.CaptureFixture[str], players: int) -> None:
    """R-INF-6: the demo plays to the end and its last line names the winner."""
    lines = _run(capsys, "demo", "--players", str(players))
    winner = WINNER.match(lines[-1])
    assert winner is not None
    assert f"Seat {winner.group(1)} wins!" in lines[-3]
    assert f"{players} players" in lines[0]


def test_no_command_plays_the_demo(capsys: pytest.CaptureFixture[str]) -> None:
    """API: ``coup-rules`` alone, and the demo's options alone, play the demo."""
    assert _run(capsys) == _run(capsys, "demo")
    assert _run(capsys, "--players", "3") == _run(capsys, "demo", "--players", "3")


def test_coup_demo_is_the_demo(capsys: pytest.CaptureFixture[str]) -> None:
    """API: the older ``coup-demo`` command plays the same demo."""
    assert demo_main(["--seed", "5"]) == 0
    assert capsys.readouterr().out.splitlines() == _run(capsys, "demo", "--seed", "5")


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
        ["--bots", "counting,random"],
        ["--notation"],
    ],
    ids=lambda f: " ".join(f),
)
def test_each_variant_flag_plays_to_a_winner(
    capsys: pytest.CaptureFixture[str], flags: list[str]
) -> None:
    """R-INQ-1, R-REF-1: each option of the demo gives a complete game."""
    lines = _run(capsys, "demo", *flags)
    assert WINNER.match(lines[-1])


def test_inquisitor_flag_uses_the_inquisitor(capsys: pytest.CaptureFixture[str]) -> None:
    """R-INQ-1: with --inquisitor no Ambassador is ever dealt or claimed."""
    text = "\n".join(_run(capsys, "demo", "--inquisitor", "--players", "6"))
    assert "Inquisitor" in text
    assert "Ambassador" not in text


def test_reformation_flag_sets_allegiances(capsys: pytest.CaptureFixture[str]) -> None:
    """R-REF-1: with --reformation every seat gets an allegiance."""
    lines = _run(capsys, "demo", "--reformation", "--players", "3")
    for seat in range(3):
        assert any(re.match(rf"^  Seat {seat} is now (Loyalist|Reformist)\.$", s) for s in lines)


def test_turn_headers_show_coins_and_influence(capsys: pytest.CaptureFixture[str]) -> None:
    """R-TURN-3: turns are announced in order, each with its seat's coins and influence."""
    headers = [m for m in map(HEADER.match, _run(capsys, "demo")) if m]
    assert [int(m.group(1)) for m in headers] == list(range(1, len(headers) + 1))
    assert headers[0].group(2) == "0"


def test_a_game_past_the_turn_limit_is_a_draw(capsys: pytest.CaptureFixture[str]) -> None:
    """R-TURN-8: --max-turns ends the demo in a draw, said in words."""
    lines = _run(capsys, "demo", "--bots", "honest", "--max-turns", "3")
    assert lines[-1].startswith("Draw: no winner after 3 turns")
    assert "the game is a draw" in lines[-3]


def test_notation_flag_prints_moves(capsys: pytest.CaptureFixture[str]) -> None:
    """API: --notation prints every move in the text notation."""
    lines = _run(capsys, "demo", "--notation")
    assert any(re.match(r"^  > p\d [a-z_]+", line) for line in lines)


def test_quiet_prints_only_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    """API: --quiet prints a single line, the winner."""
    lines = _run(capsys, "demo", "--quiet", "--players", "5")
    assert len(lines) == 1
    assert WINNER.match(lines[0])


def test_header_says_the_narration_is_omniscient(capsys: pytest.CaptureFixture[str]) -> None:
    """R-INFO-2: the demo warns that it prints private cards, and uses a demo-only seed."""
    text = "\n".join(_run(capsys, "demo"))
    assert "Omniscient" in text
    assert f"seed {DEFAULT_SEED}" in text
    assert "server" in text


def test_same_seed_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    """R-INFO-5: one seed gives one game, whatever the global random module does."""
    random.seed(1)
    first = _run(capsys, "demo", "--seed", "77", "--players", "5", "--bots", "random,bluff")
    random.seed(2)
    second = _run(capsys, "demo", "--seed", "77", "--players", "5", "--bots", "random,bluff")
    assert first == second


def test_other_seed_other_game(capsys: pytest.CaptureFixture[str]) -> None:
    """R-INFO-5: the seed drives the deal."""
    assert _run(capsys, "demo", "--seed", "1") != _run(capsys, "demo", "--seed", "2")


# --- help and errors ----------------------------------------------------------------------------


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """API: --help names the program and every command."""
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: coup-rules")
    for command in COMMANDS:
        assert command in out


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    """API: ``coup-rules COMMAND --help`` describes the command and exits 0."""
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    assert f"usage: coup-rules {command}" in capsys.readouterr().out


def test_demo_help_warns_about_guessable_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    """API: the demo's help warns that a server needs unguessable seeds."""
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    assert "unguessable" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "11"], "Config.players"),
        (["demo", "--bots", "genius"], "unknown bot 'genius'"),
        (["demo", "--seed", "-1"], "seed"),
        (["demo", "--max-turns", "0"], "turn limit"),
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--workers", "x"], "--workers"),
        (["play", "--seat", "4"], "--seat"),
        (["replay"], "FILE"),
        (["dance"], "invalid choice: 'dance'"),
    ],
)
def test_bad_command_lines_are_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """R-SETUP-2, API: a bad option exits with status 2 and says why on standard error."""
    assert message in _fails(capsys, argv, 2)


# --- simulate and replay ------------------------------------------------------------------------

SIM = ["simulate", "--games", "12", "--players", "3", "--bots", "counting,random", "--seed", "3"]


def test_simulate_prints_win_rates_per_bot_and_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """API: the tables give each bot's and each seat's wins and a 95 % interval, then the
    draws, the average length and the speed."""
    text = "\n".join(_run(capsys, *SIM, "--plain"))
    assert "12 games of 3 players" in text
    assert "Win rate per bot (fair share 33.3%)" in text
    assert re.search(r"\| counting \|\s+24 \|\s+\d+ \|\s+[\d.]+% \| [\d.]+% – [\d.]+% \|", text)
    assert re.search(r"\| random\s+\|\s+12 \|", text)
    assert re.search(r"\| seat 2\s+\|\s+12 \|", text)
    assert re.search(r"Draws: \d+ \([\d.]+%\)\.", text)
    assert re.search(r"Average length: [\d.]+ turns\.", text)
    assert re.search(r"Speed: [\d.]+ games/s", text)


def test_simulate_draws_tables_with_rich_when_installed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """API: with the [cli] extra, the same figures are drawn as rich tables."""
    pytest.importorskip("rich", reason="the [cli] extra (rich) is not installed")
    rich_text = "\n".join(_run(capsys, *SIM))
    plain_text = "\n".join(_run(capsys, *SIM, "--plain"))
    assert "┃ bot" in rich_text and "| bot" in plain_text
    figures = re.compile(r"\d+\.\d% – \d+\.\d%")
    assert figures.findall(rich_text) == figures.findall(plain_text)


def test_simulate_works_without_rich(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """API: without the [cli] extra the tables fall back to plain text."""
    monkeypatch.setattr(cli_output, "has_rich", lambda: False)
    text = "\n".join(_run(capsys, *SIM))
    assert "| counting |" in text


def test_simulate_results_do_not_depend_on_the_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R-INFO-5: one process or two, the same games and the same tables."""
    one = _run(capsys, *SIM, "--plain", "--workers", "1")
    two = _run(capsys, *SIM, "--plain", "--workers", "2")
    assert one[:-1] == two[:-1]  # all but the speed line


def _simulate_to(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    out = tmp_path / "games.jsonl"
    lines = _run(capsys, *SIM, "--plain", "--out", str(out))
    assert lines[-1] == f"Wrote 12 replayable games to {out}."
    return out


def test_simulate_writes_one_replayable_record_per_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """API: --out writes one JSON object per game: config, seed, bots, moves and result."""
    records = [json.loads(line) for line in _simulate_to(tmp_path, capsys).read_text().splitlines()]
    assert [r["game"] for r in records] == list(range(12))
    first = records[0]
    assert set(first) == {"game", "config", "seed", "bots", "moves", "result"}
    assert first["config"]["max_turns"] == 500
    assert first["moves"][0]["type"] in ("income", "foreign_aid", "tax", "steal", "exchange")
    assert set(first["result"]) == {"winner", "turns", "eliminated"}


def test_replay_reproduces_every_recorded_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-INFO-5: re-applying the recorded moves from the recorded seed gives the same result."""
    path = _simulate_to(tmp_path, capsys)
    lines = _run(capsys, "replay", str(path))
    assert lines == [f"Replayed 12 games from {path}: every recorded result reproduced."]


def test_replay_narrates_one_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """API: --narrate tells one recorded game in words, ending with its result."""
    path = _simulate_to(tmp_path, capsys)
    lines = _run(capsys, "replay", str(path), "--narrate", "4")
    assert lines[0].startswith("Game 4: 3 players")
    assert any(HEADER.match(line) for line in lines)
    assert any(WINNER.match(line) or line.startswith("Draw:") for line in lines)


def test_replay_reports_a_game_that_does_not_reproduce(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-INFO-5: a record whose result was altered is reported, and the exit status is 1."""
    path = _simulate_to(tmp_path, capsys)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    records[2]["result"]["turns"] += 1
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    err = _fails(capsys, ["replay", str(path)], 1)
    assert "game 2: recorded winner" in err


def test_replay_reports_a_malformed_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """API: a line that is not a record is named, with the field at fault."""
    path = _simulate_to(tmp_path, capsys)
    lines = path.read_text().splitlines()
    lines[1] = lines[1].replace('"type":"', '"type":"x', 1)
    path.write_text("\n".join(lines) + "\n")
    assert "line 2" in _fails(capsys, ["replay", str(path)], 1)


@pytest.mark.parametrize("seed", [-5, 2**256])
def test_replay_refuses_a_record_whose_seed_is_out_of_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    """R-SETUP-1: a record with a seed new_game refuses is named in one line, status 1."""
    path = _simulate_to(tmp_path, capsys)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    records[1]["seed"] = seed
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    err = _fails(capsys, ["replay", str(path), "--narrate", "1"], 1)
    assert f"{path}, game 1: seed must be an integer from 0 to 2**256 - 1" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_replay_refuses_a_file_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """API: a file that is not UTF-8 text is named in one line, status 1, never a traceback."""
    path = tmp_path / "latin.jsonl"
    path.write_bytes(b"\xff\xfe caf\xe9\n")
    err = _fails(capsys, ["replay", str(path)], 1)
    assert (
        err.strip()
        == f"coup-rules replay: {path}: not a text file in UTF-8 (byte 0xff at offset 0)"
    )


def test_an_option_of_another_command_shows_this_commands_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """API: `simulate --quiet` (a demo option) is refused with simulate's usage, not the top one."""
    err = _fails(capsys, ["simulate", "--quiet"], 2)
    assert err.startswith("usage: coup-rules simulate")
    assert "unrecognized arguments: --quiet" in err


def test_replay_of_a_missing_file_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """API: a file that cannot be read is an error on standard error, status 1."""
    assert "cannot read" in _fails(capsys, ["replay", str(tmp_path / "none.jsonl")], 1)


# --- play ---------------------------------------------------------------------------------------

PLAY = ["play", "--players", "3", "--bots", "honest,random", "--seed", "4"]


def _play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answers: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(PLAY)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_play_shows_what_the_seat_may_know(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-INFO-2: you see your own cards and coins, the others' counts, and numbered moves;
    another seat's dealt cards are not named."""
    code, out, _ = _play(capsys, monkeypatch, "quit\n")
    assert code == 1
    assert "You are seat 0: 2 coins, your cards Duke and Captain." in out
    assert "  seat 1 (honest): 2 coins, 2 hidden cards" in out
    assert "Seat 1 is dealt 2 cards." in out
    assert "  1. Income (take 1 coin)  [income]" in out
    assert "Your turn (turn 1)." in out


def test_play_asks_again_after_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-ACT-3: a number out of range, words that are no move, and an illegal move each get a
    clear message, and the question is asked again."""
    _, out, _ = _play(capsys, monkeypatch, "99\nbanana\ncoup p1\nforeign aid\nquit\n")
    assert "There is no move 99: type a number from 1 to 6." in out
    assert "'banana' is not a move. Type a number from 1 to 6, or one of: income," in out
    assert "Not now: Coup costs 7 coins; seat 0 has 2." in out
    assert "You ask for Foreign Aid." in out


def test_play_stops_cleanly_when_input_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """API: input that ends mid-game is an error on standard error, status 1."""
    code, _, err = _play(capsys, monkeypatch, "1\n")
    assert code == 1
    assert "the input ended before the game did" in err


def test_play_through_piped_stdin_to_the_end() -> None:
    """R-INF-6: driven through a pipe, always answering move 1, a game is played to its end."""
    done = subprocess.run(
        [sys.executable, "-m", "coup_rules", *PLAY],
        input="1\n" * 400 + "w\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert re.match(r"^(You win|Seat \d \(\w+\) wins|Draw)", lines[-6])
    assert lines[-5] == "Everyone's cards:"
    assert lines[-1] == "The game's seed was 4."


# --- python -m ----------------------------------------------------------------------------------


def test_python_dash_m_runs_the_demo() -> None:
    """API: ``python -m coup_rules`` with no arguments plays the narrated demo, exiting 0."""
    done = subprocess.run(
        [sys.executable, "-m", "coup_rules"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Coup demo: 4 players")
    assert WINNER.match(lines[-1])


def test_python_dash_m_names_itself_in_help() -> None:
    """API: the help of ``python -m coup_rules`` calls the program by that name."""
    done = subprocess.run(
        [sys.executable, "-m", "coup_rules", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("usage: python -m coup_rules")


def test_module_tables_are_read_only() -> None:
    """No global mutable state: the notation and narration tables cannot be changed."""
    for table in [
        notation._BY_WORD,
        notation._BY_CLASS,
        notation.ALIASES,
        narrate._DECLINES,
        schema.SCHEMA_FILES,
    ]:
        with pytest.raises(TypeError):
            table["x"] = None  # type: ignore[index]


def test_the_two_turn_limit_defaults_are_explained_side_by_side(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R-TURN-8: the command's --max-turns help and the bots guide both say that the command
    and the runner stop at DEFAULT_MAX_TURNS while the library's Config has no limit."""
    from coup_rules.bots import DEFAULT_MAX_TURNS

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"default {DEFAULT_MAX_TURNS}, as for the library's play_game and simulate" in help_text
    assert "Config(max_turns=None)" in help_text
    guide = (Path(__file__).parent.parent / "docs" / "guide" / "bots.md").read_text()
    assert "| `Config()`, `new_game`, `apply` | none (`max_turns=None`) |" in guide
    assert f"| `play_game`, `simulate` | {DEFAULT_MAX_TURNS} (`DEFAULT_MAX_TURNS`) |" in guide


# --- hostile command lines: one line, never a traceback (issue 28) -----------------------------


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], status: int) -> str:
    """Run a command that must be refused with ``status`` before doing any work: nothing on
    standard output, no traceback; the last line of standard error (the message)."""
    err = _fails(capsys, argv, status)
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize("nest", ["[", '{"a":'])
def test_replay_of_a_deeply_nested_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], nest: str
) -> None:
    """API: a line nested 100,000 deep is named in one line, status 1."""
    path = tmp_path / "deep.jsonl"
    close = "]" if nest == "[" else "}"
    path.write_text(nest * 100_000 + "1" + close * 100_000 + "\n")
    err = _fails(capsys, ["replay", str(path)], 1)
    assert (
        err.strip() == f"coup-rules replay: {path}: line 1: malformed JSON (nested too deeply) @ $"
    )


@pytest.mark.parametrize("target", ["missing folder", "folder"])
def test_tournament_markdown_that_cannot_be_written_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    """API: --markdown into a folder that does not exist, or onto a folder, is a usage error
    before the first game (no table on standard output)."""
    path = tmp_path / "nope" / "table.md" if target == "missing folder" else tmp_path
    argv = ["tournament", "--games", "400", "--markdown", str(path)]
    line = _refused(capsys, argv, 2)
    expected = "does not exist" if target == "missing folder" else "is a folder"
    assert line.startswith("coup-rules tournament: error: --markdown:") and expected in line


@pytest.mark.parametrize("target", ["missing folder", "folder"])
def test_simulate_out_that_cannot_be_written_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    """API: --out onto a folder (`--out .`) or into a missing one is refused before playing."""
    path = tmp_path / "nope" / "games.jsonl" if target == "missing folder" else tmp_path
    line = _refused(capsys, ["simulate", "--games", "400", "--out", str(path)], 2)
    expected = "does not exist" if target == "missing folder" else "is a folder"
    assert line.startswith("coup-rules simulate: error: --out:") and expected in line


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate"],
        ["simulate", "--engine", "vector"],
        ["tournament"],
        ["demo"],
    ],
    ids=" ".join,
)
def test_a_seed_beyond_2_256_is_refused_alike_by_every_command_and_engine(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """R-SETUP-1: every engine takes the seeds 0 to 2**256 - 1; 2**256 is a usage error."""
    line = _refused(capsys, [*argv, "--seed", str(2**256)], 2)
    assert "--seed" in line and "2**256 - 1" in line


def test_the_vector_engine_maps_seeds_beyond_2_64_by_hashing() -> None:
    """Seeds below 2**64 reach the compiled generator as they are; larger ones as a fixed
    64-bit hash, the same in every run."""
    from coup_rules.cli.vector_sim import VECTOR_SEEDS, vector_seed

    assert vector_seed(VECTOR_SEEDS - 1) == VECTOR_SEEDS - 1
    mapped = {vector_seed(2**64 + k) for k in range(100)}
    assert len(mapped) == 100 and all(0 <= s < VECTOR_SEEDS for s in mapped)
    assert vector_seed(2**200) == vector_seed(2**200) != vector_seed(2**200 + 1)


def test_simulate_on_the_vector_engine_takes_a_seed_beyond_2_64(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R-SETUP-1: `simulate --engine vector --seed 2**100` plays, and says the seed it used."""
    pytest.importorskip("numba", reason="the [vector] extra is not installed")
    from coup_rules.cli.vector_sim import vector_seed

    argv = ["simulate", "--engine", "vector", "--games", "20", "--players", "3", "--plain"]
    text = "\n".join(_run(capsys, *argv, "--seed", str(2**100)))
    assert f"seed {2**100} (vector seed {vector_seed(2**100)})" in text


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_workers_above_the_hard_limit_are_refused(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """API: --workers 100000 is a usage error naming the limit; nothing is started."""
    line = _refused(capsys, [command, "--games", "1", "--workers", "100000"], 2)
    assert f"at most {MAX_WORKERS}" in line and "100000" in line


def test_simulate_starts_no_more_workers_than_batches(capsys: pytest.CaptureFixture[str]) -> None:
    """API: 2 games with --workers 8 start 2 processes (one batch each), and say so."""
    text = "\n".join(_run(capsys, *SIM[:1], "--games", "2", "--workers", "8", "--plain"))
    assert "2 workers)" in text


def test_worker_count_is_capped_by_tasks_and_cpus() -> None:
    """The default pool starts no more processes than tasks, nor than 4 per CPU."""
    cpus = os.cpu_count() or 1
    assert worker_count(100, 3) == 3
    assert worker_count(MAX_WORKERS, 10**6) == min(MAX_WORKERS, 4 * cpus)
    assert worker_count(None, 10**6) == cpus
    with pytest.raises(ValueError, match=f"at most {MAX_WORKERS}"):
        worker_count(MAX_WORKERS + 1, 1)


def _children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rpartition(")")[2].split()
            if int(fields[1]) == pid:
                found.add(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize(
    ("sent", "status", "said"),
    [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")],
    ids=["SIGTERM", "SIGINT"],
)
def test_a_stopped_simulate_takes_its_workers_with_it(
    sent: signal.Signals, status: int, said: str
) -> None:
    """API: SIGTERM or Ctrl-C ends `simulate --workers 2` in one line, status 143 or 130, and
    no worker process outlives it."""
    argv = ["simulate", "--games", "100000", "--workers", "2", "--players", "2", "--plain"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "coup_rules", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as from a terminal, even if these tests run where SIGINT is ignored (a shell's
        # background job), which the command would otherwise inherit
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    workers: set[int] = set()
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _children(proc.pid)
    assert len(workers) >= 2, "the workers did not start"
    proc.send_signal(sent)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == status
    assert "Traceback" not in err and err.strip() == f"python -m coup_rules: {said}"
    time.sleep(0.5)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
