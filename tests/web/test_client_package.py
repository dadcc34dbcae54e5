"""The npm package @coup-rules/client (clients/js/) says what a real server sends (issue 31).

A game is played through a real server (``python -m coup_rules.web`` in a subprocess) by two
people and a bot, with a seat reopened and claimed again, refused requests of every usual kind,
event streams followed to their end and a rematch; every answer body and every event of the
streams is then validated against the package's own JSON Schemas
(``clients/js/schema/protocol.schema.json``, the declarations' source), each against the
``$defs`` entry that names it and against the root ``ServerMessage``.

The validator is a small one, for exactly the subset of JSON Schema 2020-12 that
``coup_rules.schema`` emits; it refuses any other keyword, so the subset cannot grow unseen
(the ``jsonschema`` package is not needed).
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from coup_rules.schema import CLIENT_SENDS, SERVER_SENDS, ErrorCode, schemas
from tests.web.support import ROOT, STATIC, ServerProcess, need_web

PACKAGE = ROOT / "clients" / "js"
ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}
JSON_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: type(v) is int,
    "number": lambda v: type(v) in (int, float),
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}

Message = tuple[str, Any]
"""What the server sent: the name of the ``$defs`` entry it must match, and its JSON."""


class Invalid(Exception):
    """The instance does not match the schema; the message says where and why."""


def _schema() -> dict[str, Any]:
    path = PACKAGE / "schema" / "protocol.schema.json"
    if not path.is_file():
        pytest.skip("clients/js/ is not here (tests of an installed wheel or an sdist)")
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


def check(instance: Any, schema: dict[str, Any], root: dict[str, Any], at: str = "$") -> None:
    """Validate ``instance`` against ``schema`` (the subset coup_rules emits)."""
    unknown = set(schema) - ANNOTATIONS - set(KEYWORDS)
    assert not unknown, f"the schema uses keywords this validator does not know: {unknown}"
    for key, value in schema.items():
        if key in KEYWORDS:
            KEYWORDS[key](instance, value, schema, root, at)


def _ref(instance: Any, ref: str, _: Any, root: dict[str, Any], at: str) -> None:
    assert ref.startswith("#/$defs/"), ref
    check(instance, root["$defs"][ref.removeprefix("#/$defs/")], root, at)


def _type(instance: Any, name: str, _: Any, __: Any, at: str) -> None:
    if not JSON_TYPES[name](instance):
        raise Invalid(f"{at}: {instance!r} is not of type {name}")


def _const(instance: Any, value: Any, _: Any, __: Any, at: str) -> None:
    if type(instance) is not type(value) or instance != value:
        raise Invalid(f"{at}: {instance!r} is not {value!r}")


def _enum(instance: Any, values: list[Any], _: Any, __: Any, at: str) -> None:
    if not any(type(instance) is type(v) and instance == v for v in values):
        raise Invalid(f"{at}: {instance!r} is not one of {values}")


def _properties(instance: Any, props: dict[str, Any], _: Any, root: Any, at: str) -> None:
    if isinstance(instance, dict):
        for key, sub in props.items():
            if key in instance:
                check(instance[key], sub, root, f"{at}.{key}")


def _required(instance: Any, names: list[str], _: Any, __: Any, at: str) -> None:
    if isinstance(instance, dict):
        missing = [n for n in names if n not in instance]
        if missing:
            raise Invalid(f"{at}: missing {missing}")


def _additional(instance: Any, allowed: Any, schema: dict[str, Any], root: Any, at: str) -> None:
    if not isinstance(instance, dict):
        return
    extra = set(instance) - set(schema.get("properties", {}))
    if allowed is False:
        if extra:
            raise Invalid(f"{at}: unknown properties {sorted(extra)}")
        return
    assert isinstance(allowed, dict), allowed
    for key in sorted(extra):
        check(instance[key], allowed, root, f"{at}.{key}")


def _items(instance: Any, sub: dict[str, Any], _: Any, root: Any, at: str) -> None:
    if isinstance(instance, list):
        for n, item in enumerate(instance):
            check(item, sub, root, f"{at}[{n}]")


def _failures(instance: Any, subs: list[dict[str, Any]], root: Any, at: str) -> list[str]:
    failures = []
    for sub in subs:
        try:
            check(instance, sub, root, at)
        except Invalid as error:
            failures.append(str(error))
    return failures


def _one_of(instance: Any, subs: list[dict[str, Any]], _: Any, root: Any, at: str) -> None:
    failures = _failures(instance, subs, root, at)
    if len(subs) - len(failures) != 1:
        raise Invalid(f"{at}: matches {len(subs) - len(failures)} alternatives, not one")


def _any_of(instance: Any, subs: list[dict[str, Any]], _: Any, root: Any, at: str) -> None:
    failures = _failures(instance, subs, root, at)
    if len(failures) == len(subs):
        raise Invalid(f"{at}: matches no alternative: " + "; ".join(failures))


def _minimum(instance: Any, low: int, _: Any, __: Any, at: str) -> None:
    if type(instance) is int and instance < low:
        raise Invalid(f"{at}: {instance} < {low}")


def _maximum(instance: Any, high: int, _: Any, __: Any, at: str) -> None:
    if type(instance) is int and instance > high:
        raise Invalid(f"{at}: {instance} > {high}")


KEYWORDS: dict[str, Callable[[Any, Any, Any, Any, str], None]] = {
    "$ref": _ref,
    "type": _type,
    "const": _const,
    "enum": _enum,
    "properties": _properties,
    "required": _required,
    "additionalProperties": _additional,
    "items": _items,
    "oneOf": _one_of,
    "anyOf": _any_of,
    "minimum": _minimum,
    "maximum": _maximum,
}


def conforms(instance: Any, name: str, root: dict[str, Any]) -> None:
    """``instance`` matches ``$defs[name]`` and the root ``ServerMessage``; else ``Invalid``."""
    check(instance, root["$defs"][name], root, name)
    check(instance, root, root, "ServerMessage")


# --- a game through a real server ------------------------------------------------------------


def _sse(lines: Iterator[str]) -> Iterator[tuple[str, Any]]:
    """``(event, data)`` of each event of a server-sent event stream (comments skipped)."""
    event, data = "message", []
    for line in lines:
        if line == "":
            if data:
                yield event, json.loads("\n".join(data))
            event, data = "message", []
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())


class Follower(threading.Thread):
    """Follows one seat's event stream to its end, keeping each event as a ``Message``."""

    def __init__(
        self, base: str, game: str, seat: int | str, token: str, talk: bool = False
    ) -> None:
        super().__init__(daemon=True)
        self.url = f"{base}/api/games/{game}/seats/{seat}/events?token={token}"
        self.url += "&table=1" if talk else ""
        self.got: list[Message] = []
        self.opened = threading.Event()

    def run(self) -> None:
        import httpx2

        names = {"view": "Envelope", "revoked": "Revoked", "chat": "ChatLine", "room": "Room"}
        with httpx2.stream("GET", self.url, timeout=120) as stream:
            assert stream.status_code == 200, stream.read()
            for event, data in _sse(stream.iter_lines()):
                self.got.append((names.get(event, f"unknown event {event!r}"), data))
                self.opened.set()

    def result(self) -> list[Message]:
        self.join(timeout=120)
        assert not self.is_alive(), "the event stream did not end"
        return self.got


