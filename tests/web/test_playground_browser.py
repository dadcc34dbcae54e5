"""The rules playground (docs/playground.md) in headless Chromium, offline.

The page, its scripts and the engine are served from a folder laid out as the built site lays
them out (``site/playground/``, ``site/javascripts/playground/``, ``site/assets/`` with what
``docs/hooks/playground.py`` copies there), on a loopback port; every request to anywhere else
is refused and fails the test, so the page works with no network. ``COUP_PLAYGROUND_SITE``
names a site built by ``mkdocs build`` to test instead. A screenshot of the page goes to
``ARTIFACTS``. Rule ids: the scenario is the edge
case "a challenged Captain proves and steals" (R-CHAL-3, R-WIN-4), played by clicking.

Needs Debian's chromium, Playwright's Python package and the built engine package
(``(cd clients/engine && npm ci) && node clients/engine/build.mjs``).
"""

from __future__ import annotations

import asyncio
import functools
import importlib.util
import json
import os
import re
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import ARTIFACTS, need, need_browser

CHROMIUM = need_browser()

from playwright.async_api import Page, Route, TimeoutError, async_playwright  # noqa: E402

from coup_rules import (  # noqa: E402
    Character,
    Config,
    GameState,
    apply,
    format_move,
    from_json,
    legal_moves,
    new_game,
    parse_move,
    to_json,
)
from coup_rules.simulation import GameRecord  # noqa: E402
from tests.web.test_web_browser import CHROMIUM_ARGS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
START_MS = 60_000
"""Pyodide's cold start takes a few seconds; on a loaded machine, many more."""
WAIT_MS = 20_000

D, CA, AM, CO, A = (
    Character.DUKE,
    Character.CAPTAIN,
    Character.AMBASSADOR,
    Character.CONTESSA,
    Character.ASSASSIN,
)
HANDS = ((CA, D), (AM, CO), (A, CO))
SCENARIO = ["p0 steal p1", "p1 challenge", "p0 prove", "p1 lose contessa", "p1 allow"]
"""Edge cases, "a challenged Captain proves and steals": seat 0 steals from seat 1 with the
Captain it holds, seat 1 challenges and loses an influence, then lets the steal pass."""


def _load_hook() -> Any:
    """docs/hooks/playground.py, whose list of files lays the site out as mkdocs does."""
    path = DOCS / "hooks" / "playground.py"
    spec = importlib.util.spec_from_file_location("coup_docs_playground", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    saved, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ under docs/
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = saved
    return module


HOOK = _load_hook()
THEME_REPO_FACTS = "https://api.github.com/repos/"
"""What mkdocs-material's header asks of GitHub in the built site (repo_url's stars), and does
without when it is refused."""

MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}


def _page_shell() -> str:
    """docs/playground.md's own markup (the root element and the script), in a bare page."""
    text = (DOCS / "playground.md").read_text(encoding="utf-8")
    markup = r'<div id="playground".*?</div>\s*<script type="module"[^>]*></script>'
    found = re.search(markup, text, re.S)
    assert found is not None, "docs/playground.md has no playground element and script"
    css = '<link rel="stylesheet" href="../stylesheets/playground.css">'
    head = f"<meta charset='utf-8'>{css}"
    return f"<!doctype html><html><head>{head}</head><body>{found.group(0)}</body></html>"


def _lay_out_site(site: Path) -> None:
    """The parts of the built site the playground needs."""
    files = HOOK.engine_files()
    missing = [str(source) for source, _ in files if not source.is_file()]
    need(
        "the built @coup-rules/engine",
        not missing,
        "(cd clients/engine && npm ci) && node clients/engine/build.mjs; missing: "
        + ", ".join(missing),
    )
    for source, target in files:
        (site / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, site / target)
    shutil.copytree(DOCS / "javascripts", site / "javascripts")
    shutil.copytree(DOCS / "stylesheets", site / "stylesheets")
    (site / "playground").mkdir()
    (site / "playground" / "index.html").write_text(_page_shell(), encoding="utf-8")


