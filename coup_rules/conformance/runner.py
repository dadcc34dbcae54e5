"""Drive an engine process through the kit's cases over the coup-engine protocol.

``EngineProcess`` runs one engine command: a request is written as a line, its answer read with
a time limit; an engine that stalls, dies or writes garbage raises ``EngineFault`` with its last
lines of standard error, and is started afresh for the next case. ``run_case`` plays one case and
returns its ``CaseResult``: passed, failed at a step (what differs, in words), or skipped as
unsupported. The requests of one step that do not change the game (``to_act``, every ``legal``,
the views) are sent together and their answers read after, so a step costs one round trip plus
its moves.
"""

from __future__ import annotations

import collections
import json
import queue
import subprocess
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any, Final, Literal

import attrs

from coup_rules.conformance import protocol
from coup_rules.conformance.protocol import BadAnswer
from coup_rules.conformance.record import summary_of_view

__all__ = [
    "DEFAULT_TIMEOUT",
    "CaseResult",
    "EngineFault",
    "EngineProcess",
    "Hello",
    "run_case",
]

DEFAULT_TIMEOUT: Final = 10.0
"""Seconds an engine has to answer one request."""

START_TIMEOUT: Final = 60.0
"""Seconds an engine has to answer ``hello``, its start included (at least ``timeout``)."""

STDERR_LINES: Final = 20
"""The engine's last lines of standard error kept for a report."""

Status = Literal["passed", "failed", "skipped"]


