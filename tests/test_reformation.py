"""Scenario tests for the Reformation expansion (R-REF-1 to R-REF-11), on fixed deals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from coup_rules import (
    Allegiance,
    AllegianceChanged,
    Allow,
    Assassinate,
    Block,
    CardsDrawn,
    Challenge,
    Character,
    ChooseAllegiance,
    CoinsMoved,
    Concede,
    Config,
    Convert,
    Coup,
    Decision,
    Embezzle,
    Event,
    ForeignAid,
    GameState,
    IllegalMoveError,
    Income,
    LoseInfluence,
    Move,
    Pool,
    Prove,
    Proved,
    Steal,
    Tax,
    apply,
    legal_moves,
    new_game,
    to_act,
)
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play

L = Allegiance.LOYALIST
R = Allegiance.REFORMIST

HANDS4 = [(ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (CAPTAIN, CONTESSA), (DUKE, ASSASSIN)]


def game(
    hands: Sequence[Sequence[Character]],
    allegiances: Sequence[Allegiance],
    *,
    coins: Sequence[int] | None = None,
) -> GameState:
    """A fixed Reformation deal with given allegiances; seat 0 is about to act."""
    config = Config(players=len(hands), reformation=True)
    return new_game(config, seed=11, hands=hands, coins=coins, allegiances=allegiances)


def new_events(before: GameState, after: GameState) -> list[Event]:
    """The events ``after`` added to ``before``'s log."""
    return list(after.log)[len(before.log) :]


def rejected(state: GameState, move: Move) -> IllegalMoveError:
    """Apply an illegal move and return the error it raised."""
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move)
    return info.value


def aims(state: GameState, seat: int, kind: type) -> list[int]:
    """The targets of ``seat``'s legal moves of type ``kind``."""
    moves = [m for m in legal_moves(state, seat) if isinstance(m, kind)]
    return [int(getattr(m, "target")) for m in moves]  # noqa: B009


def sides(state: GameState) -> list[Allegiance | None]:
    """Every seat's allegiance."""
    return [p.allegiance for p in state.players]


# --- setup: the choice of allegiance (R-REF-1) --------------------------------------------------


def test_first_player_chooses_allegiance_as_first_move() -> None:
    """R-REF-1, R-SETUP-11: the game opens, on turn 0, with the first player's choice."""
    state = new_game(Config(players=4, reformation=True), seed=3)
    assert state.turn == 0
    assert state.pending is not None
    assert state.pending.kind is Decision.CHOOSE_ALLEGIANCE
    assert to_act(state) == (0,)
    assert legal_moves(state, 0) == (ChooseAllegiance(0, L), ChooseAllegiance(0, R))
    assert all(legal_moves(state, s) == () for s in (1, 2, 3))
    assert sides(state) == [None] * 4


def test_only_the_first_player_chooses_allegiance() -> None:
    """R-REF-1, R-TURN-4: another seat may not choose; no action before the choice."""
    state = new_game(Config(players=4, reformation=True), seed=3)
    assert rejected(state, ChooseAllegiance(1, L)).rule == "R-TURN-4"
    assert rejected(state, Income(0)).rule == "R-REF-1"


def test_allegiances_alternate_clockwise() -> None:
    """R-REF-1, R-SETUP-11: each next seat takes the opposite; then turn 1 begins."""
    state = play(new_game(Config(players=4, reformation=True), seed=3), ChooseAllegiance(0, R))
    assert sides(state) == [R, L, R, L]
    assert state.turn == 1
    assert state.active == 0
    assert state.pending is not None and state.pending.kind is Decision.ACTION


def test_allegiances_alternate_from_a_later_first_player() -> None:
    """R-REF-1, R-SETUP-6: with first_player=2, seat 2 chooses and the others alternate from it."""
    state = new_game(Config(players=5, reformation=True, first_player=2), seed=3)
    assert to_act(state) == (2,)
    assert legal_moves(state, 0) == ()
    state = play(state, ChooseAllegiance(2, L))
    assert sides(state) == [R, L, L, R, L]
    assert state.active == 2
    assert state.turn == 1


