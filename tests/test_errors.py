"""Illegal moves: the error, its reason and rule, the documented check order; move order.

Categories, in API.md's order: the game is over; the seat does not exist (as player or target);
the seat is not being asked; the kind of move is not open; the target; the cost or the forced
Coup; the claim is not in this game's deck; the card is not held.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play

from coup_rules import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    Character,
    Concede,
    Config,
    Coup,
    Draft,
    Examine,
    Exchange,
    ForeignAid,
    GameState,
    IllegalMoveError,
    Income,
    Keep,
    LoseInfluence,
    Prove,
    Steal,
    Tax,
    apply,
    legal_moves,
    new_game,
    to_act,
)

HANDS4 = [(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (AMBASSADOR, CAPTAIN), (DUKE, CONTESSA)]


def game(coins: list[int] | None = None, court: list[Character] | None = None) -> GameState:
    """A 4-player game on a fixed deal."""
    return new_game(Config(players=4), seed=9, hands=HANDS4, coins=coins, court=court)


def reject(state: GameState, move: Any, rule: str) -> IllegalMoveError:
    """Apply ``move``, expect IllegalMoveError with ``rule``, and check ``state`` is untouched."""
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.rule == rule, err.reason
    assert err.move is move
    assert isinstance(err.reason, str) and len(err.reason.split()) >= 4
    assert "R-" not in err.reason
    assert state == snapshot
    assert hash(state) == hash(snapshot)
    assert len(state.log) == len(snapshot.log)
    return err


def game_over() -> GameState:
    """A finished 2-player game won by seat 0."""
    config = Config(players=2, two_player_setup=False)
    state = new_game(config, seed=1, hands=[(DUKE, DUKE), (CAPTAIN, CAPTAIN)], coins=[14, 0])
    state = play(state, Coup(0, 1), LoseInfluence(1, CAPTAIN), Income(1), Coup(0, 1))
    assert state.is_over
    return state


# --- 1. the game is over (R-TURN-5) ---


def test_game_over() -> None:
    """R-TURN-5: any move after the win is rejected, naming the winner."""
    err = reject(game_over(), Income(0), "R-TURN-5")
    assert "over" in err.reason and "0" in err.reason


def test_game_over_comes_before_a_missing_seat() -> None:
    """R-TURN-5: game over is reported before a seat that does not exist."""
    reject(game_over(), Income(5), "R-TURN-5")


# --- 2. the seat does not exist (R-TURN-6) ---


@pytest.mark.parametrize("seat", [4, 9, -1, 100])
def test_missing_seat_as_player(seat: int) -> None:
    """R-TURN-6: a move by a seat that does not exist names the seat and the table size."""
    err = reject(game(), Income(seat), "R-TURN-6")
    assert str(seat) in err.reason and "4" in err.reason


@pytest.mark.parametrize("target", [4, 7, -1])
def test_missing_seat_as_target(target: int) -> None:
    """R-TURN-6: a move aimed at a seat that does not exist is rejected, naming it."""
    err = reject(game(coins=[7, 2, 2, 2]), Coup(0, target), "R-TURN-6")
    assert str(target) in err.reason


def test_missing_target_comes_before_not_being_asked() -> None:
    """R-TURN-6: a missing target is reported before the seat not being asked."""
    reject(game(coins=[7, 7, 2, 2]), Coup(1, 6), "R-TURN-6")


def test_non_integer_seat_is_a_missing_seat() -> None:
    """R-TURN-6: a seat that is not an integer does not exist."""
    reject(game(), Income("0"), "R-TURN-6")  # type: ignore[arg-type]
    reject(game(), Income(True), "R-TURN-6")


# --- 3. the seat is not being asked (R-TURN-4) ---


def test_seat_not_being_asked() -> None:
    """R-TURN-4: a seat not in to_act may not move; the reason names who is waited on."""
    err = reject(game(), Income(2), "R-TURN-4")
    assert "seat 2" in err.reason and "0" in err.reason


def test_not_being_asked_comes_before_the_kind() -> None:
    """R-TURN-4: a seat not asked, with a move of a kind not open, is 'not asked'."""
    reject(game(), Challenge(3), "R-TURN-4")


def test_actor_is_not_asked_in_its_own_challenge_window() -> None:
    """R-TURN-4: the actor may not challenge or allow their own claim."""
    state = play(game(), Tax(0))
    reject(state, Allow(0), "R-TURN-4")


# --- 4. the kind of move is not open (R-TURN-7: reported with the decision's rule) ---


@pytest.mark.parametrize(
    ("move", "rule"),
    [(Challenge(0), "R-TURN-1"), (Allow(0), "R-TURN-1"), (LoseInfluence(0, DUKE), "R-TURN-1")],
)
def test_kind_not_open_in_the_action_decision(move: Any, rule: str) -> None:
    """R-TURN-7: only actions are open while the active player declares (rule R-TURN-1)."""
    err = reject(game(), move, rule)
    assert "an action" in err.reason


def test_kind_not_open_in_a_challenge_window() -> None:
    """R-TURN-7: a Block is not open in the action challenge window."""
    state = play(game(), Steal(0, 1))
    err = reject(state, Block(1, CAPTAIN), "R-WIN-2")
    assert "Block" in err.reason


def test_kind_not_open_in_a_counter_window() -> None:
    """R-TURN-7: a Challenge is not open in the counter window."""
    state = play(game(), ForeignAid(0))
    reject(state, Challenge(1), "R-WIN-3")


def test_kind_not_open_when_answering_a_challenge() -> None:
    """R-TURN-7: only Prove or Concede answer a challenge."""
    state = play(game(), Tax(0), Challenge(1))
    reject(state, Allow(0), "R-CHAL-1")


def test_kind_comes_before_the_target() -> None:
    """R-TURN-7: an action with a bad target in a challenge window is 'not open'."""
    state = play(game(coins=[2, 7, 2, 2]), Tax(0))
    reject(state, Coup(1, 1), "R-WIN-2")


# --- 5. the target (R-ACT-8) ---


def test_target_yourself() -> None:
    """R-ACT-8: a player may not target themselves."""
    err = reject(game(coins=[7, 2, 2, 2]), Coup(0, 0), "R-ACT-8")
    assert "yourself" in err.reason


def test_target_eliminated() -> None:
    """R-ACT-8: an eliminated seat is no target; the reason names it."""
    state = game(coins=[14, 2, 2, 2])
    state = play(state, Coup(0, 1), LoseInfluence(1, ASSASSIN))
    state = play(state, Income(1), Income(2), Income(3), Coup(0, 1))
    state = play(state, Income(2), Income(3))
    err = reject(state, Steal(0, 1), "R-ACT-8")
    assert "seat 1" in err.reason and "eliminated" in err.reason


def test_target_comes_before_the_cost() -> None:
    """R-ACT-8: a self-targeted Coup without the coins reports the target."""
    reject(game(coins=[2, 2, 2, 2]), Coup(0, 0), "R-ACT-8")


# --- 6. the cost or the forced Coup (R-ACT-9, R-TURN-2) ---


def test_coup_cost() -> None:
    """R-ACT-9: Coup costs 7; the reason names the cost, the seat and its coins."""
    err = reject(game(coins=[5, 2, 2, 2]), Coup(0, 2), "R-ACT-9")
    assert err.reason == "Coup costs 7 coins; seat 0 has 5"


def test_assassinate_cost() -> None:
    """R-ACT-9: Assassinate costs 3; the reason names the numbers."""
    err = reject(game(coins=[2, 2, 2, 2]), Assassinate(0, 1), "R-ACT-9")
    assert "3" in err.reason and "seat 0" in err.reason and "2" in err.reason


@pytest.mark.parametrize("move", [Income(0), Tax(0), Steal(0, 1), Exchange(0), ForeignAid(0)])
def test_forced_coup(move: Any) -> None:
    """R-TURN-2: with 10+ coins any other action is refused; the reason names the coins."""
    err = reject(game(coins=[10, 2, 2, 2]), move, "R-TURN-2")
    assert "10" in err.reason and "Coup" in err.reason


def test_forced_coup_comes_before_the_claim() -> None:
    """R-TURN-2: an Examine (not in the deck) with 11 coins reports the forced Coup."""
    reject(game(coins=[11, 2, 2, 2]), Examine(0, 1), "R-TURN-2")


# --- 7. the claim is not in this game's deck (R-ACT-11) ---


def test_claim_examine_not_in_deck() -> None:
    """R-ACT-11: Examine claims the Inquisitor, who is not in a base deck."""
    err = reject(game(), Examine(0, 1), "R-ACT-11")
    assert "Inquisitor" in err.reason


def test_block_claim_not_in_deck() -> None:
    """R-ACT-11: a block claiming the Inquisitor is refused in a base game."""
    state = play(game(), Steal(0, 1), Allow(1), Allow(2), Allow(3))
    err = reject(state, Block(1, INQUISITOR), "R-ACT-11")
    assert "Inquisitor" in err.reason


def test_draft_claim_not_in_deck() -> None:
    """R-ACT-11: the draft offers only the characters of the deck."""
    state = new_game(Config(players=2), seed=1)
    reject(state, Draft(0, INQUISITOR), "R-ACT-11")


def test_block_with_a_character_that_does_not_block() -> None:
    """R-WIN-3: a block with a character that does not block this action is refused."""
    state = play(game(coins=[3, 2, 2, 2]), Assassinate(0, 1), Allow(1), Allow(2), Allow(3))
    err = reject(state, Block(1, DUKE), "R-WIN-3")
    assert "Contessa" in err.reason


# --- 8. the card is not held (R-INF-1, R-CHAL-1, R-ACT-12) ---


def test_lose_a_card_not_held() -> None:
    """R-INF-1: LoseInfluence must name a hidden card."""
    state = play(game(coins=[7, 2, 2, 2]), Coup(0, 1))
    err = reject(state, LoseInfluence(1, DUKE), "R-INF-1")
    assert "Duke" in err.reason and "seat 1" in err.reason


def test_prove_without_the_card() -> None:
    """R-CHAL-1: Prove without the claimed character is refused."""
    state = play(game(), Exchange(0), Challenge(1))
    err = reject(state, Prove(0), "R-CHAL-1")
    assert "seat 0" in err.reason


def test_keep_cards_not_held() -> None:
    """R-ACT-12: Keep must name cards of the hand (after the draw)."""
    state = play(game(court=[CONTESSA, ASSASSIN]), Exchange(0), Allow(1), Allow(2), Allow(3))
    err = reject(state, Keep(0, (AMBASSADOR, DUKE)), "R-ACT-12")
    assert "2" in err.reason


# --- legal_moves: bad seats and the documented order ---


@pytest.mark.parametrize("seat", [-1, 4, 10, "1", True, None])
def test_legal_moves_rejects_a_missing_seat(seat: Any) -> None:
    """R-TURN-6: legal_moves raises ValueError for a seat that does not exist."""
    with pytest.raises(ValueError, match="player"):
        legal_moves(game(), seat)


def test_action_order_is_table_then_target() -> None:
    """R-TURN-1: actions come in the move table's order, then by target seat."""
    assert legal_moves(game(coins=[7, 2, 2, 2]), 0) == (
        Income(0),
        ForeignAid(0),
        Coup(0, 1),
        Coup(0, 2),
        Coup(0, 3),
        Tax(0),
        Assassinate(0, 1),
        Assassinate(0, 2),
        Assassinate(0, 3),
        Steal(0, 1),
        Steal(0, 2),
        Steal(0, 3),
        Exchange(0),
    )


