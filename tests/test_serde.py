"""JSON encoding and strict decoding (API "Serialization"; invariants R-SETUP-4, R-SETUP-10)."""

from __future__ import annotations

import json
import random
import re
import sys
import typing
from typing import Any

import attrs
import pytest

from coup_rules import (
    SCHEMA_VERSION,
    ActionDeclared,
    Allegiance,
    Allow,
    Block,
    Challenge,
    ChooseAllegiance,
    CoinsMoved,
    Config,
    Coup,
    DecodeError,
    Event,
    Examine,
    Exchange,
    ForeignAid,
    GameState,
    Income,
    Keep,
    LoseInfluence,
    Move,
    PlayerView,
    Pool,
    Prove,
    Show,
    Steal,
    from_json,
    legal_moves,
    new_game,
    sample_state,
    to_json,
    validate_state,
    view,
)
from coup_rules.serde import MAX_DEPTH, tag_of
from tests.helpers import AMBASSADOR, ASSASSIN, CAPTAIN, CONTESSA, DUKE, INQUISITOR, play

INQ3 = Config(players=3, inquisitor=True)
ORDER = ["duke", "assassin", "captain", "ambassador", "contessa", "inquisitor"]


def game() -> GameState:
    state = new_game(
        INQ3, seed=3, hands=[(INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)]
    )
    return play(state, Examine(0, 1), Allow(1), Allow(2))


def state_data(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(state))
    return data


def decode_error(text: str, cls: Any) -> str:
    with pytest.raises(DecodeError) as info:
        from_json(text, cls)
    return str(info.value)


# --- the format ---------------------------------------------------------------------------


def test_move_is_tagged_in_snake_case() -> None:
    """Moves are objects tagged by "type" in snake case."""
    assert json.loads(to_json(Steal(0, 2))) == {"type": "steal", "player": 0, "target": 2}
    assert json.loads(to_json(ForeignAid(1))) == {"type": "foreign_aid", "player": 1}
    assert json.loads(to_json(LoseInfluence(1, DUKE)))["type"] == "lose_influence"


def test_every_tag_is_distinct() -> None:
    """No two move or event classes share a tag."""
    classes = typing.get_args(Move) + typing.get_args(Event)
    assert len({tag_of(c) for c in classes}) == len(classes)


def test_enums_are_lower_case_names() -> None:
    """Characters and allegiances are written as lower-case names."""
    assert json.loads(to_json(Block(1, CONTESSA)))["character"] == "contessa"
    data = json.loads(to_json(ChooseAllegiance(0, Allegiance.REFORMIST)))
    assert data["allegiance"] == "reformist"


def test_decisions_and_stages_are_their_values() -> None:
    """Decision and Stage are written as their lower-case values."""
    state = new_game(
        INQ3, seed=3, hands=[(INQUISITOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)]
    )
    state = play(state, Examine(0, 1), Challenge(2), Prove(0))
    pending = state_data(state)["pending"]
    assert (pending["kind"], pending["resume"]) == ("lose_influence", "counter")


def test_pools_and_seats_in_coins_moved() -> None:
    """CoinsMoved.source and dest are a seat number or "treasury"/"reserve"."""
    data = json.loads(to_json(CoinsMoved(2, Pool.TREASURY, 3)))
    assert data == {"type": "coins_moved", "amount": 2, "source": "treasury", "dest": 3}
    assert from_json(to_json(CoinsMoved(1, 0, Pool.RESERVE)), Event) == CoinsMoved(
        1, 0, Pool.RESERVE
    )


def test_nested_action_is_tagged() -> None:
    """An action inside an event or a pending decision keeps its tag."""
    data = json.loads(to_json(ActionDeclared(Steal(0, 1))))
    steal = {"type": "steal", "player": 0, "target": 1}
    assert data == {"type": "action_declared", "action": steal}


