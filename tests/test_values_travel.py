"""States and every public value pickle, copy and cross process boundaries, on both builds.

Issue 20, D1: the compiled build could not unpickle an in-progress state, so a state sent to a
process pool broke the pool. D9: the compiled log took new attributes where the pure one refuses.
"""

from __future__ import annotations

import copy
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
import pytest

from coup_rules import (
    Config,
    GameState,
    apply,
    from_json,
    legal_moves,
    new_game,
    to_act,
    to_json,
    view,
)
from coup_rules.decisions import Decision


def _game(config: Config, seed: int, steps: int) -> list[GameState]:
    """The states of a seeded random game, ``steps`` moves at most."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(to_act(state))
        state = apply(state, rng.choice(legal_moves(state, seat)))
        states.append(state)
    return states


def _every_kind_of_decision() -> list[GameState]:
    """States waiting on every kind of decision (and finished ones), from random games."""
    found: dict[object, GameState] = {}
    configs = [
        Config(players=2),
        Config(players=4, inquisitor=True),
        Config(players=5, reformation=True),
        Config(players=3, max_turns=5),
    ]
    for seed in range(40):
        for config in configs:
            for state in _game(config, seed, 200):
                kind = None if state.pending is None else state.pending.kind
                found.setdefault(kind, state)
    return list(found.values())


STATES = _every_kind_of_decision()


def test_the_sample_games_reach_every_kind_of_decision() -> None:
    kinds = {None if s.pending is None else s.pending.kind for s in STATES}
    assert kinds == {None, *Decision}


@pytest.mark.parametrize("state", STATES, ids=lambda s: s.pending.kind if s.pending else "over")
def test_a_state_survives_pickling_at_every_kind_of_decision(state: GameState) -> None:
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(state, protocol))
        assert again == state
        assert to_json(again) == to_json(state)
        assert to_act(again) == to_act(state)
        for seat in to_act(state):
            assert legal_moves(again, seat) == legal_moves(state, seat)


@pytest.mark.parametrize("state", STATES, ids=lambda s: s.pending.kind if s.pending else "over")
def test_a_state_survives_copying_at_every_kind_of_decision(state: GameState) -> None:
    for again in (copy.copy(state), copy.deepcopy(state)):
        assert again == state
        assert hash(again) == hash(state)
        assert again.pending == state.pending
        assert list(again.log) == list(state.log)


def _public_values(state: GameState) -> list[Any]:
    """Every kind of public value a state hands out: itself, its parts, a view, moves, events."""
    values: list[Any] = [state, state.config, state.players, state.pending, state.log]
    values += list(state.log)[-5:]
    values += [view(state, seat) for seat in range(state.config.players)] + [view(state, None)]
    values += [m for seat in to_act(state) for m in legal_moves(state, seat)]
    return values


def test_every_public_value_pickles_and_deep_copies_to_an_equal_value() -> None:
    for state in STATES:
        for value in _public_values(state):
            assert pickle.loads(pickle.dumps(value)) == value, type(value)
            assert copy.deepcopy(value) == value, type(value)


def _next(state: GameState) -> GameState:
    """One move by the first seat asked (run in a worker process)."""
    seat = to_act(state)[0]
    return apply(state, legal_moves(state, seat)[0])


def test_a_state_crosses_a_process_pool_both_ways() -> None:
    states = [s for s in STATES if not s.is_over]
    with ProcessPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(_next, states))
    assert answers == [_next(s) for s in states]


def test_a_copied_config_does_not_carry_the_engine_memo() -> None:
    config = Config(players=6)
    state = _game(config, 1, 60)[-1]
    assert config._memo  # the game filled it
    for again in (pickle.loads(pickle.dumps(config)), copy.deepcopy(config)):
        assert again == config
        assert not again._memo
    copied = pickle.loads(pickle.dumps(state))
    assert not copied.config._memo
    assert not copy.deepcopy(state).config._memo


def test_a_state_copied_mid_game_plays_on_as_the_original() -> None:
    states = _game(Config(players=3), 4, 30)
    copied = pickle.loads(pickle.dumps(states[10]))
    rng_a, rng_b = random.Random(9), random.Random(9)
    a, b = states[10], copied
    for _ in range(40):
        if a.is_over:
            break
        seat = rng_a.choice(to_act(a))
        assert seat == rng_b.choice(to_act(b))
        move = rng_a.choice(legal_moves(a, seat))
        assert move == rng_b.choice(legal_moves(b, seat))
        a, b = apply(a, move), apply(b, move)
        assert a == b


def test_a_state_decoded_from_json_pickles_too() -> None:
    for state in STATES:
        decoded = from_json(to_json(state), GameState)
        assert pickle.loads(pickle.dumps(decoded)) == state


def test_the_log_refuses_new_attributes_on_both_builds() -> None:
    log = STATES[-1].log
    with pytest.raises(AttributeError):
        log.note = "mine"  # type: ignore[attr-defined]


def test_a_state_and_its_parts_refuse_new_attributes() -> None:
    state = STATES[-1]
    with pytest.raises(AttributeError):
        state.note = "mine"  # type: ignore[attr-defined]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.config.players = 3  # type: ignore[misc]
    if state.pending is not None:
        with pytest.raises(AttributeError):
            state.core.pending.note = "mine"  # type: ignore[union-attr]
