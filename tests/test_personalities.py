"""Personalities: the knobs of the heuristic bots, each measured on a fixed position, their
spelling (``counting:bluff=0.3,skepticism=0.7``), their refusals, and their presets."""

from __future__ import annotations

import random

import pytest

from coup_rules import (
    Allow,
    Challenge,
    Concede,
    Config,
    GameState,
    Income,
    LoseInfluence,
    Move,
    Prove,
    Steal,
    Tax,
    view,
)
from coup_rules.bots import (
    BluffBot,
    Bot,
    CountingBot,
    HonestBot,
    baseline,
    baselines,
    make_bot,
)
from coup_rules.bots.aim import TARGETINGS, last_hurt
from coup_rules.bots.personality import PRESETS, Personality, knobbed, parse, split_bots
from coup_rules.setup import new_game
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, play

SEEDS = range(40)


def _moves(bot: Bot, state: GameState, seat: int) -> set[Move]:
    """Every move ``bot`` makes for ``seat`` over many seeds."""
    return {bot.choose(view(state, seat), random.Random(seed)) for seed in SEEDS}


def _my_turn_without_a_duke() -> GameState:
    """Seat 0's first turn, holding a Captain and a Contessa, 2 coins (3 players)."""
    return new_game(
        Config(players=3),
        seed=1,
        hands=[(CAPTAIN, CONTESSA), (ASSASSIN, AMBASSADOR), (CONTESSA, AMBASSADOR)],
    )


def _a_claim_of_the_duke() -> GameState:
    """Seat 1 claims the Duke for Tax; seat 0, holding none, may challenge (3 players)."""
    state = new_game(
        Config(players=3),
        seed=1,
        hands=[(CAPTAIN, CONTESSA), (DUKE, ASSASSIN), (AMBASSADOR, CONTESSA)],
    )
    return play(state, Income(0), Tax(1))


def _three_victims() -> GameState:
    """Seat 0's turn with a Captain, 4 coins, and three seats to rob: seat 1 the richest (5
    coins) with one influence left, seats 2 and 3 with two influence and 4 coins each."""
    state = new_game(
        Config(players=4),
        seed=1,
        hands=[(CAPTAIN, CONTESSA), (DUKE, ASSASSIN), (AMBASSADOR, CONTESSA), (DUKE, CAPTAIN)],
    )
    return play(
        state,
        *(Income(0), Tax(1), Allow(0), Allow(2), Allow(3), Income(2), Income(3), Income(0)),
        *(Steal(1, 0), Challenge(0), Concede(1), LoseInfluence(1, ASSASSIN)),
        *(Income(2), Income(3)),
    )


def _robbed_by_seat_1() -> GameState:
    """Seat 0's turn with a Captain, after seat 1 stole its coins (seat 1: 4 coins, seat 2, who
    did it no harm, 5)."""
    state = new_game(
        Config(players=3),
        seed=1,
        hands=[(CAPTAIN, CONTESSA), (CAPTAIN, ASSASSIN), (DUKE, AMBASSADOR)],
    )
    return play(
        state,
        *(Income(0), Steal(1, 0), Allow(0), Allow(2), Allow(0)),
        *(Tax(2), Allow(0), Allow(1)),
    )


# --- bluff ------------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", ["bluff", "counting"])
def test_a_bot_with_bluff_1_claims_a_duke_it_lacks_r_act_4(policy: str) -> None:
    """R-ACT-4: a claim needs no card; at bluff=1 the bot claims the Duke's Tax without one."""
    state = _my_turn_without_a_duke()
    assert Tax(0) in _moves(make_bot(f"{policy}:bluff=1"), state, 0)


@pytest.mark.parametrize("policy", ["bluff", "counting"])
def test_a_bot_with_bluff_0_never_claims_a_duke_it_lacks(policy: str) -> None:
    state = _my_turn_without_a_duke()
    assert Tax(0) not in _moves(make_bot(f"{policy}:bluff=0"), state, 0)