class Client:
    """An HTTP client of the server that keeps every answer as a ``Message``."""

    def __init__(self, base: str) -> None:
        import httpx2

        self.http = httpx2.Client(base_url=base, timeout=60)
        self.got: list[Message] = []

    def ask(self, method: str, path: str, name: str, status: int, **kw: Any) -> Any:
        """One request; its answer must have ``status`` and is kept to match ``name`` (the
        error answer's ``Problem`` if the status is 400 or more)."""
        response = self.http.request(method, path, **kw)
        assert response.status_code == status, (method, path, response.text)
        body = response.json()
        self.got.append(("Problem" if status >= 400 else name, body))
        return body


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _invite(links: dict[str, Any], seat: int) -> str:
    link: str = links["seats"][seat]["invite"]
    return link.split("#", 1)[1]


def _play(client: Client, game: str, tokens: dict[int, str], rng: random.Random) -> int:
    """The people move (a random legal move each time one is asked) until the game is over;
    one move is posted twice, the second time too late. Returns the winner."""
    doubled = False
    for _ in range(2000):
        for seat, token in tokens.items():
            path = f"/api/games/{game}/seats/{seat}"
            envelope = client.ask("GET", path, "Envelope", 200, headers=_auth(token))
            view = envelope["view"]
            if view["winner"] is not None:
                return int(view["winner"])
            if not view["legal_moves"]:
                continue
            body = {"version": envelope["version"], "move": rng.choice(view["legal_moves"])}
            response = client.http.post(path + "/moves", json=body, headers=_auth(token))
            assert response.status_code in (200, 409), response.text  # 409: a bot was first
            name = "Envelope" if response.status_code == 200 else "Problem"
            client.got.append((name, response.json()))
            if response.status_code == 200 and not doubled and view["pending"]["kind"] == "action":
                again = client.ask(
                    "POST", path + "/moves", "", 409, json=body, headers=_auth(token)
                )
                assert again["error"] == "stale"
                doubled = True
    raise AssertionError("the game did not end")


