"""Scenario tests for the Inquisitor variant (R-INQ-1 to R-INQ-7), on fixed deals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from coup_rules import (
    Allow,
    Assassinate,
    Block,
    CardsDrawn,
    CardShown,
    CardsReturned,
    Challenge,
    Character,
    Concede,
    Config,
    Coup,
    Decision,
    Event,
    Examine,
    Exchange,
    ExchangeForced,
    ForceExchange,
    GameState,
    GaveBack,
    GiveBack,
    IllegalMoveError,
    Income,
    Keep,
    LoseInfluence,
    Prove,
    Show,
    Steal,
    apply,
    legal_moves,
    new_game,
    to_act,
)
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play

INQ3 = Config(players=3, inquisitor=True)


def game(
    hands: Sequence[Sequence[Character]],
    *,
    coins: Sequence[int] | None = None,
    court: Sequence[Character] | None = None,
    config: Config = INQ3,
) -> GameState:
    """A fixed Inquisitor deal; seat 0 is about to act."""
    return new_game(config, seed=7, hands=hands, coins=coins, court=court)


def new_events(before: GameState, after: GameState) -> list[Event]:
    """The events ``after`` added to ``before``'s log."""
    return list(after.log)[len(before.log) :]


def rejected(state: GameState, move: object) -> IllegalMoveError:
    """Apply an illegal move and return the error it raised."""
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move)  # type: ignore[arg-type]
    return info.value


def examined(state: GameState, actor: int, target: int) -> GameState:
    """``actor`` declares Examine on ``target`` and every other living seat allows it."""
    state = play(state, Examine(actor, target))
    for seat in to_act(state):
        state = play(state, Allow(seat))
    return state


# --- the deck and the claims (R-INQ-1) ----------------------------------------------------------


def test_inquisitor_deck_replaces_ambassador() -> None:
    """R-INQ-1, R-SETUP-1: the Inquisitor game's deck has 3 Inquisitors and no Ambassador."""
    deck = Counter(Config(inquisitor=True).deck)
    assert deck[INQUISITOR] == 3
    assert AMBASSADOR not in deck
    assert set(deck) == {DUKE, ASSASSIN, CAPTAIN, CONTESSA, INQUISITOR}


def test_base_deck_has_no_inquisitor() -> None:
    """R-INQ-1, R-SETUP-1: without the option the fifth character is the Ambassador."""
    deck = Counter(Config().deck)
    assert INQUISITOR not in deck
    assert deck[AMBASSADOR] == 3


def test_ambassador_cannot_be_dealt_in_an_inquisitor_game() -> None:
    """R-INQ-1, R-SETUP-9: a fixed deal holding an Ambassador is impossible with the Inquisitor."""
    with pytest.raises(ValueError, match="Ambassador"):
        game([(AMBASSADOR, DUKE), (DUKE, CAPTAIN), (CAPTAIN, CONTESSA)])


def test_block_with_ambassador_is_rejected() -> None:
    """R-ACT-11, R-INQ-1: the Ambassador is not in the deck, so no one may block with it."""
    state = game([(CAPTAIN, DUKE), (DUKE, CONTESSA), (ASSASSIN, CONTESSA)])
    state = play(state, Steal(0, 1), Allow(1), Allow(2))
    assert legal_moves(state, 1) == (Block(1, CAPTAIN), Block(1, INQUISITOR), Allow(1))
    assert rejected(state, Block(1, AMBASSADOR)).rule == "R-ACT-11"


def test_exchange_claims_the_inquisitor_prove_needs_one() -> None:
    """R-INQ-1, R-CHAL-1: a challenged Exchange is proved with an Inquisitor, not an Ambassador."""
    state = game([(DUKE, CAPTAIN), (DUKE, CONTESSA), (ASSASSIN, CONTESSA)])
    state = play(state, Exchange(0), Challenge(1))
    assert legal_moves(state, 0) == (Concede(0),)
    assert rejected(state, Prove(0)).rule == "R-CHAL-1"


def test_exchange_proved_with_the_inquisitor() -> None:
    """R-INQ-1, R-CHAL-3: an Inquisitor proves the Exchange; the challenger loses an influence."""
    state = game([(DUKE, INQUISITOR), (DUKE, CONTESSA), (ASSASSIN, CONTESSA)])
    state = play(state, Exchange(0), Challenge(1))
    assert legal_moves(state, 0) == (Prove(0), Concede(0))
    state = play(state, Prove(0))
    assert state.pending is not None
    assert state.pending.kind is Decision.LOSE_INFLUENCE
    assert state.pending.waiting == (1,)


