"""Bots that see only what their seat may know, and a runner that plays whole games.

A bot is any object with a method ``choose(view, rng) -> Move`` (the ``Bot`` protocol) that
returns one of ``view.legal_moves``. It is handed ``view(state, seat)`` — never the ``GameState``
— so it cannot read another seat's hand, the Court, the set-aside cards or the seed. All of its
chance comes from the ``random.Random`` it is handed, never from the global ``random`` module.

**History.** The runner hands a bot the whole log of its seat (``since=0``) at every decision, so
the bots here keep no memory between calls: each move is a function of one view and the random
stream, and a bot object can be shared by any number of games and processes. A bot that wants
memory may keep it, as long as it is built from its views alone.

- ``RandomBot``: a uniformly random legal move.
- ``HonestBot``: claims only characters it holds (but bluffs a Steal when the Treasury is empty,
  the only way left to get coins), blocks when it holds a blocker, challenges only a claim it
  knows is false (all copies accounted for) and otherwise rarely, keeps its best cards.
- ``BluffBot``: plays like ``HonestBot`` but bluffs Tax and blocks, and challenges more often.
- ``CountingBot``: counts every card it has seen, reads each opponent's record of proofs,
  concessions, challenges and blocks from the log, and bluffs and challenges by the odds.

``play_game(config, bots, seed=...)`` plays one game; ``coup_rules.simulation`` plays many.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, Sequence

from coup_rules.bots.base import VALUE, Bot
from coup_rules.bots.baselines import BASELINES, baseline, baselines
from coup_rules.bots.counting import CountingBot
from coup_rules.bots.runner import (
    DEFAULT_MAX_TURNS,
    OnMove,
    Seating,
    play_game,
    play_out,
    with_turn_limit,
)
from coup_rules.bots.simple import BluffBot, HonestBot, RandomBot

__all__ = [
    "BASELINES",
    "BOTS",
    "DEFAULT_MAX_TURNS",
    "VALUE",
    "BluffBot",
    "Bot",
    "CountingBot",
    "HonestBot",
    "OnMove",
    "RandomBot",
    "Seating",
    "baseline",
    "baselines",
    "bot_name",
    "make_bot",
    "make_bots",
    "play_game",
    "play_out",
    "with_turn_limit",
]

BOTS: Mapping[str, Callable[[], Bot]] = types.MappingProxyType(
    {
        "random": RandomBot,
        "honest": HonestBot,
        "bluff": BluffBot,
        "counting": CountingBot,
    }
)
"""The bots by the names the command line uses."""


def make_bot(name: str) -> Bot:
    """The bot called ``name`` in ``BOTS``, or the baseline of that id (``counting-v1``, see
    ``coup_rules.bots.baselines``), or a bot with a personality, ``POLICY:KNOBS``
    (``counting:bluff=0.3,skepticism=0.7``, ``counting:bold``; see
    ``coup_rules.bots.personality``), or, for ``cmd:COMMAND ARGS``, a
    ``coup_rules.bots.process.ProcessBot`` running that command (docs: "Bots in any language").

    Raises:
        ValueError: an unknown name; the message lists the known ones.
    """
    if name.startswith("cmd:"):
        from coup_rules.bots.process import ProcessBot

        return ProcessBot(name)
    if ":" in name:
        from coup_rules.bots.personality import knobbed

        return knobbed(name)
    if name in BASELINES:
        return baseline(name)
    if name not in BOTS:
        raise ValueError(
            f"unknown bot {name!r}; choose from: {', '.join(BOTS)}, a baseline id "
            f"({', '.join(BASELINES)}), POLICY:KNOB=VALUE,... (counting:bluff=0.3), "
            "cmd:COMMAND"
        )
    return BOTS[name]()


def make_bots(names: Sequence[str], players: int) -> tuple[Bot, ...]:
    """One bot per seat, cycling through ``names`` (e.g. ``["honest", "random"]``).

    Raises:
        ValueError: an unknown bot name, or no name at all.
    """
    if not names:
        raise ValueError("give at least one bot name")
    bots = {name: make_bot(name) for name in names}
    return tuple(bots[names[seat % len(names)]] for seat in range(players))


def bot_name(bot: Bot) -> str:
    """The name of ``bot`` in ``BOTS`` if it is one of them, a command's ``cmd:`` name, else
    its class name."""
    from coup_rules.bots.process import ProcessBot

    if isinstance(bot, ProcessBot):
        return bot.name
    for name, make in BOTS.items():
        if make is type(bot):
            return name
    return type(bot).__name__
