"""Setup scenarios: deck, bank, deal, 2-player setup and draft, fixed deals (R-SETUP-*)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import (
    AMBASSADOR,
    ASSASSIN,
    CAPTAIN,
    CONTESSA,
    DUKE,
    INQUISITOR,
    check_invariants,
    play,
)

from coup_rules import (
    Allegiance,
    Character,
    Config,
    Dealt,
    Decision,
    Draft,
    Drafted,
    GameState,
    Income,
    TurnStarted,
    legal_moves,
    new_game,
    to_act,
)

ALL_COUNTS = range(2, 11)
BASE_FIVE = (DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA)


def all_cards(state: GameState) -> Counter[Character]:
    """Every card of the game, wherever it is."""
    cards: Counter[Character] = Counter(state.court) + Counter(state.aside)
    for p in state.players:
        cards += Counter(p.hand) + Counter(p.revealed)
    return cards


def draft_both(state: GameState) -> GameState:
    """Both players of a 2-player setup draft the Duke."""
    return play(state, Draft(0, DUKE), Draft(1, DUKE))


# --- R-SETUP-1 / R-SETUP-2: the deck ---


@pytest.mark.parametrize("players", ALL_COUNTS)
def test_deck_holds_the_five_base_characters(players: int) -> None:
    """R-SETUP-1: the deck is Duke, Assassin, Captain, Ambassador, Contessa; no Inquisitor."""
    state = new_game(Config(players=players), seed=players)
    assert set(all_cards(state)) == set(BASE_FIVE)
    assert INQUISITOR not in all_cards(state)


@pytest.mark.parametrize(
    ("players", "size"),
    [(2, 15), (3, 15), (4, 15), (5, 15), (6, 15), (7, 20), (8, 20), (9, 25), (10, 25)],
)
def test_deck_size_by_player_count(players: int, size: int) -> None:
    """R-SETUP-2: 3 sets of 5 for 2-6 players, 4 copies for 7-8, 5 copies for 9-10."""
    state = new_game(Config(players=players), seed=7)
    cards = all_cards(state)
    assert sum(cards.values()) == size
    assert set(cards.values()) == {size // 5}


@pytest.mark.parametrize(("players", "copies"), [(3, 5), (4, 4), (6, 5), (6, 3), (8, 5), (2, 5)])
def test_copies_option_sets_the_deck(players: int, copies: int) -> None:
    """R-SETUP-2: the option `copies` gives that many of each character (copies=5: 25 cards)."""
    config = Config(players=players, copies=copies, two_player_setup=False)
    state = new_game(config, seed=3)
    assert all_cards(state) == Counter({c: copies for c in BASE_FIVE})
    assert len(state.court) == 5 * copies - 2 * players


def test_copies_with_two_player_setup_is_rejected() -> None:
    """R-SETUP-2: copies must be left unset with the 2-player setup; the error names copies."""
    with pytest.raises(ValueError, match="copies"):
        Config(players=2, copies=3)


def test_two_player_plain_deal_uses_three_copies() -> None:
    """R-SETUP-2: 2 players without the 2-player setup: a plain deal from 3 of each."""
    state = new_game(Config(players=2, two_player_setup=False), seed=5)
    assert all_cards(state) == Counter({c: 3 for c in BASE_FIVE})
    assert [len(p.hand) for p in state.players] == [2, 2]
    assert len(state.court) == 11
    assert state.set_aside == 0


# --- R-SETUP-3: the Court keeps at least 2 cards ---


@pytest.mark.parametrize(("players", "copies"), [(10, 4), (6, 2), (4, 1), (9, 3), (3, 1)])
def test_court_of_fewer_than_two_is_rejected_naming_copies(players: int, copies: int) -> None:
    """R-SETUP-3: a deck leaving fewer than 2 cards in the Court is rejected, naming copies."""
    with pytest.raises(ValueError, match="copies"):
        Config(players=players, copies=copies)


@pytest.mark.parametrize(("players", "copies"), [(4, 2), (9, 4), (10, 5)])
def test_court_of_exactly_two_is_accepted(players: int, copies: int) -> None:
    """R-SETUP-3: a Court of exactly 2 cards after the deal is fine."""
    state = new_game(Config(players=players, copies=copies), seed=1)
    assert len(state.court) == 5 * copies - 2 * players >= 2


@pytest.mark.parametrize("players", ALL_COUNTS)
def test_default_deck_leaves_at_least_two_in_court(players: int) -> None:
    """R-SETUP-3: every default configuration leaves a Court of 2 or more cards."""
    state = new_game(Config(players=players), seed=11)
    assert len(state.court) >= 2


def test_fixed_court_of_one_card_is_rejected() -> None:
    """R-SETUP-3: a fixed Court of fewer than 2 cards is rejected, naming court."""
    hands = [(DUKE, DUKE), (ASSASSIN, ASSASSIN), (CAPTAIN, CAPTAIN)]
    with pytest.raises(ValueError, match="court"):
        new_game(Config(players=3), seed=1, hands=hands, court=[CONTESSA])


# --- R-SETUP-4: the bank ---


@pytest.mark.parametrize("players", range(3, 11))
def test_each_player_starts_with_two_coins_from_the_treasury(players: int) -> None:
    """R-SETUP-4: 2 coins per player; the Treasury holds the rest of the 54."""
    state = new_game(Config(players=players), seed=2)
    assert [p.coins for p in state.players] == [2] * players
    assert state.treasury == 54 - 2 * players
    assert state.reserve == 0


def test_coins_option_sets_the_bank() -> None:
    """R-SETUP-4: option `coins` is the whole bank; the Treasury holds what players lack."""
    state = new_game(Config(players=4, coins=20), seed=2)
    assert state.treasury == 12
    assert state.treasury + sum(p.coins for p in state.players) == 20


def test_bank_exactly_covering_start_leaves_empty_treasury() -> None:
    """R-SETUP-4: a bank of exactly the starting coins is valid and leaves the Treasury empty."""
    state = new_game(Config(players=5, coins=10), seed=2)
    assert state.treasury == 0


@pytest.mark.parametrize(("players", "coins"), [(4, 7), (10, 19), (2, 2), (3, -1)])
def test_bank_smaller_than_start_is_rejected_naming_coins(players: int, coins: int) -> None:
    """R-SETUP-4: the bank must cover the starting coins; the error names coins."""
    with pytest.raises(ValueError, match="coins"):
        Config(players=players, coins=coins)


def test_two_player_bank_needs_only_three_coins() -> None:
    """R-SETUP-4: with the 2-player setup the starting coins are 1 + 2 = 3."""
    state = new_game(Config(players=2, coins=3), seed=1)
    assert state.treasury == 0


# --- Config validation names the field ---


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": 1}, "players"),
        ({"players": 11}, "players"),
        ({"players": 0}, "players"),
        ({"players": "4"}, "players"),
        ({"players": True}, "players"),
        ({"first_player": -1}, "first_player"),
        ({"first_player": 4}, "first_player"),
        ({"players": 3, "first_player": 3}, "first_player"),
        ({"first_player": 1.0}, "first_player"),
        ({"copies": 0}, "copies"),
        ({"copies": "3"}, "copies"),
        ({"coins": 5}, "coins"),
        ({"coins": 54.0}, "coins"),
        ({"players": 2, "two_player_setup": True, "copies": 4}, "copies"),
        ({"two_player_setup": "yes"}, "two_player_setup"),
        ({"inquisitor": 1}, "inquisitor"),
        ({"reformation": None}, "reformation"),
    ],
)
def test_config_errors_name_the_field(kwargs: dict[str, object], field: str) -> None:
    """R-SETUP-2, R-SETUP-4, R-SETUP-6: a bad Config raises ValueError naming the field."""
    with pytest.raises(ValueError, match=field):
        Config(**kwargs)  # type: ignore[arg-type]


# --- R-SETUP-5: the deal ---


@pytest.mark.parametrize("players", range(3, 11))
def test_deal_gives_two_cards_each_and_the_rest_to_the_court(players: int) -> None:
    """R-SETUP-5: two cards per seat, the rest of the deck is the Court, nothing set aside."""
    config = Config(players=players)
    state = new_game(config, seed=players * 13)
    assert all(len(p.hand) == 2 and p.revealed == () for p in state.players)
    assert len(state.court) == len(config.deck) - 2 * players
    assert state.set_aside == 0
    check_invariants(state)


def test_deal_is_random_by_seed() -> None:
    """R-SETUP-5: the deal is random: different seeds give different deals."""
    deals = {tuple(p.hand for p in new_game(Config(players=4), seed=s).players) for s in range(20)}
    assert len(deals) > 1


def test_deal_is_logged_per_seat() -> None:
    """R-SETUP-5: each seat's deal is logged with its own cards (redacted later by views)."""
    state = new_game(Config(players=3), seed=4)
    dealt = [e for e in state.log if isinstance(e, Dealt)]
    assert [(e.player, e.count, e.cards) for e in dealt] == [
        (p.seat, 2, p.hand) for p in state.players
    ]