# --- Exchange with the Inquisitor (R-INQ-2) -----------------------------------------------------


def test_inquisitor_exchange_draws_one_and_keeps_two() -> None:
    """R-INQ-2, R-ACT-12: draw 1 card; keep 2 of the 3; one card goes back to the Court."""
    state = game([(INQUISITOR, DUKE), (DUKE, CONTESSA), (ASSASSIN, CONTESSA)])
    court = len(state.court)
    before = play(state, Exchange(0), Allow(1))
    state = play(before, Allow(2))
    drawn = [e for e in new_events(before, state) if isinstance(e, CardsDrawn)]
    assert [(e.player, e.count) for e in drawn] == [(0, 1)]
    assert len(state.players[0].hand) == 3
    assert len(state.court) == court - 1
    assert state.pending is not None and state.pending.kind is Decision.KEEP
    assert state.pending.keep == 2
    moves = legal_moves(state, 0)
    assert moves and all(isinstance(m, Keep) and len(m.cards) == 2 for m in moves)
    after = play(state, moves[0])
    assert len(after.players[0].hand) == 2
    assert len(after.court) == court
    returned = [e for e in new_events(state, after) if isinstance(e, CardsReturned)]
    assert [(e.player, e.count) for e in returned] == [(0, 1)]


def test_inquisitor_exchange_with_one_influence_keeps_one() -> None:
    """R-INQ-2, R-ACT-12: with one hidden card, draw 1 and keep 1 of the 2."""
    state = game([(INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CONTESSA)], coins=[2, 7, 2])
    state = play(state, Income(0), Coup(1, 0), LoseInfluence(0, DUKE), Income(2))
    assert state.players[0].hand == (INQUISITOR,)
    state = play(state, Exchange(0), Allow(1), Allow(2))
    assert len(state.players[0].hand) == 2
    assert state.pending is not None and state.pending.keep == 1
    assert all(isinstance(m, Keep) and len(m.cards) == 1 for m in legal_moves(state, 0))
    state = play(state, legal_moves(state, 0)[0])
    assert len(state.players[0].hand) == 1


# --- Examine (R-INQ-3, R-INQ-4) -----------------------------------------------------------------


def test_examine_opens_a_challenge_window_for_every_other_player() -> None:
    """R-INQ-3, R-WIN-2: Examine claims the Inquisitor; every other living player may challenge."""
    state = game([(INQUISITOR, DUKE), (DUKE, CAPTAIN), (ASSASSIN, CONTESSA)])
    state = play(state, Examine(0, 1))
    assert state.pending is not None
    assert state.pending.kind is Decision.CHALLENGE_ACTION
    assert to_act(state) == (1, 2)
    assert legal_moves(state, 1) == (Challenge(1), Allow(1))


def test_examine_is_never_blocked() -> None:
    """R-INQ-3: once the challenge window closes, no counter window: the target shows a card."""
    state = examined(game([(INQUISITOR, DUKE), (DUKE, CAPTAIN), (ASSASSIN, CONTESSA)]), 0, 1)
    assert state.pending is not None
    assert state.pending.kind is Decision.SHOW
    assert to_act(state) == (1,)
    assert not any(isinstance(m, Block) for m in legal_moves(state, 1))


def test_examine_target_chooses_which_card_to_show() -> None:
    """R-INQ-4: a target with two different cards has one Show move for each."""
    state = examined(game([(INQUISITOR, DUKE), (DUKE, CAPTAIN), (ASSASSIN, CONTESSA)]), 0, 1)
    assert legal_moves(state, 1) == (Show(1, DUKE), Show(1, CAPTAIN))
    assert legal_moves(state, 0) == ()


def test_examine_identical_cards_still_asked_one_show() -> None:
    """R-INQ-4, R-INFO-4: two identical cards: the target is still asked, with one Show move."""
    state = examined(game([(INQUISITOR, DUKE), (CAPTAIN, CAPTAIN), (ASSASSIN, CONTESSA)]), 0, 1)
    assert to_act(state) == (1,)
    assert legal_moves(state, 1) == (Show(1, CAPTAIN),)


def test_show_of_a_card_not_held_is_rejected() -> None:
    """R-INQ-4: the target may only show one of its own hidden cards."""
    state = examined(game([(INQUISITOR, DUKE), (DUKE, CAPTAIN), (ASSASSIN, CONTESSA)]), 0, 1)
    assert rejected(state, Show(1, CONTESSA)).rule == "R-INQ-4"


