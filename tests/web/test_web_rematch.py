"""Rematch takes the whole table: once anyone starts the next game, every seated page is
offered it in place (one click joins), or, when the host chose so, every page joins at once.
Before that, each page offers the finished game's record to download (it replays in the
library) and its link to the rules playground.

The games are two people against bots; the people concede what they can so that the game
ends fast (every move is a click on the page, as a person would make it)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from tests.web.support import counter, need_browser, seeded_bots

CHROMIUM = need_browser()

from playwright.async_api import Browser, Page, async_playwright  # noqa: E402

from coup_rules.simulation import GameRecord  # noqa: E402
from coup_rules.simulation import replay as replay_record  # noqa: E402
from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.replays import DEFAULT_PLAYGROUND  # noqa: E402
from tests.web.test_web_browser import (  # noqa: E402
    CHROMIUM_ARGS,
    VIEWPORT,
    WAIT_MS,
    ThreadServer,
    _shot,
    _state,
    _weight,
)

CREATE = """async (body) => {
  const r = await fetch("/api/games", {method: "POST",
    headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  return await r.json();
}"""

CLAIM = """async ([game, invite, name]) => {
  const r = await fetch(`/api/games/${game}/claims`, {method: "POST", credentials: "omit",
    headers: {"Content-Type": "application/json"}, body: JSON.stringify({invite, name})});
  return await r.json();
}"""


async def _pages(browser: Browser, base: str, auto: bool) -> tuple[list[Page], dict[str, Any]]:
    """Ana (the host, seat 0) and Ben (seat 1) at a 3-seat table with a bot; their pages."""
    ana = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
    await ana.goto(base + "/")
    created = await ana.evaluate(
        CREATE,
        {
            "config": {"players": 3},
            "seats": ["human", "human", "honest"],
            "host_seat": 0,
            "name": "Ana",
            "auto_rematch": auto,
        },
    )
    invite = created["seats"][1]["invite"].split("#", 1)[1]
    claimed = await ana.evaluate(CLAIM, [created["game"], invite, "Ben"])
    ben = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
    await ana.goto(base + created["seat"]["link"])
    await ben.goto(base + claimed["link"])
    return [ana, ben], created


async def _play_to_the_end(pages: list[Page]) -> None:
    rng = random.Random(11)
    for _ in range(3000):
        states = [await _state(page) for page in pages]
        if all(s["over"] for s in states):
            return
        ready = [i for i, s in enumerate(states) if s["moves"] and not s["over"]]
        if not ready:
            await asyncio.sleep(0.05)
            continue
        i = rng.choice(ready)
        options = states[i]["moves"]
        choice = rng.choices(options, [_weight(n) for n in options])[0]
        try:
            await pages[i].click(f"[data-notation='{choice}']", timeout=300)
            await pages[i].wait_for_function(
                "v => Number(document.body.dataset.version) > v",
                arg=states[i]["version"],
                timeout=2000,
            )
        except Exception:  # the table moved on meanwhile
            continue
    raise AssertionError(f"the game did not end: {[await _state(p) for p in pages]}")


def _game_of(page: Page) -> str:
    return page.url.split("/play/")[1].split("/")[0]


async def _offered(browser: Browser, base: str) -> None:
    pages, created = await _pages(browser, base, auto=False)
    ana, ben = pages
    for page in pages:
        page.on("dialog", lambda d: asyncio.ensure_future(d.accept()))
    await _play_to_the_end(pages)
    # The game over, each page offers its record and its replay in the rules playground.
    for page in pages:
        await page.wait_for_selector("#record-area:not([hidden])", timeout=WAIT_MS)
        replay = await page.get_attribute("#record-replay", "href")
        assert replay is not None and replay.startswith(f"{DEFAULT_PLAYGROUND}#players=3&seed=")
        download = await page.get_attribute("#record-download", "download")
        assert download == f"coup-game-{created['game']}.json"
    async with ana.expect_download() as downloading:
        await ana.click("#record-download")
    saved = await (await downloading.value).path()
    replay_record(GameRecord.from_json(Path(saved).read_text(encoding="utf-8")))
    # Ana starts the rematch; Ben's page, untouched, is offered it where he is.
    await ana.click("#rematch")
    await ana.wait_for_url(lambda url: created["game"] not in url, timeout=WAIT_MS)
    await ben.wait_for_selector("body[data-rematch='offered']", timeout=WAIT_MS)
    offer = await ben.inner_text("#rematch-area")
    assert "The next game at this table is ready" in offer and "Join the next game" in offer
    assert _game_of(ben) == created["game"]  # offered, not taken away
    await _shot(ben, "40-rematch-offered.png")
    await ben.click("#rematch")  # one click
    await ben.wait_for_url(lambda url: created["game"] not in url, timeout=WAIT_MS)
    assert _game_of(ana) == _game_of(ben) != created["game"]
    for page, name in zip(pages, ("Ana", "Ben"), strict=True):
        await page.wait_for_selector("#pending:not(:empty)", timeout=WAIT_MS)
        assert name in await page.inner_text("#who")
        # The same table: the same room code.
        await page.wait_for_selector(
            f"#room-code:has-text('{created['room']['code']}')", timeout=WAIT_MS
        )


async def _automatic(browser: Browser, base: str) -> None:
    pages, created = await _pages(browser, base, auto=True)
    ana, ben = pages
    for page in pages:
        page.on("dialog", lambda d: asyncio.ensure_future(d.accept()))
    await _play_to_the_end(pages)
    await ben.click("#rematch")  # Ben starts it: Ana's page follows by itself
    for page in pages:
        await page.wait_for_url(lambda url: created["game"] not in url, timeout=WAIT_MS)
    assert _game_of(ana) == _game_of(ben)
    await ana.wait_for_selector("#pending:not(:empty)", timeout=WAIT_MS)
    assert "Ana" in await ana.inner_text("#who")


def _run(tmp_path: Path, scenario: Any) -> None:
    app = create_app(
        tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(61), bot_rng=seeded_bots(6)
    )

    async def main(base: str) -> None:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                await scenario(browser, base)
            finally:
                await browser.close()

    with ThreadServer(app) as server:
        asyncio.run(main(server.url))


def test_every_seated_page_is_offered_the_rematch_and_joins_with_one_click(
    tmp_path: Path,
) -> None:
    _run(tmp_path, _offered)


def test_when_the_host_chose_so_every_page_joins_the_rematch_by_itself(tmp_path: Path) -> None:
    _run(tmp_path, _automatic)
