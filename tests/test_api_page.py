"""The API reference page shows every public name as a heading with its signature (API).

Each name of ``coup_rules.__all__`` is rendered by a ``::: coup_rules.NAME`` directive of
docs/reference/api.md, or by a directive of its module that lists it (or shows the whole
module); the page is grouped by job, each group opening with a "when you need this" line.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import coup_rules

PAGE = Path(__file__).resolve().parent.parent / "docs" / "reference" / "api.md"


def _covered(text: str) -> set[str]:
    names: set[str] = set()
    for block in re.split(r"(?m)^(?=::: )", text)[1:]:
        target = block.split()[1]
        listed = re.findall(r"(?m)^ {8}- (\w+)$", block)
        if target.startswith("coup_rules.") and target.count(".") == 1:
            attribute = target.split(".", 1)[1]
            if attribute in coup_rules.__all__:
                names.add(attribute)
                continue
        if listed:
            names.update(listed)
            continue
        try:
            module = importlib.import_module(target)
        except ImportError:  # a function of a submodule, e.g. coup_rules.bots.play_game
            continue
        names.update(getattr(module, "__all__", ()))
    return names


def test_every_public_name_has_its_heading_on_the_api_page() -> None:
    """API: no public name is missing from the reference."""
    text = PAGE.read_text(encoding="utf-8")
    missing = set(coup_rules.__all__) - _covered(text) - {"__version__"}
    assert not missing, f"add these to docs/reference/api.md: {sorted(missing)}"


def test_every_group_says_when_you_need_it() -> None:
    """API: each section of the page opens with a one-line "When you need this"."""
    text = PAGE.read_text(encoding="utf-8")
    for section in re.split(r"(?m)^## ", text)[1:]:
        title, _, body = section.partition("\n")
        assert body.strip().startswith("*When you need this:"), title
