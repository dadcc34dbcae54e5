"""coup_rules.vector against the engine, move for move, in every variant (tests/vector_check.py).

The number of games per variant is ``COUP_VECTOR_GAMES`` (64 unless set; ``.ci/run`` sets 500)
and observations are compared every ``COUP_VECTOR_OBSERVE_EVERY`` steps (1 unless set; ``.ci/run``
sets 4).
``COUP_VECTOR_SHARD=i/n`` runs only every n-th variant from the i-th (so that ``.ci/run`` can
run the variants in two processes at once).
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")

import coup_rules
from tests.vector_check import VARIANTS, check_variant

if coup_rules.COMPILED:
    pytest.skip(
        "the differential runs on the pure build (it could run here: the engine draws the "
        "kernel's cards under a seed found for them, nothing patched; .ci/run spends the compiled "
        "build's time elsewhere)",
        allow_module_level=True,
    )

GAMES = int(os.environ.get("COUP_VECTOR_GAMES", "64"))
OBSERVE_EVERY = int(os.environ.get("COUP_VECTOR_OBSERVE_EVERY", "1"))
SHARD, SHARDS = map(int, os.environ.get("COUP_VECTOR_SHARD", "0/1").split("/"))


@pytest.mark.parametrize("name", list(VARIANTS)[SHARD::SHARDS])
def test_every_step_equals_the_engine_s(name: str) -> None:
    tally = check_variant(
        VARIANTS[name], GAMES, seed=sum(map(ord, name)), observe_every=OBSERVE_EVERY
    )
    assert tally.games >= GAMES
    assert tally.moves > tally.games
    if VARIANTS[name].max_turns is None:
        assert tally.wins == tally.games
    else:
        assert tally.drawn_games > 0