def test_given_allegiances_skip_the_choice() -> None:
    """R-REF-1, R-SETUP-9: new_game(allegiances=) starts at turn 1 with those allegiances."""
    state = new_game(Config(players=3, reformation=True), seed=3, allegiances=[L, L, R])
    assert sides(state) == [L, L, R]
    assert state.turn == 1
    assert state.pending is not None and state.pending.kind is Decision.ACTION


def test_given_allegiances_are_logged() -> None:
    """R-REF-1, R-INFO-1: given allegiances are public: each one is logged at setup."""
    state = new_game(Config(players=3, reformation=True), seed=3, allegiances=[L, L, R])
    assert [e for e in state.log if isinstance(e, AllegianceChanged)] == [
        AllegianceChanged(0, L),
        AllegianceChanged(1, L),
        AllegianceChanged(2, R),
    ]


def test_allegiances_outside_reformation_rejected() -> None:
    """R-REF-1, R-SETUP-9: allegiances may only be given in a Reformation game."""
    with pytest.raises(ValueError, match="allegiances"):
        new_game(Config(players=3), seed=3, allegiances=[L, R, L])


def test_base_game_has_no_allegiances() -> None:
    """R-REF-1: outside Reformation nobody has an allegiance and the Reserve stays empty."""
    state = new_game(Config(players=3), seed=3)
    assert sides(state) == [None] * 3
    assert state.reserve == 0
    assert state.turn == 1


def test_two_player_reformation_allegiance_before_draft() -> None:
    """R-REF-1, R-SETUP-8, R-SETUP-11: in a 2-player game the choice comes before the draft."""
    state = new_game(Config(players=2, reformation=True), seed=3)
    assert state.pending is not None and state.pending.kind is Decision.CHOOSE_ALLEGIANCE
    assert to_act(state) == (0,)
    assert state.set_aside == 10
    state = play(state, ChooseAllegiance(0, L))
    assert sides(state) == [L, R]
    assert state.pending is not None and state.pending.kind is Decision.DRAFT
    assert to_act(state) == (0, 1)
    assert state.turn == 0


# --- the deck by player count (R-REF-11) --------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "copies"), [(3, 3), (4, 3), (5, 3), (6, 3), (7, 4), (8, 4), (9, 5), (10, 5)]
)
def test_reformation_deck_by_player_count(players: int, copies: int) -> None:
    """R-REF-11, R-SETUP-2: 3 copies for 3-6 players, 4 for 7-8 (20), 5 for 9-10 (25)."""
    deck = Counter(Config(players=players, reformation=True).deck)
    assert set(deck.values()) == {copies}
    assert sum(deck.values()) == 5 * copies


@pytest.mark.parametrize(("players", "court"), [(7, 6), (8, 4), (9, 7), (10, 5)])
def test_large_reformation_game_deal(players: int, court: int) -> None:
    """R-REF-11, R-SETUP-5: 7-10 player Reformation games deal 2 each; the rest is the Court."""
    state = new_game(Config(players=players, reformation=True), seed=5)
    assert all(len(p.hand) == 2 for p in state.players)
    assert len(state.court) == court
    state = play(state, ChooseAllegiance(0, L))
    assert sides(state) == [L if s % 2 == 0 else R for s in range(players)]


# --- targeting restrictions (R-REF-2) -----------------------------------------------------------


def test_targets_are_only_of_the_other_allegiance() -> None:
    """R-REF-2: Coup, Assassinate and Steal list only players of the other allegiance."""
    state = game(HANDS4, [L, R, L, R], coins=[7, 2, 2, 2])
    assert aims(state, 0, Coup) == [1, 3]
    assert aims(state, 0, Assassinate) == [1, 3]
    assert aims(state, 0, Steal) == [1, 3]


