"""The conformance kit (coup_rules.conformance): up to date, valid against its JSON Schema,
covering every rule id of the spec, shipped apart from ``import coup_rules``, and recorded as
docs/reference/randomness.md and the spec say (R-SETUP-7, R-SETUP-8, R-CHAL-3, R-TURN-4)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from coup_rules import Allegiance, Character, Config, from_json, new_game
from coup_rules.conformance import CaseDef, export, kit_files, load_kit, load_manifest
from coup_rules.conformance.generate import KIT_DIR, build_kit, render
from coup_rules.conformance.record import CaseError, record_case, setup_of
from coup_rules.conformance.schema import FILE_NAME, kit_schema, schema_text
from tests.test_traceability import hook

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_PERFT = ROOT / "tests" / "golden" / "perft.json"
SCHEMA_FILE = ROOT / "schema" / FILE_NAME

DUKE = Character.DUKE
ASSASSIN = Character.ASSASSIN
CAPTAIN = Character.CAPTAIN
AMBASSADOR = Character.AMBASSADOR
CONTESSA = Character.CONTESSA


@cache
def generated() -> dict[str, str]:
    """Every kit file's text, generated afresh in memory."""
    golden = json.loads(GOLDEN_PERFT.read_text(encoding="utf-8"))
    return {path: render(data) for path, data in build_kit(golden).items()}


# --- a validator for the JSON Schema keywords conformance.schema.json uses ---------------------

Check = Callable[[Any, Any, dict[str, Any], dict[str, Any]], None]
TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: type(v) is int,
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}
ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}


class Invalid(Exception):
    """The instance does not match the schema."""


def valid(instance: Any, schema: dict[str, Any], root: dict[str, Any]) -> None:
    unknown = set(schema) - ANNOTATIONS - set(KEYWORDS)
    assert not unknown, f"the schema uses keywords this validator does not know: {unknown}"
    for key, value in schema.items():
        if key in KEYWORDS:
            KEYWORDS[key](instance, value, schema, root)


