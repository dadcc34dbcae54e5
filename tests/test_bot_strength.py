"""CountingBot beats RandomBot and HonestBot: a statistical test.

The full check (2,000 4-player games, about a minute) is ``scripts/bot_strength.py``, which
``.ci/run`` runs; to keep the suite fast this test plays 300 games of the same table, which is
already enough for the interval to clear the fair share by a wide margin.
"""

from __future__ import annotations

import sys
from pathlib import Path

from coup_rules import Config
from coup_rules.simulation import simulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from bot_strength import LINEUP, verdict


def test_counting_bot_wins_more_than_its_fair_share() -> None:
    """R-INFO-2: playing only from what its seat may see, CountingBot's 95 % interval of wins
    lies above the fair share (1/4) and above HonestBot's and RandomBot's, over 300 games with
    the bots turning seats."""
    sim = simulate(Config(players=4), LINEUP, 300, seed=2026, workers=1)
    assert verdict(sim) == []
