"""The docs site's own settings (issue 40): no fonts from another site, the search splits
numbers from their punctuation, and a phone's code blocks start below the copy button.

The pictures behind these were taken with headless Chromium at 390 px and 1280 px; what can be
held without a browser is held here, on ``mkdocs.yml`` and the site's stylesheet.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def _setting(pattern: str) -> str:
    """The text a setting's ``pattern`` (a regex with one group, a whole line) finds in
    mkdocs.yml (read as text: the file names Python objects a plain YAML loader refuses)."""
    found = re.search(pattern, CONFIG, re.M)
    assert found is not None, f"mkdocs.yml has no line matching {pattern!r}"
    return found.group(1)


def test_the_pages_load_no_google_fonts() -> None:
    """theme.font false: mkdocs-material links no Google Fonts, the system fonts are used."""
    assert _setting(r"^theme:\n(?:  .*\n)*?  font: (\w+)$") == "false"


def test_the_search_splits_numbers_from_punctuation() -> None:
    """A query for "10 coins" finds the text "10+ coins" and "R-TURN-2: with 10 coins"."""
    separator = re.compile(_setting(r"^  - search:\n(?:      .*\n)*?      separator: '(.+)'$"))
    words = [w for w in separator.split('"10+ coins" (R-TURN-2: with 10 coins, 1.5)') if w]
    assert words == ["10", "coins", "R", "TURN", "2", "with", "10", "coins", "1.5"]


def test_a_phones_code_starts_below_the_copy_button() -> None:
    """The stylesheet is the site's, and on a narrow screen it pads a code block's top."""
    assert _setting(r"^extra_css:\n  - (.+)$") == "stylesheets/extra.css"
    css = (ROOT / "docs" / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    narrow = re.search(r"@media screen and \(max-width: [0-9.]+em\) \{(.+?)\n\}", css, re.S)
    assert narrow is not None
    assert re.search(r"pre > code \{\s*padding-top: [0-9.]+em;", narrow.group(1))
