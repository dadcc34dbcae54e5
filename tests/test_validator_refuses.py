"""``validate_state`` refuses what the engine cannot reach, and wrong types, with a ValueError
(issue 20, D5 and D7)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from coup_rules import (
    ActionChoice,
    Block,
    ChallengeActionWindow,
    Character,
    Config,
    ForeignAid,
    GameState,
    Income,
    InfluenceChoice,
    PlayerState,
    Stage,
    Steal,
    Tax,
    new_game,
    validate_state,
)

DUKE, CAPTAIN = Character.DUKE, Character.CAPTAIN


def _first_turn(players: int = 3) -> GameState:
    state = new_game(Config(players=players), seed=3)
    validate_state(state)
    assert isinstance(state.pending, ActionChoice) and state.active == 0
    return state


def _refused(state: GameState, match: str | None = None) -> None:
    with pytest.raises(ValueError, match=match):
        validate_state(state)


def _loss(action: Any, loser: int, resume: Stage, block: Block | None = None) -> GameState:
    claim = DUKE if isinstance(action, Tax) else None
    pending = InfluenceChoice((loser,), action, claim, block, resume)
    return _first_turn().replace(pending=pending)


def test_no_influence_is_lost_during_an_income_turn_r_act_1() -> None:
    _refused(_loss(Income(0), 1, Stage.END), "pending.waiting")
    _refused(_loss(Income(0), 0, Stage.END), "pending.waiting")


def test_a_bystander_loses_on_tax_only_after_a_failed_challenge_r_chal_3() -> None:
    validate_state(_loss(Tax(0), 1, Stage.COUNTER))  # the challenger lost: reachable
    validate_state(_loss(Tax(0), 0, Stage.END))  # the actor conceded: reachable
    _refused(_loss(Tax(0), 1, Stage.END), "pending.waiting")


def test_after_a_challenged_block_only_the_blocker_loses_and_the_action_goes_on_r_chal_4() -> None:
    block = Block(1, DUKE)
    validate_state(_loss(ForeignAid(0), 1, Stage.RESOLVE, block))  # the blocker conceded
    validate_state(_loss(ForeignAid(0), 2, Stage.END, block))  # the challenger lost
    _refused(_loss(ForeignAid(0), 2, Stage.RESOLVE, block), "pending.waiting")
    _refused(_loss(ForeignAid(0), 1, Stage.END, block), "pending.waiting")


def test_a_window_on_a_steal_from_an_eliminated_seat_is_refused_r_act_8() -> None:
    state = _first_turn()
    gone = state.players[2]
    dead = attrs.evolve(gone, coins=0, hand=(), revealed=gone.hand)
    state = state.replace(players=(*state.players[:2], dead), treasury=state.treasury + gone.coins)
    validate_state(state)
    window = ChallengeActionWindow((1,), Steal(0, 2), CAPTAIN)
    _refused(state.replace(pending=window), "eliminated")


def _draft() -> GameState:
    state = new_game(Config(players=2), seed=9)
    validate_state(state)
    return state


def test_the_draft_court_holds_different_characters_r_setup_7() -> None:
    state = _draft()
    court, aside = list(state.court), list(state.aside)
    twin = next(c for c in aside if c == court[1])
    aside.remove(twin)
    aside.append(court[0])
    court[0] = twin
    _refused(state.replace(court=tuple(sorted(court)), aside=tuple(sorted(aside))), "court|aside")


def test_the_draft_aside_is_whole_sets_r_setup_8() -> None:
    state = _draft()
    p0 = state.players[0]
    other = next(c for c in state.aside if c != p0.hand[0])
    aside = list(state.aside)
    aside.remove(other)
    aside.append(p0.hand[0])
    swapped = attrs.evolve(p0, hand=(other,))
    _refused(
        state.replace(players=(swapped, state.players[1]), aside=tuple(sorted(aside))), "aside"
    )


def test_nobody_drafts_before_the_allegiance_is_chosen_r_ref_1() -> None:
    state = new_game(Config(players=2, reformation=True), seed=9)
    validate_state(state)
    p0 = state.players[0]
    card = next(c for c in state.aside if c != p0.hand[0])
    aside = list(state.aside)
    aside.remove(card)
    drafted = attrs.evolve(p0, hand=tuple(sorted((*p0.hand, card))))
    _refused(
        state.replace(players=(drafted, state.players[1]), aside=tuple(sorted(aside))),
        "allegiance",
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", 1.0), ("treasury", "40"), ("active", False), ("winner", 0.0), ("shown", "duke")],
)
def test_a_field_of_the_wrong_type_is_a_value_error_naming_it(field: str, value: Any) -> None:
    _refused(_first_turn().replace(**{field: value}), field)


@pytest.mark.parametrize(("field", "value"), [("coins", 2.0), ("hand", [DUKE, DUKE])])
def test_a_seat_field_of_the_wrong_type_is_a_value_error_naming_it(field: str, value: Any) -> None:
    state = _first_turn()
    bad: PlayerState = attrs.evolve(state.players[0], **{field: value})
    _refused(state.replace(players=(bad, *state.players[1:])), f"players\\[0\\].*{field}")


def test_a_decision_field_of_the_wrong_type_is_refused_on_construction_naming_it() -> None:
    """Both builds refuse it at once (the compiled engine's records cannot hold it)."""
    state = _first_turn()
    with pytest.raises(TypeError, match="waiting"):
        state.replace(pending=ActionChoice(waiting=[0]))  # type: ignore[arg-type]