def test_state_carries_schema_version_and_secrets() -> None:
    """A GameState payload holds schema_version, the seed, the draw counter and the log."""
    data = state_data(game())
    assert data["schema_version"] == SCHEMA_VERSION
    assert data["seed"] == 3
    assert isinstance(data["draws"], int)
    dealt = {"type": "dealt", "player": 0, "count": 2, "cards": ["duke", "inquisitor"]}
    assert data["log"][0] == dealt
    assert "alive" not in data["players"][0]


def test_view_carries_schema_version() -> None:
    """A PlayerView payload holds schema_version."""
    assert json.loads(to_json(view(game(), 1)))["schema_version"] == SCHEMA_VERSION


# --- round trips ----------------------------------------------------------------------------


def test_round_trip_state() -> None:
    """from_json(to_json(state), GameState) == state, the log and shown card included."""
    state = play(game(), Show(1, CONTESSA))
    assert state.shown is not None
    assert from_json(to_json(state), GameState) == state


def test_round_trip_view_and_config() -> None:
    """Views and configs decode to equal objects."""
    v = view(game(), 1)
    assert from_json(to_json(v), PlayerView) == v
    config = Config(players=2, two_player_setup=False, copies=4, coins=60, first_player=1)
    assert from_json(to_json(config), Config) == config


def test_move_union_and_concrete_class() -> None:
    """cls=Move decodes any move by its tag; a concrete class checks the tag."""
    text = '{"type": "keep", "player": 2, "cards": ["duke", "assassin"]}'
    assert from_json(text, Move) == Keep(2, (ASSASSIN, DUKE))
    assert from_json(text, Keep) == Keep(2, (DUKE, ASSASSIN))
    assert "type" in decode_error(text, Steal)


# --- decode errors --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"type": "steal", "player": 0, "target": 2', "malformed JSON"),
        ('{"type": "steal", "player": true, "target": 2}', "$.player"),
        ('{"type": "steal", "player": "0", "target": 2}', "$.player"),
        ('{"type": "steal", "player": 0.0, "target": 2}', "$.player"),
        ('{"type": "steal", "player": 0, "target": 10}', "$.target"),
        ('{"type": "steal", "player": -1, "target": 2}', "$.player"),
        ('{"type": "steal", "player": 0}', "$.target"),
        ('{"type": "steal", "player": 0, "target": 2, "x": 1}', "unknown fields (x)"),
        ('{"type": "stael", "player": 0}', '"type"'),
        ('{"player": 0}', '"type"'),
        ('{"type": "block", "player": 0, "character": "DUKE"}', "$.character"),
        ('{"type": "keep", "player": 0, "cards": "duke"}', "$.cards"),
        ('{"type": "keep", "player": 0, "cards": ["duke", 1]}', "$.cards[1]"),
        ("[]", "expected an object"),
        ("null", "expected an object"),
    ],
)
def test_bad_move_names_the_field(text: str, where: str) -> None:
    """Malformed JSON, wrong types, bools as ints, bad seats and unknown tags are DecodeErrors."""
    assert where in decode_error(text, Move)


def test_decode_error_is_a_value_error_with_lines() -> None:
    """DecodeError is a ValueError and lists one line per problem, each with its path."""
    with pytest.raises(ValueError) as info:
        from_json('{"type": "coup", "player": 11, "target": false}', Move)
    assert isinstance(info.value, DecodeError)
    assert [line.rsplit("@ ", 1)[1] for line in info.value.errors] == ["$.player", "$.target"]


def test_event_union_rejects_a_move_tag() -> None:
    """cls=Event accepts only event tags."""
    assert '"type"' in decode_error(to_json(Challenge(0)), Event)


def test_pool_must_be_known() -> None:
    """A pool is "treasury" or "reserve"."""
    text = '{"type": "coins_moved", "amount": 1, "source": "bank", "dest": 0}'
    assert "$.source" in decode_error(text, Event)


