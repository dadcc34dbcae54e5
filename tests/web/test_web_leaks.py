"""Nobody peeks: every response of whole games, checked against the true state of the game.

Each test plays a whole game through the HTTP API and keeps every response every client got:
views after every move, the answers to moves (accepted, stale, illegal), and the event streams.
After the game, the states are rebuilt from the stored record, and each response is checked
against the state it was made from (``check_envelope``): it is exactly that seat's view, its
words come from that view alone, no other seat's hidden card and no private card of another
seat is in it, and the seed never is.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import (
    check_envelope,
    counter,
    create_seated,
    iter_sse,
    need_web,
    seeded_bots,
    stored_states,
    wait_until,
)

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules import IllegalMoveError, Move, apply, from_json  # noqa: E402
from coup_rules.web.app import create_app  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    db = tmp_path / "games.sqlite3"
    app = create_app(db, bot_delay=0, seeds=counter(777), bot_rng=seeded_bots(7))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c, db


Seen = list[tuple[int | None, int, dict[str, Any]]]
"""(seat, HTTP status, body) of every response."""


def _get(client: TestClient, gid: str, seat: int | None, token: str, since: int = 0) -> Any:
    path = "spectator" if seat is None else str(seat)
    return client.get(
        f"/api/games/{gid}/seats/{path}",
        params={"since": since},
        headers={"Authorization": f"Bearer {token}"},
    )


def _post(client: TestClient, gid: str, seat: int, token: str, version: int, move: Any) -> Any:
    return client.post(
        f"/api/games/{gid}/seats/{seat}/moves",
        headers={"Authorization": f"Bearer {token}"},
        json={"version": version, "move": move},
    )


def _check_all(seen: Seen, db: Path, gid: str) -> int:
    """Check every response of game ``gid``; returns how many views were checked."""
    states, seats = stored_states(db, gid)
    final = states[max(states)]
    assert final.is_over
    views = 0
    for seat, status, body in seen:
        if status == 200:
            check_envelope(body, states[body["version"]], seat, seats)
            views += 1
        elif status == 409:
            assert set(body) == {"error", "detail", "version"}
            assert body["version"] in states
        else:
            assert status == 422, body
            assert set(body) == {"error", "detail", "reason", "rule"}
    return views


def _streams(client: TestClient, gid: str, tokens: dict[int | None, str], seen: Seen) -> None:
    """Each finished game's event stream, from the start: one view, then the stream ends."""
    for seat, token in tokens.items():
        path = "spectator" if seat is None else str(seat)
        response = client.get(f"/api/games/{gid}/seats/{path}/events?token={token}")
        events = list(iter_sse(iter(response.text.split("\n"))))
        assert len(events) == 1
        event_id, data = events[0]
        assert event_id == str(data["version"])
        assert data["view"]["log_start"] == 0
        seen.append((seat, 200, data))


