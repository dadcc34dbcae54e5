"""Write docs/reference/notation.md from ``coup_rules.notation.NOTATION``, the table that
``parse_move`` and ``format_move`` read.

    python scripts/notation_page.py           # print the page
    python scripts/notation_page.py --write   # rewrite docs/reference/notation.md
    python scripts/notation_page.py --check   # exit 1 if the page is stale

The "means" column is ``describe_move``'s menu line in each game of ``GAMES``: one text where
they agree, one per game where they differ (Exchange claims the Ambassador in the base game and
the Inquisitor with the Inquisitor). ``tests/test_notation_page.py`` fails when the page is
stale and runs every example on it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from coup_rules import Config, Move, describe_move
from coup_rules.notation import FILLERS, NOTATION, format_move

PAGE = Path(__file__).resolve().parent.parent / "docs" / "reference" / "notation.md"
COMMAND = "python scripts/notation_page.py --write"

GAMES: tuple[tuple[str, Config], ...] = (
    ("base game", Config(players=4)),
    ("Inquisitor variant", Config(players=4, inquisitor=True)),
)
"""The games whose words the page gives, by name. The Reformation changes no move's words, and
``describe_move`` words its moves (Convert, Embezzle) in any game."""


def means(move: Move) -> str:
    """The "means" cell of ``move``: its menu line, or one per game where the games differ."""
    words = {name: describe_move(move, config) for name, config in GAMES}
    if len(set(words.values())) == 1:
        return next(iter(words.values()))
    return "<br>".join(f"*{name}:* {text}" for name, text in words.items())


def page() -> str:
    """The page's Markdown."""
    rows = []
    for verb in NOTATION:
        aliases = ", ".join(f"`{a}`" for a in verb.aliases) or ""
        rows.append(
            f"| `{verb.word}` | `{verb.form}` | {aliases} | `{format_move(verb.example)}` "
            f"| `{verb.example!r}` | {means(verb.example)} |"
        )
    fillers = ", ".join(f"`{w}`" for w in sorted(FILLERS))
    return "\n".join(
        [
            "# Move notation",
            "",
            f"<!-- Generated from coup_rules.notation.NOTATION by `{COMMAND}`: do not edit. -->",
            "",
            "Every move can be written as a short line of text: its seat (`p` and the seat",
            "number), a verb, then the verb's argument if it has one. `format_move(move)` writes",
            "it, `parse_move(text)` reads it back, and `parse_move(format_move(m)) == m` for every",
            "move. Logs, replays, the `coup-rules play` prompt and the tests all use it.",
            "",
            "```python",
            "from coup_rules import Steal, format_move, parse_move",
            "",
            'assert parse_move("p1 steal p0") == Steal(player=1, target=0)',
            'assert format_move(Steal(1, 0)) == "p1 steal p0"',
            "```",
            "",
            "## Every verb",
            "",
            "`pN` is a seat (`p0`, `p3`), `CARD` a character (`duke`, `assassin`, `captain`,",
            "`ambassador`, `contessa`, `inquisitor`), `SIDE` an allegiance (`loyalist`,",
            "`reformist`). The last column is the move as",
            "`describe_move` words it in a menu, in the base game and in the Inquisitor variant",
            "where the two differ. Every example on this page is run by the tests.",
            "",
            "| verb | form | also read | example | the move | means |",
            "| --- | --- | --- | --- | --- | --- |",
            *rows,
            "",
            "## What `parse_move` also reads",
            "",
            "`format_move` writes one canonical form: lower case, single spaces, `_` inside a",
            "verb, the cards of `keep` in canonical order. `parse_move` is kinder to a person",
            "typing:",
            "",
            "- any letter case and any number of spaces; `-` or a space in place of `_`",
            "  (`p2 Foreign-Aid`, `p0 give back`);",
            "- the aliases of the table above (`p2 fa`, `p3 pass`);",
            f"- the small words {fillers} anywhere after the verb (`p1 steal from p0`,",
            "  `p1 block with the captain`, `p0 keep duke and captain`);",
            "- a character by the first three letters or more of its name (`p1 block cap`);",
            "  fewer, or letters that fit two characters, are refused.",
            "",
            "Text that is no move raises `ValueError` with a message that says what was expected.",
            "A parsed move is not necessarily legal: `apply` still checks it, and",
            "`parse_move(text, state)` also checks that the seats sit at that table and the",
            "characters are in its deck.",
            "",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite docs/reference/notation.md")
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    args = parser.parse_args(argv)
    if args.check:
        if PAGE.read_text(encoding="utf-8") != page():
            print(f"{PAGE} is stale: run `{COMMAND}`", file=sys.stderr)
            return 1
        print(f"{PAGE} is up to date")
        return 0
    if args.write:
        PAGE.write_text(page(), encoding="utf-8")
        print(f"wrote {PAGE}")
    else:
        sys.stdout.write(page())
    return 0


if __name__ == "__main__":
    sys.exit(main())