# --- R-SETUP-6 / R-SETUP-11: first player and the turn counter ---


def test_first_player_defaults_to_seat_zero() -> None:
    """R-SETUP-6: by default seat 0 plays first."""
    state = new_game(Config(players=4), seed=1)
    assert state.active == 0
    assert to_act(state) == (0,)
    assert state.pending is not None and state.pending.kind is Decision.ACTION


@pytest.mark.parametrize(("players", "first"), [(4, 2), (3, 2), (10, 9), (6, 5)])
def test_first_player_option(players: int, first: int) -> None:
    """R-SETUP-6: option first_player picks the seat of the first turn."""
    state = new_game(Config(players=players, first_player=first), seed=1)
    assert state.active == first
    assert to_act(state) == (first,)
    assert state.log[-1] == TurnStarted(first, 1)


def test_turn_is_one_on_the_first_turn_without_setup_decisions() -> None:
    """R-SETUP-11: without setup decisions the first player's first turn is turn 1."""
    state = new_game(Config(players=5), seed=1)
    assert state.turn == 1


# --- R-SETUP-7: the 2-player setup ---


@pytest.mark.parametrize("first", [0, 1])
def test_two_player_first_player_gets_one_coin(first: int) -> None:
    """R-SETUP-7: in the 2-player setup the first player starts with 1 coin, the other 2."""
    state = new_game(Config(players=2, first_player=first), seed=9)
    assert state.players[first].coins == 1
    assert state.players[1 - first].coins == 2
    assert state.treasury == 51


