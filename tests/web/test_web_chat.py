"""Table chat: canned lines and short free text, escaped, rate-limited per seat, muted by the
host; sent over the event stream beside the game and never part of it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.web.support import AsClients, counter, create_seated, need_web, seeded_bots

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.chat import (  # noqa: E402
    BURST,
    CANNED,
    CLIENT_BURST,
    CLIENT_REFILL,
    HISTORY,
    MAX_TEXT,
    REFILL,
    Allowance,
    Chat,
    ChatError,
    Muted,
    TooFast,
    clean_text,
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(50), bot_rng=seeded_bots(50)
    )
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def _say(client: TestClient, game: dict[str, Any], seat: int, body: Any) -> Any:
    token = game["seats"][seat]["token"]
    return client.post(
        f"/api/games/{game['game']}/seats/{seat}/chat",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
    )


# --- the rules of a line -------------------------------------------------------------------------


@given(st.text(max_size=300))
def test_a_free_line_is_one_trimmed_line_of_at_most_140_characters_or_refused(text: str) -> None:
    try:
        line = clean_text(text)
    except ChatError as error:
        assert str(error).startswith("chat: ")
        return
    assert 1 <= len(line) <= MAX_TEXT
    assert line == " ".join(line.split()) and "\n" not in line


def test_a_seat_may_say_five_lines_at_once_then_one_every_three_seconds() -> None:
    chat = Chat()
    for n in range(BURST):
        chat = chat.post(0, "Ana", {"text": f"line {n}"}, now=0.0, muted=False)
    with pytest.raises(TooFast) as refused:
        chat.post(0, "Ana", {"text": "one more"}, now=0.0, muted=False)
    assert refused.value.retry_after == pytest.approx(REFILL)
    chat = chat.post(1, "Ben", {"text": "another seat"}, now=0.0, muted=False)  # its own bucket
    chat = chat.post(0, "Ana", {"text": "later"}, now=REFILL, muted=False)
    assert [line.text for line in chat.lines][-2:] == ["another seat", "later"]


def test_a_muted_seat_says_nothing() -> None:
    with pytest.raises(Muted, match="muted"):
        Chat().post(0, "Ana", {"canned": "gg"}, now=0.0, muted=True)


def test_a_table_keeps_only_its_last_lines() -> None:
    chat = Chat()
    for n in range(HISTORY + 10):
        chat = chat.post(n % 10, "x", {"text": str(n)}, now=float(n) * REFILL, muted=False)
    assert len(chat.lines) == HISTORY and chat.lines[-1].id == HISTORY + 9


# --- over HTTP ------------------------------------------------------------------------------------


def test_a_canned_line_and_a_free_line_are_said_and_heard_on_the_stream(
    client: TestClient,
) -> None:
    game = create_seated(client.post, {"config": {"players": 3}})
    said = _say(client, game, 1, {"canned": "gg"})
    assert said.status_code == 201
    assert said.json()["line"] == {
        "id": 0, "seat": 1, "name": "Player 1", "text": CANNED["gg"], "canned": "gg"
    }  # fmt: skip
    _say(client, game, 2, {"text": "  <b>bold</b>   claim?  "})
    token = game["spectator"]["token"]
    with client.stream(
        "GET", f"/api/games/{game['game']}/seats/spectator/events?token={token}&table=1"
    ) as stream:
        events = _first_events(stream.iter_lines(), 4)
    kinds = [kind for kind, _ in events]
    assert kinds == ["view", "room", "chat", "chat"]
    room, first, second = (data for _, data in events[1:])
    assert room["code"] == game_code(client, game) and room["muted"] == []
    assert first["text"] == "Good game!"
    assert second["text"] == "<b>bold</b> claim?"  # as text: the page never reads it as HTML


def test_chat_is_not_in_the_game_log_nor_in_the_envelope(client: TestClient) -> None:
    game = create_seated(client.post, {"config": {"players": 3}})
    token = game["seats"][0]["token"]
    before = client.get(
        f"/api/games/{game['game']}/seats/0", headers={"Authorization": f"Bearer {token}"}
    ).json()
    _say(client, game, 0, {"text": "hello table"})
    after = client.get(
        f"/api/games/{game['game']}/seats/0", headers={"Authorization": f"Bearer {token}"}
    ).json()
    assert after == before
    assert "hello table" not in json.dumps(after)


def test_a_stream_without_table_1_gets_no_chat(client: TestClient) -> None:
    game = create_seated(client.post, {"config": {"players": 3}})
    _say(client, game, 0, {"text": "only for the table"})
    token = game["spectator"]["token"]
    with client.stream(
        "GET", f"/api/games/{game['game']}/seats/spectator/events?token={token}"
    ) as stream:
        events = _first_events(stream.iter_lines(), 1)
    assert [kind for kind, _ in events] == ["view"]


def test_a_line_too_long_is_400_saying_the_limit(client: TestClient) -> None:
    game = create_seated(client.post, {"config": {"players": 3}})
    answer = _say(client, game, 0, {"text": "x" * (MAX_TEXT + 1)})
    assert answer.status_code == 400
    assert f"at most {MAX_TEXT} characters" in answer.json()["detail"]
    unknown = _say(client, game, 0, {"canned": "insult"})
    assert unknown.status_code == 400 and "gg" in unknown.json()["detail"]


def test_a_sixth_line_at_once_is_429_with_retry_after(client: TestClient) -> None:
    game = create_seated(client.post, {"config": {"players": 3}})
    statuses = [_say(client, game, 0, {"canned": "hello"}).status_code for _ in range(BURST + 1)]
    assert statuses == [201] * BURST + [429]
    answer = _say(client, game, 0, {"canned": "hello"})
    assert int(answer.headers["Retry-After"]) >= 1


def test_spectators_and_other_seats_tokens_cannot_speak(client: TestClient) -> None:
    game = create_seated(client.post, {"config": {"players": 3}})
    path = f"/api/games/{game['game']}/seats/spectator/chat"
    spectator = {"Authorization": f"Bearer {game['spectator']['token']}"}
    assert client.post(path, json={"text": "hi"}, headers=spectator).status_code == 403
    other = {"Authorization": f"Bearer {game['seats'][1]['token']}"}
    path = f"/api/games/{game['game']}/seats/0/chat"
    assert client.post(path, json={"text": "hi"}, headers=other).status_code == 403


def test_the_host_mutes_a_seat_and_lets_it_speak_again(client: TestClient) -> None:
    game = create_seated(client.post, {"config": {"players": 3}})
    host = {"Authorization": f"Bearer {game['host']}"}
    path = f"/api/games/{game['game']}/host/seats/1"
    links = client.post(path, json={"mute": True}, headers=host).json()
    assert [s["muted"] for s in links["seats"]] == [False, True, False]
    muted = _say(client, game, 1, {"text": "let me speak"})
    assert muted.status_code == 403 and muted.json()["error"] == "muted"
    client.post(path, json={"mute": False}, headers=host)
    assert _say(client, game, 1, {"text": "thank you"}).status_code == 201


def game_code(client: TestClient, game: dict[str, Any]) -> str:
    host = {"Authorization": f"Bearer {game['host']}"}
    code: str = client.get(f"/api/games/{game['game']}/host", headers=host).json()["room"]["code"]
    return code


def _first_events(lines: Iterator[str], n: int) -> list[tuple[str, dict[str, Any]]]:
    """The first ``n`` events of a stream: ``(event, data)``."""
    found: list[tuple[str, dict[str, Any]]] = []
    kind, data = "message", ""
    for line in lines:
        if line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("data:"):
            data = line[5:].strip()
        elif line == "" and data:
            found.append((kind, json.loads(data)))
            kind, data = "message", ""
            if len(found) == n:
                break
    return found


_GAP_BEFORE_COLON = """() => {
  const li = document.querySelector("#chat li.canned");
  const colon = document.createRange();
  colon.selectNodeContents(li.childNodes[1]);
  return colon.getBoundingClientRect().left - li.querySelector("b").getBoundingClientRect().right;
}"""
"""Pixels between a chat line's name and the colon after it (0 in a line of text)."""


