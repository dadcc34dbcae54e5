"""No client input makes the server fail: every route, fuzzed, answers below 500, and the log
never holds a token.

Hypothesis sends requests to every route of the app, with tokens of any characters (in the
``Authorization`` header and in ``?token=``), game ids and seats of any characters, JSON bodies
of any shape (deeply nested, huge, with huge numbers), bytes that are not JSON or not UTF-8,
any content type, ``Host`` and ``Origin``, and any method. The games they aim at are real ones,
so valid tokens and bodies are mixed in and requests get past the first checks. Meanwhile every
log record of every logger is kept: none may hold a token, real or fuzzed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.web.support import counter, create_seated, need_web, seeded_bots, wait_until

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.limits import Limits  # noqa: E402


class Kept(logging.Handler):
    """Every record the server logs, as formatted text (with its traceback): every logger's but
    the HTTP client's, which names the URLs the test itself requested."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
        self.texts: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith(("httpx", "httpcore")):
            self.texts.append(self.format(record))


class Target:
    """The app under fuzz, two real games (one still going, one over) and what was sent."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        live = create_seated(client.post, {"config": {"players": 3}})
        over = create_seated(client.post, {"config": {"players": 2}, "seats": ["random", "honest"]})
        hub = client.app.state.hub  # type: ignore[attr-defined]
        wait_until(lambda: hub.table(over["game"]).state.is_over)
        self.live, self.over = live, over
        self.tokens = [s["token"] for s in live["seats"]] + [live["spectator"]["token"]]
        self.over_token = over["spectator"]["token"]
        self.sent_tokens: set[str] = set(self.tokens) | {self.over_token, live["host"]}


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Target, Kept]]:
    db = tmp_path_factory.mktemp("fuzz") / "games.sqlite3"
    # No creation limit here: the fuzz creates as many games as it likes.
    limits = Limits(games_per_minute=1_000_000, max_live_games=1_000_000)
    app = create_app(db, bot_delay=0, seeds=counter(11), bot_rng=seeded_bots(11), limits=limits)
    kept = Kept()
    root = logging.getLogger()
    level = root.level
    root.addHandler(kept)
    root.setLevel(logging.DEBUG)
    try:
        with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as c:
            yield Target(c), kept
    finally:
        root.removeHandler(kept)
        root.setLevel(level)


# --- what a client may send --------------------------------------------------------------------

any_text = st.text(max_size=40)
non_ascii = st.characters(min_codepoint=128)
json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**18, max_value=10**40),
    st.floats(allow_nan=False, allow_infinity=False),
    any_text,
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4),
    max_leaves=20,
)
move = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["income", "tax", "steal", "challenge", "allow", "coup", "x"]),
        "player": st.one_of(st.integers(-2, 12), any_text),
    },
    optional={"target": st.integers(-2, 12), "card": any_text},
)
body = st.one_of(
    st.none(),
    st.binary(max_size=200),
    st.builds(lambda v: json.dumps(v).encode(), json_value),
    st.builds(
        lambda version, m: json.dumps({"version": version, "move": m}).encode(),
        st.one_of(st.integers(-5, 40), st.integers(min_value=10**19), json_value),
        st.one_of(move, json_value),
    ),
    st.builds(lambda players: json.dumps({"config": {"players": players}}).encode(), json_value),
    st.builds(lambda n: b"[" * n + b"]" * n, st.integers(1, 50_000)),
    st.builds(lambda n: b'{"version": ' + b"7" * n + b"}", st.integers(1, 6_000)),
    st.builds(lambda n: b" " * n, st.sampled_from([65 * 1024, 200 * 1024])),
)
content_type = st.sampled_from(
    [None, "application/json", "application/json; charset=utf-8", "text/plain", "x/y", "é"]
)
method = st.sampled_from(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
origin = st.one_of(
    st.sampled_from([None, "http://127.0.0.1", "http://evil.example", "null", "http://["]),
    any_text,
)
host = st.one_of(
    st.sampled_from([None, "127.0.0.1", "localhost:80", "[::1]", "evil.example", "[", "a:b:c"]),
    any_text,
)


def _quoted(text: str) -> str:
    """``text`` %-escaped for a path segment or a query value, from its UTF-8 bytes: a lone
    surrogate (which ``non_ascii`` may draw) is sent as its bytes, as the headers send it."""
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


@st.composite
def requests(draw: st.DrawFn, target: Target) -> dict[str, Any]:
    """One request: method, path, headers and body, aimed at a route or near one."""
    # Real games, seats and tokens two times in three, so that requests get past the checks.
    real_game = st.sampled_from([target.live["game"], target.over["game"]])
    game = draw(st.one_of(real_game, real_game, any_text.map(_quoted)))
    real_seat = st.sampled_from(["0", "1", "2", "spectator", "09", "-1", "99"])
    seat = _quoted(draw(st.one_of(real_seat, real_seat, any_text)))
    real_token = st.sampled_from([*target.tokens, target.over_token, target.live["host"]])
    token = draw(st.one_of(real_token, real_token, any_text, st.text(non_ascii, min_size=1)))
    base = f"/api/games/{game}/seats/{seat}"
    api = [base, base + "/moves", base + "/events", base + "/rematch", "/api/games"]
    api += [f"/api/games/{game}/claims", f"/api/games/{game}/host"]
    api += [f"/api/games/{game}/host/seats/{seat}"]
    pages = ["/", f"/play/{game}/{seat}", f"/watch/{game}", f"/join/{game}", f"/host/{game}"]
    pages += ["/static/table.js"]
    others = [f"/static/{game}", "/api/bots", f"/api/{game}"]
    path = draw(st.sampled_from(api * 3 + pages + others))
    verb = draw(method)
    if path.endswith("/events") and verb == "GET" and token != target.over_token:
        token = draw(any_text)  # a valid token on a live game would stream until it ends
        if token in target.tokens:
            token = ""
    query: list[str] = []
    if draw(st.booleans()):
        query.append("token=" + _quoted(token))
    if draw(st.booleans()):
        query.append("since=" + _quoted(draw(st.one_of(any_text, st.integers().map(str)))))
    headers: dict[str, bytes] = {}
    if draw(st.booleans()):
        headers["Authorization"] = b"Bearer " + token.encode("utf-8", "surrogatepass")
    kind = draw(content_type)
    if kind is not None:
        headers["Content-Type"] = kind.encode()
    where = draw(origin)
    if where is not None:
        headers["Origin"] = where.encode("utf-8", "surrogatepass")
    name = draw(host)
    if name is not None:
        headers["Host"] = name.encode("utf-8", "surrogatepass")
    target.sent_tokens.add(token)
    return {
        "method": verb,
        "url": path + ("?" + "&".join(query) if query else ""),
        "headers": headers,
        "content": draw(body),
    }


# --- the properties ----------------------------------------------------------------------------


def _run(target: Target, request: dict[str, Any]) -> None:
    response = target.client.request(**request)
    assert response.status_code < 500, (request["method"], request["url"], response.text[:300])


@settings(max_examples=250)
@given(data=st.data())
def test_no_request_gets_a_server_error(target: tuple[Target, Kept], data: st.DataObject) -> None:
    app = target[0]
    _run(app, data.draw(requests(app)))


@settings(max_examples=150)
@given(data=st.data())
def test_no_move_body_gets_a_server_error(target: tuple[Target, Kept], data: st.DataObject) -> None:
    # Past the token check: the real token of the seat, so the body itself is parsed.
    app = target[0]
    seat = data.draw(st.integers(0, 2))
    request = {
        "method": "POST",
        "url": f"/api/games/{app.live['game']}/seats/{seat}/moves",
        "headers": {
            "Authorization": f"Bearer {app.tokens[seat]}",
            "Content-Type": "application/json",
        },
        "content": data.draw(body),
    }
    _run(app, request)


def test_the_log_never_holds_a_token(target: tuple[Target, Kept]) -> None:
    # Runs after the fuzz above (same module, in order): everything it logged is kept.
    app, kept = target
    log = "\n".join(kept.texts)
    secrets = {t for t in app.sent_tokens if len(t) >= 8}
    assert len(secrets) >= 5
    assert [t for t in secrets if t in log] == []


@pytest.mark.parametrize("where", ["header", "query"])
@pytest.mark.parametrize("token", ["é", "tökén" * 8, "\u0000", "\ud800", "🂠"])
def test_a_token_of_any_characters_is_403(
    target: tuple[Target, Kept], where: str, token: str
) -> None:
    app = target[0]
    url = f"/api/games/{app.live['game']}/seats/0"
    raw = token.encode("utf-8", "surrogatepass")
    if where == "header":
        response = app.client.get(url, headers={"Authorization": b"Bearer " + raw})
    else:
        response = app.client.get(url + "?token=" + quote(raw, safe=""))
    assert response.status_code == 403
