"""``coup-rules engine``: the project's own engine, served over the coup-engine protocol.

``EngineServer.handle`` answers one request line; ``serve`` reads lines until ``quit`` or the end
of input. No request makes it exit or print a traceback: each bad one gets an error answer.

Chance. In ``seed`` mode the game runs from the setup's seed (docs/reference/randomness.md). In
``forced`` mode the cards queued by ``chance`` are the ones drawn: before a move that draws, the
server looks for a key of the engine's own generator under which the move draws exactly the queued
cards, and plays the move under it (the engine's rules are untouched: only the seed a drawing move
reads changes). A queue the Court cannot satisfy is refused with ``bad_request``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any, Final

from coup_rules.cards import Allegiance, Character
from coup_rules.config import Config
from coup_rules.conformance import protocol
from coup_rules.conformance.protocol import RequestError
from coup_rules.engine import apply, legal_moves, to_act
from coup_rules.errors import IllegalMoveError
from coup_rules.events import CardsDrawn
from coup_rules.moves import Move
from coup_rules.serde import DecodeError, converter, from_json
from coup_rules.setup import new_game
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = ["EngineServer", "serve"]

FORCE_TRIES: Final = 50_000
"""Keys tried for one forced draw before giving up (a draw of 3 cards from a Court of 15 needs
about 2,700 on average)."""

_MAX_QUEUE: Final = 64


def _engine_version() -> str:
    from coup_rules import __version__

    return __version__


def _card(value: Any, where: str) -> Character:
    if isinstance(value, str):
        try:
            return Character[value.upper()]
        except KeyError:
            pass
    raise RequestError("bad_request", f'{where}: {value!r} is not a card such as "duke"')


def _cards(value: Any, where: str) -> tuple[Character, ...]:
    if not isinstance(value, list):
        raise RequestError("bad_request", f"{where} must be a list of cards")
    return tuple(_card(v, f"{where}[{i}]") for i, v in enumerate(value))


def _seat(body: dict[str, Any], players: int, *, spectator: bool = False) -> int | None:
    if "seat" not in body:
        raise RequestError("bad_request", "the request needs a 'seat'")
    seat = body["seat"]
    if seat is None and spectator:
        return None
    if type(seat) is not int or not 0 <= seat < players:
        shown = "a seat from 0 to" if not spectator else "null or a seat from 0 to"
        raise RequestError(
            "bad_request", f"'seat' must be {shown} {players - 1} in this game, not {seat!r}"
        )
    return seat


class _Setup:
    """A SETUP object, read and checked."""

    def __init__(self, body: Any, config: Config) -> None:
        if not isinstance(body, dict):
            raise RequestError("bad_request", "'setup' must be an object")
        self.seed = self._seed(body.get("seed"))
        hands = body.get("hands")
        self.hands = (
            None
            if hands is None
            else tuple(_cards(h, f"setup.hands[{i}]") for i, h in enumerate(_list(hands, "hands")))
        )
        court = body.get("court")
        self.court = None if court is None else _cards(court, "setup.court")
        aside = body.get("aside")
        self.aside = None if aside is None else _cards(aside, "setup.aside")
        coins = body.get("coins")
        if coins is not None and (
            not isinstance(coins, list) or not all(type(c) is int and c >= 0 for c in coins)
        ):
            raise RequestError("bad_request", "setup.coins must be a list of whole numbers")
        self.coins: tuple[int, ...] | None = None if coins is None else tuple(coins)
        sides = body.get("allegiances")
        self.allegiances = None if sides is None else self._allegiances(sides)
        self.draft = body.get("draft") is not None
        fixed = body.get("fixed")
        if fixed is not None and (
            not isinstance(fixed, list) or not set(fixed) <= {"hands", "court"}
        ):
            raise RequestError("bad_request", 'setup.fixed lists "hands" and/or "court"')
        self.fixed: frozenset[str] | None = None if fixed is None else frozenset(fixed)
        self.config = config

    @staticmethod
    def _seed(value: Any) -> int | None:
        if value is None:
            return None
        if type(value) is int and value >= 0:
            return value
        if isinstance(value, str) and value.isdigit() and len(value) <= 78:
            return int(value)  # a seed beyond 2**53, written as decimal text
        raise RequestError(
            "bad_request", f"setup.seed must be a whole number or null, not {value!r}"
        )

    @staticmethod
    def _allegiances(value: Any) -> tuple[Allegiance, ...]:
        out = []
        for i, v in enumerate(_list(value, "allegiances")):
            try:
                out.append(Allegiance[str(v).upper()])
            except KeyError:
                raise RequestError(
                    "bad_request", f"setup.allegiances[{i}]: {v!r} is not loyalist or reformist"
                ) from None
        return tuple(out)

    def game(self, *, seed: int, hands: bool, court: bool) -> GameState:
        try:
            return new_game(
                self.config,
                seed=seed,
                hands=self.hands if hands else None,
                court=self.court if court else None,
                coins=self.coins,
                allegiances=self.allegiances,
            )
        except ValueError as problem:
            raise RequestError("bad_request", f"setup: {problem}") from None

    def matches(self, state: GameState) -> bool:
        """Whether ``state`` starts where this setup says (what it states of hands and piles)."""
        hands = tuple(p.hand for p in state.players)  # one card each during the draft
        if self.hands is not None and hands != tuple(_sorted(h) for h in self.hands):
            return False
        if self.court is not None and state.court != _sorted(self.court):
            return False
        return self.aside is None or state.aside == _sorted(self.aside)


def _list(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise RequestError("bad_request", f"setup.{name} must be a list")
    return value


def _sorted(cards: Iterable[Character]) -> tuple[Character, ...]:
    order = list(Character)
    return tuple(sorted(cards, key=order.index))


class EngineServer:
    """The protocol's state machine around one game of ``coup_rules``."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.forced = False
        self.queue: list[Character] = []
        self.done = False
        self._json: dict[Move, Any] = {}
        self._unstructure = converter().unstructure
        self._commands: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self._hello,
            "new_game": self._new_game,
            "chance": self._chance,
            "to_act": self._to_act,
            "legal": self._legal,
            "apply": self._apply,
            "view": self._view,
            "quit": self._quit,
        }

    # --- the line loop -----------------------------------------------------------------------

    def handle(self, line: bytes | str) -> dict[str, Any]:
        """The answer to one request line (never raises: failures are error answers)."""
        ident: int | None = None
        try:
            ident, cmd, body = protocol.parse_request(line)
            command = self._commands.get(cmd)
            if command is None:
                raise RequestError(
                    "unknown_command",
                    f"unknown command {cmd[:40]!r}; version {protocol.PROTOCOL} has "
                    + ", ".join(protocol.COMMANDS),
                )
            return {"id": ident, "ok": True, **command(body)}
        except RequestError as problem:
            known = protocol.request_id(problem)
            return protocol.error(ident if known is None else known, problem.code, problem.message)
        except Exception as problem:  # the engine must answer, never die
            text = f"{type(problem).__name__}: {problem}"[:500]
            return protocol.error(ident, "internal", f"the engine failed: {text}")

    # --- commands ----------------------------------------------------------------------------

    def _hello(self, body: dict[str, Any]) -> dict[str, Any]:
        asked = body.get("protocol")
        if type(asked) is not int or asked != protocol.PROTOCOL:
            raise RequestError(
                "unsupported", f"this engine speaks protocol {protocol.PROTOCOL}, not {asked!r}"
            )
        return {
            "protocol": protocol.PROTOCOL,
            "engine": {"name": "coup_rules", "version": _engine_version()},
            "chance": ["seed", "forced"],
            "views": True,
            "rulings": [],
        }

    def _new_game(self, body: dict[str, Any]) -> dict[str, Any]:
        mode = body.get("chance", "seed")
        if mode not in protocol.CHANCE_MODES:
            raise RequestError(
                "bad_request", f'\'chance\' must be "seed" or "forced", not {mode!r}'
            )
        if "config" not in body or not isinstance(body["config"], dict):
            raise RequestError("bad_request", "new_game needs a 'config' object")
        try:
            config = from_json(json.dumps(body["config"]), Config)
        except DecodeError as problem:
            raise RequestError("bad_request", f"config: {problem}") from None
        setup = _Setup(body.get("setup", {}), config)
        state = _start_forced(setup) if mode == "forced" else _start_seeded(setup)
        self.state, self.forced, self.queue = state, mode == "forced", []
        return {}

    def _chance(self, body: dict[str, Any]) -> dict[str, Any]:
        self._game()
        if not self.forced:
            raise RequestError("bad_request", "chance is for a game started in forced mode")
        cards = _cards(body.get("cards"), "cards")
        deck = self._game().config.characters
        stray = [card.title for card in cards if card not in deck]
        if stray:
            raise RequestError("bad_request", f"the {stray[0]} is not in this game's deck")
        if len(self.queue) + len(cards) > _MAX_QUEUE:
            raise RequestError("bad_request", f"at most {_MAX_QUEUE} cards may wait in the queue")
        self.queue.extend(cards)
        return {}

    def _to_act(self, body: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        return {"seats": list(to_act(state)), "winner": state.winner}

    def _legal(self, body: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        seat = _seat(body, state.config.players)
        assert seat is not None
        return {"moves": [self._move_json(m) for m in legal_moves(state, seat)]}

    def _move_json(self, move: Move) -> Any:
        cached = self._json.get(move)
        if cached is None:
            cached = self._json[move] = self._unstructure(move)
        return cached

    def _apply(self, body: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        if not isinstance(body.get("move"), dict):
            raise RequestError("bad_request", "apply needs a 'move' object")
        try:
            move = from_json(json.dumps(body["move"]), Move)
        except DecodeError as problem:
            raise RequestError("bad_request", f"move: {problem}") from None
        try:
            after = self._play(state, move)
        except IllegalMoveError as refused:
            return {"accepted": False, "reason": refused.reason, "rule": refused.rule}
        self.state = after
        return {"accepted": True}

    def _play(self, state: GameState, move: Move) -> GameState:
        after = apply(state, move)
        drawn = _draws(state, after)
        if not self.forced or not drawn:
            return after
        wanted = sum(drawn)
        if len(self.queue) < wanted:
            raise RequestError(
                "bad_request",
                f"this move draws {wanted} card(s) from the Court; the chance queue holds "
                f"{len(self.queue)}",
            )
        after = _force(state, move, drawn, self.queue[:wanted])
        del self.queue[:wanted]
        return after

    def _view(self, body: dict[str, Any]) -> dict[str, Any]:
        state = self._game()
        seat = _seat(body, state.config.players, spectator=True)
        return {"view": self._unstructure(view(state, seat))}

    def _quit(self, body: dict[str, Any]) -> dict[str, Any]:
        self.done = True
        return {}

    def _game(self) -> GameState:
        if self.state is None:
            raise RequestError("no_game", "no game yet: send new_game first")
        return self.state


# --- chance ---------------------------------------------------------------------------------


def _start_seeded(setup: _Setup) -> GameState:
    """The game from the seed, landing where the setup says.

    A kit case either dealt from the seed or fixed the hands (and maybe the Court); which one
    changes how many draws the seed has served. The setup's ``fixed`` says which; without it,
    each way is tried in turn.
    """
    seed = 0 if setup.seed is None else setup.seed
    if setup.fixed is not None:  # the kit says what was fixed rather than dealt
        return setup.game(seed=seed, hands="hands" in setup.fixed, court="court" in setup.fixed)
    ways = [(False, False), (True, False), (False, True), (True, True)]
    for hands, court in ways:
        if (hands and setup.hands is None) or (court and setup.court is None):
            continue
        try:
            state = setup.game(seed=seed, hands=hands, court=court)
        except RequestError:
            continue
        if setup.matches(state):
            return state
    return setup.game(seed=seed, hands=setup.hands is not None, court=setup.court is not None)


def _start_forced(setup: _Setup) -> GameState:
    """The game from the setup's cards; a draft's dealt cards by a key that deals them."""
    seed = 0 if setup.seed is None else setup.seed
    if not setup.draft:
        return setup.game(seed=seed, hands=setup.hands is not None, court=setup.court is not None)
    for key in range(FORCE_TRIES):  # the 2-player draft: each seat's first card is dealt
        state = setup.game(seed=key, hands=False, court=setup.court is not None)
        if setup.matches(state):
            return state
    raise RequestError("unsupported", "no deal of this engine gives the draft asked for")


def _pool(state: GameState, move: Move) -> Counter[Character]:
    """The cards a draw during ``move`` can take: the Court's, and those put back in it during
    the move (a proven card), found from one play of the move: after = before + back - drawn."""
    after = apply(state, move)
    drawn = Counter(c for cards in _drawn(state, after) for c in cards)
    back = Counter(after.court) + drawn - Counter(state.court)
    return Counter(state.court) + back


def _draws(before: GameState, after: GameState) -> list[int]:
    """How many cards each draw of the move took from the Court, in order."""
    return [e.count for e in after.log[len(before.log) :] if isinstance(e, CardsDrawn)]


def _drawn(before: GameState, after: GameState) -> list[tuple[Character, ...]]:
    return [e.cards or () for e in after.log[len(before.log) :] if isinstance(e, CardsDrawn)]


def _force(
    state: GameState, move: Move, counts: Sequence[int], cards: Sequence[Character]
) -> GameState:
    """``move`` played under a key of the generator that draws exactly ``cards``."""
    wanted: list[tuple[Character, ...]] = []
    at = 0
    for count in counts:
        wanted.append(_sorted(cards[at : at + count]))
        at += count
    short = Counter(cards) - _pool(state, move)
    if short:
        card = next(iter(short))
        raise RequestError(
            "bad_request", f"the chance queue draws the {card.title}, which the Court cannot give"
        )
    core = state.core
    for key in range(FORCE_TRIES):
        trial = GameState.of(core._replace(seed=key))
        after = apply(trial, move)
        if _drawn(trial, after) == wanted:
            return after
    raise RequestError(
        "unsupported", f"no draw of this engine gives {[c.name.lower() for c in cards]}"
    )


# --- the loop --------------------------------------------------------------------------------


def _lines(stream: IO[bytes]) -> Iterable[bytes]:
    """Request lines; a line longer than ``MAX_LINE`` comes as ``b""`` (refused, not kept)."""
    while True:
        line = stream.readline(protocol.MAX_LINE + 1)
        if not line:
            return
        if len(line) > protocol.MAX_LINE and not line.endswith(b"\n"):
            while True:  # skip the rest of the over-long line
                rest = stream.readline(protocol.MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
            yield b""
            continue
        if line.strip():
            yield line


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> int:
    """Answer requests from ``stdin`` on ``stdout`` until ``quit`` or the end of input; 0."""
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout.buffer if stdout is None else stdout
    server = EngineServer()
    too_long = protocol.error(
        None, "bad_request", f"the line is longer than {protocol.MAX_LINE} bytes"
    )
    for line in _lines(stdin):
        answer = server.handle(line) if line else too_long
        try:
            stdout.write(protocol.encode(answer))
            stdout.flush()
        except BrokenPipeError:
            return 0
        if server.done:
            break
    return 0