def test_a_whole_game_between_three_people_leaks_nothing(
    client: tuple[TestClient, Path],
) -> None:
    c, db = client
    game = create_seated(c.post, {"config": {"players": 3}})
    gid = game["game"]
    tokens: dict[int | None, str] = {s["seat"]: s["token"] for s in game["seats"]}
    tokens[None] = game["spectator"]["token"]
    rng = random.Random(13)
    seen: Seen = []
    sent = dict.fromkeys(tokens, 0)  # the version each client has seen up to

    def look() -> dict[int | None, dict[str, Any]]:
        """Every client fetches what is new for it, as a page would after an event."""
        latest = {}
        for seat, token in tokens.items():
            response = _get(c, gid, seat, token, since=sent[seat])
            assert response.status_code == 200
            body = response.json()
            seen.append((seat, 200, body))
            sent[seat] = body["version"]
            latest[seat] = body
        return latest

    latest = look()
    moves = 0
    late_answers: set[int] = set()
    while latest[0]["view"]["to_act"]:
        waiting = latest[0]["view"]["to_act"]
        seat = rng.choice(waiting)
        data = latest[seat]
        legal = data["view"]["legal_moves"]
        move = rng.choice(legal)
        version = data["version"]
        if rng.random() < 0.1:  # now and then, something illegal: a move of the wrong kind
            bad = {"type": "challenge" if move["type"] != "challenge" else "income", "player": seat}
            if bad not in legal:
                response = _post(c, gid, seat, tokens[seat], version, bad)
                assert response.status_code == 422
                seen.append((seat, 422, response.json()))
        response = _post(c, gid, seat, tokens[seat], version, move)
        assert response.status_code == 200, response.text
        seen.append((seat, 200, response.json()))
        moves += 1
        # Now and then a second seat of the window answers too, from the same view.
        if len(waiting) > 1 and rng.random() < 0.5:
            late = next(s for s in waiting if s != seat)
            late_move = rng.choice(latest[late]["view"]["legal_moves"])
            response = _post(c, gid, late, tokens[late], version, late_move)
            # It counts if the window still waits on it; it is stale if the first answer closed
            # the window (a challenge, a block, the last Allow).
            assert response.status_code in (200, 409), response.text
            seen.append((late, response.status_code, response.json()))
            moves += response.status_code == 200
            late_answers.add(response.status_code)
        latest = look()
    _streams(c, gid, tokens, seen)
    views = _check_all(seen, db, gid)
    assert moves > 15
    assert late_answers == {200, 409}  # some second answers counted, some came too late
    assert views > 4 * moves


def test_a_game_with_bots_leaks_nothing_to_the_person_or_the_spectators(
    client: tuple[TestClient, Path],
) -> None:
    c, db = client
    body = {"config": {"players": 4}, "seats": ["bluff", "human", "honest", "random"]}
    game = create_seated(c.post, body)
    gid = game["game"]
    me, spectator = game["seats"][1]["token"], game["spectator"]["token"]
    table = c.app.state.hub.table(gid)  # type: ignore[attr-defined]
    rng = random.Random(5)
    seen: Seen = []
    while True:
        data = _get(c, gid, 1, me).json()
        seen.append((1, 200, data))
        watch = _get(c, gid, None, spectator).json()
        seen.append((None, 200, watch))
        if not data["view"]["to_act"]:
            break
        if not data["view"]["legal_moves"]:
            version = data["version"]
            wait_until(lambda v=version: table.version != v)  # type: ignore[misc]
            continue
        move = rng.choice(data["view"]["legal_moves"])
        response = _post(c, gid, 1, me, data["version"], move)
        if response.status_code == 409:  # a bot answered the same window first
            seen.append((1, 409, response.json()))
            continue
        assert response.status_code == 200, response.text
        seen.append((1, 200, response.json()))
    _streams(c, gid, {1: me, None: spectator}, seen)
    assert _check_all(seen, db, gid) > 10


def test_illegal_answers_are_the_engines_own(client: tuple[TestClient, Path]) -> None:
    """A 422 tells the seat about its own move only: the engine's reason, for that state."""
    c, db = client
    game = create_seated(c.post, {"config": {"players": 2}})
    gid, token = game["game"], game["seats"][0]["token"]
    data = _get(c, gid, 0, token).json()
    tries = [
        {"type": "lose_influence", "player": 0, "character": card}
        for card in ("duke", "assassin", "captain", "ambassador", "contessa")
    ] + [{"type": "keep", "player": 0, "cards": ["duke"]}]
    states, _ = stored_states(db, gid)
    state = states[data["version"]]
    for move in tries:
        response = _post(c, gid, 0, token, data["version"], move)
        if response.status_code == 200:
            break
        with pytest.raises(IllegalMoveError) as expected:
            apply(state, from_json(json.dumps(move), Move))
        assert response.status_code == 422
        assert response.json()["reason"] == expected.value.reason
