"""Determinization: ``sample_state`` and ``known_cards`` (R-INFO-1 to R-INFO-3).

A sample must look, to its seat, exactly like the real game (the same view, ``to_act`` and legal
moves), play on like any state, place by knowledge only what the seat truly knows, and deal
everything else uniformly at random.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import (
    Allow,
    Character,
    Config,
    Draft,
    Examine,
    Exchange,
    ForceExchange,
    GameState,
    GiveBack,
    Income,
    Keep,
    Move,
    Show,
    apply,
    from_json,
    legal_moves,
    new_game,
    sample_state,
    to_act,
    to_json,
    validate_state,
    view,
)
from coup_rules.determinize import CardTracker, Determinizer, known_cards
from coup_rules.events import Proved
from coup_rules.views import redact
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play
from tests.oracle.knowledge import ReleasedCardTracker
from tests.strategies import random_play, reachable_games, reachable_states
from tests.test_info_properties import PRIVATE_FIELD, blinded, hidden_from

PROPS = settings(max_examples=40, deadline=None)


def viewers(state: GameState) -> list[int | None]:
    return [None, *range(state.config.players)]


def places(state: GameState) -> list[Counter[Character]]:
    """Every seat's hidden cards, then the Court, then the set-aside cards."""
    return [
        *(Counter(p.hand) for p in state.players),
        Counter(state.court),
        Counter(state.aside),
    ]


# --- the sample looks the same to its seat ------------------------------------------------------


@PROPS
@given(game=reachable_games(), rng_seed=st.integers(0, 2**32))
def test_a_sample_has_the_same_view_to_act_and_legal_moves_r_info_3(
    game: list[GameState], rng_seed: int
) -> None:
    """R-INFO-1 to R-INFO-3: at every state of a random game of any variant, a sample for a
    random seat (or a spectator) is valid, gives that seat the same view (since the log's end,
    and whole), the same to_act and the same legal moves, and plays on: every seat's moves apply
    and random play continues from it."""
    rng = random.Random(rng_seed)
    for state in game:
        seat = rng.choice(viewers(state))
        original = view(state, seat)
        sample = sample_state(original, rng)
        validate_state(sample)
        n = len(state.log)
        assert view(sample, seat, since=n) == view(state, seat, since=n)
        assert view(sample, seat) == original
        assert to_act(sample) == to_act(state)
        if seat is not None:
            assert legal_moves(sample, seat) == legal_moves(state, seat)
        assert sample.seed != state.seed and sample.draws == 0
    last = sample_state(view(game[-1], rng.choice(viewers(game[-1]))), rng)
    for _ in range(30):
        if last.is_over:
            break
        for seat in to_act(last):
            for move in legal_moves(last, seat):
                validate_state(apply(last, move))
        mover = rng.choice(to_act(last))
        last = apply(last, rng.choice(legal_moves(last, mover)))


@PROPS
@given(state=reachable_states(), rng_seed=st.integers(0, 2**32))
def test_a_sample_round_trips_through_json(state: GameState, rng_seed: int) -> None:
    """A sample, whose log holds redacted events, round-trips through JSON by the door that
    takes a redacted log."""
    seat = random.Random(rng_seed).choice(viewers(state))
    sample = sample_state(view(state, seat), random.Random(rng_seed))
    assert from_json(to_json(sample), GameState, redacted_log=True) == sample


# --- what the seat knows, and nothing more ------------------------------------------------------


@PROPS
@given(game=reachable_games())
def test_known_cards_are_where_the_viewer_thinks_r_info_2(game: list[GameState]) -> None:
    """R-INFO-2: every card known_cards places is really there, for every seat and a spectator,
    at every state of a random game: the determinization treats as known only what is true."""
    for state in game:
        real = places(state)
        for seat in viewers(state):
            known = known_cards(view(state, seat))
            claimed = [*(Counter(h) for h in known.hands), Counter(known.court)]
            claimed.append(Counter(known.aside))
            for where, (k, r) in enumerate(zip(claimed, real, strict=True)):
                assert not k - r, f"seat {seat} wrongly places {k - r} in place {where}"


