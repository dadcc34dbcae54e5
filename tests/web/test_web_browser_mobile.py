"""The table on a phone (headless Chromium at 390 x 844), and the rules card of its variant.

A 6-seat game with the Inquisitor and the Reformation (the widest seat table: an Allegiance
column) and two people with names of the longest length allowed. On a 390 px screen nothing
makes the page wider than the screen (``scrollWidth <= 390``), and every seat's Revealed and
Claims cells lie inside it. The rules card the page opens is the one built for its game: it
names the forced Coup with the engine's numbers, the Inquisitor's Examine and the
Reformation's Convert; a base game's card names neither expansion.
"""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.web.support import ROOT, STATIC, counter, need_browser, seeded_bots

CHROMIUM = need_browser()

from playwright.async_api import Browser, Page, async_playwright  # noqa: E402

from coup_rules.constants import COUP_COST, FORCED_COUP_COINS  # noqa: E402
from coup_rules.web.app import create_app  # noqa: E402
from tests.web.test_web_browser import CHROMIUM_ARGS, WAIT_MS, ThreadServer, _shot  # noqa: E402

PHONE = {"width": 390, "height": 844}
LONG_NAMES = ("Maximiliana Wolkenstein", "Bartholomew Featherstone")  # 23 and 24 characters

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

FITS = """() => {
  const width = document.documentElement.clientWidth;
  const cells = Array.from(document.querySelectorAll("#seats tbody td"));
  return {
    scrollWidth: document.documentElement.scrollWidth,
    width,
    outside: cells.filter((td) => {
      const box = td.getBoundingClientRect();
      return box.width > 0 && (box.left < 0 || box.right > width + 0.5);
    }).map((td) => td.className + ":" + td.textContent),
    revealed: document.querySelectorAll("#seats tbody td.revealed").length,
    claims: document.querySelectorAll("#seats tbody td.claims").length,
  };
}"""


def _card_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rules_card", ROOT / "scripts" / "rules_card.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def _phone(browser: Browser, problems: list[str]) -> Page:
    context = await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)  # type: ignore[arg-type]
    page = await context.new_page()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "console",
        lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None,
    )
    return page


async def _seated(page: Page, base: str, config: dict[str, Any], seats: list[str]) -> str:
    """A game created from ``page``, its host ``LONG_NAMES[0]`` at seat 0, every other person's
    seat claimed under ``LONG_NAMES[1]`` by a client without cookies (another person's); the
    host's seat's link."""
    await page.goto(base + "/")
    created = await page.evaluate(
        CREATE, {"config": config, "seats": seats, "host_seat": 0, "name": LONG_NAMES[0]}
    )
    for s in created["seats"]:
        if s["invite"]:
            invite = s["invite"].split("#", 1)[1]
            claimed = await page.evaluate(CLAIM, [created["game"], invite, LONG_NAMES[1]])
            assert "token" in claimed, claimed
    link: str = created["seat"]["link"]
    return base + link


async def _open_card(page: Page) -> str:
    await page.click("#rules summary")
    await page.wait_for_selector("#rules-body #card", timeout=WAIT_MS)
    text: str = await page.inner_text("#rules-body")
    return text


async def _run(base: str, browser: Browser) -> None:
    problems: list[str] = []
    page = await _phone(browser, problems)
    config = {"players": 6, "inquisitor": True, "reformation": True}
    seats = ["human", "human", "honest", "honest", "honest", "honest"]
    await page.goto(await _seated(page, base, config, seats))
    await page.wait_for_selector("#seats tbody tr", timeout=WAIT_MS)
    await page.wait_for_function(
        "() => document.querySelectorAll('#seats tbody tr').length === 6", timeout=WAIT_MS
    )
    fits = await page.evaluate(FITS)
    await _shot(page, "30-phone-table.png")
    assert fits["scrollWidth"] <= PHONE["width"], fits
    assert fits["outside"] == [], fits
    assert fits["revealed"] == 6 and fits["claims"] == 6, fits
    for name in LONG_NAMES:
        assert name in await page.inner_text("#seats")

    card = await _open_card(page)
    assert f"holding {FORCED_COUP_COINS} or more coins may only declare a Coup" in card
    assert f"The actor pays {COUP_COST} coins" in card
    assert "(R-INQ-3)" in card and "(R-REF-7)" in card and "(R-TURN-2)" in card
    assert "This game: the Inquisitor and the Reformation." in card
    assert (await page.evaluate(FITS))["scrollWidth"] <= PHONE["width"]
    await _shot(page, "31-phone-rules-card.png")

    base_page = await _phone(browser, problems)
    three = ["human", "honest", "honest"]
    await base_page.goto(await _seated(base_page, base, {"players": 3}, three))
    card = await _open_card(base_page)
    assert "This game: the base game." in card
    assert "(R-INQ-3)" not in card and "(R-REF-7)" not in card and "(R-TURN-2)" in card
    assert not problems, problems


def test_the_seat_table_fits_a_phone_and_the_rules_card_is_its_variants(tmp_path: Path) -> None:
    app = create_app(
        tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(7), bot_rng=seeded_bots(7)
    )

    async def main(base: str) -> None:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                await _run(base, browser)
            finally:
                await browser.close()

    with ThreadServer(app) as server:
        asyncio.run(main(server.url))


def test_every_variant_has_its_card_built_from_the_spec() -> None:
    script = _card_script()
    for path, card in script.cards().items():
        shipped = STATIC / path.name
        assert shipped.read_text("utf-8") == card, f"{path.name}: run scripts/rules_card.py --write"
    assert set(script.cards()) == {
        script.STATIC / name
        for name in (
            "rules.html",
            "rules-inquisitor.html",
            "rules-reformation.html",
            "rules-inquisitor-reformation.html",
        )
    }


def test_each_card_quotes_the_forced_coup_with_the_engines_numbers() -> None:
    script = _card_script()
    for inquisitor, reformation in script.VARIANTS:
        card = script.build(inquisitor, reformation)
        assert f"holding {FORCED_COUP_COINS} or more coins may only declare a Coup" in card
        assert f"The actor pays {COUP_COST} coins to the Treasury" in card
        assert ("(R-INQ-3)" in card) == inquisitor
        assert ("(R-REF-8)" in card) == reformation
