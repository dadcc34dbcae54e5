"""The public API is a promise: it matches the checked-in snapshot ``api/coup_rules.txt``.

A change of a public name, signature or field fails here until the snapshot is regenerated
(``python scripts/api_snapshot.py --write``) in the same commit, where a reviewer sees it next to
the versioning policy (docs/versioning.md). On the compiled build, the names defined in
compiled modules are left out: mypyc's classes and functions do not expose their signatures
to ``inspect`` the same way; the pure build checks them.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _snapshot_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "api_snapshot", ROOT / "scripts" / "api_snapshot.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("api_snapshot", module)
    spec.loader.exec_module(module)
    return module


api = _snapshot_module()


def _blocks(text: str) -> dict[str, str]:
    blocks: dict[str, str] = {}
    for chunk in text.split("\n## ")[1:]:
        name, _, body = chunk.partition("\n")
        blocks[name] = body.strip()
    return blocks


def _interpreted(qualified: str) -> bool:
    module_name, _, name = qualified.rpartition(".")
    obj = getattr(importlib.import_module(module_name), name)
    home = sys.modules.get(getattr(obj, "__module__", module_name) or module_name)
    return str(getattr(home, "__file__", "") or "").endswith(".py")


def test_the_public_api_matches_its_snapshot() -> None:
    """API: every public name, signature and field is as the checked-in snapshot says."""
    checked_in = _blocks(api.SNAPSHOT.read_text(encoding="utf-8"))
    now = _blocks(api.snapshot())
    names = [n for n in sorted(checked_in.keys() | now.keys()) if n not in now or _interpreted(n)]
    changed = [n for n in names if checked_in.get(n) != now.get(n)]
    assert not changed, (
        f"the public API changed ({', '.join(changed)}) but api/coup_rules.txt did not: "
        f"check the change against docs/versioning.md, then run `{api.COMMAND}` and commit "
        "the snapshot with it"
    )


def test_the_snapshot_names_every_public_name() -> None:
    """API: the snapshot holds one entry per name of coup_rules.__all__."""
    import coup_rules

    blocks = _blocks(api.SNAPSHOT.read_text(encoding="utf-8"))
    assert {f"coup_rules.{n}" for n in coup_rules.__all__} <= blocks.keys()


def test_a_changed_signature_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """API: the check is not vacuous: a new parameter changes the snapshot of its function."""
    import coup_rules

    def new_game(config: object = None, *, seed: object = None, extra: int = 0) -> None:
        """A changed signature."""

    before = api.describe("new_game", coup_rules.new_game)
    monkeypatch.setattr(coup_rules, "new_game", new_game)
    assert api.describe("new_game", coup_rules.new_game) != before
