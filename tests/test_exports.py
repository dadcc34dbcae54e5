"""Every public class is exported from ``coup_rules`` and documented (issue 20).

The API modules are the ones ``coup_rules/__init__.py`` imports from. Every class in one of
their ``__all__`` is importable from ``coup_rules`` itself, unless it is one of the engine's own
compact forms named below; and everything ``coup_rules`` exports has a docstring, which the API
page of the documentation renders.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import coup_rules

ENGINE_ONLY = {
    "coup_rules.state.Core": "the engine's compact position, behind GameState.core",
    "coup_rules.state.Seat": "a seat of Core",
}
"""Classes of the API modules that are the engine's own, with why they are not exported."""

UNLISTED = {
    "coup_rules.serde.StatePayload": "the JSON layout of a GameState, read by schema.py",
    "coup_rules.notation.Verb": "a row of notation.NOTATION, read by the notation page's script",
    "coup_rules.notation.Argument": "a field of notation.Verb",
}
"""Classes of the API modules that are not in their module's ``__all__``, with why."""


def _api_modules() -> list[str]:
    """The modules ``coup_rules/__init__.py`` imports public names from."""
    source = (Path(coup_rules.__file__).parent / "__init__.py").read_text()
    tree = ast.parse(source)
    return sorted(
        {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            and node.module is not None
            and node.module.startswith("coup_rules.")
        }
    )


def test_the_api_modules_are_found() -> None:
    modules = _api_modules()
    assert "coup_rules.state" in modules and "coup_rules.moves" in modules


def test_every_public_class_of_the_api_modules_is_exported() -> None:
    missing = []
    for name in _api_modules():
        module = importlib.import_module(name)
        for public in getattr(module, "__all__", ()):
            obj = getattr(module, public)
            if not inspect.isclass(obj) or obj.__module__ != name:
                continue
            if f"{name}.{public}" in ENGINE_ONLY:
                continue
            if getattr(coup_rules, public, None) is not obj or public not in coup_rules.__all__:
                missing.append(f"{name}.{public}")
    assert not missing, f"public classes not exported from coup_rules: {missing}"


def test_every_class_of_the_api_modules_is_public_or_private_by_name() -> None:
    """A class defined in an API module is in its ``__all__`` or has a leading underscore, so a
    new move, event or decision cannot be left out of the exports unnoticed."""
    unlisted = []
    for name in _api_modules():
        module = importlib.import_module(name)
        listed = set(getattr(module, "__all__", ()))
        for attr, obj in vars(module).items():
            public = inspect.isclass(obj) and obj.__module__ == name and attr[0] != "_"
            if public and attr not in listed and f"{name}.{attr}" not in UNLISTED:
                unlisted.append(f"{name}.{attr}")
    assert not unlisted, f"classes neither in __all__ nor private: {unlisted}"


def test_every_export_is_documented() -> None:
    undocumented = []
    for public in coup_rules.__all__:
        obj = getattr(coup_rules, public)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        doc = inspect.getdoc(obj) or ""
        if not doc.strip() or "mypyc filler docstring" in doc:
            undocumented.append(public)
    assert not undocumented, f"exported without a docstring: {undocumented}"


def test_every_export_exists() -> None:
    for public in coup_rules.__all__:
        assert hasattr(coup_rules, public), public
