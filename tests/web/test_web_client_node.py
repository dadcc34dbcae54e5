"""The npm client (clients/js/) in Node, against a real server: a TypeScript author's first
game works as written (the server's address as the base URL, the invite passed on as
createGame gave it), and an empty room code or a missing game id is refused with words."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from tests.web.support import ROOT, ServerProcess, need, need_web

need_web()

PACKAGE = ROOT / "clients" / "js"
NODE = shutil.which("node")
need("Node", NODE is not None and (PACKAGE / "room.js").is_file(), "apt-get install -y nodejs")

FIRST_GAME = """
import { TableClient } from %(room)s;
const server = new TableClient({ baseUrl: process.argv[1] + "/" });
const created = await server.createGame({ config: { players: 2 }, host_seat: 0, name: "Ana" });
const invite = created.data.seats[1].invite;
const claimed = await server.claimSeat(created.data.game, invite, "Ben");
const listed = await server.openTables();
const emptyCode = await server.findRoom("");
const spaces = await server.claimByCode(created.data.game, " - ", "Cleo");
const noGame = await server.claimByCode(undefined, "K7M2QX", "Cleo");
const asked = await server.findRoom(created.data.room.code.toLowerCase());
console.log(JSON.stringify({ created, invite, claimed, listed, emptyCode, spaces, noGame, asked }));
"""


def _run(url: str) -> dict[str, Any]:
    assert NODE is not None
    script = FIRST_GAME % {"room": json.dumps((PACKAGE / "room.js").as_uri())}
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script, url],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the script found, once, against a server of its own."""
    with ServerProcess(tmp_path_factory.mktemp("node") / "games.sqlite3") as server:
        return _run(server.url)


def test_a_typescript_authors_first_game_claims_its_seat_from_another_process(
    result: dict[str, Any],
) -> None:
    assert result["created"]["status"] == 201
    assert result["invite"].startswith("/join/")  # the link, passed on as it came
    assert result["claimed"]["ok"] and result["claimed"]["data"]["seat"] == 1
    assert result["listed"]["ok"]
    assert (
        result["asked"]["ok"]
        and result["asked"]["data"]["game"] == result["created"]["data"]["game"]
    )


def test_an_empty_room_code_or_no_game_is_refused_with_words_before_asking(
    result: dict[str, Any],
) -> None:
    for refused in (result["emptyCode"], result["spaces"]):
        assert refused["ok"] is False and refused["status"] == 0
        assert refused["problem"]["detail"].startswith("code: the room code is empty")
    assert "give the game's id" in result["noGame"]["problem"]["detail"]
    assert "undefined" in result["noGame"]["problem"]["detail"]