class EngineFault(Exception):
    """The engine broke the conversation: it stalled, died or wrote garbage."""

    def __init__(self, kind: str, message: str, stderr: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.stderr = tuple(stderr)
        self.step: int | None = None


class _Unsupported(Exception):
    """The engine answered ``unsupported``: the case is skipped."""


@attrs.frozen(slots=True)
class Hello:
    """What the engine said of itself."""

    name: str
    version: str
    chance: tuple[str, ...]
    views: bool
    rulings: tuple[tuple[str, str], ...]


@attrs.frozen(slots=True)
class CaseResult:
    """How one case went.

    Attributes:
        case: the case's id.
        rules: the rule ids it exercises.
        status: ``passed``, ``failed`` or ``skipped`` (the engine cannot play it).
        step: the first step where the engine differs (0-based; ``len(steps)`` for the result).
        diff: what differs, one line each.
        stderr: the engine's last lines of standard error, when it stalled, died or wrote garbage.
        views_checked: whether the case's views were compared.
    """

    case: str
    rules: tuple[str, ...]
    status: Status
    step: int | None = None
    diff: tuple[str, ...] = ()
    stderr: tuple[str, ...] = ()
    views_checked: bool = True


_EOF: Final = b""


class EngineProcess:
    """One engine command, started on first use and again after a fault."""

    def __init__(self, command: Sequence[str], *, timeout: float = DEFAULT_TIMEOUT) -> None:
        if not command:
            raise ValueError("the engine command is empty")
        self.command = list(command)
        self.timeout = timeout
        self.hello: Hello | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._answers: queue.Queue[bytes] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._next_id = 1

    # --- the process -------------------------------------------------------------------------

    def start(self) -> Hello:
        """Start the engine (if it is not running) and greet it; what it said of itself."""
        if self._process is not None and self.hello is not None:
            return self.hello
        self._answers = queue.Queue()
        self._stderr = collections.deque(maxlen=STDERR_LINES)
        try:
            process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
            )
        except OSError as problem:
            raise EngineFault("died", f"the engine could not start: {problem}") from None
        self._process = process
        assert process.stdout is not None and process.stderr is not None
        answers, stderr = self._answers, self._stderr  # this process's own, for its threads
        threading.Thread(target=_read_answers, args=(process.stdout, answers), daemon=True).start()
        threading.Thread(target=_read_stderr, args=(process.stderr, stderr), daemon=True).start()
        answer = self._ask_within(
            {"cmd": "hello", "protocol": protocol.PROTOCOL}, max(self.timeout, START_TIMEOUT)
        )
        if not answer["ok"]:
            self.stop()
            raise EngineFault("garbage", f"the engine refused hello: {answer['error']['message']}")
        self.hello = _hello(answer)
        return self.hello

    def stop(self) -> None:
        """End the engine: ``quit``, then a kill if it does not go within a second."""
        process, self._process, self.hello = self._process, None, None
        if process is None:
            return
        try:
            assert process.stdin is not None
            process.stdin.write(protocol.encode({"id": 0, "cmd": "quit"}))
            process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def stderr(self) -> tuple[str, ...]:
        """The engine's last lines of standard error."""
        time.sleep(0.05)  # let the reader thread catch the last lines a dying engine wrote
        return tuple(self._stderr)

    # --- requests ------------------------------------------------------------------------------

    def _ask_within(self, request: Mapping[str, Any], seconds: float) -> dict[str, Any]:
        usual, self.timeout = self.timeout, seconds
        try:
            return self.ask(request)
        finally:
            self.timeout = usual

    def ask(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """One request and its checked answer."""
        return self.ask_many([request])[0]

    def ask_many(self, requests: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Several requests sent together; their checked answers, in order.

        Raises:
            EngineFault: the engine stalled, died or wrote garbage (it is then stopped).
        """
        process = self._process
        if process is None:
            raise EngineFault("died", "the engine is not running")
        numbered = []
        for request in requests:
            numbered.append((self._next_id, {"id": self._next_id, **request}))
            self._next_id += 1
        data = b"".join(protocol.encode(r) for _, r in numbered)
        try:
            assert process.stdin is not None
            process.stdin.write(data)
        except OSError:
            raise self._fault("died", "the engine closed its input (it died?)") from None
        return [self._answer(ident, str(r["cmd"])) for ident, r in numbered]

    def _answer(self, ident: int, cmd: str) -> dict[str, Any]:
        try:
            line = self._answers.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fault(
                "timeout", f"no answer to '{cmd}' within {self.timeout:g} s (the engine stalls)"
            ) from None
        if line == _EOF:
            code = self._exit_code()
            raise self._fault("died", f"the engine exited ({code}) before answering '{cmd}'")
        if len(line) > protocol.MAX_LINE:
            raise self._fault("garbage", f"the answer to '{cmd}' is longer than 16 MiB")
        try:
            return protocol.check_answer(line, ident, cmd)
        except BadAnswer as problem:
            raise self._fault("garbage", f"'{cmd}': {problem}") from None

    def _exit_code(self) -> str:
        process = self._process
        if process is None:
            return "gone"
        try:
            code = process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exit status {code}"

    def _fault(self, kind: str, message: str) -> EngineFault:
        stderr = self.stderr()
        self._kill()
        return EngineFault(kind, message, stderr)

    def _kill(self) -> None:
        process, self._process, self.hello = self._process, None, None
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()

    def __enter__(self) -> EngineProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _read_answers(stream: IO[bytes], answers: queue.Queue[bytes]) -> None:
    """Put each line of the engine's output in ``answers``; ``b""`` at its end."""
    while True:
        line = stream.readline(protocol.MAX_LINE + 1)
        answers.put(line)
        if not line:
            return
        if len(line) > protocol.MAX_LINE and not line.endswith(b"\n"):
            stream.close()  # an answer this long is garbage: stop reading it
            return


def _read_stderr(stream: IO[bytes], lines: collections.deque[str]) -> None:
    """Keep the engine's last lines of standard error."""
    for raw in iter(lambda: stream.readline(64 * 1024), b""):
        lines.append(raw.decode("utf-8", "replace").rstrip("\n"))


def _hello(answer: Mapping[str, Any]) -> Hello:
    engine = answer["engine"]
    rulings = tuple((str(r["rule"]), str(r.get("note", ""))) for r in answer.get("rulings", []))
    return Hello(
        name=str(engine.get("name", "?")),
        version=str(engine.get("version", "?")),
        chance=tuple(answer["chance"]),
        views=answer["views"],
        rulings=rulings,
    )


# --- comparing ----------------------------------------------------------------------------------


def _key(move: Any) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def _moves_text(moves: Sequence[Mapping[str, Any]], notation: Mapping[str, str]) -> str:
    return ", ".join(notation.get(_key(m), _key(m)) for m in moves)


def _summary_diff(expected: Mapping[str, Any], got: Mapping[str, Any], who: str) -> list[str]:
    out = []
    for field, want in expected.items():
        have = got.get(field)
        if field == "hand" and have is not None and want is not None:
            have, want = sorted(have), sorted(want)
        if have != want:
            out.append(f"{who}: {field} is {have!r}, the kit says {want!r}")
    return out


def _view_diff(expected: Mapping[str, Any], got: Mapping[str, Any], who: str) -> list[str]:
    out = []
    for field in sorted(set(expected) | set(got)):
        want, have = expected.get(field), got.get(field)
        if field == "legal_moves" and isinstance(want, list) and isinstance(have, list):
            want, have = sorted(map(_key, want)), sorted(map(_key, have))
        if field == "players" and isinstance(want, list) and isinstance(have, list):
            out += _players_diff(want, have, who)
            continue
        if have != want:
            out.append(f"{who}: {field} is {_short(have)}, the kit says {_short(want)}")
    return out


def _players_diff(want: list[Any], have: list[Any], who: str) -> list[str]:
    if len(want) != len(have):
        return [f"{who}: {len(have)} players, the kit says {len(want)}"]
    out = []
    for seat, (w, h) in enumerate(zip(want, have, strict=True)):
        if not isinstance(w, dict) or not isinstance(h, dict):
            continue
        for field in sorted(set(w) | set(h)):
            if w.get(field) != h.get(field):
                out.append(
                    f"{who}: seat {seat}'s {field} is {_short(h.get(field))}, "
                    f"the kit says {_short(w.get(field))}"
                )
    return out


def _short(value: Any, size: int = 120) -> str:
    text = _key(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= size else text[:size] + "..."


def _seat_of(key: str) -> int | None:
    return None if key == "spectator" else int(key)


def _who(key: str) -> str:
    return "the spectator's view" if key == "spectator" else f"seat {key}'s view"


def _compare_view(expected: Mapping[str, Any], answer: Mapping[str, Any], key: str) -> list[str]:
    if isinstance(answer.get("view"), dict):
        return _view_diff(expected, answer["view"], _who(key))
    return _summary_diff(summary_of_view(dict(expected)), answer["summary"], _who(key))


# --- one case ----------------------------------------------------------------------------------


class _Differs(Exception):
    def __init__(self, step: int, diff: Sequence[str]) -> None:
        super().__init__(diff)
        self.step = step
        self.diff = tuple(diff)


def _mode(hello: Hello, case: Mapping[str, Any], prefer: str) -> str | None:
    """The chance mode to play ``case`` in: the one asked for, if the engine has it; for
    ``auto``, the seed where the engine implements it, else forced draws."""
    if prefer != "auto":
        return prefer if prefer in hello.chance else None
    if case["setup"].get("seed") is not None and "seed" in hello.chance:
        return "seed"
    return "forced" if "forced" in hello.chance else None


def run_case(engine: EngineProcess, case: Mapping[str, Any], *, chance: str = "auto") -> CaseResult:
    """Play ``case`` (a kit case, as JSON) through ``engine``; how it went.

    ``chance`` picks the mode: ``auto`` (the seed where the engine implements it), ``seed`` or
    ``forced``. A fault of the engine fails the case; the engine is started again for the next.
    """
    rules = tuple(case.get("rules", ()))
    ident = str(case["id"])
    try:
        hello = engine.start()
        mode = _mode(hello, case, chance)
        if mode is None:
            why = f"the engine has no {'' if chance == 'auto' else chance + ' '}chance mode"
            return CaseResult(ident, rules, "skipped", diff=(why,))
        _play(engine, hello, case, mode)
    except _Unsupported as why:
        return CaseResult(ident, rules, "skipped", diff=(str(why),))
    except _Differs as differs:
        return CaseResult(ident, rules, "failed", differs.step, differs.diff)
    except EngineFault as fault:
        diff = (f"{fault.kind}: {fault.message}",)
        return CaseResult(ident, rules, "failed", fault.step, diff, fault.stderr)
    views = engine.hello is not None and engine.hello.views
    return CaseResult(ident, rules, "passed", views_checked=views)


def _expect_ok(answer: Mapping[str, Any], step: int, what: str) -> None:
    if answer["ok"]:
        return
    problem = answer["error"]
    if problem["code"] == "unsupported":
        raise _Unsupported(f"{what}: unsupported ({problem['message']})")
    raise _Differs(step, [f"{what}: the engine answered {problem['code']}: {problem['message']}"])


def _play(engine: EngineProcess, hello: Hello, case: Mapping[str, Any], mode: str) -> None:
    start = {"cmd": "new_game", "config": case["config"], "setup": case["setup"], "chance": mode}
    _expect_ok(engine.ask(start), 0, "new_game")
    steps: Sequence[Mapping[str, Any]] = case["steps"]
    for number, step in enumerate(steps):
        try:
            _step(engine, hello, step, number, mode)
        except EngineFault as fault:
            fault.step = number
            raise
    _result(engine, hello, case, len(steps))


def _reads(
    hello: Hello, record: Mapping[str, Any]
) -> tuple[list[dict[str, Any]], list[str], list[str]]:
    requests: list[dict[str, Any]] = [{"cmd": "to_act"}]
    seats = sorted(record.get("legal", {}), key=int)
    requests += [{"cmd": "legal", "seat": int(s)} for s in seats]
    views = sorted(record.get("views") or {}) if hello.views else []
    requests += [{"cmd": "view", "seat": _seat_of(k)} for k in views]
    return requests, seats, views


def _check_position(
    engine: EngineProcess, hello: Hello, record: Mapping[str, Any], number: int
) -> dict[str, Any]:
    """Compare who acts, the legal moves and the views with ``record`` (a step or the result),
    then try the moves it says are refused; the engine's ``to_act`` answer."""
    requests, seats, views = _reads(hello, record)
    answers = engine.ask_many(requests)
    for answer, request in zip(answers, requests, strict=True):
        _expect_ok(answer, number, str(request["cmd"]))
    diff: list[str] = []
    if "to_act" in record and answers[0]["seats"] != list(record["to_act"]):
        diff.append(f"to_act is {answers[0]['seats']}, the kit says {record['to_act']}")
    for seat, answer in zip(seats, answers[1 : 1 + len(seats)], strict=True):
        diff += _legal_diff(record["legal"][seat], answer["moves"], seat)
    for key, answer in zip(views, answers[1 + len(seats) :], strict=True):
        diff += _compare_view(record["views"][key], answer, key)
    if diff:
        raise _Differs(number, diff)
    for refused in record.get("refused", ()):
        _refuse(engine, refused, number)
    return answers[0]


def _step(
    engine: EngineProcess, hello: Hello, step: Mapping[str, Any], number: int, mode: str
) -> None:
    _check_position(engine, hello, step, number)
    if mode == "forced" and step.get("chance"):
        _expect_ok(engine.ask({"cmd": "chance", "cards": list(step["chance"])}), number, "chance")
    answer = engine.ask({"cmd": "apply", "move": step["move"]})
    _expect_ok(answer, number, "apply")
    if not answer["accepted"]:
        raise _Differs(
            number,
            [
                f"the engine refused {step.get('notation', _key(step['move']))}, a legal move: "
                f"{answer['reason']} ({answer.get('rule') or 'no rule id'})"
            ],
        )


def _legal_diff(expected: Sequence[Mapping[str, Any]], got: Sequence[Any], seat: str) -> list[str]:
    notation = {_key(e["move"]): str(e.get("notation", "")) for e in expected}
    want = {_key(e["move"]): e["move"] for e in expected}
    have = {_key(m): m for m in got}
    out = []
    missing = [want[k] for k in want if k not in have]
    extra = [have[k] for k in have if k not in want]
    if missing:
        out.append(f"seat {seat}: legal moves missing: {_moves_text(missing, notation)}")
    if extra:
        out.append(f"seat {seat}: extra legal moves: {_moves_text(extra, notation)}")
    if len(got) != len(have):
        out.append(f"seat {seat}: a legal move is listed twice")
    return out


def _refuse(engine: EngineProcess, refused: Mapping[str, Any], number: int) -> None:
    answer = engine.ask({"cmd": "apply", "move": refused["move"]})
    shown = refused.get("notation", _key(refused["move"]))
    if not answer["ok"] and answer["error"]["code"] == "bad_request":
        return  # refused as a request the engine cannot even read: still refused
    _expect_ok(answer, number, "apply")
    if answer["accepted"]:
        raise _Differs(
            number,
            [f"the engine accepted {shown}, which {refused.get('rule') or 'the rules'} forbids"],
        )
    rule, want = answer.get("rule"), refused.get("rule")
    if rule is not None and want is not None and rule != want:
        raise _Differs(number, [f"{shown} is refused by {rule}, the kit says by {want}"])


def _result(engine: EngineProcess, hello: Hello, case: Mapping[str, Any], number: int) -> None:
    result = case.get("result") or {}
    acting = _check_position(engine, hello, result, number)
    diff = []
    if "winner" in result and acting["winner"] != result["winner"]:
        diff.append(f"the winner is {acting['winner']}, the kit says {result['winner']}")
    final = result.get("final")
    if final is not None and hello.views:
        spectator = engine.ask({"cmd": "view", "seat": None})
        _expect_ok(spectator, number, "view")
        got = spectator.get("summary")
        if got is None:
            got = summary_of_view(spectator["view"])
        public = {k: v for k, v in final.items() if k != "hand"}  # a spectator holds no hand
        diff += _summary_diff(public, got, "the final position")
    if diff:
        raise _Differs(number, diff)


def run_cases(
    engine: EngineProcess, cases: Sequence[Mapping[str, Any]], *, chance: str = "auto"
) -> Iterator[CaseResult]:
    """Every case's result, in order, one engine process (restarted after each fault)."""
    for case in cases:
        yield run_case(engine, case, chance=chance)
