"""Losing influence, elimination and the win (R-INF-*)."""

from __future__ import annotations

import pytest
from helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play

from coup_rules import (
    Allow,
    Assassinate,
    Block,
    CardsDrawn,
    Challenge,
    Character,
    CoinsMoved,
    Concede,
    Config,
    Coup,
    Decision,
    Eliminated,
    Exchange,
    ForeignAid,
    GameState,
    IllegalMoveError,
    Income,
    InfluenceLost,
    LoseInfluence,
    Pool,
    Prove,
    Steal,
    Tax,
    Won,
    apply,
    legal_moves,
    new_game,
    to_act,
)


def game(
    hands: list[tuple[Character, Character]],
    coins: list[int] | None = None,
    first: int = 0,
) -> GameState:
    """A game on a fixed deal, one seat per hand."""
    config = Config(players=len(hands), first_player=first)
    return new_game(config, seed=2, hands=hands, coins=coins)


HANDS3 = [(DUKE, ASSASSIN), (CAPTAIN, CONTESSA), (DUKE, DUKE)]


def allow_all(state: GameState) -> GameState:
    """Every seat now asked allows."""
    return play(state, *(Allow(s) for s in to_act(state)))


# --- R-INF-1: the choice with two cards ---


def test_two_hidden_cards_ask_which_to_lose() -> None:
    """R-INF-1: with two different hidden cards the player picks which one to reveal."""
    state = play(game(HANDS3, coins=[7, 2, 2]), Coup(0, 1))
    assert state.pending is not None and state.pending.kind is Decision.LOSE_INFLUENCE
    assert legal_moves(state, 1) == (LoseInfluence(1, CAPTAIN), LoseInfluence(1, CONTESSA))


@pytest.mark.parametrize("card", [CAPTAIN, CONTESSA])
def test_the_chosen_card_is_revealed(card: Character) -> None:
    """R-INF-1: the chosen card turns face up; the other stays hidden."""
    state = play(game(HANDS3, coins=[7, 2, 2]), Coup(0, 1), LoseInfluence(1, card))
    other = CONTESSA if card is CAPTAIN else CAPTAIN
    assert state.players[1].hand == (other,)
    assert state.players[1].revealed == (card,)
    assert state.log[-2] == InfluenceLost(1, card)


def test_identical_cards_are_still_asked_with_one_move() -> None:
    """R-INF-1: with two identical hidden cards the player is still asked: one legal move."""
    state = play(game(HANDS3, coins=[7, 2, 2]), Coup(0, 2))
    assert to_act(state) == (2,)
    assert legal_moves(state, 2) == (LoseInfluence(2, DUKE),)
    state = play(state, LoseInfluence(2, DUKE))
    assert state.players[2].hand == (DUKE,)


def test_a_card_not_held_cannot_be_lost() -> None:
    """R-INF-1: LoseInfluence must name a hidden card of the player."""
    state = play(game(HANDS3, coins=[7, 2, 2]), Coup(0, 1))
    with pytest.raises(IllegalMoveError) as err:
        apply(state, LoseInfluence(1, DUKE))
    assert err.value.rule == "R-INF-1"


# --- R-INF-2: one card is lost at once ---


def one_card_seat_one() -> GameState:
    """3 players; seat 1 has lost its Captain; seat 0 (7 coins) is to act."""
    state = play(game(HANDS3, coins=[14, 2, 2]), Coup(0, 1), LoseInfluence(1, CAPTAIN))
    return play(state, Income(1), Income(2))


def test_one_hidden_card_is_lost_without_a_move() -> None:
    """R-INF-2: with one hidden card it is revealed at once; nobody is asked."""
    state = one_card_seat_one()
    state = play(state, Coup(0, 1))
    assert state.players[1].hand == ()
    assert state.players[1].revealed == (CAPTAIN, CONTESSA)
    assert InfluenceLost(1, CONTESSA) in state.log
    assert state.pending is not None and state.pending.kind is Decision.ACTION
    assert state.active == 2


# --- R-INF-3: revealed cards ---


