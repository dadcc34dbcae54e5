"""The bots of ``coup_rules.bots`` and the runner ``play_game``.

Bots are handed only their seat's view (RULINGS 21); the tests below check that they answer
every decision legally, that the runner hands them nothing else, that they play the same on
states that differ only in what their seat cannot see, and that ``CountingBot`` reads what it has
seen and plays the odds.
"""

from __future__ import annotations

import random

import pytest

from coup_rules import (
    Allow,
    Assassinate,
    Block,
    Challenge,
    Character,
    Config,
    Coup,
    Drafted,
    Examine,
    GameState,
    GiveBack,
    Income,
    LoseInfluence,
    Move,
    PlayerView,
    Show,
    Steal,
    Tax,
    apply,
    legal_moves,
    new_game,
    to_act,
    view,
)
from coup_rules.bots import (
    BOTS,
    BluffBot,
    Bot,
    CountingBot,
    HonestBot,
    RandomBot,
    bot_name,
    make_bot,
    make_bots,
    play_game,
)
from coup_rules.bots.counting import Reading, chance_of_any, read
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play
from tests.test_info_properties import blinded

CONFIGS = [
    Config(players=2),
    Config(players=4),
    Config(players=4, inquisitor=True),
    Config(players=5, reformation=True),
    Config(players=3, inquisitor=True, reformation=True),
]
CONFIG_IDS = ["2p-draft", "4p", "4p-inquisitor", "5p-reformation", "3p-both"]


def _asked(config: Config, seed: int) -> list[tuple[GameState, int]]:
    """Every (state, seat) asked during a game of random moves."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    asked: list[tuple[GameState, int]] = []
    while not state.is_over:
        asked += [(state, seat) for seat in to_act(state)]
        seat = rng.choice(to_act(state))
        state = apply(state, rng.choice(legal_moves(state, seat)))
    return asked


@pytest.mark.parametrize("name", list(BOTS))
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_bots_answer_every_decision_with_a_legal_move_r_turn_7(name: str, config: Config) -> None:
    """R-TURN-4, R-TURN-7: handed its seat's view, a bot answers every kind of decision of every
    variant with one of its own legal moves."""
    bot = make_bot(name)
    rng = random.Random(0)
    for state, seat in _asked(config, seed=3):
        assert bot.choose(view(state, seat), rng) in legal_moves(state, seat)


@pytest.mark.parametrize("name", list(BOTS))
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_bot_games_end_r_turn_8(name: str, config: Config) -> None:
    """R-TURN-8: a game between bots always ends, with a winner or drawn at the turn limit."""
    lineup = make_bots([name, "counting", "honest"], config.players)
    final = play_game(config, lineup, seed=7, max_turns=60)
    assert final.is_over
    assert final.winner is not None or final.turn == 60


class _Recorder:
    """Wraps a bot; records what it is handed and the state of its random stream."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self.calls: list[tuple[object, object]] = []

    def choose(self, v: PlayerView, rng: random.Random) -> Move:
        self.calls.append((v, rng.getstate()))
        return self.bot.choose(v, rng)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_the_runner_hands_a_bot_only_its_seats_view_r_info_2(config: Config) -> None:
    """R-INFO-2: all a bot is given is a ``PlayerView`` of its own seat, with the whole log."""
    recorders = [_Recorder(RandomBot(), s) for s in range(config.players)]
    play_game(config, recorders, seed=11)
    for recorder in recorders:
        for handed, _ in recorder.calls:
            assert type(handed) is PlayerView
            assert handed.seat == recorder.seat
            assert handed.log_start == 0


