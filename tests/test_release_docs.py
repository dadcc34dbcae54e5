"""What a newcomer meets first: the README, the home page, the diagrams, the examples (API)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_home_page_opens_with_install_code_and_a_picture() -> None:
    """API: install line, then a short example, then a picture of the table, before any prose."""
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(\w+)\n(.*?)```", text, re.S)
    assert blocks[0][0] == "bash" and blocks[0][1].startswith("pip install ")
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


def test_the_readme_says_how_to_install_today_and_once_published() -> None:
    """API: a git URL with the release tag, the same as a dependency line, and the PyPI forms."""
    from coup_rules import __version__

    tag = f"@v{__version__}"
    assert f'pip install "coup-rules @ git+https://github.com/coup-rules/coup_rules{tag}"' in README
    assert f'dependencies = ["coup-rules @ git+https://github.com/coup-rules/coup_rules{tag}"]' in (
        README
    )
    assert "`pip install coup-rules`" in README


def test_the_readme_repeats_the_performance_pages_figures() -> None:
    """API: the speed figures of the README are the performance page's, word for word."""
    page = (DOCS / "performance.md").read_text(encoding="utf-8")
    figures = re.search(r"<!-- figures -->\n(.*?)<!-- /figures -->", page, re.S)
    assert figures, "docs/performance.md marks its figures with <!-- figures -->"
    assert figures.group(1).strip() in README
