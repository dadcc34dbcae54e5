"""Every action's effect, cost and targets; the finite Treasury; Exchange and Keep (R-ACT-*)."""

from __future__ import annotations

from collections import Counter
from math import comb

import pytest
from helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play

from coup_rules import (
    Allow,
    Assassinate,
    Block,
    CardsDrawn,
    CardsReturned,
    Character,
    CoinsMoved,
    Config,
    Coup,
    Decision,
    Examine,
    Exchange,
    ForeignAid,
    GameState,
    Income,
    Keep,
    LoseInfluence,
    Pool,
    Steal,
    Tax,
    legal_moves,
    new_game,
    to_act,
)

HANDS4 = [(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (AMBASSADOR, CAPTAIN), (DUKE, CONTESSA)]


def game(
    coins: list[int] | None = None,
    *,
    hands: list[tuple[Character, Character]] | None = None,
    court: list[Character] | None = None,
    bank: int = 54,
    copies: int | None = None,
) -> GameState:
    """A 4-player game on a fixed deal."""
    config = Config(players=4, coins=bank, copies=copies)
    return new_game(config, seed=1, hands=hands or HANDS4, court=court, coins=coins)


def allow_all(state: GameState) -> GameState:
    """Every seat now asked allows."""
    return play(state, *(Allow(s) for s in to_act(state)))


def coins(state: GameState) -> list[int]:
    """Every seat's coins."""
    return [p.coins for p in state.players]


# --- R-ACT-1 Income ---


def test_income_takes_one_coin() -> None:
    """R-ACT-1: Income takes 1 coin from the Treasury."""
    state = play(game(), Income(0))
    assert coins(state) == [3, 2, 2, 2]
    assert state.treasury == 54 - 8 - 1
    assert CoinsMoved(1, Pool.TREASURY, 0) in state.log


def test_income_opens_no_window() -> None:
    """R-ACT-1: Income is never challenged or blocked: the next turn starts at once."""
    state = play(game(), Income(0))
    assert state.pending is not None and state.pending.kind is Decision.ACTION
    assert state.active == 1


# --- R-ACT-2 Foreign Aid ---


def test_foreign_aid_takes_two_coins_when_nobody_blocks() -> None:
    """R-ACT-2: Foreign Aid takes 2 coins once nobody blocks."""
    state = allow_all(play(game(), ForeignAid(0)))
    assert coins(state) == [4, 2, 2, 2]
    assert state.active == 1


def test_foreign_aid_is_not_challengeable_but_blockable_by_duke() -> None:
    """R-ACT-2: Foreign Aid opens no challenge window, only a counter window (Duke)."""
    state = play(game(), ForeignAid(0))
    assert state.pending is not None and state.pending.kind is Decision.COUNTER
    assert legal_moves(state, 1) == (Block(1, DUKE), Allow(1))


def test_foreign_aid_blocked_by_duke_takes_nothing() -> None:
    """R-ACT-2: a Duke's block that stands stops the Foreign Aid."""
    state = play(game(), ForeignAid(0), Block(3, DUKE))
    state = allow_all(state)
    assert coins(state) == [2, 2, 2, 2]
    assert state.active == 1


# --- R-ACT-3 Coup ---


def test_coup_pays_seven_and_target_loses_influence() -> None:
    """R-ACT-3: Coup pays 7 to the Treasury at once; the target chooses a card to lose."""
    state = play(game(coins=[8, 2, 2, 2]), Coup(0, 2))
    assert coins(state) == [1, 2, 2, 2]
    assert state.treasury == 54 - 14 + 7
    assert state.pending is not None and state.pending.kind is Decision.LOSE_INFLUENCE
    assert to_act(state) == (2,)
    state = play(state, LoseInfluence(2, AMBASSADOR))
    assert state.players[2].hand == (CAPTAIN,)
    assert state.players[2].revealed == (AMBASSADOR,)
    assert state.active == 1


def test_coup_is_never_challenged_or_blocked() -> None:
    """R-ACT-3: Coup opens no challenge and no counter window; only the loss is asked."""
    state = play(game(coins=[7, 2, 2, 2]), Coup(0, 1))
    assert to_act(state) == (1,)
    assert legal_moves(state, 1) == (LoseInfluence(1, ASSASSIN), LoseInfluence(1, CONTESSA))


# --- R-ACT-4 Tax ---


def test_tax_takes_three_coins_after_the_window() -> None:
    """R-ACT-4: Tax claims the Duke and, unchallenged, takes 3 coins."""
    state = play(game(), Tax(0))
    assert state.pending is not None and state.pending.kind is Decision.CHALLENGE_ACTION
    assert coins(state) == [2, 2, 2, 2]
    state = allow_all(state)
    assert coins(state) == [5, 2, 2, 2]
    assert state.active == 1


def test_tax_is_not_blockable() -> None:
    """R-ACT-4: after the challenge window closes, Tax resolves with no counter window."""
    state = allow_all(play(game(), Tax(0)))
    assert state.pending is not None and state.pending.kind is Decision.ACTION


# --- R-ACT-5 Assassinate ---


def test_assassinate_pays_three_at_once() -> None:
    """R-ACT-5, R-ACT-9: the 3 coins are paid on declaring (seen during the windows)."""
    state = play(game(coins=[3, 2, 2, 2]), Assassinate(0, 1))
    assert coins(state) == [0, 2, 2, 2]
    assert state.treasury == 54 - 9 + 3


def test_assassinate_makes_the_target_lose_an_influence() -> None:
    """R-ACT-5: unchallenged and unblocked, the target loses an influence of their choice."""
    state = allow_all(play(game(coins=[3, 2, 2, 2]), Assassinate(0, 1)))
    assert state.pending is not None and state.pending.kind is Decision.COUNTER
    state = play(state, Allow(1))
    assert to_act(state) == (1,)
    state = play(state, LoseInfluence(1, CONTESSA))
    assert state.players[1].revealed == (CONTESSA,)
    assert state.active == 1


def test_assassinate_is_blockable_by_the_contessa_only() -> None:
    """R-ACT-5: the target may block the Assassin with the Contessa."""
    state = allow_all(play(game(coins=[3, 2, 2, 2]), Assassinate(0, 2)))
    assert legal_moves(state, 2) == (Block(2, CONTESSA), Allow(2))


# --- R-ACT-6 Steal ---


def test_steal_takes_two_coins_from_the_target() -> None:
    """R-ACT-6: Steal takes 2 coins from the target."""
    state = allow_all(play(game(coins=[2, 5, 2, 2]), Steal(0, 1)))
    state = play(state, Allow(1))
    assert coins(state) == [4, 3, 2, 2]
    assert CoinsMoved(2, 1, 0) in state.log


def test_steal_from_a_target_with_one_coin_takes_one() -> None:
    """R-ACT-6: a target with 1 coin loses only 1 to a Steal."""
    state = allow_all(play(game(coins=[2, 1, 2, 2]), Steal(0, 1)))
    state = play(state, Allow(1))
    assert coins(state) == [3, 0, 2, 2]


def test_steal_from_a_target_with_no_coins_is_legal_and_takes_nothing() -> None:
    """R-ACT-6: a target with 0 coins may be chosen; the Steal takes 0."""
    state = game(coins=[2, 0, 2, 2])
    assert Steal(0, 1) in legal_moves(state, 0)
    state = play(allow_all(play(state, Steal(0, 1))), Allow(1))
    assert coins(state) == [2, 0, 2, 2]
    assert state.active == 1


def test_steal_is_blockable_by_captain_and_ambassador() -> None:
    """R-ACT-6: the target may block a Steal with the Captain or the Ambassador."""
    state = allow_all(play(game(), Steal(0, 3)))
    assert legal_moves(state, 3) == (Block(3, CAPTAIN), Block(3, AMBASSADOR), Allow(3))


def test_steal_does_not_touch_the_treasury() -> None:
    """R-ACT-6: stolen coins move from the target to the actor, not via the Treasury."""
    before = game(coins=[2, 4, 2, 2])
    state = play(allow_all(play(before, Steal(0, 1))), Allow(1))
    assert state.treasury == before.treasury


# --- R-ACT-7 / R-ACT-12 Exchange and Keep ---


def test_exchange_draws_two_into_the_hand() -> None:
    """R-ACT-7: Exchange draws 2 from the Court; the hand holds 4 while Keep is pending."""
    court = [CONTESSA, ASSASSIN]
    state = allow_all(play(game(court=court), Exchange(0)))
    assert state.players[0].hand == (DUKE, ASSASSIN, CAPTAIN, CONTESSA)
    assert state.court == ()
    assert state.pending is not None and state.pending.kind is Decision.KEEP
    assert state.pending.keep == 2
    assert to_act(state) == (0,)
    assert CardsDrawn(0, 2, (ASSASSIN, CONTESSA)) in state.log


def test_exchange_keep_choices_are_every_pair() -> None:
    """R-ACT-12: with 2 influence, every 2 of the 4 cards may be kept (distinct sets)."""
    state = allow_all(play(game(court=[CONTESSA, ASSASSIN]), Exchange(0)))
    moves = legal_moves(state, 0)
    assert len(moves) == comb(4, 2)
    assert moves == (
        Keep(0, (DUKE, ASSASSIN)),
        Keep(0, (DUKE, CAPTAIN)),
        Keep(0, (DUKE, CONTESSA)),
        Keep(0, (ASSASSIN, CAPTAIN)),
        Keep(0, (ASSASSIN, CONTESSA)),
        Keep(0, (CAPTAIN, CONTESSA)),
    )


def test_exchange_keep_choices_merge_identical_cards() -> None:
    """R-ACT-12: identical cards give one Keep per distinct choice."""
    hands = [(DUKE, DUKE), (ASSASSIN, CONTESSA), (AMBASSADOR, CAPTAIN), (CAPTAIN, CONTESSA)]
    state = allow_all(play(game(hands=hands, court=[DUKE, ASSASSIN]), Exchange(0)))
    assert state.players[0].hand == (DUKE, DUKE, DUKE, ASSASSIN)
    assert legal_moves(state, 0) == (Keep(0, (DUKE, DUKE)), Keep(0, (DUKE, ASSASSIN)))


def test_keep_is_asked_even_with_a_single_choice() -> None:
    """R-ACT-12: Keep is always asked, even when all four cards are the same."""
    hands = [(DUKE, DUKE), (ASSASSIN, CONTESSA), (AMBASSADOR, CAPTAIN), (CAPTAIN, CONTESSA)]
    state = game(hands=hands, court=[DUKE, DUKE], copies=5)
    state = allow_all(play(state, Exchange(0)))
    assert to_act(state) == (0,)
    assert legal_moves(state, 0) == (Keep(0, (DUKE, DUKE)),)


def test_keep_returns_the_rest_to_the_court() -> None:
    """R-ACT-12: the cards not kept go back to the Court; the hand is 2 again."""
    state = allow_all(play(game(court=[CONTESSA, ASSASSIN]), Exchange(0)))
    state = play(state, Keep(0, (CONTESSA, ASSASSIN)))
    assert state.players[0].hand == (ASSASSIN, CONTESSA)
    assert state.court == (DUKE, CAPTAIN)
    assert CardsReturned(0, 2, (DUKE, CAPTAIN)) in state.log
    assert state.active == 1


def test_keep_may_keep_the_original_cards() -> None:
    """R-ACT-12: keeping the original hand returns the drawn cards."""
    state = allow_all(play(game(court=[CONTESSA, ASSASSIN]), Exchange(0)))
    state = play(state, Keep(0, (DUKE, CAPTAIN)))
    assert state.players[0].hand == (DUKE, CAPTAIN)
    assert state.court == (ASSASSIN, CONTESSA)


def test_keep_cards_may_be_given_in_any_order() -> None:
    """R-ACT-12: Keep's cards are stored sorted, so any order names the same move."""
    assert Keep(0, (CONTESSA, DUKE)) == Keep(0, (DUKE, CONTESSA))


def one_influence_exchange() -> GameState:
    """Seat 0 has lost one card (Coup by seat 3), then declares Exchange, unchallenged."""
    state = game(coins=[2, 2, 2, 7], court=[CONTESSA, ASSASSIN])
    state = play(state, Income(0), Income(1), Income(2), Coup(3, 0), LoseInfluence(0, DUKE))
    return allow_all(play(state, Exchange(0)))


def test_exchange_with_one_influence_keeps_one() -> None:
    """R-ACT-12: with one influence, draw 2 (hand of 3) and keep exactly 1."""
    state = one_influence_exchange()
    assert state.players[0].hand == (ASSASSIN, CAPTAIN, CONTESSA)
    assert state.pending is not None and state.pending.keep == 1
    assert legal_moves(state, 0) == (
        Keep(0, (ASSASSIN,)),
        Keep(0, (CAPTAIN,)),
        Keep(0, (CONTESSA,)),
    )


def test_exchange_with_one_influence_returns_two() -> None:
    """R-ACT-12: keeping 1 of 3 returns 2 cards to the Court."""
    state = play(one_influence_exchange(), Keep(0, (CONTESSA,)))
    assert state.players[0].hand == (CONTESSA,)
    assert state.players[0].revealed == (DUKE,)
    assert Counter(state.court) == Counter([ASSASSIN, CAPTAIN])


def test_keep_of_the_wrong_count_is_illegal() -> None:
    """R-ACT-12: a Keep of 1 card with 2 influence is not a legal move."""
    state = allow_all(play(game(court=[CONTESSA, ASSASSIN]), Exchange(0)))
    assert Keep(0, (DUKE,)) not in legal_moves(state, 0)


# --- R-ACT-8 targets ---


def test_targets_are_other_living_players() -> None:
    """R-ACT-8: Coup, Assassinate and Steal target only other living players."""
    state = game(coins=[7, 2, 2, 2])
    moves = legal_moves(state, 0)
    for kind in (Coup, Assassinate, Steal):
        assert [m.target for m in moves if isinstance(m, kind)] == [1, 2, 3]


def test_eliminated_players_cannot_be_targeted() -> None:
    """R-ACT-8: an eliminated seat is no target."""
    state = game(coins=[14, 2, 2, 9], hands=HANDS4)
    state = play(state, Coup(0, 2), LoseInfluence(2, CAPTAIN), Income(1), Income(2))
    state = play(state, Coup(3, 2))
    assert not state.players[2].hand
    moves = legal_moves(state, 0)
    assert [m.target for m in moves if isinstance(m, Coup | Assassinate | Steal)] == [
        1,
        3,
        1,
        3,
        1,
        3,
    ]


# --- R-ACT-9 cost ---


@pytest.mark.parametrize(
    ("have", "coup", "assassinate"), [(2, 0, 0), (3, 0, 3), (6, 0, 3), (7, 3, 3)]
)
def test_costly_actions_need_their_cost(have: int, coup: int, assassinate: int) -> None:
    """R-ACT-9: Coup needs 7 coins and Assassinate 3 at declaration."""
    moves = legal_moves(game(coins=[have, 2, 2, 2]), 0)
    assert sum(isinstance(m, Coup) for m in moves) == coup
    assert sum(isinstance(m, Assassinate) for m in moves) == assassinate


def test_cost_is_paid_on_declaring() -> None:
    """R-ACT-9: the Assassin's 3 coins are paid before anyone answers."""
    state = play(game(coins=[5, 2, 2, 2]), Assassinate(0, 3))
    assert state.players[0].coins == 2
    assert state.log[-1] == CoinsMoved(3, 0, Pool.TREASURY)


# --- R-ACT-10 finite Treasury ---


def empty_treasury_game(treasury: int) -> GameState:
    """A 4-player game whose Treasury holds ``treasury`` coins."""
    return game(bank=8 + treasury)


@pytest.mark.parametrize("treasury", [0, 1])
def test_income_takes_what_the_treasury_holds(treasury: int) -> None:
    """R-ACT-10: Income with an empty Treasury stays legal and takes what is there."""
    state = empty_treasury_game(treasury)
    assert Income(0) in legal_moves(state, 0)
    state = play(state, Income(0))
    assert state.players[0].coins == 2 + treasury
    assert state.treasury == 0


@pytest.mark.parametrize("treasury", [0, 1, 2, 3])
def test_tax_takes_what_the_treasury_holds(treasury: int) -> None:
    """R-ACT-10: Tax takes at most what the Treasury holds, possibly 0."""
    state = allow_all(play(empty_treasury_game(treasury), Tax(0)))
    assert state.players[0].coins == 2 + min(3, treasury)
    assert state.treasury == treasury - min(3, treasury)


@pytest.mark.parametrize("treasury", [0, 1, 2])
def test_foreign_aid_takes_what_the_treasury_holds(treasury: int) -> None:
    """R-ACT-10: Foreign Aid takes at most what the Treasury holds, possibly 0."""
    state = allow_all(play(empty_treasury_game(treasury), ForeignAid(0)))
    assert state.players[0].coins == 2 + min(2, treasury)
    assert state.treasury == treasury - min(2, treasury)


def test_zero_coin_take_is_logged() -> None:
    """R-ACT-10: taking from an empty Treasury logs a move of 0 coins."""
    state = play(empty_treasury_game(0), Income(0))
    assert CoinsMoved(0, Pool.TREASURY, 0) in state.log


def test_paid_coins_refill_the_treasury() -> None:
    """R-ACT-10: coins paid for a Coup go to the Treasury and can be taken again."""
    state = game(coins=[7, 1, 0, 0], bank=8)
    assert state.treasury == 0
    state = play(state, Coup(0, 1), LoseInfluence(1, ASSASSIN))
    assert state.treasury == 7
    state = play(state, Income(1))
    assert state.players[1].coins == 2


# --- R-ACT-11 claims ---


def test_base_game_offers_no_examine() -> None:
    """R-ACT-11: without the Inquisitor in the deck, Examine is never legal."""
    assert not any(isinstance(m, Examine) for m in legal_moves(game(coins=[7, 2, 2, 2]), 0))


def test_base_game_offers_no_inquisitor_block() -> None:
    """R-ACT-11: a Steal may not be blocked by claiming the Inquisitor in a base game."""
    state = allow_all(play(game(), Steal(0, 1)))
    assert Block(1, INQUISITOR) not in legal_moves(state, 1)
