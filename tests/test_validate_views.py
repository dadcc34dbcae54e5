"""A decoded view is one a real game could show its seat, and ``sample_state`` keeps it whole
(issue 28, item 4).

``from_json`` refuses an event whose ``count`` disagrees with its cards; ``validate_view``
checks card identities against the deck for partial views too, and refuses a whole view that no
game could show (another seat's private card, a card shown to a seat that did not Examine, an
own hand the log contradicts, legal moves the rules do not give). The property that ties them
together: for every view ``from_json`` accepts, ``view(sample_state(v, rng), v.seat) == v``.
Checked on views of random games of every configuration, mutated as JSON: a card, a count, a
seat, an event inserted, duplicated or dropped, a private card written or left out, the own
hand; each mutation is refused with ``DecodeError`` or keeps the property for several samples.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coup_rules import (
    Allow,
    Character,
    Config,
    DecodeError,
    Event,
    Examine,
    GameState,
    PlayerView,
    Show,
    Tax,
    from_json,
    new_game,
    sample_state,
    to_json,
    validate_view,
    view,
)
from tests.helpers import play
from tests.strategies import reachable_states

CARDS = [c.name.lower() for c in Character]
SEATS = frozenset({"player", "target", "to", "witness", "challenged", "source", "dest", "seat"})
PRIVATE = {"dealt": "cards", "cards_drawn": "cards", "cards_returned": "cards"}
PRIVATE |= {"drafted": "card", "card_shown": "card"}


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every number and string of ``node``, with its path."""
    if isinstance(node, dict):
        return [x for k, v in node.items() for x in _leaves(v, (*path, k))]
    if isinstance(node, list):
        return [x for i, v in enumerate(node) for x in _leaves(v, (*path, i))]
    if isinstance(node, bool) or not isinstance(node, int | str):
        return []
    return [(path, node)]


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for step in path[:-1]:
        doc = doc[step]
    doc[path[-1]] = value


def _change_card(doc: Any, rng: random.Random) -> bool:
    found = [(p, v) for p, v in _leaves(doc) if v in CARDS]
    if not found:
        return False
    path, value = rng.choice(found)
    _set(doc, path, rng.choice([c for c in CARDS if c != value]))
    return True


def _change_count(doc: Any, rng: random.Random) -> bool:
    found = [(p, v) for p, v in _leaves(doc) if isinstance(v, int) and p[-1] not in SEATS]
    path, value = rng.choice(found)
    _set(doc, path, value + rng.choice([-2, -1, 1, 2]))
    return True


def _change_seat(doc: Any, rng: random.Random) -> bool:
    found = [(p, v) for p, v in _leaves(doc) if isinstance(v, int) and p[-1] in SEATS]
    if not found:
        return False
    path, value = rng.choice(found)
    _set(doc, path, rng.choice([s for s in range(doc["config"]["players"]) if s != value]))
    return True


def _insert_event(doc: Any, rng: random.Random) -> bool:
    log = doc["log"]
    if not log:
        return False
    log.insert(rng.randrange(len(log) + 1), copy.deepcopy(rng.choice(log)))
    return True


def _duplicate_event(doc: Any, rng: random.Random) -> bool:
    log = doc["log"]
    if not log:
        return False
    i = rng.randrange(len(log))
    log.insert(i, copy.deepcopy(log[i]))
    return True


def _drop_event(doc: Any, rng: random.Random) -> bool:
    log = doc["log"]
    if not log:
        return False
    del log[rng.randrange(len(log))]
    return True


def _append_shown(doc: Any, rng: random.Random) -> bool:
    seats = range(doc["config"]["players"])
    event = {"type": "card_shown", "player": rng.choice(seats), "to": rng.choice(seats)}
    doc["log"].append({**event, "card": rng.choice([None, *CARDS])})
    doc["log_length"] += rng.choice([0, 1])
    return True


def _flip_private(doc: Any, rng: random.Random) -> bool:
    found = [e for e in doc["log"] if e["type"] in PRIVATE]
    if not found:
        return False
    event = rng.choice(found)
    name = PRIVATE[event["type"]]
    if event[name] is not None:
        event[name] = None
    elif name == "card":
        event[name] = rng.choice(CARDS)
    else:
        event[name] = [rng.choice(CARDS) for _ in range(event["count"])]
    return True


def _change_hand(doc: Any, rng: random.Random) -> bool:
    seat = doc["seat"]
    if seat is None or not doc["players"][seat]["hand"]:
        return False
    hand = doc["players"][seat]["hand"]
    hand[rng.randrange(len(hand))] = rng.choice(CARDS)
    order = {c: i for i, c in enumerate(CARDS)}
    hand.sort(key=order.__getitem__)
    return True


MUTATIONS = (
    _change_card,
    _change_count,
    _change_seat,
    _insert_event,
    _duplicate_event,
    _drop_event,
    _append_shown,
    _flip_private,
    _change_hand,
)


