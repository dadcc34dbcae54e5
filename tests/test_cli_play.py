"""``coup-rules play``: allegiances where seats are listed, allegiances typed by their first
letters, and ``--out FILE``, a finished game saved for ``coup-rules replay`` (issue 31).

The games are played by ``main`` on piped answers, as ``tests/test_cli.py`` does.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from coup_rules import (
    Allegiance,
    ChooseAllegiance,
    Config,
    GameState,
    apply,
    new_game,
    view,
)
from coup_rules.cli import main
from coup_rules.cli.play import _status, allegiance_tag
from coup_rules.simulation import GameRecord, read_records, replay

REFORMATION = ["play", "--players", "3", "--reformation", "--bots", "honest,random", "--seed", "4"]
BASE = ["play", "--players", "3", "--bots", "honest,random", "--seed", "4"]
TO_THE_END = "1\n" * 400 + "w\n"


def _play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    answers: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- allegiances where seats are listed ----------------------------------------------------------


def _chosen(side: Allegiance) -> GameState:
    """A 4-player Reformation game once seat 0 has chosen ``side`` (R-REF-1, R-REF-2)."""
    state = new_game(Config(players=4, reformation=True), seed=5)
    return apply(state, ChooseAllegiance(0, side))


@pytest.mark.parametrize("side", list(Allegiance))
def test_every_other_seat_is_listed_with_its_allegiance_r_ref_2(side: Allegiance) -> None:
    """R-REF-2: allegiances are public; each seat's line starts with its own, [L] or [R]."""
    state = _chosen(side)
    lines = _status(view(state, 0), ["you", "a", "b", "c"], {})
    for p in state.players[1:]:
        assert p.allegiance is not None
        prefix = f"  [{p.allegiance.title[0]}] seat {p.seat} ("
        assert sum(line.startswith(prefix) for line in lines) == 1, lines
    assert "Allegiances: [L] Loyalist, [R] Reformist." in lines


def test_the_prefix_is_the_first_letter_of_the_allegiance() -> None:
    """R-REF-1: the two allegiances have their own prefixes; a seat with none has none."""
    assert allegiance_tag(Allegiance.LOYALIST) == "[L] "
    assert allegiance_tag(Allegiance.REFORMIST) == "[R] "
    assert allegiance_tag(None) == ""


def test_a_game_without_the_reformation_lists_seats_without_prefixes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-REF-1: only the Reformation has allegiances: no seat carries a prefix."""
    _, out, _ = _play(capsys, monkeypatch, BASE, "quit\n")
    assert "  seat 1 (honest): 2 coins, 2 hidden cards" in out
    assert "[L]" not in out and "[R]" not in out and "Allegiances:" not in out


def test_the_result_lists_every_seat_with_its_allegiance(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-REF-2: at the end, every seat's cards are shown behind its allegiance."""
    code, out, _ = _play(capsys, monkeypatch, REFORMATION, TO_THE_END)
    assert code == 0
    cards = out.split("Everyone's cards:\n", 1)[1].splitlines()[:3]
    assert [re.match(r"  \[[LR]\] seat (\d) \(", line) is not None for line in cards] == [True] * 3


# --- allegiances typed by their first letters ----------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("loy", "You are now Loyalist."),
        ("R", "You are now Reformist."),
        ("choose ref", "You are now Reformist."),
        ("p0 choose loyal", "You are now Loyalist."),
    ],
)
def test_an_allegiance_is_chosen_by_its_first_letters_r_ref_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answer: str, said: str
) -> None:
    """R-REF-1: the first player chooses an allegiance; its first letters are enough, with or
    without ``choose``."""
    _, out, _ = _play(capsys, monkeypatch, REFORMATION, f"{answer}\nquit\n")
    assert said in out
    assert "is not a move" not in out and "could not read" not in out


def test_letters_that_name_no_allegiance_are_refused_r_ref_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-REF-1: ``choose x`` names neither allegiance: the message says which exist, and the
    question is asked again."""
    _, out, _ = _play(capsys, monkeypatch, REFORMATION, "choose x\nquit\n")
    assert "unknown allegiance 'x'" in out and "expected loyalist or reformist" in out
    assert "You are now" not in out


# --- --out FILE ----------------------------------------------------------------------------------


def test_a_finished_game_is_saved_for_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """API: ``play --out FILE`` writes one record that ``coup-rules replay`` reproduces."""
    path = tmp_path / "game.jsonl"
    code, out, _ = _play(capsys, monkeypatch, [*REFORMATION, "--out", str(path)], TO_THE_END)
    assert code == 0
    assert f"Saved the game to {path}" in out
    assert main(["replay", str(path)]) == 0
    assert "every recorded result reproduced" in capsys.readouterr().out


def test_the_saved_game_is_the_game_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """API: the record holds the config, seed, seats and every move; replayed, it ends where
    the game did, with the winner and the turn count the result line gave."""
    path = tmp_path / "game.jsonl"
    _, out, _ = _play(capsys, monkeypatch, [*BASE, "--out", str(path)], TO_THE_END)
    (record,) = read_records(path.read_text(encoding="utf-8").splitlines())
    assert isinstance(record, GameRecord)
    assert (record.seed, record.config.players, record.bots) == (4, 3, ("you", "honest", "random"))
    final = replay(record)
    lines = out.splitlines()
    result = lines[lines.index("Everyone's cards:") - 1]
    assert f"after {final.turn} turns" in result
    if final.winner is not None and final.winner != 0:
        assert result.startswith(f"Seat {final.winner} ")


@pytest.mark.parametrize("target", ["missing folder", "folder"])
def test_a_file_that_cannot_be_written_is_refused_before_playing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    target: str,
) -> None:
    """API: ``--out`` into a missing folder or onto a folder is a usage error (status 2) before
    the game starts: no question is asked."""
    path = tmp_path / "nope" / "game.jsonl" if target == "missing folder" else tmp_path
    monkeypatch.setattr(sys, "stdin", io.StringIO(TO_THE_END))
    with pytest.raises(SystemExit) as stop:
        main([*BASE, "--out", str(path)])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    line = captured.err.strip().splitlines()[-1]
    expected = "does not exist" if target == "missing folder" else "is a folder"
    assert line.startswith("coup-rules play: error: --out:") and expected in line


def test_a_game_left_before_its_end_is_not_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """API: a game left with ``quit`` has no result to replay: no file, and the message says
    so."""
    path = tmp_path / "game.jsonl"
    code, _, err = _play(capsys, monkeypatch, [*BASE, "--out", str(path)], "quit\n")
    assert code == 1
    assert not path.exists()
    assert f"not saved to {path}: the game did not end" in err