@pytest.mark.parametrize("name", list(BOTS))
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_bots_play_the_same_whatever_their_seat_cannot_see_r_info_3(
    name: str, config: Config
) -> None:
    """R-INFO-2, R-INFO-3: replaying each decision of a whole game, the bot picks the same move,
    with the same chance, on a state where everything its seat cannot see was dealt anew (other
    hands, the Court, the set-aside cards, unseen log fields, the seed)."""
    bots = [_Recorder(make_bot(name), s) for s in range(config.players)]
    played: list[tuple[GameState, Move]] = []
    play_game(config, bots, seed=5, on_move=lambda before, move, _: played.append((before, move)))
    calls = {s: iter(b.calls) for s, b in enumerate(bots)}
    rng = random.Random(5)
    for state, move in played:
        _, stream = next(calls[move.player])
        other = blinded(state, move.player, rng)
        again = random.Random()
        again.setstate(stream)  # type: ignore[arg-type]
        assert make_bot(name).choose(view(other, move.player), again) == move


# --- the runner ---------------------------------------------------------------------------------


def test_the_runner_ends_a_stubborn_game_in_a_draw_r_turn_8() -> None:
    """R-TURN-8: by default the runner plays with a turn limit, so every game ends."""
    final = play_game(Config(players=4), make_bots(["honest"], 4), seed=1, max_turns=4)
    assert final.is_over and final.winner is None and final.turn == 4


def test_the_configs_own_turn_limit_wins_r_turn_8() -> None:
    """R-TURN-8: a turn limit set in the config is kept."""
    final = play_game(Config(players=4, max_turns=3), make_bots(["honest"], 4), seed=1)
    assert final.config.max_turns == 3 and final.turn == 3


def test_the_runner_can_play_the_rulebooks_game_r_turn_8() -> None:
    """R-TURN-8: ``max_turns=None`` plays without a limit."""
    final = play_game(
        Config(players=3), make_bots(["counting", "random"], 3), seed=2, max_turns=None
    )
    assert final.config.max_turns is None and final.winner is not None


def test_one_seed_one_game_r_info_5() -> None:
    """R-INFO-5: the seed drives the deal, the draws, the order of answers and the bots;
    the global random module plays no part."""
    bots = make_bots(["counting", "random", "bluff"], 5)
    random.seed(1)
    first = play_game(Config(players=5), bots, seed=77)
    random.seed(2)
    second = play_game(Config(players=5), bots, seed=77)
    assert first == second
    assert play_game(Config(players=5), bots, seed=78) != first


def test_play_game_needs_one_bot_per_seat() -> None:
    """API: play_game refuses a bot list of the wrong length."""
    with pytest.raises(ValueError, match="one bot per seat"):
        play_game(Config(players=3), make_bots(["random"], 2), seed=1)


def test_make_bots_cycles_names() -> None:
    """API: bot names repeat over the seats."""
    assert make_bots(["random", "honest"], 3) == (RandomBot(), HonestBot(), RandomBot())
    assert make_bots(["bluff"], 2) == (BluffBot(), BluffBot())


def test_unknown_bots_are_refused_with_the_known_names() -> None:
    """API: an unknown name raises ValueError listing the names."""
    with pytest.raises(ValueError, match=r"unknown bot 'genius'.*counting"):
        make_bots(["genius"], 2)
    with pytest.raises(ValueError, match="at least one"):
        make_bots([], 2)


def test_bot_names() -> None:
    """API: a bot of ``BOTS`` is known by its name, any other by its class."""
    assert bot_name(CountingBot()) == "counting"
    assert bot_name(_Recorder(RandomBot(), 0)) == "_Recorder"


def test_bot_tables_are_read_only() -> None:
    """No global mutable state: the bot tables cannot be changed."""
    from coup_rules import bots

    for table in (bots.BOTS, bots.VALUE):
        with pytest.raises(TypeError):
            table["x"] = None  # type: ignore[index]


# --- HonestBot ----------------------------------------------------------------------------------


def test_honest_bot_claims_what_it_holds_r_act_4() -> None:
    """R-ACT-4: holding a Duke, the honest bot collects Tax rather than bluffing."""
    state = new_game(
        Config(players=3),
        seed=1,
        hands=[(DUKE, CONTESSA), (CAPTAIN, ASSASSIN), (ASSASSIN, AMBASSADOR)],
    )
    assert HonestBot().choose(view(state, 0), random.Random(0)) == Tax(0)


