"""The observation declared once (``coup_rules.ai.layout``): the encoder's components, the
vector kernel's slots and their places are all read off the same list of named pieces."""

from __future__ import annotations

import pytest

from coup_rules import Config
from coup_rules.ai.encoding import ObservationEncoder
from coup_rules.ai.layout import PIECES, components, kernel_places, kernel_slots
from coup_rules.vector import fields as f

CONFIGS = [
    Config(players=2),
    Config(players=4, inquisitor=True),
    Config(players=6, reformation=True),
    Config(players=10, inquisitor=True, reformation=True),
]


def test_every_piece_has_its_own_name_and_kernel_number() -> None:
    assert len({p.slot for p in PIECES}) == len(PIECES)
    for piece in PIECES:
        assert getattr(f, f"O_{piece.slot}") == kernel_slots()[piece.slot]
    assert kernel_slots()["SIZE"] == f.OB_SIZE


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_the_encoder_is_the_declaration_in_order(config: Config) -> None:
    encoder = ObservationEncoder(config)
    declared = components(config, encoder.turn_cap)
    assert encoder.names == tuple(c.name for c in declared)
    assert encoder.high == tuple(c.high for c in declared)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_each_component_has_one_kernel_slot_and_each_place_is_filled(config: Config) -> None:
    places = kernel_places(config)
    assert len(places) == f.OB_SIZE
    assert sorted(p for p in places if p >= 0) == list(range(ObservationEncoder(config).size))