def test_revealed_cards_stay_in_order_lost() -> None:
    """R-INF-3: revealed cards stay face up in front of their owner, in the order lost."""
    state = play(one_card_seat_one(), Coup(0, 1))
    assert state.players[1].revealed == (CAPTAIN, CONTESSA)
    state = play(state, Income(2), Income(0))
    assert state.players[1].revealed == (CAPTAIN, CONTESSA)


def test_a_revealed_card_cannot_prove_a_claim() -> None:
    """R-INF-3: a revealed Captain counts for nothing: a Steal claim cannot be proved with it."""
    state = play(one_card_seat_one(), Income(0), Steal(1, 2), Challenge(2))
    assert state.players[1].revealed == (CAPTAIN,)
    assert legal_moves(state, 1) == (Concede(1),)


# --- R-INF-4: elimination ---


def test_elimination_sends_coins_to_the_treasury() -> None:
    """R-INF-4: the eliminated player's coins go to the Treasury."""
    state = play(game(HANDS3, coins=[14, 5, 2]), Coup(0, 1), LoseInfluence(1, CAPTAIN))
    state = play(state, Income(1), Income(2))
    treasury = state.treasury
    state = play(state, Coup(0, 1))
    assert state.players[1].coins == 0
    assert state.treasury == treasury + 7 + 6
    log = list(state.log)
    at = log.index(Eliminated(1))
    assert log[at + 1] == CoinsMoved(6, 1, Pool.TREASURY)


def test_eliminated_player_is_not_alive_and_not_asked() -> None:
    """R-INF-4: an eliminated player is out: no windows wait on them."""
    state = play(one_card_seat_one(), Coup(0, 1))
    assert not state.players[1].alive
    assert state.living == (0, 2)
    state = play(state, Tax(2))
    assert to_act(state) == (0,)


def test_elimination_by_a_lost_challenge_closes_nothing_extra() -> None:
    """R-INF-4: a player eliminated by a lost challenge is skipped in later turns."""
    state = play(one_card_seat_one(), Tax(0), Challenge(1), Prove(0))
    assert not state.players[1].alive
    assert state.active == 2
    state = play(state, Income(2))
    assert state.active == 0


# --- R-INF-5: the target eliminated before the action resolves ---


def test_assassination_target_eliminated_by_its_challenge() -> None:
    """R-INF-5: the target dies to its own lost challenge: the action has no further effect."""
    state = one_card_seat_one()
    state = play(state, Assassinate(0, 1), Challenge(1), Prove(0))
    assert not state.players[1].alive
    assert state.players[1].revealed == (CAPTAIN, CONTESSA)
    assert state.pending is not None and state.pending.kind is Decision.ACTION
    assert state.active == 2


def test_assassin_coins_stay_paid_when_the_target_dies_first() -> None:
    """R-INF-5: the Assassin's 3 coins stay paid when the target is eliminated beforehand."""
    state = one_card_seat_one()
    before = state.players[0].coins
    state = play(state, Assassinate(0, 1), Challenge(1), Prove(0))
    assert state.players[0].coins == before - 3


def test_steal_target_eliminated_by_its_challenge_gives_nothing() -> None:
    """R-INF-5: a Steal whose target is eliminated first takes no coins."""
    hands = [(CAPTAIN, ASSASSIN), (CAPTAIN, CONTESSA), (DUKE, DUKE), (AMBASSADOR, CONTESSA)]
    state = play(game(hands, coins=[7, 4, 2, 2]), Coup(0, 1), LoseInfluence(1, CAPTAIN))
    state = play(state, Income(1), Income(2), Income(3))
    state = play(state, Steal(0, 1), Allow(2), Challenge(1), Prove(0))
    assert not state.players[1].alive
    assert state.players[0].coins == 0
    assert state.players[1].coins == 0


# --- R-INF-6: the win ---


def two_player_endgame() -> GameState:
    """A 2-player game (setup off) in which seat 1 has one card left and it is seat 0's turn."""
    hands = [(CAPTAIN, ASSASSIN), (DUKE, CONTESSA)]
    config = Config(players=2, two_player_setup=False)
    state = new_game(config, seed=4, hands=hands, coins=[10, 3])
    return play(state, Coup(0, 1), LoseInfluence(1, CONTESSA), Income(1))


