"""``import coup_rules`` loads what playing a game needs, and the rest on first use (issue 40).

The JSON converter (cattrs), the validators, the determinizer, the narration and the notation
are about half of the package's import; ``coup_rules.__getattr__`` imports each of their modules
when one of its public names is first asked for. ``benchmarks/callgrind.py``'s figures and
docs/performance.md say what the import costs.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import coup_rules

LAZY_MODULES = tuple(coup_rules._LAZY)


def _loaded_after(code: str) -> set[str]:
    """The modules of ``LAZY_MODULES`` (and cattrs) that a fresh interpreter has loaded after
    running ``code``."""
    probe = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True
    ).stdout
    return set(out.split()) & {*LAZY_MODULES, "cattrs", "random", "secrets"}


def test_importing_the_package_loads_none_of_the_lazy_modules() -> None:
    assert _loaded_after("import coup_rules") == set()


def test_playing_a_game_loads_none_of_them() -> None:
    game = (
        "import random\n"
        "from coup_rules import Config, new_game, playout, view\n"
        "state = playout(new_game(Config(players=3), seed=1), random.Random(1))\n"
        "view(state, 0)\n"
    )
    assert _loaded_after(game) == {"random"}


def test_asking_for_a_lazy_name_loads_its_module_only() -> None:
    assert _loaded_after("from coup_rules import describe_move") == {"coup_rules.narrate"}


def test_the_json_converter_is_built_on_first_use() -> None:
    code = (
        "from coup_rules import Config, to_json\n"
        "from coup_rules.serde import converter\n"
        "assert converter.cache_info().currsize == 0, 'built at import'\n"
        "to_json(Config())\n"
        "assert converter.cache_info().currsize == 1\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def _type_checking_imports() -> dict[str, tuple[str, ...]]:
    """The names ``coup_rules/__init__.py`` imports under ``if TYPE_CHECKING:``, by module."""
    tree = ast.parse((Path(coup_rules.__file__).parent / "__init__.py").read_text())
    found: dict[str, tuple[str, ...]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for item in node.body:
                assert isinstance(item, ast.ImportFrom) and item.module is not None
                found[item.module] = tuple(alias.name for alias in item.names)
    return found


def test_the_lazy_table_is_the_type_checking_imports() -> None:
    """The type checker and the documentation read the imports; ``__getattr__`` the table."""
    assert _type_checking_imports() == coup_rules._LAZY


@pytest.mark.parametrize("module", LAZY_MODULES)
def test_every_lazy_name_is_its_modules_object_and_exported(module: str) -> None:
    home = importlib.import_module(module)
    for name in coup_rules._LAZY[module]:
        assert getattr(coup_rules, name) is getattr(home, name)
        assert name in coup_rules.__all__


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'to_yaml'"):
        coup_rules.to_yaml  # type: ignore[attr-defined]  # noqa: B018
