"""The card shown in an Examine, on the Inquisitor's page (headless Chromium).

Three people at an Inquisitor table, their moves sent to the API: the active seat examines the
next one, the others let it stand, the target shows a card. The Inquisitor's page then says
which card it was shown, with the card's name capitalised as everywhere on the table
("Card shown in the Examine: Captain", not "captain"), and the target's page says the same.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx2

from tests.web.support import claim_all, counter, need_browser, seeded_bots

CHROMIUM = need_browser()

from playwright.async_api import async_playwright  # noqa: E402

from coup_rules import Allow, Examine, Move, Show, from_json, to_json  # noqa: E402
from coup_rules.web.app import create_app  # noqa: E402
from tests.web.test_web_browser import CHROMIUM_ARGS, WAIT_MS, ThreadServer  # noqa: E402


def _view(client: httpx2.Client, game: dict[str, Any], seat: int) -> dict[str, Any]:
    token = game["seats"][seat]["token"]
    response = client.get(
        f"/api/games/{game['game']}/seats/{seat}", headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _move(client: httpx2.Client, game: dict[str, Any], move: Move) -> None:
    seat = move.player
    version = _view(client, game, seat)["version"]
    response = client.post(
        f"/api/games/{game['game']}/seats/{seat}/moves",
        headers={"Authorization": f"Bearer {game['seats'][seat]['token']}"},
        json={"version": version, "move": json.loads(to_json(move))},
    )
    assert response.status_code == 200, response.text


def _examine(client: httpx2.Client) -> tuple[dict[str, Any], int, int, str]:
    """A 3-seat Inquisitor game in which the active seat examines the next one, who shows a
    card: the game, the Inquisitor's seat, the target's, and the card's name as JSON has it."""
    created = client.post(
        "/api/games",
        json={"config": {"players": 3, "inquisitor": True}, "seats": ["human"] * 3},
    )
    assert created.status_code == 201, created.text
    game = claim_all(client.post, created.json())
    actor = _view(client, game, 0)["view"]["active"]
    target = (actor + 1) % 3
    _move(client, game, Examine(actor, target))
    for seat in range(3):
        if seat != actor:
            _move(client, game, Allow(seat))
    legal = _view(client, game, target)["view"]["legal_moves"]
    show = from_json(json.dumps(legal[0]), Move)
    assert isinstance(show, Show), legal
    _move(client, game, show)
    return game, actor, target, show.character.name.lower()


def test_the_shown_card_is_named_with_a_capital(tmp_path: Path) -> None:
    app = create_app(
        tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(5), bot_rng=seeded_bots(5)
    )

    async def read_shown(base: str, game: dict[str, Any], seat: int) -> str:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                page = await browser.new_page()
                token = game["seats"][seat]["token"]
                await page.goto(f"{base}/play/{game['game']}/{seat}#{token}")
                await page.wait_for_selector("#shown:not(:empty)", timeout=WAIT_MS)
                text: str = await page.inner_text("#shown")
                return text
            finally:
                await browser.close()

    with ThreadServer(app) as server, httpx2.Client(base_url=server.url) as client:
        game, actor, target, card = _examine(client)
        title = card.capitalize()
        for seat in (actor, target):
            shown = asyncio.run(read_shown(server.url, game, seat))
            assert shown == f"Card shown in the Examine: {title}", (seat, shown)
