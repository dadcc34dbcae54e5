"""@coup-rules/engine (the library under Pyodide, in Node) against the library in CPython, side
by side: the same seeded games (every variant, 2 to 10 players), the same moves.

Prints moves per second (a move is one step of the loop: ``to_act``, the chosen seat's
``legal_moves`` and ``apply``):

- CPython, the library's objects (the fastest a Python program gets);
- CPython through ``coup_rules.jsbridge`` (JSON text in and out, as JavaScript calls it);
- Node through the package, with the bridge's cache of decoded states, and without it (each
  state's text changed so that every call decodes it: a client that rebuilds its state text);

the package's cold start in Node (wall-clock and CPU time of ``import`` and
``loadEngine()``) and the process's memory once started; the cold start in Chromium (Debian's,
through Playwright, as tests/web/ launches it: a page on the loopback interface starts the
engine in a Web Worker, from navigation to ``engine.ready`` and to the first game); and the
package's size compressed (``npm pack``'s tarball, and Pyodide's files that a site serves beside
it, gzipped). Wall-clock figures depend on the machine's load (CPU time less so): compare the
columns of one run only.

Needs Node and the built package (``npm ci`` and ``node build.mjs`` in clients/engine/), and for
the browser's figure playwright and chromium (else that line says so)::

    python benchmarks/js_engine.py [--games-per-table 2] [--no-browser]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coup_rules import Config, apply, from_json, jsbridge, legal_moves, new_game, to_act

PACKAGE = Path(__file__).resolve().parent.parent / "clients" / "engine"
BENCH = PACKAGE / "smoke" / "bench.mjs"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""Pyodide's files that the engine loads (a site serves them beside the package's)."""
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


def sizes() -> tuple[int, int]:
    """The package's tarball (``npm pack``) and Pyodide's files gzipped, in bytes."""
    npm = shutil.which("npm") or "npm"
    packed = subprocess.run(
        [npm, "pack", "--dry-run", "--json", "--ignore-scripts"],
        cwd=PACKAGE,
        capture_output=True,
        text=True,
        check=True,
    )
    pyodide = PACKAGE / "node_modules" / "pyodide"
    zipped = sum(len(gzip.compress((pyodide / f).read_bytes(), 9)) for f in PYODIDE_FILES)
    return int(json.loads(packed.stdout)[0]["size"]), zipped


PAGE = """<!doctype html><meta charset="utf-8"><title>engine cold start</title>
<script type="module">
import { startEngineWorker } from "./engine/worker-client.js";
const engine = startEngineWorker({ indexURL: "./pyodide/" });
const out = {};
try {
  await engine.ready;
  out.ready_ms = performance.now();
  const state = await engine.newGame({ players: 4 }, { seed: 1 });
  await engine.legalMoves(state, (await engine.toAct(state))[0]);
  out.first_game_ms = performance.now();
} catch (e) { out.failed = String(e); }
window.result = out;
</script>
"""
"""From navigation (``performance.now()``'s origin) to the worker's engine ready, and to a
first game's legal moves."""


class _Files(http.server.SimpleHTTPRequestHandler):
    def guess_type(self, path: str | os.PathLike[str]) -> str:
        types = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm"}
        return types.get(Path(path).suffix) or super().guess_type(path)

    def log_message(self, *args: Any) -> None:
        pass


def descendants_cpu_s() -> float | None:
    """The CPU time, in seconds, of this process's descendants that still run (Linux's /proc;
    None elsewhere): here the browser's processes, read before it closes."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").is_file():
        return None
    stats: dict[int, list[str]] = {}
    for entry in proc.iterdir():
        try:
            text = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        if text:
            stats[int(entry.name)] = text.rsplit(")", 1)[1].split()
    children: dict[int, list[int]] = {}
    for pid, fields in stats.items():
        children.setdefault(int(fields[1]), []).append(pid)
    ticks, todo = 0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        ticks += int(stats[pid][11]) + int(stats[pid][12])  # utime and stime
        todo.extend(children.get(pid, []))
    return ticks / os.sysconf("SC_CLK_TCK")


def browser_start(folder: Path) -> dict[str, Any] | str:
    """The cold start in Chromium (a fresh browser, nothing cached), or why it was not run."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "playwright is missing (pip install playwright)"
    chromium = os.environ.get("COUP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).is_file():
        return "chromium is missing (apt-get install -y chromium)"
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "engine").symlink_to(PACKAGE)
    (folder / "pyodide").symlink_to(PACKAGE / "node_modules" / "pyodide")
    handler = functools.partial(_Files, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, headless=True, args=args)
            try:
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{server.server_port}/index.html")
                page.wait_for_function("window.result !== undefined", timeout=300_000)
                out: dict[str, Any] = page.evaluate("window.result")
                out["cpu_s"] = descendants_cpu_s()
            finally:
                browser.close()
    finally:
        server.shutdown()
        thread.join()
    return out.get("failed") or out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games-per-table", type=int, default=1, metavar="N")
    parser.add_argument("--no-browser", action="store_true", help="leave Chromium out")
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
    if not args.no_browser:
        with tempfile.TemporaryDirectory() as folder:
            chromium = browser_start(Path(folder))
        if isinstance(chromium, str):
            print(f"cold start in Chromium: not measured: {chromium}")
        else:
            print(
                f"cold start in Chromium (a page, the engine in a Web Worker): ready"
                f" {chromium['ready_ms'] / 1000:.1f} s after navigation, a first game's legal"
                f" moves at {chromium['first_game_ms'] / 1000:.1f} s (wall-clock);"
                + (
                    ""
                    if chromium["cpu_s"] is None
                    else f" {chromium['cpu_s']:.1f} s CPU of the browser's processes in all"
                )
            )
    tarball, pyodide = sizes()
    print(
        f"size compressed: the package's tarball {tarball:,} bytes (npm pack);"
        f" Pyodide's files gzipped {pyodide:,} bytes; {(tarball + pyodide) / 1e6:.2f} MB in all"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
