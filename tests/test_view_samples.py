"""Every view ``validate_view`` accepts fits a state: ``sample_state`` of it passes
``validate_state`` (issue 20, D3).

Views of reachable states are encoded, one value is changed to another plausible one (a card
for another card, a number for a nearby number, a seat for another seat), and decoded. Whatever
decodes (and so passes ``validate_view``) must give samples that ``validate_state`` accepts, and
a legal move on a sample must play.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import (
    Allow,
    Character,
    Config,
    Coup,
    DecodeError,
    Examine,
    GameState,
    LoseInfluence,
    PlayerView,
    Show,
    apply,
    from_json,
    legal_moves,
    new_game,
    sample_state,
    to_act,
    to_json,
    validate_state,
    view,
)
from coup_rules.decisions import InquisitorChoice
from tests.helpers import play
from tests.strategies import reachable_states

CARDS = [c.name.lower() for c in Character]


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every number and string in ``node`` (the log left out: it is history)."""
    if isinstance(node, dict):
        return [p for k, v in node.items() if k != "log" for p in _leaves(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _leaves(v, (*path, i))]
    if isinstance(node, bool) or not isinstance(node, int | str):
        return []
    return [path]


def _mutate(payload: Any, rng: random.Random) -> Any:
    """``payload`` with one number or card changed to a nearby one of the same kind."""
    paths = _leaves(payload)
    path = rng.choice(paths)
    parent = payload
    for step in path[:-1]:
        parent = parent[step]
    value = parent[path[-1]]
    if isinstance(value, int):
        parent[path[-1]] = max(0, value + rng.choice([-2, -1, 1, 2]))
    elif value in CARDS:
        parent[path[-1]] = rng.choice([c for c in CARDS if c != value])
    return payload


def _check_samples(v: PlayerView, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(3):
        sample = sample_state(v, rng)
        validate_state(sample)
        if sample.pending is not None:
            seat = to_act(sample)[0]
            apply(sample, legal_moves(sample, seat)[0])


@settings(max_examples=80, deadline=None)
@given(state=reachable_states(max_moves=100), seed=st.integers(0, 2**32))
def test_a_mutated_view_that_decodes_gives_valid_samples(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    for seat in [None, *range(state.config.players)]:
        payload = json.loads(to_json(view(state, seat)))
        for _ in range(3):
            text = json.dumps(_mutate(json.loads(json.dumps(payload)), rng))
            try:
                decoded = from_json(text, PlayerView)
            except DecodeError:
                continue
            _check_samples(decoded, seed)


def test_a_shown_card_the_target_does_not_hold_is_refused_r_inq_4() -> None:
    """D3: the Examine target's view whose shown card is not in its hand fits no state."""
    hands = [(Character.INQUISITOR, Character.DUKE), (Character.CAPTAIN, Character.CONTESSA)]
    hands += [(Character.DUKE, Character.ASSASSIN)]
    state = new_game(Config(players=3, inquisitor=True), seed=1, hands=hands)
    state = play(state, Examine(0, 1), Allow(1), Allow(2), Show(1, Character.CAPTAIN))
    assert isinstance(state.pending, InquisitorChoice)
    payload = json.loads(to_json(view(state, 1)))
    assert payload["shown"] == "captain"
    payload["shown"] = "duke"
    try:
        from_json(json.dumps(payload), PlayerView)
    except DecodeError as error:
        assert "shown" in str(error)
    else:
        raise AssertionError("a view whose shown card contradicts the hand was accepted")


def test_an_examine_of_a_seat_with_no_hidden_card_is_refused_r_inq_4() -> None:
    """A view whose pending Examine names a seat with no hidden card fits no state: decoding
    refuses it with a DecodeError (found by hypothesis: it raised IndexError while sampling)."""
    hands = [(Character.INQUISITOR, Character.DUKE), (Character.CAPTAIN, Character.CONTESSA)]
    hands += [(Character.DUKE, Character.ASSASSIN), (Character.CAPTAIN, Character.DUKE)]
    config = Config(players=4, inquisitor=True, first_player=0)
    state = new_game(config, seed=1, hands=hands, coins=[7, 7, 2, 2])
    state = play(state, Coup(0, 3), LoseInfluence(3, Character.CAPTAIN), Coup(1, 3))
    state = play(state, Examine(2, 0), Allow(0), Allow(1), Show(0, Character.DUKE))
    assert isinstance(state.pending, InquisitorChoice)
    payload = json.loads(to_json(view(state, 1)))
    payload["pending"]["action"]["target"] = 3  # seat 3 is out of the game
    try:
        from_json(json.dumps(payload), PlayerView)
    except DecodeError as error:
        assert "R-INQ-4" in str(error) or "target" in str(error)
    else:
        raise AssertionError("a view examining a seat with no hidden card was accepted")
