"""Build the web table's rules card (coup_rules/web/static/rules.html) from the specification.

The card is the summary table of docs/spec/actions.md and the first paragraph of a few rules
(the actions, the windows, challenges, losing influence), taken from the spec's own text, so
the card says what the spec says. tests/web/test_web_rules_card.py fails when the card and
the spec drift apart; rebuild it with:

    python scripts/rules_card.py --write
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "docs" / "spec"
CARD = ROOT / "coup_rules" / "web" / "static" / "rules.html"

RULES = (
    ("actions.md", "R-ACT-1", "R-ACT-2", "R-ACT-3", "R-ACT-4", "R-ACT-5", "R-ACT-6", "R-ACT-7"),
    ("windows.md", "R-WIN-2", "R-WIN-3", "R-WIN-5"),
    ("challenges.md", "R-CHAL-1", "R-CHAL-3", "R-CHAL-4"),
    ("influence.md", "R-INF-1", "R-INF-4"),
)
"""Per spec page, the rules whose first paragraph the card quotes, in order."""


def _plain(markdown: str) -> str:
    """Markdown inline text as HTML text: links and emphasis dropped, the rest escaped."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(
        r"\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`", lambda m: next(g for g in m.groups() if g), text
    )
    return html.escape(" ".join(text.split()), quote=False)


def _summary_table(page: str) -> str:
    lines = [line for line in page.splitlines() if line.startswith("|")]
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]
    head, body = rows[0], rows[2:]
    out = [
        "<table>",
        "<thead><tr>" + "".join(f"<th>{_plain(c)}</th>" for c in head) + "</tr></thead>",
    ]
    out.append("<tbody>")
    out += ["<tr>" + "".join(f"<td>{_plain(c)}</td>" for c in row) + "</tr>" for row in body]
    out.append("</tbody></table>")
    return "\n".join(out)


def _first_paragraph(page: str, rule: str) -> tuple[str, str]:
    match = re.search(rf"^### {rule} (.+?) \{{#{rule}\}}\n\n(.+?)\n\n", page, re.M | re.S)
    if match is None:
        raise SystemExit(f"{rule}: not found in the spec")
    return match.group(1), match.group(2)


def build() -> str:
    """The card's HTML."""
    actions = (SPEC / "actions.md").read_text(encoding="utf-8")
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8"><title>Coup: rules card</title>',
        '<link rel="stylesheet" href="/static/style.css"></head><body class="lobby">',
        "<!-- Built by scripts/rules_card.py from docs/spec/: do not edit by hand. -->",
        '<main><section id="card">',
        "<h2>Actions</h2>",
        _summary_table(actions.split("### ", 1)[0]),
        "<h2>Rules</h2>",
        "<dl>",
    ]
    for page_name, *rules in RULES:
        page = (SPEC / page_name).read_text(encoding="utf-8")
        for rule in rules:
            title, text = _first_paragraph(page, rule)
            parts.append(f"<dt>{_plain(title)} <small>({rule})</small></dt><dd>{_plain(text)}</dd>")
    parts += ["</dl>", "</section></main></body></html>", ""]
    return "\n".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {CARD.relative_to(ROOT)}")
    args = parser.parse_args()
    card = build()
    if args.write:
        CARD.write_text(card, encoding="utf-8")
        print(f"wrote {CARD.relative_to(ROOT)}")
        return 0
    if CARD.read_text(encoding="utf-8") != card:
        print(f"{CARD.relative_to(ROOT)} is out of date: run python scripts/rules_card.py --write")
        return 1
    print(f"{CARD.relative_to(ROOT)} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