def test_config_validation_message_kept() -> None:
    """A Config that its constructor rejects reports the constructor's message."""
    assert "Config.players" in decode_error('{"players": 11}', Config)


def test_wrong_schema_version_rejected() -> None:
    """A GameState payload of another schema_version (such as version 1, before the typed
    decisions) is rejected, naming the field and the version this library reads."""
    data = state_data(game())
    data["schema_version"] = 1
    message = decode_error(json.dumps(data), GameState)
    assert "schema_version" in message and f"version {SCHEMA_VERSION} only" in message
    del data["schema_version"]
    assert "schema_version" in decode_error(json.dumps(data), GameState)


def test_unsupported_class_is_a_type_error() -> None:
    """from_json and to_json refuse classes they do not handle."""
    with pytest.raises(TypeError):
        from_json("{}", dict)
    with pytest.raises(TypeError):
        to_json({"a": 1})


def test_non_text_input_rejected() -> None:
    """Only text (str or bytes) is decoded."""
    with pytest.raises(DecodeError):
        from_json(123, Move)  # type: ignore[call-overload]


# --- invariants of a decoded state -----------------------------------------------------------


def _broken(edit: Any) -> str:
    data = state_data(game())
    edit(data)
    return decode_error(json.dumps(data), GameState)


def test_coins_must_add_up_r_setup_4() -> None:
    """R-SETUP-4: coins add up to the bank."""
    assert "coins add up" in _broken(lambda d: d.update(treasury=d["treasury"] + 1))


def test_cards_must_add_up_r_setup_10() -> None:
    """R-SETUP-10: hands, revealed cards, Court and set-aside cards make up the deck."""

    def edit(d: dict[str, Any]) -> None:
        d["court"][0] = "duke" if d["court"][0] != "duke" else "captain"
        d["court"].sort(key=ORDER.index)

    assert "deck" in _broken(edit)


def test_hand_size_r_inf_4() -> None:
    """R-INF-4: a player holds two influences, hidden or revealed."""

    def edit(d: dict[str, Any]) -> None:
        card = d["players"][1]["hand"].pop()
        d["court"].append(card)
        d["court"].sort(key=ORDER.index)

    assert "players[1].hand" in _broken(edit)


def test_sorted_hand() -> None:
    """Hands are stored sorted."""
    assert "sorted" in _broken(lambda d: d["players"][0]["hand"].reverse())


def test_eliminated_player_holds_no_coins_r_inf_4() -> None:
    """R-INF-4: an eliminated player's coins went back to the Treasury."""
    state = new_game(INQ3, seed=1, hands=[(DUKE, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)])
    players = list(state.players)
    players[2] = attrs.evolve(players[2], hand=(), revealed=(ASSASSIN, DUKE), coins=2)
    broken = state.replace(players=tuple(players))
    with pytest.raises(ValueError, match="eliminated"):
        validate_state(broken)
    with pytest.raises(DecodeError, match="eliminated"):
        from_json(to_json(broken), GameState)


def test_pending_names_living_seats() -> None:
    """The seats a pending decision waits on exist and are alive."""

    def edit(d: dict[str, Any]) -> None:
        d["pending"]["waiting"] = [1, 5]

    assert "pending.waiting" in _broken(edit)


def test_to_act_empty_exactly_when_over_r_info_4() -> None:
    """A game that goes on has a pending decision; an over one has none and a winner."""
    assert "pending" in _broken(lambda d: d.update(pending=None))
    assert "winner" in _broken(lambda d: d.update(winner=1))


def test_seed_and_draws_in_range() -> None:
    """The seed is below 2**256 and the draw counter is not negative."""
    assert "seed" in _broken(lambda d: d.update(seed=2**256))
    assert "draws" in _broken(lambda d: d.update(draws=-1))


