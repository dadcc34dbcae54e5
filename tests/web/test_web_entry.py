"""The entry point ``serve_main`` and the promise that ``import coup_rules`` needs no web stack."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from coup_rules.web import build_parser, serve_main
from tests.web.support import ROOT, ServerProcess, need_web


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_import_coup_rules_loads_no_web_package() -> None:
    result = _python(
        "import sys, coup_rules, coup_rules.web\n"
        "web = [m for m in sys.modules if m.split('.')[0] in "
        "('starlette', 'uvicorn', 'httpx', 'httpx2', 'anyio')]\n"
        "print(web)"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_serve_without_the_extra_says_how_to_install_it() -> None:
    # A process in which Starlette cannot be imported, as without the [web] extra.
    result = _python(
        "import sys\n"
        "sys.modules['starlette'] = None\n"
        "from coup_rules.web import serve_main\n"
        "sys.exit(serve_main(['--port', '0']))"
    )
    assert result.returncode == 2
    assert "pip install 'coup-rules[web]'" in result.stderr


def test_the_command_line() -> None:
    args = build_parser().parse_args([])
    assert (args.host, args.port, args.db, args.bot_delay) == (
        "127.0.0.1",
        8000,
        "coup-games.sqlite3",
        0.6,
    )
    args = build_parser().parse_args(["--host", "0.0.0.0", "--port", "0", "--db", "x.db"])
    assert (args.host, args.port, args.db) == ("0.0.0.0", 0, "x.db")
    with pytest.raises(SystemExit) as exit_:
        serve_main(["--help"])
    assert exit_.value.code == 0
    with pytest.raises(SystemExit):
        serve_main(["--bot-delay", "-1"])


def test_python_m_coup_rules_web_serves_and_says_where(tmp_path: Path) -> None:
    need_web()
    import httpx2

    with ServerProcess(tmp_path / "games.sqlite3") as server:
        assert server.url.startswith("http://127.0.0.1:")
        page = httpx2.get(server.url + "/", timeout=30)
        assert page.status_code == 200 and "lobby.js" in page.text
        taken = int(server.url.rsplit(":", 1)[1])
        busy = subprocess.run(
            [sys.executable, "-m", "coup_rules.web", "--port", str(taken), "--db", "y.db"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=60,
        )
        assert busy.returncode == 1
        assert "cannot listen on 127.0.0.1" in busy.stderr
    assert (tmp_path / "games.sqlite3").is_file()
