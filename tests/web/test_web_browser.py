"""Tested in a real browser: a whole 3-player game in headless Chromium, from three contexts.

Debian's ``chromium`` is driven by Playwright's Python package (never ``playwright install``).
The server runs in this process on a loopback port. The lobby creates the game, its host Ana
playing seat 0; two more people, in browser contexts of their own (no shared cookies or
storage), open their invites, give their names and take seats 1 and 2. The three play it to
the end by clicking the buttons each page shows; a fourth context watches as a spectator.
Every move made in one page must appear in the others without a reload (server-sent events).
Seat 0 opens with Tax, and seats 1 and 2 click Challenge at the same moment: both requests are
held until both were sent, so both carry the same version; exactly one challenge is applied
(the first closes the window), the other page is told its move was not applied. Screenshots
of key moments go to ``ARTIFACTS``.
"""

from __future__ import annotations

import asyncio
import random
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import ARTIFACTS, counter, need_browser, seeded_bots

CHROMIUM = need_browser()

import uvicorn  # noqa: E402
from playwright.async_api import Browser, Page, Route, async_playwright  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Debian's chromium as root, on a machine with no outside network."""

VIEWPORT = {"width": 960, "height": 760}
WAIT_MS = 20_000

RECORD_MESSAGES = """() => {
  const message = document.getElementById("message");
  window.said = [];
  new MutationObserver(() => window.said.push([message.dataset.status, message.textContent]))
    .observe(message, {attributes: true, childList: true, characterData: true, subtree: true});
}"""
"""Keeps every message the page shows, with its status, in ``window.said``."""

SAID_409 = "() => window.said.some(([status, text]) => status === '409' && text.length > 0)"
"""Whether the page has shown a message for a 409 answer."""


class ThreadServer:
    """uvicorn serving ``app`` on a free loopback port, in a thread of this process."""

    def __init__(self, app: Any) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        config = uvicorn.Config(app, log_level="warning", access_log=False)
        config.timeout_graceful_shutdown = 1
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]})

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                return self
            self.thread.join(0.02)
        raise RuntimeError("the server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


async def _state(page: Page) -> dict[str, Any]:
    """What a page shows: its version, whether the game is over, and its move buttons."""
    result: dict[str, Any] = await page.evaluate(
        """() => ({
            version: Number(document.body.dataset.version),
            over: document.body.dataset.over === "1",
            moves: Array.from(document.querySelectorAll("#moves button")).map(
                (b) => b.dataset.notation),
            log: Array.from(document.querySelectorAll("#log li")).map((li) => li.textContent),
            pending: document.getElementById("pending").textContent,
        })"""
    )
    return result


async def _at_least(page: Page, version: int) -> None:
    await page.wait_for_function(
        "v => Number(document.body.dataset.version) >= v", arg=version, timeout=WAIT_MS
    )


def _weight(notation: str) -> float:
    """How the test's players like a move: aggressive, so the game ends soon."""
    verb = notation.split()[1]
    return {
        "coup": 20,
        "assassinate": 6,
        "challenge": 3,
        "tax": 3,
        "steal": 2,
        "allow": 4,
        "block": 1,
    }.get(verb, 1)


async def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / name))