def _matches(instance: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    try:
        valid(instance, schema, root)
    except Invalid:
        return False
    return True


SEEN: set[tuple[str, str]] = set()
"""Small objects already found valid against a definition: the kit repeats its moves and
events thousands of times (every view holds the whole log), so each is checked once."""


def _ref(instance: Any, ref: str, _: Any, root: dict[str, Any]) -> None:
    key = (ref, json.dumps(instance, sort_keys=True)) if isinstance(instance, dict) else None
    if key is not None and len(key[1]) < 500 and key in SEEN:
        return
    valid(instance, root["$defs"][ref.removeprefix("#/$defs/")], root)
    if key is not None and len(key[1]) < 500:
        SEEN.add(key)


def _type(instance: Any, name: str, _: Any, __: Any) -> None:
    if not TYPES[name](instance):
        raise Invalid(f"{instance!r} is not of type {name}")


def _const(instance: Any, value: Any, _: Any, __: Any) -> None:
    if type(instance) is not type(value) or instance != value:
        raise Invalid(f"{instance!r} is not {value!r}")


def _enum(instance: Any, values: list[Any], _: Any, __: Any) -> None:
    if not any(type(instance) is type(v) and instance == v for v in values):
        raise Invalid(f"{instance!r} is not one of {values}")


def _properties(instance: Any, props: dict[str, Any], _: Any, root: dict[str, Any]) -> None:
    if isinstance(instance, dict):
        for key, sub in props.items():
            if key in instance:
                valid(instance[key], sub, root)


def _required(instance: Any, names: list[str], _: Any, __: Any) -> None:
    if isinstance(instance, dict) and any(n not in instance for n in names):
        raise Invalid(f"missing {[n for n in names if n not in instance]}")


def _additional(instance: Any, rule: Any, schema: dict[str, Any], root: dict[str, Any]) -> None:
    if isinstance(instance, dict):
        extra = [k for k in instance if k not in schema.get("properties", {})]
        if rule is False and extra:
            raise Invalid(f"unknown properties {extra}")
        if isinstance(rule, dict):
            for key in extra:
                valid(instance[key], rule, root)


def _items(instance: Any, sub: dict[str, Any], _: Any, root: dict[str, Any]) -> None:
    if isinstance(instance, list):
        for item in instance:
            valid(item, sub, root)


def _one_of(instance: Any, subs: list[dict[str, Any]], _: Any, root: dict[str, Any]) -> None:
    if sum(_matches(instance, s, root) for s in subs) != 1:
        raise Invalid(f"{instance!r} does not match exactly one alternative")


def _any_of(instance: Any, subs: list[dict[str, Any]], _: Any, root: dict[str, Any]) -> None:
    if not any(_matches(instance, s, root) for s in subs):
        raise Invalid(f"{instance!r} matches no alternative")


def _minimum(instance: Any, low: int, _: Any, __: Any) -> None:
    if type(instance) is int and instance < low:
        raise Invalid(f"{instance} < {low}")


def _maximum(instance: Any, high: int, _: Any, __: Any) -> None:
    if type(instance) is int and instance > high:
        raise Invalid(f"{instance} > {high}")


KEYWORDS: dict[str, Check] = {
    "$ref": _ref,
    "type": _type,
    "const": _const,
    "enum": _enum,
    "properties": _properties,
    "required": _required,
    "additionalProperties": _additional,
    "items": _items,
    "oneOf": _one_of,
    "anyOf": _any_of,
    "minimum": _minimum,
    "maximum": _maximum,
}


# --- the kit as committed --------------------------------------------------------------------


def test_the_committed_kit_is_the_one_the_engine_generates() -> None:
    fresh = generated()
    on_disk = {p.relative_to(KIT_DIR).as_posix() for p in KIT_DIR.rglob("*.json")}
    assert sorted(on_disk) == sorted(fresh), "run python scripts/generate_conformance.py"
    stale = [p for p, text in fresh.items() if (KIT_DIR / p).read_text(encoding="utf-8") != text]
    assert not stale, f"stale kit files {stale}: run python scripts/generate_conformance.py"


def test_the_committed_schema_is_the_generated_one() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text()


def test_every_kit_file_matches_the_schema() -> None:
    schema = kit_schema()
    for relative, text in generated().items():
        try:
            valid(json.loads(text), schema, schema)
        except Invalid as exc:
            pytest.fail(f"kit/{relative} does not match {FILE_NAME}: {str(exc)[:300]}")


def test_the_schema_refuses_a_step_without_its_chance() -> None:
    schema = kit_schema()
    case = json.loads(generated()["playthroughs/3p.json"])["cases"][0]
    del case["steps"][0]["chance"]
    with pytest.raises(Invalid):
        valid({"kit_version": 1, "cases": [case]}, schema, schema)


def test_the_manifest_lists_every_kit_file() -> None:
    assert sorted(kit_files()) == sorted(generated())
    assert load_manifest()["kit_version"] == 1


def test_every_spec_rule_is_exercised_by_a_case() -> None:
    rules = {r.rule for r in hook.spec_rules()}
    missing = sorted(rules - set(load_manifest()["rules"]))
    assert not missing, f"rule ids no conformance case names: {', '.join(missing)}"


def test_cases_name_only_rule_ids_the_spec_defines() -> None:
    rules = {r.rule for r in hook.spec_rules()}
    unknown = sorted(set(load_manifest()["rules"]) - rules)
    assert not unknown, f"conformance cases name rule ids the spec lacks: {unknown}"


def test_every_step_lists_every_seats_legal_moves() -> None:
    kit = load_kit()
    for case in (*kit.cases, *kit.playthroughs):
        seats = {str(s) for s in range(case["config"]["players"])}
        for step in (*case["steps"], case["result"]):
            assert set(step["legal"]) == seats, case["id"]
            acting = {s for s, moves in step["legal"].items() if moves}
            assert acting == {str(s) for s in step["to_act"]}, case["id"]


def test_import_coup_rules_leaves_the_kit_unloaded() -> None:
    code = "import sys, coup_rules; print('coup_rules.conformance' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_export_writes_every_kit_file_and_the_schema(tmp_path: Path) -> None:
    written = export(tmp_path / "kit")
    names = {p.relative_to(tmp_path / "kit").as_posix() for p in written}
    assert names == {*generated(), FILE_NAME}
    assert (tmp_path / "kit" / "perft.json").read_text(encoding="utf-8") == generated()[
        "perft.json"
    ]


def _deal_again(config: dict[str, Any], setup: dict[str, Any]) -> dict[str, Any]:
    """``setup`` as new_game deals it from the seed and what it states as fixed."""
    fixed = setup["fixed"]
    state = new_game(
        from_json(json.dumps(config), Config),
        seed=setup["seed"],
        hands=[_cards(h) for h in setup["hands"]] if "hands" in fixed else None,
        court=_cards(setup["court"]) if "court" in fixed else None,
        coins=setup["coins"],
        allegiances=None
        if setup["allegiances"] is None
        else [Allegiance(a) for a in setup["allegiances"]],
    )
    return setup_of(state, hands="hands" in fixed, court="court" in fixed)


def _cards(names: list[str]) -> list[Character]:
    return [Character(n) for n in names]


def test_every_setup_is_dealt_again_from_its_seed_and_what_it_fixes() -> None:
    """docs/reference/randomness.md: the seed and the fixed cards give the same deal."""
    kit = load_kit()
    deals = [(c["config"], c["setup"]) for c in (*kit.cases, *kit.playthroughs)]
    deals += [(d["config"], d["setup"]) for d in kit.perft["deals"]]
    for config, setup in deals:
        assert _deal_again(config, setup) == setup


# --- how a case is recorded ------------------------------------------------------------------

THREE = Config(players=3)
HANDS = ((CAPTAIN, DUKE), (AMBASSADOR, CONTESSA), (DUKE, DUKE))


def test_a_move_the_engine_refuses_stops_generation_naming_case_and_step() -> None:
    case = CaseDef("bad-move", "t", ("R-TURN-4",), THREE, ("p0 income", "p0 income"), HANDS)
    with pytest.raises(CaseError, match=r"'bad-move', step 1: 'p0 income' is refused"):
        record_case(case)


def test_a_move_that_must_be_refused_but_is_accepted_stops_generation() -> None:
    case = CaseDef(
        "bad-refusal", "t", ("R-TURN-4",), THREE, ("p0 income",), HANDS, refused={0: ("p0 tax",)}
    )
    with pytest.raises(CaseError, match=r"'bad-refusal', step 0: 'p0 tax' must be refused"):
        record_case(case)


def test_a_refused_move_is_recorded_with_the_rule_refusing_it() -> None:
    """R-TURN-4: only the seat asked may move."""
    case = CaseDef(
        "wrong-seat", "t", ("R-TURN-4",), THREE, ("p0 income",), HANDS, refused={0: ("p1 income",)}
    )
    step = record_case(case)["steps"][0]
    assert step["refused"] == [
        {"move": {"type": "income", "player": 1}, "notation": "p1 income", "rule": "R-TURN-4"}
    ]


def test_chance_names_the_replacement_drawn_after_a_prove() -> None:
    """R-CHAL-3: the shown card goes into the Court and a replacement is drawn."""
    moves = ("p0 tax", "p1 challenge", "p0 prove", "p1 lose ambassador")
    case = CaseDef("prove", "t", ("R-CHAL-3",), THREE, moves, ((DUKE, CAPTAIN), *HANDS[1:]))
    recorded = record_case(case)
    prove = recorded["steps"][2]
    assert [len(s["chance"]) for s in recorded["steps"]] == [0, 0, 1, 0]
    hand = recorded["result"]["views"]["0"]["players"][0]["hand"]
    assert sorted(hand) == sorted(["captain", *prove["chance"]])


def test_the_two_player_setup_states_each_seats_card_and_draft_offer() -> None:
    """R-SETUP-7, R-SETUP-8: one card of the third set each, then a draft from one's own set."""
    case = CaseDef("draft", "t", ("R-SETUP-8",), Config(players=2), ())
    setup = record_case(case)["setup"]
    assert [len(hand) for hand in setup["hands"]] == [1, 1]
    assert setup["draft"] == [[c.value for c in Config(players=2).characters]] * 2
    assert len(setup["court"]) == 3 and len(setup["aside"]) == 10


def test_views_are_recorded_where_asked_and_at_the_end() -> None:
    moves = ("p0 income", "p1 income")
    case = CaseDef("views", "t", ("R-INFO-1",), THREE, moves, HANDS, views=(1,))
    recorded = record_case(case)
    assert ["views" in s for s in recorded["steps"]] == [False, True]
    assert set(recorded["result"]["views"]) == {"0", "1", "2", "spectator"}
    assert recorded["result"]["views"]["spectator"]["seat"] is None
