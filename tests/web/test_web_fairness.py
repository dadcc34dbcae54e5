"""Fair limits under load: one client's sockets, streams and games cannot keep another out.

Each test starts ``python -m coup_rules.web`` with its default limits in a subprocess. A hostile
client attacks it from one loopback address while an ordinary player, from another, creates a
game, claims its seat, plays and follows the game's event stream. What is asserted is that the
player's every request succeeds and every move reaches their stream; the latencies are printed
(``pytest -s``) for the deploying guide, and bounded only loosely.

Loopback is all of 127.0.0.0/8 on Linux, so the two clients bind 127.0.0.2 and 127.0.0.3: the
server sees two addresses, as it would see two people on the internet. The last test names one
of them as a reverse proxy (``--forwarded-allow-ips``): only its ``X-Forwarded-For`` counts.
"""

from __future__ import annotations

import socket
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import ServerProcess, iter_sse, need_web

need_web()

import httpx2  # noqa: E402

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="needs all of 127.0.0.0/8 on loopback (Linux)"
)

SLOW_BODIES = 1000
"""Sockets that send a request's head and then its body a byte a second."""

HOSTILE, PLAYER = "127.0.0.2", "127.0.0.3"


def _address(server: ServerProcess) -> tuple[str, int]:
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    return host, int(port)


