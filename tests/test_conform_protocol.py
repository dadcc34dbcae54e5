"""``coup-rules engine`` speaks the coup-engine protocol (docs: The engine protocol): every
message fits ``schema/engine-protocol.schema.json``, bad traffic gets the documented error answer
and never a traceback or an exit, and forced chance draws exactly the queued cards."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coup_rules import Character, Config, new_game
from coup_rules.conformance.define import CaseDef
from coup_rules.conformance.engine import EngineServer
from coup_rules.conformance.protocol import (
    COMMANDS,
    ERROR_CODES,
    MAX_SAFE,
    protocol_schema,
    schema_text,
)
from coup_rules.conformance.record import record_case
from coup_rules.schema import move_schema, view_schema
from tests.test_schema import Invalid, check

ROOT = Path(__file__).resolve().parents[1]
DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA = (
    Character.DUKE,
    Character.ASSASSIN,
    Character.CAPTAIN,
    Character.AMBASSADOR,
    Character.CONTESSA,
)

EXCHANGE = CaseDef(
    id="test-exchange",
    title="An exchange, a steal, a challenge proved: draws from the Court.",
    rules=("R-ACT-8",),
    config=Config(players=3),
    hands=((AMBASSADOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE)),
    moves=("p0 exchange", "p1 allow", "p2 allow"),
    refused={0: ("p0 coup p1",)},
    views=(0,),
    seed=7,
)


# --- the schema ---------------------------------------------------------------------------------


def _inlined() -> dict[str, Any]:
    """The protocol's schema with the move and view schemas it names pulled into its $defs, for
    the small validator of tests/test_schema.py (which follows only local references)."""
    root = json.loads(json.dumps(protocol_schema()))
    for name, schema in (("Move", move_schema()), ("PlayerView", view_schema())):
        root["$defs"].update(schema["$defs"])
        root["$defs"][name] = {k: v for k, v in schema.items() if not k.startswith("$")}
    text = json.dumps(root)
    text = text.replace('"move.schema.json"', '"#/$defs/Move"')
    text = text.replace('"view.schema.json"', '"#/$defs/PlayerView"')
    result: dict[str, Any] = json.loads(text)
    return result


SCHEMA = _inlined()


def valid(message: Any, name: str) -> bool:
    try:
        check(message, SCHEMA["$defs"][name], SCHEMA)
    except Invalid:
        return False
    return True


def test_checked_in_schema_is_current() -> None:
    """schema/engine-protocol.schema.json is what ``protocol.py --write`` generates."""
    path = ROOT / "schema" / "engine-protocol.schema.json"
    assert path.read_text(encoding="utf-8") == schema_text()


def test_schema_names_every_command_and_error_code() -> None:
    """One request definition per command; the failure answer lists every error code."""
    defs = SCHEMA["$defs"]
    consts = {
        d["properties"]["cmd"]["const"] for d in defs.values() if "cmd" in d.get("properties", {})
    }
    assert consts == set(COMMANDS)
    assert defs["Failure"]["properties"]["error"]["properties"]["code"]["enum"] == list(ERROR_CODES)


def _traffic(mode: str) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Every request the runner sends for a recorded case, with the engine's answer."""
    case = record_case(EXCHANGE)
    server = EngineServer()
    requests: list[dict[str, Any]] = [
        {"cmd": "hello", "protocol": 1},
        {"cmd": "new_game", "config": case["config"], "setup": case["setup"], "chance": mode},
    ]
    for step in case["steps"]:
        requests += [{"cmd": "to_act"}, *({"cmd": "legal", "seat": s} for s in range(3))]
        requests += [{"cmd": "view", "seat": s} for s in (0, 1, 2, None)]
        requests += [{"cmd": "apply", "move": r["move"]} for r in step.get("refused", ())]
        if mode == "forced" and step["chance"]:
            requests.append({"cmd": "chance", "cards": step["chance"]})
        requests.append({"cmd": "apply", "move": step["move"]})
    requests += [{"cmd": "nope"}, {"cmd": "legal", "seat": 9}, {"cmd": "quit"}]
    for ident, request in enumerate(requests, 1):
        message = {"id": ident, **request}
        yield message, server.handle(json.dumps(message))


@pytest.mark.parametrize("mode", ["seed", "forced"])
def test_real_traffic_fits_the_schema(mode: str) -> None:
    """Every request of a real conversation and every answer fit the schema."""
    answers = []
    for request, answer in _traffic(mode):
        assert valid(request, "Request") is (request["cmd"] != "nope"), request
        assert valid(answer, "Answer"), answer
        answers.append(answer)
    assert [a["ok"] for a in answers[-3:]] == [False, False, True]
    assert any(a.get("accepted") is False for a in answers)  # the refused Coup


