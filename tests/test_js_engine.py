"""@coup-rules/engine plays the same games as the library in CPython, and refuses bad input
with the same words.

The package (clients/engine/) runs this library under Pyodide in Node. Its driver,
clients/engine/smoke/differential.mjs, plays seeded games of every variant and asks questions
through the JavaScript API, writing one JSON line each; here the same games are played, and the
same questions asked, of the library in CPython, and the lines must be equal byte for byte.

Needs Node and the built package (``npm ci`` and ``node build.mjs`` in clients/engine/);
skipped without them, except under CI, where it fails instead (outside the repository, where
clients/engine/ is not, it is skipped).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from coup_rules import (
    Character,
    Config,
    GameState,
    IllegalMoveError,
    Move,
    apply,
    format_move,
    from_json,
    legal_moves,
    narrate_log,
    new_game,
    parse_move,
    to_act,
    to_json,
    view,
)

PACKAGE = Path(__file__).resolve().parent.parent / "clients" / "engine"
DRIVER = PACKAGE / "smoke" / "differential.mjs"

MODULUS = 2**31 - 1
MULTIPLIER = 48271
"""The Park-Miller generator that chooses the moves, as the driver does."""

VARIANTS: dict[str, dict[str, Any]] = {
    "base": {},
    "inquisitor": {"inquisitor": True},
    "reformation": {"reformation": True},
    "both": {"inquisitor": True, "reformation": True},
}


def _games() -> list[dict[str, Any]]:
    """Every variant at every table size (2 to 10 players), and 2 players without the 2-player
    setup."""
    tables = [{"players": n} for n in range(2, 11)]
    tables.append({"players": 2, "two_player_setup": False})
    return [
        {"config": {**table, **flags}, "seed": 1000 + 17 * i}
        for i, (table, flags) in enumerate(
            (table, flags) for flags in VARIANTS.values() for table in tables
        )
    ]


GAMES = _games()


def _line(obj: object) -> str:
    """``obj`` as JavaScript's ``JSON.stringify`` writes it."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _chooser(seed: int) -> Callable[[int], int]:
    x = seed % (MODULUS - 1) + 1

    def choose(length: int) -> int:
        nonlocal x
        x = x * MULTIPLIER % MODULUS
        return x % length

    return choose


def _played(game: dict[str, Any]) -> str:
    """The driver's line for ``game``, from the library."""
    choose = _chooser(game["seed"])
    state = new_game(from_json(json.dumps(game["config"]), Config), seed=game["seed"])
    steps: list[list[Any]] = []
    while seats := to_act(state):
        seat = seats[choose(len(seats))]
        moves = legal_moves(state, seat)
        move = moves[choose(len(moves))]
        steps.append([seat, len(moves), json.loads(to_json(move))])
        state = apply(state, move)
    return _line({"game": game, "steps": steps, "final": to_json(state)})


# --- questions, with the library's answers -----------------------------------------------------

START = new_game(Config(players=3), seed=5)
START_TEXT = to_json(START)
OVER = from_json(json.loads(_played(GAMES[0]))["final"], GameState)


def _move(obj: object) -> Move:
    move: Move = from_json(json.dumps(obj), Move)
    return move


def _tampered() -> str:
    payload = json.loads(START_TEXT)
    payload["players"][0]["coins"] = 9
    return json.dumps(payload)


NESTED = "[" * 5000 + "]" * 5000