@PROPS
@given(game=reachable_games(max_moves=100), rng_seed=st.integers(0, 2**32))
def test_samples_ignore_what_the_viewer_cannot_see_r_info_3(
    game: list[GameState], rng_seed: int
) -> None:
    """R-INFO-3, R-INFO-6: two states that differ only in what a seat cannot see (other hands,
    the Court, the set-aside cards, unseen event fields, the seed) give that seat the same sample
    for the same random choices: a sample reveals nothing the view does not hold. And the
    sample's log holds no private card the seat was not shown."""
    rng = random.Random(rng_seed)
    for state in game:
        seat = rng.choice(viewers(state))
        other = blinded(state, seat, rng)
        k = rng.randrange(2**32)
        sample = sample_state(view(state, seat), random.Random(k))
        assert sample_state(view(other, seat), random.Random(k)) == sample
        for event in sample.log:
            if hidden_from(event, seat):
                assert getattr(event, PRIVATE_FIELD[type(event)]) is None


def test_a_view_without_the_whole_log_is_refused() -> None:
    """The log tells which cards the seat has seen: a view made with since > 0 is refused."""
    state = play(new_game(Config(players=3), seed=1), Income(0))
    with pytest.raises(ValueError, match="since=0"):
        sample_state(view(state, 0, since=1), random.Random(0))
    with pytest.raises(TypeError, match="PlayerView"):
        sample_state(state, random.Random(0))  # type: ignore[arg-type]


def samples(state: GameState, seat: int, count: int, seed: int = 0) -> list[GameState]:
    rng = random.Random(seed)
    determinizer = Determinizer(view(state, seat))
    return [determinizer.sample(rng) for _ in range(count)]


def examined(then: Callable[[int], Move]) -> GameState:
    """Inquisitor game: seat 0 examines seat 1, who shows its Duke; then seat 0 decides."""
    config = Config(players=3, inquisitor=True)
    hands = [[INQUISITOR, CAPTAIN], [DUKE, CONTESSA], [ASSASSIN, ASSASSIN]]
    state = new_game(config, seed=7, hands=hands)
    state = play(state, Examine(0, 1), Allow(1), Allow(2), Show(1, DUKE))
    move = then(0)
    assert move in legal_moves(state, 0)
    return play(state, move)


def test_a_card_shown_and_given_back_stays_known_r_inq_5() -> None:
    """R-INQ-4, R-INQ-5: the Inquisitor saw seat 1's Duke and gave it back: every sample for seat
    0 puts a Duke in seat 1's hand; seat 2, who saw nothing, gets samples without that rule."""
    state = examined(GiveBack)
    assert known_cards(view(state, 0)).hands[1] == (DUKE,)
    assert all(DUKE in s.players[1].hand for s in samples(state, 0, 200))
    assert known_cards(view(state, 2)).hands == ((), (), ())
    assert not all(DUKE in s.players[1].hand for s in samples(state, 2, 200))


def test_a_card_forced_back_is_known_in_the_court_until_someone_draws_r_inq_6() -> None:
    """R-INQ-6: the Inquisitor forced seat 1 to exchange the Duke it saw: the Duke is in the
    Court for seat 0 (and seat 1 no longer certainly holds it); once another seat draws from
    the Court, that certainty is gone."""
    state = examined(ForceExchange)
    assert known_cards(view(state, 0)).court == (DUKE,)
    assert known_cards(view(state, 0)).hands[1] == ()
    assert all(DUKE in s.court for s in samples(state, 0, 100))
    # Seat 1 exchanges (draws one card from the Court): seat 0 can no longer be sure.
    state = play(state, Exchange(1), Allow(0), Allow(2))
    assert known_cards(view(state, 0)).court == ()