def test_schema_refuses_a_request_without_its_fields() -> None:
    """The schema is not vacuous: a legal request without a seat fits no request."""
    assert not valid({"id": 1, "cmd": "legal"}, "Request")
    assert not valid({"id": 1, "ok": True, "accepted": False}, "Answer")


# --- bad traffic, through the real command -------------------------------------------------------


def _converse(
    lines: list[bytes],
) -> tuple[list[dict[str, Any]], subprocess.CompletedProcess[bytes]]:
    done = subprocess.run(
        [sys.executable, "-m", "coup_rules", "engine"],
        input=b"".join(lines),
        capture_output=True,
        timeout=60,
        check=False,
    )
    return [json.loads(line) for line in done.stdout.splitlines()], done


HUGE = str(MAX_SAFE * 10**30).encode()
BAD = [
    (b"{not json\n", None, "bad_json"),
    (b"[1, 2]\n", None, "bad_json"),
    (b'{"cmd": "hello"}\n', None, "bad_request"),
    (b'{"id": 1, "cmd": "castle"}\n', 1, "unknown_command"),
    (b'{"id": 2, "cmd": "to_act"}\n', 2, "no_game"),
    (b'{"id": 3, "cmd": "new_game", "config": {"players": ' + HUGE + b"}}\n", 3, "bad_request"),
    (b'{"id": 4, "cmd": "new_game", "config": {"players": 11}, "setup": {}}\n', 4, "bad_request"),
    (b'{"id": 5, "cmd": "new_game", "setup": {}}\n', 5, "bad_request"),
    (b'{"id": 6, "cmd": "hello", "protocol": 2}\n', 6, "unsupported"),
    (b'{"id": 7, "cmd": "legal", "seat": 1e400}\n', 7, "bad_request"),
    (b"[" * 10_000 + b"]" * 10_000 + b"\n", None, "bad_json"),
    (b'{"id": 8, "cmd": "legal", "seat": 1}\n', 8, "no_game"),
    (b"\xff\xfe{\n", None, "bad_json"),
    (b'{"id": 9, "cmd": "hello", "protocol": 1.0}\n', 9, "unsupported"),
]


def test_bad_requests_get_error_answers_and_the_engine_reads_on() -> None:
    """A malformed line, an unknown command, huge numbers, missing fields: each gets its error
    code, and the engine still answers the next request; no traceback, exit status 0."""
    lines = [line for line, _, _ in BAD] + [b'{"id": 99, "cmd": "quit"}\n']
    answers, done = _converse(lines)
    assert done.returncode == 0
    assert done.stderr == b""
    assert [(a["id"], a["error"]["code"]) for a in answers[:-1]] == [
        (ident, code) for _, ident, code in BAD
    ]
    assert answers[-1] == {"id": 99, "ok": True}


def test_bad_moves_in_a_game_are_refused_or_errors() -> None:
    """In a game: an illegal move is a refusal with its rule id (not an error); a move that is
    not a move, a seat out of range and a huge seed are ``bad_request``."""
    config = '{"players": 3}'
    lines = [
        b'{"id": 1, "cmd": "new_game", "config": ' + config.encode() + b', "setup": {"seed": 3}}\n',
        b'{"id": 2, "cmd": "apply", "move": {"type": "coup", "player": 0, "target": 1}}\n',
        b'{"id": 3, "cmd": "apply", "move": {"type": "fly", "player": 0}}\n',
        b'{"id": 4, "cmd": "legal", "seat": 3}\n',
        b'{"id": 5, "cmd": "legal"}\n',
        b'{"id": 6, "cmd": "new_game", "config": {}, "setup": {"seed": ' + HUGE + b"}}\n",
        b'{"id": 7, "cmd": "chance", "cards": ["duke"]}\n',
        b'{"id": 8, "cmd": "apply"}\n',
    ]
    answers, done = _converse(lines)
    assert done.returncode == 0 and done.stderr == b""
    assert answers[0] == {"id": 1, "ok": True}
    assert answers[1]["accepted"] is False and answers[1]["rule"] == "R-ACT-9"
    assert [a["error"]["code"] for a in answers[2:]] == ["bad_request"] * 6


def test_an_over_long_line_is_refused_without_being_kept() -> None:
    """A line beyond 16 MiB is refused as ``bad_request``; the engine reads on."""
    from coup_rules.conformance.protocol import MAX_LINE

    answers, done = _converse([b"x" * (MAX_LINE + 10) + b"\n", b'{"id": 1, "cmd": "quit"}\n'])
    assert done.returncode == 0
    assert answers[0]["error"]["code"] == "bad_request"
    assert answers[1] == {"id": 1, "ok": True}


