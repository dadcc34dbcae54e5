"""What the learning environments share: bots in some seats, fixed deals, the seat asked.

Pure Python (no NumPy): ``coup_rules.pettingzoo`` and ``coup_rules.gymnasium`` wrap it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from coup_rules.ai.encoding import asked_first
from coup_rules.bots import Bot, make_bot
from coup_rules.engine import apply
from coup_rules.narrate import narrate_events, narration_start
from coup_rules.state import GameState
from coup_rules.views import view

__all__ = [
    "DEAL_OPTIONS",
    "Opponents",
    "asked",
    "bot_streams",
    "deal_options",
    "play_bots",
    "public_narration",
    "seat_bots",
]

DEAL_OPTIONS = ("hands", "court", "coins", "allegiances")
"""The keys of an environment's ``reset(options=...)``: the fixed-deal arguments of
``coup_rules.new_game``."""

Opponents = Mapping[int, Bot | str]
"""Bots by seat: ``{seat: bot}``, each a view-based ``Bot`` or a name of ``coup_rules.bots``."""


def deal_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The fixed-deal keywords of ``new_game`` among ``reset``'s ``options`` (other keys are
    ignored, as PettingZoo's API test expects)."""
    if not options:
        return {}
    return {k: options[k] for k in DEAL_OPTIONS if options.get(k) is not None}


def seat_bots(opponents: Opponents | None, players: int) -> dict[int, Bot]:
    """The bots of ``opponents``, names made into bots, seats checked.

    Raises:
        ValueError: a seat out of range, an unknown bot name, or no seat left to learn.
    """
    bots: dict[int, Bot] = {}
    for seat, bot in (opponents or {}).items():
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"opponents are keyed by seat, 0 to {players - 1}, not {seat!r}")
        bots[seat] = make_bot(bot) if isinstance(bot, str) else bot
    if len(bots) >= players:
        raise ValueError("leave at least one seat to learn: opponents hold every seat")
    return bots


def bot_streams(seed: int, seats: Sequence[int]) -> dict[int, random.Random]:
    """One random stream per bot's seat, all derived from the game's seed."""
    return {s: random.Random(f"coup-rules/env/bot/{seed}/{s}") for s in seats}


def asked(state: GameState) -> int:
    """The seat an environment asks now (``asked_first`` of the pending decision)."""
    pending = state.core.pending
    assert pending is not None  # the game goes on
    return asked_first(pending, state.config.players)


def play_bots(
    state: GameState, bots: Mapping[int, Bot], streams: Mapping[int, random.Random]
) -> GameState:
    """``state`` after the bots' moves, until a seat without a bot is asked or the game ends.

    Each bot is handed its seat's whole view and its own stream, as ``play_game`` does.
    """
    while bots and not state.is_over:
        seat = asked(state)
        bot = bots.get(seat)
        if bot is None:
            break
        state = apply(state, bot.choose(view(state, seat), streams[seat]))
    return state


def public_narration(state: GameState, since: int) -> list[str]:
    """The public events of ``state``'s log from ``since`` on, in words, as a spectator is told
    them: ``describe_event``'s sentence for each, and the line of an action that came to nothing
    (R-INF-5) where it would have resolved (``narrate_events``, read from the start of the turn
    of ``log[since]``, so that a render in the middle of a turn still tells it)."""
    start = narration_start(state.log, since)
    told = narrate_events(view(state, None, since=start).log, state.config)[since - start :]
    return [line for lines in told for line in lines]
