"""Replays the doors audit of issue 28 against the installed ``coup_rules`` and counts problems.

Three campaigns, each printing what it tried and how many problems it found (exit 1 on any):

``numpy``
    Random games of every variant (2-6 players, the Inquisitor, the Reformation). At every step,
    for every seat asked: ``legal_moves`` and ``view`` with the seat as a NumPy integer must
    equal them with a plain ``int``; every legal move rebuilt with NumPy-typed (and
    int-subclass) integer fields must be accepted by ``apply`` with the same next state; the
    same move with a float, a bool or a string in an integer field must be refused by
    ``IllegalMoveError`` or by the integer door's ``TypeError`` ("must be an integer"), never by
    an error from inside the engine.
``views``
    Whole views of random games, written as JSON and mutated (a card, a count, a seat, an event
    dropped, duplicated or inserted, the own hand), then decoded. A mutation is either refused
    with ``DecodeError`` or the view fits a state: ``view(sample_state(v), seat) == v``.
``cli``
    The command line's hostile inputs: each must exit non-zero with a message and no traceback.

Run it in each build (the pure package and the compiled wheel, ``COUP_RULES_COMPILE=1``)::

    python scripts/fuzz_doors.py                      # all three, the audit's sizes
    python scripts/fuzz_doors.py --games 20 --views 500 numpy views
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import numpy as np

import coup_rules
from coup_rules import (
    Config,
    DecodeError,
    GameState,
    IllegalMoveError,
    PlayerView,
    apply,
    from_json,
    legal_moves,
    new_game,
    sample_state,
    to_act,
    to_json,
    view,
)

CONFIGS = tuple(
    Config(players=n, inquisitor=inq, reformation=ref)
    for n in (2, 3, 4, 6)
    for inq in (False, True)
    for ref in (False, True)
)
"""Every variant, with 2, 3, 4 and 6 players."""


class Sub(int):
    """An int subclass, as some callers' enums and counters are."""


NUMPY_KINDS: tuple[Callable[[int], Any], ...] = (
    np.int64,
    np.int32,
    np.int16,
    np.int8,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.intp,
    Sub,
)
WRONG_KINDS: tuple[Callable[[int], Any], ...] = (float, bool, str, lambda v: np.float64(v))


def _games(count: int, seed: int) -> Iterator[tuple[GameState, random.Random]]:
    """States along ``count`` random games, one configuration after another."""
    for game in range(count):
        config = CONFIGS[game % len(CONFIGS)]
        rng = random.Random(seed * 100_003 + game)
        state = new_game(config, seed=rng.randrange(2**64))
        while not state.is_over:
            yield state, rng
            seat = rng.choice(to_act(state))
            state = apply(state, rng.choice(legal_moves(state, seat)))


def _int_fields(move: Any) -> list[str]:
    return [
        a.name
        for a in attrs.fields(type(move))
        if type(getattr(move, a.name)) is int  # a seat or an index, never a card
    ]


def _refused_at_the_door(problem: BaseException) -> bool:
    if isinstance(problem, IllegalMoveError):
        return True
    return isinstance(problem, TypeError) and "must be an integer" in str(problem)


def campaign_numpy(games: int, seed: int) -> tuple[str, int]:
    tried = problems = 0
    kinds = iter(lambda: 0, 1)  # a counter that never ends
    for state, _ in _games(games, seed):
        after = {m: to_json(apply(state, m)) for s in to_act(state) for m in legal_moves(state, s)}
        for seat in to_act(state):
            kind = NUMPY_KINDS[next(kinds) % len(NUMPY_KINDS)]
            for name, ask in (("legal_moves", legal_moves), ("view", view)):
                tried += 1
                try:
                    if ask(state, kind(seat)) != ask(state, seat):
                        problems += _report(f"{name}: another answer", state, kind, seat)
                except Exception as problem:  # counting, not handling
                    problems += _report(f"{name} raised {problem!r}", state, kind, seat)
        for move, expected in after.items():
            for name in _int_fields(move):
                kind = NUMPY_KINDS[next(kinds) % len(NUMPY_KINDS)]
                tried += 1
                try:
                    odd = attrs.evolve(move, **{name: kind(getattr(move, name))})
                    if to_json(apply(state, odd)) != expected:
                        problems += _report("apply: another next state", state, kind, move)
                except Exception as problem:  # counting, not handling
                    problems += _report(f"apply raised {problem!r}", state, kind, move)
                wrong = WRONG_KINDS[next(kinds) % len(WRONG_KINDS)]
                tried += 1
                try:
                    odd = attrs.evolve(move, **{name: wrong(getattr(move, name))})
                    apply(state, odd)
                    problems += _report("apply accepted a non-integer", state, wrong, move)
                except Exception as problem:  # counting, not handling
                    if not _refused_at_the_door(problem):
                        problems += _report(f"apply raised {problem!r}", state, wrong, move)
    return f"numpy: {games} games, {tried:,} calls with NumPy or odd integers", problems


def _report(what: str, state: GameState, kind: object, subject: object) -> int:
    print(f"  PROBLEM {what}: {kind!r} in {subject!r} (seed {state.seed})", file=sys.stderr)
    return 1


# --- views -----------------------------------------------------------------------------------

CARD_NAMES = ("duke", "assassin", "captain", "ambassador", "contessa", "inquisitor")


