"""An action that comes to nothing is logged as ``Fizzled`` (R-INF-5).

When the target of the pending action is eliminated before it takes effect (on losing a
challenge of that action, or a challenge of its own block), the action has no further effect,
and the log says so: a ``Fizzled`` naming the action, after the elimination, before the next
turn. A reader of the log (a narrator, a UI) then learns why nothing was stolen, examined or
assassinated.
"""

from __future__ import annotations

import json

import pytest
from helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play

from coup_rules import (
    ActionMove,
    Allow,
    Assassinate,
    Block,
    Challenge,
    Character,
    Concede,
    Config,
    Coup,
    DecodeError,
    Eliminated,
    Event,
    Examine,
    Fizzled,
    GameState,
    Income,
    LoseInfluence,
    PlayerView,
    Prove,
    Steal,
    TurnStarted,
    describe_event,
    from_json,
    new_game,
    to_json,
    view,
)

HANDS = [(CAPTAIN, ASSASSIN), (CAPTAIN, CONTESSA), (DUKE, DUKE), (AMBASSADOR, CONTESSA)]


def last_card_seat_one(
    hands: list[tuple[Character, Character]] = HANDS, config: Config | None = None
) -> GameState:
    """Seat 1 has lost its first card (a Captain); seat 0 is to act with 3 coins."""
    config = config or Config(players=len(hands))
    state = new_game(config, seed=2, hands=hands, coins=[10, 4, 2, 2][: len(hands)])
    state = play(state, Coup(0, 1), LoseInfluence(1, CAPTAIN))
    return play(state, *(Income(s) for s in range(1, len(hands))))


def turn_events(before: GameState, after: GameState) -> list[Event]:
    """The events ``after`` added to ``before``'s log."""
    return list(after.log.tail(len(before.log)))


def fizzled_in(before: GameState, after: GameState) -> list[Fizzled]:
    return [e for e in turn_events(before, after) if isinstance(e, Fizzled)]


@pytest.mark.parametrize("action", [Steal(0, 1), Assassinate(0, 1)], ids=lambda a: type(a).__name__)
def test_action_on_a_target_eliminated_by_its_challenge_is_logged_fizzled(
    action: ActionMove,
) -> None:
    """R-INF-5: the target loses its last card on a failed challenge; the action is Fizzled."""
    before = last_card_seat_one()
    after = play(before, action, Challenge(1), Prove(0))
    assert not after.players[1].alive
    assert fizzled_in(before, after) == [Fizzled(action)]


def test_fizzled_comes_after_the_elimination_and_before_the_next_turn() -> None:
    """R-INF-4, R-INF-5, R-TURN-3: elimination, then Fizzled, then the next player's turn."""
    before = last_card_seat_one()
    events = turn_events(before, play(before, Steal(0, 1), Challenge(1), Prove(0)))
    kinds = [type(e) for e in events]
    assert kinds.index(Eliminated) < kinds.index(Fizzled) < kinds.index(TurnStarted)
    assert kinds.count(Fizzled) == 1


def test_assassination_after_a_conceded_false_block_on_the_last_card_is_fizzled() -> None:
    """R-INF-5, R-INF-7: a target who loses its last card on a false Contessa block is out; the
    assassination then comes to nothing."""
    hands = [(CAPTAIN, ASSASSIN), (CAPTAIN, DUKE), (DUKE, DUKE), (AMBASSADOR, CONTESSA)]
    state = last_card_seat_one(hands)
    before = play(state, Assassinate(0, 1), Allow(1), Allow(2), Allow(3))
    after = play(before, Block(1, CONTESSA), Challenge(2), Concede(1))
    assert not after.players[1].alive
    assert fizzled_in(before, after) == [Fizzled(Assassinate(0, 1))]


def test_examine_on_a_target_eliminated_by_its_challenge_is_fizzled() -> None:
    """R-INQ-3, R-INF-5: an Examine whose target died on the challenge shows nothing: Fizzled."""
    hands = [(INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CONTESSA)]
    config = Config(players=3, inquisitor=True)
    state = new_game(config, seed=2, hands=hands, coins=[7, 2, 2])
    state = play(state, Coup(0, 1), LoseInfluence(1, CONTESSA), Income(1), Income(2))
    before = play(state, Examine(0, 1), Challenge(1))
    after = play(before, Prove(0))
    assert fizzled_in(before, after) == [Fizzled(Examine(0, 1))]


def test_an_action_that_takes_effect_is_not_fizzled() -> None:
    """R-INF-5: a target still alive when the action resolves: no Fizzled."""
    hands = [(CAPTAIN, ASSASSIN), (CAPTAIN, CONTESSA), (DUKE, DUKE), (AMBASSADOR, CONTESSA)]
    before = new_game(Config(players=4), seed=2, hands=hands, coins=[2, 4, 2, 2])
    after = play(before, Steal(0, 1), Challenge(1), Prove(0), LoseInfluence(1, CAPTAIN))
    assert after.players[1].alive
    assert fizzled_in(before, after) == []


def fizzled_game() -> GameState:
    """A Steal whose target died on its challenge, and the next turn begun."""
    return play(last_card_seat_one(), Steal(0, 1), Challenge(1), Prove(0))


def test_fizzled_is_narrated_as_coming_to_nothing() -> None:
    """R-INF-5: the narration says the action came to nothing and why."""
    sentence = describe_event(Fizzled(Steal(0, 1)))
    assert sentence == "Seat 0's Steal comes to nothing: seat 1 is out of the game."
    assert describe_event(Fizzled(Steal(0, 1)), you=0).startswith("Your Steal comes to nothing")


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_fizzled_is_public(seat: int | None) -> None:
    """R-INFO-2: every seat and a spectator see the Fizzled whole."""
    state = fizzled_game()
    assert Fizzled(Steal(0, 1)) in view(state, seat).log


def test_fizzled_round_trips_as_json() -> None:
    """API: a Fizzled is tagged "fizzled" and carries its action as a tagged move."""
    event = Fizzled(Steal(0, 1))
    data = json.loads(to_json(event))
    assert data == {"type": "fizzled", "action": {"type": "steal", "player": 0, "target": 1}}
    assert from_json(to_json(event), Event) == event
    assert from_json(to_json(fizzled_game()), GameState) == fizzled_game()


def test_a_view_whose_log_fizzles_an_action_on_a_living_seat_is_refused() -> None:
    """R-INF-5: a decoded view may not log a Fizzled whose target was never eliminated."""
    data = json.loads(to_json(view(fizzled_game(), 2)))
    events = data["log"]
    i = next(i for i, e in enumerate(events) if e["type"] == "fizzled")
    events[i]["action"] = {"type": "steal", "player": 0, "target": 3}
    with pytest.raises(DecodeError, match="R-INF-5"):
        from_json(json.dumps(data), PlayerView)
