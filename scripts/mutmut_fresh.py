"""Rerun mutmut's mutants one fresh interpreter each: for code that runs at import time.

``mutmut run`` imports the package once, then forks a worker per mutant and switches the mutant
on in the worker. A function that runs only while the package is imported (the move tables of
``coup_rules/rules/catalog.py`` are built that way) has already run by then, so its mutants are
never switched on and ``mutmut`` reports them as survivors without having tested them. This
script runs each such mutant in a new ``python -m pytest`` process started with
``MUTANT_UNDER_TEST`` already set, so the mutant is live while the package is imported, and
prints the outcome of each. It uses the ``mutants/`` directory and the test selection of
``[tool.mutmut]`` in pyproject.toml, so run it after ``mutmut run``, from the project root:

    python scripts/mutmut_fresh.py 'coup_rules.rules.catalog.*'

Exit status 0 when every mutant named was killed, 1 otherwise. See docs/testing.md,
"Mutation testing".
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import subprocess
import sys
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"


def mutant_names(pattern: str) -> list[str]:
    """The names of mutmut's mutants that match ``pattern`` (a glob), from ``mutmut results``."""
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    names = [line.split(":")[0].strip() for line in out.splitlines() if "__mutmut_" in line]
    return sorted(n for n in names if fnmatch.fnmatchcase(n, pattern))


def test_selection() -> list[str]:
    """The arguments mutmut gives pytest: ``pytest_add_cli_args`` (the tests it leaves out)
    and ``pytest_add_cli_args_test_selection`` of ``[tool.mutmut]``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mutmut = config["tool"]["mutmut"]
    arguments: list[str] = mutmut.get("pytest_add_cli_args", [])
    selection: list[str] = mutmut["pytest_add_cli_args_test_selection"]
    return [*arguments, *selection]


def run(mutant: str, tests: list[str], timeout: float) -> tuple[str, str, float]:
    """Run ``tests`` with ``mutant`` switched on from the start; (mutant, outcome, seconds)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["MUTANT_UNDER_TEST"] = mutant
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=MUTANTS, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return mutant, "timeout", time.monotonic() - start
    outcome = "survived" if done.returncode == 0 else f"killed (pytest exit {done.returncode})"
    return mutant, outcome, time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pattern", help="glob over mutant names, e.g. 'coup_rules.rules.catalog.*'")
    parser.add_argument("--jobs", type=int, default=2, help="processes at once (default 2)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per mutant")
    args = parser.parse_args(argv)
    if not MUTANTS.is_dir():
        parser.error("no mutants/ directory: run `mutmut run` first")
    tests = test_selection()
    # The same checks as mutmut's: the tests pass unmutated, and fail with the forced failure
    # (every trampoline raises), which here also proves the mutants are live at import time.
    for name, expected in (("", "survived"), ("fail", "killed")):
        _, outcome, _ = run(name, tests, args.timeout)
        if not outcome.startswith(expected):
            print(f"setup check {name or 'clean'!r}: expected {expected}, got {outcome}")
            return 2
    names = mutant_names(args.pattern)
    if not names:
        parser.error(f"no mutant matches {args.pattern!r}")
    survivors = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for mutant, outcome, seconds in pool.map(lambda m: run(m, tests, args.timeout), names):
            print(f"{mutant}: {outcome} ({seconds:.1f} s)", flush=True)
            survivors += not outcome.startswith("killed")
    print(f"{len(names) - survivors} of {len(names)} killed")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