async def _play(base: str, browser: Browser) -> dict[str, Any]:
    problems: list[str] = []

    async def new_page() -> Page:
        context = await browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
        page = await context.new_page()
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))

        def console(msg: Any) -> None:
            # The browser logs every 4xx; the only one expected is the late challenge's 409.
            if msg.type == "error" and "409 (Conflict)" not in msg.text:
                problems.append(f"console: {msg.text}")

        page.on("console", console)
        # "Concede, although you hold the card?": the test's players mean what they click.
        page.on("dialog", lambda dialog: asyncio.ensure_future(dialog.accept()))
        return page

    # The lobby: a game of three people; the host, Ana, plays seat 0.
    lobby = await new_page()
    await lobby.goto(base + "/")
    await lobby.select_option("#players", "3")
    await lobby.fill("#name", "Ana")
    await _shot(lobby, "01-lobby.png")
    await lobby.click("#create")
    await lobby.wait_for_selector("#own:not([hidden])", timeout=WAIT_MS)
    await lobby.wait_for_selector("a.invite", timeout=WAIT_MS)
    invites = await lobby.eval_on_selector_all("a.invite", "els => els.map(a => a.href)")
    own_link = await lobby.get_attribute("#own-link", "href")
    watch_link = await lobby.get_attribute("#spectator-link", "href")
    await _shot(lobby, "01-host.png")
    assert len(invites) == 2 and own_link is not None and watch_link is not None

    # Two more people open their invites, give their names and take their seats.
    pages = [lobby, await new_page(), await new_page()]
    await lobby.goto(own_link)
    for page, invite, name in zip(pages[1:], invites, ("Ben", "Cleo"), strict=True):
        await page.goto(invite)
        await page.fill("#name", name)
        await page.click("#take")
        await page.wait_for_url("**/play/**", timeout=WAIT_MS)
    links = [page.url for page in pages]
    assert len({link.split("#")[1] for link in links}) == 3  # three different tokens
    watcher = await new_page()
    await watcher.goto(watch_link)
    everyone = [*pages, watcher]
    for page in everyone:
        await _at_least(page, 0)
    assert (await _state(watcher))["moves"] == []
    assert await watcher.is_hidden("#hand-area")

    # Seat 0 claims the Duke; the other pages see the challenge window without a reload.
    await pages[0].wait_for_selector("#pending:has-text('Your turn: choose an action.')")
    assert (await pages[0].title()).startswith("▶ Your move")
    assert not (await pages[1].title()).startswith("▶")
    start = (await _state(pages[0]))["version"]
    await pages[0].click("[data-notation='p0 tax']")
    await pages[1].wait_for_selector("[data-notation='p1 challenge']", timeout=WAIT_MS)
    await pages[2].wait_for_selector("[data-notation='p2 challenge']", timeout=WAIT_MS)
    window = (await _state(pages[1]))["version"]
    assert window > start
    await _shot(pages[1], "02-challenge-window.png")

    # Seats 1 and 2 challenge at the same moment: both requests are held until both are sent.
    sent: list[Route] = []
    both = asyncio.Event()

    async def hold(route: Route) -> None:
        sent.append(route)
        if len(sent) == 2:
            both.set()
        await asyncio.wait_for(both.wait(), 10)
        await route.continue_()

    for page in pages[1:]:
        await page.route("**/moves", hold)
        await page.evaluate(RECORD_MESSAGES)
    async with (
        pages[1].expect_response("**/moves") as first,
        pages[2].expect_response("**/moves") as second,
    ):
        await asyncio.gather(
            pages[1].click("[data-notation='p1 challenge']"),
            pages[2].click("[data-notation='p2 challenge']"),
        )
    statuses = sorted([(await first.value).status, (await second.value).status])
    assert statuses == [200, 409]
    too_late = pages[1] if (await first.value).status == 409 else pages[2]
    # The late page says so. The message is cleared as soon as the game moves on, which may be
    # before a look at the page could catch it: what the page showed is recorded as it happens.
    await too_late.wait_for_function(SAID_409, timeout=WAIT_MS)
    after = window + 1
    for page in everyone:
        await _at_least(page, after)
    # Only now, with both pages quiet, are the routes taken away: Playwright's unroute while a
    # page's request is on its way can leave that request unanswered for good (the late page's
    # follow-up GET of its view, sent as its 409 arrives, once in about 20 runs).
    for page in pages[1:]:
        await page.unroute("**/moves")
    logs = [(await _state(page))["log"] for page in everyone]
    for log in logs:  # in the words of each page: "Cleo challenges Ana.", "You challenge Ana."
        assert sum(" challenge" in line for line in log) == 1
    await _shot(too_late, "03-double-challenge.png")

    # Then the whole game, each move clicked in the page of the seat that makes it.
    rng = random.Random(3)
    moves = 0
    shot_midgame = False
    while True:
        states = [await _state(page) for page in pages]
        version = max(s["version"] for s in states)
        for page in everyone:
            await _at_least(page, version)
        states = [await _state(page) for page in pages]
        if states[0]["over"]:
            break
        ready = [i for i, s in enumerate(states) if s["moves"]]
        assert ready, states
        seat = rng.choice(ready)
        options = states[seat]["moves"]
        choice = rng.choices(options, [_weight(n) for n in options])[0]
        if not shot_midgame and moves >= 12 and len(options) > 2:
            await _shot(pages[seat], "04-mid-game.png")
            shot_midgame = True
        await pages[seat].click(f"[data-notation='{choice}']")
        for page in everyone:
            await _at_least(page, version + 1)
        moves += 1
        assert moves < 600, "the game did not end"

    finals = [await _state(page) for page in everyone]
    assert all(s["over"] for s in finals)
    assert len({s["version"] for s in finals}) == 1
    assert all(s["pending"] == "The game is over." for s in finals)
    assert all(s["log"][-1].endswith(("wins!", "You win!")) for s in finals)
    texts = [await page.inner_text("#seats") for page in pages]
    winners = [page for page, text in zip(pages, texts, strict=True) if "(you) — winner" in text]
    assert len(winners) == 1
    winner_page = winners[0]
    await _shot(winner_page, "05-game-over.png")
    await _shot(watcher, "06-spectator.png")
    assert not problems, problems
    return {"moves": moves, "log": finals[0]["log"]}


def test_a_whole_game_in_three_browsers(tmp_path: Path) -> None:
    app = create_app(
        tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(31337), bot_rng=seeded_bots(2)
    )

    async def main(base: str) -> dict[str, Any]:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                return await _play(base, browser)
            finally:
                await browser.close()

    with ThreadServer(app) as server:
        result = asyncio.run(main(server.url))
    assert result["moves"] > 5
    for name in ("01-host.png", "02-challenge-window.png", "03-double-challenge.png"):
        assert (ARTIFACTS / name).stat().st_size > 1000


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-q"])