def _mutations(doc: Any, rng: random.Random) -> Iterator[Any]:
    """One changed copy of ``doc`` at a time: a scalar, a list entry dropped or duplicated."""
    paths = list(_paths(doc, ()))
    rng.shuffle(paths)
    for path, value in paths[:12]:
        for changed in _changes(value, rng):
            yield _replaced(doc, path, changed)
    lists = [(p, v) for p, v in _paths(doc, ()) if isinstance(v, list) and v]
    for path, value in rng.sample(lists, min(4, len(lists))):
        i = rng.randrange(len(value))
        yield _replaced(doc, path, value[:i] + value[i + 1 :])
        yield _replaced(doc, path, value[: i + 1] + value[i:])


def _paths(doc: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield at, doc
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for key, value in items:
        yield from _paths(value, (*at, key))


def _changes(value: Any, rng: random.Random) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1]
    if isinstance(value, str):
        return [rng.choice(CARD_NAMES)]
    if value is None:
        return [rng.choice(CARD_NAMES), 0]
    return []


def _replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    copy: Any = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[head] = _replaced(doc[head], rest, value)
    return copy


def campaign_views(count: int, seed: int) -> tuple[str, int]:
    tried = accepted = problems = 0
    for state, rng in _games(max(1, count // 20), seed + 1):
        if rng.random() > 0.1 or tried >= count:
            continue
        seat = rng.choice(range(state.config.players))
        doc = json.loads(to_json(view(state, seat)))
        for mutated in _mutations(doc, rng):
            tried += 1
            try:
                decoded = from_json(json.dumps(mutated), PlayerView)
            except DecodeError:
                continue
            accepted += 1
            try:
                sample = sample_state(decoded, random.Random(tried))
                if view(sample, decoded.seat) != decoded:
                    problems += _report("view(sample_state(v)) != v", state, "view", mutated)
            except Exception as problem:  # counting, not handling
                problems += _report(f"sample_state raised {problem!r}", state, "view", mutated)
    return f"views: {tried:,} mutated views, {accepted:,} accepted by from_json", problems


# --- the command line -------------------------------------------------------------------------


def _cli_cases(folder: Path) -> list[tuple[str, list[str]]]:
    nested = folder / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    garbage = folder / "garbage.json"
    garbage.write_bytes(b"\xff\xfe not json")
    return [
        ("replay of a deeply nested file", ["replay", str(nested)]),
        ("replay of bytes that are not JSON", ["replay", str(garbage)]),
        ("replay of a missing file", ["replay", str(folder / "missing.json")]),
        (
            "tournament --markdown into a missing folder",
            ["tournament", "--games", "1", "--markdown", str(folder / "no" / "such.md")],
        ),
        (
            "tournament --markdown to a folder",
            ["tournament", "--games", "1", "--markdown", str(folder)],
        ),
        ("tournament --workers 100000", ["tournament", "--games", "1", "--workers", "100000"]),
        ("simulate --out a folder", ["simulate", "--games", "1", "--out", str(folder)]),
        ("simulate --workers 100000", ["simulate", "--games", "1", "--workers", "100000"]),
        ("simulate --seed -1", ["simulate", "--games", "1", "--seed", "-1"]),
        ("simulate --seed 2**300", ["simulate", "--games", "1", "--seed", str(2**300)]),
        ("simulate --games -5", ["simulate", "--games", "-5"]),
        ("play --players 99", ["play", "--players", "99"]),
        ("an unknown subcommand", ["frobnicate"]),
    ]


CLI_TIMEOUT = 60
"""Seconds a hostile command line may run; then its whole process group is killed."""


def _run_cli(args: list[str]) -> subprocess.CompletedProcess[str] | None:
    """``coup-rules ARGS`` in a session of its own, so that what it forks dies with it."""
    child = subprocess.Popen(
        [sys.executable, "-m", "coup_rules", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = child.communicate(timeout=CLI_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        return None
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)  # workers that outlived the command
    return subprocess.CompletedProcess(args, child.returncode, out, err)


def campaign_cli(seed: int) -> tuple[str, int]:
    del seed
    problems = 0
    with tempfile.TemporaryDirectory() as name:
        cases = _cli_cases(Path(name))
        for what, args in cases:
            done = _run_cli(args)
            if done is None:
                print(f"  PROBLEM {what}: still running after {CLI_TIMEOUT} s", file=sys.stderr)
                problems += 1
                continue
            bad = "Traceback" in done.stderr or "Traceback" in done.stdout
            if bad:
                print(f"  PROBLEM {what}: a traceback\n{done.stderr[-600:]}", file=sys.stderr)
            elif done.returncode == 0 and "workers" not in what:
                print(f"  PROBLEM {what}: exit 0", file=sys.stderr)
                bad = True
            problems += bad
    return f"cli: {len(cases)} hostile command lines", problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("campaigns", nargs="*", default=["numpy", "views", "cli"])
    parser.add_argument("--games", type=int, default=150, help="games of the numpy campaign")
    parser.add_argument("--views", type=int, default=5_000, help="mutated views to try")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    build = "compiled" if getattr(coup_rules, "COMPILED", False) else "pure"
    print(f"coup_rules {coup_rules.__version__}, {build} build")
    runs = {
        "numpy": lambda: campaign_numpy(args.games, args.seed),
        "views": lambda: campaign_views(args.views, args.seed),
        "cli": lambda: campaign_cli(args.seed),
    }
    total = 0
    for name in args.campaigns:
        summary, problems = runs[name]()
        print(f"{summary}: {problems} problems")
        total += problems
    print(f"total: {total} problems")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