# --- skepticism -------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", ["honest", "bluff", "counting"])
def test_a_bot_with_skepticism_1_challenges_a_claim_it_cannot_disprove_r_chal_1(
    policy: str,
) -> None:
    """R-CHAL-1: any seat may challenge a claim; at skepticism=1 the bot always does."""
    state = _a_claim_of_the_duke()
    assert _moves(make_bot(f"{policy}:skepticism=1"), state, 0) == {Challenge(0)}


@pytest.mark.parametrize("policy", ["honest", "bluff", "counting"])
def test_a_bot_with_skepticism_0_lets_a_claim_it_cannot_disprove_pass(policy: str) -> None:
    state = _a_claim_of_the_duke()
    assert _moves(make_bot(f"{policy}:skepticism=0"), state, 0) == {Allow(0)}


# --- targeting --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("targeting", "victim"),
    [("richest", 1), ("influence", 2), ("leader", 2)],
)
@pytest.mark.parametrize("policy", ["honest", "counting"])
def test_targeting_picks_the_victim_of_a_steal(policy: str, targeting: str, victim: int) -> None:
    """Richest: seat 1's 5 coins; influence: seats 2 and 3 have two cards, 4 coins each, and
    the lower seat goes first; leader: coins + 3 x influence, 10 for seat 2 against 8."""
    state = _three_victims()
    bot = make_bot(f"{policy}:targeting={targeting}")
    assert _moves(bot, state, 0) == {Steal(0, victim)}


def test_random_targeting_robs_any_seat_worth_robbing() -> None:
    state = _three_victims()
    assert _moves(make_bot("honest:targeting=random"), state, 0) == {
        Steal(0, 1),
        Steal(0, 2),
        Steal(0, 3),
    }


def test_own_targeting_is_the_bots_own_rule() -> None:
    """The honest bot's own rule robs the richest seat."""
    state = _three_victims()
    assert _moves(HonestBot(targeting="own"), state, 0) == {Steal(0, 1)}


# --- vengeance --------------------------------------------------------------------------------


def test_the_seat_that_took_my_coins_hurt_me_last() -> None:
    assert last_hurt(view(_robbed_by_seat_1(), 0)) == 1


def test_the_seat_whose_claim_i_challenged_and_lost_to_hurt_me_r_chal_1() -> None:
    """R-CHAL-1: a challenger who is shown the card loses an influence, by the claimant."""
    state = _a_claim_of_the_duke()
    state = play(state, Challenge(0), Prove(1), LoseInfluence(0, CONTESSA))
    assert last_hurt(view(state, 0)) == 1


def test_nobody_hurt_a_seat_that_lost_nothing() -> None:
    assert last_hurt(view(_robbed_by_seat_1(), 2)) is None


def test_a_vengeful_bot_robs_who_robbed_it() -> None:
    state = _robbed_by_seat_1()
    assert _moves(make_bot("honest:vengeance=1"), state, 0) == {Steal(0, 1)}
    assert _moves(make_bot("honest:vengeance=0"), state, 0) == {Steal(0, 2)}


def test_a_half_vengeful_bot_takes_revenge_by_chance() -> None:
    state = _robbed_by_seat_1()
    assert _moves(make_bot("honest:vengeance=0.5"), state, 0) == {Steal(0, 1), Steal(0, 2)}


def test_a_vengeful_counting_bot_robs_who_robbed_it() -> None:
    state = _robbed_by_seat_1()
    assert _moves(make_bot("counting:vengeance=1"), state, 0) == {Steal(0, 1)}
    assert _moves(make_bot("counting"), state, 0) == {Steal(0, 2)}
    assert Steal(0, 1) in _moves(baseline("counting-vengeful-v1"), state, 0)


# --- the spelling -----------------------------------------------------------------------------


def test_a_spec_names_the_policy_and_its_knobs() -> None:
    assert parse("counting:bluff=0.3,skepticism=0.7") == (
        "counting",
        Personality(bluff=0.3, skepticism=0.7),
    )


def test_a_knob_sets_the_bots_own_parameter() -> None:
    assert make_bot("counting:bluff=0.3,skepticism=0.7") == CountingBot(
        challenge_below=0.7, bluff_below=0.3
    )
    assert make_bot("bluff:bluff=0.1,targeting=leader") == BluffBot(
        bluff_rate=0.1, targeting="leader"
    )