def test_show_goes_to_the_inquisitor_choice() -> None:
    """R-INQ-4: the shown card is logged for the Inquisitor; the Inquisitor then decides."""
    before = examined(game([(INQUISITOR, DUKE), (DUKE, CAPTAIN), (ASSASSIN, CONTESSA)]), 0, 1)
    state = play(before, Show(1, CAPTAIN))
    assert new_events(before, state) == [CardShown(1, 0, CAPTAIN)]
    assert state.pending is not None
    assert state.pending.kind is Decision.INQUISITOR_CHOICE
    assert legal_moves(state, 0) == (GiveBack(0), ForceExchange(0))
    assert state.players[1].hand == (DUKE, CAPTAIN)


def test_examine_of_a_one_card_target_shows_it_at_once() -> None:
    """R-INQ-4, R-INF-2: a target with one hidden card shows it without being asked."""
    state = game([(INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CONTESSA)], coins=[7, 2, 2])
    state = play(state, Coup(0, 1), LoseInfluence(1, CONTESSA), Income(1), Income(2))
    before = play(state, Examine(0, 1), Allow(1))
    state = play(before, Allow(2))
    shown = [e for e in new_events(before, state) if isinstance(e, CardShown)]
    assert shown == [CardShown(1, 0, CAPTAIN)]
    assert state.pending is not None
    assert state.pending.kind is Decision.INQUISITOR_CHOICE
    assert to_act(state) == (0,)


# --- the Inquisitor's choice (R-INQ-5, R-INQ-6) -------------------------------------------------


def test_give_back_leaves_the_hand_unchanged() -> None:
    """R-INQ-5: GiveBack returns the card; hand and Court are unchanged; the turn passes."""
    state = examined(game([(INQUISITOR, DUKE), (DUKE, CAPTAIN), (ASSASSIN, CONTESSA)]), 0, 1)
    before = play(state, Show(1, DUKE))
    after = play(before, GiveBack(0))
    assert after.players[1].hand == (DUKE, CAPTAIN)
    assert after.court == before.court
    assert GaveBack(0, 1) in new_events(before, after)
    assert not any(isinstance(e, CardsDrawn | CardsReturned) for e in new_events(before, after))
    assert after.pending is not None
    assert after.pending.kind is Decision.ACTION
    assert after.active == 1


def test_force_exchange_draws_before_returning() -> None:
    """R-INQ-6: the target draws a replacement, then the shown card returns (Inquisitor sees it)."""
    state = examined(game([(INQUISITOR, DUKE), (DUKE, CAPTAIN), (ASSASSIN, CONTESSA)]), 0, 1)
    before = play(state, Show(1, CAPTAIN))
    after = play(before, ForceExchange(0))
    events = [
        e
        for e in new_events(before, after)
        if isinstance(e, ExchangeForced | CardsDrawn | CardsReturned)
    ]
    assert len(events) == 3
    assert events[0] == ExchangeForced(0, 1)
    assert isinstance(events[1], CardsDrawn)
    assert (events[1].player, events[1].count) == (1, 1)
    assert events[2] == CardsReturned(1, 1, (CAPTAIN,), 0)
    assert len(after.court) == len(before.court)
    assert len(after.players[1].hand) == 2
    assert DUKE in after.players[1].hand
    assert after.pending is not None and after.active == 1


def test_force_exchange_replacement_cannot_be_the_shown_card() -> None:
    """R-INQ-6: drawn before the return, the replacement never is the shown card itself."""
    court = (DUKE, ASSASSIN, CONTESSA)  # no Captain in the Court
    hands = [(INQUISITOR, DUKE), (DUKE, CAPTAIN), (ASSASSIN, CONTESSA)]
    state = examined(game(hands, court=court), 0, 1)
    state = play(state, Show(1, CAPTAIN), ForceExchange(0))
    assert CAPTAIN not in state.players[1].hand
    assert CAPTAIN in state.court
    assert len(state.court) == len(court)


def test_examine_target_eliminated_by_lost_challenge() -> None:
    """R-INQ-3, R-WIN-4, R-INF-5: a target who challenges a true Inquisitor on its last card is out.

    The Examine then has no further effect: nothing is shown and the turn passes.
    """
    state = game([(INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, CONTESSA)], coins=[7, 2, 2])
    state = play(state, Coup(0, 1), LoseInfluence(1, CONTESSA), Income(1), Income(2))
    before = play(state, Examine(0, 1), Challenge(1))
    after = play(before, Prove(0))
    assert not after.players[1].alive
    assert after.winner is None
    assert not any(isinstance(e, CardShown) for e in new_events(before, after))
    assert after.pending is not None
    assert after.pending.kind is Decision.ACTION
    assert after.active == 2


