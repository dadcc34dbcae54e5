"""Response windows: order, several seats at once, first answer wins (R-WIN-*)."""

from __future__ import annotations

import pytest
from helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play

from coup_rules import (
    Allow,
    Assassinate,
    Block,
    Blocked,
    Challenge,
    Challenged,
    Config,
    Coup,
    Decision,
    ForeignAid,
    GameState,
    IllegalMoveError,
    Income,
    LoseInfluence,
    Prove,
    Steal,
    Tax,
    apply,
    legal_moves,
    new_game,
    to_act,
)

HANDS5 = [
    (ASSASSIN, CAPTAIN),
    (DUKE, CONTESSA),
    (AMBASSADOR, CAPTAIN),
    (DUKE, CONTESSA),
    (ASSASSIN, AMBASSADOR),
]


def game(coins: list[int] | None = None, first: int = 0) -> GameState:
    """A 5-player game on a fixed deal."""
    return new_game(Config(players=5, first_player=first), seed=3, hands=HANDS5, coins=coins)


def kind(state: GameState) -> Decision:
    """The kind of the pending decision."""
    assert state.pending is not None
    return state.pending.kind


def allow_all(state: GameState) -> GameState:
    """Every seat now asked allows."""
    return play(state, *(Allow(s) for s in to_act(state)))


# --- R-WIN-1: fixed order ---


def test_windows_come_in_order_challenge_counter_block_challenge() -> None:
    """R-WIN-1: a Steal opens the action challenge, then the counter, then the block challenge."""
    state = play(game(), Steal(0, 1))
    assert kind(state) is Decision.CHALLENGE_ACTION
    state = allow_all(state)
    assert kind(state) is Decision.COUNTER
    state = play(state, Block(1, CAPTAIN))
    assert kind(state) is Decision.CHALLENGE_BLOCK
    state = allow_all(state)
    assert kind(state) is Decision.ACTION
    assert state.active == 1


def test_unblockable_claim_has_only_the_challenge_window() -> None:
    """R-WIN-1: Tax has a challenge window and no counter window."""
    state = allow_all(play(game(), Tax(0)))
    assert kind(state) is Decision.ACTION


def test_the_counter_window_follows_a_failed_action_challenge() -> None:
    """R-WIN-1: the action challenge is resolved before the counter window opens."""
    state = play(game(), Steal(0, 1), Challenge(2), Prove(0), LoseInfluence(2, AMBASSADOR))
    assert kind(state) is Decision.COUNTER
    assert to_act(state) == (1,)


# --- R-WIN-2: action challenge window ---


def test_action_challenge_window_asks_all_other_living_seats_at_once() -> None:
    """R-WIN-2: every other living player may Challenge or Allow, all at once."""
    state = play(game(), Tax(0))
    assert to_act(state) == (1, 2, 3, 4)
    for seat in (1, 2, 3, 4):
        assert legal_moves(state, seat) == (Challenge(seat), Allow(seat))
    assert legal_moves(state, 0) == ()


@pytest.mark.parametrize("challenger", [1, 2, 4])
def test_first_challenge_wins_the_window(challenger: int) -> None:
    """R-WIN-2: the first Challenge applied closes the window for everyone else."""
    state = play(game(), Tax(0), Challenge(challenger))
    assert kind(state) is Decision.ANSWER_ACTION_CHALLENGE
    assert to_act(state) == (0,)
    assert state.pending is not None and state.pending.challenger == challenger
    assert state.log[-1] == Challenged(challenger, 0)
    other = 3
    with pytest.raises(IllegalMoveError):
        apply(state, Challenge(other))


def test_allow_leaves_the_window() -> None:
    """R-WIN-2: a seat that allows leaves the window and may not change its mind."""
    state = play(game(), Tax(0), Allow(2))
    assert to_act(state) == (1, 3, 4)
    assert legal_moves(state, 2) == ()
    with pytest.raises(IllegalMoveError) as err:
        apply(state, Challenge(2))
    assert err.value.rule == "R-TURN-4"


def test_allows_in_any_order_close_the_window() -> None:
    """R-WIN-2: the window closes unchallenged once all have allowed."""
    state = play(game(), Tax(0), Allow(4), Allow(1), Allow(3))
    assert to_act(state) == (2,)
    state = play(state, Allow(2))
    assert state.players[0].coins == 5
    assert kind(state) is Decision.ACTION


def test_a_challenge_after_some_allows_still_wins() -> None:
    """R-WIN-2: a seat still in the window may challenge after others allowed."""
    state = play(game(), Tax(0), Allow(1), Allow(2), Challenge(4))
    assert state.pending is not None and state.pending.challenger == 4


def test_eliminated_seats_are_not_in_the_window() -> None:
    """R-WIN-2, R-INF-4: an eliminated player is not asked."""
    state = game(coins=[2, 14, 2, 2, 2])
    state = play(state, Income(0), Coup(1, 2), LoseInfluence(2, AMBASSADOR), Income(2))
    state = play(state, Income(3), Income(4), Income(0), Coup(1, 2))
    assert not state.players[2].hand
    state = play(state, Tax(3))
    assert to_act(state) == (0, 1, 4)


# --- R-WIN-3: counter window ---


def test_foreign_aid_counter_window_asks_every_other_living_seat() -> None:
    """R-WIN-3: Foreign Aid asks every other living player at once, blocking with the Duke."""
    state = play(game(first=2), ForeignAid(2))
    assert kind(state) is Decision.COUNTER
    assert to_act(state) == (0, 1, 3, 4)
    assert legal_moves(state, 1) == (Block(1, DUKE), Allow(1))


