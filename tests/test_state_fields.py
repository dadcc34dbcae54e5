"""A state's fields are described once, by ``state.Core``; every other list of them is derived
from it or held to it here (issue 20). A field swapped in any positional build fails a test."""

from __future__ import annotations

import inspect
import types
import typing

import attrs

from coup_rules import Character, Config, GameState, new_game
from coup_rules import state as state_module
from coup_rules.events import TurnStarted
from coup_rules.log import EMPTY_LOG
from coup_rules.records import ActionChoice
from coup_rules.rules import scratch
from coup_rules.rules.scratch import Scratch
from coup_rules.serde import StatePayload
from coup_rules.state import DERIVED, FIELDS, Core, Seat

DUKE, CAPTAIN, CONTESSA = Character.DUKE, Character.CAPTAIN, Character.CONTESSA


def test_the_public_fields_are_the_cores_less_the_derived_ones() -> None:
    assert tuple(n for n in Core._fields if n not in DERIVED) == FIELDS


def test_the_constructor_takes_the_public_fields_in_order() -> None:
    parameters = list(inspect.signature(GameState.__init__).parameters)[1:]
    assert tuple(parameters) == FIELDS


def test_every_public_field_is_a_documented_read_only_property() -> None:
    for name in FIELDS:
        prop = inspect.getattr_static(GameState, name)
        assert isinstance(prop, property) and prop.fset is None, name
        assert prop.__doc__, name
        assert f"        {name}: " in (GameState.__doc__ or ""), f"{name} not in the docstring"


def test_the_json_payload_holds_the_public_fields_with_the_constructors_types() -> None:
    init = typing.get_type_hints(GameState.__init__)
    payload = typing.get_type_hints(StatePayload)
    assert tuple(f.name for f in attrs.fields(StatePayload)) == FIELDS
    for name in FIELDS:
        assert payload[name] == init[name], name


def test_the_key_holds_every_field_that_decides_the_future() -> None:
    # the log is history; the living seats follow from the players; the turn is in the key
    # only under a turn limit (D4)
    state = new_game(Config(players=3, max_turns=9), seed=1)
    key = state.key
    for name in Core._fields:
        if name in ("log", "living"):
            continue
        assert any(part is getattr(state.core, name) for part in key), name


def _distinct_core() -> Core:
    """A core whose every field holds a value no other field holds."""
    seats = (
        Seat(coins=11, hand=(DUKE,), revealed=(CAPTAIN,), allegiance=None),
        Seat(coins=12, hand=(CONTESSA,), revealed=(), allegiance=None),
    )
    values = {
        "config": Config(players=2),
        "players": seats,
        "living": (0, 1),
        "treasury": 101,
        "reserve": 102,
        "court": (CAPTAIN, CONTESSA),
        "aside": (DUKE,),
        "active": 1,
        "turn": 103,
        "winner": 104,
        "pending": ActionChoice((1,)),
        "log": EMPTY_LOG,
        "seed": 105,
        "draws": 106,
        "shown": CONTESSA,
    }
    assert set(values) == set(Core._fields)
    return Core(**values)  # type: ignore[arg-type]


def test_the_scratch_table_reads_every_core_field_under_its_own_name() -> None:
    core = _distinct_core()
    table = Scratch(core)
    for name in Core._fields:
        expected = getattr(core, name)
        got = getattr(table, name)
        assert (tuple(got) if name == "players" else got) == expected, name


def test_the_scratch_table_writes_every_core_field_back_in_place() -> None:
    core = _distinct_core()
    assert Scratch(core).freeze() == core


def test_the_scratch_tables_slots_are_the_cores_fields_and_its_own() -> None:
    # its attributes: slots when interpreted, a native class's getset descriptors compiled
    kinds = (types.MemberDescriptorType, types.GetSetDescriptorType)
    slots = {k for k, v in vars(Scratch).items() if isinstance(v, kinds) and k[:2] != "__"}
    assert slots == {*Core._fields, "events", "hasher"}


def test_the_seat_primitives_keep_every_other_seat_field_in_place() -> None:
    core = _distinct_core()
    table = Scratch(core)
    table.set_coins(0, 5)
    assert table.players[0] == core.players[0]._replace(coins=5)
    table.set_hand(0, (CONTESSA,))
    assert table.players[0] == core.players[0]._replace(coins=5, hand=(CONTESSA,))
    table.players[1] = table.players[1]._replace(hand=(DUKE, CONTESSA))
    table.reveal(1, DUKE)
    assert table.players[1] == core.players[1]._replace(hand=(CONTESSA,), revealed=(DUKE,))


def test_the_compiled_paths_wrap_a_core_as_the_state_does() -> None:
    core = new_game(Config(players=3), seed=2).core
    mine, theirs = scratch.wrap(core), state_module.wrap(core)
    assert mine == theirs and mine.core is core
    for name in ("_players", "_pending", "_legal"):
        assert getattr(mine, name) == getattr(theirs, name)


def test_the_compiled_paths_append_to_the_log_as_the_log_does() -> None:
    log = new_game(Config(players=3), seed=2).log
    chunk = ((TurnStarted, 1, 2),)
    mine, theirs = scratch.append_to_log(log, chunk), log.append_compact(chunk)
    assert mine == theirs and len(mine) == len(theirs) and hash(mine) == hash(theirs)
    assert list(mine) == list(theirs)
    assert scratch.append_to_log(log, ()) is log is log.append_compact(())
