"""``ProcessBot``: a bot that is a command, in any language, speaking the coup-bot protocol v1.

The host starts the command (lazily, at the first decision of a seat: one process per seat it
plays) and talks to it in JSON lines over its standard input and output
(``schema/bot-protocol.schema.json``, ``docs/guide/bots-any-language.md``):

- ``{"id": 1, "cmd": "hello", "protocol": 1, "seat": S, "config": CONFIG}`` ->
  ``{"id": 1, "ok": true, "name": "..."}``, before the first decision of each game;
- ``{"id": N, "cmd": "decide", "deadline_ms": T, "view": VIEW}`` -> ``{"id": N, "ok": true,
  "move": MOVE}``, one per decision, ``VIEW`` being ``to_json(view(state, seat))``, whose
  ``legal_moves`` lists the choices;
- ``{"id": N, "cmd": "quit"}`` -> ``{"id": N, "ok": true}``, then the bot exits.

**The fallback.** A bot that crashes, answers nothing within its time limit, writes a line that
is not such an answer, or answers a move that is not one of its legal moves, loses its seat for
the rest of that game: its process is stopped and a stand-in built-in bot (``random`` unless
told otherwise) plays the seat on. The event is logged (a warning on the
``coup_rules.bots.process`` logger, with the bot's last lines of standard error) and kept in
``ProcessBot.failures``. The next game starts the command afresh. Nothing the bot does can make
the game hang: every wait is bounded, and a stopped process is killed and reaped.

A ``ProcessBot`` is picklable (its processes are not carried): on a process pool each worker
starts its own. ``close()`` (or ``with``) stops them; they are also stopped when the object is
collected or the interpreter exits, and a bot that reads end-of-file on its input must exit.
"""

from __future__ import annotations

import collections
import json
import logging
import os
import queue
import random
import shlex
import shutil
import subprocess
import threading
import weakref
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any

import attrs

from coup_rules.bots.base import Bot, seat_of
from coup_rules.config import Config
from coup_rules.events import Event
from coup_rules.moves import Move
from coup_rules.serde import DecodeError, from_json, to_json
from coup_rules.views import PlayerView

__all__ = [
    "DEFAULT_FALLBACK",
    "DEFAULT_TIMEOUT",
    "PREFIX",
    "PROTOCOL",
    "START_TIMEOUT",
    "Failure",
    "ProcessBot",
    "command_of",
    "is_command",
]

PROTOCOL = 1
"""The coup-bot protocol version this host speaks."""

PREFIX = "cmd:"
"""How a bot that is a command is named where bots are named: ``cmd:node mybot.js``."""

DEFAULT_TIMEOUT = 5.0
"""Seconds a bot has to answer a decision, unless told otherwise."""

START_TIMEOUT = 10.0
"""Seconds a bot has to answer its ``hello`` (its start-up, an interpreter's included), or its
decision time if that is longer."""

DEFAULT_FALLBACK = "random"
"""The built-in bot that plays a seat on once its command has failed, unless told otherwise."""

MAX_LINE = 1 << 20
"""The longest line a bot may write, in bytes (a move is some tens)."""

STDERR_LINES = 5
"""How many of the bot's first and last lines of standard error a failure keeps."""

log = logging.getLogger(__name__)


def is_command(name: str) -> bool:
    """Whether a bot's name names a command (``cmd:...``)."""
    return name.startswith(PREFIX)


def command_of(name: str) -> tuple[str, ...]:
    """The argument vector of ``cmd:COMMAND ARGS`` (split as a POSIX shell splits words).

    Raises:
        ValueError: not ``cmd:`` followed by a command that can be found (on the ``PATH``, or
            as a file), or quotes that do not close.
    """
    if not is_command(name):
        raise ValueError(f"a bot that is a command is named {PREFIX}COMMAND ARGS, not {name!r}")
    try:
        argv = tuple(shlex.split(name[len(PREFIX) :]))
    except ValueError as error:
        raise ValueError(f"cannot split the command of {name!r} into words: {error}") from None
    if not argv:
        raise ValueError(f"{name!r} names no command: give one after {PREFIX}, e.g. cmd:./mybot")
    if shutil.which(argv[0]) is None:
        raise ValueError(
            f"cannot run the bot {name!r}: {argv[0]!r} is not a command on the PATH nor an "
            "executable file"
        )
    return argv


@attrs.frozen
class Failure:
    """One time a bot's command failed and a stand-in took its seat.

    Attributes:
        seat: the seat it played.
        kind: ``"start"`` (it could not be started), ``"crash"`` (it exited), ``"timeout"`` (no
            answer in time), ``"garbage"`` (a line that is not a well-formed answer),
            ``"error"`` (it answered ``ok: false``) or ``"illegal"`` (a move not among its
            legal moves).
        detail: what happened, in words.
        stderr: its first and last lines of standard error.
    """

    seat: int
    kind: str
    detail: str
    stderr: tuple[str, ...] = ()