CASES: list[tuple[str, str, list[Any], Callable[[], object]]] = [
    (
        "a Coup without 7 coins",
        "apply",
        [START_TEXT, {"type": "coup", "player": 0, "target": 1}],
        lambda: apply(START, _move({"type": "coup", "player": 0, "target": 1})),
    ),
    (
        "a move out of turn",
        "apply",
        [START_TEXT, {"type": "income", "player": 1}],
        lambda: apply(START, _move({"type": "income", "player": 1})),
    ),
    (
        "a target that is not at the table",
        "apply",
        [START_TEXT, {"type": "steal", "player": 0, "target": 9}],
        lambda: apply(START, _move({"type": "steal", "player": 0, "target": 9})),
    ),
    (
        "a move once the game is over",
        "apply",
        [to_json(OVER), {"type": "income", "player": 0}],
        lambda: apply(OVER, _move({"type": "income", "player": 0})),
    ),
    (
        "a seat given as a string",
        "apply",
        [START_TEXT, {"type": "steal", "player": 0, "target": "1"}],
        lambda: _move({"type": "steal", "player": 0, "target": "1"}),
    ),
    (
        "a seat that is no integer",
        "apply",
        [START_TEXT, {"type": "income", "player": 0.5}],
        lambda: _move({"type": "income", "player": 0.5}),
    ),
    (
        "an unknown move",
        "apply",
        [START_TEXT, {"type": "nuke", "player": 0}],
        lambda: _move({"type": "nuke", "player": 0}),
    ),
    (
        "a move with a member too many",
        "apply",
        [START_TEXT, {"type": "income", "player": 0, "admin": True}],
        lambda: _move({"type": "income", "player": 0, "admin": True}),
    ),
    (
        "a move that is no object",
        "apply",
        [START_TEXT, "p0 income"],
        lambda: _move("p0 income"),
    ),
    (
        "a state nested 5000 deep",
        "apply",
        [NESTED, {"type": "income", "player": 0}],
        lambda: from_json(NESTED, GameState),
    ),
    (
        "a state whose coins were changed",
        "legalMoves",
        [_tampered(), 0],
        lambda: from_json(_tampered(), GameState),
    ),
    (
        "a state that is not JSON",
        "toAct",
        ['{"schema_version": 2, '],
        lambda: from_json('{"schema_version": 2, ', GameState),
    ),
    (
        "the legal moves of a seat given as a string",
        "legalMoves",
        [START_TEXT, "0"],
        lambda: legal_moves(START, "0"),  # type: ignore[arg-type]
    ),
    (
        "the legal moves of a seat not at the table",
        "legalMoves",
        [START_TEXT, 12],
        lambda: legal_moves(START, 12),
    ),
    (
        "a config of 11 players",
        "newGame",
        [{"players": 11}, {"seed": 1}],
        lambda: from_json('{"players": 11}', Config),
    ),
    (
        "a config with an unknown member",
        "newGame",
        [{"players": 3, "cheat": True}, None],
        lambda: from_json('{"players": 3, "cheat": true}', Config),
    ),
    (
        "a negative seed",
        "newGame",
        [{"players": 3}, {"seed": -1}],
        lambda: new_game(Config(players=3), seed=-1),
    ),
    (
        "a seed given as a string",
        "newGame",
        [{"players": 3}, {"seed": "12"}],
        lambda: new_game(Config(players=3), seed="12"),  # type: ignore[arg-type]
    ),
    (
        "a hand of three cards",
        "newGame",
        [{"players": 2}, {"hands": [["duke", "duke", "duke"], ["captain", "contessa"]]}],
        lambda: new_game(
            Config(players=2),
            hands=[[Character.DUKE] * 3, [Character.CAPTAIN, Character.CONTESSA]],
        ),
    ),
    (
        "a verb the notation does not know",
        "parseMove",
        ["p1 nuke p2", START_TEXT],
        lambda: parse_move("p1 nuke p2", START),
    ),
    (
        "a seat not at the table, in notation",
        "parseMove",
        ["p9 income", START_TEXT],
        lambda: parse_move("p9 income", START),
    ),
    (
        "a fixed deal",
        "newGame",
        [{"players": 2}, {"hands": [["duke", "captain"], ["contessa", "duke"]], "seed": 3}],
        lambda: to_json(
            new_game(
                Config(players=2),
                hands=[
                    [Character.DUKE, Character.CAPTAIN],
                    [Character.CONTESSA, Character.DUKE],
                ],
                seed=3,
            )
        ),
    ),
    (
        "a seat's view",
        "view",
        [START_TEXT, 1],
        lambda: json.loads(to_json(view(START, 1))),
    ),
    (
        "the spectator's narration",
        "narrate",
        [to_json(OVER), None],
        lambda: narrate_log(view(OVER, None).log, OVER.config),
    ),
    (
        "a move in notation",
        "formatMove",
        [{"type": "steal", "player": 0, "target": 2}],
        lambda: format_move(_move({"type": "steal", "player": 0, "target": 2})),
    ),
]


def _answer(name: str, ask: Callable[[], object]) -> str:
    """The driver's line for a question, from the library."""
    try:
        result = ask()
    except IllegalMoveError as exc:
        error = {"name": "IllegalMoveError", "message": str(exc)}
        return _line({"case": name, "error": {**error, "reason": exc.reason, "rule": exc.rule}})
    except (ValueError, TypeError) as exc:
        return _line({"case": name, "error": {"name": "InvalidInputError", "message": str(exc)}})
    return _line({"case": name, "result": result})


def _stale_sources() -> list[str]:
    """The library's modules whose source differs from the package's coup_rules wheel."""
    manifest = json.loads((PACKAGE / "wheels" / "manifest.json").read_text(encoding="utf-8"))
    wheel = next(w for w in manifest["wheels"] if w.startswith("coup_rules-"))
    root = PACKAGE.parent.parent
    with zipfile.ZipFile(PACKAGE / "wheels" / wheel) as archive:
        return [
            name
            for name in archive.namelist()
            if name.endswith(".py")
            and not ((root / name).is_file() and archive.read(name) == (root / name).read_bytes())
        ]


@pytest.fixture(scope="module")
def record() -> Iterator[list[str]]:
    if not (PACKAGE / "package.json").is_file():
        pytest.skip("clients/engine/ is not here: the tests run outside the repository")
    node = shutil.which("node")
    built = (PACKAGE / "wheels" / "manifest.json").is_file() and (
        PACKAGE / "node_modules" / "pyodide"
    ).is_dir()
    missing = "node" if node is None else None if built else "the built package"
    if missing is not None:
        how = "npm ci and node build.mjs in clients/engine/"
        if os.environ.get("CI"):
            pytest.fail(f"{missing} is missing: CI runs @coup-rules/engine's differential ({how})")
        pytest.skip(f"{missing} is missing ({how})")
    assert node is not None
    stale = _stale_sources()
    assert not stale, f"the package's wheel predates {stale[:3]}: node clients/engine/build.mjs"
    job = {"games": GAMES, "cases": [{"name": n, "method": m, "args": a} for n, m, a, _ in CASES]}
    done = subprocess.run(
        [node, str(DRIVER)],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    yield done.stdout.splitlines()


def test_every_variant_plays_the_same_game_as_in_cpython(record: list[str]) -> None:
    """Seeded games of every variant and table size, move by move: the same seats asked, the
    same legal moves, and the same final state to the byte (its log, coins and random counter
    included)."""
    assert len(record) == len(GAMES) + len(CASES)
    for game, line in zip(GAMES, record, strict=False):
        assert line == _played(game), f"the game {game} differs"


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c[0] for c in CASES])
def test_the_javascript_api_answers_as_the_library(record: list[str], index: int) -> None:
    """Bad input (wrong types, illegal moves, hostile JSON) is refused with the library's own
    reason, rule and words, never a traceback; good input gets the library's answer."""
    name, _, _, ask = CASES[index]
    line = record[len(GAMES) + index]
    assert line == _answer(name, ask)
    assert "Traceback" not in line
