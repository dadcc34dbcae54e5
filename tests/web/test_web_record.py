"""A finished table game's record (``GET /api/games/GAME/seats/SEAT/record``): refused while
the game is played (its seed deals every card, R-INFO-1), given to every seat and the spectators
once it is over, in the form ``coup-rules simulate --out`` writes, and it replays in the library
to the same final state; its link sets the same game up in the docs' rules playground."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import ROOT, counter, create_seated, need, need_web, seeded_bots

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules import (  # noqa: E402
    Config,
    apply,
    format_move,
    from_json,
    new_game,
    parse_move,
    to_json,
    view,
)
from coup_rules.simulation import GameRecord, replay  # noqa: E402
from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.replays import DEFAULT_PLAYGROUND  # noqa: E402
from tests.test_playground_links import hook  # noqa: E402

SEED = 9090
PLAYERS = 3


def _client(tmp_path: Path, **options: Any) -> TestClient:
    app = create_app(
        tmp_path / "games.sqlite3",
        bot_delay=0,
        seeds=counter(SEED),
        bot_rng=seeded_bots(3),
        **options,
    )
    return TestClient(app, base_url="http://127.0.0.1")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with _client(tmp_path) as client:
        yield client


def _token(game: dict[str, Any], seat: int | None) -> str:
    token: str = game["spectator"]["token"] if seat is None else game["seats"][seat]["token"]
    return token


def _path(game: dict[str, Any], seat: int | None, what: str = "") -> str:
    return f"/api/games/{game['game']}/seats/{'spectator' if seat is None else seat}{what}"


def _get(client: TestClient, game: dict[str, Any], seat: int | None, what: str = "") -> Any:
    headers = {"Authorization": f"Bearer {_token(game, seat)}"}
    return client.get(_path(game, seat, what), headers=headers)


def _record(client: TestClient, game: dict[str, Any], seat: int | None) -> Any:
    return _get(client, game, seat, "/record")


def _new_game(client: TestClient) -> dict[str, Any]:
    """Ana and Ben against the honest bot."""
    body = {"config": {"players": PLAYERS}, "seats": ["human", "human", "honest"]}
    return create_seated(client.post, body)


def _play_one(client: TestClient, game: dict[str, Any], rng: random.Random) -> bool:
    """One move of a person's seat that may act; ``False`` once the game is over."""
    for seat in (0, 1):
        envelope = _get(client, game, seat).json()
        if envelope["view"]["pending"] is None:
            return False
        moves = envelope["view"]["legal_moves"]
        if moves:
            body = {"version": envelope["version"], "move": rng.choice(moves)}
            headers = {"Authorization": f"Bearer {_token(game, seat)}"}
            client.post(_path(game, seat, "/moves"), json=body, headers=headers)
    return True


def _play_to_the_end(client: TestClient, game: dict[str, Any]) -> None:
    rng = random.Random(5)
    for _ in range(5000):
        if not _play_one(client, game, rng):
            return
    raise AssertionError("the game did not end")


def test_the_record_is_refused_while_the_game_is_played(client: TestClient) -> None:
    game = _new_game(client)
    for seat in (0, 1, None):
        answer = _record(client, game, seat)
        assert answer.status_code == 409
        problem = answer.json()
        assert problem["error"] == "in_play"
        assert "once the game is over" in problem["detail"]


def test_a_refused_record_tells_no_hidden_card_and_no_seed(client: TestClient) -> None:
    # R-INFO-1: a hand is seen by its owner only; the seed would deal every card.
    game = _new_game(client)
    rng = random.Random(2)
    for _ in range(3):
        _play_one(client, game, rng)
    state = new_game(Config(players=PLAYERS), seed=SEED)
    answer = _record(client, game, 1)
    assert answer.status_code == 409
    assert set(answer.json()) == {"error", "detail", "version"}
    assert str(SEED) not in answer.text
    assert not any(card.value in answer.text for p in state.players for card in p.hand)