def test_action_order_from_a_later_seat() -> None:
    """R-ACT-8: targets are listed in ascending seat order, whoever acts."""
    state = play(game(coins=[2, 2, 3, 2]), Income(0), Income(1))
    aimed = [m for m in legal_moves(state, 2) if isinstance(m, Assassinate)]
    assert aimed == [Assassinate(2, 0), Assassinate(2, 1), Assassinate(2, 3)]


def test_block_order_is_by_character_then_allow() -> None:
    """R-WIN-3: blocks come by character order, Allow after them."""
    state = play(game(), Steal(0, 2), Allow(1), Allow(2), Allow(3))
    assert legal_moves(state, 2) == (Block(2, CAPTAIN), Block(2, AMBASSADOR), Allow(2))


def test_answer_order_is_challenge_allow_prove_concede() -> None:
    """R-WIN-2, R-CHAL-1: Challenge before Allow; Prove before Concede."""
    state = play(game(), Tax(0))
    assert legal_moves(state, 1) == (Challenge(1), Allow(1))
    state = play(state, Challenge(1))
    assert legal_moves(state, 0) == (Prove(0), Concede(0))


def test_lose_influence_order_is_by_character() -> None:
    """R-INF-1: LoseInfluence moves come in character order."""
    state = play(game(coins=[7, 2, 2, 2]), Coup(0, 3))
    assert legal_moves(state, 3) == (LoseInfluence(3, DUKE), LoseInfluence(3, CONTESSA))


def test_move_order_is_deterministic() -> None:
    """R-TURN-4: the same state gives the same legal moves every time, and to_act agrees."""
    state = play(game(), ForeignAid(0))
    first = [legal_moves(state, s) for s in range(4)]
    again = [legal_moves(copy.deepcopy(state), s) for s in range(4)]
    assert first == again
    assert to_act(state) == (1, 2, 3)


def test_float_seat_is_a_missing_seat() -> None:
    """R-TURN-6: a seat that is a float (0.0) is no seat: IllegalMoveError, not a crash."""
    reject(game(), Income(0.0), "R-TURN-6")  # type: ignore[arg-type]
