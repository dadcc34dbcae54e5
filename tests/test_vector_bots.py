"""The compiled bots against the object bots, move for move, in every variant
(tests/vector_bots_check.py).

Each variant plays ``COUP_VECTOR_BOT_GAMES`` games (16 unless set; ``.ci/run`` sets more) by
bots drawn at random per seat, and at every decision each of ``random``, ``honest``, ``bluff``
and ``counting`` must pick the same move compiled as the object bot does from the seat's view,
given the same uniform draws, with as many draws made. The engine draws the kernel's cards
under a seed found for them (``tests/engine_draws.py``), nothing patched: this runs on the
compiled build too. ``tests/test_vector_env_lockstep.py`` drives ``CoupVectorEnv`` itself.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")

from coup_rules.bots import BOTS
from tests.vector_bots_check import StreamRandom, check_bots, units
from tests.vector_check import VARIANTS

GAMES = int(os.environ.get("COUP_VECTOR_BOT_GAMES", "16"))
SHARD, SHARDS = map(int, os.environ.get("COUP_VECTOR_SHARD", "0/1").split("/"))


@pytest.mark.parametrize("name", list(VARIANTS)[SHARD::SHARDS])
def test_every_compiled_bot_plays_its_object_bot_s_move(name: str) -> None:
    tally = check_bots(VARIANTS[name], GAMES, seed=sum(map(ord, name)))
    assert tally.games >= GAMES
    assert set(tally.decisions) == set(BOTS)
    assert min(tally.decisions.values()) == tally.moves


def test_the_stream_s_draws_are_the_kernel_s() -> None:
    import numpy as np

    from coup_rules.vector import fields as f
    from coup_rules.vector import kernel as k

    row = np.zeros(f.KNOW, np.int32)
    k.seed_row(row, -12345)
    counter = (int(row[f.RNG_LO]) & 0xFFFFFFFF) | ((int(row[f.RNG_HI]) & 0xFFFFFFFF) << 32)
    stream = StreamRandom(units(counter))
    assert [k.rand_unit(row) for _ in range(50)] == [stream.random() for _ in range(50)]
