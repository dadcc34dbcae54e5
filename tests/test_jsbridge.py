"""coup_rules.jsbridge, the Python side of @coup-rules/engine: JSON text in and out, the
library's answers, refusals as data (tests/test_js_engine.py runs it under Pyodide)."""

from __future__ import annotations

import json
import random

from coup_rules import (
    Config,
    GameState,
    apply,
    from_json,
    jsbridge,
    legal_moves,
    new_game,
    to_act,
    to_json,
)


def _ok(answer: str) -> str:
    assert answer[0] == "=", answer
    return answer[1:]


def _refusal(answer: str) -> dict[str, object]:
    assert answer[0] == "!", answer
    refusal: dict[str, object] = json.loads(answer[1:])
    return refusal


def test_each_state_text_is_to_json_of_the_state_though_only_new_events_are_encoded() -> None:
    for config in (Config(players=2), Config(players=6, inquisitor=True, reformation=True)):
        rng = random.Random(config.players)
        text = _ok(jsbridge.new_game(to_json(config), '{"seed": 9}'))
        state = new_game(config, seed=9)
        while seats := to_act(state):
            seat = rng.choice(seats)
            move = rng.choice(legal_moves(state, seat))
            text = _ok(jsbridge.apply(text, to_json(move)))
            state = apply(state, move)
            assert text == to_json(state)


def test_a_state_written_in_another_form_goes_on_as_to_json_writes_it() -> None:
    """Compact JSON with the members reordered is the same state; what follows it is written as
    the library writes states."""
    state = new_game(Config(players=3), seed=4)
    payload = json.loads(to_json(state))
    reordered = json.dumps(dict(reversed(list(payload.items()))), separators=(",", ":"))
    move = legal_moves(state, 0)[0]
    after = _ok(jsbridge.apply(reordered, to_json(move)))
    assert after == to_json(apply(state, move))
    assert from_json(after, GameState) == apply(state, move)


def test_an_illegal_move_is_refused_with_its_reason_and_rule() -> None:
    text = to_json(new_game(Config(players=3), seed=4))
    refusal = _refusal(jsbridge.apply(text, '{"type": "coup", "player": 0, "target": 1}'))
    assert refusal["error"] == "illegal"
    assert refusal["rule"] == "R-ACT-9"
    assert refusal["move"] == {"type": "coup", "player": 0, "target": 1}


def test_input_that_is_no_json_is_refused_as_data_not_raised() -> None:
    text = to_json(new_game(Config(players=3), seed=4))
    for answer in (
        jsbridge.apply(text, "{"),
        jsbridge.apply("[" * 100_000, "{}"),
        jsbridge.legal_moves(text, "[[["),
        jsbridge.legal_moves(text, "[" * 100_000 + "]" * 100_000),
        jsbridge.new_game("null", '{"seed": 1, "cheat": true}'),
        jsbridge.view(text, '"0"'),
    ):
        assert _refusal(answer)["error"] == "invalid"