def test_first_block_wins_the_foreign_aid_window() -> None:
    """R-WIN-3: the first Block closes the counter window for the others."""
    state = play(game(first=2), ForeignAid(2), Allow(0), Block(4, DUKE))
    assert kind(state) is Decision.CHALLENGE_BLOCK
    assert state.pending is not None and state.pending.block == Block(4, DUKE)
    assert state.log[-1] == Blocked(4, DUKE)
    with pytest.raises(IllegalMoveError):
        apply(state, Block(1, DUKE))


def test_foreign_aid_window_closes_when_all_allow() -> None:
    """R-WIN-3: the counter window closes once all asked have allowed."""
    state = allow_all(play(game(first=2), ForeignAid(2)))
    assert state.players[2].coins == 4


@pytest.mark.parametrize(
    ("action", "blocks"),
    [
        (Steal(0, 3), (CAPTAIN, AMBASSADOR)),
        (Assassinate(0, 3), (CONTESSA,)),
    ],
)
def test_targeted_actions_ask_only_the_target(
    action: Steal | Assassinate, blocks: tuple[object, ...]
) -> None:
    """R-WIN-3: only the target may block a Steal or an Assassination, with its characters."""
    state = allow_all(play(game(coins=[3, 2, 2, 2, 2]), action))
    assert to_act(state) == (3,)
    assert legal_moves(state, 3) == (*(Block(3, c) for c in blocks), Allow(3))  # type: ignore[arg-type]


def test_block_with_a_wrong_character_is_rejected() -> None:
    """R-WIN-3: a Steal cannot be blocked with the Duke."""
    state = allow_all(play(game(), Steal(0, 3)))
    with pytest.raises(IllegalMoveError) as err:
        apply(state, Block(3, DUKE))
    assert err.value.rule == "R-WIN-3"


def test_target_allowing_lets_the_action_resolve() -> None:
    """R-WIN-3: the target allows: the Steal resolves."""
    state = play(allow_all(play(game(), Steal(0, 3))), Allow(3))
    assert [p.coins for p in state.players] == [4, 2, 2, 0, 2]


# --- R-WIN-4: target who lost a challenge; eliminated target ---


def test_target_who_lost_a_challenge_may_still_block() -> None:
    """R-WIN-4: the target challenged, lost an influence, and may still block."""
    state = play(game(coins=[3, 2, 2, 2, 2]), Assassinate(0, 3), Challenge(3), Prove(0))
    state = play(state, LoseInfluence(3, DUKE))
    assert kind(state) is Decision.COUNTER
    assert legal_moves(state, 3) == (Block(3, CONTESSA), Allow(3))
    state = play(state, Block(3, CONTESSA))
    state = allow_all(state)
    assert state.players[3].hand == (CONTESSA,)
    assert kind(state) is Decision.ACTION


def test_eliminated_target_gets_no_counter_window_and_no_effect() -> None:
    """R-WIN-4: a target eliminated by losing the challenge: no counter window, no Steal."""
    state = game(coins=[7, 2, 2, 5, 2])
    state = play(state, Coup(0, 3), LoseInfluence(3, DUKE))
    state = play(state, Income(1), Income(2), Income(3), Income(4))
    assert state.players[3].coins == 6 and len(state.players[3].hand) == 1
    state = play(state, Steal(0, 3), Challenge(3), Prove(0))
    assert not state.players[3].hand
    assert state.players[0].coins == 0
    assert state.players[3].coins == 0
    assert state.active == 1
    assert kind(state) is Decision.ACTION


# --- R-WIN-5: block challenge window ---


def test_block_challenge_window_includes_actor_excludes_blocker() -> None:
    """R-WIN-5: every living player but the blocker, the actor included, may challenge."""
    state = play(allow_all(play(game(), Steal(0, 3))), Block(3, CAPTAIN))
    assert to_act(state) == (0, 1, 2, 4)
    assert legal_moves(state, 0) == (Challenge(0), Allow(0))
    assert legal_moves(state, 3) == ()


def test_foreign_aid_block_challenge_window_includes_the_actor() -> None:
    """R-WIN-5: after a Duke blocks Foreign Aid, the actor and the others may challenge."""
    state = play(game(first=2), ForeignAid(2), Block(0, DUKE))
    assert to_act(state) == (1, 2, 3, 4)


def test_first_block_challenge_wins() -> None:
    """R-WIN-5: the first Challenge of the block closes the window."""
    state = play(allow_all(play(game(), Steal(0, 3))), Block(3, CAPTAIN), Allow(1), Challenge(0))
    assert kind(state) is Decision.ANSWER_BLOCK_CHALLENGE
    assert to_act(state) == (3,)
    assert state.pending is not None and state.pending.challenger == 0


# --- R-WIN-6: a block that stands ---


def test_block_stands_and_assassin_cost_stays_paid() -> None:
    """R-WIN-6: a standing Contessa block makes the Assassination fail; the 3 coins stay paid."""
    state = allow_all(play(game(coins=[3, 2, 2, 2, 2]), Assassinate(0, 1)))
    state = allow_all(play(state, Block(1, CONTESSA)))
    assert state.players[0].coins == 0
    assert state.players[1].hand == (DUKE, CONTESSA)
    assert state.active == 1


def test_block_stands_and_steal_takes_nothing() -> None:
    """R-WIN-6: a standing block makes the Steal fail."""
    state = allow_all(play(game(), Steal(0, 2)))
    state = allow_all(play(state, Block(2, AMBASSADOR)))
    assert [p.coins for p in state.players] == [2, 2, 2, 2, 2]


def test_block_stands_after_the_blocker_proves() -> None:
    """R-WIN-6: the block proved against a challenge stands: the action fails."""
    state = play(game(first=2), ForeignAid(2), Block(1, DUKE), Challenge(2), Prove(1))
    state = play(state, LoseInfluence(2, CAPTAIN))
    assert state.players[2].coins == 2
    assert state.active == 3
