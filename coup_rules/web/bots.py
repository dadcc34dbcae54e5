"""The one place the server asks a bot for a move (and learns which bots exist).

Everything else in ``coup_rules.web`` calls ``BotPlayers``, ``bot_move``, ``stand_in_move`` and
``BOT_NAMES`` only, so a change to the bots' protocol is a change to this file alone. The bots
here read only what their seat may know (see ``coup_rules.bots``).

``BotPlayers`` is the hub's set of bots: the built-ins (the names of ``coup_rules.bots.BOTS``,
which follow the newest play, and the frozen baselines' ids, ``counting-v1`` and the others, which
play the same in every release), and the commands the server was started
with (``coup-rules serve --bot NAME='cmd:...'``, "Bots in any language"), offered in the lobby
beside them. A command bot runs as one ``ProcessBot`` per game (one process per seat it holds),
asked off the event loop, in a thread; one that fails gives its seat to its stand-in for the rest
of the game (logged on the ``coup_rules.bots.process`` logger), and its processes are stopped
when the game's task ends.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import threading
from collections.abc import Mapping

from coup_rules.bots import BASELINES, BOTS, make_bot
from coup_rules.bots.process import DEFAULT_FALLBACK, DEFAULT_TIMEOUT, ProcessBot, command_of
from coup_rules.decisions import ChallengeActionWindow, ChallengeBlockWindow, CounterWindow
from coup_rules.moves import Allow, Move
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = ["BOT_NAMES", "STAND_IN", "BotPlayers", "bot_move", "check_bot_name", "stand_in_move"]

log = logging.getLogger("coup_rules.web")

NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
"""What a command bot may be called at the table: a lower-case word of up to 32 characters."""

BOT_NAMES: tuple[str, ...] = (*BOTS, *BASELINES)
"""The names a game's seat list may use for a bot (``"honest"``, ``"counting"``, ...), then the
baselines' ids (``"counting-v1"``, ..., and the personalities' presets, ``"counting-bold-v1"``
and the others of ``coup_rules.bots.personality.PRESETS``), which the lobby offers."""


def bot_move(name: str, state: GameState, seat: int, rng: random.Random) -> Move:
    """The move the bot called ``name`` (in ``BOT_NAMES``) makes for ``seat`` in ``state``, its
    chance from ``rng``."""
    return make_bot(name).choose(view(state, seat), rng)


STAND_IN = "honest"
"""The bot that answers for a seat whose time ran out, outside a window."""

_WINDOWS = (ChallengeActionWindow, CounterWindow, ChallengeBlockWindow)


def stand_in_move(state: GameState, seat: int, rng: random.Random) -> Move:
    """What the table plays for ``seat`` when its time runs out: in a window (challenge or
    block), ``Allow``, as a player who says nothing lets the claim pass; any other decision,
    the move of the ``STAND_IN`` bot, which plays honestly from the seat's own view."""
    if isinstance(state.pending, _WINDOWS):
        return Allow(seat)
    return bot_move(STAND_IN, state, seat, rng)


def check_bot_name(name: str) -> str:
    """``name`` if a command bot may be called so (``NAME``, and no built-in's or ``human``).

    Raises:
        ValueError: another name, said in words.
    """
    if not NAME.fullmatch(name):
        raise ValueError(
            f"a bot's name is a lower-case word of up to 32 letters, digits, - and _ that "
            f"starts with a letter, not {name!r}"
        )
    if name in BOT_NAMES or name == "human":
        raise ValueError(f"{name!r} is taken (built-in: {', '.join(BOT_NAMES)}, and human)")
    return name


class BotPlayers:
    """The bots a server seats: the built-ins and its command bots (see the module).

    Args:
        commands: per name, the command (``cmd:COMMAND ARGS``, or its argument vector).
        timeout: seconds a command bot has for each decision.
        fallback: the built-in bot that plays a failed command bot's seat on.

    Raises:
        ValueError: a name that ``check_bot_name`` refuses, a command that cannot be run, an
            unknown fallback or a timeout out of range.
    """

    def __init__(
        self,
        commands: Mapping[str, str | tuple[str, ...]] | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        fallback: str = DEFAULT_FALLBACK,
    ) -> None:
        self.commands: dict[str, tuple[str, ...]] = {
            check_bot_name(name): command_of(spec) if isinstance(spec, str) else tuple(spec)
            for name, spec in (commands or {}).items()
        }
        if fallback not in BOTS:
            raise ValueError(f"unknown fallback bot {fallback!r}; choose from: {', '.join(BOTS)}")
        if not 0 < timeout <= 3600:
            raise ValueError(f"a bot's time per decision: above 0 s, at most 3600 s, not {timeout}")
        self.timeout = timeout
        self.fallback = fallback
        self.names: tuple[str, ...] = (*BOT_NAMES, *self.commands)
        self._playing: dict[tuple[str, str], ProcessBot] = {}
        self._unknown: set[str] = set()

    async def move(
        self, game: str, name: str, state: GameState, seat: int, rng: random.Random
    ) -> Move:
        """The move of the bot called ``name`` for ``seat`` of ``game`` (a command bot's in a
        thread, so the event loop goes on meanwhile). A name this server does not know (a game
        stored by a server started with other ``--bot`` options) is played by the fallback."""
        if name in BOTS:
            return bot_move(name, state, seat, rng)
        if name in BASELINES:  # a search among them takes a while: off the event loop
            return await asyncio.to_thread(bot_move, name, state, seat, rng)
        argv = self.commands.get(name)
        if argv is None:
            if name not in self._unknown:
                self._unknown.add(name)
                log.warning(
                    "no bot called %r on this server (start it with --bot %s='cmd:...'): "
                    "the %s bot plays its seats",
                    name,
                    name,
                    self.fallback,
                )
            return bot_move(self.fallback, state, seat, rng)
        key = (game, name)
        bot = self._playing.get(key)
        if bot is None:
            label = f"{name} (game {game})"
            bot = ProcessBot(argv, timeout=self.timeout, fallback=self.fallback, name=label)
            self._playing[key] = bot
        return await asyncio.to_thread(bot.choose, view(state, seat), rng)

    def release(self, game: str) -> None:
        """Stop the command bots of ``game`` (in a thread of their own: a process is given a
        moment to quit before it is killed)."""
        bots = [self._playing.pop(key) for key in list(self._playing) if key[0] == game]
        if bots:
            threading.Thread(target=_close, args=(bots,), name=f"bots of {game}").start()

    def close(self) -> None:
        """Stop every command bot's processes, and wait for it."""
        bots = list(self._playing.values())
        self._playing.clear()
        _close(bots)


def _close(bots: list[ProcessBot]) -> None:
    for bot in bots:
        bot.close()
