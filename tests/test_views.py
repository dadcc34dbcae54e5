"""Player views and redaction on fixed deals (R-INFO-1 to R-INFO-6, RULINGS 21)."""

from __future__ import annotations

import random

import attrs
import pytest

from coup_rules import (
    Allow,
    CardsDrawn,
    CardShown,
    CardsReturned,
    Config,
    Dealt,
    Draft,
    Drafted,
    Event,
    Examine,
    Exchange,
    ForceExchange,
    GameState,
    Income,
    InfluenceLost,
    Keep,
    PlayerView,
    Proved,
    SeatView,
    Show,
    legal_moves,
    new_game,
    to_act,
    to_json,
    view,
)
from coup_rules.log import Log
from coup_rules.views import may_see, redact
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play

BASE3 = Config(players=3)
INQ3 = Config(players=3, inquisitor=True)


def base_game() -> GameState:
    return new_game(BASE3, seed=11, hands=[(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (DUKE, DUKE)])


def examine_game() -> GameState:
    """Seat 0 examines seat 1, who shows the Contessa; the Inquisitor now decides."""
    state = new_game(
        INQ3, seed=3, hands=[(INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)]
    )
    return play(state, Examine(0, 1), Allow(1), Allow(2), Show(1, CONTESSA))


def test_own_hand_only_r_info_2() -> None:
    """R-INFO-2: a seat sees its own hidden cards and only the count of everyone else's."""
    v = view(base_game(), 1)
    assert v.players[1].hand == (ASSASSIN, CONTESSA)
    assert [p.hand for p in v.players if p.seat != 1] == [None, None]
    assert [p.hidden for p in v.players] == [2, 2, 2]


def test_spectator_sees_no_hand_and_has_no_moves_r_info_1() -> None:
    """R-INFO-1: a spectator sees public facts only: no hidden card, no legal moves."""
    v = view(base_game(), None)
    assert v.seat is None
    assert all(p.hand is None for p in v.players)
    assert v.legal_moves == ()
    assert v.to_act == (0,)


def test_public_fields_r_info_1() -> None:
    """R-INFO-1: coins, Treasury, Reserve, Court size, set-aside count and the turn are public."""
    state = base_game()
    v = view(state, 2)
    assert [p.coins for p in v.players] == [p.coins for p in state.players]
    assert (v.treasury, v.reserve, v.court_size, v.set_aside) == (48, 0, 9, 0)
    assert (v.active, v.turn, v.winner, v.pending) == (0, 1, None, state.pending)
    assert v.config == BASE3


def test_legal_moves_are_the_viewers_own() -> None:
    """R-INFO-4: the view carries the viewer's own legal moves and the public to_act."""
    state = base_game()
    assert view(state, 0).legal_moves == legal_moves(state, 0)
    assert view(state, 1).legal_moves == ()
    assert view(state, 1).to_act == to_act(state) == (0,)


def test_no_seed_or_generator_state_r_info_6() -> None:
    """R-INFO-6: neither the view class nor its JSON holds the seed or the draw counter."""
    names = {f.name for f in attrs.fields(PlayerView)} | {f.name for f in attrs.fields(SeatView)}
    assert not names & {"seed", "draws", "court", "aside"}
    text = to_json(view(base_game(), 0))
    assert '"seed"' not in text and '"draws"' not in text


def test_view_changes_with_own_hand_r_info_2() -> None:
    """R-INFO-2: the viewer's own cards are in the view (so equal views are not vacuous)."""
    a = base_game()
    b = new_game(BASE3, seed=11, hands=[(DUKE, CAPTAIN), (ASSASSIN, ASSASSIN), (DUKE, DUKE)])
    assert view(a, 1) != view(b, 1)
    assert view(a, 0) == view(b, 0)


def test_bad_seat_raises() -> None:
    """view() rejects a seat that is not in the game."""
    with pytest.raises(ValueError, match="seat"):
        view(base_game(), 3)
    with pytest.raises(ValueError, match="seat"):
        view(base_game(), True)


def test_since_takes_the_tail_of_the_log() -> None:
    """A view from ``since`` holds exactly the events from that index on."""
    state = play(base_game(), Income(0))
    full = view(state, 1)
    part = view(state, 1, since=3)
    assert part.log == full.log[3:]
    assert (part.log_start, part.log_length) == (3, len(state.log))
    assert view(state, 1, since=len(state.log)).log == ()


def test_since_out_of_range_raises() -> None:
    """``since`` must be a log index from 0 to the log's length."""
    state = base_game()
    with pytest.raises(ValueError, match="since"):
        view(state, 0, since=-1)
    with pytest.raises(ValueError, match="since"):
        view(state, 0, since=len(state.log) + 1)


def test_deal_redacted_for_others_r_info_2() -> None:
    """R-INFO-2: each Dealt event shows its cards to their owner only."""
    v = view(base_game(), 1)
    dealt = [e for e in v.log if isinstance(e, Dealt)]
    assert dealt == [Dealt(0, 2, None), Dealt(1, 2, (ASSASSIN, CONTESSA)), Dealt(2, 2, None)]


def test_exchange_draw_and_return_redacted_r_info_2() -> None:
    """R-INFO-2: the cards drawn and returned in an Exchange are the exchanger's alone."""
    state = new_game(
        BASE3,
        seed=5,
        hands=[(AMBASSADOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)],
    )
    state = play(state, Exchange(0), Allow(1), Allow(2))
    keep = legal_moves(state, 0)[0]
    assert isinstance(keep, Keep)
    state = play(state, keep)
    mine = [e for e in view(state, 0).log if isinstance(e, CardsDrawn | CardsReturned)]
    theirs = [e for e in view(state, 1).log if isinstance(e, CardsDrawn | CardsReturned)]
    assert all(e.cards is not None for e in mine)
    assert theirs == [CardsDrawn(0, 2, None), CardsReturned(0, 2, None)]


def test_shown_card_for_inquisitor_and_target_only_r_info_2() -> None:
    """R-INFO-2, R-INQ-4: the examined card is seen by the Inquisitor and the target only."""
    state = examine_game()
    assert view(state, 0).shown == CONTESSA
    assert view(state, 1).shown == CONTESSA
    assert view(state, 2).shown is None
    assert view(state, None).shown is None
    assert view(state, 2).log[-1] == CardShown(1, 0, None)
    assert view(state, 0).log[-1] == CardShown(1, 0, CONTESSA)


def test_forced_exchange_return_seen_by_witness_r_info_2() -> None:
    """R-INFO-2, R-INQ-6: the returned examined card is seen by the target and the Inquisitor;
    the replacement drawn is seen by the target alone."""
    state = play(examine_game(), ForceExchange(0))
    returned = CardsReturned(1, 1, (CONTESSA,), 0)
    assert returned in view(state, 0).log
    assert returned in view(state, 1).log
    assert CardsReturned(1, 1, None, 0) in view(state, 2).log
    drawn = [e for e in view(state, 0).log if isinstance(e, CardsDrawn)]
    assert drawn == [CardsDrawn(1, 1, None)]
    assert view(state, 0).shown is None


def test_two_player_draft_redacted_r_info_3() -> None:
    """R-INFO-3, R-SETUP-8: the third-set card and the drafted card stay with their owner."""
    state = new_game(Config(players=2), seed=9)
    card = legal_moves(state, 0)[0]
    assert isinstance(card, Draft)
    state = play(state, card)
    other = view(state, 1).log
    assert Dealt(0, 1, None) in other and Drafted(0, None) in other
    assert Drafted(0, card.character) in view(state, 0).log
    assert view(state, 1).set_aside == 9


def test_proof_and_losses_are_public_r_info_1() -> None:
    """R-INFO-1: proofs and lost influence are seen whole by everyone, spectators included."""
    events: list[Event] = [Proved(1, (DUKE,)), InfluenceLost(2, CAPTAIN)]
    assert all(may_see(e, None) and redact(e, None) == e for e in events)


@pytest.mark.parametrize(
    ("event", "seers", "redacted"),
    [
        (Dealt(1, 2, (DUKE, DUKE)), {1}, Dealt(1, 2, None)),
        (Drafted(1, DUKE), {1}, Drafted(1, None)),
        (CardsDrawn(1, 1, (DUKE,)), {1}, CardsDrawn(1, 1, None)),
        (CardsReturned(1, 1, (DUKE,)), {1}, CardsReturned(1, 1, None)),
        (CardsReturned(1, 1, (DUKE,), 2), {1, 2}, CardsReturned(1, 1, None, 2)),
        (CardShown(1, 2, DUKE), {1, 2}, CardShown(1, 2, None)),
    ],
)
def test_private_events_r_info_2(event: Event, seers: set[int], redacted: Event) -> None:
    """R-INFO-2: who sees each private event whole, and its redacted form for everyone else."""
    for seat in (None, 0, 1, 2, 3):
        expected = event if seat in seers else redacted
        assert redact(event, seat) == expected


def test_whole_log_views_in_any_order_r_info_2() -> None:
    """A view's whole log is the log redacted for its viewer, however the states of a game and
    of its branches are viewed: in order, backwards, again, or a sibling after a branch (the
    whole log kept on the node last viewed is handed on, never shared wrongly)."""
    rng = random.Random(7)
    for game in range(12):
        config = Config(players=3 + game % 3, inquisitor=game % 2 == 1)
        states = [new_game(config, seed=game)]
        while not states[-1].is_over and len(states) < 60:
            state = states[-1]
            seat = rng.choice(to_act(state))
            states.append(play(state, rng.choice(legal_moves(state, seat))))
        branches = [
            play(state, rng.choice(legal_moves(state, rng.choice(to_act(state)))))
            for state in rng.sample(states, 8)
            if not state.is_over
        ]
        everything = states + branches
        order = states + states[::-1] + rng.sample(everything, len(everything)) + branches
        for state in order:
            viewer = rng.choice([None, *range(config.players)])
            expected = tuple(redact(event, viewer) for event in state.log)
            assert view(state, viewer).log == expected


def _whole_logs_kept(state: GameState) -> list[int | None]:
    """The viewers of every whole seen log kept on the nodes of ``state``'s log."""
    kept: list[int | None] = []
    node: Log | None = state.log
    while node is not None:
        if node._cache is not None:
            kept += node._cache.whole
        node = node._prev
    return sorted(kept, key=str)


def test_a_game_viewed_in_any_order_keeps_one_whole_log_per_viewer() -> None:
    """Viewing the states of a game, forwards as it is played, then backwards, then at random,
    keeps per viewer the whole seen log on one node only (the newest it was asked on), not one
    copy per node: memory stays O(events)."""
    rng = random.Random(3)
    viewers = (None, 0, 1, 2, 3)
    states = [new_game(Config(players=4), seed=5)]
    while not states[-1].is_over:
        for viewer in viewers:
            view(states[-1], viewer)
        seat = rng.choice(to_act(states[-1]))
        states.append(play(states[-1], rng.choice(legal_moves(states[-1], seat))))
    assert _whole_logs_kept(states[-1]) == sorted(viewers, key=str)
    for state in [*states[::-1], *rng.sample(states, len(states))]:
        view(state, rng.choice(viewers))
    assert _whole_logs_kept(states[-1]) == sorted(viewers, key=str)
