"""Observations kept up to date event by event (``coup_rules.ai.observing``, no extra needed).

``GameObserver.vector(state, seat)`` must be, component for component, the vector that
``ObservationEncoder.encode`` builds from the seat's whole view, and that vector must still be
the one of the encoder as first released (``tests/oracle/observation.py``): learned networks
and vectorised copies of the environments depend on that layout. The claims it reads are held
to the claim tracking as first released (``tests/oracle/claims.py``), event by event. Checked
at every step of random games of every variant, for every seat and a spectator, including
states skipped over.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from coup_rules import (
    Character,
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
from coup_rules.ai.claims import ClaimTracker
from coup_rules.ai.encoding import ObservationEncoder
from coup_rules.ai.observing import GameObserver
from tests.oracle.claims import released_records
from tests.oracle.observation import ReleasedObservationEncoder
from tests.strategies import random_play, reachable_games

VARIANTS = [
    pytest.param({}, id="base"),
    pytest.param({"inquisitor": True}, id="inquisitor"),
    pytest.param({"reformation": True}, id="reformation"),
    pytest.param({"inquisitor": True, "reformation": True}, id="both"),
]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_layout_is_the_released_one(players: int, variant: dict[str, bool]) -> None:
    config = Config(players=players, **variant)
    encoder = ObservationEncoder(config)
    released = ReleasedObservationEncoder(config)
    assert encoder.names == released.names
    assert encoder.high == released.high


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("variant", VARIANTS)
def test_kept_up_vectors_equal_the_released_encoder_at_every_step(
    players: int, variant: dict[str, bool]
) -> None:
    """Every seat and a spectator, at every state of two random games (R-INFO-2, R-INFO-3)."""
    config = Config(players=players, max_turns=40, **variant)
    encoder = ObservationEncoder(config)
    released = ReleasedObservationEncoder(config)
    observer = GameObserver(encoder)
    for seed in range(2):
        observer.reset()
        states = random_play(new_game(config, seed=seed), random.Random(seed), 400)
        for state in states:
            for seat in [None, *range(players)]:
                seen = view(state, seat)
                expected = released.encode(seen)
                assert encoder.encode(seen) == expected
                assert observer.vector(state, seat) == expected


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("variant", VARIANTS)
def test_claims_kept_up_equal_the_released_tracking_event_by_event(
    players: int, variant: dict[str, bool]
) -> None:
    """After every event of random games: the same claims and last claims as the tracking first
    released, and the version moves, with the seat marked touched, exactly when a seat's claims
    changed."""
    config = Config(players=players, max_turns=60, **variant)
    for seed in range(3):
        final = random_play(new_game(config, seed=seed), random.Random(seed), 600)[-1]
        events = list(final.log)
        tracker = ClaimTracker(config.exchanger)
        for event, (record, changed) in zip(
            events, released_records(events, config.exchanger), strict=True
        ):
            version = tracker.version
            tracker.feed(event)
            assert tracker.record() == record
            if changed == -1:
                assert tracker.version == version
            else:
                assert tracker.version == version + 1
                assert tracker.touched[changed] == tracker.version


@settings(max_examples=25, deadline=None)
@given(game=reachable_games(max_moves=150))
def test_a_seat_observed_now_and_then_catches_up(game: list[GameState]) -> None:
    """A seat observed only at some states (as an agent is, on its own turns) gets the same
    vector as one observed at every state: each vector depends on the state alone."""
    config = game[0].config
    encoder = ObservationEncoder(config)
    observer = GameObserver(encoder)
    rng = random.Random(len(game))
    for state in game:
        seat = rng.choice(range(config.players))
        if rng.random() < 0.3:
            assert observer.vector(state, seat) == encoder.encode(view(state, seat))


def test_an_earlier_state_is_refused_until_reset() -> None:
    config = Config(players=3)
    observer = GameObserver(ObservationEncoder(config))
    states = random_play(new_game(config, seed=1), random.Random(1), 10)
    observer.vector(states[-1], 0)
    with pytest.raises(ValueError, match="reset"):
        observer.vector(states[0], 0)
    observer.reset()
    assert observer.vector(states[0], 0) == ObservationEncoder(config).encode(view(states[0], 0))


def test_a_state_of_another_configuration_is_refused() -> None:
    observer = GameObserver(ObservationEncoder(Config(players=3)))
    with pytest.raises(ValueError, match="configuration"):
        observer.vector(new_game(Config(players=4), seed=1), 0)


def test_a_seat_of_no_table_is_refused() -> None:
    observer = GameObserver(ObservationEncoder(Config(players=3)))
    with pytest.raises(ValueError, match="seat must be"):
        observer.vector(new_game(Config(players=3), seed=1), 3)


class _Index:
    """Not an int, but an index (``__index__``), as a NumPy integer is."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("seat", ["1", True, 1.0, _Index(1)], ids=repr)
def test_a_seat_that_is_not_an_int_is_refused_with_the_same_error(seat: object) -> None:
    """In the compiled build too, where the observer's work is compiled
    (``coup_rules.ai.following``) but its public methods check the seat first."""
    observer = GameObserver(ObservationEncoder(Config(players=3)))
    with pytest.raises(ValueError, match="seat must be"):
        observer.vector(new_game(Config(players=3), seed=1), seat)  # type: ignore[arg-type]


def test_a_state_of_another_seed_is_refused_until_reset() -> None:
    config = Config(players=3)
    observer = GameObserver(ObservationEncoder(config))
    observer.vector(new_game(config, seed=1), 0)
    other = new_game(config, seed=2)
    with pytest.raises(ValueError, match=r"another game \(another seed\)"):
        observer.vector(other, 0)
    observer.reset()
    assert observer.vector(other, 0) == ObservationEncoder(config).encode(view(other, 0))


def test_a_state_of_another_deal_with_the_same_seed_is_refused() -> None:
    config = Config(players=3)
    observer = GameObserver(ObservationEncoder(config))
    observer.vector(new_game(config, seed=1), 0)
    duke, captain, contessa = Character.DUKE, Character.CAPTAIN, Character.CONTESSA
    hands = [(duke, duke), (captain, captain), (contessa, contessa)]
    with pytest.raises(ValueError, match="its log does not begin with the events already read"):
        observer.vector(new_game(config, seed=1, hands=hands), 0)


def test_a_state_of_another_line_of_play_is_refused() -> None:
    """Two lines played on from one position: the observer follows the one it was handed."""
    config = Config(players=3)
    observer = GameObserver(ObservationEncoder(config))
    start = random_play(new_game(config, seed=3), random.Random(3), 6)[-1]
    seat = to_act(start)[0]
    first, second = legal_moves(start, seat)[:2]
    followed = apply(start, first)
    observer.vector(followed, 0)
    other = apply(start, second)
    rng = random.Random(5)
    while len(other.log) < len(followed.log):
        other = random_play(other, rng, 1)[-1]
    with pytest.raises(ValueError, match="another line of play"):
        observer.vector(other, 0)


def test_a_decoded_copy_of_the_game_followed_goes_on() -> None:
    """A state rebuilt from JSON is of the same game: its log is compared event by event."""
    config = Config(players=3, inquisitor=True)
    encoder = ObservationEncoder(config)
    observer = GameObserver(encoder)
    states = random_play(new_game(config, seed=4), random.Random(4), 30)
    observer.vector(states[10], 1)
    later = from_json(to_json(states[-1]), GameState)
    assert observer.vector(later, 1) == encoder.encode(view(later, 1))