@pytest.mark.parametrize("seed", range(8))
def test_two_player_third_set_deal(seed: int) -> None:
    """R-SETUP-7: one card of the third set to each player, the other 3 form the Court."""
    state = new_game(Config(players=2), seed=seed)
    dealt = [p.hand for p in state.players]
    assert [len(h) for h in dealt] == [1, 1]
    assert len(state.court) == 3
    assert len(set(state.court)) == 3
    assert sorted((*dealt[0], *dealt[1], *state.court)) == list(BASE_FIVE)


def test_two_player_sets_are_set_aside_during_the_draft() -> None:
    """R-SETUP-7: each player's own set (10 cards) is face down, set aside, during the draft."""
    state = new_game(Config(players=2), seed=1)
    assert state.set_aside == 10
    assert Counter(state.aside) == Counter({c: 2 for c in BASE_FIVE})
    check_invariants(state)


def test_two_player_third_set_deal_varies_by_seed() -> None:
    """R-SETUP-7: the third set is shuffled: the dealt cards depend on the seed."""
    deals = {tuple(p.hand for p in new_game(Config(players=2), seed=s).players) for s in range(30)}
    assert len(deals) > 3


def test_two_player_setup_off_is_a_plain_deal() -> None:
    """R-SETUP-7: two_player_setup=False: 2 coins each, 2 random cards each, no draft."""
    state = new_game(Config(players=2, two_player_setup=False), seed=1)
    assert [p.coins for p in state.players] == [2, 2]
    assert state.turn == 1
    assert state.pending is not None and state.pending.kind is Decision.ACTION


