"""docs/architecture.md's recipes for adding an action and a decision stay complete (issues 20, 40).

Every module that names all the turn actions (or all the decisions), or all but one, has a
``match``, a list or a policy that a new one must join (or, one short, one that a half-carried
extension has not reached yet), so the recipe must name it; and every file a recipe names
exists. The
compiled forms (``coup_rules/vector``, ``coup_rules/jax``) name them by number, ``A_INCOME`` ...
and ``D_ACTION`` ... of ``coup_rules/vector/fields.py``, read here from its text (the scan needs
no numba).
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

import coup_rules
from coup_rules import ActionMove, Pending

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"
PACKAGE = Path(coup_rules.__file__).resolve().parent  # the installed one on the compiled build
SOURCES = {"coup_rules": PACKAGE, "tests/oracle": ROOT / "tests" / "oracle"}


def _file(name: str) -> Path:
    """Where the file the page calls ``name`` is (the package may be installed elsewhere)."""
    if name.startswith("coup_rules/"):
        return PACKAGE / name.removeprefix("coup_rules/")
    return ROOT / name


def _recipe(start: str, end: str) -> str:
    text = PAGE.read_text()
    return text[text.index(start) : text.index(end)]


def _numbers(prefix: str) -> list[str]:
    """The names ``coup_rules/vector/fields.py`` gives the compiled numbers of ``prefix``."""
    text = (PACKAGE / "vector" / "fields.py").read_text()
    return [n for n in re.findall(rf"^({prefix}_\w+) = ", text, re.MULTILINE) if n != "D_NONE"]


RECIPES = {
    "action": (
        _recipe("To add a **turn action**:", "To add a **decision**:"),
        [[c.__name__ for c in typing.get_args(ActionMove)], _numbers("A")],
    ),
    "decision": (
        _recipe("To add a **decision**:", "### The extension experiment"),
        [[c.__name__ for c in typing.get_args(Pending)], _numbers("D")],
    ),
}


def _modules_naming_all(names: list[str]) -> list[str]:
    """The source files that name every one of ``names`` or all but one, relative to the
    repository."""
    found = []
    for prefix, folder in SOURCES.items():
        for path in sorted(folder.rglob("*.py")):
            text = path.read_text()
            if sum(bool(re.search(rf"\b{name}\b", text)) for name in names) >= len(names) - 1:
                found.append(f"{prefix}/{path.relative_to(folder).as_posix()}")
    return found


@pytest.mark.parametrize(("what", "prefix"), [("action", "A"), ("decision", "D")])
def test_coup_rules_vector_fields_names_every_number(what: str, prefix: str) -> None:
    _, (classes, numbers) = RECIPES[what]
    assert len(numbers) == len(classes), (
        f"coup_rules/vector/fields.py names {len(numbers)} {what} numbers for {len(classes)} "
        f"{what} classes: give the new one its name, {prefix}_..."
    )


@pytest.mark.parametrize("what", sorted(RECIPES))
def test_the_recipe_names_every_module_that_names_them_all(what: str) -> None:
    recipe, spellings = RECIPES[what]
    modules = sorted({m for names in spellings for m in _modules_naming_all(names)})
    assert modules, "the scan found nothing: is the source tree here?"
    assert any(m.startswith("coup_rules/jax/") for m in modules), "the scan misses coup_rules/jax"
    missing = [m for m in modules if m not in recipe]
    assert not missing, f"docs/architecture.md's recipe to add a {what} omits {missing}"


@pytest.mark.parametrize("what", sorted(RECIPES))
def test_every_file_a_recipe_names_exists(what: str) -> None:
    recipe, _ = RECIPES[what]
    named = set(re.findall(r"`((?:coup_rules|tests|scripts)/[\w/]+\.py)`", recipe))
    assert named
    assert not [n for n in sorted(named) if not _file(n).is_file()]
