"""The ``coup-demo`` command (also ``python -m coup_rules``): one narrated game between bots.

The demo is narrated for an omniscient spectator: it prints every hidden card, which no player
at a real table could see. Its default seed (2026) makes the demo reproducible; that is fine for
a demo and wrong for a server, where anyone who guesses a seed can rebuild every hand. A server
must call ``new_game(config)`` without a seed, which draws an unguessable one.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence

from coup_rules.bots import BOTS, make_bots, play_game
from coup_rules.config import MAX_PLAYERS, MIN_PLAYERS, Config
from coup_rules.events import Event, TurnStarted
from coup_rules.moves import Move
from coup_rules.narrate import describe_event
from coup_rules.notation import format_move
from coup_rules.setup import new_game
from coup_rules.state import GameState

__all__ = ["DEFAULT_SEED", "build_parser", "main", "narrate_game"]

DEFAULT_SEED = 2026
"""The demo's seed: reproducible, and therefore never to be used by a server."""

Print = Callable[[str], None]


def build_parser() -> argparse.ArgumentParser:
    """The command line parser of ``coup-demo``."""
    parser = argparse.ArgumentParser(
        prog="coup-demo",
        description=(
            "Play one complete game of Coup between bots and narrate it in plain words. "
            "The narration is omniscient: it shows every hidden card."
        ),
        epilog=(
            f"The default seed ({DEFAULT_SEED}) makes the demo reproducible. A server must never "
            "use small, fixed or time-based seeds: anyone who guesses the seed can rebuild every "
            "hand. Call new_game() without a seed to get an unguessable one."
        ),
    )
    parser.add_argument(
        "--players",
        type=int,
        default=4,
        metavar="N",
        help=f"number of seats, {MIN_PLAYERS} to {MAX_PLAYERS} (default 4)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        metavar="S",
        help=f"seed of the deal, the draws and the bots (default {DEFAULT_SEED})",
    )
    parser.add_argument(
        "--inquisitor", action="store_true", help="play with the Inquisitor, not the Ambassador"
    )
    parser.add_argument(
        "--reformation", action="store_true", help="play with the Reformation expansion"
    )
    parser.add_argument(
        "--bots",
        default="honest,bluff,random",
        metavar="LIST",
        help=(
            f"comma-separated bots, repeated over the seats; one of {', '.join(BOTS)} "
            "(default honest,bluff,random)"
        ),
    )
    parser.add_argument(
        "--notation", action="store_true", help="also print each move in the text notation"
    )
    parser.add_argument("--quiet", action="store_true", help="print only the winner line")
    return parser


def _variant(config: Config) -> str:
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


def _narrate(events: Sequence[Event], state: GameState, out: Print) -> None:
    """Print ``events``; ``state`` is the state right after them (for turn headers)."""
    for event in events:
        if isinstance(event, TurnStarted):
            out("")
            out(_header(state, event.player, event.turn))
        else:
            out("  " + describe_event(event, state.config))


def narrate_game(
    config: Config,
    seed: int,
    bot_names: Sequence[str],
    out: Print,
    *,
    notation: bool = False,
) -> GameState:
    """Play one game between bots from ``seed``, printing every event through ``out``.

    Args:
        config: the game's options.
        seed: seeds the deal and the draws (``new_game``) and the bots (``random.Random``).
        bot_names: bot names, repeated over the seats.
        out: where each line goes (e.g. ``print``).
        notation: also print each move in the text notation.

    Returns:
        The final state.
    """
    state = new_game(config, seed=seed)
    bots = make_bots(bot_names, config.players)
    _narrate(state.log, state, out)

    def on_move(before: GameState, move: Move, after: GameState) -> None:
        if notation:
            out(f"  > {format_move(move)}")
        _narrate(after.log.tail(len(before.log)), after, out)

    return play_game(state, bots, random.Random(seed), on_move=on_move)


def _intro(config: Config, seed: int, names: Sequence[str], out: Print) -> None:
    out(f"Coup demo: {config.players} players ({_variant(config)}), seed {seed}.")
    seats = ", ".join(f"{s}: {names[s % len(names)]}" for s in range(config.players))
    out(f"Bots by seat: {seats}.")
    out("Omniscient narration: every hidden card is shown, as no player at the table could see.")
    out("This seed is for a reproducible demo only; a server must let new_game draw its seed.")
    out("")


def main(argv: list[str] | None = None) -> int:
    """Run the demo; ``argv`` defaults to the command line. Returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    try:
        config = Config(
            players=args.players, inquisitor=args.inquisitor, reformation=args.reformation
        )
        make_bots(names, config.players)
        new_game(config, seed=args.seed)
    except ValueError as error:
        parser.error(str(error))

    def say(line: str) -> None:
        if not args.quiet:
            print(line)

    try:
        _intro(config, args.seed, names, say)
        final = narrate_game(config, args.seed, names, say, notation=args.notation)
        assert final.winner is not None
        name = names[final.winner % len(names)]
        say("")
        print(f"Winner: seat {final.winner} ({name}) after {final.turn} turns.")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader left early (e.g. `coup-demo | head`): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
