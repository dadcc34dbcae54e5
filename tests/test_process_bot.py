"""Bots in any language: ``ProcessBot`` runs a command speaking the coup-bot protocol v1.

A bot that plays is asked once per decision; one that crashes, stalls, writes garbage or answers
an illegal move loses its seat to the stand-in for the rest of that game, the failure is counted
and logged, and the game finishes. The traffic matches ``schema/bot-protocol.schema.json``.
"""

from __future__ import annotations

import json
import logging
import pickle
import shlex
import sys
import time
from pathlib import Path

import pytest

from coup_rules import Config
from coup_rules.bots import HonestBot, RandomBot, bot_name, make_bot, play_game
from coup_rules.bots.messages import FILE_NAME, bot_protocol_schema, text
from coup_rules.bots.process import ProcessBot, command_of
from coup_rules.cli import main
from coup_rules.evaluate import make_entrant
from tests.test_schema import valid

ROOT = Path(__file__).resolve().parents[1]

# One small bot for every behaviour: it plays the first legal move, and the MODE argument makes
# it misbehave at its Nth decision; every line it reads and writes is copied to LOG if given.
SCRIPT = """
import json, sys, time
mode, n, log = sys.argv[1], int(sys.argv[2]), (sys.argv[3] if len(sys.argv) > 3 else None)
decisions = 0
def say(text):
    if log:
        with open(log, "a") as f: f.write("<" + text + "\\n")
    sys.stdout.write(text + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    if log:
        with open(log, "a") as f: f.write(">" + line)
    request = json.loads(line)
    cmd, number = request["cmd"], request["id"]
    if cmd == "hello":
        say(json.dumps({"id": number, "ok": True, "name": "test bot"}))
    elif cmd == "quit":
        say(json.dumps({"id": number, "ok": True})); break
    else:
        decisions += 1
        view = request["view"]
        move = view["legal_moves"][0]
        if decisions == n and mode == "crash":
            print("the test bot crashes on purpose", file=sys.stderr); sys.exit(3)
        if decisions == n and mode == "stall":
            time.sleep(60)
        if decisions == n and mode == "garbage":
            say("this is not JSON"); continue
        if decisions == n and mode == "illegal":
            move = {"type": "income", "player": (view["seat"] + 1) % len(view["players"])}
        say(json.dumps({"id": number, "ok": True, "move": move}))
"""


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "testbot.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


def bot_of(
    script: Path, mode: str = "play", n: int = 0, *extra: str, **options: float
) -> ProcessBot:
    return ProcessBot([sys.executable, str(script), mode, str(n), *extra], **options)  # type: ignore[arg-type]


def test_a_command_bot_plays_whole_games(script: Path) -> None:
    """A bot that answers every decision plays its seats to the end, with no fallback."""
    with bot_of(script) as bot:
        for seed in range(3):
            final = play_game(Config(players=3), [bot, HonestBot(), bot], seed=seed)
            assert final.is_over
        assert bot.failures == []


def test_a_command_bot_plays_as_its_moves_say(script: Path) -> None:
    """The command's answers are the moves played: a bot answering the first legal move plays
    the same game as a Python bot doing so."""

    class First:
        def choose(self, view: object, rng: object) -> object:
            return view.legal_moves[0]  # type: ignore[attr-defined]

    with bot_of(script) as bot:
        ours = play_game(Config(players=2), [bot, RandomBot()], seed=7)
    theirs = play_game(Config(players=2), [First(), RandomBot()], seed=7)  # type: ignore[list-item]
    assert ours.log == theirs.log


