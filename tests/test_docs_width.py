"""Every line of a code block of the documentation fits the page at 1280 px (issue 31).

Why 80: measured, not guessed. The site is mkdocs-material with its navigation and its table of
contents beside the text (``mkdocs.yml``); in Chromium at a 1280 px wide window the grid is
61 rem (1220 px), the text column 736 px, and a code block 688 px of which 656 px hold text.
Code is set at 13.6 px (0.85 × 0.8 rem) in a monospace face 0.6 em wide, 8.16 px a character:
656 / 8.16 is 80.4. A block of 80 characters had no horizontal scroll there; one of 81 did
(``scrollWidth`` 695 against ``clientWidth`` 688). Wider windows give the code no more room
(the grid stops at 1220 px, and from 1600 px the font grows with the width), so 80 holds for
every desktop width from 1280 px on.

Every page holds to it: a wrapped command, a comment on its own line, an example that prints
its facts over short lines (``# output`` blocks are what the examples print, so an example
that printed a long line is changed, not its output).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

LIMIT = 80
"""The most characters a code line may have: what a code block shows at 1280 px (above)."""

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


def long_code_lines(text: str, limit: int = LIMIT) -> list[tuple[int, int]]:
    """The (line number, length) of every line inside a fenced block longer than ``limit``."""
    found = []
    fence: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        opening = _FENCE.match(line)
        if fence is None:
            if opening:
                fence = opening.group(1)
            continue
        if opening and opening.group(1).startswith(fence) and not line.strip().strip(fence[0]):
            fence = None
            continue
        if len(line) > limit:
            found.append((number, len(line)))
    return found


PAGES = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))


def test_the_check_finds_a_long_line_inside_a_block_only() -> None:
    """The check itself: a line over the limit inside a fence counts, one outside does not."""
    long = "x" * (LIMIT + 1)
    text = f"{long}\n\n```python\n{'y' * LIMIT}\n{long}\n```\n\n~~~text\n{long}\n~~~\n{long}\n"
    assert long_code_lines(text) == [(5, LIMIT + 1), (9, LIMIT + 1)]


@pytest.mark.parametrize("page", PAGES)
def test_every_code_line_fits_a_1280_px_page(page: str) -> None:
    """At 1280 px a code block shows 80 characters: no line of the page's blocks is longer."""
    long = long_code_lines((DOCS / page).read_text(encoding="utf-8"))
    where = ", ".join(f"line {n} ({width} characters)" for n, width in long)
    assert long == [], f"docs/{page}: {where} over {LIMIT}: wrap or shorten them"