def _seat_up(client: Client, base: str) -> tuple[str, dict[str, str], dict[int, str], str]:
    """A listed table of two people and a bot, seated by an invite and by the room code, with
    refused requests of every usual kind on the way. Returns the game, the host's header, the
    people's tokens and the spectators' token."""
    client.ask("GET", "/api/bots", "BotNames", 200)
    body = {
        "seats": ["human", "human", "human"],
        "time_limit": 600,
        "config": {"players": 3, "first_player": 0},
        "listed": True,
    }
    created = client.ask("POST", "/api/games", "CreatedGame", 201, json=body)
    game, host = created["game"], _auth(created["host_token"])
    code = created["room"]["code"]
    client.ask("GET", f"/api/games/{game}/host", "HostLinks", 200, headers=host)
    listed = client.ask("GET", "/api/rooms", "OpenTables", 200)
    assert game in [t["game"] for t in listed["tables"]]
    client.ask("GET", f"/api/rooms/{code.lower()}", "FoundRoom", 200)
    seat2 = f"/api/games/{game}/host/seats/2"
    links = client.ask("POST", seat2, "HostLinks", 200, json={"player": "honest"}, headers=host)
    claim = f"/api/games/{game}/claims"
    first = {"invite": _invite(links, 0), "name": "Ana"}
    tokens = {0: client.ask("POST", claim, "SeatLink", 201, json=first)["token"]}
    view0 = f"/api/games/{game}/seats/0"
    income = {"version": 0, "move": {"type": "income", "player": 0}}
    early = client.ask("POST", view0 + "/moves", "", 409, json=income, headers=_auth(tokens[0]))
    assert early["error"] == "not_started"
    client.ask("POST", claim, "", 410, json=first)  # the invite is spent
    by_code = {"code": code, "name": "Ben"}
    tokens[1] = client.ask("POST", claim, "SeatLink", 201, json=by_code)["token"]
    client.ask("POST", claim, "", 409, json={"code": code, "name": "Cy"})  # full
    client.ask("POST", seat2, "", 409, json={"player": "human"}, headers=host)  # started
    client.ask("GET", f"/api/games/{game}x/seats/0", "", 404, headers=_auth(tokens[0]))
    client.ask("GET", f"/api/games/{game}/seats/1", "", 403, headers=_auth(tokens[0]))
    client.ask("POST", view0 + "/moves", "", 400, json={"version": 0}, headers=_auth(tokens[0]))
    start = client.ask("GET", view0, "Envelope", 200, headers=_auth(tokens[0]))["version"]
    coup = {"version": start, "move": {"type": "coup", "player": 0, "target": 1}}
    illegal = client.ask("POST", view0 + "/moves", "", 422, json=coup, headers=_auth(tokens[0]))
    assert illegal["error"] == "illegal" and illegal["rule"].startswith("R-")
    return game, host, tokens, created["spectator"]["token"]


