"""Room codes and open tables: a short code joins a table as an invite does, and the lobby
lists the tables their hosts opened, with their free seats."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.web.support import counter, need_web, seeded_bots

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.seating import (  # noqa: E402
    ROOM_ALPHABET,
    ROOM_CODE_LENGTH,
    SeatingError,
    normal_code,
    room_code,
)
from coup_rules.web.store import open_store  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(40), bot_rng=seeded_bots(40)
    )
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def _create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"config": {"players": 3}, **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _claim(client: TestClient, game: str, code: str, name: str) -> Any:
    # A client of its own (no cookies): another person.
    return client.post(f"/api/games/{game}/claims", json={"code": code, "name": name}, cookies=None)


@given(st.integers(0, 2**32))
def test_a_room_code_is_six_letters_no_two_of_which_look_alike(seed: int) -> None:
    code = room_code(random.Random(seed).randrange)
    assert len(code) == ROOM_CODE_LENGTH and set(code) <= set(ROOM_ALPHABET)
    assert not set(code) & set("0O1IL")
    assert normal_code(code.lower()) == code
    assert normal_code(f" {code[:3]}-{code[3:].lower()} ") == code


@pytest.mark.parametrize("typed", ["", "ABC", "ABCDEFG", "ABCDE0", "ABCDEI", "<b>X</b>", 123])
def test_a_room_code_that_is_not_one_is_refused_saying_what_a_code_is(typed: object) -> None:
    with pytest.raises(SeatingError, match="room code"):
        normal_code(typed)


def test_every_new_table_has_a_room_code_of_its_own(client: TestClient) -> None:
    codes = {_create(client)["room"]["code"] for _ in range(20)}
    assert len(codes) == 20
    assert all(len(c) == ROOM_CODE_LENGTH for c in codes)


def test_a_room_code_in_any_case_finds_its_table(client: TestClient) -> None:
    game = _create(client)
    code = game["room"]["code"]
    found = client.get(f"/api/rooms/{code.lower()}")
    assert found.status_code == 200
    assert found.json() == {
        "code": code,
        "game": game["game"],
        "started": False,
        "over": False,
        "free": [0, 1, 2],
    }


def test_an_unknown_room_code_is_404_and_a_malformed_one_400(client: TestClient) -> None:
    assert client.get("/api/rooms/ZZZZZZ").status_code == 404
    answer = client.get("/api/rooms/ABC")
    assert answer.status_code == 400 and "6 letters" in answer.json()["detail"]


def test_a_room_code_claims_the_first_open_seat_like_an_invite(client: TestClient) -> None:
    game = _create(client, host_seat=0, name="Ana")
    code = game["room"]["code"]
    ben = _claim(client, game["game"], code, "Ben")
    assert ben.status_code == 201
    assert ben.json()["seat"] == 1 and ben.json()["link"].startswith(f"/play/{game['game']}/1#")
    client.cookies.clear()
    cleo = _claim(client, game["game"], code.lower(), "Cleo")
    assert cleo.json()["seat"] == 2
    view = client.get(
        f"/api/games/{game['game']}/seats/2",
        headers={"Authorization": f"Bearer {cleo.json()['token']}"},
    )
    assert view.status_code == 200 and view.json()["table"]["started"]
    names = [s["name"] for s in view.json()["table"]["seats"]]
    assert names == ["Ana", "Ben", "Cleo"]


def test_a_full_table_refuses_a_room_code_with_409(client: TestClient) -> None:
    game = _create(client, config={"players": 2}, host_seat=0, name="Ana")
    code = game["room"]["code"]
    assert _claim(client, game["game"], code, "Ben").status_code == 201
    client.cookies.clear()
    full = _claim(client, game["game"], code, "Cleo")
    assert full.status_code == 409 and full.json()["error"] == "full"
    assert "every seat" in full.json()["detail"]


def test_another_tables_code_claims_nothing(client: TestClient) -> None:
    one, other = _create(client), _create(client)
    answer = _claim(client, one["game"], other["room"]["code"], "Ben")
    assert answer.status_code == 410
    assert client.get(
        f"/api/games/{one['game']}/host", headers={"Authorization": f"Bearer {one['host_token']}"}
    ).json()["seats"][0]["open"]


def test_room_code_lookups_are_rate_limited_per_client(client: TestClient) -> None:
    statuses = [client.get("/api/rooms/ZZZZZZ").status_code for _ in range(12)]
    assert statuses[:10] == [404] * 10
    assert statuses[10] == 429
    answer = client.get("/api/rooms/ZZZZZZ")
    assert answer.status_code == 429 and int(answer.headers["Retry-After"]) >= 1


def test_the_lobby_lists_only_the_tables_their_hosts_opened_with_their_free_seats(
    client: TestClient,
) -> None:
    listed = _create(
        client, host_seat=0, name="Ana", listed=True, seats=["human", "human", "honest"]
    )
    _create(client)  # not listed
    tables = client.get("/api/rooms").json()["tables"]
    assert [t["code"] for t in tables] == [listed["room"]["code"]]
    (table,) = tables
    assert table["free"] == 1 and table["players"] == 3
    assert [s["name"] for s in table["seats"]] == ["Ana", None, None]
    assert [s["bot"] for s in table["seats"]] == [False, False, True]


def test_a_host_lists_and_unlists_a_table(client: TestClient) -> None:
    game = _create(client)
    auth = {"Authorization": f"Bearer {game['host_token']}"}
    path = f"/api/games/{game['game']}/host/room"
    answer = client.post(path, json={"listed": True, "auto_rematch": False}, headers=auth)
    assert answer.status_code == 200 and answer.json()["room"]["listed"]
    assert [t["game"] for t in client.get("/api/rooms").json()["tables"]] == [game["game"]]
    client.post(path, json={"listed": False, "auto_rematch": False}, headers=auth)
    assert client.get("/api/rooms").json()["tables"] == []


def test_only_the_host_changes_the_table(client: TestClient) -> None:
    game = _create(client)
    path = f"/api/games/{game['game']}/host/room"
    spectator = {"Authorization": f"Bearer {game['spectator']['token']}"}
    answer = client.post(path, json={"listed": True, "auto_rematch": False}, headers=spectator)
    assert answer.status_code == 403
    bad = client.post(
        path,
        json={"listed": "yes", "auto_rematch": False},
        headers={"Authorization": f"Bearer {game['host_token']}"},
    )
    assert bad.status_code == 400 and "true or false" in bad.json()["detail"]


def test_a_full_table_leaves_the_lobbys_list(client: TestClient) -> None:
    game = _create(client, config={"players": 2}, host_seat=0, name="Ana", listed=True)
    assert len(client.get("/api/rooms").json()["tables"]) == 1
    _claim(client, game["game"], game["room"]["code"], "Ben")
    assert client.get("/api/rooms").json()["tables"] == []


def test_the_room_code_and_listing_are_stored_and_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db, bot_delay=0), base_url="http://127.0.0.1") as c:
        game = _create(c, listed=True)
    store = open_store(db)
    try:
        assert store.room_of(game["room"]["code"]) == game["game"]
    finally:
        store.close()
    with TestClient(create_app(db, bot_delay=0), base_url="http://127.0.0.1") as c:
        assert c.get(f"/api/rooms/{game['room']['code']}").json()["game"] == game["game"]
        assert [t["game"] for t in c.get("/api/rooms").json()["tables"]] == [game["game"]]


def test_a_code_in_use_is_not_given_to_another_table_until_its_game_has_long_ended(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path / "games.sqlite3")
    try:
        with TestClient(create_app(tmp_path / "other.sqlite3"), base_url="http://127.0.0.1") as c:
            a, b = _create(c)["game"], _create(c)["game"]
        # Two game ids of another file, written here as bare rows: enough for the rooms table.
        for game in (a, b):
            store._db.execute(
                "INSERT INTO games (id, config, seed, seats, created) "
                "VALUES (?, '{}', '1', '[]', 0)",
                (game,),
            )
        assert store.open_room(a, "ABCDEF", now=100.0, grace=3600.0)
        assert not store.open_room(b, "ABCDEF", now=200.0, grace=3600.0)  # a is played
        store.close_room(a, now=300.0)
        assert not store.open_room(b, "ABCDEF", now=400.0, grace=3600.0)  # a ended just now
        assert store.open_room(b, "ABCDEF", now=300.0 + 3601.0, grace=3600.0)
        assert store.room_of("ABCDEF") == b
    finally:
        store.close()


# --- in a browser -------------------------------------------------------------------------------


def test_a_person_joins_an_open_table_from_the_lobby_by_its_code(tmp_path: Path) -> None:
    from tests.web.support import need_browser

    chromium = need_browser()
    from playwright.async_api import async_playwright

    from tests.web.test_web_browser import CHROMIUM_ARGS, VIEWPORT, WAIT_MS, ThreadServer

    app = create_app(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(41))

    async def main(base: str) -> None:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=chromium, headless=True, args=CHROMIUM_ARGS
            )
            try:
                host = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
                await host.goto(base + "/")
                await host.fill("#name", "Ana")
                await host.check("#listed")
                await host.click("#create")
                await host.wait_for_selector("#room-code:not(:empty)", timeout=WAIT_MS)
                code = (await host.inner_text("#room-code")).strip()
                assert await host.is_checked("#listed")

                ben = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
                await ben.goto(base + "/")
                await ben.wait_for_selector(f"#open-tables li[data-code='{code}']", timeout=WAIT_MS)
                listed = await ben.inner_text(f"#open-tables li[data-code='{code}']")
                assert "2 free seats" in listed and "Ana" in listed
                await ben.click(f"#open-tables li[data-code='{code}'] button")
                assert await ben.input_value("#code") == code
                await ben.fill("#join-name", "Ben")
                await ben.click("#join")
                await ben.wait_for_url("**/play/**/1#*", timeout=WAIT_MS)

                cleo = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
                await cleo.goto(base + "/")
                await cleo.fill("#code", code.lower())  # typed as heard: any case
                await cleo.fill("#join-name", "Cleo")
                await cleo.click("#join")
                await cleo.wait_for_url("**/play/**/2#*", timeout=WAIT_MS)
                await cleo.wait_for_selector("#room-code:has-text('" + code + "')", timeout=WAIT_MS)
                assert "Ana" in await cleo.inner_text("#seats")
                await host.wait_for_selector("#status:has-text('the game is on')", timeout=WAIT_MS)

                dora = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
                await dora.goto(base + "/")
                await dora.wait_for_selector("#no-tables:not([hidden])", timeout=WAIT_MS)
                await dora.fill("#code", code)
                await dora.fill("#join-name", "Dora")
                await dora.click("#join")
                await dora.wait_for_selector("#join-error:has-text('every seat')", timeout=WAIT_MS)
            finally:
                await browser.close()

    with ThreadServer(app) as server:
        asyncio.run(main(server.url))


def test_a_seat_the_host_reopens_mid_game_takes_its_new_invite_not_the_room_code(
    client: TestClient,
) -> None:
    game = _create(client, config={"players": 2}, host_seat=0, name="Ana")
    gid, code = game["game"], game["room"]["code"]
    assert _claim(client, gid, code, "Ben").status_code == 201  # the game starts
    host = {"Authorization": f"Bearer {game['host_token']}"}
    links = client.post(f"/api/games/{gid}/host/seats/1", json={"reopen": True}, headers=host)
    assert links.status_code == 200
    client.cookies.clear()
    by_code = _claim(client, gid, code, "Mallory")  # Ben, or anyone he told the code
    assert by_code.status_code == 409 and by_code.json()["error"] == "full"
    assert "the invite the host sends" in by_code.json()["detail"]
    assert client.get(f"/api/rooms/{code}").json()["free"] == []
    invite = links.json()["seats"][1]["invite"]
    cleo = client.post(f"/api/games/{gid}/claims", json={"invite": invite, "name": "Cleo"})
    assert cleo.status_code == 201 and cleo.json()["seat"] == 1


def test_a_reopened_seat_is_not_a_free_seat_of_the_lobbys_list(client: TestClient) -> None:
    game = _create(client, config={"players": 2}, host_seat=0, name="Ana", listed=True)
    gid, code = game["game"], game["room"]["code"]
    _claim(client, gid, code, "Ben")
    host = {"Authorization": f"Bearer {game['host_token']}"}
    client.post(f"/api/games/{gid}/host/seats/1", json={"reopen": True}, headers=host)
    assert client.get("/api/rooms").json()["tables"] == []


@pytest.mark.parametrize("typed", ["", "  ", "-"])
def test_an_empty_room_code_is_refused_with_words(client: TestClient, typed: str) -> None:
    game = _create(client)
    claimed = _claim(client, game["game"], typed, "Ben")
    assert claimed.status_code == 400
    assert claimed.json()["detail"].startswith("code: the room code is empty")
    looked_up = client.get(f"/api/rooms/{typed}")
    assert looked_up.status_code == 400 and "the room code is empty" in looked_up.text


@pytest.mark.parametrize("game", ["undefined", "null", "NOT-AN-ID"])
def test_a_game_id_that_cannot_be_one_says_where_ids_are_found(
    client: TestClient, game: str
) -> None:
    answer = client.post(f"/api/games/{game}/claims", json={"code": "K7M2QX", "name": "Ben"})
    assert answer.status_code == 404
    assert f"no game {game!r}" in answer.json()["detail"]
    assert "/join/, /play/ or /host/" in answer.json()["detail"]
