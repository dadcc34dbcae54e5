"""examples/node_table_server.mjs, a table server in Node on @coup-rules/engine, plays a short
fixed game over HTTP: the moves the rules allow are accepted with the seat's new view, the others
refused with their reason and rule id.

Needs Node and the built package (``npm ci`` and ``node build.mjs`` in clients/engine/);
skipped without them, except under CI, where it fails instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "examples" / "node_table_server.mjs"
PACKAGE = ROOT / "clients" / "engine"

DEAL = {
    "config": {"players": 2},
    "deal": {"hands": [["duke", "captain"], ["contessa", "assassin"]], "coins": [14, 7], "seed": 1},
}
"""Two seats with coins enough for three Coups between them: a game of five moves."""


def _ask(method: str, url: str, body: object = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as refused:
        return refused.code, json.load(refused)


@pytest.fixture(scope="module")
def tables() -> Iterator[str]:
    """The server, started on a free port of 127.0.0.1; its URL of /games."""
    node = shutil.which("node")
    built = (PACKAGE / "wheels" / "manifest.json").is_file() and (
        PACKAGE / "node_modules" / "pyodide"
    ).is_dir()
    missing = "node" if node is None else None if built else "the built package"
    if missing is not None:
        how = "npm ci and node build.mjs in clients/engine/"
        if os.environ.get("CI"):
            pytest.fail(f"{missing} is missing: CI runs the Node example table server ({how})")
        pytest.skip(f"{missing} is missing ({how})")
    assert node is not None
    process = subprocess.Popen(
        [node, str(SERVER), "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # printed once the engine has started and it listens
        if " at http://127.0.0.1:" not in line:
            process.kill()
            pytest.fail(f"the server did not start: {line}{process.communicate()[1]}")
        yield line.split(" at ")[1].strip()
    finally:
        process.terminate()
        process.communicate(timeout=30)


def _move(tables: str, game: str, move: dict[str, Any]) -> tuple[int, Any]:
    return _ask("POST", f"{tables}/{game}/moves", move)


def test_a_fixed_game_is_played_to_its_end_over_http(tables: str) -> None:
    """R-ACT-3, R-INF-2, R-INF-6: three Coups; the first two cost a card its owner picks, the
    last takes seat 1's last card at once, and seat 0 has won."""
    status, created = _ask("POST", tables, DEAL)
    assert (status, created["toAct"]) == (201, [0])
    game = created["id"]
    moves = [
        {"type": "coup", "player": 0, "target": 1},
        {"type": "lose_influence", "player": 1, "character": "assassin"},
        {"type": "coup", "player": 1, "target": 0},
        {"type": "lose_influence", "player": 0, "character": "duke"},
        {"type": "coup", "player": 0, "target": 1},
    ]
    answers = [_move(tables, game, move) for move in moves]
    assert [status for status, _ in answers] == [200] * 5
    assert [answer["toAct"] for _, answer in answers] == [[1], [1], [0], [0], []]
    status, spectator = _ask("GET", f"{tables}/{game}/view")
    assert status == 200
    assert spectator["winner"] == 0
    assert [p["coins"] for p in spectator["players"]] == [0, 0]


def test_a_move_out_of_turn_is_refused_with_its_rule(tables: str) -> None:
    """R-TURN-4: 409, the reason and the rule id; the game is unchanged."""
    game = _ask("POST", tables, DEAL)[1]["id"]
    status, refusal = _move(tables, game, {"type": "income", "player": 1})
    assert status == 409
    assert refusal["rule"] == "R-TURN-4"
    assert refusal["reason"].startswith("seat 1 is not being asked to move")
    assert _ask("GET", f"{tables}/{game}/view?seat=1")[1]["players"][1]["coins"] == 7


def test_a_move_while_a_card_must_turn_up_is_refused_with_its_rule(tables: str) -> None:
    """R-INF-1: after a Coup, its target turns a card up before anything else."""
    game = _ask("POST", tables, DEAL)[1]["id"]
    _move(tables, game, {"type": "coup", "player": 0, "target": 1})
    status, refusal = _move(tables, game, {"type": "income", "player": 1})
    assert (status, refusal["rule"]) == (409, "R-INF-1")


def test_what_is_no_move_at_all_is_refused_as_invalid(tables: str) -> None:
    """422 with the library's words and the JSON path."""
    game = _ask("POST", tables, DEAL)[1]["id"]
    status, refusal = _move(tables, game, {"type": "incom", "player": 0})
    assert status == 422
    assert refusal["errors"] == ["unknown or missing \"type\" tag: 'incom' @ $"]


def test_a_seat_sees_its_own_hand_and_not_the_other(tables: str) -> None:
    """A view holds what the seat may know: its cards, not its opponent's."""
    game = _ask("POST", tables, DEAL)[1]["id"]
    status, seen = _ask("GET", f"{tables}/{game}/view?seat=0")
    assert status == 200
    assert [p["hand"] for p in seen["players"]] == [["duke", "captain"], None]
