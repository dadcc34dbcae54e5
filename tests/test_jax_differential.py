"""coup_rules.jax against the engine, move for move, in every variant (tests/jax_check.py).

The number of games per variant is ``COUP_JAX_GAMES`` (32 unless set; ``.ci/run`` sets 500);
``COUP_JAX_SHARD=i/n`` runs only every n-th variant from the i-th (so that ``.ci/run`` can run
the variants in two processes at once). Observations are compared at every step.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("jax", reason="the [jax] extra is not installed")

import coup_rules
from tests.vector_check import VARIANTS

if coup_rules.COMPILED:
    pytest.skip(
        "the differential replays the draws by patching the interpreted rules.scratch",
        allow_module_level=True,
    )

from tests.jax_check import check_variant

GAMES = int(os.environ.get("COUP_JAX_GAMES", "32"))
SHARD, SHARDS = map(int, os.environ.get("COUP_JAX_SHARD", "0/1").split("/"))


@pytest.mark.parametrize("name", list(VARIANTS)[SHARD::SHARDS])
def test_every_step_equals_the_engine_s(name: str) -> None:
    tally = check_variant(VARIANTS[name], GAMES, seed=sum(map(ord, name)))
    assert tally.games >= GAMES
    assert tally.moves > tally.games
    assert tally.observations == tally.moves
    if VARIANTS[name].max_turns is None:
        assert tally.wins == tally.games
    else:
        assert tally.drawn_games > 0
