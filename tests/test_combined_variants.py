"""The Inquisitor and the Reformation together (R-INQ, R-REF), and conservation in random play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from coup_rules import (
    Allegiance,
    Allow,
    Block,
    Challenge,
    Character,
    ChooseAllegiance,
    Config,
    Convert,
    Decision,
    Draft,
    Embezzle,
    Examine,
    GameState,
    IllegalMoveError,
    LoseInfluence,
    Prove,
    Proved,
    Steal,
    apply,
    legal_moves,
    new_game,
    to_act,
)
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play

L = Allegiance.LOYALIST
R = Allegiance.REFORMIST

HANDS4 = [(INQUISITOR, CAPTAIN), (DUKE, CONTESSA), (CAPTAIN, CONTESSA), (INQUISITOR, ASSASSIN)]


def game(
    hands: Sequence[Sequence[Character]],
    allegiances: Sequence[Allegiance],
    *,
    coins: Sequence[int] | None = None,
) -> GameState:
    """A fixed deal with both options on and given allegiances; seat 0 is about to act."""
    config = Config(players=len(hands), inquisitor=True, reformation=True)
    return new_game(config, seed=13, hands=hands, coins=coins, allegiances=allegiances)


def examine_targets(state: GameState, seat: int) -> list[int]:
    """The seats that ``seat`` may Examine."""
    return [m.target for m in legal_moves(state, seat) if isinstance(m, Examine)]


def test_examine_only_other_allegiance() -> None:
    """R-REF-2, R-INQ-3: Examine aims only at players of the other allegiance."""
    state = game(HANDS4, [L, R, L, R])
    assert examine_targets(state, 0) == [1, 3]
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Examine(0, 2))
    assert info.value.rule == "R-REF-2"


def test_examine_anyone_when_all_share_an_allegiance() -> None:
    """R-REF-4, R-INQ-3: with one allegiance at the table, Examine may aim at anyone else."""
    state = game(HANDS4, [R, R, R, R])
    assert examine_targets(state, 0) == [1, 2, 3]


def test_examine_allowed_after_a_conversion_lifts_the_restriction() -> None:
    """R-REF-4, R-REF-7, R-INQ-3: converting the last Loyalist opens Examine on former allies."""
    hands = HANDS4[:3]
    state = game(hands, [R, L, R])
    assert examine_targets(state, 0) == [1]
    state = play(state, Convert(0, 1))
    assert examine_targets(state, 1) == [0, 2]


def test_inquisitor_blocks_steal_of_the_other_allegiance() -> None:
    """R-INQ-7, R-REF-2: Steal hits only the other allegiance; its target may block (Inquisitor)."""
    state = game(HANDS4, [L, R, L, R])
    assert [m.target for m in legal_moves(state, 0) if isinstance(m, Steal)] == [1, 3]
    state = play(state, Steal(0, 3), Allow(1), Allow(2), Allow(3))
    assert legal_moves(state, 3) == (Block(3, CAPTAIN), Block(3, INQUISITOR), Allow(3))
    state = play(state, Block(3, INQUISITOR), Allow(0), Allow(1), Allow(2))
    assert [p.coins for p in state.players] == [2, 2, 2, 2]


def test_embezzle_prove_shows_the_inquisitor_too() -> None:
    """R-REF-10, R-INQ-1: a proved Embezzle shows every hidden card, the Inquisitor included."""
    state = game(HANDS4, [L, R, L, R])
    before = play(state, Embezzle(0), Challenge(1))
    after = play(before, Prove(0))
    assert list(after.log)[len(before.log)] == Proved(0, (CAPTAIN, INQUISITOR))
    after = play(after, LoseInfluence(1, CONTESSA))
    assert after.active == 1


@pytest.mark.parametrize(("players", "copies"), [(6, 3), (8, 4), (10, 5)])
def test_combined_deck(players: int, copies: int) -> None:
    """R-REF-11, R-INQ-1: the large Reformation decks carry Inquisitors, no Ambassador."""
    deck = Counter(Config(players=players, inquisitor=True, reformation=True).deck)
    assert deck[INQUISITOR] == copies
    assert AMBASSADOR not in deck
    assert len(list(deck.elements())) == 5 * copies


def test_two_player_combined_setup() -> None:
    """R-REF-1, R-SETUP-8, R-INQ-1: allegiance first, then a draft among the Inquisitor's deck."""
    state = new_game(Config(players=2, inquisitor=True, reformation=True), seed=13)
    state = play(state, ChooseAllegiance(0, R))
    assert state.pending is not None and state.pending.kind is Decision.DRAFT
    drafts = legal_moves(state, 1)
    assert Draft(1, INQUISITOR) in drafts
    assert not any(isinstance(m, Draft) and m.character is AMBASSADOR for m in drafts)


# --- conservation in random play (R-SETUP-4, R-SETUP-10) ----------------------------------------

MAX_MOVES = 1500
GAMES_PER_COUNT = 60


def random_game(players: int, seed: int) -> tuple[GameState, int]:
    """Play uniformly random moves (checking the invariants); return the end state and moves."""
    rng = random.Random(seed)
    config = Config(players=players, inquisitor=True, reformation=True)
    state = new_game(config, seed=seed)
    moves = 0
    while not state.is_over and moves < MAX_MOVES:
        seat = rng.choice(to_act(state))
        state = play(state, rng.choice(legal_moves(state, seat)))
        moves += 1
    return state, moves


@pytest.mark.parametrize("players", range(2, 11))
def test_random_play_conserves_coins_and_cards(players: int) -> None:
    """R-SETUP-4, R-SETUP-10, R-REF-7, R-REF-8: coins (Treasury, Reserve, players) and cards add up.

    ``play`` checks both after every move of 60 random games per player count, both options on.
    """
    reserve_used = False
    for seed in range(GAMES_PER_COUNT):
        state, moves = random_game(players, 1000 * players + seed)
        assert moves > 0
        reserve_used |= any(
            isinstance(getattr(e, "action", None), Convert | Embezzle) for e in state.log
        )
        if state.is_over:
            assert state.winner is not None and to_act(state) == ()
    assert reserve_used