@pytest.mark.parametrize(
    ("mode", "kind"),
    [("crash", "crash"), ("stall", "timeout"), ("garbage", "garbage"), ("illegal", "illegal")],
)
def test_a_failing_bot_falls_back_and_the_game_finishes(
    script: Path, mode: str, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot that crashes, stalls, writes garbage or answers an illegal move at its 3rd
    decision: the stand-in plays the seat on, the failure is counted and logged, the game
    ends, and no process is left."""
    bot = bot_of(script, mode, 3, timeout=0.5)
    start = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="coup_rules.bots.process"):
        final = play_game(Config(players=2), [bot, HonestBot()], seed=1)
    assert final.is_over
    assert time.monotonic() - start < 20
    assert [f.kind for f in bot.failures] == [kind]
    assert bot.fallbacks == 1
    assert "plays the seat for the rest of this game" in caplog.text
    if mode == "crash":
        assert "the test bot crashes on purpose" in bot.failures[0].stderr
    assert all(slot.child is None for slot in bot._seats.values())


def test_the_stand_in_holds_the_seat_for_the_rest_of_that_game_only(
    script: Path, tmp_path: Path
) -> None:
    """After a failure the command is not asked again in that game; the next game starts it
    afresh, with a new hello."""
    log = tmp_path / "traffic.log"
    bot = bot_of(script, "garbage", 2, str(log))
    with bot:
        play_game(Config(players=2), [bot, HonestBot()], seed=1)
        first = log.read_text(encoding="utf-8").count('"cmd":"decide"')
        play_game(Config(players=2), [bot, HonestBot()], seed=2)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert first == 2
    assert sum('"cmd":"hello"' in line for line in lines) == 2
    assert bot.fallbacks == 2  # the bot fails again at its 2nd decision of the second game


def test_each_new_game_begins_with_a_hello(script: Path, tmp_path: Path) -> None:
    """A process that plays several games hears hello before the first decision of each."""
    log = tmp_path / "traffic.log"
    with bot_of(script, "play", 0, str(log)) as bot:
        for seed in range(3):
            play_game(Config(players=2), [bot, HonestBot()], seed=seed)
    hellos = [json.loads(line[1:]) for line in log.read_text().splitlines() if '"hello"' in line]
    assert [h["cmd"] for h in hellos if h.get("cmd")] == ["hello"] * 3
    assert {h["seat"] for h in hellos if h.get("cmd")} == {0}


def test_one_bot_in_several_seats_runs_one_process_per_seat(script: Path) -> None:
    """The same bot object in two seats of one game talks to two processes, and close() reaps
    both."""
    with bot_of(script) as bot:
        play_game(Config(players=3), [bot, HonestBot(), bot], seed=3)
        processes = [slot.child.process for slot in bot._seats.values() if slot.child]
        assert len(processes) == 2
    assert all(p.returncode is not None for p in processes)


def test_a_command_that_cannot_start_falls_back(tmp_path: Path) -> None:
    """A command that exits at once: every game is played by the stand-in, each counted."""
    bot = ProcessBot([sys.executable, "-c", "import sys; sys.exit(1)"])
    play_game(Config(players=2), [bot, HonestBot()], seed=0)
    assert [f.kind for f in bot.failures] == ["crash"]


def test_a_process_bot_travels_to_worker_processes(script: Path) -> None:
    """Pickled (as for a process pool) it carries its command, not its processes."""
    with bot_of(script, timeout=2.0) as bot:
        play_game(Config(players=2), [bot, HonestBot()], seed=0)
        copy = pickle.loads(pickle.dumps(bot))
    assert (copy.argv, copy.timeout, copy.failures) == (bot.argv, 2.0, [])
    with copy:
        assert play_game(Config(players=2), [copy, HonestBot()], seed=0).is_over


def test_the_traffic_matches_the_protocol_schema(script: Path, tmp_path: Path) -> None:
    """Every line the host wrote and every line the bot answered is valid against
    schema/bot-protocol.schema.json, as a Request and as an Answer."""
    log = tmp_path / "traffic.log"
    with bot_of(script, "play", 0, str(log)) as bot:
        play_game(Config(players=3, inquisitor=True), [bot, HonestBot(), RandomBot()], seed=5)
    schema = bot_protocol_schema()
    requests = {"$ref": "#/$defs/Request"}
    answers = {"$ref": "#/$defs/Answer"}
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) > 10
    for line in lines:
        message = json.loads(line[1:])
        assert valid(message, {**schema, **(requests if line[0] == ">" else answers)}), line


def test_the_schema_refuses_what_the_host_refuses() -> None:
    """An answer without a move, or with a move that is not one, is no Answer."""
    schema = {**bot_protocol_schema(), "$ref": "#/$defs/Answer"}
    del schema["oneOf"]
    assert valid({"id": 2, "ok": True, "move": {"type": "income", "player": 0}}, schema)
    assert not valid({"id": 2, "ok": True, "move": {"type": "incme", "player": 0}}, schema)
    assert not valid({"id": 2, "ok": "yes"}, schema)


def test_the_checked_in_schema_is_current() -> None:
    """schema/bot-protocol.schema.json is what coup_rules.bots.messages generates."""
    assert (ROOT / "schema" / FILE_NAME).read_text(encoding="utf-8") == text()


def test_cmd_names_a_command_wherever_bots_are_named(script: Path) -> None:
    """make_bot and make_entrant take cmd:COMMAND ARGS (split as a shell splits words)."""
    name = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(script))} play 0"
    bot = make_bot(name)
    assert isinstance(bot, ProcessBot)
    assert bot.argv == (sys.executable, str(script), "play", "0")
    assert isinstance(make_entrant(name), ProcessBot)
    assert bot_name(bot) == name


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("cmd:", "names no command"),
        ("cmd:no-such-command-here --x", "'no-such-command-here' is not a command"),
        ("cmd:python 'unclosed", "cannot split"),
    ],
)
def test_a_bad_command_is_refused_with_words(name: str, words: str) -> None:
    """A command that cannot be split or found is refused before any game."""
    with pytest.raises(ValueError, match=words):
        command_of(name)


def test_the_tournament_takes_command_entrants(
    script: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """coup-rules tournament --entrant 'cmd:...' plays it beside the built-ins and reports its
    fallbacks."""
    good = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(script))} play 0"
    bad = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(script))} garbage 1"
    code = main(
        ["tournament", "--bots", "random", "--entrant", good, "--entrant", bad, "--games", "3",
         "--players", "3", "--plain"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert f"{good}: 0 fallbacks to the random bot." in out
    assert f"{bad}: 3 fallbacks to the random bot (3 garbage)." in out


def test_the_tournament_refuses_an_entrant_that_is_not_a_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--entrant takes cmd:... only (built-in bots go in --bots)."""
    with pytest.raises(SystemExit):
        main(["tournament", "--bots", "random", "--entrant", "honest", "--games", "1"])
    assert "--entrant takes a command" in capsys.readouterr().err


def test_simulate_takes_a_command_bot(script: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """coup-rules simulate --bots names a command bot like a built-in one, and reports its
    fallbacks."""
    name = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(script))} illegal 2"
    code = main(["simulate", "--bots", f"{name},random", "--games", "2", "--players", "3"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"bots {name}, random, {name} (rotating seats)" in out
    assert f"{name}: 4 fallbacks to the random bot (4 illegal)." in out