# --- in a browser -------------------------------------------------------------------------------


def test_players_chat_in_the_page_as_text_and_a_muted_player_is_told(tmp_path: Path) -> None:
    from tests.web.support import need_browser

    chromium = need_browser()
    from playwright.async_api import async_playwright

    from tests.web.test_web_browser import CHROMIUM_ARGS, VIEWPORT, WAIT_MS, ThreadServer, _shot

    app = create_app(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(51))
    hostile = '<img src=x onerror="window.hacked=1">'

    async def main(base: str) -> None:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=chromium, headless=True, args=CHROMIUM_ARGS
            )
            try:
                ana = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
                await ana.goto(base + "/")
                await ana.fill("#name", "Ana")
                await ana.click("#create")
                await ana.wait_for_selector("a.invite", timeout=WAIT_MS)
                host_url = ana.url
                invite = await ana.eval_on_selector("a.invite", "a => a.href")
                own = await ana.get_attribute("#own-link", "href")
                ben = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
                await ben.goto(invite)
                await ben.fill("#name", "Ben")
                await ben.click("#take")
                await ben.wait_for_url("**/play/**", timeout=WAIT_MS)
                assert own is not None
                await ana.goto(own)
                await ana.wait_for_selector("#canned button[data-canned='gg']", timeout=WAIT_MS)

                await ana.click("#canned button[data-canned='hello']")
                await ben.wait_for_selector("#chat li:has-text('Ana: Hello!')", timeout=WAIT_MS)
                # a canned line reads as a free one: "Ana: Hello!", no gap before the colon
                assert await ben.inner_text("#chat li.canned") == "Ana: Hello!"
                gap = await ben.evaluate(_GAP_BEFORE_COLON)
                assert abs(gap) < 1, f"{gap:.1f} px between the name and its colon"
                await ben.fill("#chat-text", hostile)
                await ben.click("#chat-send")
                await ana.wait_for_selector("#chat li:has-text('onerror')", timeout=WAIT_MS)
                assert await ana.inner_text("#chat li:last-child") == f"Ben: {hostile}"
                assert await ana.evaluate("document.querySelectorAll('#chat img').length") == 0
                assert await ana.evaluate("window.hacked === undefined")
                assert await ben.inner_text("#chat li:last-child") == f"You: {hostile}"
                await _shot(ana, "50-chat.png")

                # The host (Ana, on her host page) mutes Ben: his page says so.
                host = await ana.context.new_page()
                await host.goto(host_url)
                await host.click("li[data-seat='1'] button.mute")
                await ben.wait_for_selector("body[data-muted='1']", timeout=WAIT_MS)
                assert "muted" in await ben.inner_text("#chat-message")
                assert await ben.is_disabled("#chat-send")
            finally:
                await browser.close()

    with ThreadServer(app) as server:
        asyncio.run(main(server.url))


