"""``coup-rules demo``: one game between bots, narrated in plain words for a spectator who sees
every card.

The demo's default seed (2026) makes it reproducible; that is fine for a demo and wrong for a
server, where anyone who guesses a seed can rebuild every hand. A server must call
``new_game(config)`` without a seed, which draws an unguessable one.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from coup_rules.bots import make_bots, play_game
from coup_rules.config import Config
from coup_rules.events import TurnStarted
from coup_rules.moves import Move
from coup_rules.narrate import narrate_events, narration_start
from coup_rules.notation import format_move
from coup_rules.state import GameState

__all__ = ["DEFAULT_SEED", "Narrator", "narrate_game", "result_line", "run", "variant"]

DEFAULT_SEED = 2026
"""The demo's seed: reproducible, and therefore never to be used by a server."""

Print = Callable[[str], None]


def variant(config: Config) -> str:
    """The game's variant in words: ``"Inquisitor, Reformation"``."""
    parts = ["Inquisitor" if config.inquisitor else "Ambassador"]
    if config.reformation:
        parts.append("Reformation")
    if config.is_two_player_setup:
        parts.append("2-player setup")
    return ", ".join(parts)


def _header(state: GameState, seat: int, turn: int) -> str:
    p = state.players[seat]
    coins = f"{p.coins} coin{'' if p.coins == 1 else 's'}"
    return f"— Turn {turn}: seat {seat} ({coins}, {len(p.hand)} influence) —"


class Narrator:
    """Prints the events of a game as they happen, every card shown (an omniscient spectator).

    Call it with (state before, move, state after) after each move, like ``play_game``'s
    ``on_move``; the events before the first move are printed with it.
    """

    def __init__(self, out: Print, *, notation: bool = False) -> None:
        self.out = out
        self.notation = notation
        self.printed = 0

    def __call__(self, before: GameState, move: Move, after: GameState) -> None:
        if self.printed == 0:
            self.events(before)
        if self.notation:
            self.out(f"  > {format_move(move)}")
        self.events(after)

    def events(self, state: GameState) -> None:
        """Print the events of ``state``'s log not printed yet."""
        log = list(state.log)
        start = narration_start(log, self.printed)
        told = narrate_events(log[start:], state.config)[self.printed - start :]
        for event, lines in zip(log[self.printed :], told, strict=True):
            for line in lines[:-1]:  # an action that came to nothing (R-INF-5)
                self.out("  " + line)
            if isinstance(event, TurnStarted):
                self.out("")
                self.out(_header(state, event.player, event.turn))
            else:
                self.out("  " + lines[-1])
        self.printed = len(state.log)


def narrate_game(
    config: Config,
    seed: int,
    bot_names: Sequence[str],
    out: Print,
    *,
    notation: bool = False,
    max_turns: int | None = None,
) -> GameState:
    """Play one game between bots from ``seed``, printing every event through ``out``.

    Args:
        config: the game's options.
        seed: seeds the deal, the draws and the bots (``play_game``).
        bot_names: bot names, repeated over the seats.
        out: where each line goes (e.g. ``print``).
        notation: also print each move in the text notation.
        max_turns: the turn limit (R-TURN-8) if ``config`` has none; ``None`` for none.

    Returns:
        The final state.
    """
    bots = make_bots(bot_names, config.players)
    narrator = Narrator(out, notation=notation)
    return play_game(config, bots, seed=seed, max_turns=max_turns, on_move=narrator)


def result_line(final: GameState, names: Sequence[str]) -> str:
    """``"Winner: seat 2 (honest) after 31 turns."``, or the draw."""
    if final.winner is None:
        return f"Draw: no winner after {final.turn} turns (the turn limit, house rule R-TURN-8)."
    name = names[final.winner % len(names)]
    return f"Winner: seat {final.winner} ({name}) after {final.turn} turns."


def _intro(config: Config, seed: int, names: Sequence[str], out: Print) -> None:
    out(f"Coup demo: {config.players} players ({variant(config)}), seed {seed}.")
    seats = ", ".join(f"{s}: {names[s % len(names)]}" for s in range(config.players))
    out(f"Bots by seat: {seats}.")
    out("Omniscient narration: every hidden card is shown, as no player at the table could see.")
    out("This seed is for a reproducible demo only; a server must let new_game draw its seed.")
    out("")


def run(args: argparse.Namespace, config: Config, names: Sequence[str]) -> int:
    """Play and narrate the demo game; the exit status."""

    def say(line: str) -> None:
        if not args.quiet:
            print(line)

    _intro(config, args.seed, names, say)
    final = narrate_game(
        config, args.seed, names, say, notation=args.notation, max_turns=args.max_turns
    )
    say("")
    print(result_line(final, names))
    return 0
