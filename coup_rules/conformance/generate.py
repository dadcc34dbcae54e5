"""Write the conformance kit: ``python -m coup_rules.conformance.generate`` (or
``scripts/generate_conformance.py``) from the source tree.

Plays every case of ``coup_rules/conformance/cases/`` and every playthrough through the engine,
takes the perft counts from ``tests/golden/perft.json``, and writes ``coup_rules/conformance/kit/``
and ``schema/conformance.schema.json``. ``--check`` writes nothing and fails if a file is stale.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import coup_rules
from coup_rules.conformance.define import CaseDef
from coup_rules.conformance.kit import write_files
from coup_rules.conformance.perft import perft_file
from coup_rules.conformance.playthroughs import PLAYTHROUGHS, SEEDS, playthrough
from coup_rules.conformance.record import Json, record_case
from coup_rules.conformance.schema import FILE_NAME, schema_text
from coup_rules.moves import Move

__all__ = [
    "KIT_VERSION",
    "PROTOCOL",
    "build_kit",
    "case_families",
    "main",
    "render",
]

KIT_VERSION = 1
PROTOCOL = 1
"""The version of the engine protocol (docs: "The engine protocol") the kit is written for."""

CASES_PACKAGE = "coup_rules.conformance.cases"
"""The package of the case modules, each with ``CASES: tuple[CaseDef, ...]``."""

PACKAGE_DIR = Path(__file__).resolve().parent
SOURCE_ROOT = PACKAGE_DIR.parents[1]
KIT_DIR = PACKAGE_DIR / "kit"
SCHEMA_PATH = SOURCE_ROOT / "schema" / FILE_NAME
GOLDEN_PERFT = SOURCE_ROOT / "tests" / "golden" / "perft.json"


def case_families() -> dict[str, tuple[CaseDef, ...]]:
    """Every case module of ``coup_rules.conformance.cases`` (by name) and its ``CASES``."""
    package = importlib.import_module(CASES_PACKAGE)
    families = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{CASES_PACKAGE}.{info.name}")
        defs = getattr(module, "CASES", None)
        if not isinstance(defs, tuple) or not all(isinstance(c, CaseDef) for c in defs):
            raise ValueError(f"{module.__name__}.CASES must be a tuple of CaseDef")
        families[info.name] = defs
    return families


def _unique(ids: Sequence[str]) -> None:
    twice = sorted(i for i, n in Counter(ids).items() if n > 1)
    if twice:
        raise ValueError(f"case ids must be unique across the kit: {', '.join(twice)} repeat")


def _cases_file(cases: list[Json]) -> Json:
    return {"kit_version": KIT_VERSION, "cases": cases}


def _rules_map(files: Mapping[str, Json]) -> dict[str, list[str]]:
    rules: dict[str, list[str]] = {}
    for data in files.values():
        for case in data["cases"]:
            for rule in case["rules"]:
                rules.setdefault(rule, []).append(case["id"])
    return {rule: sorted(ids) for rule, ids in sorted(rules.items())}


def build_kit(golden_perft: Mapping[str, Any]) -> dict[str, Json]:
    """Every kit file (its path relative to ``kit/``) and its data, generated afresh.

    Raises:
        CaseError: a case cannot be played as written (the message names the case and step).
        ValueError: a case module is malformed or two cases share an id.
    """
    memo: dict[Move, Json] = {}
    families = case_families()
    games = {name: tuple(playthrough(name, seed) for seed in SEEDS) for name in PLAYTHROUGHS}
    _unique([c.id for defs in (*families.values(), *games.values()) for c in defs])
    cases = {
        f"cases/{name}.json": _cases_file([record_case(c, memo) for c in defs])
        for name, defs in families.items()
    }
    plays = {
        f"playthroughs/{name}.json": _cases_file([record_case(c, memo) for c in defs])
        for name, defs in games.items()
    }
    manifest = {
        "kit_version": KIT_VERSION,
        "library_version": coup_rules.__version__,
        "protocol": PROTOCOL,
        "files": {"cases": list(cases), "playthroughs": list(plays), "perft": "perft.json"},
        "rules": _rules_map(cases),
    }
    return {
        "manifest.json": manifest,
        **cases,
        **plays,
        "perft.json": perft_file(golden_perft),
    }


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def render(data: Json) -> str:
    """A kit file's text: one top-level field a line, a list's items one a line (compact)."""
    fields = []
    for key, value in data.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n".join(_compact(item) for item in value)
            fields.append(f"{_compact(key)}:[\n{items}\n]")
        else:
            fields.append(f"{_compact(key)}:{_compact(value)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def _stale(directory: Path, texts: Mapping[str, str]) -> list[str]:
    on_disk = {p.relative_to(directory).as_posix() for p in directory.rglob("*.json")}
    wrong = [
        r
        for r, t in texts.items()
        if not (directory / r).is_file() or (directory / r).read_text(encoding="utf-8") != t
    ]
    return sorted({*wrong, *(on_disk - set(texts))})


def main(argv: list[str] | None = None) -> int:
    """Write (default) or ``--check`` the kit and its schema."""
    parser = argparse.ArgumentParser(
        prog="python -m coup_rules.conformance.generate", description=__doc__
    )
    parser.add_argument("--check", action="store_true", help="fail if a file is stale")
    parser.add_argument("--kit", type=Path, default=KIT_DIR, help="the kit directory")
    parser.add_argument("--schema", type=Path, default=SCHEMA_PATH, help="the schema file")
    parser.add_argument("--golden", type=Path, default=GOLDEN_PERFT, help="the perft golden file")
    args = parser.parse_args(argv)
    golden = json.loads(args.golden.read_text(encoding="utf-8"))
    texts = {path: render(data) for path, data in build_kit(golden).items()}
    schema = schema_text()
    if args.check:
        stale = _stale(args.kit, texts)
        if not args.schema.is_file() or args.schema.read_text(encoding="utf-8") != schema:
            stale.append(str(args.schema))
        if stale:
            sys.stderr.write(
                f"stale conformance kit files: {', '.join(stale)}; run without --check\n"
            )
            return 1
        return 0
    for path in args.kit.rglob("*.json"):
        if path.relative_to(args.kit).as_posix() not in texts:
            path.unlink()
    write_files(args.kit, texts)
    write_files(args.schema.parent, {args.schema.name: schema})
    size = sum(len(t.encode()) for t in texts.values())
    sys.stdout.write(f"wrote {len(texts)} kit files ({size:,} bytes) under {args.kit}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