# --- R-SETUP-8 / R-SETUP-11: the draft ---


def test_draft_asks_both_players_at_once_on_turn_zero() -> None:
    """R-SETUP-8, R-SETUP-11: both players draft at once; turn is 0 during setup."""
    state = new_game(Config(players=2), seed=1)
    assert state.pending is not None and state.pending.kind is Decision.DRAFT
    assert to_act(state) == (0, 1)
    assert state.turn == 0
    for seat in (0, 1):
        assert legal_moves(state, seat) == tuple(Draft(seat, c) for c in BASE_FIVE)


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_draft_in_either_order(order: tuple[int, int]) -> None:
    """R-SETUP-8: the drafts may come in either order; each takes a card of their own set."""
    state = new_game(Config(players=2), seed=2)
    before = [p.hand for p in state.players]
    picks = {order[0]: CONTESSA, order[1]: CAPTAIN}
    first = play(state, Draft(order[0], picks[order[0]]))
    assert first.set_aside == 9
    assert to_act(first) == (order[1],)
    assert legal_moves(first, order[0]) == ()
    assert first.turn == 0
    done = play(first, Draft(order[1], picks[order[1]]))
    assert done.set_aside == 8
    for seat in (0, 1):
        assert done.players[seat].hand == tuple(sorted((*before[seat], picks[seat])))
    assert Drafted(order[0], picks[order[0]]) in done.log


@pytest.mark.parametrize("first", [0, 1])
def test_after_the_draft_turn_one_goes_to_the_first_player(first: int) -> None:
    """R-SETUP-11, R-SETUP-6: after both drafts turn 1 begins for the first player."""
    state = draft_both(new_game(Config(players=2, first_player=first), seed=3))
    assert state.turn == 1
    assert state.active == first
    assert to_act(state) == (first,)
    assert state.log[-1] == TurnStarted(first, 1)


def test_draft_leaves_eight_set_aside_and_conserves_cards() -> None:
    """R-SETUP-8, R-SETUP-10: 8 unpicked cards stay set aside; all 15 cards are accounted."""
    state = draft_both(new_game(Config(players=2), seed=4))
    assert state.set_aside == 8
    assert Counter(state.aside)[DUKE] == 0
    assert sum(all_cards(state).values()) == 15
    assert len(state.court) == 3


def test_draft_may_repeat_the_dealt_character() -> None:
    """R-SETUP-8: a player may draft the same character as the one dealt to them."""
    state = new_game(Config(players=2), seed=5)
    dealt = state.players[0].hand[0]
    state = play(state, Draft(0, dealt), Draft(1, DUKE))
    assert state.players[0].hand == (dealt, dealt)


# --- R-SETUP-9: fixed deals ---


