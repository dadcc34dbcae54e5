"""Render the Mermaid diagrams of the docs to SVG files, so that the site shows them offline.

    python scripts/render_diagrams.py --mermaid PATH/TO/mermaid.min.js

For each ``docs/**/*.mmd`` file it writes the ``.svg`` beside it, rendered by Mermaid in headless
Chromium (Playwright with Debian's /usr/bin/chromium), and records the source's SHA-256 in the
SVG so that ``tests/test_release_docs.py`` can tell when a diagram is stale. Mermaid itself
(``npm install mermaid``) is needed only here, never when the site is read.

A diagram is shown at most as wide as the page's text column, so a wide one is shrunk, and its
labels with it: the script refuses a diagram whose labels would be drawn smaller than
``MIN_LABEL_PX`` at that width (``label_px``; ``tests/test_diagrams.py`` checks the checked-in
SVGs the same way). Such a diagram is made narrower (shorter labels, fewer parallel arrows, or
split in two), not smaller.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
CHROMIUM = "/usr/bin/chromium"

COLUMN_PX = 688
"""The text column of a page in a 1280 px window (mkdocs-material's grid with the navigation and
the table of contents beside it; measured in Chromium, as tests/test_docs_width.py measures the
code blocks): an image is shown at most this wide."""

MIN_LABEL_PX = 10.0
"""The smallest a diagram's label may be drawn at ``COLUMN_PX``."""


def natural_size(svg: str) -> str:
    """``svg`` with its own width and height (its viewBox's) in place of Mermaid's
    ``width="100%"``: shown as an image, it is then drawn at its size, shrunk only where the
    column is narrower, never blown up to the column's width."""
    box = re.search(r'viewBox="[-0-9.]+ [-0-9.]+ ([0-9.]+) ([0-9.]+)"', svg)
    assert box is not None, "Mermaid wrote no viewBox"
    width, height = (round(float(v)) for v in box.groups())
    return svg.replace('width="100%"', f'width="{width}" height="{height}"', 1)


def label_px(svg: str) -> float:
    """How high a diagram's labels are drawn in the text column: Mermaid's font size, shrunk by
    the column's width over the diagram's own (the ``max-width`` Mermaid writes)."""
    width = float(re.search(r"max-width: *([0-9.]+)px", svg).group(1))  # type: ignore[union-attr]
    font = float(re.search(r"font-size: *([0-9.]+)px", svg).group(1))  # type: ignore[union-attr]
    return font * min(1.0, COLUMN_PX / width)


def digest(source: str) -> str:
    """The mark an SVG carries of the source it was rendered from."""
    return "mermaid-source-sha256:" + hashlib.sha256(source.encode()).hexdigest()


async def render(sources: list[Path], mermaid_js: Path) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = await browser.new_page()
        await page.set_content("<html><body></body></html>")
        await page.add_script_tag(content=mermaid_js.read_text(encoding="utf-8"))
        await page.evaluate("mermaid.initialize({startOnLoad: false, theme: 'neutral'})")
        for source in sources:
            text = source.read_text(encoding="utf-8")
            svg = await page.evaluate("async (t) => (await mermaid.render('diagram', t)).svg", text)
            if label_px(svg) < MIN_LABEL_PX:
                raise SystemExit(
                    f"{source.name}: its labels would be {label_px(svg):.1f} px high in a "
                    f"{COLUMN_PX} px column (at least {MIN_LABEL_PX:g}): make it narrower"
                )
            svg = natural_size(svg)
            target = source.with_suffix(".svg")
            target.write_text(f"<!-- {digest(text)} -->\n{svg}\n", encoding="utf-8")
            print(f"wrote {target.relative_to(DOCS.parent)}")
        await browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mermaid", type=Path, required=True, help="mermaid.min.js")
    args = parser.parse_args(argv)
    asyncio.run(render(sorted(DOCS.rglob("*.mmd")), args.mermaid))
    return 0


if __name__ == "__main__":
    sys.exit(main())
