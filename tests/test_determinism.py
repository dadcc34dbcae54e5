"""One seed and one move sequence give one game, in this process and in another (R-INFO-5)."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
import subprocess
import sys

import pytest
from helpers import ASSASSIN, CAPTAIN, CONTESSA, DUKE, play

from coup_rules import (
    Challenge,
    Character,
    Config,
    GameState,
    Move,
    Prove,
    Tax,
    apply,
    legal_moves,
    new_game,
    to_act,
)

SCRIPT = r"""
import hashlib, json, random, sys
from coup_rules import Config, apply, legal_moves, new_game, to_act

def run(players, inquisitor, reformation, seed):
    rng = random.Random(seed)
    state = new_game(
        Config(players=players, inquisitor=inquisitor, reformation=reformation), seed=seed
    )
    while not state.is_over:
        seat = rng.choice(to_act(state))
        state = apply(state, rng.choice(legal_moves(state, seat)))
    return {
        "repr": repr(state),
        "log": hashlib.sha256(repr(list(state.log)).encode()).hexdigest(),
        "turn": state.turn,
        "winner": state.winner,
        "coins": [p.coins for p in state.players],
        "draws": state.draws,
    }

cases = json.loads(sys.argv[1])
print(json.dumps([run(*case) for case in cases]))
"""

CASES = [(2, False, False, 11), (4, False, False, 12), (6, True, True, 13), (10, False, True, 14)]


def random_moves(config: Config, seed: int) -> tuple[GameState, list[Move]]:
    """Play a random game; return the final state and the moves made."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    moves: list[Move] = []
    while not state.is_over:
        seat = rng.choice(to_act(state))
        move = rng.choice(legal_moves(state, seat))
        moves.append(move)
        state = apply(state, move)
    return state, moves


def replay(config: Config, seed: int, moves: list[Move]) -> list[GameState]:
    """Every state of a game replayed from its seed and moves."""
    states = [new_game(config, seed=seed)]
    for move in moves:
        states.append(apply(states[-1], move))
    return states


def summary(state: GameState) -> dict[str, object]:
    """What the subprocess reports about a final state."""
    return {
        "repr": repr(state),
        "log": hashlib.sha256(repr(list(state.log)).encode()).hexdigest(),
        "turn": state.turn,
        "winner": state.winner,
        "coins": [p.coins for p in state.players],
        "draws": state.draws,
    }


def test_same_seed_gives_the_same_deal() -> None:
    """R-INFO-5: the deal depends only on the seed."""
    for players in range(2, 11):
        a = new_game(Config(players=players), seed=99)
        b = new_game(Config(players=players), seed=99)
        assert a == b
        assert hash(a) == hash(b)


def test_different_seeds_give_different_games() -> None:
    """R-INFO-5: the seed drives the deal; different seeds give different states."""
    states = {new_game(Config(players=6), seed=s) for s in range(10)}
    assert len(states) == 10


@pytest.mark.parametrize(("players", "inquisitor", "reformation", "seed"), CASES)
def test_replay_gives_equal_states_and_logs(
    players: int, inquisitor: bool, reformation: bool, seed: int
) -> None:
    """R-INFO-5: same seed + same moves give equal states (==, hash) and equal logs."""
    config = Config(players=players, inquisitor=inquisitor, reformation=reformation)
    final, moves = random_moves(config, seed)
    first = replay(config, seed, moves)
    second = replay(config, seed, moves)
    assert first[-1] == final
    for a, b in zip(first, second, strict=True):
        assert a == b
        assert hash(a) == hash(b)
        assert list(a.log) == list(b.log)
        assert a.draws == b.draws


def test_apply_is_pure() -> None:
    """R-INFO-5: apply leaves its input untouched and gives equal results on equal input."""
    state = new_game(Config(players=4), seed=3)
    snapshot = copy.deepcopy(state)
    tax = Tax(state.active)
    a = apply(state, tax)
    b = apply(state, tax)
    assert state == snapshot
    assert a == b and hash(a) == hash(b)
    assert a is not state


def test_replacement_draws_are_reproducible() -> None:
    """R-INFO-5: a Prove's replacement is fixed by the seed and varies between seeds."""
    hands = [(DUKE, CAPTAIN), (CONTESSA, ASSASSIN)]
    config = Config(players=2, two_player_setup=False)

    def proved_hand(seed: int) -> tuple[Character, ...]:
        state = new_game(config, seed=seed, hands=hands)
        return play(state, Tax(0), Challenge(1), Prove(0)).players[0].hand

    assert all(proved_hand(s) == proved_hand(s) for s in range(10))
    assert len({proved_hand(s) for s in range(10)}) > 1


def test_other_processes_with_other_hash_seeds_agree() -> None:
    """R-INFO-5: final repr, log, turn, winner and coins match under other PYTHONHASHSEEDs."""
    expected = []
    for players, inquisitor, reformation, seed in CASES:
        config = Config(players=players, inquisitor=inquisitor, reformation=reformation)
        expected.append(summary(random_moves(config, seed)[0]))
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT, json.dumps(CASES)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=120,
        )
        assert json.loads(out.stdout) == expected