def test_cards_returned_after_an_exchange_are_known_in_the_court_r_act_12() -> None:
    """R-ACT-12: the exchanger knows which cards it put back in the Court; every sample for it
    holds them there, until another seat draws."""
    hands = [[AMBASSADOR, CAPTAIN], [DUKE, CONTESSA], [ASSASSIN, ASSASSIN]]
    state = new_game(Config(players=3), seed=3, hands=hands)
    state = play(state, Exchange(0), Allow(1), Allow(2))
    drawn = state.players[0].hand
    state = play(state, Keep(0, (AMBASSADOR, CAPTAIN)))
    returned = Counter(drawn) - Counter((AMBASSADOR, CAPTAIN))
    assert Counter(known_cards(view(state, 0)).court) == returned
    for sample in samples(state, 0, 100):
        assert not returned - Counter(sample.court)
    assert known_cards(view(state, 1)).court == ()


def test_the_own_set_less_the_draft_is_known_set_aside_r_setup_8() -> None:
    """R-SETUP-7, R-SETUP-8: in the 2-player setup each seat knows its own set less its draft is
    set aside; the other seat's set is there less one card it does not know."""
    state = new_game(Config(players=2), seed=11)
    assert Counter(known_cards(view(state, 0)).aside) == Counter(state.config.characters * 2)
    draft = legal_moves(state, 0)[0]
    assert isinstance(draft, Draft)
    drafted = draft.character
    state = play(state, draft)  # seat 0 drafts the first character
    mine = Counter(state.config.characters) - Counter((drafted,))
    aside_0 = Counter(known_cards(view(state, 0)).aside)
    assert aside_0 == mine + Counter(state.config.characters)  # seat 1 has not drafted yet
    assert Counter(known_cards(view(state, 1)).aside) == Counter(state.config.characters)
    state = play(state, legal_moves(state, 1)[-1])
    assert Counter(known_cards(view(state, 0)).aside) == mine
    for sample in samples(state, 0, 50):
        assert not mine - Counter(sample.aside)


# --- uniformity ---------------------------------------------------------------------------------


def chi_square_critical(dof: int, alpha: float) -> float:
    """The chi-square quantile of probability 1 - alpha (Wilson-Hilferty approximation)."""
    z = statistics.NormalDist().inv_cdf(1 - alpha)
    h = 2 / (9 * dof)
    return dof * (1 - h + z * math.sqrt(h)) ** 3


def chi_square(observed: Counter[Hashable], expected: dict[Hashable, float], total: int) -> float:
    """Pearson's statistic, the categories expecting fewer than 5 pooled into one."""
    assert set(observed) <= set(expected)
    assert math.isclose(sum(expected.values()), 1.0)
    stat, rest_o, rest_e = 0.0, 0, 0.0
    for key, p in expected.items():
        e = p * total
        if e < 5:
            rest_o += observed[key]
            rest_e += e
        else:
            stat += (observed[key] - e) ** 2 / e
    if rest_e:
        stat += (rest_o - rest_e) ** 2 / rest_e
    return stat


def hand_probabilities(pool: Counter[Character], size: int) -> dict[Hashable, float]:
    """The chance of each hand of ``size`` cards drawn from the physical cards of ``pool``."""
    total = math.comb(pool.total(), size)
    out: dict[Hashable, float] = {}
    for hand in combinations_with_replacement(sorted(pool), size):
        ways = math.prod(math.comb(pool[c], k) for c, k in Counter(hand).items())
        if ways:
            out[hand] = ways / total
    return out


def assert_uniform(
    observed: Sequence[Hashable], expected: dict[Hashable, float], alpha: float = 1e-3
) -> None:
    counts = Counter(observed)
    stat = chi_square(counts, expected, len(observed))
    bins = [p * len(observed) >= 5 for p in expected.values()]
    dof = sum(bins) + (not all(bins)) - 1  # the bins kept, the pooled one, less one
    assert stat < chi_square_critical(dof, alpha), (stat, dof)


