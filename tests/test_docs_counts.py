"""The docs' words for how many decisions there are follow ``Pending`` (issue 40).

The pages say "one of twelve small classes" in several places; a new decision must change them
all, and a test, not a reader, has to find them.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

from coup_rules import Pending

ROOT = Path(__file__).resolve().parents[1]
NUMBERS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
WORDS = {word: n for n, word in enumerate(NUMBERS.split())}
COUNT = re.compile(
    r"\b(" + "|".join(WORDS) + r")\s+(?:small\s+|typed\s+|frozen\s+)*(?:decision\s+)?"
    r"(?:classes|records)\b|\blists all (" + "|".join(WORDS) + r")\b"
)
"""A count in words (lower case: "Two records are equal" starts a sentence about something
else) of classes or records, or the turn page's "lists all N"."""


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _counts() -> list[tuple[str, int, str]]:
    """Every "N (small, typed ...) decision classes/records" said of the decisions."""
    found = []
    for page in _pages():
        text = page.read_text()
        for match in COUNT.finditer(text):
            around = text[max(0, match.start() - 200) : match.end() + 200]
            if re.search(r"decision|pending", around, re.IGNORECASE):
                word = match[1] or match[2]
                found.append((page.relative_to(ROOT).as_posix(), WORDS[word], match[0]))
    return found


def test_the_docs_say_how_many_decisions_pending_has() -> None:
    counts = _counts()
    assert counts, "the scan found no count of the decisions: is the pattern still right?"
    expected = len(typing.get_args(Pending))
    wrong = [(page, said) for page, n, said in counts if n != expected]
    assert not wrong, f"Pending has {expected} classes; these pages say otherwise: {wrong}"