@pytest.mark.parametrize("move", [Coup(0, 2), Assassinate(0, 2), Steal(0, 2)])
def test_same_allegiance_target_rejected(move: Move) -> None:
    """R-REF-2: a Coup, Assassinate or Steal against one's own allegiance is rejected."""
    state = game(HANDS4, [L, R, L, R], coins=[7, 2, 2, 2])
    assert rejected(state, move).rule == "R-REF-2"


# --- Foreign Aid (R-REF-3) ----------------------------------------------------------------------


def test_foreign_aid_counter_asks_only_other_allegiance() -> None:
    """R-REF-3, R-WIN-3: only seats of the other allegiance are asked to block Foreign Aid."""
    state = play(game(HANDS4, [L, R, L, R]), ForeignAid(0))
    assert state.pending is not None and state.pending.kind is Decision.COUNTER
    assert to_act(state) == (1, 3)
    assert legal_moves(state, 2) == ()


def test_same_side_foreign_aid_block_refused_by_its_rule() -> None:
    """R-REF-3: a block of one's own side's Foreign Aid is refused citing R-REF-3, saying why."""
    state = play(game(HANDS4, [L, R, L, R]), ForeignAid(0))
    err = rejected(state, Block(2, DUKE))
    assert err.rule == "R-REF-3"
    assert "seat 2 is a Loyalist like seat 0" in err.reason


def test_other_side_that_allowed_is_refused_as_not_asked() -> None:
    """R-TURN-4: a seat of the other side that already let the Foreign Aid pass is not asked."""
    state = play(game(HANDS4, [L, R, L, R]), ForeignAid(0), Allow(1))
    assert rejected(state, Block(1, DUKE)).rule == "R-TURN-4"


def test_foreign_aid_all_same_allegiance_everyone_asked() -> None:
    """R-REF-3, R-REF-4: with one allegiance at the table, every other seat may block."""
    state = play(game(HANDS4, [L, L, L, L]), ForeignAid(0))
    assert to_act(state) == (1, 2, 3)


def test_foreign_aid_resolves_once_other_allegiance_allows() -> None:
    """R-REF-3, R-ACT-2: when the seats asked all allow, the aid is taken."""
    state = play(game(HANDS4, [L, R, L, R]), ForeignAid(0), Allow(1), Allow(3))
    assert state.players[0].coins == 4
    assert state.active == 1


# --- the restriction lifts and returns (R-REF-4) ------------------------------------------------


