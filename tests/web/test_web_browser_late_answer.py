"""A move's answer that arrives after the event stream's newer view leaves the page playable.

A bot answers at once: the stream may bring the view after the bot's move before the answer to
the person's own move arrives. That answer is older than what the page shows, so the page keeps
the newer view, and its move buttons (drawn while the move was on its way, disabled) are drawn
again, enabled: the person can make the next decision.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.web.support import counter, need_browser, seeded_bots

CHROMIUM = need_browser()

from playwright.async_api import Browser, Page, Route, async_playwright  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from tests.web.test_web_browser import (  # noqa: E402
    CHROMIUM_ARGS,
    VIEWPORT,
    WAIT_MS,
    ThreadServer,
    _at_least,
    _state,
)

CREATE = """async (body) => {
  const r = await fetch("/api/games", {method: "POST",
    headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  return await r.json();
}"""

ENABLED = """v => Number(document.body.dataset.version) > v
  && document.querySelectorAll("#moves button").length > 0
  && Array.from(document.querySelectorAll("#moves button")).every((b) => !b.disabled)"""


async def _version(page: Page) -> int:
    return int(await page.evaluate("Number(document.body.dataset.version)"))


async def _asked_again(page: Page, answered: int) -> bool:
    """The page shows a version newer than ``answered`` in which its seat must decide."""
    state = await _state(page)
    return bool(state["version"] > answered and state["moves"])


async def _answer_after_the_stream(page: Page, route: Route, late: list[tuple[int, int]]) -> None:
    """Let the move reach the server, then hold its answer until the stream has shown a newer
    version of the game in which the seat decides again (after the bots' moves), and note
    both versions."""
    response = await route.fetch()
    answered = int(json.loads(await response.body())["version"])
    for _ in range(200):
        if await _asked_again(page, answered):
            break
        await asyncio.sleep(0.025)
    late.append((answered, await _version(page)))
    await route.fulfill(response=response)


async def _scenario(browser: Browser, base: str) -> None:
    page = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    await page.goto(base + "/")
    created: dict[str, Any] = await page.evaluate(
        CREATE,
        {
            "config": {"players": 3},
            "seats": ["human", "honest", "honest"],
            "host_seat": 0,
            "name": "Ana",
        },
    )
    late: list[tuple[int, int]] = []
    await page.route(
        "**/moves", lambda route: asyncio.ensure_future(_answer_after_the_stream(page, route, late))
    )
    await page.goto(base + created["seat"]["link"])
    await _at_least(page, 0)
    await page.wait_for_selector("[data-notation='p0 income']:not([disabled])", timeout=WAIT_MS)
    before = (await _state(page))["version"]
    await page.click("[data-notation='p0 income']")  # the bots then move at once
    await page.wait_for_function(ENABLED, arg=before, timeout=WAIT_MS)
    answered, shown = late[0]
    assert answered < shown  # the answer did come after the stream's newer view
    # the page kept the newer view (or a later one: the other seats may answer meanwhile)
    assert (await _state(page))["version"] >= shown
    assert problems == []


def test_a_move_answered_after_the_streams_newer_view_leaves_the_next_moves_enabled(
    tmp_path: Path,
) -> None:
    app = create_app(
        tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(7), bot_rng=seeded_bots(3)
    )

    async def main(base: str) -> None:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                await _scenario(browser, base)
            finally:
                await browser.close()

    with ThreadServer(app) as server:
        asyncio.run(main(server.url))
