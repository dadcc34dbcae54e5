"""Answering challenges: Prove, Concede, the replacement draw, the Assassin refund (R-CHAL-*)."""

from __future__ import annotations

from collections import Counter

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
    Conceded,
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
    Proved,
    Stage,
    Steal,
    Tax,
    apply,
    legal_moves,
    new_game,
    to_act,
)

HANDS4 = [(DUKE, ASSASSIN), (CAPTAIN, CONTESSA), (AMBASSADOR, CAPTAIN), (DUKE, CONTESSA)]


def game(
    coins: list[int] | None = None, court: list[Character] | None = None, first: int = 0
) -> GameState:
    """A 4-player game on a fixed deal."""
    config = Config(players=4, first_player=first)
    return new_game(config, seed=5, hands=HANDS4, coins=coins, court=court)


def allow_all(state: GameState) -> GameState:
    """Every seat now asked allows."""
    return play(state, *(Allow(s) for s in to_act(state)))


def kind(state: GameState) -> Decision:
    """The kind of the pending decision."""
    assert state.pending is not None
    return state.pending.kind


# --- R-CHAL-1 / R-CHAL-2: the answers offered ---


def test_holder_may_prove_or_concede() -> None:
    """R-CHAL-1, R-CHAL-2: holding the Duke, the claimant may Prove or Concede."""
    state = play(game(), Tax(0), Challenge(2))
    assert kind(state) is Decision.ANSWER_ACTION_CHALLENGE
    assert legal_moves(state, 0) == (Prove(0), Concede(0))


def test_bluffer_may_only_concede() -> None:
    """R-CHAL-1: without the claimed character, only Concede is legal."""
    state = play(game(), Steal(0, 1), Challenge(1))
    assert legal_moves(state, 0) == (Concede(0),)
    with pytest.raises(IllegalMoveError) as err:
        apply(state, Prove(0))
    assert err.value.rule == "R-CHAL-1"


def test_bluffer_is_still_asked() -> None:
    """R-CHAL-2: the bluffer is asked to answer like anyone (to_act is public)."""
    state = play(game(), Steal(0, 1), Challenge(1))
    assert to_act(state) == (0,)


def test_blocker_holding_the_card_may_prove() -> None:
    """R-CHAL-1: a challenged blocker holding the claimed character may Prove."""
    state = play(game(first=2), ForeignAid(2), Block(3, DUKE), Challenge(2))
    assert kind(state) is Decision.ANSWER_BLOCK_CHALLENGE
    assert legal_moves(state, 3) == (Prove(3), Concede(3))


def test_bluffing_blocker_may_only_concede() -> None:
    """R-CHAL-1: a blocker without the claimed character may only Concede."""
    state = play(game(first=2), ForeignAid(2), Block(1, DUKE), Challenge(2))
    assert legal_moves(state, 1) == (Concede(1),)


def test_concede_is_legal_while_holding_the_card() -> None:
    """R-CHAL-2: conceding while holding the claimed Duke is allowed; the claim fails."""
    state = play(game(), Tax(0), Challenge(1), Concede(0))
    assert kind(state) is Decision.LOSE_INFLUENCE
    state = play(state, LoseInfluence(0, DUKE))
    assert state.players[0].coins == 2
    assert state.players[0].revealed == (DUKE,)


# --- R-CHAL-3: Prove ---


def test_prove_returns_the_card_and_draws_a_replacement() -> None:
    """R-CHAL-3: the proved card goes to the Court, a replacement is drawn at once."""
    court = [CONTESSA, AMBASSADOR]
    state = game(court=court)
    state = play(state, Tax(0), Challenge(1), Prove(0))
    hand = state.players[0].hand
    assert len(hand) == 2
    assert ASSASSIN in hand
    assert len(state.court) == 2
    assert Counter(state.court) + Counter(hand) == Counter([CONTESSA, AMBASSADOR, DUKE, ASSASSIN])
    drawn = [e for e in state.log if isinstance(e, CardsDrawn)]
    assert len(drawn) == 1 and drawn[0].player == 0 and drawn[0].count == 1


