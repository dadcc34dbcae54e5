"""@coup-rules/engine in a browser: a page served on the loopback interface, with no other
network, starts the engine in a module Web Worker (worker.js, through worker-client.js) from
the package's own files and Pyodide's, and plays through it; the worker's messages have the
shape clients/engine/README.md documents.

Needs playwright and Debian's chromium (as the other browser tests), and the built package
(``npm ci`` and ``node build.mjs`` in clients/engine/): skipped without it, failed under CI.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import ROOT, need_browser

PACKAGE = ROOT / "clients" / "engine"

PAGE = """<!doctype html><meta charset="utf-8"><title>engine worker</title>
<script type="module">
import { startEngineWorker } from "./engine/worker-client.js";
const out = { messages: [] };
const worker = new Worker("./engine/worker.js", { type: "module" });
worker.addEventListener("message", ({ data }) => out.messages.push(data));
const engine = startEngineWorker({ worker, indexURL: "./pyodide/" });
out.returned = true;
try {
  out.manifest = await engine.ready;
  let state = await engine.newGame({ players: 3 }, { seed: 7 });
  out.toAct = await engine.toAct(state);
  out.legal = await engine.legalMoves(state, 0);
  try { await engine.apply(state, { type: "coup", player: 0, target: 1 }); }
  catch (e) {
    out.illegal = { name: e.name, reason: e.reason, rule: e.rule, error: e instanceof Error };
  }
  try { await engine.legalMoves(state, "x"); }
  catch (e) { out.invalid = { name: e.name, message: e.message }; }
  state = await engine.apply(state, { type: "income", player: 0 });
  out.narration = await engine.narrate(state, null);
} catch (e) { out.failed = String((e && e.stack) || e); }
window.result = out;
</script>
"""


TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
}
"""What the page's files are served as (a module script must be JavaScript)."""


class _Files(http.server.SimpleHTTPRequestHandler):
    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return TYPES.get(Path(path).suffix) or super().guess_type(path)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    """The page, the package and Pyodide's files, served on 127.0.0.1."""
    if not (PACKAGE / "package.json").is_file():
        pytest.skip("clients/engine/ is not here: the tests run outside the repository")
    pyodide = PACKAGE / "node_modules" / "pyodide"
    if not ((PACKAGE / "wheels" / "manifest.json").is_file() and pyodide.is_dir()):
        how = "npm ci and node build.mjs in clients/engine/"
        if os.environ.get("CI"):
            pytest.fail(f"@coup-rules/engine is not built: CI runs it in the browser ({how})")
        pytest.skip(f"@coup-rules/engine is not built ({how})")
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "engine").symlink_to(PACKAGE)
    (tmp_path / "pyodide").symlink_to(pyodide)
    handler = functools.partial(_Files, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


def test_a_page_plays_through_the_engine_in_a_worker_with_no_network(site: str) -> None:
    chromium = need_browser()
    from playwright.sync_api import Route, sync_playwright

    from tests.web.test_web_browser import CHROMIUM_ARGS

    def loopback_only(route: Route) -> None:
        if route.request.url.startswith(site):
            route.continue_()
        else:
            route.abort()

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.route("**/*", loopback_only)
            page.goto(f"{site}/index.html")
            page.wait_for_function("window.result !== undefined", timeout=180_000)
            out: dict[str, Any] = page.evaluate("window.result")
        finally:
            browser.close()
    assert "failed" not in out, out.get("failed")
    manifest = json.loads((PACKAGE / "wheels" / "manifest.json").read_text(encoding="utf-8"))
    assert out["manifest"] == manifest
    assert out["toAct"] == [0]
    assert {"type": "income", "player": 0} in out["legal"]
    assert out["illegal"] == {
        "name": "IllegalMoveError",
        "reason": "Coup costs 7 coins; seat 0 has 2",
        "rule": "R-ACT-9",
        "error": True,
    }
    assert out["invalid"]["name"] == "InvalidInputError"
    assert out["narration"][-3:] == [
        "Seat 0 takes Income.",
        "1 coin: Treasury \u2192 seat 0.",
        "Turn 2 begins: seat 1 to play.",
    ]
    # The worker's own messages: {id, ok: true, result} and {id, ok: false, error}.
    first = out["messages"][0]
    assert first == {"id": 0, "ok": True, "result": manifest}
    refusals = [m for m in out["messages"] if not m["ok"]]
    assert refusals[0]["error"] == {
        "error": "illegal",
        "message": "Coup costs 7 coins; seat 0 has 2 (R-ACT-9)",
        "errors": ["Coup costs 7 coins; seat 0 has 2 (R-ACT-9)"],
        "reason": "Coup costs 7 coins; seat 0 has 2",
        "rule": "R-ACT-9",
        "move": {"type": "coup", "player": 0, "target": 1},
    }
    assert refusals[1]["error"]["error"] == "invalid"
