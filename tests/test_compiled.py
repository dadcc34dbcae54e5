"""The compiled build (``COUP_RULES_COMPILE=1``) behaves exactly as the pure-Python package.

The whole test suite runs on both builds (``.ci/run``). This file adds what a single build cannot
show by itself: ``coup_rules.COMPILED`` tells the truth about the running build, and, through
``scripts/differential.py``, seeded random games of every variant played in this build match,
state for state and legal move for legal move, a record made by the other build.
``COUP_RULES_DIFFERENTIAL_RECORD`` names that record (``.ci/run`` sets it); without it the
comparison with the other build is skipped, and only the script itself is tested.
"""

from __future__ import annotations

import fnmatch
import importlib
import importlib.util
import json
import os
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

import coup_rules

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "differential.py"
RECORD_VARIABLE = "COUP_RULES_DIFFERENTIAL_RECORD"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("coup_differential", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    saved, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ in scripts/
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = saved
    return module


differential = _load_script()


def _listed_modules() -> list[str]:
    """The modules pyproject.toml lists for compilation, as found beside the imported package."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    compile_ = settings["tool"]["coup_rules"]["compile"]
    base = Path(coup_rules.__file__).resolve().parent.parent
    names = []
    for pattern in compile_["modules"]:
        for path in sorted(base.glob(pattern)):
            rel = path.relative_to(base).as_posix()
            if not any(fnmatch.fnmatch(rel, e) for e in compile_.get("exclude", [])):
                names.append(rel.removesuffix(".py").removesuffix("/__init__").replace("/", "."))
    return names


def test_compiled_tells_which_build_runs() -> None:
    """COMPILED is true exactly when every module listed for compilation is an extension module."""
    modules = _listed_modules()
    assert modules, "pyproject.toml lists no module to compile"
    extension = {
        name: (importlib.import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        for name in modules
    }
    assert type(coup_rules.COMPILED) is bool
    assert "COMPILED" in coup_rules.__all__
    assert set(extension.values()) == {coup_rules.COMPILED}, extension


def test_the_source_tree_is_pure_python() -> None:
    """Imported from the source tree (an editable install), the package is never compiled."""
    package = Path(coup_rules.__file__).resolve().parent
    if package != ROOT / "coup_rules":
        pytest.skip(f"testing an installed build ({package}), not the source tree")
    assert coup_rules.COMPILED is False


def test_a_record_replays_identically_in_the_same_build(tmp_path: Path) -> None:
    """The script's own check: record one game per variant and check it in the same build."""
    path = tmp_path / "record.jsonl"
    n_games, n_steps = differential.record(path, per_variant=1)
    assert n_games == len(differential.PLAYERS) * len(differential.VARIANTS)
    head, checked, problems = differential.check(path)
    assert problems == []
    assert checked == n_steps
    assert head["build"] == ("compiled" if coup_rules.COMPILED else "pure")
    _, _, problems = differential.check(path, other_build=True)
    assert problems and "must come from the other build" in problems[0]


def test_a_difference_is_reported(tmp_path: Path) -> None:
    """A record that differs in one coin of one state fails the check, naming game and step."""
    path = tmp_path / "record.jsonl"
    differential.record(path, per_variant=1)
    lines = path.read_text(encoding="utf-8").splitlines()
    step = json.loads(lines[5])
    assert '"treasury": ' in step["state"]
    step["state"] = step["state"].replace('"treasury": ', '"treasury": 1', 1)
    lines[5] = json.dumps(step)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, _, problems = differential.check(path)
    assert len(problems) == 1
    assert problems[0].startswith(f"game {step['game']}, step {step['step']}: state differs")


@pytest.mark.skipif(
    not os.environ.get(RECORD_VARIABLE),
    reason=f"{RECORD_VARIABLE} names no record of the other build (.ci/run sets it)",
)
def test_matches_the_other_build() -> None:
    """Every state (log included), ``to_act`` and legal move list of the record's seeded random
    games (10 of each of 2, 4 and 6 players in the base game, with the Inquisitor, with
    Reformation and with both) equals what the other build recorded."""
    path = Path(os.environ[RECORD_VARIABLE])
    head, checked, problems = differential.check(path, other_build=True)
    assert not problems, "\n".join(problems)
    assert head["build"] != ("compiled" if coup_rules.COMPILED else "pure")
    assert checked > 1000
