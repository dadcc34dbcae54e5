"""A block of a Steal that is challenged and proved (docs/edge-cases.md, issue 31).

R-ACT-6: the target of a Steal may block with the Captain or the Ambassador (the Inquisitor in
an Inquisitor game). R-CHAL-3: a proof puts the shown card into the Court, the prover draws a
replacement, then the challenger loses an influence. R-WIN-6: the standing block defeats the
Steal; a Steal costs nothing, so no coin moves at all.
"""

from __future__ import annotations

from collections import Counter

import pytest

from coup_rules import (
    Allow,
    Block,
    Challenge,
    Character,
    Config,
    GameState,
    LoseInfluence,
    Prove,
    Steal,
    new_game,
)
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play


def _blocked(blocker: Character, *, inquisitor: bool = False) -> GameState:
    """Seat 0 steals from seat 1, nobody challenges, seat 1 blocks with ``blocker`` it holds."""
    config = Config(players=3, inquisitor=inquisitor)
    state = new_game(config, seed=1, hands=[(CAPTAIN, DUKE), (blocker, CONTESSA), (ASSASSIN, DUKE)])
    return play(state, Steal(0, 1), Allow(1), Allow(2), Block(1, blocker))


def _proved(state: GameState, challenger: int) -> GameState:
    state = play(state, Challenge(challenger), Prove(1))
    card = state.players[challenger].hand[-1]
    return play(state, LoseInfluence(challenger, card))


BLOCKERS = [(CAPTAIN, False), (AMBASSADOR, False), (INQUISITOR, True)]


@pytest.mark.parametrize(("blocker", "inquisitor"), BLOCKERS)
@pytest.mark.parametrize("challenger", [0, 2])
def test_a_proved_block_of_a_steal_moves_no_coin_r_win_6(
    blocker: Character, inquisitor: bool, challenger: int
) -> None:
    """R-WIN-6, R-ACT-6: the block stands, the Steal takes nothing, and it cost nothing: every
    purse is what it was, whoever challenged."""
    state = _blocked(blocker, inquisitor=inquisitor)
    before = [p.coins for p in state.players], state.treasury
    after = _proved(state, challenger)
    assert ([p.coins for p in after.players], after.treasury) == before
    assert after.turn == 2 and after.active == 1  # the turn ended with the block


@pytest.mark.parametrize(("blocker", "inquisitor"), BLOCKERS)
@pytest.mark.parametrize("challenger", [0, 2])
def test_the_challenger_of_a_proved_block_loses_one_influence_r_chal_3(
    blocker: Character, inquisitor: bool, challenger: int
) -> None:
    """R-CHAL-3: the challenger loses one influence, the thief or a third seat alike; the
    blocker loses none."""
    after = _proved(_blocked(blocker, inquisitor=inquisitor), challenger)
    assert len(after.players[challenger].revealed) == 1
    assert [len(p.revealed) for i, p in enumerate(after.players) if i != challenger] == [0, 0]


@pytest.mark.parametrize(("blocker", "inquisitor"), BLOCKERS)
def test_the_proved_card_goes_into_the_court_and_is_replaced_r_chal_3(
    blocker: Character, inquisitor: bool
) -> None:
    """R-CHAL-3: the shown card goes into the Court and the blocker draws one in its place:
    the blocker's other card stays, its hand keeps two cards, and the blocker's hand and the
    Court together hold what they held before."""
    state = _blocked(blocker, inquisitor=inquisitor)
    pooled = Counter(state.court) + Counter(state.players[1].hand)
    after = _proved(state, 0)
    hand = after.players[1].hand
    assert len(hand) == 2 and CONTESSA in hand
    assert Counter(after.court) + Counter(hand) == pooled


def test_the_replacement_may_be_another_character_r_chal_3() -> None:
    """R-CHAL-3 (docs/edge-cases.md's deal): the replacement is random; with this seed seat 1
    draws a Duke, and no longer holds the Ambassador it proved."""
    after = _proved(_blocked(AMBASSADOR), 0)
    assert sorted(after.players[1].hand) == sorted((DUKE, CONTESSA))