# --- per client ---------------------------------------------------------------------------------


def test_one_client_holding_many_seats_says_no_more_than_its_own_allowance(
    tmp_path: Path,
) -> None:
    app = create_app(tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(52))
    with TestClient(AsClients(app), base_url="http://127.0.0.1") as c:
        game = create_seated(c.post, {"config": {"players": 6}})
        alone = {"X-Test-Client": "192.0.2.1"}
        said = []
        for n in range(CLIENT_BURST + 5):  # each seat well within its own bucket
            token = game["seats"][n % 6]["token"]
            said.append(
                c.post(
                    f"/api/games/{game['game']}/seats/{n % 6}/chat",
                    json={"text": f"line {n}"},
                    headers={"Authorization": f"Bearer {token}", **alone},
                )
            )
        assert [r.status_code for r in said] == [201] * CLIENT_BURST + [429] * 5
        refused = said[-1]
        assert "from one address" in refused.json()["detail"]
        assert int(refused.headers["Retry-After"]) >= 1
        other = c.post(  # another client, at one of the same seats' own allowance
            f"/api/games/{game['game']}/seats/5/chat",
            json={"text": "my turn"},
            headers={
                "Authorization": f"Bearer {game['seats'][5]['token']}",
                "X-Test-Client": "198.51.100.7",
            },
        )
        assert other.status_code == 201


def test_a_client_gains_back_a_line_every_client_refill_seconds() -> None:
    allowance = Allowance(CLIENT_BURST, CLIENT_REFILL)
    assert [allowance.take("a", 0.0) for _ in range(CLIENT_BURST)] == [0.0] * CLIENT_BURST
    assert allowance.take("a", 0.0) == pytest.approx(CLIENT_REFILL)
    assert allowance.take("b", 0.0) == 0.0  # another client
    assert allowance.take("a", CLIENT_REFILL) == 0.0