@pytest.fixture
def many_files() -> None:
    """This process needs a file per socket; raise its soft limit if the hard one allows."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = SLOW_BODIES + 500
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"the test needs {wanted} files; the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


# --- an ordinary player ----------------------------------------------------------------------


class Player:
    """A person at one address: each request timed, each answer's status kept."""

    def __init__(self, url: str, address: str) -> None:
        transport = httpx2.HTTPTransport(local_address=address)
        self.http = httpx2.Client(base_url=url, transport=transport, timeout=15)
        self.url, self.address = url, address
        self.answers: list[tuple[str, int, float]] = []  # (what, status, seconds)

    def request(self, what: str, method: str, path: str, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            response = self.http.request(method, path, **kwargs)
        except httpx2.HTTPError as error:
            self.answers.append((f"{what}: {type(error).__name__}", 0, time.perf_counter() - start))
            raise AssertionError(f"{what}: {error!r}") from error
        self.answers.append((what, response.status_code, time.perf_counter() - start))
        return response

    def close(self) -> None:
        self.http.close()


def play_a_game(player: Player, moves: int = 8) -> list[float]:
    """Create a two-seat game against a bot, claim the seat by its invite, follow its event
    stream and make ``moves`` moves; returns, per move, the seconds until the stream showed it.

    Raises:
        AssertionError: a request failed, or the stream did not show a move.
    """
    body = {"config": {"players": 2}, "seats": ["human", "honest"]}
    created = player.request("create", "POST", "/api/games", json=body)
    assert created.status_code == 201, created.text
    game = created.json()
    gid = game["game"]
    invite = game["seats"][0]["invite"].split("#", 1)[1]
    claimed = player.request(
        "claim", "POST", f"/api/games/{gid}/claims", json={"invite": invite, "name": "Player"}
    )
    assert claimed.status_code == 201, claimed.text
    token = claimed.json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    seen: list[int] = []
    arrived = threading.Condition()
    failure: list[BaseException] = []

    def follow() -> None:
        transport = httpx2.HTTPTransport(local_address=player.address)
        try:
            with (
                httpx2.Client(base_url=player.url, transport=transport, timeout=30) as mine,
                mine.stream("GET", f"/api/games/{gid}/seats/0/events", headers=auth) as stream,
            ):
                player.answers.append(("events", stream.status_code, 0.0))
                for _, data in iter_sse(stream.iter_lines()):
                    with arrived:
                        seen.append(int(data["version"]))
                        arrived.notify_all()
                    if not data["view"]["to_act"]:
                        return
        except BaseException as error:  # reported to the test's thread
            failure.append(error)
            with arrived:
                arrived.notify_all()

    reader = threading.Thread(target=follow, daemon=True)
    reader.start()
    delays: list[float] = []
    for _ in range(moves):
        data = player.request("view", "GET", f"/api/games/{gid}/seats/0", headers=auth).json()
        while data["view"]["to_act"] and not data["view"]["legal_moves"]:  # the bot's turn
            time.sleep(0.05)
            data = player.request("view", "GET", f"/api/games/{gid}/seats/0", headers=auth).json()
        if not data["view"]["to_act"]:
            break  # the game is over
        legal = data["view"]["legal_moves"]
        move = next((m for m in legal if m["type"] in ("income", "allow")), legal[0])
        posted = time.perf_counter()
        answer = player.request(
            "move",
            "POST",
            f"/api/games/{gid}/seats/0/moves",
            json={"version": data["version"], "move": move},
            headers=auth,
        )
        assert answer.status_code in (200, 409), answer.text  # 409: the bot answered first
        if answer.status_code != 200:
            continue
        version: int = answer.json()["version"]

        def shown_on_stream(version: int = version) -> bool:
            return bool(failure) or any(v >= version for v in seen)

        with arrived:
            shown = arrived.wait_for(shown_on_stream, 15)
        assert shown and not failure, f"the stream did not show version {version}: {failure}"
        delays.append(time.perf_counter() - posted)
    return delays


def _report(title: str, player: Player, delays: list[float]) -> None:
    times = sorted(t for what, _, t in player.answers if what != "events")
    print(
        f"\n{title}: {len(player.answers)} requests, statuses "
        f"{sorted({s for _, s, _ in player.answers})}, p50 {statistics.median(times) * 1000:.0f} "
        f"ms, max {times[-1] * 1000:.0f} ms; moves seen on the stream after p50 "
        f"{statistics.median(delays) * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms"
    )


def _assert_served(player: Player) -> None:
    refused = [(what, status) for what, status, _ in player.answers if status >= 400]
    refused = [(w, s) for w, s in refused if (w, s) != ("move", 409)]
    assert not refused, f"the player was refused: {refused}"


# --- slow bodies -----------------------------------------------------------------------------


class SlowBodies:
    """``count`` sockets from ``address``, each sending a request's head and then its body a
    byte a second; a socket the server closes is opened again at once, for as long as it runs."""

    HEAD = (
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n{"
    )

    def __init__(self, server: tuple[str, int], address: str, count: int) -> None:
        self.server, self.address, self.count = server, address, count
        self.sockets: list[socket.socket | None] = []
        self.closed = 0  # sockets the server closed (answered 408 or 503, or dropped)
        self.answers: dict[bytes, int] = {}  # status line -> how many
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _open(self) -> socket.socket:
        sock = socket.create_connection(self.server, timeout=5, source_address=(self.address, 0))
        sock.sendall(self.HEAD)
        sock.setblocking(False)
        return sock

    def open_all(self) -> None:
        self.sockets = [self._open() for _ in range(self.count)]
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.wait(1.0):
            for n, sock in enumerate(self.sockets):
                if sock is None:
                    self.sockets[n] = self._reopen()
                    continue
                try:
                    data = sock.recv(4096)
                except BlockingIOError:
                    data = None
                except OSError:
                    data = b""
                if data is None:
                    try:
                        sock.send(b" ")
                        continue
                    except OSError:
                        data = b""
                status = data.split(b"\r\n", 1)[0][:12]
                self.answers[status] = self.answers.get(status, 0) + 1
                self.closed += 1
                sock.close()
                self.sockets[n] = self._reopen()

    def _reopen(self) -> socket.socket | None:
        try:
            return self._open()
        except OSError:
            return None  # try again next second

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)
        for sock in self.sockets:
            if sock is not None:
                sock.close()


def test_a_thousand_slow_bodies_do_not_keep_a_player_out(tmp_path: Path, many_files: None) -> None:
    with ServerProcess(tmp_path / "games.sqlite3", "--bot-delay", "0") as server:
        attack = SlowBodies(_address(server), HOSTILE, SLOW_BODIES)
        player = Player(server.url, PLAYER)
        try:
            attack.open_all()
            time.sleep(1.0)  # every slow socket is open and has begun its body
            delays = play_a_game(player)
            time.sleep(max(0.0, 6.0 - sum(t for _, _, t in player.answers)))
            delays += play_a_game(player)  # again, once the first slow bodies are past due
        finally:
            attack.close()
            player.close()
        _report("slow bodies", player, delays)
        print(f"  slow sockets closed by the server: {attack.closed}, answers {attack.answers}")
        _assert_served(player)
        assert delays, "no move was made"
        assert attack.closed > 0  # their bodies never came: the server let them go
        assert b"HTTP/1.1 503" not in attack.answers
        assert server.proc is not None and server.proc.poll() is None


# --- one client taking all it may ------------------------------------------------------------


class Greedy:
    """From ``address``: new games as fast as the server takes them, each with a made-up
    ``X-Forwarded-For`` (the D3 audit's trick), and four event streams on every token it gets
    (each game's spectators' and every seat it claims), held open on raw sockets."""

    def __init__(self, url: str, address: str) -> None:
        self.url, self.address = url, address
        host, port = url.removeprefix("http://").rsplit(":", 1)
        self.server = (host, int(port))
        transport = httpx2.HTTPTransport(local_address=address)
        self.http = httpx2.Client(base_url=url, transport=transport, timeout=15)
        self.streams: list[socket.socket] = []
        self.created = 0
        self.games: dict[tuple[int, str], int] = {}  # (status, error) of creations -> how many
        self.refused: dict[tuple[int, str], int] = {}  # (status, error) of streams -> how many
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _stream(self, gid: str, seat: int | str, token: str) -> None:
        sock = socket.create_connection(self.server, timeout=5, source_address=(self.address, 0))
        sock.sendall(
            f"GET /api/games/{gid}/seats/{seat}/events?token={token} HTTP/1.1\r\n"
            "Host: 127.0.0.1\r\n\r\n".encode()
        )
        head = sock.recv(4096)
        if head.startswith(b"HTTP/1.1 200 "):
            self.streams.append(sock)
            return
        while chunk := sock.recv(4096):  # a refusal: its body, then the close
            head += chunk
        error = head.split(b'"error": "', 1)[-1].split(b'"', 1)[0].decode()
        key = (int(head[9:12]), error)
        self.refused[key] = self.refused.get(key, 0) + 1
        sock.close()

    def _run(self) -> None:
        n = 0
        while not self.stop.is_set():
            n += 1
            spoofed = {"X-Forwarded-For": f"198.51.100.{n % 250 + 1}"}
            body = {"config": {"players": 4}, "host_seat": 0, "name": "Greedy"}
            answer = self.http.post("/api/games", json=body, headers=spoofed)
            error = "" if answer.status_code == 201 else answer.json()["error"]
            key = (answer.status_code, error)
            self.games[key] = self.games.get(key, 0) + 1
            if answer.status_code != 201:
                self.stop.wait(0.05)
                continue
            self.created += 1
            game = answer.json()
            tokens: list[tuple[int | str, str]] = [("spectator", game["spectator"]["token"])]
            tokens.append((0, game["seat"]["token"]))
            for token_seat, token in tokens:
                for _ in range(4):
                    if not self.stop.is_set():
                        self._stream(game["game"], token_seat, token)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(20)
        self.http.close()
        for sock in self.streams:
            sock.close()


def test_one_client_taking_all_it_may_leaves_room_for_a_player(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "games.sqlite3", "--bot-delay", "0") as server:
        greedy = Greedy(server.url, HOSTILE)
        player = Player(server.url, PLAYER)
        try:
            greedy.thread.start()
            wait_for = time.monotonic() + 20
            capped = (429, "too_many_games")
            while not (greedy.refused and capped in greedy.games) and time.monotonic() < wait_for:
                time.sleep(0.1)  # until both its streams and its new games are capped
            delays = play_a_game(player)
            delays += play_a_game(player)
        finally:
            greedy.close()
            player.close()
        _report("one greedy client", player, delays)
        print(
            f"  the greedy client: {greedy.created} games, answers {greedy.games}; "
            f"{len(greedy.streams)} streams held, refused {greedy.refused}"
        )
        _assert_served(player)
        assert delays, "no move was made"
        # Its made-up X-Forwarded-For counted for nothing: one address, one rate, one share.
        assert greedy.games.get((429, "too_many_games"), 0) > 0
        assert greedy.created <= 30 + 1 + 30  # the burst, then one every 2 s for under a minute
        assert len(greedy.streams) == 64
        assert set(greedy.refused) == {(429, "too_many_streams")}


def test_x_forwarded_for_counts_only_from_the_proxies_named(tmp_path: Path) -> None:
    flags = ["--forwarded-allow-ips", HOSTILE, "--games-per-minute", "2"]
    with ServerProcess(tmp_path / "games.sqlite3", *flags) as server:

        def creations(address: str) -> list[int]:
            transport = httpx2.HTTPTransport(local_address=address)
            with httpx2.Client(base_url=server.url, transport=transport, timeout=15) as http:
                body = {"config": {"players": 2}}
                return [
                    http.post(
                        "/api/games", json=body, headers={"X-Forwarded-For": f"203.0.113.{n}"}
                    ).status_code
                    for n in range(3)
                ]

        # The proxy at HOSTILE speaks for three people; PLAYER's made-up header counts for
        # nothing: it is one client, over its two a minute at the third.
        assert creations(HOSTILE) == [201, 201, 201]
        assert creations(PLAYER) == [201, 201, 429]
