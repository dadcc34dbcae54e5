"""Golden playthroughs: whole games from fixed seeds must replay exactly as recorded.

``scripts/playthroughs.py`` deals each case with ``new_game(config, seed=seed)`` (R-SETUP-5) and
plays it to the end with a chooser driven by ``random.Random(seed)``; the files under
``tests/playthroughs/`` record every step (turn, decision pending, ``to_act``, the number of legal
moves, the move) and the final log. Regenerating them in memory pins the random stream (R-INFO-5)
and the behaviour of the rules from one version to the next.
"""

from __future__ import annotations

import difflib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "playthroughs.py"
MAX_BYTES = 60_000

HOW_TO_FIX = (
    "If the change is intended, rerun `python scripts/playthroughs.py --write` and review the "
    "diff. If the random stream of a seed changed (a different deal or draw for the same seed "
    "and moves, R-INFO-5), that is a breaking change: announce it in CHANGELOG.md (see "
    "docs/versioning.md)."
)


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("coup_playthroughs", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    saved, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ in scripts/
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = saved
    return module


playthroughs = _load_script()
CASES = {case.name: case for case in playthroughs.CASES}


def _diff(old: str, new: str, name: str) -> str:
    lines = list(
        difflib.unified_diff(
            old.splitlines(), new.splitlines(), f"{name} (file)", f"{name} (now)", lineterm=""
        )
    )
    shown = "\n".join(lines[:40])
    more = f"\n... {len(lines) - 40} more diff lines" if len(lines) > 40 else ""
    return shown + more


@pytest.mark.parametrize("name", list(CASES))
def test_playthrough_replays_as_recorded(name: str) -> None:
    """R-INFO-5, R-SETUP-5: the seeded deal and the seeded game match the golden file."""
    case = CASES[name]
    path: Path = case.path
    rel = path.relative_to(ROOT)
    assert path.exists(), f"{rel} is missing. {HOW_TO_FIX}"
    old = path.read_text(encoding="utf-8")
    new = playthroughs.expected_text(case)
    if old != new:
        pytest.fail(
            f"{rel} differs from the game played now:\n{_diff(old, new, name)}\n\n{HOW_TO_FIX}"
        )


def test_every_golden_file_belongs_to_a_case() -> None:
    """R-INFO-5: no stale golden file lies around unchecked."""
    stray = [p.relative_to(ROOT).as_posix() for p in playthroughs.stray_files()]
    assert not stray, f"no case of scripts/playthroughs.py writes {stray}: delete or add a case"


@pytest.mark.parametrize("name", list(CASES))
def test_golden_file_stays_small(name: str) -> None:
    """R-INFO-5: each golden file stays small enough to review (pick a seed with a shorter game)."""
    size = CASES[name].path.stat().st_size
    assert size <= MAX_BYTES, f"{name}: {size} bytes > {MAX_BYTES}"