def test_fixed_hands_are_dealt_and_court_is_the_rest() -> None:
    """R-SETUP-9: hands= fixes each seat's cards; the Court is the rest of the deck."""
    hands = [(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (AMBASSADOR, DUKE)]
    state = new_game(Config(players=3), seed=1, hands=hands)
    assert [p.hand for p in state.players] == [tuple(sorted(h)) for h in hands]
    expected = Counter({c: 3 for c in BASE_FIVE}) - Counter(c for h in hands for c in h)
    assert Counter(state.court) == expected
    assert state.set_aside == 0
    assert state.turn == 1


def test_fixed_hands_and_court_set_the_rest_aside() -> None:
    """R-SETUP-9: with hands and court given, cards in neither are set aside."""
    hands = [(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (AMBASSADOR, DUKE)]
    state = new_game(Config(players=3), seed=1, hands=hands, court=[DUKE, CAPTAIN])
    assert state.court == (DUKE, CAPTAIN)
    assert state.set_aside == 15 - 6 - 2
    check_invariants(state)


def test_fixed_coins_adjust_the_treasury() -> None:
    """R-SETUP-9: coins= fixes starting coins; the Treasury holds the rest of the bank."""
    state = new_game(Config(players=3), seed=1, coins=[7, 0, 12])
    assert [p.coins for p in state.players] == [7, 0, 12]
    assert state.treasury == 54 - 19


def test_fixed_court_without_hands_deals_from_the_rest() -> None:
    """R-SETUP-9: with court but no hands, the hands come from the deck less the Court."""
    court = [DUKE, DUKE, DUKE, ASSASSIN]
    state = new_game(Config(players=4), seed=8, court=court)
    assert state.court == tuple(court)
    dealt = Counter(c for p in state.players for c in p.hand)
    assert dealt[DUKE] == 0
    assert sum(dealt.values()) == 8
    assert state.set_aside == 15 - 8 - 4


def test_two_player_fixed_hands_skip_the_draft() -> None:
    """R-SETUP-9: 2-player setup with hands: no draft, Court = rest of the 3 sets (11)."""
    state = new_game(Config(players=2), seed=1, hands=[(DUKE, DUKE), (CAPTAIN, CONTESSA)])
    assert state.pending is not None and state.pending.kind is Decision.ACTION
    assert state.turn == 1
    assert len(state.court) == 11
    assert state.set_aside == 0
    assert [p.coins for p in state.players] == [1, 2]


def test_two_player_fixed_hands_first_player_one_coin() -> None:
    """R-SETUP-9, R-SETUP-7: with hands, the first player still starts with 1 coin."""
    config = Config(players=2, first_player=1)
    state = new_game(config, seed=1, hands=[(DUKE, DUKE), (CAPTAIN, CONTESSA)])
    assert [p.coins for p in state.players] == [2, 1]
    assert state.active == 1


def test_two_player_fixed_coins_override_the_first_player_coin() -> None:
    """R-SETUP-9: coins= overrides the 2-player first-player coin."""
    hands = [(DUKE, DUKE), (CAPTAIN, CONTESSA)]
    state = new_game(Config(players=2), seed=1, hands=hands, coins=[5, 5])
    assert [p.coins for p in state.players] == [5, 5]


def test_two_player_fixed_hands_and_court_set_aside_the_rest() -> None:
    """R-SETUP-9: 2-player hands + court: the rest of the 3 sets is set aside."""
    hands = [(DUKE, DUKE), (CAPTAIN, CONTESSA)]
    state = new_game(Config(players=2), seed=1, hands=hands, court=[ASSASSIN, AMBASSADOR, DUKE])
    assert state.court == (DUKE, ASSASSIN, AMBASSADOR)
    assert state.set_aside == 15 - 4 - 3


def test_two_player_court_without_hands_then_draft() -> None:
    """R-SETUP-9: 2-player court without hands: 3 different characters, then the draft."""
    court = [DUKE, CAPTAIN, CONTESSA]
    state = new_game(Config(players=2), seed=6, court=court)
    assert state.court == (DUKE, CAPTAIN, CONTESSA)
    dealt = sorted(c for p in state.players for c in p.hand)
    assert dealt == [ASSASSIN, AMBASSADOR]
    assert state.pending is not None and state.pending.kind is Decision.DRAFT
    assert state.set_aside == 10


@pytest.mark.parametrize(
    "court",
    [[DUKE, DUKE, CAPTAIN], [DUKE, CAPTAIN], [DUKE, CAPTAIN, CONTESSA, ASSASSIN]],
)
def test_two_player_court_without_hands_must_be_three_different(court: list[Character]) -> None:
    """R-SETUP-9: in the 2-player setup a court without hands must be 3 different characters."""
    with pytest.raises(ValueError, match="court"):
        new_game(Config(players=2), seed=1, court=court)


_HANDS3 = [(DUKE, CAPTAIN), (ASSASSIN, CONTESSA), (AMBASSADOR, DUKE)]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"hands": _HANDS3[:2]}, "hands"),
        ({"hands": [*_HANDS3, (DUKE, DUKE)]}, "hands"),
        ({"hands": [(DUKE,), *_HANDS3[1:]]}, "hands"),
        ({"hands": [(DUKE, DUKE, DUKE), *_HANDS3[1:]]}, "hands"),
        ({"hands": [(DUKE, DUKE), (DUKE, DUKE), _HANDS3[2]]}, "hands"),
        ({"hands": [(DUKE, INQUISITOR), *_HANDS3[1:]]}, "hands"),
        ({"hands": [(DUKE, "duke"), *_HANDS3[1:]]}, "hands"),
        ({"hands": _HANDS3, "court": [DUKE]}, "court"),
        ({"hands": _HANDS3, "court": []}, "court"),
        ({"hands": _HANDS3, "court": [DUKE, DUKE]}, "court"),
        ({"hands": _HANDS3, "court": [INQUISITOR, DUKE]}, "court"),
        ({"court": [CAPTAIN] * 4}, "court"),
        ({"coins": [2, 2]}, "coins"),
        ({"coins": [2, 2, 2, 2]}, "coins"),
        ({"coins": [2, -1, 2]}, "coins"),
        ({"coins": [30, 20, 5]}, "coins"),
        ({"coins": [2, 2.5, 2]}, "coins"),
        ({"allegiances": [Allegiance.LOYALIST] * 3}, "allegiances"),
    ],
)
def test_impossible_deal_raises_naming_the_argument(kwargs: dict[str, object], field: str) -> None:
    """R-SETUP-9: every impossible deal of new_game raises ValueError naming the argument."""
    with pytest.raises(ValueError, match=field):
        new_game(Config(players=3), seed=1, **kwargs)  # type: ignore[arg-type]