def test_the_record_needs_a_token_of_the_game(client: TestClient) -> None:
    game = _new_game(client)
    other = _new_game(client)
    answer = client.get(_path(game, 0, "/record"), headers={"Authorization": "Bearer nope"})
    assert answer.status_code == 403
    stranger = {"Authorization": f"Bearer {_token(other, 0)}"}
    assert client.get(_path(game, 0, "/record"), headers=stranger).status_code == 403


def test_once_over_every_seat_and_the_spectators_get_the_same_record(client: TestClient) -> None:
    game = _new_game(client)
    _play_to_the_end(client, game)
    answers = [_record(client, game, seat) for seat in (0, 1, None)]
    assert all(a.status_code == 200 for a in answers)
    assert all(a.headers["content-type"] == "application/json" for a in answers)
    assert len({a.text for a in answers}) == 1


def test_the_record_is_the_simulate_format_and_replays_to_the_same_end(client: TestClient) -> None:
    game = _new_game(client)
    _play_to_the_end(client, game)
    text = _record(client, game, 0).text
    record = GameRecord.from_json(text)
    assert record.seed == SEED
    assert record.bots == ("Player 0", "Player 1", "honest")
    final = replay(record)  # checks the recorded winner, turns and order of elimination
    seen = _get(client, game, None).json()["view"]
    assert json.loads(to_json(view(final, None))) == seen
    for seat in (0, 1):
        mine = _get(client, game, seat).json()["view"]
        assert json.loads(to_json(view(final, seat))) == mine


def test_the_record_links_the_same_game_in_the_rules_playground(client: TestClient) -> None:
    game = _new_game(client)
    _play_to_the_end(client, game)
    data = json.loads(_record(client, game, 1).text)
    link, _, fragment = data["playground"].partition("#")
    assert link == DEFAULT_PLAYGROUND
    position = hook.read_fragment(fragment)
    config = from_json(json.dumps(position.config), Config)
    state = new_game(config, **position.setup)
    for move in position.moves:
        state = apply(state, parse_move(move, state))
    assert state == replay(GameRecord.from_json(_record(client, game, 1).text))


def test_the_server_names_its_own_playground_or_none(tmp_path: Path) -> None:
    for playground, expected in (("https://docs.example.org/playground/", True), (None, False)):
        folder = tmp_path / str(expected)
        folder.mkdir()
        with _client(folder, playground=playground) as client:
            game = _new_game(client)
            _play_to_the_end(client, game)
            data = _record(client, game, 0).json()
        assert ("playground" in data) is expected
        if expected:
            assert data["playground"].startswith(f"{playground}#players=3&")


READ_IN_THE_PLAYGROUND = """
import { readFileSync } from "node:fs";
import { kindOfRecord, lineFromFragment, lineOfGame, recordsOfText } from "%s";
const text = readFileSync(0, "utf8");
const [{ value }] = recordsOfText(text);
const line = lineOfGame(value);
const linked = lineFromFragment(value.playground.slice(value.playground.indexOf("#")));
const seed = (l) => String(l.setup.seed);
console.log(JSON.stringify({
  kind: kindOfRecord(value),
  seeds: [seed(line), seed(linked)],
  moves: linked.moves,
  count: line.moves.length,
  players: [line.config.players, linked.config.players],
}));
"""


def test_the_playground_reads_the_record_and_its_link_as_the_same_game(client: TestClient) -> None:
    # Read by the playground's own module (docs/javascripts/playground/position.mjs), in Node.
    node = shutil.which("node")
    need("Node", node is not None, "apt-get install nodejs (Node 20 or later)")
    assert node is not None
    game = _new_game(client)
    _play_to_the_end(client, game)
    text = _record(client, game, None).text
    record = GameRecord.from_json(text)
    module = (ROOT / "docs" / "javascripts" / "playground" / "position.mjs").as_uri()
    script = READ_IN_THE_PLAYGROUND % module
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    read = json.loads(done.stdout)
    assert read["kind"] == "game"
    assert read["seeds"] == [str(SEED), str(SEED)]
    assert read["count"] == len(record.moves)
    assert read["moves"] == [format_move(m) for m in record.moves]
    assert read["players"] == [PLAYERS, PLAYERS]
