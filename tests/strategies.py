"""Hypothesis strategies shared by the property tests: configs and reachable game states.

A reachable state is built by random play: a random ``Config`` (2 to 10 players, with or without
the Inquisitor, Reformation and the 2-player setup), a random seed, then a random number of moves,
each a uniformly random legal move of a uniformly random seat in ``to_act``. The random choices
come from a ``random.Random`` seeded by hypothesis, so every example replays exactly.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from coup_rules import Config, GameState, Move, apply, legal_moves, new_game, to_act

MAX_SEED = 2**128 - 1


@st.composite
def configs(draw: st.DrawFn, min_players: int = 2, max_players: int = 10) -> Config:
    """Any valid ``Config`` with the default bank and deck size."""
    players = draw(st.integers(min_players, max_players))
    return Config(
        players=players,
        inquisitor=draw(st.booleans()),
        reformation=draw(st.booleans()),
        two_player_setup=draw(st.booleans()),
        first_player=draw(st.integers(0, players - 1)),
    )


def random_move(state: GameState, rng: random.Random) -> Move:
    """A uniformly random legal move of a uniformly random seat being waited on."""
    seat = rng.choice(to_act(state))
    return rng.choice(legal_moves(state, seat))


def random_play(state: GameState, rng: random.Random, steps: int) -> list[GameState]:
    """``state`` and the states after up to ``steps`` random moves (fewer if the game ends)."""
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, random_move(state, rng))
        states.append(state)
    return states


@st.composite
def reachable_states(draw: st.DrawFn, max_moves: int = 150) -> GameState:
    """A state reached by random play from a random config and seed (possibly over)."""
    config = draw(configs())
    seed = draw(st.integers(0, MAX_SEED))
    steps = draw(st.integers(0, max_moves) | st.just(max_moves))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return random_play(new_game(config, seed=seed), rng, steps)[-1]


@st.composite
def reachable_games(draw: st.DrawFn, max_moves: int = 150) -> list[GameState]:
    """Every state of one random game, from ``new_game`` on."""
    config = draw(configs())
    seed = draw(st.integers(0, MAX_SEED))
    steps = draw(st.integers(0, max_moves) | st.just(max_moves))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return random_play(new_game(config, seed=seed), rng, steps)