def test_allegiances_of_wrong_length_are_rejected() -> None:
    """R-SETUP-9: allegiances of the wrong length raise ValueError naming allegiances."""
    with pytest.raises(ValueError, match="allegiances"):
        new_game(Config(players=3, reformation=True), seed=1, allegiances=[Allegiance.LOYALIST])


def test_too_many_copies_across_hands_and_court_is_rejected() -> None:
    """R-SETUP-9: hands and court together may not hold more copies than the deck."""
    hands = [(DUKE, DUKE), (ASSASSIN, CONTESSA), (AMBASSADOR, CAPTAIN)]
    with pytest.raises(ValueError, match="court"):
        new_game(Config(players=3), seed=1, hands=hands, court=[DUKE, DUKE])


def test_coins_equal_to_the_bank_are_accepted() -> None:
    """R-SETUP-9: starting coins may use the whole bank, leaving the Treasury empty."""
    state = new_game(Config(players=3), seed=1, coins=[20, 20, 14])
    assert state.treasury == 0


# --- R-SETUP-10: conservation ---


@pytest.mark.parametrize("players", ALL_COUNTS)
def test_cards_and_coins_are_conserved_at_setup(players: int) -> None:
    """R-SETUP-10, R-SETUP-4: hands + revealed + Court + set-aside = deck; coins = bank."""
    state = new_game(Config(players=players), seed=players)
    assert all_cards(state) == Counter(state.config.deck)
    check_invariants(state)


def test_cards_are_conserved_through_a_first_round() -> None:
    """R-SETUP-10: every seat takes Income; cards and coins stay conserved."""
    state = new_game(Config(players=4), seed=3)
    state = play(state, *(Income(s) for s in range(4)))
    assert all_cards(state) == Counter(state.config.deck)


def test_court_leaving_too_few_cards_for_the_hands_is_rejected() -> None:
    """R-SETUP-9: a Court (without hands) leaving fewer than 2 cards per seat is impossible."""
    with pytest.raises(ValueError, match="court"):
        new_game(Config(players=6), seed=1, court=[DUKE, DUKE, DUKE, ASSASSIN, ASSASSIN, ASSASSIN])
