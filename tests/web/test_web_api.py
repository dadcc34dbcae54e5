"""The HTTP API of ``coup-rules serve``: links and tokens, 403, 404, 409, 422, 400, views."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import counter, create_seated, need_web, seeded_bots, wait_until

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules import (  # noqa: E402
    Allow,
    Challenge,
    Config,
    DecodeError,
    IllegalMoveError,
    Move,
    Steal,
    Tax,
    apply,
    from_json,
    new_game,
    to_json,
)
from coup_rules.bots.baselines import BASELINES  # noqa: E402
from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.store import open_store  # noqa: E402

SEED = 4242


class Api:
    """A TestClient and the ids and tokens of the games it created."""

    def __init__(self, client: TestClient, db: Path) -> None:
        self.client = client
        self.db = db

    def create(self, players: int = 3, seats: list[str] | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"config": {"players": players}}
        if seats is not None:
            body["seats"] = seats
        return create_seated(self.client.post, body)

    def view(self, game: dict[str, Any], seat: int | None, **params: Any) -> Any:
        path = "spectator" if seat is None else str(seat)
        token = game["spectator"]["token"] if seat is None else game["seats"][seat]["token"]
        return self.client.get(
            f"/api/games/{game['game']}/seats/{path}",
            headers={"Authorization": f"Bearer {token}"},
            params=params,
        )

    def post(
        self,
        game: dict[str, Any],
        seat: int,
        body: Any,
        token: str | None = None,
        raw: str | None = None,
    ) -> Any:
        token = game["seats"][seat]["token"] if token is None else token
        return self.client.post(
            f"/api/games/{game['game']}/seats/{seat}/moves",
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            content=raw if raw is not None else json.dumps(body),
        )

    def move(self, game: dict[str, Any], move: Move, version: int) -> Any:
        body = {"version": version, "move": json.loads(to_json(move))}
        return self.post(game, move.player, body)

    def stored_moves(self) -> int:
        store = open_store(self.db)
        try:
            return store.count_moves()
        finally:
            store.close()


@pytest.fixture
def api(tmp_path: Path) -> Iterator[Api]:
    db = tmp_path / "games.sqlite3"
    app = create_app(db, bot_delay=0, seeds=counter(SEED), bot_rng=seeded_bots(1))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        yield Api(client, db)


def test_create_gives_the_host_one_invite_per_human_seat_and_no_seat_token(api: Api) -> None:
    response = api.client.post(
        "/api/games", json={"config": {"players": 3}, "seats": ["human", "honest", "human"]}
    )
    assert response.status_code == 201
    game = response.json()
    seats = game["seats"]
    assert [s["player"] for s in seats] == ["human", "honest", "human"]
    assert seats[1]["invite"] is None
    assert game["seat"] is None  # the host plays no seat: it holds no seat's token
    assert all("token" not in s for s in seats)
    invites = [seats[0]["invite"], seats[2]["invite"]]
    assert all(i.startswith(f"/join/{game['game']}#") for i in invites)
    secrets_ = [i.split("#")[1] for i in invites] + [game["host_token"], game["spectator"]["token"]]
    assert len(set(secrets_)) == 4
    assert all(len(t) >= 32 for t in secrets_)  # 24 random bytes, base64
    assert game["host"] == f"/host/{game['game']}#{game['host_token']}"
    assert game["spectator"]["link"] == f"/watch/{game['game']}#{game['spectator']['token']}"
    for path in (f"/play/{game['game']}/0", f"/join/{game['game']}", f"/host/{game['game']}"):
        page = api.client.get(path)
        assert page.status_code == 200 and ".js" in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
    assert api.client.get("/").status_code == 200
    assert api.client.get("/static/table.js").status_code == 200
    assert api.client.get("/api/bots").json()["bots"] == [
        *("random", "honest", "bluff", "counting"),
        *BASELINES,  # every frozen baseline id, in the table's order
    ]


def test_the_first_view_is_the_new_game_of_the_seed(api: Api) -> None:
    game = api.create(3)
    data = api.view(game, 1).json()
    state = new_game(Config(players=3), seed=SEED)
    assert data["version"] == len(state.log)
    assert data["view"]["players"][1]["hand"] == [c.value for c in state.players[1].hand]
    assert data["pending_text"] == "Seat 0 declares an action."  # seat 1's page
    assert [s["name"] for s in data["table"]["seats"]] == ["Player 0", "Player 1", "Player 2"]
    assert not any(s["bot"] for s in data["table"]["seats"])


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"config": {"players": 11}}, "players"),
        ({"config": {"players": 3, "colour": "red"}}, "colour"),
        ({"config": {"players": 3}, "seats": ["human"]}, "one entry per seat"),
        ({"config": {"players": 2}, "seats": ["human", "clever"]}, "'clever' is not one of"),
        ({"config": {"players": 2}, "seats": "human"}, "array of strings"),
        ([], "JSON object"),
    ],
)
def test_create_refuses_bad_input_with_400(api: Api, body: Any, problem: str) -> None:
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 400
    assert problem in response.json()["detail"]


def test_create_refuses_a_body_that_is_not_json(api: Api) -> None:
    response = api.client.post(
        "/api/games", content="{players: 3", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["detail"].startswith("the body is not JSON: Expecting property name")


def test_a_token_reads_only_its_own_seat(api: Api) -> None:
    game = api.create(3, ["human", "human", "bluff"])
    gid = game["game"]
    t0, t1, spectator = game["seats"][0]["token"], game["seats"][1]["token"], None
    spectator = game["spectator"]["token"]

    def get(seat: str, token: str | None) -> int:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        status: int = api.client.get(f"/api/games/{gid}/seats/{seat}", headers=headers).status_code
        return status

    assert get("0", t0) == 200
    assert get("1", t1) == 200
    assert get("spectator", spectator) == 200
    assert get("0", t1) == 403  # another seat's token
    assert get("1", t0) == 403
    assert get("0", None) == 403  # no token
    assert get("0", spectator) == 403  # the spectators' token reads only the public view
    assert get("spectator", t0) == 403
    assert get("2", t0) == 403  # a bot's seat has no token at all
    assert get("7", t0) == 403  # no such seat
    assert get("0", t0 + "x") == 403
    assert get("0", t0[:-1]) == 403
    assert get("01x", t0) == 404
    other = api.create(3)
    assert get("0", other["seats"][0]["token"]) == 403  # a token of another game
    assert api.client.get(f"/api/games/nope/seats/0?token={t0}").status_code == 404
    # The token may also travel in the query string (EventSource cannot set headers).
    assert api.client.get(f"/api/games/{gid}/seats/0?token={t0}").status_code == 200
    assert api.client.get(f"/api/games/{gid}/seats/1?token={t0}").status_code == 403
    body = api.client.get(f"/api/games/{gid}/seats/1", headers={"Authorization": f"Bearer {t0}"})
    assert set(body.json()) == {"error", "detail"}  # nothing of seat 1's view


def test_nobody_moves_for_another_seat(api: Api) -> None:
    game = api.create(3)
    version = api.view(game, 0).json()["version"]
    income0 = {"version": version, "move": {"type": "income", "player": 0}}
    # Seat 1's token on seat 0's move path.
    response = api.post(game, 0, income0, token=game["seats"][1]["token"])
    assert response.status_code == 403
    # Seat 1 on its own path, but the move is seat 0's.
    response = api.post(game, 1, income0)
    assert response.status_code == 403
    assert response.json()["detail"] == "you are seat 1; you cannot move for seat 0"
    # The spectators cannot move at all.
    response = api.client.post(
        f"/api/games/{game['game']}/seats/spectator/moves",
        headers={"Authorization": f"Bearer {game['spectator']['token']}"},
        json=income0,
    )
    assert response.status_code == 403
    assert api.view(game, 0).json()["version"] == version
    assert api.stored_moves() == 0
    assert api.post(game, 0, income0).status_code == 200
    assert api.stored_moves() == 1


def test_a_second_answer_to_the_same_window_gets_409_and_changes_nothing(api: Api) -> None:
    game = api.create(3)
    v0 = api.view(game, 0).json()["version"]
    first = api.move(game, Tax(0), v0)
    assert first.status_code == 200
    v1 = first.json()["version"]
    assert v1 > v0
    # Seat 1 answers the window it saw, then answers again against the same version.
    assert api.move(game, Allow(1), v1).status_code == 200
    before = api.view(game, 2).json()
    again = api.move(game, Allow(1), v1)
    assert again.status_code == 409
    body = again.json()
    assert body["error"] == "stale"
    assert "already answered" in body["detail"]
    assert body["version"] == api.view(game, 1).json()["version"]
    assert api.view(game, 2).json() == before
    assert api.stored_moves() == 2


def test_an_answer_made_before_another_seat_answered_still_counts(api: Api) -> None:
    game = api.create(3)
    v1 = api.move(game, Tax(0), api.view(game, 0).json()["version"]).json()["version"]
    assert api.move(game, Allow(1), v1).status_code == 200
    # Seat 2 saw the window before seat 1 allowed; the window still waits on seat 2.
    late = api.move(game, Challenge(2), v1)
    assert late.status_code == 200, late.text
    assert late.json()["view"]["pending"]["kind"] == "answer_action_challenge"


def test_an_answer_to_a_window_that_has_closed_gets_409(api: Api) -> None:
    game = api.create(3)
    v1 = api.move(game, Tax(0), api.view(game, 0).json()["version"]).json()["version"]
    assert api.move(game, Challenge(1), v1).status_code == 200
    # The challenge closed the window: seat 2's Allow, made against it, answers nothing now.
    late = api.move(game, Allow(2), v1)
    assert late.status_code == 409
    assert "has closed" in late.json()["detail"]
    assert api.stored_moves() == 2


def test_a_double_clicked_allow_does_not_become_a_no_block(api: Api) -> None:
    """The issue's example: Allow in the challenge window, clicked twice, must not also
    answer the counter window that opens next (where Allow means "does not block")."""
    game = api.create(3)
    v = api.view(game, 0).json()["version"]
    v = api.move(game, Steal(0, 1), v).json()["version"]  # challenge window: seats 1 and 2
    assert api.move(game, Allow(2), v).status_code == 200
    click = api.move(game, Allow(1), v + 1)
    assert click.status_code == 200
    assert click.json()["view"]["pending"]["kind"] == "counter"  # seat 1 may now block
    double = api.move(game, Allow(1), v + 1)  # the second click of the same button
    assert double.status_code == 409
    data = api.view(game, 1).json()
    assert data["view"]["pending"]["kind"] == "counter"
    assert {"type": "block", "player": 1, "character": "captain"} in data["view"]["legal_moves"]


def test_an_illegal_move_gets_422_with_the_engines_reason_and_rule(api: Api) -> None:
    game = api.create(3)
    v = api.view(game, 0).json()["version"]
    state = new_game(Config(players=3), seed=SEED)
    for move in (
        from_json('{"type": "coup", "player": 0, "target": 1}', Move),
        from_json('{"type": "challenge", "player": 0}', Move),
        from_json('{"type": "steal", "player": 0, "target": 0}', Move),
        from_json('{"type": "steal", "player": 0, "target": 9}', Move),
    ):
        with pytest.raises(IllegalMoveError) as expected:
            apply(state, move)
        response = api.move(game, move, v)
        assert response.status_code == 422
        body = response.json()
        assert body["error"] == "illegal"
        assert body["reason"] == expected.value.reason
        assert body["rule"] == expected.value.rule
        assert body["rule"].startswith("R-")
    assert api.view(game, 0).json()["version"] == v
    assert api.stored_moves() == 0


@pytest.mark.parametrize(
    ("raw", "start"),
    [
        ("{", "the body is not JSON: Expecting property name enclosed in double quotes"),
        ('{"version": 4, "move": ', "the body is not JSON: Expecting value"),
        ("\xff", "the body is not JSON"),
        ("[]", 'the body must be {"version": N, "move": {...}}'),
        ('{"move": {"type": "income", "player": 0}}', "the body must be"),
        ('{"version": "4", "move": {"type": "income", "player": 0}}', "version must be"),
        ('{"version": true, "move": {"type": "income", "player": 0}}', "version must be"),
        ('{"version": 4, "move": {"type": "income", "player": 0}, "x": 1}', "the body must be"),
    ],
)
def test_malformed_json_gets_400_with_the_decode_error(api: Api, raw: str, start: str) -> None:
    game = api.create(3)
    response = api.post(game, 0, None, raw=raw)
    assert response.status_code == 400
    assert response.json()["error"] == "malformed"
    assert response.json()["detail"].startswith(start)
    assert api.stored_moves() == 0


@pytest.mark.parametrize(
    "move",
    [
        {"type": "teleport", "player": 0},
        {"type": "income", "player": "zero"},
        {"type": "steal", "player": 0},
        {"type": "income", "player": 0, "extra": 1},
        {"type": "income", "player": 12},
    ],
)
def test_a_malformed_move_gets_400_with_the_librarys_decode_error(api: Api, move: Any) -> None:
    game = api.create(3)
    v = api.view(game, 0).json()["version"]
    response = api.post(game, 0, {"version": v, "move": move})
    assert response.status_code == 400
    with pytest.raises(DecodeError) as expected:
        from_json(json.dumps(move), Move)
    assert response.json()["detail"] == f"move: {expected.value}"
    assert "@ $" in response.json()["detail"]


def test_a_body_over_64_kib_gets_413(api: Api) -> None:
    game = api.create(2)
    response = api.post(game, 0, None, raw=" " * (65 * 1024))
    assert response.status_code == 413


def test_the_spectator_view_is_public(api: Api) -> None:
    game = api.create(3)
    data = api.view(game, None).json()
    assert data["view"]["seat"] is None
    assert data["view"]["legal_moves"] == [] and data["move_labels"] == []
    assert all(p["hand"] is None for p in data["view"]["players"])
    assert all(e.get("cards", None) is None for e in data["view"]["log"])


def test_since_sends_only_the_new_events(api: Api) -> None:
    game = api.create(3)
    v0 = api.view(game, 0).json()["version"]
    api.move(game, Challenge(0), v0)  # refused: no window open
    v1 = api.move(game, Tax(0), v0).json()["version"]
    data = api.view(game, 2, since=v0).json()
    assert data["view"]["log_start"] == v0
    assert [e["index"] for e in data["log_text"]] == list(range(v0, v1))
    assert data["log_text"][0]["text"] == "Seat 0 claims the Duke to collect Tax."
    assert data["pending_text"] == (  # spoken to seat 2
        "Seat 0 claims the Duke to collect Tax; you and seat 1 may challenge."
    )
    assert [m["label"] for m in data["move_labels"]] == ["Challenge", "Allow"]
    for junk in (v1 + 1, -1, "x", "99999999999"):
        assert api.view(game, 2, since=junk).json()["view"]["log_start"] == 0


def test_a_finished_games_event_stream_sends_the_final_view_and_ends(api: Api) -> None:
    game = api.create(2, ["honest", "bluff"])
    gid, token = game["game"], game["spectator"]["token"]
    hub = api.client.app.state.hub  # type: ignore[attr-defined]
    table = hub.table(gid)
    wait_until(lambda: table.state.is_over)  # the bots play in the app's own event loop
    response = api.client.get(f"/api/games/{gid}/seats/spectator/events?token={token}")
    assert response.headers["content-type"].startswith("text/event-stream")
    lines = response.text.split("\n")
    assert lines[0] == f"id: {len(table.state.log)}" and lines[1] == "event: view"
    data = json.loads(lines[2].removeprefix("data: "))
    assert data["view"]["winner"] == table.state.winner
    assert data["pending_text"] == "The game is over."
