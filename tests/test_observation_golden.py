"""The observation layout stays where trained agents expect it.

``tests/golden/observations.json`` holds, for several configurations, every component's name
and bound and the vectors of every seat and of a spectator at positions of a seeded random game
(``tests/observation_golden.py`` records them). Today's ``ObservationEncoder`` must give the
same names in the same order and the same vectors, index for index.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.observation_golden import GAMES, golden, record

_GOLDEN: dict[str, Any] = golden()["games"]


def test_the_golden_file_records_every_game() -> None:
    assert sorted(_GOLDEN) == sorted(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_component_keeps_its_index_and_bound(name: str) -> None:
    today = record(*GAMES[name])
    assert today["names"] == _GOLDEN[name]["names"]
    assert today["high"] == _GOLDEN[name]["high"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_recorded_positions_encode_as_before(name: str) -> None:
    today = record(*GAMES[name])["positions"]
    before = _GOLDEN[name]["positions"]
    assert len(today) == len(before)
    for now, then in zip(today, before, strict=True):
        assert (now["move"], now["viewer"]) == (then["move"], then["viewer"])
        assert now["nonzero"] == then["nonzero"], f"move {now['move']}, viewer {now['viewer']}"
