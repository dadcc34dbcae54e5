"""Behaviours that no test pinned until mutation testing found them (docs/testing.md).

``mutmut`` changed the rule code one small edit at a time; each test here fails on at least one
edit that the rest of the suite let through. They are ordinary rule scenarios on fixed deals:
what each decision says it is about, where coins come from, the state after the end, and what an
illegal move is told.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import coup_rules
from coup_rules import (
    ActionMove,
    Allegiance,
    Allow,
    Block,
    BlockChallengeAnswer,
    Challenge,
    ChallengeBlockWindow,
    Concede,
    Config,
    Convert,
    CounterWindow,
    Coup,
    Decision,
    Embezzle,
    Examine,
    Exchange,
    GameState,
    IllegalMoveError,
    Income,
    InfluenceChoice,
    Keep,
    KeepChoice,
    LoseInfluence,
    Prove,
    Stage,
    Steal,
    apply,
    decisions,
    new_game,
    records,
)
from coup_rules.actions import ACTIONS, ActionSpec, Aim, spec_of
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play

HANDS4 = [(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (AMBASSADOR, CAPTAIN), (DUKE, CONTESSA)]
ERRORS_PAGE = Path(__file__).resolve().parents[1] / "docs" / "reference" / "errors.md"


def game(coins: list[int] | None = None) -> GameState:
    """A 4-player base game on a fixed deal; seat 0 is about to act."""
    return new_game(Config(players=4), seed=3, hands=HANDS4, coins=coins)


def refused(state: GameState, move: Any) -> IllegalMoveError:
    """Apply an illegal move and return the error it raised."""
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move)
    return info.value


# --- what each decision says it is about (R-WIN, R-CHAL, R-INF-1, R-ACT-12) ---

STEAL = Steal(0, 2)
BLOCK = Block(2, AMBASSADOR)


def steal_blocked() -> GameState:
    """Seat 0 Steals from seat 2, unchallenged; seat 2 blocks with the Ambassador it holds."""
    return play(game(), STEAL, Allow(1), Allow(2), Allow(3), BLOCK)


def test_the_counter_window_names_the_claim_of_the_action_r_win_3() -> None:
    """R-WIN-3: the target asked whether to block a Steal is told the action claimed a Captain."""
    state = play(game(), STEAL, Allow(1), Allow(2), Allow(3))
    assert state.pending == CounterWindow(waiting=(2,), action=STEAL, claim=CAPTAIN)


def test_the_block_challenge_window_names_action_claim_and_block_r_win_5() -> None:
    """R-WIN-5: after a block, everyone else, the actor included, may challenge it; the window
    keeps naming the action, its claim and the block as seats allow one by one."""
    state = steal_blocked()
    assert state.pending == ChallengeBlockWindow(
        waiting=(0, 1, 3), action=STEAL, claim=CAPTAIN, block=BLOCK
    )
    state = play(state, Allow(1))
    assert state.pending == ChallengeBlockWindow(
        waiting=(0, 3), action=STEAL, claim=CAPTAIN, block=BLOCK
    )


def test_the_challenged_blocker_is_asked_about_the_block_r_chal_1() -> None:
    """R-WIN-5, R-CHAL-1: a challenge of the block asks the blocker to prove or concede it."""
    state = play(steal_blocked(), Challenge(0))
    assert state.pending == BlockChallengeAnswer(
        waiting=(2,), action=STEAL, claim=CAPTAIN, block=BLOCK, challenger=0
    )


def test_a_proved_block_costs_the_challenger_and_ends_the_turn_r_chal_3() -> None:
    """R-CHAL-3, R-WIN-6: the block is proved, so the challenger chooses a card to lose, and
    after that the turn ends: the block stands."""
    state = play(steal_blocked(), Challenge(0), Prove(2))
    assert state.pending == InfluenceChoice(
        waiting=(0,), action=STEAL, claim=CAPTAIN, block=BLOCK, resume=Stage.END
    )


def test_a_conceded_block_lets_the_action_resolve_r_chal_4() -> None:
    """R-CHAL-4, R-CHAL-5: a bluffed block is conceded; the blocker loses a card and then the
    Steal takes effect."""
    bluff = Block(1, CAPTAIN)
    state = play(game(), Steal(0, 1), Allow(1), Allow(2), Allow(3), bluff, Challenge(0))
    state = play(state, Concede(1))
    assert state.pending == InfluenceChoice(
        waiting=(1,), action=Steal(0, 1), claim=CAPTAIN, block=bluff, resume=Stage.RESOLVE
    )
    state = play(state, LoseInfluence(1, ASSASSIN))
    assert (state.players[0].coins, state.players[1].coins) == (4, 0)


def test_a_conceded_action_ends_the_turn_r_chal_4() -> None:
    """R-CHAL-4: an Exchange bluffed and conceded costs the actor a card; the turn then ends
    (no block was made)."""
    state = play(game(), Income(0), Exchange(1), Challenge(0), Concede(1))
    assert state.pending == InfluenceChoice(
        waiting=(1,), action=Exchange(1), claim=AMBASSADOR, block=None, resume=Stage.END
    )


def test_a_coup_asks_the_target_for_a_card_then_ends_the_turn_r_act_3() -> None:
    """R-ACT-3, R-INF-1: the target of a Coup chooses the card to lose; the turn then ends."""
    state = play(game(coins=[7, 2, 2, 2]), Coup(0, 1))
    assert state.pending == InfluenceChoice(
        waiting=(1,), action=Coup(0, 1), claim=None, block=None, resume=Stage.END
    )


def exchange_drawn() -> GameState:
    """Seat 2 has drawn two cards with an unchallenged Exchange."""
    return play(game(), Income(0), Income(1), Exchange(2), Allow(3), Allow(0), Allow(1))


def test_the_exchanger_keeps_as_many_cards_as_before_r_act_12() -> None:
    """R-ACT-7, R-ACT-12: after the draw, the Exchange's actor is asked to keep two cards; the
    decision names the Exchange and the Ambassador it claimed."""
    assert exchange_drawn().pending == KeepChoice(
        waiting=(2,), action=Exchange(2), claim=AMBASSADOR, keep=2
    )


# --- where coins come from (R-REF-8, R-ACT-10) ---


def test_embezzle_takes_the_whole_reserve_even_from_an_empty_treasury_r_ref_8() -> None:
    """R-REF-8, R-ACT-10: Embezzle takes every coin of the Reserve; how much the Treasury holds
    (here nothing) does not matter."""
    config = Config(players=3, reformation=True, coins=8)
    loyal, reform = Allegiance.LOYALIST, Allegiance.REFORMIST
    hands = [(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (CAPTAIN, CONTESSA)]
    state = new_game(
        config, seed=5, hands=hands, coins=[4, 2, 2], allegiances=[loyal, reform, loyal]
    )
    assert state.treasury == 0
    state = play(state, Convert(0, 1), Income(1))  # 2 coins into the Reserve; Income takes 0
    assert (state.treasury, state.reserve) == (0, 2)
    state = play(state, Embezzle(2), Allow(0), Allow(1))
    assert (state.players[2].coins, state.reserve, state.treasury) == (4, 0, 0)


# --- the end (R-INF-6) ---


def test_after_the_win_no_card_is_held_up_as_shown_r_inf_6() -> None:
    """R-INF-6, R-TURN-5: once one player is left the game is over: nothing is pending and no
    card is being shown."""
    config = Config(players=2, two_player_setup=False)
    state = new_game(config, seed=1, hands=[(DUKE, DUKE), (CAPTAIN, CAPTAIN)], coins=[14, 0])
    state = play(state, Coup(0, 1), LoseInfluence(1, CAPTAIN), Income(1), Coup(0, 1))
    assert (state.winner, state.pending, state.shown) == (0, None, None)


# --- what an illegal move is told (R-TURN-4 to R-TURN-7, R-ACT-8 to R-ACT-12, R-REF-2) ---


def _documented_examples() -> list[tuple[str, str]]:
    """The (move, str(error)) rows of the examples table of docs/reference/errors.md."""
    text = ERRORS_PAGE.read_text(encoding="utf-8")
    table = text.split("### Examples", 1)[1]
    return re.findall(r"^\| `([^`]+)` \| `([^`]+)` \|$", table, flags=re.MULTILINE)


def test_the_documented_error_examples_are_what_apply_says() -> None:
    """R-TURN-4, R-TURN-6, R-TURN-1, R-ACT-8, R-ACT-9, R-ACT-11: the examples of the errors page
    (three players, seat 0 to act with 5 coins) are exactly what ``str(error)`` says."""
    examples = _documented_examples()
    assert len(examples) >= 7
    state = new_game(Config(players=3), seed=1, coins=[5, 2, 2])
    names = {name: getattr(coup_rules, name) for name in coup_rules.__all__}
    for source, expected in examples:
        move = eval(source, names)  # the page's own Python, with coup_rules' names
        assert str(refused(state, move)) == expected, source


def test_the_seats_waited_on_are_listed_r_turn_4() -> None:
    """R-TURN-4: a seat that is not asked is told every seat the game waits on."""
    state = play(game(), Exchange(0))
    err = refused(state, Allow(0))
    assert err.rule == "R-TURN-4"
    assert "the game waits on seat(s) 1, 2, 3 for " in err.reason


def test_a_reformation_action_outside_reformation_is_named_r_ref_1() -> None:
    """R-REF-1: Convert in a base game is refused, naming Convert."""
    err = refused(game(coins=[2, 2, 2, 2]), Convert(0, 1))
    assert err.rule == "R-REF-1"
    assert err.reason.startswith("Convert is only played with the Reformation expansion")


def test_a_coup_on_yourself_is_named_r_act_8() -> None:
    """R-ACT-8: a Coup aimed at its own actor is refused, naming the Coup."""
    err = refused(game(coins=[7, 2, 2, 2]), Coup(0, 0))
    assert (err.rule, err.reason) == ("R-ACT-8", "Coup must target another player, not yourself")


def reformation_game(coins: list[int]) -> GameState:
    """A 4-player Reformation game, seats alternately Loyalist and Reformist."""
    loyal, reform = Allegiance.LOYALIST, Allegiance.REFORMIST
    config = Config(players=4, reformation=True)
    allegiances = [loyal, reform, loyal, reform]
    return new_game(config, seed=3, hands=HANDS4, coins=coins, allegiances=allegiances)


def test_an_unaffordable_coup_at_the_other_side_is_about_the_cost_r_act_9() -> None:
    """R-ACT-9, R-REF-2: a Coup without the coins, aimed at a player of the other allegiance,
    breaks only the cost rule."""
    err = refused(reformation_game([3, 2, 2, 2]), Coup(0, 1))
    assert (err.rule, err.reason) == ("R-ACT-9", "Coup costs 7 coins; seat 0 has 3")


def test_a_coup_within_ones_side_names_the_allegiance_r_ref_2() -> None:
    """R-REF-2: a Coup at a player of one's own allegiance is refused while both sides live."""
    err = refused(reformation_game([7, 2, 2, 2]), Coup(0, 2))
    assert err.rule == "R-REF-2"
    assert err.reason == (
        "seat 2 is also a Loyalist and may not be targeted while players of both allegiances "
        "are alive"
    )