def assert_over(state: GameState, winner: int) -> None:
    """The game is over and ``winner`` has won."""
    assert state.is_over
    assert state.winner == winner
    assert state.pending is None
    assert to_act(state) == ()
    assert all(legal_moves(state, s) == () for s in range(state.config.players))
    assert state.log[-1] == Won(winner)


def test_last_player_standing_wins() -> None:
    """R-INF-6: the game ends the moment one player is left; that player wins."""
    state = play(two_player_endgame(), Steal(0, 1), Challenge(1), Prove(0))
    assert_over(state, 0)


def test_pending_steal_is_dropped_at_the_win() -> None:
    """R-INF-6: the Steal still pending at the win is dropped: no coins are credited."""
    state = two_player_endgame()
    state = play(state, Steal(0, 1), Challenge(1), Prove(0))
    assert state.players[0].coins == 3
    assert state.players[1].coins == 0
    assert state.treasury == 54 - 3


def test_the_win_keeps_the_active_seat() -> None:
    """R-INF-6: when the game ends, active stays the seat whose turn it was."""
    state = play(two_player_endgame(), Steal(0, 1), Challenge(1), Prove(0))
    assert state.active == 0
    assert state.turn == 3


def test_actor_eliminated_on_own_turn_lets_the_other_win() -> None:
    """R-INF-6: the actor challenges a true Duke block with their last card: the blocker wins."""
    hands = [(CAPTAIN, ASSASSIN), (DUKE, CONTESSA)]
    config = Config(players=2, two_player_setup=False)
    state = new_game(config, seed=4, hands=hands, coins=[2, 7])
    state = play(state, Income(0), Coup(1, 0), LoseInfluence(0, CAPTAIN))
    state = play(state, ForeignAid(0), Block(1, DUKE), Challenge(0), Prove(1))
    assert_over(state, 1)
    assert state.active == 0
    assert state.players[0].coins == 0


def test_pending_assassination_is_dropped_at_the_win() -> None:
    """R-INF-6: the challenger dies to a proved Assassin: the game ends, nothing more happens."""
    state = play(two_player_endgame(), Assassinate(0, 1), Challenge(1), Prove(0))
    assert_over(state, 0)
    log = list(state.log)
    assert isinstance(log[-5], CardsDrawn)
    assert log[-4:] == [
        InfluenceLost(1, DUKE),
        Eliminated(1),
        CoinsMoved(4, 1, Pool.TREASURY),
        Won(0),
    ]
    assert state.players[0].coins == 0


def test_exchange_keep_is_never_reached_after_the_win() -> None:
    """R-INF-6: a challenger eliminated by a proved Ambassador ends the game: no Exchange draw."""
    hands = [(AMBASSADOR, ASSASSIN), (DUKE, CONTESSA)]
    config = Config(players=2, two_player_setup=False)
    state = new_game(config, seed=4, hands=hands, coins=[7, 3])
    state = play(state, Coup(0, 1), LoseInfluence(1, CONTESSA), Income(1))
    state = play(state, Exchange(0), Challenge(1), Prove(0))
    assert_over(state, 0)
    assert len(state.players[0].hand) == 2
    drawn = [e for e in state.log if isinstance(e, CardsDrawn)]
    assert [e.count for e in drawn] == [1]


def test_game_over_rejects_every_move() -> None:
    """R-INF-6, R-TURN-5: after the win any move raises IllegalMoveError."""
    state = play(two_player_endgame(), Steal(0, 1), Challenge(1), Prove(0))
    with pytest.raises(IllegalMoveError) as err:
        apply(state, Income(0))
    assert err.value.rule == "R-TURN-5"


def test_win_in_a_three_player_game_needs_two_eliminations() -> None:
    """R-INF-6: the game goes on while two players remain."""
    state = play(one_card_seat_one(), Coup(0, 1))
    assert not state.is_over
    assert state.winner is None
    assert to_act(state) == (2,)


def test_a_block_challenge_lost_by_the_last_opponent_ends_the_game() -> None:
    """R-INF-6: the blocker bluffs a Contessa with their last card and is challenged: win."""
    state = two_player_endgame()
    state = play(state, Assassinate(0, 1), Allow(1), Block(1, CONTESSA), Challenge(0))
    state = play(state, Concede(1))
    assert_over(state, 0)
    assert state.players[0].coins == 0