class _Quiet(SimpleHTTPRequestHandler):
    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return MIME.get(Path(path).suffix) or super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site on a loopback port: its base URL."""
    given = os.environ.get("COUP_PLAYGROUND_SITE")
    root = Path(given) if given else tmp_path_factory.mktemp("site")
    if not given:
        _lay_out_site(root)
    handler = functools.partial(_Quiet, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _scenario_states() -> list[GameState]:
    state = new_game(Config(players=3), seed=1, hands=HANDS)
    states = [state]
    for text in SCENARIO:
        state = apply(state, parse_move(text, state))
        states.append(state)
    return states


def _seat_rows(state: GameState) -> list[list[str]]:
    """The table's rows as the page should show them: seat, coins, hidden, revealed (and the
    allegiance with the Reformation)."""
    reformation = state.config.reformation

    def cards(cs: tuple[Character, ...]) -> str:
        return " ".join(c.name.title() for c in cs) or "–"

    return [
        [
            f"{p.seat}{' ▸' if p.seat == state.active else ''}",
            str(p.coins),
            cards(p.hand),
            cards(p.revealed),
            *([p.allegiance.name.lower() if p.allegiance else "–"] if reformation else []),
        ]
        for p in state.players
    ]


async def _shown(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = await page.evaluate(
        """() => ({
            step: Number(document.body.dataset.pgStep),
            over: document.body.dataset.pgOver === "1",
            moves: Array.from(document.querySelectorAll("#pg-moves button")).map(
                (b) => b.dataset.notation),
            rows: Array.from(document.querySelectorAll("#pg-seats tbody tr")).map(
                (tr) => Array.from(tr.cells).map((td) => td.textContent)),
            history: Array.from(document.querySelectorAll("#pg-history li")).map(
                (li) => li.textContent),
            narration: Array.from(document.querySelectorAll("#pg-narration li")).map(
                (li) => li.textContent),
            status: document.getElementById("pg-status").textContent,
            message: document.getElementById("pg-message").textContent,
        })"""
    )
    return result


async def _at_step(page: Page, step: int) -> dict[str, Any]:
    try:
        await page.wait_for_function(
            "s => document.body.dataset.pgStep === String(s)"
            " && document.body.dataset.pgReady === '1'",
            arg=step,
            timeout=WAIT_MS,
        )
    except TimeoutError as exc:
        raise AssertionError(f"the page did not reach step {step}: {await _shown(page)}") from exc
    await page.evaluate("() => new Promise((r) => setTimeout(r, 0))")
    return await _shown(page)


def _legal(state: GameState) -> list[str]:
    """Every seat's legal moves in notation, seat by seat, as the page lists them."""
    from coup_rules import to_act

    return [format_move(m) for seat in to_act(state) for m in legal_moves(state, seat)]


def _console(problems: list[str], msg: Any) -> None:
    """Keeps the page's errors, but for the refused request of the theme's repository facts."""
    refused_facts = str(msg.location.get("url", "")).startswith(THEME_REPO_FACTS)
    if msg.type == "error" and not refused_facts:
        problems.append(f"console: {msg.text}")


async def _run(base: str) -> None:
    problems: list[str] = []
    states = _scenario_states()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            context = await browser.new_context(viewport={"width": 1100, "height": 900})

            async def offline(route: Route) -> None:
                if route.request.url.startswith(base):
                    await route.continue_()
                elif route.request.url.startswith(THEME_REPO_FACTS):
                    await route.abort()  # the theme's star count: it shows none offline
                else:
                    problems.append(f"request off the site: {route.request.url}")
                    await route.abort()

            await context.route("**/*", offline)
            page = await context.new_page()
            page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
            page.on("console", lambda msg: _console(problems, msg))

            # The position by its link: a fixed deal, no moves yet.
            start = HOOK.Position({"players": 3}, {"hands": HANDS, "seed": 1})
            await page.goto(f"{base}/playground/{HOOK.fragment(start)}")
            await page.wait_for_function(
                "() => document.body.dataset.pgReady === '1'", timeout=START_MS
            )
            shown = await _at_step(page, 0)
            assert shown["moves"] == _legal(states[0])
            assert shown["rows"] == _seat_rows(states[0])

            # The scenario, by clicking each move's button.
            for step, notation in enumerate(SCENARIO, start=1):
                await page.click(f"#pg-moves button[data-notation='{notation}']")
                shown = await _at_step(page, step)
                assert shown["moves"] == _legal(states[step]), notation
            assert shown["rows"] == _seat_rows(states[-1])
            assert shown["history"] == SCENARIO
            assert shown["narration"][-1] == "Turn 2 begins: seat 1 to play."
            link = await page.input_value("#pg-link")
            assert link.endswith(
                "moves=p0.steal.p1,p1.challenge,p0.prove,p1.lose.contessa,p1.allow"
            )

            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(ARTIFACTS / "playground.png"), full_page=True)

            # Seat 1's view: its own cards and "you" in the narration.
            await page.select_option("#pg-view", "1")
            await page.wait_for_function(
                "() => document.getElementById('pg-view-box').textContent"
                ".includes('Hand: Ambassador')",
                timeout=WAIT_MS,
            )
            narration = (await _shown(page))["narration"]
            assert "You challenge seat 0." in narration

            # Step back twice, and a refused move typed in the notation.
            await page.click("#pg-back")
            await _at_step(page, 4)
            await page.click("#pg-back")
            shown = await _at_step(page, 3)
            assert shown["rows"] == _seat_rows(states[3])
            await page.fill("#pg-notation", "p2 income")
            await page.click("#pg-type button[type=submit]")
            await page.wait_for_function(
                "() => document.getElementById('pg-message').dataset.status === 'illegal'",
                timeout=WAIT_MS,
            )
            assert re.search(r"\(R-[A-Z]+-\d+\)\.$", (await _shown(page))["message"])
            if await page.get_attribute("#playground", "data-rules"):  # a site mkdocs built
                href = await page.get_attribute("#pg-message a", "href")
                assert href is not None and re.search(r"/spec/\w+/#R-[A-Z]+-\d+$", href)
            await page.fill("#pg-notation", "p1 lose ambassador")
            await page.click("#pg-type button[type=submit]")
            shown = await _at_step(page, 4)
            assert shown["history"] == [*SCENARIO[:3], "p1 lose ambassador"]
            assert shown["over"] is False

            # The same link opens the same position in a new page.
            other = await context.new_page()
            await other.goto(await page.input_value("#pg-link"))
            await other.wait_for_function(
                "() => document.body.dataset.pgReady === '1'", timeout=START_MS
            )
            assert (await _shown(other))["rows"] == (await _shown(page))["rows"]
            await other.close()

            # A record of coup-rules simulate --out, pasted, replayed step by step.
            await _edge_case_links(page, base)
            await _replay_record(page)
        finally:
            await browser.close()
    assert not problems, problems