def test_a_knob_at_the_bots_own_value_is_todays_bot() -> None:
    assert make_bot("counting:skepticism=0.25,bluff=0.2,vengeance=0") == CountingBot()
    assert make_bot("honest:targeting=own") == HonestBot()


def test_a_later_item_overrides_a_preset() -> None:
    bot = knobbed("counting:bold,targeting=own")
    assert bot == CountingBot(challenge_below=0.4, bluff_below=0.5)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("counting:", "give knobs after counting:"),
        ("counting:bluf=1", "no knob called 'bluf'; the knobs are: bluff, skepticism"),
        ("counting:bluff=2", "bluff is a number from 0 to 1"),
        ("counting:vengeance=much", "vengeance is a number from 0 to 1, not 'much'"),
        ("counting:targeting=poorest", "targeting is one of own, richest"),
        ("counting:bluff=0.1,bluff=0.2", "the knob bluff is given twice"),
        ("counting:nice", "no preset called 'nice'; the presets are cautious, bold"),
        ("honest:bluff=0.2", "honest never bluffs.*bluff:bluff=0.2"),
        ("random:bold", "'random' takes no knobs; the bots with a personality are"),
    ],
)
def test_a_bad_spec_is_refused_in_words(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_bot(spec)


def test_a_bot_refuses_a_knob_out_of_range() -> None:
    with pytest.raises(ValueError, match="skepticism is a number from 0 to 1"):
        HonestBot(challenge_rate=1.5)
    with pytest.raises(ValueError, match="targeting is one of"):
        CountingBot(targeting="weakest")


def test_a_list_of_bots_keeps_each_bots_knobs_together() -> None:
    assert split_bots("counting:bluff=0.3,skepticism=0.7, honest,counting:bold,vengeance=0") == [
        "counting:bluff=0.3,skepticism=0.7",
        "honest",
        "counting:bold,vengeance=0",
    ]


def test_a_tournament_entrant_may_have_a_personality() -> None:
    from coup_rules.evaluate import make_entrant

    assert make_entrant("counting:bold") == baseline("counting-bold-v1")


# --- presets and baselines --------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_counting_preset_is_a_baseline(preset: str) -> None:
    assert make_bot(f"counting:{preset}") == baseline(f"counting-{preset}-v1")


def test_the_baselines_of_counting_presets_are_the_presets() -> None:
    ids = [id for id in baselines() if id.startswith("counting-") and id.count("-") == 2]
    presets = {id.split("-")[1] for id in ids}
    assert presets == set(PRESETS)


def test_every_targeting_is_documented_in_the_refusal() -> None:
    with pytest.raises(ValueError) as error:
        make_bot("counting:targeting=nobody")
    assert all(t in str(error.value) for t in TARGETINGS)


def test_the_table_offers_the_presets() -> None:
    pytest.importorskip("starlette")
    from coup_rules.web.bots import BotPlayers

    names = BotPlayers().names
    assert all(f"counting-{preset}-v1" in names for preset in PRESETS)


# --- the vector env ---------------------------------------------------------------------------


def test_the_vector_env_plays_bluff_and_skepticism() -> None:
    pytest.importorskip("numba")
    from coup_rules.vector import bots as vb
    from coup_rules.vector.opponents import Twin, twin_of

    assert twin_of("counting:bluff=0.3,skepticism=0.7") == Twin(vb.BOT_COUNTING, (0.5, 0.7, 0.3))
    assert twin_of("bluff:cautious") == Twin(vb.BOT_HONEST, (0.05, 0.1))


@pytest.mark.parametrize(
    ("bot", "knob"),
    [("counting:bold", "targeting=leader"), ("counting-vengeful-v1", "vengeance=0.9")],
)
def test_the_vector_env_refuses_knobs_its_compiled_bots_do_not_play(bot: str, knob: str) -> None:
    pytest.importorskip("numba")
    from coup_rules.vector.opponents import twin_of

    with pytest.raises(ValueError, match=f"play the knobs bluff and skepticism, not {knob}"):
        twin_of(bot)
