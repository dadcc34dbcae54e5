"""Seats are claimed, not handed out: invites, names, the host, reopening, rematches."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.web.support import (
    ServerProcess,
    claim_all,
    counter,
    create_seated,
    need_web,
    seeded_bots,
    wait_until,
)

need_web()

import attrs  # noqa: E402
import httpx2  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.seating import (  # noqa: E402
    MAX_NAME,
    NameTaken,
    Seating,
    SeatingError,
    clean_name,
    name_key,
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(8), bot_rng=seeded_bots(8)
    )
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def _create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"config": {"players": 3}, **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _invite(game: dict[str, Any], seat: int) -> str:
    link: str = game["seats"][seat]["invite"]
    return link.split("#", 1)[1]


def _claim(client: TestClient, game: dict[str, Any], seat: int, name: str) -> Any:
    body = {"invite": _invite(game, seat), "name": name}
    return client.post(f"/api/games/{game['game']}/claims", json=body)


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _view(client: TestClient, gid: str, seat: int | str, token: str) -> Any:
    return client.get(f"/api/games/{gid}/seats/{seat}", headers=_auth(token))


def _host(client: TestClient, game: dict[str, Any], seat: int, body: Any) -> Any:
    return client.post(
        f"/api/games/{game['game']}/host/seats/{seat}", json=body, headers=_auth(game["host_token"])
    )


def test_an_invite_claims_its_seat_once_with_a_fresh_token(client: TestClient) -> None:
    game = _create(client)
    first = _claim(client, game, 1, "Ana")
    assert first.status_code == 201
    token = first.json()["token"]
    assert token not in str(game)  # made for the one who claimed it, not known at creation
    assert first.json()["link"] == f"/play/{game['game']}/1#{token}"
    again = _claim(client, game, 1, "Eve")
    assert again.status_code == 410
    assert "used" in again.json()["detail"]
    assert _view(client, game["game"], 1, token).status_code == 200


def test_names_are_shown_to_everyone_and_bots_only_as_bots(client: TestClient) -> None:
    game = claim_all(client.post, _create(client, seats=["human", "bluff", "human"]))
    data = _view(client, game["game"], 0, game["seats"][0]["token"]).json()
    seats = data["table"]["seats"]
    assert [s["name"] for s in seats] == ["Player 0", None, "Player 2"]
    assert [s["bot"] for s in seats] == [False, True, False]
    assert "bluff" not in str(data["table"])


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "give a name"),
        ("   ", "give a name"),
        ("x" * (MAX_NAME + 1), "at most"),
        ("Ana\u202eevil", "letters"),
        ("two\nlines", None),
        (7, "as text"),
    ],
)
def test_a_name_is_one_trimmed_line_of_printable_text(name: object, problem: str | None) -> None:
    if problem is None:
        assert clean_name(name) == "two lines"
    else:
        with pytest.raises(SeatingError, match=problem):
            clean_name(name)


def test_a_bad_name_is_refused_with_400_and_the_invite_stays_open(client: TestClient) -> None:
    game = _create(client)
    assert _claim(client, game, 1, "").status_code == 400
    assert _claim(client, game, 1, "Ana").status_code == 201


def test_the_host_reads_no_hand_and_holds_no_other_seats_token(client: TestClient) -> None:
    game = _create(client, host_seat=0, name="Host")
    claimed = claim_all(client.post, game)
    host = game["host_token"]
    for seat in (1, 2, "spectator"):
        assert _view(client, game["game"], seat, host).status_code == 403
    links = client.get(f"/api/games/{game['game']}/host", headers=_auth(host)).json()
    text = str(links)
    for seat in (1, 2):
        assert claimed["seats"][seat]["token"] not in text
    own = game["seat"]
    assert own["seat"] == 0 and _view(client, game["game"], 0, own["token"]).status_code == 200


def test_no_move_counts_before_every_seat_is_taken(client: TestClient) -> None:
    game = _create(client, host_seat=0, name="Host")
    token = game["seat"]["token"]
    version = _view(client, game["game"], 0, token).json()["version"]
    response = client.post(
        f"/api/games/{game['game']}/seats/0/moves",
        json={"version": version, "move": {"type": "income", "player": 0}},
        headers=_auth(token),
    )
    assert response.status_code == 409
    assert response.json()["error"] == "not_started"
    assert "still open: seat 1, 2" in response.json()["detail"]


def test_the_host_gives_an_open_seat_to_a_bot_before_the_start_only(client: TestClient) -> None:
    game = _create(client, host_seat=0, name="Host")
    answer = _host(client, game, 2, {"player": "honest"})
    assert answer.status_code == 200
    assert answer.json()["seats"][2]["player"] == "honest"
    assert answer.json()["seats"][2]["invite"] is None
    assert _claim(client, game, 2, "Late").status_code == 410  # that invite went with the seat
    assert _claim(client, game, 1, "Ben").status_code == 201  # every seat taken: it starts
    late = _host(client, game, 1, {"player": "random"})
    assert late.status_code == 409
    assert "has started" in late.json()["detail"]
    assert _host(client, game, 0, {"player": "random"}).status_code == 409  # the host's own


def test_another_token_is_not_the_hosts(client: TestClient) -> None:
    game = _create(client)
    answer = client.post(
        f"/api/games/{game['game']}/host/seats/1",
        json={"reopen": True},
        headers=_auth(game["spectator"]["token"]),
    )
    assert answer.status_code == 403


def test_reopening_a_seat_revokes_its_token_and_says_so(client: TestClient) -> None:
    game = _create(client)
    claimed = claim_all(client.post, game)
    old = claimed["seats"][1]["token"]
    answer = _host(client, game, 1, {"reopen": True})
    assert answer.status_code == 200
    refused = _view(client, game["game"], 1, old)
    assert refused.status_code == 403
    assert refused.json()["error"] == "revoked"
    assert "someone else" in refused.json()["detail"]
    invite = answer.json()["seats"][1]["invite"].split("#", 1)[1]
    new = client.post(f"/api/games/{game['game']}/claims", json={"invite": invite, "name": "Zoe"})
    assert new.status_code == 201
    assert _view(client, game["game"], 1, new.json()["token"]).status_code == 200


def _play_to_the_end(client: TestClient, game: dict[str, Any]) -> None:
    rng = random.Random(2)
    gid = game["game"]
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    for _ in range(2000):
        views = {
            seat: _view(client, gid, seat, token).json() for seat, token in tokens.items() if token
        }
        if not views[0]["view"]["to_act"]:
            return
        ready = [seat for seat, v in views.items() if v["view"]["legal_moves"]]
        if not ready:  # the bot's move: it plays in the app's own thread
            time.sleep(0.01)
            continue
        seat = rng.choice(ready)
        move = rng.choice(views[seat]["view"]["legal_moves"])
        client.post(
            f"/api/games/{gid}/seats/{seat}/moves",
            json={"version": views[seat]["version"], "move": move},
            headers=_auth(tokens[seat]),
        )
    raise AssertionError("the game did not end")


def test_a_rematch_seats_the_same_people_in_a_new_game(client: TestClient) -> None:
    game = claim_all(client.post, _create(client, seats=["human", "human", "honest"]))
    gid = game["game"]
    early = client.post(
        f"/api/games/{gid}/seats/0/rematch", json={}, headers=_auth(game["seats"][0]["token"])
    )
    assert early.status_code == 409  # not before the end
    _play_to_the_end(client, game)
    end = _view(client, gid, 0, game["seats"][0]["token"]).json()
    assert len(end["table"]["hands"]) == 3  # every hand shown at the end
    answers = [
        client.post(
            f"/api/games/{gid}/seats/{seat}/rematch",
            json={},
            headers=_auth(game["seats"][seat]["token"]),
        ).json()
        for seat in (0, 1)
    ]
    assert answers[0]["game"] == answers[1]["game"] != gid
    new = answers[0]["game"]
    views = [_view(client, new, seat, answers[seat]["token"]).json() for seat in (0, 1)]
    assert [s["name"] for s in views[0]["table"]["seats"]] == ["Player 0", "Player 1", None]
    assert views[0]["table"]["started"]  # everyone is seated: it plays at once
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.table(new).record.seed != hub.table(gid).record.seed  # a new deal
    assert hub.table(new).record.seating.host == hub.table(gid).record.seating.host


def test_a_revoked_players_event_stream_is_told_why_and_ends(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "games.sqlite3", "--bot-delay", "0") as server:
        with httpx2.Client(base_url=server.url, timeout=30) as http:
            game = create_seated(http.post, {"config": {"players": 3}})
        gid, token = game["game"], game["seats"][1]["token"]
        lines: list[str] = []

        def follow() -> None:
            with httpx2.Client(base_url=server.url, timeout=30) as mine:
                url = f"/api/games/{gid}/seats/1/events?token={token}"
                with mine.stream("GET", url) as response:
                    lines.extend(response.iter_lines())

        reader = threading.Thread(target=follow, daemon=True)
        reader.start()
        wait_until(lambda: "event: view" in lines)
        with httpx2.Client(base_url=server.url, timeout=30) as host:
            reopened = host.post(
                f"/api/games/{gid}/host/seats/1", json={"reopen": True}, headers=_auth(game["host"])
            )
        assert reopened.status_code == 200
        reader.join(20)
        assert not reader.is_alive()  # the stream ended
    at = lines.index("event: revoked")
    data = json.loads(lines[at + 1].removeprefix("data: "))
    assert data["error"] == "revoked" and "someone else" in data["detail"]


def test_reopening_the_hosts_own_seat_leaves_the_host_with_none() -> None:
    seating = Seating.new(["human", "human"], "host", ["i0", "i1"]).claim(0, "Ana", "t0")
    seating = attrs.evolve(seating, host_seat=0)
    reopened = seating.reopen(0, "i2")
    assert reopened.host_seat is None
    assert reopened.seats[0].revoked == ("t0",) and reopened.seats[0].invite == "i2"
    assert reopened.seat_of_invite("i2") == 0 and reopened.seat_of_invite("i0") is None


def test_a_reopened_seat_does_not_stop_the_others(client: TestClient) -> None:
    created = _create(client)
    game = claim_all(client.post, created)
    gid = game["game"]
    assert _host(client, created, 2, {"reopen": True}).status_code == 200
    token = game["seats"][0]["token"]
    data = _view(client, gid, 0, token).json()
    assert data["table"]["started"] and data["table"]["seats"][2]["open"]
    income = client.post(
        f"/api/games/{gid}/seats/0/moves",
        json={"version": data["version"], "move": {"type": "income", "player": 0}},
        headers=_auth(token),
    )
    assert income.status_code == 200  # the game goes on; seat 2's decisions wait for its player


def test_a_claim_that_raced_another_processes_seat_change_is_409_and_can_be_made_again(
    client: TestClient,
) -> None:
    """With a shared store, a claim made against seats another process changed first is
    refused as a conflict (409 ``seating``, nothing changed), not as a bad request; the same
    invite then claims its seat."""
    game = _create(client)
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    original = store.seat
    calls: list[int] = []

    def changed_first(record: Any, before: Any) -> bool:
        calls.append(1)
        return False if len(calls) == 1 else bool(original(record, before))

    store.seat = changed_first
    try:
        refused = _claim(client, game, 0, "Ana")
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"] == "seating"
        again = _claim(client, game, 0, "Ana")
        assert again.status_code == 201, again.text
    finally:
        store.seat = original


# --- seats that stay honest --------------------------------------------------------------------


def test_reopening_a_claimed_seat_mid_game_is_shown_to_every_player(client: TestClient) -> None:
    created = _create(client)
    game = claim_all(client.post, created)
    gid = game["game"]
    assert _host(client, created, 1, {"reopen": True}).status_code == 200
    watchers: list[tuple[int | str, str]] = [(0, game["seats"][0]["token"])]
    watchers.append(("spectator", game["spectator"]["token"]))
    for seat, token in watchers:
        seats = _view(client, gid, seat, token).json()["table"]["seats"]
        assert seats[1]["removed"] == ["Player 1"] and seats[1]["open"]
        assert "removed" not in seats[0] and "removed" not in seats[2]


def test_each_reopening_of_a_seat_is_kept_and_stored(tmp_path: Path) -> None:
    seating = Seating.new(["human", "human"], "host", ["i0", "i1"]).claim(1, "Ana", "t1")
    seating = seating.reopen(1, "i2").claim(1, "Ben", "t2").reopen(1, "i3")
    assert seating.seats[1].removed == ("Ana", "Ben")
    assert seating.public()[1]["removed"] == ["Ana", "Ben"]
    assert Seating.from_data(json.loads(json.dumps(seating.to_data()))) == seating
    unclaimed = Seating.new(["human", "human"], "host", ["i0", "i1"]).reopen(1, "i2")
    assert "removed" not in unclaimed.public()[1]  # nobody was removed


def test_a_seating_stored_before_removed_names_were_kept_loads() -> None:
    data = Seating.new(["human"], "host", ["i0"]).to_data()
    for seat in data["seats"]:
        del seat["removed"]
    assert Seating.from_data(data).seats[0].removed == ()


@pytest.mark.parametrize(
    "name",
    ["Bot 3", "Bot 3 · bot", "bot3", "Ana · bot", "Ana (bot)", "B0t", "Ｂｏｔ", "Вот", "Seat 2"],
)
def test_a_name_that_passes_for_a_bot_or_a_seat_is_reserved(name: str) -> None:
    with pytest.raises(SeatingError, match="is reserved"):
        clean_name(name)


@pytest.mark.parametrize("name", ["Robot Rob", "Abbot", "Bottle", "Seated Sam", "Ana B"])
def test_a_name_that_only_contains_the_letters_of_bot_is_a_name(name: str) -> None:
    assert clean_name(name) == name


@pytest.mark.parametrize("twin", ["Ana", "ANA", "ana", "A n a", "Ána", "\u0410na", "Ana."])
def test_a_name_already_at_the_table_is_refused_however_written(twin: str) -> None:
    seating = Seating.new(["human", "human"], "host", ["i0", "i1"]).claim(0, "Ana", "t0")
    with pytest.raises(NameTaken, match="'Ana' already sits at this table"):
        seating.claim(1, twin, "t1")


def test_a_name_taken_at_the_table_is_400_and_the_invite_stays_open(client: TestClient) -> None:
    game = _create(client)
    assert _claim(client, game, 0, "Ana").status_code == 201
    refused = _claim(client, game, 1, "ana\u00a0")
    assert refused.status_code == 400
    assert "already sits at this table" in refused.json()["detail"]
    assert _claim(client, game, 1, "Ben").status_code == 201


def test_a_removed_player_may_take_their_name_again(client: TestClient) -> None:
    created = _create(client)
    claim_all(client.post, created)
    reopened = _host(client, created, 1, {"reopen": True}).json()
    invite = reopened["seats"][1]["invite"].split("#", 1)[1]
    body = {"invite": invite, "name": "Player 1"}
    assert client.post(f"/api/games/{created['game']}/claims", json=body).status_code == 201


_SPACES = st.sampled_from([" ", "\u00a0", "\u2003", "\u3000", "  "])


@given(
    name=st.text(st.characters(categories=["Lu", "Ll", "Nd"]), min_size=1, max_size=8),
    spaces=st.lists(_SPACES, min_size=1, max_size=3),
)
def test_case_and_spaces_never_tell_two_names_apart(name: str, spaces: list[str]) -> None:
    spaced = spaces[0].join(name.swapcase())
    assert name_key(spaced) == name_key(name)


# --- one seat per browser ----------------------------------------------------------------------


def _as_browser(client: TestClient, gid: str) -> None:
    """Open the invite page, as a browser does before it claims: it gets its session cookie."""
    page = client.get(f"/join/{gid}")
    assert page.status_code == 200 and "coup_session" in client.cookies


def test_a_browser_that_holds_a_seat_cannot_claim_a_second_one(client: TestClient) -> None:
    game = _create(client)
    _as_browser(client, game["game"])
    assert _claim(client, game, 0, "Ana").status_code == 201
    second = _claim(client, game, 1, "Eve")
    assert second.status_code == 409
    assert second.json()["error"] == "seat_held"
    assert "already holds seat 0 of this game" in second.json()["detail"]
    client.cookies.clear()  # another browser
    assert _claim(client, game, 1, "Ben").status_code == 201


def test_a_host_who_plays_cannot_take_a_second_seat_in_the_same_browser(
    client: TestClient,
) -> None:
    assert client.get("/").status_code == 200  # the lobby, where the host creates the game
    game = _create(client, host_seat=0, name="Host")
    refused = _claim(client, game, 2, "Also me")
    assert refused.status_code == 409 and refused.json()["error"] == "seat_held"


def test_once_its_seat_is_reopened_the_browser_may_claim_again(client: TestClient) -> None:
    game = _create(client)
    _as_browser(client, game["game"])
    assert _claim(client, game, 0, "Ana").status_code == 201
    reopened = _host(client, game, 0, {"reopen": True})
    invite = reopened.json()["seats"][0]["invite"].split("#", 1)[1]
    again = client.post(f"/api/games/{game['game']}/claims", json={"invite": invite, "name": "Ana"})
    assert again.status_code == 201


def test_a_browsers_seat_in_one_game_does_not_bind_it_in_another(client: TestClient) -> None:
    first, second = _create(client), _create(client)
    _as_browser(client, first["game"])
    assert _claim(client, first, 0, "Ana").status_code == 201
    assert _claim(client, second, 0, "Ana").status_code == 201


def test_the_seat_cookie_is_sent_only_with_claims_and_never_readable_by_scripts(
    client: TestClient,
) -> None:
    game = _create(client)
    _as_browser(client, game["game"])
    answer = _claim(client, game, 0, "Ana")
    cookie = next(v for v in answer.headers.get_list("set-cookie") if "coup_seat_" in v)
    assert f"Path=/api/games/{game['game']}/claims" in cookie
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert answer.json()["token"] in cookie


@pytest.mark.parametrize(
    "shape",
    [
        lambda link: link,  # as createGame and the host's links give it: /join/GAME#INVITE
        lambda link: "http://127.0.0.1" + link,  # the whole URL, as copied from the page
        lambda link: link.split("#", 1)[1],  # the text after #
    ],
    ids=["link", "url", "code"],
)
def test_a_claim_takes_the_invite_in_the_shape_the_host_was_given_it(
    client: TestClient, shape: Any
) -> None:
    game = _create(client)
    link = game["seats"][1]["invite"]
    answer = client.post(
        f"/api/games/{game['game']}/claims", json={"invite": shape(link), "name": "Ben"}
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["seat"] == 1


def test_another_games_invite_link_is_refused_saying_so(client: TestClient) -> None:
    one, other = _create(client), _create(client)
    answer = client.post(
        f"/api/games/{one['game']}/claims",
        json={"invite": other["seats"][1]["invite"], "name": "Ben"},
    )
    assert answer.status_code == 400
    assert f"not an invite of game {one['game']}" in answer.json()["detail"]