def test_conversion_lifts_the_restriction() -> None:
    """R-REF-4, R-REF-7: converting the last Reformist lifts the restriction for later turns."""
    hands = [(ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (CAPTAIN, CONTESSA)]
    state = game(hands, [L, R, L])
    assert aims(state, 0, Steal) == [1]
    state = play(state, Convert(0, 1))
    assert sides(state) == [L, L, L]
    assert aims(state, 1, Steal) == [0, 2]
    assert to_act(play(state, ForeignAid(1))) == (0, 2)


def test_conversion_lifts_then_another_reimposes() -> None:
    """R-REF-4: a conversion lifts the restriction; a later conversion brings it back."""
    hands = [(ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (CAPTAIN, CONTESSA)]
    state = play(game(hands, [L, R, L]), Convert(0, 1))
    assert aims(state, 1, Steal) == [0, 2]
    state = play(state, Convert(1, 1))
    assert sides(state) == [L, R, L]
    assert aims(state, 2, Steal) == [1]
    assert rejected(state, Steal(2, 0)).rule == "R-REF-2"
    assert to_act(play(state, ForeignAid(2))) == (1,)


def test_death_lifts_the_restriction() -> None:
    """R-REF-4, R-INF-4: the last Reformist's death lifts the restriction for the survivors."""
    hands = [(ASSASSIN, DUKE), (CAPTAIN, CONTESSA), (CAPTAIN, CONTESSA), (DUKE, CONTESSA)]
    state = game(hands, [L, R, L, L], coins=[3, 2, 2, 2])
    assert aims(state, 0, Steal) == [1]
    state = play(state, Assassinate(0, 1), Challenge(1), Prove(0), LoseInfluence(1, CAPTAIN))
    state = play(state, Allow(1))
    assert not state.players[1].alive
    assert state.active == 2
    assert aims(state, 2, Steal) == [0, 3]
    assert to_act(play(state, ForeignAid(2))) == (0, 3)


def test_death_lifts_then_conversion_reimposes() -> None:
    """R-REF-4: after a death lifted it, a self-conversion brings the restriction back."""
    hands = [(ASSASSIN, DUKE), (CAPTAIN, CONTESSA), (CAPTAIN, CONTESSA), (DUKE, CONTESSA)]
    state = game(hands, [L, R, L, L], coins=[3, 2, 2, 2])
    state = play(state, Assassinate(0, 1), Challenge(1), Prove(0), LoseInfluence(1, CAPTAIN))
    state = play(state, Allow(1), Convert(2, 2))
    assert sides(state)[2] == R
    assert state.active == 3
    assert aims(state, 3, Steal) == [2]
    assert to_act(play(state, ForeignAid(3))) == (2,)


# --- challenges are never restricted (R-REF-5) --------------------------------------------------


def test_same_allegiance_may_challenge_an_action() -> None:
    """R-REF-5, R-WIN-2: every other living seat may challenge, whatever its allegiance."""
    state = play(game(HANDS4, [L, R, L, R]), Tax(0))
    assert to_act(state) == (1, 2, 3)
    state = play(state, Challenge(2))
    assert state.pending is not None and state.pending.challenger == 2


def test_same_allegiance_may_challenge_a_block() -> None:
    """R-REF-5, R-WIN-5: a Reformist may challenge a Reformist's block."""
    state = play(game(HANDS4, [L, R, L, R]), ForeignAid(0), Block(1, DUKE))
    assert to_act(state) == (0, 2, 3)
    state = play(state, Challenge(3))
    assert state.pending is not None
    assert state.pending.kind is Decision.ANSWER_BLOCK_CHALLENGE
    assert state.pending.challenger == 3


# --- the forced Coup (R-REF-6) ------------------------------------------------------------------


def test_forced_coup_only_at_other_allegiance() -> None:
    """R-REF-6, R-TURN-2: at 10+ coins only Coup, and only at the other allegiance."""
    state = game(HANDS4, [L, R, L, R], coins=[10, 2, 2, 2])
    assert legal_moves(state, 0) == (Coup(0, 1), Coup(0, 3))
    assert rejected(state, Income(0)).rule == "R-TURN-2"
    assert rejected(state, Convert(0, 0)).rule == "R-TURN-2"
    assert rejected(state, Coup(0, 2)).rule == "R-REF-2"


def test_forced_coup_all_same_allegiance_anyone() -> None:
    """R-REF-6, R-REF-4: with one allegiance left, the forced Coup may hit anyone."""
    state = game(HANDS4, [R, R, R, R], coins=[10, 2, 2, 2])
    assert legal_moves(state, 0) == (Coup(0, 1), Coup(0, 2), Coup(0, 3))


# --- Convert (R-REF-7) --------------------------------------------------------------------------


def test_convert_self_costs_one_onto_the_reserve() -> None:
    """R-REF-7: flipping yourself costs 1 coin, paid onto the Reserve; no window follows."""
    before = game(HANDS4, [L, R, L, R])
    after = play(before, Convert(0, 0))
    events = new_events(before, after)
    assert CoinsMoved(1, 0, Pool.RESERVE) in events
    assert AllegianceChanged(0, R) in events
    assert after.players[0].coins == 1
    assert after.reserve == 1
    assert after.treasury == before.treasury
    assert after.pending is not None and after.pending.kind is Decision.ACTION
    assert after.active == 1


def test_convert_other_costs_two_onto_the_reserve() -> None:
    """R-REF-7: flipping another player costs 2 coins onto the Reserve; not challengeable."""
    before = game(HANDS4, [L, R, L, R])
    after = play(before, Convert(0, 3))
    assert CoinsMoved(2, 0, Pool.RESERVE) in new_events(before, after)
    assert sides(after) == [L, R, L, L]
    assert after.players[0].coins == 0
    assert after.reserve == 2
    assert after.active == 1


def test_convert_may_name_any_living_player() -> None:
    """R-REF-7: Convert is not restricted by allegiance: yourself or any other living player."""
    state = game(HANDS4, [L, R, L, R])
    assert aims(state, 0, Convert) == [0, 1, 2, 3]


def test_convert_cost_rejected() -> None:
    """R-REF-7: 1 coin cannot convert another player; 0 coins cannot convert yourself."""
    state = game(HANDS4, [L, R, L, R], coins=[1, 0, 2, 2])
    assert aims(state, 0, Convert) == [0]
    assert rejected(state, Convert(0, 1)).rule == "R-REF-7"
    state = play(state, Income(0))
    assert aims(state, 1, Convert) == []
    assert rejected(state, Convert(1, 1)).rule == "R-REF-7"


def test_convert_a_dead_player_rejected() -> None:
    """R-REF-7: an eliminated player has no allegiance to convert."""
    hands = [(ASSASSIN, DUKE), (CAPTAIN, CONTESSA), (CAPTAIN, CONTESSA), (DUKE, CONTESSA)]
    state = game(hands, [L, R, L, R], coins=[3, 2, 2, 2])
    state = play(state, Assassinate(0, 1), Challenge(1), Prove(0), LoseInfluence(1, CAPTAIN))
    state = play(state, Allow(1))
    assert 1 not in aims(state, 2, Convert)
    assert rejected(state, Convert(2, 1)).rule == "R-REF-7"


def test_convert_outside_reformation_rejected() -> None:
    """R-REF-1: Convert and Embezzle are only played with the Reformation expansion."""
    state = new_game(
        Config(players=3), seed=3, hands=[(DUKE, CAPTAIN), (DUKE, CONTESSA), (ASSASSIN, AMBASSADOR)]
    )
    assert rejected(state, Convert(0, 0)).rule == "R-REF-1"
    assert rejected(state, Embezzle(0)).rule == "R-REF-1"


# --- Embezzle (R-REF-8 to R-REF-10) -------------------------------------------------------------


def with_reserve(hands: Sequence[Sequence[Character]]) -> GameState:
    """Three players, L R L: seats 0 and 1 convert themselves, leaving 2 on the Reserve."""
    state = play(game(hands, [L, R, L]), Convert(0, 0), Convert(1, 1))
    assert state.reserve == 2
    assert state.active == 2
    return state


HANDS3 = [(ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (CAPTAIN, CONTESSA)]


def test_embezzle_takes_the_whole_reserve() -> None:
    """R-REF-8: Embezzle, unchallenged, takes every coin on the Reserve."""
    before = play(with_reserve(HANDS3), Embezzle(2), Allow(0))
    after = play(before, Allow(1))
    assert CoinsMoved(2, Pool.RESERVE, 2) in new_events(before, after)
    assert after.players[2].coins == 4
    assert after.reserve == 0


def test_embezzle_is_never_blocked() -> None:
    """R-REF-8: after the challenge window closes, no counter window opens; the turn passes."""
    state = play(with_reserve(HANDS3), Embezzle(2), Allow(0), Allow(1))
    assert state.pending is not None and state.pending.kind is Decision.ACTION
    assert state.active == 0


def test_embezzle_on_an_empty_reserve() -> None:
    """R-REF-8, R-ACT-10: with 0 coins on the Reserve Embezzle is legal and takes nothing."""
    before = game(HANDS3, [L, R, L])
    assert before.reserve == 0
    assert Embezzle(0) in legal_moves(before, 0)
    after = play(before, Embezzle(0), Allow(1), Allow(2))
    assert CoinsMoved(0, Pool.RESERVE, 0) in new_events(before, after)
    assert after.players[0].coins == 2
    assert after.reserve == 0
    assert after.active == 1


def test_embezzle_challengeable_by_every_other_player() -> None:
    """R-REF-8, R-REF-5: every other living player, of either allegiance, may challenge."""
    state = play(game(HANDS3, [L, R, L]), Embezzle(0))
    assert state.pending is not None and state.pending.kind is Decision.CHALLENGE_ACTION
    assert to_act(state) == (1, 2)
    assert legal_moves(state, 2) == (Challenge(2), Allow(2))


def test_embezzle_with_a_duke_must_concede() -> None:
    """R-REF-9: an embezzler holding a Duke may only Concede."""
    hands = [(ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (DUKE, CAPTAIN)]
    state = play(with_reserve(hands), Embezzle(2), Challenge(0))
    assert legal_moves(state, 2) == (Concede(2),)
    assert rejected(state, Prove(2)).rule == "R-REF-9"


def test_embezzle_concede_takes_nothing() -> None:
    """R-REF-9: on Concede the embezzler loses an influence and the Reserve stays put."""
    hands = [(ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (DUKE, CAPTAIN)]
    state = play(with_reserve(hands), Embezzle(2), Challenge(0), Concede(2))
    assert state.pending is not None and state.pending.kind is Decision.LOSE_INFLUENCE
    state = play(state, LoseInfluence(2, DUKE))
    assert state.players[2].revealed == (DUKE,)
    assert state.players[2].coins == 2
    assert state.reserve == 2
    assert state.active == 0


def test_embezzle_concede_allowed_without_a_duke() -> None:
    """R-REF-9: without a Duke the embezzler may still Concede, losing an influence for nothing."""
    state = play(with_reserve(HANDS3), Embezzle(2), Challenge(1))
    assert legal_moves(state, 2) == (Prove(2), Concede(2))
    state = play(state, Concede(2), LoseInfluence(2, CONTESSA))
    assert state.players[2].hand == (CAPTAIN,)
    assert state.players[2].coins == 2
    assert state.reserve == 2
    assert state.players[1].hand == (DUKE, CONTESSA)


def test_embezzle_prove_shows_all_hidden_cards() -> None:
    """R-REF-10: Prove shows every hidden card; all go to the Court and as many are drawn."""
    before = play(with_reserve(HANDS3), Embezzle(2), Challenge(1))
    court = len(before.court)
    after = play(before, Prove(2))
    events = new_events(before, after)
    assert events[0] == Proved(2, (CAPTAIN, CONTESSA))
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert [(e.player, e.count) for e in drawn] == [(2, 2)]
    assert len(after.players[2].hand) == 2
    assert len(after.court) == court
    assert after.pending is not None and after.pending.kind is Decision.LOSE_INFLUENCE
    assert to_act(after) == (1,)
    assert after.players[2].coins == 2  # the embezzlement comes after the challenger's loss


def test_embezzle_prove_then_challenger_loses_then_embezzlement() -> None:
    """R-REF-10: after the challenger loses an influence the embezzler takes the Reserve."""
    state = play(with_reserve(HANDS3), Embezzle(2), Challenge(1), Prove(2))
    before = state
    state = play(state, LoseInfluence(1, CONTESSA))
    events = new_events(before, state)
    assert events.index(CoinsMoved(2, Pool.RESERVE, 2)) > 0
    assert state.players[1].revealed == (CONTESSA,)
    assert state.players[2].coins == 4
    assert state.reserve == 0
    assert state.active == 0


def test_embezzle_prove_with_one_hidden_card() -> None:
    """R-REF-10: an embezzler with one hidden card shows it and draws one replacement."""
    hands = [(ASSASSIN, CAPTAIN), (DUKE, CONTESSA), (CAPTAIN, CONTESSA)]
    state = game(hands, [L, R, L], coins=[7, 2, 2])
    state = play(state, Coup(0, 1), LoseInfluence(1, DUKE), Embezzle(1), Challenge(0))
    assert legal_moves(state, 1) == (Prove(1), Concede(1))
    before = state
    state = play(state, Prove(1))
    events = new_events(before, state)
    assert events[0] == Proved(1, (CONTESSA,))
    assert [(e.player, e.count) for e in events if isinstance(e, CardsDrawn)] == [(1, 1)]
    assert len(state.players[1].hand) == 1
