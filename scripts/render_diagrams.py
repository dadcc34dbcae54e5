"""Render the Mermaid diagrams of the docs to SVG files, so that the site shows them offline.

    python scripts/render_diagrams.py --mermaid PATH/TO/mermaid.min.js

For each ``docs/**/*.mmd`` file it writes the ``.svg`` beside it, rendered by Mermaid in headless
Chromium (Playwright with Debian's /usr/bin/chromium), and records the source's SHA-256 in the
SVG so that ``tests/test_release_docs.py`` can tell when a diagram is stale. Mermaid itself
(``npm install mermaid``) is needed only here, never when the site is read.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
CHROMIUM = "/usr/bin/chromium"


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
