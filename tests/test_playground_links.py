"""The docs' links to the rules playground (docs/playground.md) set up positions the library
plays: every link of a page, and every link the docs hook adds under the edge cases' examples.

The link's fragment is the playground's position format (docs/javascripts/playground/
position.mjs); docs/hooks/playground.py writes it (``fragment``) and reads it
(``read_fragment``), and tests/web/test_playground_browser.py opens such links in Chromium.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from coup_rules import Config, GameState, apply, from_json, new_game, parse_move

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LINK = re.compile(r"\]\((?:\.\./)*playground\.md(#[^)\s]+)\)")


def _load_hook() -> ModuleType:
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


hook = _load_hook()


def _page_links() -> list[tuple[str, str]]:
    return [
        (str(page.relative_to(DOCS)), found)
        for page in sorted(DOCS.rglob("*.md"))
        for found in LINK.findall(page.read_text(encoding="utf-8"))
    ]


PAGE_LINKS = _page_links()


def _play(position: Any) -> GameState:
    """The position in CPython: each move parsed and applied (an illegal one raises)."""
    config = from_json(json.dumps(position.config), Config)
    state = new_game(config, **position.setup)
    for text in position.moves:
        state = apply(state, parse_move(text, state))
    return state


def test_the_rule_dispute_pages_link_their_rows_to_the_playground() -> None:
    pages = {page for page, _ in PAGE_LINKS}
    assert {"conformance/treason.md", "conformance/coup-online.md"} <= pages


@pytest.mark.parametrize(
    ("page", "link"), PAGE_LINKS, ids=[f"{p}:{i}" for i, (p, _) in enumerate(PAGE_LINKS)]
)
def test_a_pages_link_sets_up_a_position_the_library_plays(page: str, link: str) -> None:
    position = hook.read_fragment(link)
    _play(position)
    assert hook.fragment(position) == link, "the link is not in the form the playground writes"


def test_every_edge_case_example_that_plays_a_game_gets_a_link() -> None:
    markdown = (DOCS / "edge-cases.md").read_text(encoding="utf-8")
    positions = hook.example_positions(markdown, "edge-cases.md")
    assert len(positions) >= 30
    linked = hook.add_links(markdown, "../playground/", "edge-cases.md")
    assert linked.count("Open this position in the playground") == len(positions)


def test_an_edge_case_link_reads_back_as_the_position_it_was_written_from() -> None:
    markdown = (DOCS / "edge-cases.md").read_text(encoding="utf-8")
    for _, position in hook.example_positions(markdown, "edge-cases.md"):
        again = hook.read_fragment(hook.fragment(position))
        assert _play(again) == _play(position)