class _Failed(Exception):
    """Raised inside the host when a child fails; becomes a ``Failure``."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


class _Child:
    """One running command: a reader thread per output stream, a writer thread for its input,
    so that no read or write can block the host beyond a deadline."""

    def __init__(self, argv: Sequence[str], label: str, env: Mapping[str, str] | None) -> None:
        try:
            self.process = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=None if env is None else {**os.environ, **env},
            )
        except OSError as error:
            raise _Failed("start", f"cannot start {shlex.join(argv)}: {error}") from None
        self.label = label
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self.first_errors: list[str] = []
        self.last_errors: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self.error_lines = 0
        self.next_id = 1
        self._threads = [
            threading.Thread(target=self._read, daemon=True, name=f"{label} stdout"),
            threading.Thread(target=self._read_errors, daemon=True, name=f"{label} stderr"),
            threading.Thread(target=self._write, daemon=True, name=f"{label} stdin"),
        ]
        for thread in self._threads:
            thread.start()

    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            while line := stdout.readline(MAX_LINE + 1):
                self.lines.put(line)
                if len(line) > MAX_LINE:
                    break
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def _read_errors(self) -> None:
        stderr = self.process.stderr
        assert stderr is not None
        try:
            while line := stderr.readline(MAX_LINE):
                text = line.decode("utf-8", "replace").rstrip()
                self.error_lines += 1
                if len(self.first_errors) < STDERR_LINES:
                    self.first_errors.append(text)
                else:
                    self.last_errors.append(text)
                log.debug("%s: %s", self.label, text)
        except (OSError, ValueError):
            pass

    def _write(self) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            while (data := self.outbox.get()) is not None:
                stdin.write(data)
                stdin.flush()
            stdin.close()
        except (OSError, ValueError):
            pass

    def stderr(self) -> tuple[str, ...]:
        """Its first and last lines of standard error (a line ``...`` for those left out)."""
        skipped = self.error_lines - len(self.first_errors) - len(self.last_errors)
        gap = (f"... ({skipped} lines)",) if skipped > 0 else ()
        return (*self.first_errors, *gap, *self.last_errors)

    def ask(self, command: str, fields: str, timeout: float) -> dict[str, Any]:
        """Send ``{"id": N, "cmd": command, <fields>}`` and wait for its answer.

        Raises:
            _Failed: the bot exited, did not answer in time, or answered garbage or an error.
        """
        number = self.next_id
        self.next_id += 1
        tail = f",{fields}" if fields else ""
        self.outbox.put(f'{{"id":{number},"cmd":"{command}"{tail}}}\n'.encode())
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise _Failed("timeout", f"no answer to {command!r} within {timeout:g} s") from None
        if line is None:
            raise _Failed("crash", f"it exited ({self._status()}) instead of answering {command!r}")
        return _answer(line, number, command)

    def _status(self) -> str:
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "its output closed"
        return f"exit status {code}"

    def stop(self, grace: float = 1.0) -> None:
        """Ask the bot to quit, then kill it if it has not within ``grace`` seconds; reap it."""
        if self.process.poll() is None:
            self.outbox.put(f'{{"id":{self.next_id},"cmd":"quit"}}\n'.encode())
        self.outbox.put(None)
        try:
            self.process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for thread in self._threads:
            thread.join(timeout=1.0)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def _answer(line: bytes, number: int, command: str) -> dict[str, Any]:
    """The answer in ``line`` to request ``number``.

    Raises:
        _Failed: the line is too long, not a JSON object, another request's answer, or an error.
    """
    shown = line[:120].decode("utf-8", "replace").rstrip()
    if len(line) > MAX_LINE:
        raise _Failed("garbage", f"it wrote a line of more than {MAX_LINE} bytes")
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        raise _Failed("garbage", f"it wrote {shown!r}, which is not JSON") from None
    if not isinstance(data, dict):
        raise _Failed("garbage", f"it wrote {shown!r}, not a JSON object")
    if data.get("id") != number:
        raise _Failed("garbage", f"it answered {shown!r} to request {number} ({command!r})")
    if data.get("ok") is not True:
        error = data.get("error")
        message = error.get("message") if isinstance(error, dict) else None
        raise _Failed("error", f"it answered {command!r} with an error: {message or shown!r}")
    return data


class _Seat:
    """What the host keeps for one seat: its child, the game it is in, whether it stood in."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.child: _Child | None = None
        self.game: tuple[Config, tuple[Event, ...]] | None = None
        self.length = 0
        self.standing_in = False
        self.greeted = False


def _game_of(view: PlayerView) -> tuple[Config, tuple[Event, ...]]:
    """What tells one game from the next: the config and the first events (the deal)."""
    return view.config, view.log[: view.config.players + 1] if view.log_start == 0 else ()


def _same_game(slot: _Seat, view: PlayerView) -> bool:
    """Whether ``view`` is of the game the seat played last: the same config, a log no shorter,
    which begins with the events it began with then (a log only grows)."""
    if slot.game is None or view.log_length < slot.length:
        return False
    config, start = slot.game
    return view.config == config and view.log[: len(start)] == start


