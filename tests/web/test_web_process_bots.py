"""The table seats bots that are commands (``coup-rules serve --bot NAME='cmd:...'``).

A command bot is offered in the lobby beside the built-ins, takes a seat like them and plays
the game to its end; one that fails gives its seat to the stand-in and the table logs it; one
that stalls never stalls the server (it is asked off the event loop).
"""

from __future__ import annotations

import contextlib
import logging
import shlex
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_process_bot import SCRIPT
from tests.web.support import counter, create_seated, need_web, seeded_bots, wait_until

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.bots import BOT_NAMES, BotPlayers  # noqa: E402
from coup_rules.web.serve import bot_commands, build_parser  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_process.py"


def command(*words: str) -> str:
    return "cmd:" + shlex.join(words)


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "testbot.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


@contextlib.contextmanager
def serving(tmp_path: Path, bots: BotPlayers) -> Iterator[TestClient]:
    app = create_app(
        tmp_path / "games.sqlite3",
        bot_delay=0,
        seeds=counter(11),
        bot_rng=seeded_bots(3),
        bots=bots,
    )
    with TestClient(app, base_url="http://127.0.0.1") as client:
        yield client


def spectate(client: TestClient, game: dict[str, Any]) -> Any:
    token = game["spectator"]["token"]
    answer = client.get(
        f"/api/games/{game['game']}/seats/spectator",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def finished(client: TestClient, game: dict[str, Any]) -> bool:
    """Whether the game is over (a bot game may also end in a draw at its turn limit)."""
    view = spectate(client, game)["view"]
    return view["winner"] is not None or not view["to_act"]


def test_the_lobby_offers_command_bots_beside_the_built_ins(tmp_path: Path) -> None:
    bots = BotPlayers({"mybot": command(sys.executable, str(EXAMPLE))})
    with serving(tmp_path, bots) as client:
        names = client.get("/api/bots").json()["bots"]
        assert names == [*BOT_NAMES, "mybot"]


def test_a_command_bot_plays_a_game_at_the_table_to_its_end(tmp_path: Path) -> None:
    bots = BotPlayers({"mybot": command(sys.executable, str(EXAMPLE))})
    with serving(tmp_path, bots) as client:
        game = create_seated(
            client.post, {"config": {"players": 3}, "seats": ["mybot", "honest", "mybot"]}
        )
        wait_until(lambda: finished(client, game), timeout=60)
    assert bots._playing == {}  # the game over, its processes were stopped


@pytest.mark.parametrize("mode", ["crash", "illegal"])
def test_a_failing_command_bot_gives_its_seat_to_the_stand_in_and_the_table_logs_it(
    tmp_path: Path, script: Path, mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    bots = BotPlayers({"flaky": command(sys.executable, str(script), mode, "2")}, timeout=2)
    logs = caplog.at_level(logging.WARNING, logger="coup_rules.bots.process")
    with logs, serving(tmp_path, bots) as client:
        game = create_seated(client.post, {"config": {"players": 2}, "seats": ["flaky", "honest"]})
        wait_until(lambda: finished(client, game), timeout=60)
    assert "flaky (game" in caplog.text
    assert "plays the seat for the rest of this game" in caplog.text


def test_a_stalling_command_bot_never_stalls_the_server(tmp_path: Path, script: Path) -> None:
    """While the bot says nothing for its whole time limit, the server answers at once; then
    the stand-in plays on and the game ends."""
    bots = BotPlayers({"slow": command(sys.executable, str(script), "stall", "1")}, timeout=3)
    with serving(tmp_path, bots) as client:
        start = time.monotonic()
        game = create_seated(client.post, {"config": {"players": 2}, "seats": ["slow", "honest"]})
        assert client.get("/api/bots").status_code == 200
        assert time.monotonic() - start < 2.5
        wait_until(lambda: finished(client, game), timeout=60)


def test_a_seat_cannot_be_given_an_unknown_bot(tmp_path: Path) -> None:
    with serving(tmp_path, BotPlayers()) as client:
        answer = client.post(
            "/api/games", json={"config": {"players": 2}, "seats": ["x", "honest"]}
        )
        assert answer.status_code == 400
        assert "'x' is not one of" in answer.text


def test_serve_takes_bots_by_name() -> None:
    args = build_parser().parse_args(["--bot", "mybot=cmd:node mybot.js", "--bot-timeout", "2"])
    assert bot_commands(args.bot) == {"mybot": "cmd:node mybot.js"}
    assert args.bot_timeout == 2


@pytest.mark.parametrize(
    ("given", "words"),
    [
        (["mybot"], "--bot takes NAME='cmd:COMMAND ARGS'"),
        (["a=cmd:x", "a=cmd:y"], "two bots are called 'a'"),
    ],
)
def test_serve_refuses_a_bot_it_cannot_seat(given: list[str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        bot_commands(given)


@pytest.mark.parametrize(
    ("name", "words"),
    [("honest", "is taken"), ("human", "is taken"), ("My Bot", "a lower-case word")],
)
def test_a_command_bot_needs_a_name_of_its_own(name: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        BotPlayers({name: command(sys.executable, "-c", "pass")})
