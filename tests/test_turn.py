"""The turn: mandatory action, forced Coup, clockwise order, who may move (R-TURN-*)."""

from __future__ import annotations

import pytest
from helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play

from coup_rules import (
    Allow,
    Block,
    Challenge,
    Config,
    Coup,
    Decision,
    Exchange,
    ForeignAid,
    GameState,
    IllegalMoveError,
    Income,
    LoseInfluence,
    Prove,
    Steal,
    Tax,
    TurnStarted,
    apply,
    legal_moves,
    new_game,
    to_act,
)
from coup_rules.moves import ACTION_TYPES

HANDS4 = [(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (AMBASSADOR, CAPTAIN), (DUKE, CONTESSA)]


def game(coins: list[int] | None = None, first_player: int = 0) -> GameState:
    """A 4-player game on a fixed deal."""
    return new_game(Config(players=4, first_player=first_player), seed=1, hands=HANDS4, coins=coins)


def coup_out(state: GameState, actor: int, target: int) -> GameState:
    """``actor`` Coups ``target``, who turns a card face up if asked."""
    state = play(state, Coup(actor, target))
    if to_act(state) == (target,):
        state = play(state, LoseInfluence(target, state.players[target].hand[0]))
    return state


# --- R-TURN-1: an action is mandatory ---


@pytest.mark.parametrize("coins", [0, 2, 3, 7, 9])
def test_action_decision_offers_only_actions(coins: int) -> None:
    """R-TURN-1: the active player must act: every legal move is an action, never a pass."""
    state = game(coins=[coins, 2, 2, 2])
    moves = legal_moves(state, 0)
    assert moves
    assert all(isinstance(m, ACTION_TYPES) for m in moves)
    assert Income(0) in moves


def test_passing_is_rejected() -> None:
    """R-TURN-1: Allow is not a way to pass the turn."""
    state = game()
    with pytest.raises(IllegalMoveError) as err:
        apply(state, Allow(0))
    assert err.value.rule == "R-TURN-1"


def test_each_turn_declares_exactly_one_action() -> None:
    """R-TURN-1: after one action resolves, the turn passes on; no second action."""
    state = play(game(), Income(0))
    assert state.active == 1
    assert legal_moves(state, 0) == ()


# --- R-TURN-2: forced Coup ---


@pytest.mark.parametrize("coins", [10, 11, 15])
def test_ten_or_more_coins_forces_a_coup(coins: int) -> None:
    """R-TURN-2: starting a turn with 10+ coins, the only moves are Coups on each opponent."""
    state = game(coins=[coins, 2, 2, 2])
    assert legal_moves(state, 0) == (Coup(0, 1), Coup(0, 2), Coup(0, 3))


def test_nine_coins_do_not_force_a_coup() -> None:
    """R-TURN-2: with 9 coins the player may do anything affordable."""
    moves = legal_moves(game(coins=[9, 2, 2, 2]), 0)
    assert Income(0) in moves and Tax(0) in moves and Coup(0, 1) in moves


def test_forced_coup_applies_when_reaching_ten_before_the_turn() -> None:
    """R-TURN-2: a player reaching 10 on an earlier turn must Coup when their turn starts."""
    state = game(coins=[9, 2, 2, 2])
    state = play(state, Income(0), Income(1), Income(2), Income(3))
    assert state.players[0].coins == 10
    assert all(isinstance(m, Coup) for m in legal_moves(state, 0))


def test_forced_coup_skips_eliminated_targets() -> None:
    """R-TURN-2, R-ACT-8: the forced Coup may only target living opponents."""
    state = game(coins=[10, 7, 2, 7], first_player=1)
    state = coup_out(state, 1, 2)
    state = play(state, Income(2))
    state = coup_out(state, 3, 2)
    assert not state.players[2].hand
    assert state.active == 0
    assert legal_moves(state, 0) == (Coup(0, 1), Coup(0, 3))


# --- R-TURN-3: clockwise order ---


def test_play_goes_clockwise_and_wraps() -> None:
    """R-TURN-3: turns go to increasing seats and wrap from the last seat to seat 0."""
    state = game()
    seen = []
    for _ in range(6):
        seen.append(state.active)
        state = play(state, Income(state.active))
    assert seen == [0, 1, 2, 3, 0, 1]
    assert state.turn == 7


def test_turns_are_logged_with_their_number() -> None:
    """R-TURN-3: each turn start is logged with the seat and the turn number."""
    state = play(game(), Income(0), Income(1))
    starts = [e for e in state.log if isinstance(e, TurnStarted)]
    assert starts == [TurnStarted(0, 1), TurnStarted(1, 2), TurnStarted(2, 3)]


def test_eliminated_seats_are_skipped() -> None:
    """R-TURN-3: an eliminated seat never gets a turn."""
    state = coup_out(game(coins=[14, 2, 2, 2]), 0, 1)
    state = play(state, Income(1), Income(2), Income(3))
    state = coup_out(state, 0, 1)
    assert not state.players[1].hand
    assert state.active == 2
    state = play(state, Income(2), Income(3), Income(0))
    assert state.active == 2


def test_next_turn_after_the_actor_is_eliminated_on_their_own_turn() -> None:
    """R-TURN-3: the actor challenges a block, loses their last card; next living seat plays."""
    state = coup_out(game(coins=[7, 2, 2, 2]), 0, 1)  # seat 1 keeps one card
    assert len(state.players[1].hand) == 1
    state = play(state, Steal(1, 2), Allow(0), Allow(2), Allow(3))
    state = play(state, Block(2, CAPTAIN), Challenge(1), Prove(2))
    assert not state.players[1].hand
    assert state.active == 2
    assert to_act(state) == (2,)
    assert state.pending is not None and state.pending.kind is Decision.ACTION


def test_next_turn_wraps_after_the_last_seat_is_eliminated_on_its_turn() -> None:
    """R-TURN-3: the last seat eliminated on its own turn: play wraps to seat 0."""
    state = game(coins=[2, 2, 7, 2])
    state = play(state, Income(0), Income(1))
    state = coup_out(state, 2, 3)
    state = play(state, Income(3), Income(0), Income(1), Income(2))
    assert state.active == 3 and len(state.players[3].hand) == 1
    state = play(state, ForeignAid(3), Block(0, DUKE), Challenge(3), Prove(0))
    assert not state.players[3].hand
    assert state.active == 0


@pytest.mark.parametrize("first", [1, 3])
def test_first_player_option_starts_the_rotation(first: int) -> None:
    """R-TURN-3, R-SETUP-6: play starts at first_player and goes on clockwise."""
    state = game(first_player=first)
    order = []
    for _ in range(4):
        order.append(state.active)
        state = play(state, Income(state.active))
    assert order == [(first + i) % 4 for i in range(4)]


# --- R-TURN-4: only the seats asked may move ---


def test_only_the_active_seat_may_declare() -> None:
    """R-TURN-4: during the action decision only the active seat has moves."""
    state = game()
    assert to_act(state) == (0,)
    assert [legal_moves(state, s) for s in (1, 2, 3)] == [(), (), ()]


def test_to_act_is_the_pending_waiting_list() -> None:
    """R-TURN-4: to_act equals pending.waiting: the seats being asked."""
    state = play(game(), Exchange(0))
    assert state.pending is not None
    assert to_act(state) == state.pending.waiting == (1, 2, 3)
    assert legal_moves(state, 0) == ()


def test_a_seat_not_asked_is_rejected() -> None:
    """R-TURN-4: a move by a seat not being asked raises IllegalMoveError."""
    with pytest.raises(IllegalMoveError) as err:
        apply(game(), Income(1))
    assert err.value.rule == "R-TURN-4"


# --- R-TURN-5 / R-TURN-6 / R-TURN-7 ---


def test_nobody_moves_once_the_game_is_over() -> None:
    """R-TURN-5: after the win, no seat has a move and to_act is empty."""
    hands = [(DUKE, DUKE), (CAPTAIN, CAPTAIN)]
    state = new_game(Config(players=2), seed=1, hands=hands, coins=[14, 0])
    state = play(state, Coup(0, 1), LoseInfluence(1, CAPTAIN), Income(1), Coup(0, 1))
    assert state.is_over
    assert to_act(state) == ()
    assert legal_moves(state, 0) == legal_moves(state, 1) == ()


def test_moves_by_a_missing_seat_are_rejected() -> None:
    """R-TURN-6: a move by a seat beyond the table raises IllegalMoveError."""
    with pytest.raises(IllegalMoveError) as err:
        apply(game(), Income(4))
    assert err.value.rule == "R-TURN-6"


def test_a_challenge_is_not_open_during_the_action_decision() -> None:
    """R-TURN-7: a Challenge while an action is awaited is rejected (the decision's rule)."""
    with pytest.raises(IllegalMoveError) as err:
        apply(game(), Challenge(0))
    assert err.value.rule == "R-TURN-1"
    assert "waits for an action" in err.value.reason


def test_a_value_that_is_not_a_move_is_rejected() -> None:
    """R-TURN-7: apply rejects something that is not a move at all, naming this rule."""
    state = game()
    with pytest.raises(IllegalMoveError) as err:
        apply(state, "p0 income")  # type: ignore[arg-type]
    assert err.value.rule == "R-TURN-7"
    assert err.value.move == "p0 income"
    assert "is not a move" in err.value.reason


def test_an_action_is_not_open_in_a_challenge_window() -> None:
    """R-TURN-7: an action declared in a challenge window is rejected (the window's rule)."""
    state = play(game(), Tax(0))
    with pytest.raises(IllegalMoveError) as err:
        apply(state, Income(1))
    assert err.value.rule == "R-WIN-2"
    assert "challenge or allow" in err.value.reason
