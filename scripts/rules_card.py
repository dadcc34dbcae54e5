"""Build the web table's rules cards (coup_rules/web/static/rules*.html) from the specification.

Each card is the summary table of docs/spec/actions.md and the first paragraph of a few rules
(the actions, the forced Coup, the windows, challenges, losing influence), taken from the spec's
own text, so the card says what the spec says. There is one card per variant of the game
(``card_name``): the base game's (``rules.html``), and those of the Inquisitor, of the
Reformation and of both, which add the rules of their expansion (the Inquisitor's Examine, the
allegiances, Convert, Embezzle). The table's page opens the card of its game's config.
tests/web/test_web_rules_card.py fails when a card and the spec drift apart; rebuild them with:

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
STATIC = ROOT / "coup_rules" / "web" / "static"
CARD = STATIC / "rules.html"

RULES = (
    ("actions.md", "R-ACT-1", "R-ACT-2", "R-ACT-3", "R-ACT-4", "R-ACT-5", "R-ACT-6", "R-ACT-7"),
    ("turn.md", "R-TURN-2"),
    ("windows.md", "R-WIN-2", "R-WIN-3", "R-WIN-5"),
    ("challenges.md", "R-CHAL-1", "R-CHAL-3", "R-CHAL-4"),
    ("influence.md", "R-INF-1", "R-INF-4"),
)
"""Per spec page, the rules whose first paragraph every card quotes, in order."""

INQUISITOR = (("inquisitor.md", "R-INQ-1", "R-INQ-2", "R-INQ-3", "R-INQ-4", "R-INQ-5", "R-INQ-6"),)
"""The rules an Inquisitor game's card adds."""

REFORMATION = (
    (
        "reformation.md",
        "R-REF-1",
        "R-REF-2",
        "R-REF-3",
        "R-REF-4",
        "R-REF-6",
        "R-REF-7",
        "R-REF-8",
        "R-REF-9",
    ),
)
"""The rules a Reformation game's card adds."""

VARIANTS = ((False, False), (True, False), (False, True), (True, True))
"""Every ``(inquisitor, reformation)`` a game may have: one card each."""


def card_name(inquisitor: bool, reformation: bool) -> str:
    """The file of the card for a game with these options (what table.js asks for)."""
    parts = ["rules"] + ["inquisitor"] * inquisitor + ["reformation"] * reformation
    return "-".join(parts) + ".html"


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


def _rules(groups: tuple[tuple[str, ...], ...]) -> list[str]:
    """The ``<dt>``/``<dd>`` of each rule of ``groups``, quoted from its spec page."""
    out = []
    for page_name, *rules in groups:
        page = (SPEC / page_name).read_text(encoding="utf-8")
        for rule in rules:
            title, text = _first_paragraph(page, rule)
            out.append(f"<dt>{_plain(title)} <small>({rule})</small></dt><dd>{_plain(text)}</dd>")
    return out


def build(inquisitor: bool = False, reformation: bool = False) -> str:
    """The HTML of the card of a game with these options."""
    actions = (SPEC / "actions.md").read_text(encoding="utf-8")
    variant = (
        " and ".join(["the Inquisitor"] * inquisitor + ["the Reformation"] * reformation)
        or "the base game"
    )
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8"><title>Coup: rules card</title>',
        '<link rel="stylesheet" href="/static/style.css"></head><body class="lobby">',
        "<!-- Built by scripts/rules_card.py from docs/spec/: do not edit by hand. -->",
        f'<main><section id="card" data-inquisitor="{int(inquisitor)}" '
        f'data-reformation="{int(reformation)}">',
        f'<p class="variant">This game: {variant}.</p>',
        "<h2>Actions</h2>",
        _summary_table(actions.split("### ", 1)[0]),
        "<h2>Rules</h2>",
        "<dl>",
        *_rules(RULES),
        "</dl>",
    ]
    if inquisitor:
        parts += ["<h2>The Inquisitor</h2>", "<dl>", *_rules(INQUISITOR), "</dl>"]
    if reformation:
        parts += ["<h2>The Reformation</h2>", "<dl>", *_rules(REFORMATION), "</dl>"]
    parts += ["</section></main></body></html>", ""]
    return "\n".join(parts)


def cards() -> dict[Path, str]:
    """Every card, by the file it is served from."""
    return {STATIC / card_name(i, r): build(i, r) for i, r in VARIANTS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the cards")
    args = parser.parse_args()
    stale = 0
    for path, card in cards().items():
        shown = path.relative_to(ROOT)
        if args.write:
            path.write_text(card, encoding="utf-8")
            print(f"wrote {shown}")
        elif not path.is_file() or path.read_text(encoding="utf-8") != card:
            print(f"{shown} is out of date: run python scripts/rules_card.py --write")
            stale += 1
        else:
            print(f"{shown} is up to date")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
