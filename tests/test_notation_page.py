"""The notation page (docs/reference/notation.md) is generated from the notation's own table,
and every example on it is run (API)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import coup_rules
from coup_rules import Exchange, format_move, parse_move
from coup_rules.notation import NOTATION

ROOT = Path(__file__).resolve().parent.parent


def _generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "notation_page", ROOT / "scripts" / "notation_page.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("notation_page", module)
    spec.loader.exec_module(module)
    return module


page = _generator()


def test_the_page_is_generated_from_the_table() -> None:
    """API: the checked-in page is what the generator writes from NOTATION today."""
    assert page.PAGE.read_text(encoding="utf-8") == page.page(), (
        f"docs/reference/notation.md is stale: run `{page.COMMAND}`"
    )


def test_every_verb_has_a_row() -> None:
    """API: each verb of the notation appears on the page with its form."""
    text = page.PAGE.read_text(encoding="utf-8")
    for verb in NOTATION:
        assert f"| `{verb.word}` | `{verb.form}` |" in text


def test_every_example_on_the_page_reads_as_its_move() -> None:
    """API: each row's example text parses to the move shown beside it, and back."""
    text = page.PAGE.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `\w+` \| `[^`]+` \| [^|]* \| `([^`]+)` \| `([^`]+)` \|", text, re.M)
    assert len(rows) == len(NOTATION)
    names = {name: getattr(coup_rules, name) for name in coup_rules.__all__}
    for example, shown in rows:
        move = eval(shown, names)  # the page's own repr of the move
        assert parse_move(example) == move
        assert format_move(move) == example


def test_every_alias_on_the_page_reads_as_its_verb() -> None:
    """API: each alias the page lists is read as its verb."""
    for verb in NOTATION:
        for alias in verb.aliases:
            text = format_move(verb.example).replace(verb.word, alias, 1)
            assert parse_move(text) == verb.example


def test_the_python_block_of_the_page_runs() -> None:
    """API: the page's code example runs as written."""
    text = page.PAGE.read_text(encoding="utf-8")
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, str(page.PAGE), "exec"), {})


def test_each_game_says_its_own_exchanger_r_act_7() -> None:
    """R-ACT-7, R-INQ-1: the Exchange row says the Ambassador for the base game and the
    Inquisitor for the Inquisitor variant, each from its game's own config."""
    text = page.PAGE.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `exchange` |"))
    for name, config in page.GAMES:
        said = f"*{name}:* Exchange cards with the Court (claims the {config.exchanger.title})"
        assert said in row
    assert {config.exchanger.title for _, config in page.GAMES} == {"Ambassador", "Inquisitor"}


def test_a_move_worded_alike_in_every_game_has_one_meaning() -> None:
    """API: where the games word a move alike (every verb but ``exchange``), its row gives
    the words once, not once per game."""
    assert page.means(Exchange(0)).count("<br>") == len(page.GAMES) - 1
    for verb in NOTATION:
        if verb.word != "exchange":
            assert "<br>" not in page.means(verb.example)


def test_the_check_option_passes_on_the_checked_in_page() -> None:
    """API: ``--check`` exits 0 while the page is what the generator writes."""
    assert page.main(["--check"]) == 0
