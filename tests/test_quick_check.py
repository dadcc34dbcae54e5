"""The quick check a contributor runs before pushing, and the slow checks beside it (issue 40).

``pytest -m "not slow"`` leaves out the files of ``tests/slow.py``; these tests hold the docs
(``docs/testing.md``, the README's development part) to that table, and the numbers the slow
checks' docstrings say CI plays to ``.ci/run``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.slow import SLOW

ROOT = Path(__file__).resolve().parents[1]
QUICK = 'pytest -m "not slow"'


def _section(path: Path, title: str) -> str:
    text = path.read_text()
    start = text.index(title)
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_every_slow_check_is_a_test_file() -> None:
    assert all((ROOT / name).is_file() for name in SLOW), [
        n for n in SLOW if not (ROOT / n).is_file()
    ]


def test_every_browser_test_is_slow() -> None:
    browsers = sorted(
        p.relative_to(ROOT).as_posix() for p in ROOT.glob("tests/web/test_web_browser*.py")
    )
    assert browsers
    assert [b for b in browsers if b not in SLOW] == []


def test_the_testing_page_names_the_quick_check_and_every_slow_one() -> None:
    section = _section(ROOT / "docs" / "testing.md", "## Before pushing: the quick check")
    assert QUICK in section
    first_cells = re.findall(r"^\| (`tests/.*?) \|", section, re.MULTILINE)
    named = {n for cell in first_cells for n in re.findall(r"`(tests/[\w/]+\.py)`", cell)}
    assert named == set(SLOW)


def test_the_readme_s_development_part_names_the_quick_check() -> None:
    readme = (ROOT / "README.md").read_text()
    assert QUICK in _section(ROOT / "README.md", "## Development")
    first_block = readme[readme.index("```") : readme.index("```", readme.index("```") + 3)]
    assert QUICK not in first_block  # CI runs that block as written: the whole suite


def _ci_settings() -> dict[str, str]:
    text = (ROOT / ".ci" / "run").read_text()
    return dict(re.findall(r"\b(COUP_\w+)=(\d+)\b", text))


@pytest.mark.parametrize("name", sorted(n for n in SLOW if n.startswith("tests/test_")))
def test_a_slow_check_says_what_ci_plays(name: str) -> None:
    doc = (ROOT / name).read_text().split('"""')[1]
    claims = re.findall(r"``(COUP_\w+)``[^;)]*?\(\d+ unless set; ``\.ci/run`` sets ([\d,]+)", doc)
    settings = _ci_settings()
    for variable, number in claims:
        assert settings.get(variable) == number.replace(",", ""), f"{name}: {variable}"
