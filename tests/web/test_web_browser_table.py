"""The online table in a real browser, as players would use it (headless Chromium).

A host creates a 4-seat game in the lobby with a bot at seat 0 and a time limit, and plays no
seat. Three people, each in a browser context of their own, open the invites the host's page
shows, give their names and take seats 1 to 3. The bot opens with Tax; the three click Allow
at the same moment (their requests are held until all three were sent, so all carry the same
version): all three are applied. Then nobody moves, and the table answers for the seat whose
time ran out, which every page marks in its log. The three play the game to its end, every
hand is shown, and a rematch seats them again in a new game; there the host reopens Cleo's
seat, and her page says her link no longer works. The host's context, all along, can read no
seat's view with its token. Screenshots go to ``ARTIFACTS`` (the server guide's
pictures come from here and from test_web_browser.py).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from tests.web.support import ARTIFACTS, counter, need_browser, seeded_bots

CHROMIUM = need_browser()

from playwright.async_api import Browser, Page, Route, async_playwright  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from tests.web.test_web_browser import (  # noqa: E402
    CHROMIUM_ARGS,
    VIEWPORT,
    WAIT_MS,
    ThreadServer,
    _at_least,
    _shot,
    _state,
    _weight,
)

LIMIT = 5  # seconds per decision: the test's players click faster than that
NAMES = ("Ana", "Ben", "Cleo")


async def _new_page(
    browser: Browser, problems: list[str], expected: str = "409 (Conflict)"
) -> Page:
    context = await browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
    page = await context.new_page()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))

    def console(msg: Any) -> None:
        # A click can arrive after the table answered for that seat: 409, as it should; the
        # host's page asks for views it may not read: 403, as it should.
        if msg.type == "error" and expected not in msg.text:
            problems.append(f"console: {msg.text}")

    page.on("console", console)
    page.on("dialog", lambda dialog: asyncio.ensure_future(dialog.accept()))
    return page


async def _host_reads(host: Page, game: str, token: str) -> list[int]:
    """The statuses the host's page gets asking for each seat's view with its own token."""
    statuses: list[int] = await host.evaluate(
        """async ([game, token]) => Promise.all(["0", "1", "2", "3", "spectator"].map(
            async (seat) => (await fetch(`/api/games/${game}/seats/${seat}`,
                {headers: {Authorization: `Bearer ${token}`}})).status))""",
        [game, token],
    )
    return statuses


async def _take_seats(browser: Browser, base: str, problems: list[str]) -> tuple[Page, list[Page]]:
    host = await _new_page(browser, problems, expected="403 (Forbidden)")
    await host.goto(base + "/")
    await host.select_option("#players", "4")
    await host.uncheck("#plays")
    await host.select_option("#seat-0", "honest")
    # A limit shorter than the lobby offers, so that the test waits little for a time-out.
    await host.evaluate(
        f"""() => {{ const o = document.createElement("option"); o.value = "{LIMIT}";
        o.textContent = "{LIMIT} s"; document.getElementById("time-limit").append(o); }}"""
    )
    await host.select_option("#time-limit", str(LIMIT))
    await host.click("#create")
    await host.wait_for_selector("a.invite", timeout=WAIT_MS)
    invites = await host.eval_on_selector_all("a.invite", "els => els.map(a => a.href)")
    assert len(invites) == 3
    await _shot(host, "10-host-invites.png")
    players = [await _new_page(browser, problems) for _ in NAMES]
    for page, invite, name in zip(players, invites, NAMES, strict=True):
        await page.goto(invite)
        await page.fill("#name", name)
        await page.click("#take")
        try:
            await page.wait_for_url("**/play/**", timeout=WAIT_MS)
        except Exception as error:
            raise AssertionError(await page.inner_text("#error")) from error
    await host.wait_for_selector("#status:has-text('the game is on')", timeout=WAIT_MS)
    await _shot(host, "11-host-seated.png")
    return host, players


async def _three_allows_at_once(players: list[Page]) -> None:
    for n, page in enumerate(players, start=1):
        await page.wait_for_selector(f"[data-notation='p{n} allow']", timeout=WAIT_MS)
        # The page speaks to its player, and so does the tab's title.
        pending = await page.inner_text("#pending")
        assert pending == "Bot 0 claims the Duke to collect Tax: challenge or allow?", pending
        assert (await page.title()).startswith("▶ Your move")
    window = (await _state(players[0]))["version"]
    sent: list[Route] = []
    all_sent = asyncio.Event()

    async def hold(route: Route) -> None:
        sent.append(route)
        if len(sent) == len(players):
            all_sent.set()
        await asyncio.wait_for(all_sent.wait(), 10)
        await route.continue_()

    for page in players:
        await page.route("**/moves", hold)
    async with (
        players[0].expect_response("**/moves") as a,
        players[1].expect_response("**/moves") as b,
        players[2].expect_response("**/moves") as c,
    ):
        await asyncio.gather(
            *(page.click(f"[data-notation='p{n} allow']") for n, page in enumerate(players, 1))
        )
    statuses = [(await r.value).status for r in (a, b, c)]
    assert statuses == [200, 200, 200], statuses  # three answers to one window: all count
    for page in players:
        await _at_least(page, window + 3)
    for page in players:  # once they are quiet: see test_web_browser.py on unroute
        await page.unroute("**/moves")
    log = (await _state(players[0]))["log"]
    # "Ben does not challenge.", "You do not challenge.", ...
    assert sum(line.endswith(" not challenge.") for line in log) == 3


async def _play_to_the_end(players: list[Page]) -> None:
    rng = random.Random(5)
    for _ in range(600):
        states = [await _state(page) for page in players]
        if all(s["over"] for s in states):
            return
        ready = [i for i, s in enumerate(states) if s["moves"] and not s["over"]]
        if not ready:
            await asyncio.sleep(0.05)  # the bot, or the table for a seat out of time
            continue
        i = rng.choice(ready)
        options = states[i]["moves"]
        choice = rng.choices(options, [_weight(n) for n in options])[0]
        try:
            await players[i].click(f"[data-notation='{choice}']", timeout=300)
        except Exception:  # the button went away: the table moved on meanwhile
            continue
    raise AssertionError("the game did not end")


async def _run(base: str, browser: Browser) -> dict[str, Any]:
    problems: list[str] = []
    host, players = await _take_seats(browser, base, problems)
    game = host.url.split("/host/")[1].split("#")[0]
    host_token = host.url.split("#")[1]
    assert await _host_reads(host, game, host_token) == [403] * 5
    for page, name in zip(players, NAMES, strict=True):
        assert name in await page.inner_text("#who")
        assert "bot" in await page.inner_text("#seats")
        assert "honest" not in await page.inner_text("#seats")  # never which bot

    await _three_allows_at_once(players)
    await _shot(players[0], "12-after-three-allows.png")

    # Nobody moves: the table answers for the seat out of time, and every page says so.
    for page in players:
        await page.wait_for_selector("#log li.timed-out", timeout=WAIT_MS)
    late = await players[1].inner_text("#log li.timed-out")
    assert "time ran out" in late
    await _shot(players[1], "13-timed-out.png")

    await _play_to_the_end(players)
    for page in players:
        await page.wait_for_selector("#rematch-area:not([hidden])", timeout=WAIT_MS)
    hands = await players[0].eval_on_selector_all("#seats .card.final", "els => els.length")
    assert hands >= 1  # the winner's hidden cards, turned up at the end
    await _shot(players[0], "14-game-over.png")
    assert await _host_reads(host, game, host_token) == [403] * 5

    # A rematch: the same people, seated again in a new game.
    for page in players:
        old = page.url
        await page.click("#rematch")
        try:
            await page.wait_for_url(lambda url, old=old: url != old, timeout=WAIT_MS)
        except Exception as error:
            raise AssertionError(await page.inner_text("#message")) from error
    new_games = {page.url.split("/play/")[1].split("/")[0] for page in players}
    assert len(new_games) == 1 and game not in new_games
    for page, name in zip(players, NAMES, strict=True):
        await _at_least(page, 0)
        assert name in await page.inner_text("#who")

    # The host of the new game (the same host) gives Cleo's seat to someone else: her page
    # is told so, and her link no longer works.
    (new_game,) = new_games
    await host.goto(f"{base}/host/{new_game}#{host_token}")
    await host.click("li[data-seat='3'] button")
    await players[2].wait_for_selector("body[data-revoked='1']", timeout=WAIT_MS)
    said = await players[2].inner_text("#message")
    assert "gave seat 3" in said and "no longer works" in said, said
    await _shot(players[2], "15-seat-reopened.png")
    assert not problems, problems
    return {"game": game}


def test_three_people_join_by_invites_answer_together_time_out_and_rematch(
    tmp_path: Path,
) -> None:
    app = create_app(
        tmp_path / "games.sqlite3",
        bot_delay=0,
        seeds=counter(1),  # seed 1: the bot at seat 0 holds the Duke and opens with Tax
        bot_rng=seeded_bots(4),
        min_time_limit=1,
    )

    async def main(base: str) -> dict[str, Any]:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                return await _run(base, browser)
            finally:
                await browser.close()

    with ThreadServer(app) as server:
        asyncio.run(main(server.url))
    for name in ("10-host-invites.png", "12-after-three-allows.png", "13-timed-out.png"):
        assert (ARTIFACTS / name).stat().st_size > 1000