def _talk(client: Client, game: str, host: dict[str, str], tokens: dict[int, str]) -> None:
    """A free line and a canned one; seat 1 muted (and refused), then heard again; the
    host's choices for the room changed."""
    chat = f"/api/games/{game}/seats/{{}}/chat"
    client.ask("POST", chat.format(0), "Said", 201, json={"text": "hi <b>all</b>"},
               headers=_auth(tokens[0]))  # fmt: skip
    mute = f"/api/games/{game}/host/seats/1"
    client.ask("POST", mute, "HostLinks", 200, json={"mute": True}, headers=host)
    muted = client.ask("POST", chat.format(1), "", 403, json={"canned": "gg"},
                       headers=_auth(tokens[1]))  # fmt: skip
    assert muted["error"] == "muted"
    client.ask("POST", mute, "HostLinks", 200, json={"mute": False}, headers=host)
    client.ask("POST", chat.format(1), "Said", 201, json={"canned": "gg"},
               headers=_auth(tokens[1]))  # fmt: skip
    room = {"listed": False, "auto_rematch": False}
    client.ask("POST", f"/api/games/{game}/host/room", "HostLinks", 200, json=room, headers=host)


def _game(base: str) -> list[Message]:
    """Everything a game's clients got, from creating it to its rematch."""
    client = Client(base)
    game, host, tokens, spectator = _seat_up(client, base)

    # Seat 1 reopened while its stream is followed: the stream says why, and ends.
    revoked = Follower(base, game, 1, tokens[1])
    revoked.start()
    assert revoked.opened.wait(60)
    reopen = f"/api/games/{game}/host/seats/1"
    links = client.ask("POST", reopen, "HostLinks", 200, json={"reopen": True}, headers=host)
    again = {"invite": _invite(links, 1), "name": "Bea"}
    claim = f"/api/games/{game}/claims"
    tokens[1] = client.ask("POST", claim, "SeatLink", 201, json=again)["token"]

    streams = [
        Follower(base, game, 0, tokens[0], talk=True),
        Follower(base, game, "spectator", spectator),
    ]
    for stream in streams:
        stream.start()
    assert streams[0].opened.wait(60)
    _talk(client, game, host, tokens)
    view0 = f"/api/games/{game}/seats/0"
    client.ask("GET", view0 + "/record", "", 409, headers=_auth(tokens[0]))  # in_play
    _play(client, game, tokens, random.Random(31))
    client.ask("GET", view0, "Envelope", 200, headers=_auth(tokens[0]))  # hands shown
    client.ask("GET", view0 + "/record", "GameRecord", 200, headers=_auth(tokens[0]))
    client.ask("POST", view0 + "/rematch", "SeatLink", 201, json={}, headers=_auth(tokens[0]))
    got = client.got + revoked.result()
    for stream in streams:
        got += stream.result()
    client.http.close()
    return got


@pytest.fixture(scope="module")
def messages(tmp_path_factory: pytest.TempPathFactory) -> list[Message]:
    need_web()
    db = tmp_path_factory.mktemp("package") / "games.sqlite3"
    with ServerProcess(db, "--bot-delay", "0") as server:
        return _game(server.url)


def test_every_answer_and_event_of_a_played_game_fits_the_package_schemas(
    messages: list[Message],
) -> None:
    root = _schema()
    for name, body in messages:
        conforms(body, name, root)


def test_the_played_game_received_every_kind_of_message(messages: list[Message]) -> None:
    names = {name for name, _ in messages}
    assert names == {cls.__name__ for cls in SERVER_SENDS}


def test_the_envelopes_hold_the_optional_facts_they_promise(messages: list[Message]) -> None:
    tables = [body["table"] for name, body in messages if name == "Envelope"]
    assert any("hands" in t for t in tables), "no envelope of the game's end showed the hands"
    assert any("removed" in s for t in tables for s in t["seats"]), "no seat said who left"
    assert any(type(t["time_left"]) is float for t in tables), "no envelope had a clock"