def test_validate_accepts_new_games() -> None:
    """Every fresh game passes validate_state."""
    for config in (Config(players=2), Config(players=6, reformation=True), INQ3):
        state = new_game(config, seed=4)
        validate_state(state)  # raises ValueError on a state it rejects
        assert from_json(to_json(state), GameState) == state


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "income", "player": 0, "player": 1}',
        '{"type": "income", "player": NaN}',
        "[" * 10_000 + "]" * 10_000,
        '{"type": "income", "player": ' + "9" * 5000 + "}",
    ],
)
def test_strict_json(text: str) -> None:
    """Repeated names, NaN, absurd nesting and huge numbers are malformed input."""
    assert "malformed JSON" in decode_error(text, Move)


def test_nesting_up_to_the_limit_is_read_and_deeper_is_malformed() -> None:
    """The depth guard is the decoder's own: ``MAX_DEPTH`` levels reach the decoding of a move
    (and fail there, as a move is no array), one more is refused as malformed JSON."""
    assert "malformed JSON" not in decode_error("[" * MAX_DEPTH + "]" * MAX_DEPTH, Move)
    deeper = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    assert f"nested {MAX_DEPTH + 1} deep" in decode_error(deeper, Move)


def test_brackets_in_strings_do_not_nest() -> None:
    """A string full of brackets is text: the move is refused for its field, not its nesting."""
    text = json.dumps({"type": "income", "player": "[" * (2 * MAX_DEPTH)})
    assert "malformed JSON" not in decode_error(text, Move)