def test_prove_may_redraw_the_same_character() -> None:
    """R-CHAL-3: the replacement may be the proved character itself (from a shuffled Court)."""
    court = [CONTESSA, AMBASSADOR]
    hands = set()
    for seed in range(12):
        state = new_game(Config(players=4), seed=seed, hands=HANDS4, court=court)
        state = play(state, Tax(0), Challenge(1), Prove(0))
        hands.add(state.players[0].hand)
    assert (DUKE, ASSASSIN) in hands
    assert len(hands) > 1


def test_prove_logs_the_card_shown() -> None:
    """R-CHAL-3: the proof is public: the log shows which card was proved."""
    state = play(game(), Tax(0), Challenge(1), Prove(0))
    assert Proved(0, (DUKE,)) in state.log


def test_prove_makes_the_challenger_lose_an_influence() -> None:
    """R-CHAL-3: after the proof, the challenger loses one influence."""
    state = play(game(), Tax(0), Challenge(2), Prove(0))
    assert kind(state) is Decision.LOSE_INFLUENCE
    assert to_act(state) == (2,)
    assert state.pending is not None and state.pending.resume is Stage.COUNTER
    state = play(state, LoseInfluence(2, CAPTAIN))
    assert state.players[2].revealed == (CAPTAIN,)


def test_after_prove_the_action_stands() -> None:
    """R-CHAL-3: the proved Tax takes effect after the challenger's loss."""
    state = play(game(), Tax(0), Challenge(2), Prove(0), LoseInfluence(2, CAPTAIN))
    assert state.players[0].coins == 5
    assert state.active == 1


def test_prove_of_a_block_draws_a_replacement_and_the_block_stands() -> None:
    """R-CHAL-3: a proved block: card to Court, replacement, challenger loses, action fails."""
    state = play(game(first=2), ForeignAid(2), Block(3, DUKE), Challenge(1), Prove(3))
    assert len(state.players[3].hand) == 2
    assert len(state.court) == 15 - 8
    assert to_act(state) == (1,)
    state = play(state, LoseInfluence(1, CONTESSA))
    assert state.players[2].coins == 2
    assert state.active == 3


def test_challenger_with_one_card_is_eliminated_on_prove() -> None:
    """R-CHAL-3, R-INF-2: a challenger with one card loses it at once, without being asked."""
    state = game(coins=[7, 2, 2, 2])
    state = play(state, Coup(0, 1), LoseInfluence(1, CONTESSA), Tax(1), Allow(0), Allow(2))
    state = play(state, Allow(3), Income(2), Income(3))
    state = play(state, Tax(0), Challenge(1), Prove(0))
    assert not state.players[1].hand
    assert Eliminated(1) in state.log
    assert state.players[0].coins == 3
    assert state.active == 2


# --- R-CHAL-4: Concede ---


def test_concede_costs_the_claimant_an_influence() -> None:
    """R-CHAL-4: the conceding claimant loses one influence of their choice."""
    state = play(game(), Steal(0, 1), Challenge(3), Concede(0))
    assert state.log[-1] == Conceded(0)
    assert to_act(state) == (0,)
    assert legal_moves(state, 0) == (LoseInfluence(0, DUKE), LoseInfluence(0, ASSASSIN))


def test_conceded_claim_fails() -> None:
    """R-CHAL-4: a conceded Steal takes nothing and the turn ends."""
    state = play(game(), Steal(0, 1), Challenge(3), Concede(0), LoseInfluence(0, ASSASSIN))
    assert [p.coins for p in state.players] == [2, 2, 2, 2]
    assert state.active == 1


