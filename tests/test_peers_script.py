"""scripts/peers.py, which measures another Coup engine against the conformance kit: its table
per rule id, its grouping of differences, and its walk past a case's first difference.

The peers themselves (treason, coup-online) are not in this repository; the walk is checked on
the project's own engine, and the treason adapter only where TREASON_DIR names a checkout.
"""

from __future__ import annotations

import copy
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from coup_rules.conformance import load_kit
from coup_rules.conformance.runner import EngineProcess

ROOT = Path(__file__).resolve().parent.parent
ENGINE = [sys.executable, "-m", "coup_rules", "engine"]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("peers_script", ROOT / "scripts" / "peers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("peers_script", module)
    spec.loader.exec_module(module)
    return module


peers = _script()


def _case(ident: str) -> dict[str, Any]:
    kit = load_kit()
    return next(c for c in kit.cases if c["id"] == ident)


def test_the_rule_table_lists_rule_ids_in_number_order() -> None:
    """R-ACT-2 comes before R-ACT-10, each row with its four counts."""
    counts = {"passed": 1, "failed": 2, "apart": 0, "skipped": 3}
    table = peers.rule_table({"rules": {"R-ACT-10": counts, "R-ACT-2": counts}})
    rows = table.splitlines()[2:]
    assert rows == ["| R-ACT-2 | 1 | 2 | 0 | 3 |", "| R-ACT-10 | 1 | 2 | 0 | 3 |"]


def test_a_difference_is_grouped_without_its_seats_numbers_and_cards() -> None:
    """Two differences that differ only in seat and card fall in one group."""
    one = peers.shape("legal moves missing: p0 lose duke, p0 lose captain")
    two = peers.shape("legal moves missing: p3 lose contessa, p3 lose assassin")
    assert one == two == "legal moves missing: pN lose CARD, pN lose CARD"


WALKED = ["steal-blocked-by-ambassador", "proved-tax-replaces-the-duke-then-the-challenger-loses"]


@pytest.mark.parametrize("ident", WALKED)
def test_walking_the_projects_own_engine_finds_no_difference(ident: str) -> None:
    """The library served over the protocol plays every step of a case as the kit recorded it."""
    with EngineProcess(ENGINE) as engine:
        engine.start()
        assert list(peers.walk(engine, _case(ident))) == []


def test_the_walk_goes_on_past_a_difference_while_the_moves_are_accepted() -> None:
    """A kit altered at its first step shows that difference, and the walk still ends the case
    (R-TURN-4: the kit names who acts)."""
    case = copy.deepcopy(_case("steal-blocked-by-ambassador"))
    case["steps"][0]["to_act"] = [1]
    case["steps"][-1]["to_act"] = [0]
    with EngineProcess(ENGINE) as engine:
        engine.start()
        found = list(peers.walk(engine, case))
    last = len(case["steps"]) - 1
    assert [step for step, _ in found] == [0, last]
    assert found[0][1] == "to_act is [0], the kit says [1]"


@pytest.mark.skipif(not os.environ.get("TREASON_DIR"), reason="no treason checkout (TREASON_DIR)")
def test_treason_through_its_adapter_plays_the_steal_cases() -> None:
    """With a checkout of octachrome/treason, its Steal cases pass through the adapter."""
    adapter = ["node", str(ROOT / "peers" / "treason" / "adapter.js")]
    done = subprocess.run(
        [sys.executable, "-m", "coup_rules", "conform", "--cases", "steal-*", "--", *adapter],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
