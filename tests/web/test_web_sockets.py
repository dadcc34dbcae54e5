"""Connections on a real server: idle and slow clients cannot keep real ones out.

Each test starts ``python -m coup_rules.web`` in a subprocess and talks to it over raw sockets
on loopback; every wait is bounded by a few seconds.
"""

from __future__ import annotations

import re
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.support import ServerProcess, need_web, wait_until

need_web()

import httpx2  # noqa: E402

SERVER_FILES = 256
"""The file limit the idle-socket test gives its server (as on a small host)."""

IDLE = 300


def _serve_with_file_limit(files: int) -> list[str]:
    """The command of a server whose process may open at most ``files`` files."""
    code = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_NOFILE, ({files}, {files}))\n"
        "from coup_rules.web import serve_main\n"
        "sys.exit(serve_main())"
    )
    return [sys.executable, "-c", code]


def _address(server: ServerProcess) -> tuple[str, int]:
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    return host, int(port)


def _closed(sock: socket.socket, received: bytearray | None = None) -> bytes | None:
    """What the server sent before closing ``sock``; ``None`` while it is still open.

    What arrives while the socket is still open is kept in ``received``, so an answer that
    comes in several pieces before the close is returned whole across calls."""
    sock.setblocking(False)
    data = bytearray() if received is None else received
    try:
        while chunk := sock.recv(4096):
            data += chunk
    except BlockingIOError:
        return None
    except ConnectionResetError:
        pass
    return bytes(data)


@pytest.fixture
def enough_files() -> None:
    """This process needs a file per socket; raise its own soft limit if the hard one allows."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = IDLE + 200
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"the test needs {wanted} files; the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def test_idle_sockets_do_not_keep_a_real_request_out(tmp_path: Path, enough_files: None) -> None:
    server = ServerProcess(tmp_path / "games.sqlite3")
    server.args[:3] = _serve_with_file_limit(SERVER_FILES)
    idle: list[socket.socket] = []
    with server:
        wait_until(lambda: any("file limit allows" in x for x in server.output), 10)
        line = next(x for x in server.output if "file limit allows" in x)
        cap = int(re.search(r"allows (\d+) connections", line).group(1))  # type: ignore[union-attr]
        assert cap < IDLE
        try:
            for _ in range(IDLE):  # connect, send nothing
                idle.append(socket.create_connection(_address(server), timeout=5))
            start = time.perf_counter()
            response = httpx2.get(server.url + "/api/bots", timeout=5)
            took = time.perf_counter() - start
            assert response.status_code == 200
            assert took < 1.0, f"a real request took {took:.2f} s"
            # The server made room by closing the sockets idle the longest, and only those.
            wait_until(lambda: sum(_closed(s) is not None for s in idle) >= IDLE - cap, 5)
            assert _closed(idle[-1]) is None
        finally:
            for sock in idle:
                sock.close()
        assert server.proc is not None and server.proc.poll() is None


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("sockets") / "games.sqlite3"
    flags = ["--header-timeout", "0.5", "--body-timeout", "0.5", "--keep-alive", "1"]
    with ServerProcess(db, *flags) as server:
        yield server


def _wait_closed(sock: socket.socket, within: float) -> tuple[bytes, float]:
    start = time.perf_counter()
    answer: list[bytes] = []
    received = bytearray()

    def closed() -> bool:
        data = _closed(sock, received)
        if data is not None:
            answer.append(data)
        return data is not None

    wait_until(closed, within)
    return answer[0], time.perf_counter() - start


def test_a_silent_connection_is_closed_after_the_header_timeout(strict: ServerProcess) -> None:
    with socket.create_connection(_address(strict), timeout=5) as sock:
        data, took = _wait_closed(sock, 4)
    assert data == b""
    assert 0.2 < took < 3


def test_half_a_head_is_answered_408_after_the_header_timeout(strict: ServerProcess) -> None:
    with socket.create_connection(_address(strict), timeout=5) as sock:
        sock.sendall(b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        time.sleep(0.25)
        sock.sendall(b"still coming")  # data does not restart the clock
        data, took = _wait_closed(sock, 4)
    assert data.startswith(b"HTTP/1.1 408 ")
    assert took < 3


def test_half_a_body_is_answered_408_after_the_body_timeout(strict: ServerProcess) -> None:
    with socket.create_connection(_address(strict), timeout=5) as sock:
        sock.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"config": '
        )
        data, took = _wait_closed(sock, 4)
    assert data.startswith(b"HTTP/1.1 408 ")
    assert b'"error": "timeout"' in data
    assert took < 3


def test_an_idle_keep_alive_connection_is_closed(strict: ServerProcess) -> None:
    with socket.create_connection(_address(strict), timeout=5) as sock:
        sock.sendall(b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = sock.recv(4096)
        assert first.startswith(b"HTTP/1.1 200 ")
        rest, took = _wait_closed(sock, 4)
    # The close came with nothing but the rest of that one answer (its body may arrive apart).
    assert (first + rest).count(b"HTTP/1.1 ") == 1
    assert took < 3


def test_when_every_connection_is_busy_a_new_one_gets_503(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "games.sqlite3", "--max-connections", "3") as server:
        game = httpx2.post(server.url + "/api/games", json={"config": {"players": 2}}).json()
        token = game["spectator"]["token"]
        request = (
            f"GET /api/games/{game['game']}/seats/spectator/events?token={token} HTTP/1.1\r\n"
            "Host: 127.0.0.1\r\n\r\n"
        ).encode()
        streams = [socket.create_connection(_address(server), timeout=5) for _ in range(3)]
        try:
            for sock in streams:  # three event streams: three connections busy answering
                sock.sendall(request)
                assert sock.recv(4096).startswith(b"HTTP/1.1 200 ")
            with socket.create_connection(_address(server), timeout=5) as extra:
                data, _ = _wait_closed(extra, 4)
            assert data.startswith(b"HTTP/1.1 503 ")
            assert b"retry-after: 1\r\n" in data
            streams.pop().close()
            wait_until(lambda: httpx2.get(server.url + "/api/bots").status_code == 200, 5)
        finally:
            for sock in streams:
                sock.close()
    assert token not in "".join(server.output)  # the server's whole log


def test_a_head_over_16_kib_is_answered_400(strict: ServerProcess) -> None:
    with socket.create_connection(_address(strict), timeout=5) as sock:
        sock.sendall(b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * 20_000)
        data, _ = _wait_closed(sock, 4)
    assert data.startswith(b"HTTP/1.1 400 ")  # the parser's limit (at the timeout it is a 408)