def test_examine_without_the_inquisitor_is_about_the_deck_even_with_no_coins_r_act_11() -> None:
    """R-ACT-11: Examine costs nothing, so with 0 coins it is still refused for the deck."""
    err = refused(game(coins=[0, 2, 2, 2]), Examine(0, 1))
    assert err.rule == "R-ACT-11"


def test_a_block_that_does_not_counter_names_the_action_and_its_blockers_r_win_3() -> None:
    """R-WIN-3: a Duke does not block a Steal; the reason names both, and who does block."""
    state = play(game(), STEAL, Allow(1), Allow(2), Allow(3))
    err = refused(state, Block(2, DUKE))
    assert err.rule == "R-WIN-3"
    assert err.reason == "the Duke does not block Steal; only the Captain or Ambassador does"


def test_a_wrong_keep_names_the_hand_and_the_cards_named_r_act_12() -> None:
    """R-ACT-12: a Keep of cards not in hand is told the hand and the cards it named."""
    state = exchange_drawn()
    hand = ", ".join(c.title for c in state.players[2].hand)
    err = refused(state, Keep(2, (ASSASSIN, ASSASSIN)))
    assert err.rule == "R-ACT-12"
    assert f"seat 2's cards ({hand}), not (Assassin, Assassin)" in err.reason