def test_conceded_claim_opens_no_counter_window() -> None:
    """R-CHAL-4: after a conceded Assassination there is no counter window."""
    state = play(game(coins=[3, 2, 2, 2]), Assassinate(0, 1), Challenge(2), Concede(0))
    state = play(state, LoseInfluence(0, DUKE))
    assert kind(state) is Decision.ACTION
    assert state.players[1].hand == (CAPTAIN, CONTESSA)


def test_conceded_exchange_draws_nothing() -> None:
    """R-CHAL-4: a conceded Exchange draws no card."""
    state = play(game(), Exchange(0), Challenge(1), Concede(0), LoseInfluence(0, DUKE))
    assert not any(isinstance(e, CardsDrawn) for e in state.log)
    assert state.players[0].hand == (ASSASSIN,)


# --- R-CHAL-5: refunds and failed blocks ---


def test_assassin_coins_return_on_concede_before_the_loss() -> None:
    """R-CHAL-5: the Assassin's 3 coins come back at the Concede, before the influence loss."""
    state = game(coins=[4, 2, 2, 2])
    state = play(state, Assassinate(0, 1), Challenge(1))
    assert state.players[0].coins == 1
    state = play(state, Concede(0))
    assert state.players[0].coins == 4
    assert state.log[-1] == CoinsMoved(3, Pool.TREASURY, 0)
    assert kind(state) is Decision.LOSE_INFLUENCE


def test_assassin_refund_goes_to_the_treasury_when_the_actor_is_eliminated() -> None:
    """R-CHAL-5: refunded, then eliminated by the loss: all the actor's coins go back."""
    state = game(coins=[0, 2, 2, 7], first=3)
    state = play(state, Coup(3, 0), LoseInfluence(0, DUKE))
    for _ in range(3):
        state = play(state, Income(0), Income(1), Income(2), Income(3))
    assert state.players[0].coins == 3 and state.players[0].hand == (ASSASSIN,)
    treasury = state.treasury
    state = play(state, Assassinate(0, 1), Challenge(2))
    assert legal_moves(state, 0) == (Prove(0), Concede(0))
    state = play(state, Concede(0))
    assert not state.players[0].hand
    assert state.players[0].coins == 0
    assert state.treasury == treasury + 3
    log = list(state.log)
    at = log.index(Conceded(0))
    assert log[at : at + 5] == [
        Conceded(0),
        CoinsMoved(3, Pool.TREASURY, 0),
        InfluenceLost(0, ASSASSIN),
        Eliminated(0),
        CoinsMoved(3, 0, Pool.TREASURY),
    ]
    assert state.active == 1


def test_failed_block_lets_the_action_resolve() -> None:
    """R-CHAL-5: a conceded block fails: the Foreign Aid resolves."""
    state = play(game(first=2), ForeignAid(2), Block(1, DUKE), Challenge(2), Concede(1))
    state = play(state, LoseInfluence(1, CAPTAIN))
    assert state.players[2].coins == 4
    assert state.players[1].revealed == (CAPTAIN,)
    assert state.active == 3


def test_failed_steal_block_lets_the_steal_resolve() -> None:
    """R-CHAL-5: a bluffed Ambassador block on a Steal, challenged: the Steal resolves."""
    state = allow_all(play(game(first=2), Steal(2, 3)))
    state = play(state, Block(3, AMBASSADOR), Challenge(2), Concede(3), LoseInfluence(3, DUKE))
    assert [p.coins for p in state.players] == [2, 2, 4, 0]


def test_failed_contessa_block_lets_the_assassination_resolve() -> None:
    """R-CHAL-5: a bluffed Contessa is challenged by the actor; the Assassination resolves."""
    state = allow_all(play(game(coins=[3, 2, 2, 2]), Assassinate(0, 2)))
    state = play(state, Block(2, CONTESSA), Challenge(0), Concede(2))
    state = play(state, LoseInfluence(2, AMBASSADOR))
    assert not state.players[2].hand
    assert state.players[2].revealed == (AMBASSADOR, CAPTAIN)