def test_examine_proved_against_two_card_target_then_shown() -> None:
    """R-INQ-3, R-INQ-4, R-WIN-4: a target who loses a challenge but survives is still examined.

    Its one remaining hidden card is shown at once.
    """
    state = game([(INQUISITOR, DUKE), (DUKE, CAPTAIN), (ASSASSIN, CONTESSA)])
    before = play(state, Examine(0, 1), Challenge(1), Prove(0))
    after = play(before, LoseInfluence(1, DUKE))
    assert CardShown(1, 0, CAPTAIN) in new_events(before, after)
    assert after.pending is not None
    assert after.pending.kind is Decision.INQUISITOR_CHOICE
    assert to_act(after) == (0,)


def test_examine_conceded_has_no_effect() -> None:
    """R-INQ-3, R-CHAL-4: a bluffed Examine that is conceded shows nothing; the turn passes."""
    state = game([(DUKE, CAPTAIN), (DUKE, CONTESSA), (ASSASSIN, CONTESSA)])
    before = play(state, Examine(0, 1), Challenge(2))
    after = play(before, Concede(0), LoseInfluence(0, DUKE))
    assert not any(isinstance(e, CardShown) for e in new_events(before, after))
    assert after.players[1].hand == (DUKE, CONTESSA)
    assert after.active == 1


def test_examine_targets_only_other_living_players() -> None:
    """R-ACT-8, R-INQ-3: Examine aims at another living player, never yourself or the dead."""
    state = new_game(
        Config(players=4, inquisitor=True),
        seed=7,
        hands=[(ASSASSIN, INQUISITOR), (CAPTAIN, CONTESSA), (ASSASSIN, CONTESSA), (DUKE, CAPTAIN)],
        coins=[3, 2, 2, 2],
    )
    state = play(state, Assassinate(0, 1), Challenge(1), Prove(0), LoseInfluence(1, CAPTAIN))
    state = play(state, Allow(1), Income(2), Income(3))
    assert not state.players[1].alive
    assert state.active == 0
    examines = [m for m in legal_moves(state, 0) if isinstance(m, Examine)]
    assert examines == [Examine(0, 2), Examine(0, 3)]
    assert rejected(state, Examine(0, 0)).rule == "R-ACT-8"
    assert rejected(state, Examine(0, 1)).rule == "R-ACT-8"


def test_examine_is_not_an_action_of_the_base_game() -> None:
    """R-ACT-11, R-INQ-1: without the Inquisitor, Examine cannot be claimed."""
    state = new_game(
        Config(players=3), seed=7, hands=[(DUKE, CAPTAIN), (DUKE, CONTESSA), (ASSASSIN, CONTESSA)]
    )
    assert not any(isinstance(m, Examine) for m in legal_moves(state, 0))
    assert rejected(state, Examine(0, 1)).rule == "R-ACT-11"


# --- blocking Steal (R-INQ-7) -------------------------------------------------------------------


def test_inquisitor_blocks_steal() -> None:
    """R-INQ-7, R-WIN-6: an unchallenged Inquisitor block makes the Steal fail."""
    state = game([(CAPTAIN, DUKE), (INQUISITOR, CONTESSA), (ASSASSIN, CONTESSA)])
    state = play(state, Steal(0, 1), Allow(1), Allow(2), Block(1, INQUISITOR))
    assert to_act(state) == (0, 2)
    state = play(state, Allow(0), Allow(2))
    assert [p.coins for p in state.players] == [2, 2, 2]
    assert state.active == 1


def test_inquisitor_block_challenged_and_proved() -> None:
    """R-INQ-7, R-CHAL-3: an Inquisitor block is proved with an Inquisitor; the challenger loses."""
    state = game([(CAPTAIN, DUKE), (INQUISITOR, CONTESSA), (ASSASSIN, CONTESSA)])
    state = play(state, Steal(0, 1), Allow(1), Allow(2), Block(1, INQUISITOR), Challenge(0))
    assert legal_moves(state, 1) == (Prove(1), Concede(1))
    state = play(state, Prove(1), LoseInfluence(0, DUKE))
    assert [p.coins for p in state.players] == [2, 2, 2]
    assert state.active == 1