def test_a_keep_of_things_that_are_not_cards_is_refused_r_act_12() -> None:
    """R-ACT-12: a Keep naming numbers is an IllegalMoveError quoting them (no AttributeError
    from inside the engine)."""
    err = refused(exchange_drawn(), Keep(2, (1, 2)))  # type: ignore[arg-type]
    assert err.rule == "R-ACT-12"
    assert err.reason.endswith("not (1, 2)")


class _LooksLikeAnyCard:
    """An object that claims to equal everything, cards included."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


def test_a_keep_of_look_alikes_is_not_the_keep_of_the_cards_r_act_12() -> None:
    """R-ACT-12, R-TURN-7: ``apply`` plays a legal move only when its fields are of the right
    types: look-alikes that compare equal to cards are refused, not played as those cards."""
    fake = _LooksLikeAnyCard()
    err = refused(exchange_drawn(), Keep(2, (fake, fake)))  # type: ignore[arg-type]
    assert err.rule == "R-ACT-12"


class _SeatNumber(int):
    """An ``int`` subclass: equal to a seat, but not of the type ``int``."""


def test_a_seat_of_an_int_subclass_is_that_seat_r_turn_6() -> None:
    """R-TURN-6 (issue 28): a seat that is an ``int`` subclass is read as its plain ``int``
    (issue 20, D8 refused it; NumPy integers and int subclasses are seats since issue 28)."""
    move = Income(_SeatNumber(0))
    assert type(move.player) is int
    assert apply(game(), move) == apply(game(), Income(0))


# --- the action table (R-ACT-1 to R-ACT-7, R-INQ-3, R-REF-7, R-REF-8) ---


@pytest.mark.parametrize("spec", ACTIONS, ids=lambda spec: spec.name)
def test_spec_of_an_action_is_its_row_of_the_table(spec: ActionSpec) -> None:
    """R-ACT-1 to R-ACT-7, R-INQ-3, R-REF-7, R-REF-8: ``spec_of`` gives each action the row of
    the action table that holds its facts."""
    move: ActionMove = spec.move(0) if spec.aim is Aim.NONE else spec.move(0, 1)  # type: ignore[call-arg]
    assert spec_of(move) is spec


# --- the engine's decision records (API: ``GameState.pending``) ---


class _Mirror:
    """A stand-in record: the fields and kind that ``records._check_twins`` compares."""

    fields: tuple[str, ...] = ("waiting", "action")
    kind = Decision.SHOW


def test_every_record_mirrors_its_public_decision() -> None:
    """API: the import-time check passes for the records as they are."""
    records._check_twins()


MIRRORS = "^_Mirror does not mirror decisions.ShowChoice$"
KIND = r"^_Mirror\.kind is not decisions\.ShowChoice\.kind$"


@pytest.mark.parametrize(
    ("fields", "names", "kind", "message"),
    [
        (("waiting",), ("waiting", "action"), Decision.SHOW, MIRRORS),
        (("action", "waiting"), ("action", "waiting"), Decision.SHOW, MIRRORS),
        (("waiting", "action"), ("waiting", "action"), Decision.KEEP, KIND),
    ],
    ids=["other fields", "waiting not first", "other kind"],
)
def test_a_record_that_does_not_mirror_its_public_decision_is_refused(
    monkeypatch: pytest.MonkeyPatch,
    fields: tuple[str, ...],
    names: tuple[str, ...],
    kind: Decision,
    message: str,
) -> None:
    """API: a record with other fields than its public twin, or fields not led by ``waiting``,
    or another kind, fails the check that runs when ``coup_rules`` is imported, by name."""
    monkeypatch.setattr(_Mirror, "fields", fields)
    monkeypatch.setattr(_Mirror, "kind", kind)
    monkeypatch.setattr(records, "_TWINS", ((_Mirror, decisions.ShowChoice),))
    monkeypatch.setattr(records, "_NAMES", {decisions.ShowChoice: names})
    with pytest.raises(TypeError, match=message):
        records._check_twins()
