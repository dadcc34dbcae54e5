"""Which game has an action or a decision is said once, on its spec (R-INQ-1, R-REF-1,
R-SETUP-7): ``ActionSpec.variant`` and ``DecisionSpec.variant``, read by ``Variant.in_play``.
"""

from __future__ import annotations

from hypothesis import given, settings

from coup_rules import Config, GameState, legal_moves, to_act
from coup_rules.actions import SPECS, Variant
from coup_rules.decisions import Decision, spec_of
from coup_rules.moves import ACTION_TYPES
from tests.strategies import reachable_games

PROPS = settings(max_examples=30, deadline=None)


def test_each_variant_is_in_play_exactly_in_the_games_that_turn_it_on() -> None:
    base = Config(players=4)
    assert Variant.BASE.in_play(base)
    assert not any(v.in_play(base) for v in Variant if v is not Variant.BASE)
    assert Variant.INQUISITOR.in_play(Config(players=4, inquisitor=True))
    assert Variant.REFORMATION.in_play(Config(players=4, reformation=True))
    assert Variant.TWO_PLAYER_SETUP.in_play(Config(players=2))
    assert not Variant.TWO_PLAYER_SETUP.in_play(Config(players=2, two_player_setup=False))


def test_the_variant_decisions_name_their_game() -> None:
    assert spec_of(Decision.CHOOSE_ALLEGIANCE).variant is Variant.REFORMATION  # R-REF-1
    assert spec_of(Decision.DRAFT).variant is Variant.TWO_PLAYER_SETUP  # R-SETUP-8
    assert spec_of(Decision.SHOW).variant is Variant.INQUISITOR  # R-INQ-4
    assert spec_of(Decision.INQUISITOR_CHOICE).variant is Variant.INQUISITOR  # R-INQ-5


@PROPS
@given(game=reachable_games(max_moves=120))
def test_a_game_waits_only_on_decisions_and_actions_its_variants_have(
    game: list[GameState],
) -> None:
    config = game[0].config
    for state in game:
        pending = state.core.pending
        if pending is not None:
            assert spec_of(pending.kind).variant.in_play(config)
        for seat in to_act(state):
            for move in legal_moves(state, seat):
                if isinstance(move, ACTION_TYPES):
                    assert SPECS[type(move)].variant.in_play(config)