def test_the_error_answers_of_the_game_are_each_a_known_code(messages: list[Message]) -> None:
    codes = {body["error"] for name, body in messages if name in ("Problem", "Revoked")}
    wanted = {"not_started", "invite_spent", "seating", "not_found", "forbidden", "malformed"}
    assert codes >= wanted | {"illegal", "stale", "revoked", "full", "muted", "in_play"}


# --- the schemas refuse what the server never sends ------------------------------------------


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("Problem", {"error": "oops", "detail": "no such code"}),
        ("Problem", {"error": "stale"}),
        ("Problem", {"error": "stale", "detail": "", "retry": 2}),
        ("Revoked", {"error": "forbidden", "detail": "not a revocation"}),
        ("SeatLink", {"game": "g", "seat": 10, "token": "t", "link": "/play/g/10#t"}),
        ("BotNames", {"human": "person", "bots": ["honest"]}),
        ("HostLinks", {"game": "g"}),
    ],
)
def test_the_schemas_refuse_a_message_the_server_never_sends(name: str, body: Any) -> None:
    root = _schema()
    with pytest.raises(Invalid):
        conforms(body, name, root)


def test_an_envelope_with_a_field_too_many_or_too_few_is_refused(
    messages: list[Message],
) -> None:
    root = _schema()
    envelope = next(body for name, body in messages if name == "Envelope")
    with pytest.raises(Invalid, match="unknown properties"):
        conforms({**envelope, "seed": 7}, "Envelope", root)
    table = {k: v for k, v in envelope["table"].items() if k != "time_left"}
    with pytest.raises(Invalid, match="missing"):
        conforms({**envelope, "table": table}, "Envelope", root)
    view = {**envelope["view"], "pending": {"kind": "action", "waiting": ["0"]}}
    with pytest.raises(Invalid):
        conforms({**envelope, "view": view}, "Envelope", root)


# --- the package is the library's ------------------------------------------------------------


def test_the_package_ships_the_schemas_the_library_generates() -> None:
    _schema()
    for name, text in schemas().items():
        assert (PACKAGE / "schema" / name).read_text(encoding="utf-8") == text


def test_the_package_version_is_the_release_it_ships_with() -> None:
    _schema()
    package = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))
    assert package["name"] == "@coup-rules/client"
    assert package["license"] == "MIT"
    assert "dependencies" not in package, "the package has no runtime dependencies"
    assert re.fullmatch(r"\d+\.\d+\.\d+", package["version"])


@pytest.mark.parametrize("module", ["client.js", "room.js"])
def test_the_package_client_is_the_one_the_pages_use(module: str) -> None:
    _schema()
    pages = STATIC / module
    assert (PACKAGE / module).read_bytes() == pages.read_bytes()


def test_every_error_code_the_server_answers_with_is_declared() -> None:
    """The codes in the server's sources (every ``"error"`` it answers) are the ErrorCode
    values, no more and no fewer."""
    web = ROOT / "coup_rules" / "web"
    if not web.is_dir():
        pytest.skip("the package sources are not here (tests of an installed wheel)")
    pattern = re.compile(
        r"(?:_Problem|problem|refuse|_answer)\(\s*(?:send\w*,\s*)?(?:b?\"[^\"]*\"|\d+),\s*"
        r"\"([a-z_]+)\""
        r"|\"error\":\s*\"([a-z_]+)\""
        r"|code = \"([a-z_]+)\" if .* else \"([a-z_]+)\""
    )
    found = set()
    for path in web.glob("*.py"):
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            found.update(g for g in match.groups() if g is not None)
    assert found == {code.value for code in ErrorCode}


def test_the_schema_names_every_body_the_server_accepts() -> None:
    root = _schema()
    assert {cls.__name__ for cls in CLIENT_SENDS} <= set(root["$defs"])
    assert {"Move", "Event", "Pending", "PlayerView", "StreamEvents"} <= set(root["$defs"])
