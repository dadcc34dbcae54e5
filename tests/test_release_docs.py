"""What a newcomer meets first: the README, the home page, the diagrams, the examples (API)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_home_page_opens_with_install_code_and_a_picture() -> None:
    """API: install lines, then a short example, then a picture of the table, before any prose."""
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(\w+)\n(.*?)```", text, re.S)
    assert blocks[0][0] == "bash" and "\npip install " in blocks[0][1]  # after the pinned REF=
    assert blocks[1][0] == "python" and len(blocks[1][1].strip().splitlines()) <= 12
    image = re.search(r"!\[[^\]]+\]\((img/[^)]+\.png)\)", text)
    assert image and (DOCS / image.group(1)).is_file()
    assert text.index(image.group(0)) < text.index("## Why")


def test_the_home_page_example_runs() -> None:
    """API: the home page's example plays a game to its end and names the winner."""
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", text, re.S)[0]
    printed: list[str] = []
    exec(compile(code, "docs/index.md", "exec"), {"print": printed.append})
    assert re.fullmatch(r"Seat \d wins!", printed[0])


def test_no_page_needs_a_script_from_the_network_for_a_diagram() -> None:
    """API: no page holds a Mermaid block (rendered in the browser from a CDN): diagrams are
    SVG files drawn beforehand."""
    for page in DOCS.rglob("*.md"):
        assert "```mermaid" not in page.read_text(encoding="utf-8"), page


def test_every_diagram_is_drawn_from_its_current_source() -> None:
    """API: each .mmd source has its .svg, rendered from this very source (its SHA-256 mark);
    after a change run scripts/render_diagrams.py."""
    sources = sorted(DOCS.rglob("*.mmd"))
    assert sources
    for source in sources:
        svg = source.with_suffix(".svg").read_text(encoding="utf-8")
        mark = hashlib.sha256(source.read_text(encoding="utf-8").encode()).hexdigest()
        assert f"mermaid-source-sha256:{mark}" in svg.splitlines()[0], (
            f"{source.name} changed: run python scripts/render_diagrams.py --mermaid mermaid.min.js"
        )
        assert "<script" not in svg


def test_the_examples_are_linked_from_the_readme_and_getting_started() -> None:
    """API: a newcomer finds examples/ from both entry points."""
    guide = (DOCS / "guide" / "getting-started.md").read_text(encoding="utf-8")
    assert "](examples/)" in README
    assert "tree/main/examples)" in guide
    for script in sorted((ROOT / "examples").glob("*.py")):
        assert script.name in guide


def test_the_readme_names_the_notation() -> None:
    """API: the README names parse_move and format_move and links the notation page."""
    assert "parse_move" in README and "format_move" in README
    assert "docs/reference/notation.md" in README


def _latest_release() -> str:
    """The newest released version of CHANGELOG.md: its first ``## [X.Y.Z] - date`` heading."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    found = re.search(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", text, re.M)
    assert found, "CHANGELOG.md names no release"
    return found.group(1)


def test_the_readme_says_how_to_install_today_and_once_published() -> None:
    """API: a git URL pinned at the release commit (tags do not travel with every copy), the same
    as a dependency line, and the PyPI forms; .ci/run resolves the pin with git rev-parse and
    checks that the pinned commit's version is the latest release."""
    pin = re.search(r"coup_rules@([0-9a-f]{40})\b", README)
    assert pin, "the README pins a release commit by its hash"
    url = f"git+https://github.com/coup-rules/coup_rules@{pin.group(1)}"
    assert f'pip install "coup-rules @ {url}"' in README
    assert f'dependencies = ["coup-rules @ {url}"]' in README
    assert f"release {_latest_release()}" in README
    assert "`pip install coup-rules`" in README


def test_between_releases_the_version_is_the_next_minor_dev0() -> None:
    """Versioning: ``__version__`` is the latest release (on the release commit) or the next
    minor version with ``.dev0`` (on the commits after it)."""
    from coup_rules import __version__

    major, minor, _ = (int(part) for part in _latest_release().split("."))
    assert __version__ in (_latest_release(), f"{major}.{minor + 1}.0.dev0")


def test_the_readme_repeats_the_performance_pages_figures() -> None:
    """API: the speed figures of the README are the performance page's, word for word."""
    page = (DOCS / "performance.md").read_text(encoding="utf-8")
    figures = re.search(r"<!-- figures -->\n(.*?)<!-- /figures -->", page, re.S)
    assert figures, "docs/performance.md marks its figures with <!-- figures -->"
    assert figures.group(1).strip() in README