def test_honest_bot_blocks_with_a_held_blocker_r_win_3() -> None:
    """R-WIN-3: the honest bot blocks a Steal when it holds a Captain."""
    state = new_game(
        Config(players=3), seed=1, hands=[(CAPTAIN, DUKE), (CAPTAIN, CONTESSA), (DUKE, DUKE)]
    )
    state = play(state, Steal(0, 1), Allow(1), Allow(2))
    assert HonestBot().choose(view(state, 1), random.Random(0)) == Block(1, CAPTAIN)


# --- CountingBot --------------------------------------------------------------------------------


def _tax_window(mine: tuple[Character, Character]) -> GameState:
    """Seat 1 claims the Duke; seats 0 and 2 may challenge (2 copies of each card)."""
    state = new_game(
        Config(players=3, copies=2),
        seed=1,
        hands=[mine, (CAPTAIN, CONTESSA), (ASSASSIN, AMBASSADOR)],
    )
    return play(state, Income(0), Tax(1))


def test_counting_bot_challenges_a_claim_it_can_disprove_r_chal_1() -> None:
    """R-CHAL-1: holding every copy of the Duke, it knows seat 1 cannot prove its Tax."""
    state = _tax_window((DUKE, DUKE))
    assert read(view(state, 0)).unseen[DUKE] == 0
    assert CountingBot().choose(view(state, 0), random.Random(0)) == Challenge(0)


def test_counting_bot_lets_a_likely_claim_pass_r_win_2() -> None:
    """R-WIN-2: with both Dukes unseen, a first claim of the Duke is likely enough to allow."""
    state = _tax_window((CAPTAIN, CONTESSA))
    assert CountingBot().choose(view(state, 0), random.Random(0)) == Allow(0)


def test_counting_bot_counts_revealed_cards_r_info_1() -> None:
    """R-INFO-1: a card turned face up is no longer unseen, for every seat."""
    state = new_game(
        Config(players=3),
        seed=1,
        hands=[(DUKE, CONTESSA), (CAPTAIN, DUKE), (ASSASSIN, CAPTAIN)],
        coins=[7, 2, 2],
    )
    before = read(view(state, 2))
    state = play(state, Coup(0, 1), LoseInfluence(1, CAPTAIN))
    after = read(view(state, 2))
    assert before.unseen[CAPTAIN] == 2  # 3 copies, one in its own hand
    assert after.unseen[CAPTAIN] == 1
    assert after.unknown == before.unknown - 1


def test_counting_bot_knows_its_own_set_aside_cards_r_setup_8() -> None:
    """R-SETUP-8: in the 2-player setup a player knows the four cards of its own set that it
    did not draft, so only the other nine cards are unknown to it."""
    state = new_game(Config(players=2), seed=4)
    for seat in to_act(state):
        state = apply(state, legal_moves(state, seat)[0])
    assert state.turn == 1
    v = view(state, 0)
    seen = read(v)
    assert seen.unknown == v.players[1].hidden + v.court_size + 4
    hand = v.players[0].hand or ()
    drafted = next(e.card for e in v.log if isinstance(e, Drafted) and e.player == 0)
    for card in v.config.characters:
        set_aside = 0 if card is drafted else 1
        assert seen.unseen[card] == 3 - hand.count(card) - set_aside
    assert sum(seen.unseen.values()) == 9


def test_counting_bot_remembers_a_card_shown_to_it_r_inq_4() -> None:
    """R-INQ-4: the card shown to the Inquisitor is known to be in the target's hand."""
    hands = [(INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, ASSASSIN)]
    state = new_game(Config(players=3, inquisitor=True), seed=1, hands=hands)
    state = play(state, Examine(0, 1), Allow(1), Allow(2), Show(1, CONTESSA), GiveBack(0))
    v = view(state, 0)
    seen = read(v)
    assert seen.known == {1: CONTESSA}
    assert seen.holds(v, 1, CONTESSA) == 1.0
    assert read(view(state, 2)).known == {}  # seat 2 was not shown it