def _state_of(position: Any) -> GameState:
    """The state a link's position stands for, in CPython."""
    state = new_game(from_json(json.dumps(position.config), Config), **position.setup)
    for text in position.moves:
        state = apply(state, parse_move(text, state))
    return state


async def _edge_case_links(page: Page, base: str) -> None:
    """The edge cases' links (made by the docs hook from the examples) open their positions:
    one with starting coins, one of the Inquisitor variant, one of the Reformation."""
    markdown = (DOCS / "edge-cases.md").read_text(encoding="utf-8")
    made = [position for _, position in HOOK.example_positions(markdown, "edge-cases.md")]
    wanted: dict[str, Callable[[Any], Any]] = {
        "coins": lambda p: "coins" in p.setup and p.moves,
        "inquisitor": lambda p: p.config["inquisitor"] and p.moves,
        "reformation": lambda p: p.config["reformation"] and "allegiances" in p.setup,
    }
    for what, test in wanted.items():
        position = next((p for p in made if test(p)), None)
        assert position is not None, f"no edge case with {what}"
        await page.goto(f"{base}/playground/{HOOK.fragment(position)}")
        shown = await _at_step(page, len(position.moves))
        assert shown["rows"] == _seat_rows(_state_of(position)), what
        assert shown["history"] == list(position.moves)


def _simulated_record() -> tuple[str, list[GameState]]:
    """One game of random moves, as coup-rules simulate --out writes it (a 64-bit seed)."""
    import random

    from coup_rules import to_act

    config = Config(players=3, max_turns=500)
    seed = 2**63 + 12345
    state = new_game(config, seed=seed)
    rng = random.Random(4)
    states = [state]
    moves = []
    while not state.is_over:
        move = rng.choice(legal_moves(state, rng.choice(to_act(state))))
        state = apply(state, move)
        moves.append(move)
        states.append(state)
    record = GameRecord(
        index=3,
        config=config,
        seed=seed,
        bots=("random",) * 3,
        winner=state.winner,
        turns=state.turn,
        moves=tuple(moves),
    )
    return record.to_json(), states


async def _replay_record(page: Page) -> None:
    line, states = _simulated_record()
    # Two games, one a line, as coup-rules simulate --out writes them: the second is picked.
    other = new_game(Config(players=2), seed=9)
    first = GameRecord(0, other.config, 9, ("random",) * 2, None, 0, (), ())
    await page.fill("#pg-record-text", f"{first.to_json()}\n{line}\n")
    await page.click("#pg-open")
    await _at_step(page, 0)
    assert await page.is_visible("#pg-record-pick")
    await page.select_option("#pg-record-pick", "1")
    await page.wait_for_function(
        "n => document.querySelectorAll('#pg-history li').length === n",
        arg=len(states) - 1,
        timeout=WAIT_MS,
    )
    shown = await _at_step(page, 0)
    assert shown["rows"] == _seat_rows(states[0])
    assert len(shown["history"]) == len(states) - 1
    for step in (1, 2, 3):
        await page.click("#pg-forward")
        shown = await _at_step(page, step)
        assert shown["rows"] == _seat_rows(states[step])
    await page.click("#pg-last")
    shown = await _at_step(page, len(states) - 1)
    assert shown["over"] is True
    assert shown["rows"] == _seat_rows(states[-1])
    assert shown["narration"][-1].endswith("wins!")
    # A saved state of the same game: its moves are found again from its log.
    await page.fill("#pg-record-text", to_json(states[8]))
    await page.click("#pg-open")
    shown = await _at_step(page, 0)
    assert len(shown["history"]) == 8
    await page.click("#pg-last")
    assert (await _at_step(page, 8))["rows"] == _seat_rows(states[8])
    assert json.loads(line)["seed"] == 2**63 + 12345


def test_the_playground_plays_and_replays_offline(site: str) -> None:
    asyncio.run(_run(site))
