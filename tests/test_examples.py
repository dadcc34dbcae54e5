"""Every script in ``examples/`` runs to completion as a separate process."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BOTS = ("bot_process.py",)
"""Bots that are commands: they read the coup-bot protocol on standard input, so they run in a
tournament below rather than alone."""
SCRIPTS = sorted(p for p in EXAMPLES.glob("*.py") if p.name not in BOTS)

# A small argument for the scripts that take one (a seed or a number of games); others get none.
ARGS: dict[str, list[str]] = {
    "first_game.py": ["3"],
    "fixed_deal.py": ["3"],
    "bot_tournament.py": ["4"],
    "server_loop.py": ["3"],
    "reinforce.py": ["--episodes", "40", "--every", "20", "--test", "10"],  # a tiny run
    "vector_training.py": ["--quick"],  # a few seconds, once numba's cache is warm
    "jax_training.py": ["--quick"],  # most of it compiling the update
}

# The examples that need optional extras, as (module, extra) pairs: skipped where one is not
# installed (CI runs them in the extra's own block of .ci/run).
NEEDS: dict[str, tuple[tuple[str, str], ...]] = {
    "reinforce.py": (("gymnasium", "gymnasium"),),
    "vector_training.py": (("numba", "vector"), ("gymnasium", "gymnasium")),
    "jax_training.py": (("jax", "jax"),),
}

# Something each known script must print.
EXPECTED: dict[str, str] = {
    "first_game.py": " won after ",
    "fixed_deal.py": "Seat 2 is eliminated.",
    "bot_tournament.py": "4 games of 3 players",
    "server_loop.py": "saved and restored after 10 moves",
    "reinforce.py": "Win rate against three random bots",
    "vector_training.py": "Win rate against three CountingBots through PolicyBot",
    "jax_training.py": "updates of 256 games x 64 moves",
}


def _run(script: Path) -> subprocess.CompletedProcess[str]:
    # The limit catches a hang, not a slow machine: JAX's example compiles for a minute or more
    # on a loaded 2-core machine.
    return subprocess.run(
        [sys.executable, str(script), *ARGS.get(script.name, [])],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_documented_examples_exist() -> None:
    """API: the examples the docs point to are present."""
    assert set(ARGS) <= {s.name for s in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_example_runs(script: Path) -> None:
    """API: each example exits 0 and prints its result."""
    for module, extra in NEEDS.get(script.name, ()):
        pytest.importorskip(module, reason=f"the [{extra}] extra is not installed")
    done = _run(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    assert EXPECTED.get(script.name, "") in done.stdout


def test_fixed_deal_follows_the_rulebook_example() -> None:
    """R-WIN-4, R-CHAL-3, R-WIN-6: Example 2: two failed challenges, the block stands."""
    out = _run(EXAMPLES / "fixed_deal.py").stdout
    assert "Seat 2 loses an influence: Assassin turned face up." in out
    assert "Seat 1 blocks, claiming the Ambassador." in out
    assert "seat 0: 2, seat 1: 2, seat 2: 0" in out
    assert "Still in the game: seat 0, seat 1." in out


def test_the_example_command_bots_play_a_tournament() -> None:
    """Bots in any language: the Python and the Node example bots, entered as commands, play
    a tournament to its end with no fallback (Node is required under CI, else skipped)."""
    node = shutil.which("node")
    if node is None and os.environ.get("CI"):
        pytest.fail("node is missing: CI runs the JavaScript example bot")
    entrants = [f"cmd:{shlex.quote(sys.executable)} {EXAMPLES / 'bot_process.py'}"]
    if node is not None:
        entrants.append(f"cmd:{shlex.quote(node)} {EXAMPLES / 'bot_process.js'}")
    arguments = [a for entrant in entrants for a in ("--entrant", entrant)]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "coup_rules",
            "tournament",
            "--bots",
            "random",
            *arguments,
            "--games",
            "6",
            "--players",
            "3",
            "--max-turns",
            "100",
            "--plain",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for entrant in entrants:
        assert f"{entrant}: 0 fallbacks to the random bot." in done.stdout
    if node is None:
        pytest.skip("node is missing: the JavaScript example bot was left out")
