"""The table of action facts drives the engine (R-ACT, R-WIN-1, R-WIN-3, R-REF-7, R-REF-8).

``coup_rules.actions`` holds one row per turn action: its claim, cost, pool, blockers, whom it
aims at and its rule id. These tests walk the table and check that declaring each action does
what its row says: a new action's row is checked here without a new test, and the few other
places it needs (its effect, sentence and notation word) are ``match`` arms that mypy names.
"""

from __future__ import annotations

import typing

import attrs
import pytest

from coup_rules import (
    ActionChoice,
    ActionMove,
    Allegiance,
    Allow,
    ChallengeActionWindow,
    Character,
    CoinsMoved,
    Config,
    CounterWindow,
    GameState,
    Move,
    Pending,
    apply,
    legal_moves,
    new_game,
    to_act,
)
from coup_rules.actions import ACTIONS, SPECS, ActionSpec, Aim, Asked, Variant, blockers_of
from coup_rules.constants import FORCED_COUP_COINS
from coup_rules.decisions import decision_spec
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR

HANDS = [(DUKE, CONTESSA), (ASSASSIN, CAPTAIN), (CAPTAIN, AMBASSADOR), (DUKE, ASSASSIN)]


def _game(spec: ActionSpec) -> GameState:
    """A 4-player game of the row's variant in which seat 0 may declare anything (7 coins)."""
    inquisitor = spec.variant is Variant.INQUISITOR
    hands = [tuple(INQUISITOR if c is AMBASSADOR and inquisitor else c for c in h) for h in HANDS]
    config = Config(
        players=4, inquisitor=inquisitor, reformation=spec.variant is Variant.REFORMATION
    )
    allegiances = [Allegiance.LOYALIST, Allegiance.REFORMIST] * 2 if config.reformation else None
    return new_game(config, seed=1, hands=hands, coins=[7, 2, 2, 2], allegiances=allegiances)


def _declared(spec: ActionSpec) -> tuple[GameState, GameState, ActionMove]:
    state = _game(spec)
    moves = [m for m in legal_moves(state, 0) if type(m) is spec.move]
    assert moves, f"seat 0 cannot declare {spec.name}"
    action = moves[-1]
    assert isinstance(action, typing.get_args(ActionMove))
    return state, apply(state, action), action


def test_every_action_has_one_row_in_move_order_r_act_1() -> None:
    """R-ACT-1 to R-ACT-8: the table has one row per action class, in the order of the move
    table (which is the order of ``legal_moves``)."""
    assert tuple(s.move for s in ACTIONS) == typing.get_args(ActionMove)
    assert set(SPECS) == set(typing.get_args(ActionMove))


def test_every_decision_has_a_spec_and_every_move_answers_one_r_turn_1() -> None:
    """R-TURN-1: every kind of decision says what it asks for, its rule and the moves that
    answer it, and every kind of move answers some decision."""
    answered: set[type] = set()
    for cls in typing.get_args(Pending):
        sample = cls(*[None] * len(attrs.fields(cls)))
        spec = decision_spec(sample)
        assert spec.asks and spec.rule.startswith("R-") and spec.moves
        answered |= set(spec.moves)
    assert answered == set(typing.get_args(Move))


@pytest.mark.parametrize("spec", ACTIONS, ids=lambda s: s.move.__name__)
def test_declaring_pays_the_rows_cost_r_act_9(spec: ActionSpec) -> None:
    """R-ACT-9, R-REF-7: declaring pays the row's cost at once, into the row's pool."""
    before, after, action = _declared(spec)
    target = getattr(action, "target", None)
    cost = spec.self_cost if target == action.player and spec.self_cost is not None else spec.cost
    paid = [
        e for e in after.log.tail(len(before.log)) if isinstance(e, CoinsMoved) and e.source == 0
    ]
    if cost:
        assert paid[0] == CoinsMoved(cost, 0, spec.pool)
    else:
        assert not paid


@pytest.mark.parametrize("spec", ACTIONS, ids=lambda s: s.move.__name__)
def test_challengeable_rows_open_a_challenge_window_naming_the_claim_r_win_1(
    spec: ActionSpec,
) -> None:
    """R-WIN-1, R-WIN-2: a challengeable action opens window a for every other living seat,
    naming the row's claim (this game's exchanger for Exchange; none for Embezzle)."""
    _, after, _ = _declared(spec)
    pending = after.pending
    if not spec.challengeable:
        assert not isinstance(pending, ChallengeActionWindow)
        return
    assert isinstance(pending, ChallengeActionWindow)
    exchanger = after.config.exchanger
    assert pending.claim == (exchanger if spec.claims_exchanger else spec.claim)
    assert pending.waiting == (1, 2, 3)


@pytest.mark.parametrize("spec", [s for s in ACTIONS if s.asked is not Asked.NOBODY])
def test_blockable_rows_ask_whom_the_row_says_with_its_blockers_r_win_3(
    spec: ActionSpec,
) -> None:
    """R-WIN-3: once the claim stands, the row's seats are asked and may block with exactly the
    row's characters (plus this game's exchanger where the row says so)."""
    _, state, action = _declared(spec)
    for seat in to_act(state) if isinstance(state.pending, ChallengeActionWindow) else ():
        state = apply(state, Allow(seat))
    pending = state.pending
    assert isinstance(pending, CounterWindow)
    target = getattr(action, "target", None)
    if spec.asked is Asked.TARGET:
        assert pending.waiting == (target,)
    else:
        assert pending.waiting == (1, 2, 3)
    seat = pending.waiting[0]
    blocks = {getattr(m, "character", None) for m in legal_moves(state, seat)} - {None}
    assert blocks == set(blockers_of(spec, state.config.exchanger))


@pytest.mark.parametrize("spec", [s for s in ACTIONS if s.aim is not Aim.NONE])
def test_aimed_rows_list_one_move_per_allowed_target_r_act_8(spec: ActionSpec) -> None:
    """R-ACT-8, R-REF-2, R-REF-7: an aimed action is listed once per seat it may target: other
    living seats (of the other allegiance in a divided Reformation table), or, for Convert,
    any living seat the actor can pay for."""
    state = _game(spec)
    targets = [getattr(m, "target", None) for m in legal_moves(state, 0) if type(m) is spec.move]
    if spec.aim is Aim.LIVING:
        assert targets == [0, 1, 2, 3]
    elif state.config.reformation:
        assert targets == [1, 3]
    else:
        assert targets == [1, 2, 3]


def test_a_player_with_ten_coins_may_only_coup_r_turn_2() -> None:
    """R-TURN-2: with the forced Coup's coins, only the Coup row is listed."""
    state = new_game(Config(players=3), seed=1, coins=[FORCED_COUP_COINS, 2, 2])
    assert isinstance(state.pending, ActionChoice)
    assert {type(m).__name__ for m in legal_moves(state, 0)} == {"Coup"}


def test_cards_print_as_players_say_them() -> None:
    """``Character`` is a plain enum: ``str`` is the name players use, not a number."""
    assert str(Character.DUKE) == "Duke"
    assert f"{Character.INQUISITOR}" == "Inquisitor"
    assert not isinstance(Character.DUKE, int)
    assert sorted([Character.CONTESSA, Character.DUKE]) == [Character.DUKE, Character.CONTESSA]