def test_absurd_nesting_is_refused_whatever_the_recursion_limit() -> None:
    """A tool that raises the interpreter's recursion limit (mypy does) changes nothing: the
    nesting is refused before it is parsed, as malformed JSON."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1_000_000)
    try:
        for text in ("[" * 10_000 + "]" * 10_000, '{"a": ' * 10_000 + "1" + "}" * 10_000):
            assert "malformed JSON" in decode_error(text, Move)
            assert "malformed JSON" in decode_error(text.encode(), GameState)
    finally:
        sys.setrecursionlimit(limit)


# --- a state's log is whole; a view's keeps what it hides --------------------------------------


def _exchanged() -> GameState:
    """A 3-player game after an Exchange: its log holds a ``cards_returned`` event."""
    state = play(new_game(Config(players=3), seed=5), Exchange(0), Allow(1), Allow(2))
    return play(state, legal_moves(state, 0)[0])


@pytest.mark.parametrize("tag", ["cards_returned", "dealt", "cards_drawn"])
def test_a_state_whose_log_is_redacted_is_refused_r_info_2(tag: str) -> None:
    """A view hides another seat's cards as ``null``; a game's state names them all, so a state
    payload with such an event is refused, naming the event (R-INFO-2)."""
    data = state_data(_exchanged())
    where = next(i for i, event in enumerate(data["log"]) if event["type"] == tag)
    data["log"][where]["cards"] = None
    message = decode_error(json.dumps(data), GameState)
    assert f"its log is a view's, not a game's: its \"{tag}\" event hides the cards" in message
    assert "redacted_log=True" in message
    assert message.endswith(f"@ $.log[{where}]")


def test_a_state_holding_a_views_log_is_refused_r_info_2() -> None:
    """The whole log of another seat's view put into the game's state is refused at its first
    hidden event."""
    state = _exchanged()
    data = state_data(state)
    data["log"] = json.loads(to_json(view(state, 1).log))
    assert "its log is a view's, not a game's" in decode_error(json.dumps(data), GameState)


def test_a_sample_decodes_by_the_door_that_takes_a_redacted_log() -> None:
    """A sample of ``sample_state`` carries its viewer's log: refused by default, it decodes with
    ``redacted_log=True``, equal to the sample."""
    sample = sample_state(view(_exchanged(), 1), random.Random(3))
    assert "its log is a view's" in decode_error(to_json(sample), GameState)
    assert from_json(to_json(sample), GameState, redacted_log=True) == sample


def test_the_door_that_takes_a_redacted_log_reaches_into_arrays() -> None:
    """``redacted_log`` holds for states in a JSON array as for one state."""
    sample = sample_state(view(_exchanged(), 2), random.Random(4))
    text = to_json([sample, _exchanged()])
    assert "@ $[0].log[" in decode_error(text, list[GameState])
    assert from_json(text, list[GameState], redacted_log=True) == [sample, _exchanged()]


def test_a_view_of_the_same_game_keeps_its_redacted_log() -> None:
    """Another seat's view of the game, whose log hides seat 0's returned cards (R-INFO-2),
    decodes as a ``PlayerView`` with those cards still hidden."""
    seen = view(_exchanged(), 1)
    assert any(event.cards is None for event in seen.log if type(event).__name__ == "CardsReturned")
    assert from_json(to_json(seen), PlayerView) == seen


# --- the pending decision must fit its kind (a decoded state must be playable) -----------------


def _rejected(state: GameState, edit: Any, where: str) -> None:
    data = state_data(state)
    edit(data)
    assert where in decode_error(json.dumps(data), GameState)


def _set_pending(**fields: Any) -> Any:
    return lambda d: d["pending"].update(fields)


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (_set_pending(kind="counter"), "pending.claim"),
        (_set_pending(action=None), "pending.action"),
        (_set_pending(action={"type": "exchange", "player": 0}), "pending.action"),
        (_set_pending(waiting=[2]), "pending.waiting"),
        (_set_pending(challenger=2), "unknown fields (challenger) @ $.pending"),
        (_set_pending(resume="end"), "unknown fields (resume) @ $.pending"),
        (
            _set_pending(kind="answer_action_challenge", challenger=1, claim="inquisitor"),
            "pending.waiting",
        ),
        (
            _set_pending(block={"type": "block", "player": 1, "character": "contessa"}),
            "unknown fields (block) @ $.pending",
        ),
        (lambda d: d.update(active=1), "pending.action.player"),
    ],
)
def test_pending_must_fit_its_kind_r_inq_4(edit: Any, where: str) -> None:
    """R-INQ-4, R-WIN-3, R-CHAL-1: a pending decision whose fields do not fit its kind (which
    the engine cannot reach, and on which legal_moves or apply would fail) is invalid input:
    a field its kind does not have, a missing one, or seats that kind would not ask."""
    _rejected(game(), edit, where)


def test_examined_card_must_be_in_the_targets_hand_r_inq_5() -> None:
    """R-INQ-5, R-INQ-6: the shown card is one of the target's hidden cards (else ForceExchange
    would return a card nobody holds)."""
    state = play(game(), Show(1, CONTESSA))
    _rejected(state, lambda d: d.update(shown="assassin"), "pending.waiting")


def test_lose_influence_asks_a_seat_with_two_hidden_cards_r_inf_1() -> None:
    """R-INF-1, R-INFO-4: LoseInfluence is asked of one seat holding two hidden cards."""
    edit = _set_pending(kind="lose_influence", resume="end", waiting=[1, 2], claim="inquisitor")

    def lose(d: dict[str, Any]) -> None:
        edit(d)
        d["pending"]["block"] = None

    _rejected(game(), lose, "pending.waiting")


def test_draft_waits_on_the_seats_holding_one_card_r_setup_8() -> None:
    """R-SETUP-8: the draft asks exactly the seats holding one card, whose sets are still
    set aside; nobody has revealed a card yet."""
    state = new_game(Config(players=2), seed=9)
    _rejected(state, _set_pending(waiting=[0]), "pending.waiting")

    def no_sets(d: dict[str, Any]) -> None:
        d["court"] = sorted(d["court"] + d["aside"][:2], key=ORDER.index)
        d["aside"] = d["aside"][2:]

    _rejected(state, no_sets, "aside")


def test_reformation_allegiances_set_after_the_choice_r_ref_1() -> None:
    """R-REF-1: in Reformation, every seat has an allegiance once the first player has chosen
    (a seat without one could not be converted), and none before."""
    config = Config(players=3, reformation=True)
    state = new_game(config, seed=2)
    validate_state(state)
    chosen = play(state, ChooseAllegiance(0, Allegiance.LOYALIST))
    _rejected(chosen, lambda d: d["players"][2].update(allegiance=None), "players[2].allegiance")
    _rejected(state, lambda d: d["players"][1].update(allegiance="loyalist"), "allegiance")


def test_coup_loss_names_the_coup_r_inf_1() -> None:
    """R-INF-1: while the target of a Coup chooses a card to lose, the pending decision names the
    Coup; the state decodes, and one that names no action is rejected."""
    state = new_game(INQ3, seed=3, hands=[(DUKE, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)])
    state = play(state, *[Income(s % 3) for s in range(15)], Coup(0, 1))
    assert state.pending is not None and state.pending.action == Coup(0, 1)
    assert from_json(to_json(state), GameState) == state
    _rejected(state, lambda d: d["pending"].pop("action"), "pending.action")


def test_pending_claim_must_be_the_actions_r_act_11() -> None:
    """R-ACT-11: the pending decision names the character its action claims; a decoded state
    whose claim disagrees with the action is rejected."""
    state = play(new_game(Config(players=3, inquisitor=True), seed=2), Exchange(0))
    assert state.pending is not None and state.pending.claim is INQUISITOR
    wrong = state.replace(pending=attrs.evolve(state.pending, claim=AMBASSADOR))
    with pytest.raises(DecodeError, match=r"pending\.claim"):
        from_json(to_json(wrong), GameState)


# --- lists and tuples -----------------------------------------------------------------------------


def test_a_tuple_of_legal_moves_is_a_json_array() -> None:
    """API: ``to_json(legal_moves(...))`` gives an array of tagged moves that reads back with
    ``list[Move]`` or ``tuple[Move, ...]``."""
    state = new_game(Config(players=3), seed=1)
    moves = legal_moves(state, 0)
    text = to_json(moves)
    assert json.loads(text)[0] == {"type": "income", "player": 0}
    assert from_json(text, tuple[Move, ...]) == moves
    assert from_json(text, list[Move]) == list(moves)


def test_a_list_of_events_is_a_json_array() -> None:
    """API: a log, or any list of events, round-trips through ``list[Event]``."""
    state = play(new_game(Config(players=3), seed=1), Steal(0, 1))
    events = list(view(state, 1).log)
    assert from_json(to_json(events), list[Event]) == events
    assert from_json(to_json(state.log), tuple[Event, ...]) == tuple(state.log)


def test_a_list_with_something_else_in_it_is_refused() -> None:
    """API: ``to_json`` names the first item it cannot encode."""
    with pytest.raises(TypeError, match="item 1 of a list"):
        to_json([Income(0), object()])


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("{}", "expected an array, not an object @ $"),
        ("[1]", "@ $[0]"),
        ('[{"type": "dance"}]', "@ $[0]"),
    ],
)
def test_a_bad_array_names_the_item(text: str, where: str) -> None:
    """API: decoding an array of moves names the offending item by its path."""
    with pytest.raises(DecodeError, match=re.escape(where)):
        from_json(text, list[Move])


def test_decoded_states_in_a_list_are_validated_r_setup_4() -> None:
    """R-SETUP-4: every state of a decoded list is checked like a single one."""
    state = new_game(Config(players=3), seed=1)
    data = json.loads(to_json([state, state]))
    data[1]["treasury"] += 1
    with pytest.raises(DecodeError, match=re.escape("@ $[1]")):
        from_json(json.dumps(data), list[GameState])


def test_lists_of_other_things_are_not_decoded() -> None:
    """API: ``from_json`` decodes arrays only of the values it knows."""
    with pytest.raises(TypeError, match="cannot decode"):
        from_json("[]", list[int])