def test_the_engine_exits_at_the_end_of_input() -> None:
    """Without quit, the end of standard input ends the engine, status 0."""
    answers, done = _converse([b'{"id": 1, "cmd": "hello", "protocol": 1}\n'])
    assert done.returncode == 0
    assert answers[0]["chance"] == ["seed", "forced"] and answers[0]["views"] is True


# --- chance ---------------------------------------------------------------------------------


def _ask(server: EngineServer, **request: Any) -> dict[str, Any]:
    return server.handle(json.dumps({"id": 1, **request}))


def _forced_game(server: EngineServer) -> None:
    setup = {"seed": 1, "hands": [["ambassador", "contessa"], ["captain", "contessa"]]}
    config = {"players": 2, "two_player_setup": False}
    assert _ask(server, cmd="new_game", config=config, setup=setup, chance="forced")["ok"]


def _hand(server: EngineServer, seat: int) -> list[str]:
    answer = _ask(server, cmd="view", seat=seat)
    hand: list[str] = answer["view"]["players"][seat]["hand"]
    return hand


@pytest.mark.parametrize("cards", [["contessa", "assassin"], ["duke", "duke"], ["captain", "duke"]])
def test_forced_chance_draws_the_queued_cards(cards: list[str]) -> None:
    """R-ACT-8: in forced mode the Exchange draws exactly the cards queued by ``chance``."""
    server = EngineServer()
    _forced_game(server)
    assert _ask(server, cmd="chance", cards=cards)["ok"]
    assert _ask(server, cmd="apply", move={"type": "exchange", "player": 0})["accepted"]
    assert _ask(server, cmd="apply", move={"type": "allow", "player": 1})["accepted"]
    order = [c.value for c in Character]
    assert _hand(server, 0) == sorted(["ambassador", "contessa", *cards], key=order.index)
    assert server.queue == []


def test_forced_chance_refuses_a_card_the_court_cannot_give() -> None:
    """A queued card the Court does not hold is refused when the draw comes (``bad_request``),
    and the game is unchanged; a card outside the game's deck is refused at once."""
    server = EngineServer()
    _forced_game(server)
    assert _ask(server, cmd="chance", cards=["inquisitor"])["error"]["code"] == "bad_request"
    assert _ask(server, cmd="chance", cards=["contessa", "contessa", "contessa"])["ok"]
    assert _ask(server, cmd="apply", move={"type": "exchange", "player": 0})["accepted"]
    before = server.state
    refused = _ask(server, cmd="apply", move={"type": "allow", "player": 1})
    assert refused["error"]["code"] == "bad_request"
    assert "Court cannot give" in refused["error"]["message"]
    assert server.state is before


def test_seed_mode_lands_on_the_setup_whether_dealt_or_fixed() -> None:
    """In seed mode the engine starts where the kit's setup says: a deal from the seed, and a
    fixed deal, give the positions (and later draws) that coup_rules gives."""
    for hands in (None, ((AMBASSADOR, DUKE), (CAPTAIN, CONTESSA), (ASSASSIN, DUKE))):
        case = record_case(
            CaseDef(id="t", title="t", rules=(), config=Config(players=3), moves=(), hands=hands)
        )
        server = EngineServer()
        _ask(server, cmd="new_game", config=case["config"], setup=case["setup"], chance="seed")
        expected = new_game(Config(players=3), seed=1, hands=hands)
        assert server.state == expected


def test_forced_chance_can_draw_back_the_proven_card() -> None:
    """R-CHAL-3: the proven card goes back to the Court before the replacement is drawn, so a
    forced draw may take that very card, even from a Court that held none before."""
    server = EngineServer()
    setup = {
        "seed": 1,
        "fixed": ["hands", "court"],
        "hands": [["duke", "assassin"], ["captain", "contessa"]],
        "court": ["assassin", "captain", "contessa"],
    }
    config = {"players": 2, "two_player_setup": False}
    assert _ask(server, cmd="new_game", config=config, setup=setup, chance="forced")["ok"]
    for move in ({"type": "tax", "player": 0}, {"type": "challenge", "player": 1}):
        assert _ask(server, cmd="apply", move=move)["accepted"]
    assert _ask(server, cmd="chance", cards=["duke"])["ok"]
    assert _ask(server, cmd="apply", move={"type": "prove", "player": 0})["accepted"]
    assert _hand(server, 0) == ["duke", "assassin"]
