"""The kit's perft counts, taken from the project's golden file (``tests/golden/perft.json``).

``counts[d]`` is the number of move sequences of exactly ``d`` moves from the deal (every seat
of ``to_act``, every legal move; a game that ends earlier ends its branch). Chance comes from
the seed (docs/reference/randomness.md), so an engine checks perft in seed mode.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.conformance.record import Json, setup_of
from coup_rules.serde import from_json, to_json
from coup_rules.setup import new_game

__all__ = ["PERFT_DEPTH", "perft_file"]

PERFT_DEPTH = 6
"""The deepest count the kit keeps: about 207,000 nodes over all deals, seconds for any engine."""


def _cards(names: Sequence[str] | None) -> tuple[Character, ...] | None:
    return None if names is None else tuple(Character(n) for n in names)


def _deal(setup: Mapping[str, Any]) -> tuple[Config, Json]:
    config = from_json(json.dumps(setup["config"]), Config)
    hands = setup["hands"]
    allegiances = setup["allegiances"]
    state = new_game(
        config,
        seed=setup["seed"],
        hands=None if hands is None else [_cards(h) or () for h in hands],
        court=_cards(setup["court"]),
        coins=setup["coins"],
        allegiances=None if allegiances is None else [Allegiance(a) for a in allegiances],
    )
    return config, setup_of(state, hands=hands is not None, court=setup["court"] is not None)


def perft_file(golden: Mapping[str, Any], depth: int = PERFT_DEPTH) -> Json:
    """The kit's ``perft.json`` from the golden file's data, counts up to ``depth`` moves."""
    deals = []
    for name, deal in golden["deals"].items():
        config, setup = _deal(deal["setup"])
        deals.append(
            {
                "name": name,
                "about": deal["about"],
                "config": json.loads(to_json(config)),
                "setup": setup,
                "counts": list(deal["counts"][: depth + 1]),
            }
        )
    return {
        "kit_version": 1,
        "about": (
            "Coup perft: counts[d] is the number of move sequences of exactly d moves from the "
            "deal (every seat in to_act, every legal move; a game that ends earlier ends its "
            "branch). Chance comes from the seed (docs/reference/randomness.md)."
        ),
        "depth": depth,
        "chance": "seed",
        "deals": deals,
    }
