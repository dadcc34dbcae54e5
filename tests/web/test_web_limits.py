"""The limits of ``coup-rules serve`` per request: bodies, JSON, event streams, new games.

The connection-level limits (idle sockets, slow heads and bodies on a real server) are in
``test_web_sockets.py``.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from coup_rules.web.serve import (
    LIMIT_FLAGS,
    build_parser,
    forwarded_allow_ips,
    limits_of,
    serve_main,
)
from tests.web.support import ROOT, counter, create_seated, need_web, seeded_bots

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.limits import (  # noqa: E402
    IPV6_PREFIX,
    BadJson,
    Limits,
    LimitsMiddleware,
    Message,
    network,
    read_json,
)

JSON = {"Content-Type": "application/json"}


def _client(tmp_path: Path, limits: Limits) -> TestClient:
    app = create_app(
        tmp_path / "games.sqlite3",
        bot_delay=0,
        seeds=counter(5),
        bot_rng=seeded_bots(5),
        limits=limits,
    )
    return TestClient(app, base_url="http://127.0.0.1")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with _client(tmp_path, Limits()) as c:
        yield c


def _game(client: TestClient) -> dict[str, Any]:
    return create_seated(client.post, {"config": {"players": 2}})


def _move(client: TestClient, game: dict[str, Any], raw: str) -> Any:
    token = game["seats"][0]["token"]
    return client.post(
        f"/api/games/{game['game']}/seats/0/moves",
        headers={**JSON, "Authorization": f"Bearer {token}"},
        content=raw,
    )


# --- JSON bodies -----------------------------------------------------------------------------


def test_read_json_takes_ordinary_bodies() -> None:
    body = b'{"version": 12, "move": {"type": "steal", "player": 0, "target": 1}, "x": 1.5}'
    assert read_json(body, Limits()) == {
        "version": 12,
        "move": {"type": "steal", "player": 0, "target": 1},
        "x": 1.5,
    }


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (b"[" * 5_000 + b"]" * 5_000, "more than 16 deep"),
        (b"[" * 17 + b"]" * 17, "more than 16 deep"),
        (b'{"a": ' * 17 + b"1" + b"}" * 17, "more than 16 deep"),
        (b'{"version": ' + b"9" * 5_000 + b"}", "more than 20 digits"),
        (b'{"version": -' + b"9" * 21 + b"}", "more than 20 digits"),
        (b'{"version": 1e999}', "more than 20 digits"),
        (b'{"version": NaN}', "NaN is not a JSON value"),
        (b'{"version": -Infinity}', "-Infinity is not a JSON value"),
        (b'{"version": 1', "the body is not JSON"),
        (b'"\xff"', "not UTF-8"),
    ],
)
def test_read_json_refuses_what_is_beyond_the_limits(body: bytes, problem: str) -> None:
    with pytest.raises(BadJson, match=problem):
        read_json(body, Limits())


def test_read_json_takes_the_deepest_and_longest_allowed() -> None:
    assert read_json(b"[" * 16 + b"]" * 16, Limits()) is not None
    assert read_json(b"9" * 20, Limits()) == int("9" * 20)
    assert read_json(b"[1, 2]", Limits(max_json_depth=1, max_number_digits=1)) == [1, 2]
    with pytest.raises(BadJson):
        read_json(b"[[1]]", Limits(max_json_depth=1))


@pytest.mark.parametrize(
    "raw",
    [
        "[" * 10_000 + "]" * 10_000,
        '{"version": ' + "1" * 5_000 + ', "move": {"type": "income", "player": 0}}',
        '{"version": 1, "move": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}",
    ],
    ids=["deep", "5000-digit version", "deep move"],
)
def test_a_move_beyond_the_json_limits_is_400_and_changes_nothing(
    client: TestClient, raw: str
) -> None:
    game = _game(client)

    def version() -> int:
        token = game["seats"][0]["token"]
        path = f"/api/games/{game['game']}/seats/0"
        answer: int = client.get(path, headers={"Authorization": f"Bearer {token}"}).json()[
            "version"
        ]
        return answer

    before = version()
    response = _move(client, game, raw)
    assert response.status_code == 400
    assert response.json()["error"] == "malformed"
    assert version() == before


def test_a_body_over_the_limit_is_413_before_it_is_read(tmp_path: Path) -> None:
    with _client(tmp_path, Limits(max_body=1000)) as c:
        game = _game(c)
        response = _move(c, game, json.dumps({"version": 1, "move": {"pad": "x" * 1000}}))
        assert response.status_code == 413
        assert response.json() == {"error": "too_large", "detail": "the body is over 1000 bytes"}


# --- new games ---------------------------------------------------------------------------------


def test_games_per_minute_per_address_answers_429_with_retry_after(tmp_path: Path) -> None:
    with _client(tmp_path, Limits(games_per_minute=2)) as c:
        _game(c)
        _game(c)
        response = c.post("/api/games", json={"config": {"players": 2}})
        assert response.status_code == 429
        assert response.json()["error"] == "too_many_games"
        assert 1 <= int(response.headers["retry-after"]) <= 30
        # Everything else goes on: reading and playing are not creating.
        assert c.get("/api/bots").status_code == 200


def test_no_new_game_beyond_the_live_games(tmp_path: Path) -> None:
    with _client(tmp_path, Limits(max_live_games=2)) as c:
        _game(c)
        _game(c)
        response = c.post("/api/games", json={"config": {"players": 2}})
        assert response.status_code == 503
        assert response.json()["error"] == "busy"
        assert response.headers["retry-after"] == "60"


# --- the middleware alone, on a clock and an app of the test's own ------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _scope(method: str, path: str, client: str = "192.0.2.1", **headers: str) -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "query_string": b"",
        "client": (client, 1234),
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }


async def _call(
    middleware: LimitsMiddleware, scope: dict[str, Any], unfinished: bytes | None = None
) -> tuple[int, dict[str, str]]:
    """Status and headers the middleware answers. The request's body is empty, or, given
    ``unfinished``, that chunk and then nothing more, ever."""
    forever = asyncio.Event()
    first = True

    async def receive() -> dict[str, Any]:
        nonlocal first
        if first:
            first = False
            more = unfinished is not None
            return {"type": "http.request", "body": unfinished or b"", "more_body": more}
        await forever.wait()
        return {"type": "http.disconnect"}

    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    await middleware(scope, receive, send)
    start = sent[0]
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}


async def _ok(scope: Any, receive: Any, send: Any) -> None:
    await receive()
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b""})


def test_the_creation_bucket_refills_and_counts_each_address_apart() -> None:
    clock = Clock()
    middleware = LimitsMiddleware(_ok, Limits(games_per_minute=3), lambda: 0, clock)

    def create(client: str) -> int:
        return asyncio.run(_call(middleware, _scope("POST", "/api/games", client)))[0]

    assert [create("192.0.2.1") for _ in range(4)] == [200, 200, 200, 429]
    assert create("192.0.2.2") == 200  # another address has its own bucket
    assert create("2001:db8::1") == 200
    assert [create("2001:db8::2") for _ in range(3)] == [200, 200, 429]  # the same /64
    clock.now = 19.0  # 3 a minute: one more every 20 s
    assert create("192.0.2.1") == 429
    clock.now = 20.5
    assert [create("192.0.2.1") for _ in range(2)] == [200, 429]


def test_a_body_that_does_not_arrive_in_time_is_408() -> None:
    middleware = LimitsMiddleware(_ok, Limits(body_timeout=0.05), lambda: 0)
    scope = _scope("POST", "/api/games", **{"Content-Length": "100"})
    status, headers = asyncio.run(_call(middleware, scope, b"{" * 10))
    assert status == 408
    assert headers["connection"] == "close"


def test_a_declared_length_over_the_limit_is_413_without_reading() -> None:
    middleware = LimitsMiddleware(_ok, Limits(max_body=10), lambda: 0)
    scope = _scope("POST", "/api/games", **{"Content-Length": "11"})
    assert asyncio.run(_call(middleware, scope, b"x"))[0] == 413


def test_event_streams_are_capped_per_token_and_in_all() -> None:
    release = asyncio.Event()

    async def stream(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await release.wait()
        await send({"type": "http.response.body", "body": b""})

    middleware = LimitsMiddleware(stream, Limits(max_streams=5, max_streams_per_token=2), lambda: 0)

    def events(token: str) -> dict[str, Any]:
        return _scope("GET", "/api/games/g/seats/0/events", Authorization=f"Bearer {token}")

    async def scenario() -> list[tuple[int, dict[str, str]]]:
        tokens = ["a", "a", "a", "b", "b", "c", "d"]
        tasks = []
        for token in tokens:
            tasks.append(asyncio.create_task(_call(middleware, events(token))))
            await asyncio.sleep(0.01)
        release.set()
        answers = await asyncio.gather(*tasks)
        assert (middleware.streams, middleware.per_token.held) == (0, {})  # all given back
        return answers

    answers = asyncio.run(scenario())
    assert [status for status, _ in answers] == [200, 200, 429, 200, 200, 200, 503]
    assert answers[2][1]["retry-after"] == "5"
    assert answers[6][1]["retry-after"] == "30"


def test_event_streams_are_capped_per_client_address_whatever_the_tokens() -> None:
    release = asyncio.Event()

    async def stream(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await release.wait()
        await send({"type": "http.response.body", "body": b""})

    limits = Limits(max_streams=10, max_streams_per_token=4, max_streams_per_client=3)
    middleware = LimitsMiddleware(stream, limits, lambda: 0)

    def events(client: str, token: str) -> dict[str, Any]:
        path = "/api/games/g/seats/0/events"
        return _scope("GET", path, client, Authorization=f"Bearer {token}")

    async def scenario() -> list[int]:
        asked = [("192.0.2.1", f"t{n}") for n in range(4)]  # one client, a new token each time
        asked += [("2001:db8::1", "u1"), ("2001:db8::2", "u2"), ("2001:db8::3", "u3")]
        asked += [("2001:db8::4", "u4"), ("198.51.100.7", "v")]
        tasks = []
        for client, token in asked:
            tasks.append(asyncio.create_task(_call(middleware, events(client, token))))
            await asyncio.sleep(0.01)
        release.set()
        answers = await asyncio.gather(*tasks)
        assert middleware.per_client.held == {}  # all given back
        return [status for status, _ in answers]

    # The fourth from 192.0.2.1 and from its /64 of IPv6 are refused; another address is not.
    assert asyncio.run(scenario()) == [200, 200, 200, 429, 200, 200, 200, 429, 200]


def test_live_games_are_capped_per_client_until_one_is_over() -> None:
    live: set[str] = set()
    made = iter(range(100))

    async def create(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        game = f"g{next(made)}"
        live.add(game)
        body = json.dumps({"game": game}).encode()
        await send({"type": "http.response.start", "status": 201, "headers": []})
        await send({"type": "http.response.body", "body": body})

    limits = Limits(games_per_minute=100, max_live_games_per_client=2)
    middleware = LimitsMiddleware(create, limits, lambda: len(live), is_live=live.__contains__)

    def new_game(client: str) -> tuple[int, dict[str, str]]:
        return asyncio.run(_call(middleware, _scope("POST", "/api/games", client)))

    assert [new_game("192.0.2.1")[0] for _ in range(2)] == [201, 201]
    status, headers = new_game("192.0.2.1")
    assert status == 429 and headers["retry-after"] == "60"
    assert new_game("192.0.2.2")[0] == 201  # another client has its own
    live.discard("g0")  # over, or gone from memory: it no longer counts
    assert [new_game("192.0.2.1")[0] for _ in range(2)] == [201, 429]


def test_live_games_per_client_answer_says_why(tmp_path: Path) -> None:
    with _client(tmp_path, Limits(max_live_games_per_client=1)) as c:
        _game(c)
        response = c.post("/api/games", json={"config": {"players": 2}})
        assert response.status_code == 429
        assert response.json()["error"] == "too_many_live_games"
        assert "at most 1 unfinished games" in response.json()["detail"]


# --- the flags and their documentation ---------------------------------------------------------


def test_each_limit_has_a_flag_whose_default_is_the_limits_default() -> None:
    args = build_parser().parse_args([])
    assert limits_of(args) == Limits()
    assert {name for name, _, _ in LIMIT_FLAGS} == set(attrs.fields_dict(Limits))
    with pytest.raises(SystemExit):
        serve_main(["--max-body", "0"])


def test_no_proxy_is_believed_unless_named() -> None:
    assert build_parser().parse_args([]).forwarded_allow_ips == []
    assert forwarded_allow_ips([]) == ""
    given = ["127.0.0.1", "10.0.0.0/8, ::1"]
    assert forwarded_allow_ips(given) == "127.0.0.1,10.0.0.0/8,::1"
    assert forwarded_allow_ips(["*"]) == "*"
    args = build_parser().parse_args(["--trusted-proxy", "192.0.2.9"])  # its former name
    assert args.forwarded_allow_ips == ["192.0.2.9"]
    with pytest.raises(ValueError, match=re.escape("not 'proxy.example'")):
        forwarded_allow_ips(["proxy.example"])


def test_the_deploying_page_lists_every_limit_flag_with_its_default() -> None:
    page = (ROOT / "docs" / "guide" / "deploying.md").read_text()
    rows = re.findall(r"^\| `(--[a-z0-9-]+)` \| ([^|]+) \|", page, flags=re.MULTILINE)
    documented = {flag: default.strip() for flag, default in rows}
    args = vars(build_parser().parse_args([]))
    expected = {"--" + name.replace("_", "-"): str(args[name]) for name, _, _ in LIMIT_FLAGS}
    assert documented == expected


# --- what counts as one client ------------------------------------------------------------------


def test_an_ipv6_client_is_its_56_by_default_as_a_household_is_given() -> None:
    assert Limits().ipv6_prefix == IPV6_PREFIX == 56
    home = network("2001:db8:0:1::1")  # one /64 of the household's /56 ...
    assert network("2001:db8:0:ff::2") == home  # ... and another of the same /56
    assert network("2001:db8:0:100::1") != home  # the next /56: a neighbour
    assert network("192.0.2.1") == "192.0.2.1"


def test_the_ipv6_prefix_is_a_setting_from_32_to_128_bits() -> None:
    assert network("2001:db8:0:1::1", 64) != network("2001:db8:0:2::1", 64)
    assert network("2001:db8:1::1", 48) == network("2001:db8:1:ff00::1", 48)
    args = build_parser().parse_args(["--ipv6-prefix", "48"])
    assert limits_of(args).ipv6_prefix == 48
    with pytest.raises(ValueError, match="--ipv6-prefix: from 32 to 128 bits, not 24"):
        Limits(ipv6_prefix=24)
    with pytest.raises(SystemExit):
        serve_main(["--ipv6-prefix", "200"])


def test_an_ipv4_address_written_as_ipv6_is_that_ipv4_client() -> None:
    assert network("::ffff:192.0.2.1") == "192.0.2.1"
    assert network("::ffff:192.0.2.1") != network("::ffff:198.51.100.7")


def test_new_games_from_two_64s_of_one_56_share_the_clients_bucket() -> None:
    middleware = LimitsMiddleware(_ok, Limits(games_per_minute=2), lambda: 0, Clock())

    def create(client: str) -> int:
        return asyncio.run(_call(middleware, _scope("POST", "/api/games", client)))[0]

    assert [create("2001:db8:0:1::1"), create("2001:db8:0:2::1")] == [200, 200]
    assert create("2001:db8:0:3::1") == 429  # the same /56
    assert create("2001:db8:1:1::1") == 200  # another /56


def test_the_setting_reaches_the_per_client_bucket() -> None:
    limits = Limits(games_per_minute=1, ipv6_prefix=64)
    middleware = LimitsMiddleware(_ok, limits, lambda: 0, Clock())

    def create(client: str) -> int:
        return asyncio.run(_call(middleware, _scope("POST", "/api/games", client)))[0]

    assert [create("2001:db8:0:1::1"), create("2001:db8:0:2::1")] == [200, 200]
