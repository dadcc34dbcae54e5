"""Random play over every player count and variant: invariants after every move, games end.

A game is played by ``random.Random(seed)``: a uniformly random seat of ``to_act``, then a
uniformly random legal move of that seat. After every move the conservation invariants of
R-SETUP-4 and R-SETUP-10 are checked (``helpers.check_invariants``), with the structural ones
below.
"""

from __future__ import annotations

import random

import pytest
from helpers import check_invariants

from coup_rules import Config, Decision, GameState, apply, legal_moves, new_game, to_act

GAMES_PER_CONFIG = 12
MAX_MOVES = 5_000
VARIANTS = [(False, False), (True, False), (False, True), (True, True)]


def check_structure(state: GameState, before: GameState) -> None:
    """Invariants beyond conservation, checked after every move."""
    assert state.turn >= before.turn
    assert len(state.log) > len(before.log)
    living = state.living
    for p in state.players:
        assert len(p.hand) + len(p.revealed) <= 4
        assert len(p.revealed) <= 2
        assert p.coins >= 0
    if state.is_over:
        assert state.pending is None
        assert to_act(state) == ()
        assert living == (state.winner,)
        return
    assert state.pending is not None
    assert len(living) >= 2
    assert to_act(state)
    assert set(to_act(state)) <= set(living)
    assert state.players[state.active].hand or state.pending.kind is not Decision.ACTION
    if state.pending.kind not in (Decision.KEEP, Decision.DRAFT, Decision.CHOOSE_ALLEGIANCE):
        assert all(len(state.players[s].hand) <= 2 for s in living)


def play_randomly(config: Config, seed: int) -> GameState:
    """Play one game to the end with uniformly random choices; return the final state."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    check_invariants(state)
    for _ in range(MAX_MOVES):
        if state.is_over:
            return state
        seat = rng.choice(to_act(state))
        move = rng.choice(legal_moves(state, seat))
        after = apply(state, move)
        check_invariants(after)
        check_structure(after, state)
        state = after
    raise AssertionError(f"game {config} seed {seed} did not end in {MAX_MOVES} moves")


@pytest.mark.parametrize(("inquisitor", "reformation"), VARIANTS)
@pytest.mark.parametrize("players", range(2, 11))
def test_random_games_keep_invariants_and_end(
    players: int, inquisitor: bool, reformation: bool
) -> None:
    """R-SETUP-4, R-SETUP-10, R-INF-6: random games conserve coins and cards, and all end."""
    config = Config(players=players, inquisitor=inquisitor, reformation=reformation)
    for i in range(GAMES_PER_CONFIG):
        final = play_randomly(config, seed=1000 * players + i)
        assert final.is_over
        assert final.winner is not None and final.players[final.winner].hand


@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_random_games_with_a_tight_bank(players: int) -> None:
    """R-ACT-10: with a bank that barely covers the start, random games stay consistent."""
    config = Config(players=players, coins=2 * players + 1)
    for i in range(GAMES_PER_CONFIG):
        assert play_randomly(config, seed=7 * players + i).is_over


@pytest.mark.parametrize(("players", "copies"), [(2, 5), (4, 2), (6, 5), (9, 4)])
def test_random_games_with_the_copies_option(players: int, copies: int) -> None:
    """R-SETUP-2: random games with a non-default deck size conserve cards and end."""
    config = Config(players=players, copies=copies, two_player_setup=False)
    for i in range(GAMES_PER_CONFIG):
        assert play_randomly(config, seed=31 * players + i).is_over
