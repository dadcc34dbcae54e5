"""The web table's rules card is built from the specification and says what it says."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tests.web.support import ROOT


def _card_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rules_card", ROOT / "scripts" / "rules_card.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shipped() -> str:
    """The card as the installed package serves it (the tests may run against a wheel)."""
    import coup_rules.web

    return (Path(coup_rules.web.__file__).parent / "static" / "rules.html").read_text("utf-8")


def test_the_rules_card_is_the_one_built_from_the_spec() -> None:
    card = _card_script()
    assert _shipped() == card.build(), (
        "coup_rules/web/static/rules.html is out of date: run python scripts/rules_card.py --write"
    )


def test_the_rules_card_quotes_the_spec_rules_it_names() -> None:
    text = _shipped()
    assert "The actor claims the Duke and takes 3 coins from the Treasury." in text
    assert "(R-CHAL-1)" in text and "<td>Assassinate</td>" in text