def mutated(doc: Any, rng: random.Random) -> Any:
    """A copy of the view ``doc`` (JSON) with one mutation of a random kind."""
    while True:
        out = copy.deepcopy(doc)
        if rng.choice(MUTATIONS)(out, rng):
            return out


def fits_its_samples(v: PlayerView, rng: random.Random, samples: int = 3) -> bool:
    """Whether ``view(sample_state(v, rng), v.seat) == v`` for each of a few samples."""
    return all(view(sample_state(v, rng), v.seat) == v for _ in range(samples))


@settings(max_examples=60, deadline=None)
@given(state=reachable_states(max_moves=80), seed=st.integers(0, 2**32))
def test_every_mutated_view_is_refused_or_fits_its_samples(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    for seat in [None, *range(state.config.players)]:
        doc = json.loads(to_json(view(state, seat)))
        for _ in range(4):
            try:
                decoded = from_json(json.dumps(mutated(doc, rng)), PlayerView)
            except DecodeError:
                continue
            assert fits_its_samples(decoded, rng)


@settings(max_examples=40, deadline=None)
@given(state=reachable_states(max_moves=120), seed=st.integers(0, 2**32))
def test_every_view_of_a_real_game_passes_whole_or_in_part(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    for seat in [None, *range(state.config.players)]:
        validate_view(view(state, seat))
        validate_view(view(state, seat, since=rng.randrange(len(state.log) + 1)))


@settings(max_examples=40, deadline=None)
@given(state=reachable_states(max_moves=80), seed=st.integers(0, 2**32))
def test_the_views_of_a_decoded_state_pass_validate_view(state: GameState, seed: int) -> None:
    """A state's JSON mutated in its log: what ``from_json`` accepts gives views it accepts."""
    rng = random.Random(seed)
    doc = json.loads(to_json(state))
    for _ in range(6):
        changed = copy.deepcopy(doc)
        log = changed["log"]
        event = rng.choice(log)
        paths = [p for p, _ in _leaves(event) if p[-1] != "type"]
        if paths:
            path = rng.choice(paths)
            value = event
            for step in path:
                value = value[step]
            fresh = rng.choice(CARDS) if isinstance(value, str) else value + rng.choice([-1, 1])
            _set(event, path, fresh)
        try:
            decoded = from_json(json.dumps(changed), GameState)
        except DecodeError:
            continue
        for seat in [None, *range(state.config.players)]:
            validate_view(view(decoded, seat))


@pytest.mark.parametrize("count", [1, 3])
def test_a_drawn_event_whose_count_disagrees_with_its_cards_is_refused_when_decoded(
    count: int,
) -> None:
    text = json.dumps({"type": "cards_drawn", "player": 0, "count": count, "cards": ["duke"] * 2})
    with pytest.raises(DecodeError, match=rf'"cards_drawn" event: its count {count}') as error:
        from_json(text, Event)
    assert "2 cards" in str(error.value) or "not from 1 to 2" in str(error.value)


def test_a_state_whose_dealt_event_miscounts_its_cards_is_refused_r_setup_5() -> None:
    """The audit's case: the state decoded, and then every view of it was refused."""
    doc = json.loads(to_json(new_game(Config(players=3), seed=5)))
    doc["log"][1]["count"] = 1
    with pytest.raises(DecodeError, match=r'"dealt" event: its count 1 disagrees with its 2 cards'):
        from_json(json.dumps(doc), GameState)


def test_a_redacted_event_of_no_cards_is_refused_when_decoded() -> None:
    text = json.dumps({"type": "dealt", "player": 1, "count": 0, "cards": None})
    with pytest.raises(DecodeError, match=r"count 0 is not from 1 to 2 \(R-SETUP-5\)"):
        from_json(text, Event)


def _examined() -> GameState:
    """Seat 0 examined seat 1, who showed its Captain; the Inquisitor decides."""
    hands = [(Character.INQUISITOR, Character.DUKE), (Character.CAPTAIN, Character.CONTESSA)]
    hands += [(Character.DUKE, Character.ASSASSIN)]
    state = new_game(Config(players=3, inquisitor=True), seed=1, hands=hands)
    return play(state, Examine(0, 1), Allow(1), Allow(2), Show(1, Character.CAPTAIN))


def _refused(doc: dict[str, Any], match: str) -> None:
    with pytest.raises(DecodeError, match=match):
        from_json(json.dumps(doc), PlayerView)


def test_a_partial_view_showing_an_inquisitor_in_a_game_without_it_is_refused_r_setup_1() -> None:
    state = play(new_game(Config(players=3), seed=2), Tax(0), Allow(1), Allow(2))
    doc = json.loads(to_json(view(state, 1, since=len(state.log) - 1)))
    doc["players"][2]["revealed"] = ["inquisitor"]
    doc["players"][2]["hidden"] = 1
    _refused(doc, r"players\[2\]\.revealed names a card \(Inquisitor\).*R-SETUP-1")


def test_a_partial_view_with_more_copies_in_sight_than_the_deck_is_refused_r_setup_2() -> None:
    state = play(new_game(Config(players=3), seed=2), Tax(0), Allow(1), Allow(2))
    doc = json.loads(to_json(view(state, 1, since=len(state.log))))
    doc["players"][1]["hand"] = ["duke", "duke"]
    doc["players"][0]["revealed"] = ["duke", "duke"]
    doc["players"][0]["hidden"] = 0
    doc["players"][0]["alive"] = False
    doc["treasury"] += doc["players"][0]["coins"]
    doc["players"][0]["coins"] = 0
    _refused(doc, r"4 cards of Duke are in sight, more than the 3 copies.*R-SETUP-2")


def test_a_card_written_into_another_seats_private_event_is_refused_r_info_2() -> None:
    state = new_game(Config(players=3), seed=3)
    doc = json.loads(to_json(view(state, 0)))
    doc["log"][2]["cards"] = ["duke", "duke"]
    _refused(doc, r"log\[2\] \(Dealt\) shows cards that seat 0 may not see \(R-INFO-2\)")


def test_an_own_private_event_without_its_cards_is_refused_r_info_2() -> None:
    state = new_game(Config(players=3), seed=3)
    doc = json.loads(to_json(view(state, 0)))
    doc["log"][0]["cards"] = None
    _refused(doc, r"log\[0\] \(Dealt\) must show its cards to seat 0")


def test_a_card_shown_to_a_seat_that_did_not_examine_is_refused_r_inq_4() -> None:
    state = _examined()
    doc = json.loads(to_json(view(state, 2)))
    doc["log"].append({"type": "card_shown", "player": 1, "to": 2, "card": "captain"})
    doc["log_length"] += 1
    _refused(doc, r"no Examine of this turn asked for \(R-INQ-4\)")


def test_a_card_shown_before_any_examine_is_refused_r_inq_4() -> None:
    state = play(new_game(Config(players=3, inquisitor=True), seed=4), Tax(0))
    doc = json.loads(to_json(view(state, 0)))
    doc["log"].append({"type": "card_shown", "player": 2, "to": 1, "card": None})
    doc["log_length"] += 1
    _refused(doc, r"R-INQ-4")


def test_the_inquisitor_must_see_the_card_the_log_shows_it_r_inq_4() -> None:
    doc = json.loads(to_json(view(_examined(), 0)))
    assert doc["shown"] == "captain"
    doc["shown"] = "contessa"
    _refused(doc, r"shown must be the card the log shows the Inquisitor")


def test_an_examined_seat_must_be_told_the_shown_card_r_inq_4() -> None:
    doc = json.loads(to_json(view(_examined(), 0)))
    doc["shown"] = None
    _refused(doc, r"shown must be set for the Inquisitor and the target")


def test_an_own_hand_the_log_contradicts_is_refused_r_setup_10() -> None:
    state = new_game(Config(players=3), seed=3)
    doc = json.loads(to_json(view(state, 0)))
    dealt = doc["log"][0]["cards"]
    other = next(c for c in CARDS[:5] if c not in dealt)
    doc["players"][0]["hand"] = sorted([dealt[0], other], key=CARDS.index)
    _refused(doc, r"players\[0\]\.hand must be the cards the log leaves it.*R-SETUP-10")


def test_revealed_cards_must_be_the_influences_the_log_has_lost_r_inf_3() -> None:
    state = new_game(Config(players=3), seed=3)
    doc = json.loads(to_json(view(state, None)))
    doc["players"][1]["revealed"] = ["duke"]
    doc["players"][1]["hidden"] = 1
    _refused(doc, r"players\[1\]\.revealed must be the influences the log has it lose")


def test_legal_moves_must_be_the_ones_the_rules_give_r_turn_7() -> None:
    state = new_game(Config(players=3), seed=3)
    doc = json.loads(to_json(view(state, 0)))
    doc["legal_moves"].append(doc["legal_moves"][0])
    _refused(doc, r"legal_moves is not what the game shows seat 0")


def test_a_turn_the_log_did_not_start_is_refused_r_setup_11() -> None:
    state = play(new_game(Config(players=3), seed=2), Tax(0), Allow(1), Allow(2))
    doc = json.loads(to_json(view(state, 2)))
    doc["log"] = [e for e in doc["log"] if e["type"] != "turn_started" or e["turn"] != 2]
    doc["log_length"] = len(doc["log"])
    _refused(doc, r"turn must be 1, the turns the log starts")


def test_a_sample_and_its_json_round_trip_fit_the_view() -> None:
    """A sample's log keeps only its viewer's private cards; its JSON decodes by the door that
    takes a redacted log."""
    v = view(_examined(), 2)
    sample = sample_state(v, random.Random(1))
    assert from_json(to_json(sample), GameState, redacted_log=True) == sample
    assert view(sample, 2) == v