def test_counting_bot_taxes_with_a_duke_r_act_4() -> None:
    """R-ACT-4: it claims the Duke it holds."""
    state = new_game(
        Config(players=3),
        seed=1,
        hands=[(DUKE, CONTESSA), (CAPTAIN, ASSASSIN), (ASSASSIN, AMBASSADOR)],
    )
    assert CountingBot().choose(view(state, 0), random.Random(0)) == Tax(0)


def test_counting_bot_blocks_an_assassination_with_its_contessa_r_win_3() -> None:
    """R-WIN-3: the target holding a Contessa blocks."""
    state = new_game(
        Config(players=3),
        seed=1,
        hands=[(ASSASSIN, DUKE), (CONTESSA, CAPTAIN), (DUKE, DUKE)],
        coins=[3, 2, 2],
    )
    state = play(state, Assassinate(0, 1), Allow(1), Allow(2))
    assert CountingBot().choose(view(state, 1), random.Random(0)) == Block(1, CONTESSA)


def test_counting_bot_bluffs_the_contessa_to_save_its_last_influence_r_inf_7() -> None:
    """R-INF-7, R-WIN-3: with one influence left and no Contessa, letting the assassination
    through is certain loss, so it claims the Contessa."""
    state = new_game(
        Config(players=3),
        seed=1,
        hands=[(ASSASSIN, DUKE), (CAPTAIN, CAPTAIN), (DUKE, DUKE)],
        coins=[10, 2, 2],
    )
    state = play(state, Coup(0, 1), LoseInfluence(1, CAPTAIN), Income(1), Income(2))
    state = play(state, Assassinate(0, 1), Allow(1), Allow(2))
    assert CountingBot().choose(view(state, 1), random.Random(0)) == Block(1, CONTESSA)


def _reading(proved: int, conceded: int) -> Reading:
    zeros = (0, 0, 0)
    return Reading(
        seat=0,
        unseen={c: 3 for c in (DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA)},
        unknown=15,
        known={},
        proved=(0, proved, 0),
        conceded=(0, conceded, 0),
        challenges=zeros,
        passes=zeros,
        aid_blocks=zeros,
        aid_passes=zeros,
        claims=(frozenset(), frozenset(), frozenset()),
    )


def test_counting_bot_believes_who_proved_before_r_chal_3() -> None:
    """R-CHAL-3, R-CHAL-4: a seat that proved its claims when challenged is believed more than
    one that conceded."""
    v = view(new_game(Config(players=3), seed=1), 0)
    honest = _reading(proved=3, conceded=0).claim_odds(v, 1, DUKE, trust=0.5)
    fresh = _reading(proved=0, conceded=0).claim_odds(v, 1, DUKE, trust=0.5)
    liar = _reading(proved=0, conceded=3).claim_odds(v, 1, DUKE, trust=0.5)
    assert honest > fresh > liar


def test_card_odds_are_hypergeometric() -> None:
    """API: the chance of holding at least one of ``k`` special cards among ``n`` drawn."""
    assert chance_of_any(0, 10, 2) == 0.0
    assert chance_of_any(1, 10, 2) == pytest.approx(0.2)
    assert chance_of_any(2, 4, 2) == pytest.approx(1 - 1 / 6)
    assert chance_of_any(3, 3, 1) == 1.0


def test_counting_bot_needs_the_whole_log() -> None:
    """API: it reads the whole log; a view with ``since`` > 0 is refused with the reason."""
    state = new_game(Config(players=3), seed=1)
    with pytest.raises(ValueError, match="since=0"):
        CountingBot().choose(view(state, 0, since=1), random.Random(0))