def test_unseen_cards_are_dealt_uniformly() -> None:
    """With 3 players and 2 copies of each character, seat 0 (Duke, Captain) cannot place 8
    cards: each sample deals them to seat 1, seat 2 and the Court as a random shuffle would.
    Chi-square tests of seat 1's hand and of the joint pair of hands against the exact
    multivariate hypergeometric probabilities."""
    config = Config(players=3, copies=2)
    hands = [[DUKE, CAPTAIN], [ASSASSIN, CONTESSA], [AMBASSADOR, AMBASSADOR]]
    state = new_game(config, seed=5, hands=hands)
    pool = Counter(config.deck) - Counter((DUKE, CAPTAIN))
    drawn = samples(state, 0, 4000, seed=1)
    assert_uniform([s.players[1].hand for s in drawn], hand_probabilities(pool, 2))
    joint: dict[Hashable, float] = {}
    for first, p in hand_probabilities(pool, 2).items():
        rest = pool - Counter(first)  # type: ignore[arg-type]
        for second, q in hand_probabilities(rest, 2).items():
            joint[(first, second)] = p * q
    assert_uniform([(s.players[1].hand, s.players[2].hand) for s in drawn], joint)
    for s in drawn:
        assert Counter(s.court) + Counter(s.players[1].hand) + Counter(s.players[2].hand) == pool


def test_known_cards_are_left_out_and_the_rest_is_uniform_r_inq_5() -> None:
    """R-INQ-5: after giving seat 1's Duke back, seat 0's samples put the Duke with seat 1 and
    its other card uniformly among the cards seat 0 cannot place."""
    state = examined(GiveBack)
    config = state.config
    pool = Counter(config.deck) - Counter((INQUISITOR, CAPTAIN, DUKE))
    drawn = samples(state, 0, 3000, seed=2)
    others = [tuple(Counter(s.players[1].hand) - Counter((DUKE,))) for s in drawn]
    assert_uniform([o[0] for o in others], {c: k / pool.total() for c, k in pool.items()})


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize(
    "variant",
    [{}, {"inquisitor": True}, {"reformation": True}, {"inquisitor": True, "reformation": True}],
    ids=["base", "inquisitor", "reformation", "both"],
)
def test_the_card_tracker_knows_what_it_knew_as_released(
    players: int, variant: dict[str, bool]
) -> None:
    """Every viewer and a spectator, fed the events of random games as they see them: after
    every event the same ``version`` and the same places as the tracking first released, and
    at every state the same places with the pending decision and the card shown (R-INFO-2);
    ``feed_many`` gives what ``feed`` gives one event at a time."""
    config = Config(players=players, max_turns=40, **variant)
    for seed in range(3):
        states = random_play(new_game(config, seed=seed), random.Random(seed), 400)
        for viewer in [None, *range(players)]:
            tracker = CardTracker(config, viewer)
            released = ReleasedCardTracker(config, viewer)
            batched = CardTracker(config, viewer)
            read = 0
            for state in states:
                events = [redact(e, viewer) for e in state.log.tail(read)]
                read = len(state.log)
                for event in events:
                    tracker.feed(event)
                    released.feed(event)
                    assert tracker.version == released.version
                    assert tracker.places(None, None) == released.places(None, None)
                batched.feed_many(events)
                assert batched.version == tracker.version
                seen = view(state, viewer)
                expected = released.places(seen.pending, seen.shown)
                assert tracker.places(seen.pending, seen.shown) == expected
                assert batched.counts(seen.pending, seen.shown) == [
                    [place[c] for c in config.characters] for place in expected
                ]


def test_a_card_of_a_character_not_in_the_game_is_refused_by_the_tracker() -> None:
    """A log that fits no game of its configuration (hostile JSON can hold one) is refused with
    a ValueError that names the card, as ``known_cards`` documents."""
    tracker = CardTracker(Config(players=3), 0)
    with pytest.raises(ValueError, match=r"\(Inquisitor\) that is not a character of this game"):
        tracker.feed(Proved(player=1, cards=(INQUISITOR,)))
    with pytest.raises(ValueError, match="Inquisitor"):
        tracker.counts(None, INQUISITOR)