class ProcessBot:
    """A bot that is a command speaking the coup-bot protocol (see the module).

    Args:
        command: the argument vector (``["node", "mybot.js"]``), or a ``cmd:...`` name.
        timeout: seconds the bot has to answer each decision.
        fallback: the built-in bot (a name in ``coup_rules.bots.BOTS``) that plays a seat on
            once the command has failed in it.
        name: how the bot is named in logs and tables (by default its ``cmd:`` name, as
            given).
        env: extra environment variables for the command.

    Raises:
        ValueError: no command, a timeout that is not a positive number, or an unknown
            fallback.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        fallback: str = DEFAULT_FALLBACK,
        name: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        from coup_rules.bots import BOTS

        argv = command_of(command) if isinstance(command, str) else tuple(command)
        if not argv:
            raise ValueError("a ProcessBot needs a command to run")
        if not (isinstance(timeout, int | float) and 0 < timeout < float("inf")):
            raise ValueError(f"timeout: a positive number of seconds, not {timeout!r}")
        if fallback not in BOTS:
            raise ValueError(f"unknown fallback bot {fallback!r}; choose from: {', '.join(BOTS)}")
        self.argv: tuple[str, ...] = argv
        self.timeout = float(timeout)
        self.fallback = fallback
        self.name = name or (command if isinstance(command, str) else PREFIX + shlex.join(argv))
        self.env = dict(env) if env else None
        self.failures: list[Failure] = []
        self._stand_in: Bot = BOTS[fallback]()
        self._seats: dict[int, _Seat] = {}
        self._lock = threading.Lock()
        self._finalizer = weakref.finalize(self, _stop_all, self._seats)

    def __repr__(self) -> str:
        return f"ProcessBot({self.name!r}, timeout={self.timeout:g}, fallback={self.fallback!r})"

    def __getstate__(self) -> dict[str, Any]:
        return {
            "argv": self.argv,
            "timeout": self.timeout,
            "fallback": self.fallback,
            "name": self.name,
            "env": self.env,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(  # type: ignore[misc]
            state["argv"],
            timeout=state["timeout"],
            fallback=state["fallback"],
            name=state["name"],
            env=state["env"],
        )

    def __enter__(self) -> ProcessBot:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def fallbacks(self) -> int:
        """How many times a stand-in took a seat of this bot's."""
        return len(self.failures)

    def close(self) -> None:
        """Stop every process of this bot (asked to quit, killed if it does not) and reap it."""
        _stop_all(self._seats)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The command's move for this view, or the stand-in's once it has failed this game."""
        seat = seat_of(view)
        with self._lock:
            slot = self._seats.setdefault(seat, _Seat())
        with slot.lock:
            if not _same_game(slot, view):
                self._new_game(slot, _game_of(view))
            slot.length = view.log_length
            if not slot.standing_in:
                try:
                    return self._decide(slot, seat, view)
                except _Failed as failed:
                    self._fail(slot, seat, failed)
        return self._stand_in.choose(view, rng)

    def _new_game(self, slot: _Seat, game: tuple[Config, tuple[Event, ...]]) -> None:
        slot.game = game
        slot.standing_in = False  # a command that failed is started afresh
        slot.greeted = False  # one still running hears a new hello

    def _decide(self, slot: _Seat, seat: int, view: PlayerView) -> Move:
        child = slot.child
        if child is None:
            child = slot.child = _Child(self.argv, f"{self.name} (seat {seat})", self.env)
            slot.greeted = False
        if not slot.greeted:
            hello = f'"protocol":{PROTOCOL},"seat":{seat},"config":{to_json(view.config)}'
            child.ask("hello", hello, max(START_TIMEOUT, self.timeout))
            slot.greeted = True
        ms = round(self.timeout * 1000)
        answer = child.ask("decide", f'"deadline_ms":{ms},"view":{to_json(view)}', self.timeout)
        if "move" not in answer:
            raise _Failed("garbage", "its answer to 'decide' has no \"move\"")
        try:
            move: Move = from_json(json.dumps(answer["move"]), Move)
        except DecodeError as error:
            raise _Failed("garbage", f'its "move" is not a move: {error}') from None
        if move not in view.legal_moves:
            raise _Failed("illegal", f"it answered {to_json(move)}, not one of its legal moves")
        return move

    def _fail(self, slot: _Seat, seat: int, failed: _Failed) -> None:
        child = slot.child
        if child is not None:
            child.stop(grace=0.2)  # its standard error is then read to the end
        stderr = child.stderr() if child is not None else ()
        slot.standing_in = True
        slot.child = None
        self.failures.append(Failure(seat, failed.kind, failed.detail, stderr))
        tail = "".join(f"\n  | {line}" for line in stderr)
        log.warning(
            "bot %s, seat %d: %s; the %s bot plays the seat for the rest of this game%s",
            self.name,
            seat,
            failed.detail,
            self.fallback,
            tail,
        )


def _stop_all(seats: dict[int, _Seat]) -> None:
    for slot in list(seats.values()):
        with slot.lock:
            if slot.child is not None:
                slot.child.stop()
                slot.child = None
            slot.game = None
            slot.standing_in = False
            slot.greeted = False
