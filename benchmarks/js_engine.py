"""@coup-rules/engine (the library under Pyodide, in Node) against the library in CPython, side
by side: the same seeded games (every variant, 2 to 10 players), the same moves.

Prints moves per second (a move is one step of the loop: ``to_act``, the chosen seat's
``legal_moves`` and ``apply``):

- CPython, the library's objects (the fastest a Python program gets);
- CPython through ``coup_rules.jsbridge`` (JSON text in and out, as JavaScript calls it);
- Node through the package, with the bridge's cache of decoded states, and without it (each
  state's text changed so that every call decodes it: a client that rebuilds its state text);

and the package's cold start in Node (wall-clock and CPU time of ``import`` and
``loadEngine()``) and the process's memory once started. Wall-clock figures depend on the
machine's load: compare the columns of one run only.

Needs Node and the built package (``npm ci`` and ``node build.mjs`` in clients/engine/)::

    python benchmarks/js_engine.py [--games-per-table 2]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coup_rules import Config, apply, from_json, jsbridge, legal_moves, new_game, to_act

BENCH = Path(__file__).resolve().parent.parent / "clients" / "engine" / "smoke" / "bench.mjs"
MODULUS = 2**31 - 1
MULTIPLIER = 48271


def games(per_table: int) -> list[dict[str, Any]]:
    variants = [{}, {"inquisitor": True}, {"reformation": True}]
    variants.append({"inquisitor": True, "reformation": True})
    return [
        {"config": {"players": n, **flags}, "seed": 100 * n + k}
        for flags in variants
        for n in range(2, 11)
        for k in range(per_table)
    ]


def chooser(seed: int) -> Callable[[int], int]:
    x = seed % (MODULUS - 1) + 1

    def choose(length: int) -> int:
        nonlocal x
        x = x * MULTIPLIER % MODULUS
        return x % length

    return choose


def library(game: dict[str, Any]) -> int:
    choose = chooser(game["seed"])
    state = new_game(from_json(json.dumps(game["config"]), Config), seed=game["seed"])
    moves = 0
    while seats := to_act(state):
        seat = seats[choose(len(seats))]
        legal = legal_moves(state, seat)
        state = apply(state, legal[choose(len(legal))])
        moves += 1
    return moves


def _ok(answer: str) -> str:
    assert answer[0] == "=", answer
    return answer[1:]


def bridged(game: dict[str, Any]) -> int:
    choose = chooser(game["seed"])
    state = _ok(jsbridge.new_game(json.dumps(game["config"]), json.dumps({"seed": game["seed"]})))
    moves = 0
    while seats := json.loads(_ok(jsbridge.to_act(state))):
        seat = seats[choose(len(seats))]
        legal = json.loads(_ok(jsbridge.legal_moves(state, json.dumps(seat))))
        state = _ok(jsbridge.apply(state, json.dumps(legal[choose(len(legal))])))
        moves += 1
    return moves


def timed(play: Callable[[dict[str, Any]], int], job: list[dict[str, Any]]) -> tuple[int, float]:
    start = time.perf_counter()
    moves = sum(play(game) for game in job)
    return moves, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games-per-table", type=int, default=1, metavar="N")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        print("node is missing", file=sys.stderr)
        return 1
    job = games(args.games_per_table)
    node_run = subprocess.run(
        [node, str(BENCH)], input=json.dumps({"games": job}), capture_output=True, text=True
    )
    if node_run.returncode != 0:
        print(node_run.stderr, file=sys.stderr)
        return 1
    js = json.loads(node_run.stdout)
    rows = [
        ("CPython, the library", *timed(library, job)),
        ("CPython, through jsbridge", *timed(bridged, job)),
        ("Node, @coup-rules/engine", js["cached"]["moves"], js["cached"]["seconds"]),
        ("Node, no state cache", js["uncached"]["moves"], js["uncached"]["seconds"]),
    ]
    base = rows[0][1] / rows[0][2]
    print(f"{len(job)} games, every variant, 2 to 10 players; Python {sys.version.split()[0]}")
    print(f"{'':30} {'moves':>7} {'seconds':>8} {'moves/s':>9} {'vs CPython':>10}")
    for name, moves, seconds in rows:
        rate = moves / seconds
        print(f"{name:30} {moves:7} {seconds:8.2f} {rate:9.0f} {rate / base:9.2f}x")
    load = js["load"]
    print(
        f"cold start in Node (import + loadEngine): {load['wall_ms'] / 1000:.1f} s wall-clock,"
        f" {load['cpu_ms'] / 1000:.1f} s CPU; memory once started: {js['rss_mb']:.0f} MB"
        f" resident, {js['wasm_heap_mb']:.0f} MB of array buffers (the WebAssembly heap)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
