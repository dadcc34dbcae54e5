"""Safe defaults of ``coup-rules serve``: whom it answers, what may change state, its headers,
its database file."""

from __future__ import annotations

import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.support import ROOT, ServerProcess, counter, create_seated, need_web, seeded_bots

need_web()

from starlette.testclient import TestClient  # noqa: E402

from coup_rules.web.app import create_app  # noqa: E402
from coup_rules.web.security import Site  # noqa: E402
from coup_rules.web.store import open_store  # noqa: E402

GAME = {"config": {"players": 2}}


def _app(tmp_path: Path, site: Site | None = None) -> TestClient:
    app = create_app(
        tmp_path / "games.sqlite3", bot_delay=0, seeds=counter(3), bot_rng=seeded_bots(3), site=site
    )
    return TestClient(app, base_url="http://127.0.0.1:8000")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with _app(tmp_path) as c:
        yield c


# --- Host --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "192.168.1.20:80"]
)
def test_loopback_names_and_addresses_are_answered(client: TestClient, host: str) -> None:
    assert client.get("/api/bots", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize(
    "host",
    ["evil.example", "evil.example:8000", "localhost.evil.example", "", "a b", "x@localhost"],
)
def test_another_name_is_refused_by_default(client: TestClient, host: str) -> None:
    # A page of evil.example whose name was made to resolve to 127.0.0.1 (DNS rebinding).
    response = client.get("/api/bots", headers={"Host": host})
    assert response.status_code == 400
    assert response.json()["error"] == "unknown_host"


def test_the_public_url_and_allowed_hosts_are_answered(tmp_path: Path) -> None:
    site = Site.of("https://coup.example.org", ["lan-box"])
    with _app(tmp_path, site) as c:
        for host in ("coup.example.org", "lan-box:8000", "localhost"):
            assert c.get("/", headers={"Host": host}).status_code == 200
        assert c.get("/", headers={"Host": "other.example.org"}).status_code == 400


@pytest.mark.parametrize("url", ["coup.example.org", "ftp://coup.example.org", "https://:80"])
def test_a_public_url_must_be_an_http_origin(url: str) -> None:
    with pytest.raises(ValueError, match="--public-url"):
        Site.of(url)


# --- state-changing requests -------------------------------------------------------------------


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_creating_needs_application_json(client: TestClient, content_type: str | None) -> None:
    # What a form or a no-cors fetch of another site can send without asking first.
    headers = {} if content_type is None else {"Content-Type": content_type}
    response = client.post("/api/games", content='{"config": {"players": 2}}', headers=headers)
    assert response.status_code == 415
    assert client.app.state.hub.tables == {}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "http://127.0.0.1:9999",
        "https://127.0.0.1:8000",
        "null",
        "http://[",
        "http://127.0.0.1:8000/path",
        "http://127.0.0.1:x",
    ],
)
def test_another_origin_cannot_create_or_move(client: TestClient, origin: str) -> None:
    response = client.post("/api/games", json=GAME, headers={"Origin": origin})
    assert response.status_code == 403
    assert response.json()["error"] == "cross_origin"
    game = create_seated(client.post, GAME)
    token = game["seats"][0]["token"]
    response = client.post(
        f"/api/games/{game['game']}/seats/0/moves",
        json={"version": 0, "move": {"type": "income", "player": 0}},
        headers={"Origin": origin, "Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 403


def test_the_same_origin_and_clients_without_origin_may_create(client: TestClient) -> None:
    same = client.post("/api/games", json=GAME, headers={"Origin": "http://127.0.0.1:8000"})
    assert same.status_code == 201
    assert client.post("/api/games", json=GAME).status_code == 201  # curl, scripts


def test_behind_a_proxy_the_public_origin_may_create(tmp_path: Path) -> None:
    with _app(tmp_path, Site.of("https://coup.example.org")) as c:
        headers = {"Origin": "https://coup.example.org", "Host": "coup.example.org"}
        assert c.post("/api/games", json=GAME, headers=headers).status_code == 201
        headers["Origin"] = "https://other.example.org"
        assert c.post("/api/games", json=GAME, headers=headers).status_code == 403


# --- headers -----------------------------------------------------------------------------------


def test_api_answers_are_neither_cached_nor_sniffed(client: TestClient) -> None:
    game = client.post("/api/games", json=GAME)
    bad = client.get("/api/games/nope/seats/0")
    refused = [
        client.get("/api/bots", headers={"Host": "evil.example"}),
        client.post("/api/games", content="{}"),
        client.post("/api/games", json=GAME, headers={"Origin": "http://evil.example"}),
        client.post("/api/games", json=GAME, headers={"Content-Length": "999999"}),
    ]
    assert [r.status_code for r in refused] == [400, 415, 403, 413]
    for response in (game, bad, client.get("/api/bots"), *refused):
        assert response.headers["cache-control"] == "no-store"
        assert response.headers["x-content-type-options"] == "nosniff"


def test_pages_refuse_to_be_framed(client: TestClient) -> None:
    for path in ("/", "/play/abc/0", "/watch/abc", "/static/table.js"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        assert response.headers["x-content-type-options"] == "nosniff"
    page = client.get("/")
    assert page.headers["content-security-policy"].startswith("default-src 'self'")


# --- the database file -------------------------------------------------------------------------


def test_the_database_is_created_readable_by_its_owner_only(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    open_store(db).close()
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


def test_a_second_server_on_the_same_database_refuses_to_start(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with ServerProcess(db):
        second = subprocess.run(
            [sys.executable, "-m", "coup_rules.web", "--port", "0", "--db", str(db)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
    assert second.returncode == 1
    assert second.stdout == ""
    lines = second.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"coup-rules serve: {db} is in use by another server (pid ")
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
