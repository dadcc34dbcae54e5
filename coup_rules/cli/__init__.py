"""The ``coup-rules`` command (also ``python -m coup_rules``): demo, play, simulate, replay.

``coup-rules`` with no subcommand plays the narrated demo, as ``coup-rules demo`` does; so do
the demo's options given alone (``coup-rules --players 3``), and the older ``coup-demo``
command. Errors go to standard error: exit status 2 for a wrong command line, 1 for a command
that could not finish (a game that does not replay, input that ended mid-game); 130 after Ctrl-C
and 143 after SIGTERM, once the worker processes are stopped. No input makes it print a
traceback.

Only the standard library and ``coup_rules`` are needed; with ``rich`` installed
(``pip install 'coup-rules[cli]'``), tables and progress bars are drawn with it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType

from coup_rules.bots import BASELINES, BOTS, DEFAULT_MAX_TURNS, make_bots
from coup_rules.bots.personality import split_bots
from coup_rules.cli import conform, demo, play, sim, tournament, vector_sim, warmup
from coup_rules.cli.demo import DEFAULT_SEED, narrate_game
from coup_rules.cli.play import INTERRUPTED
from coup_rules.config import MAX_PLAYERS, MIN_PLAYERS, Config
from coup_rules.rng import MAX_SEED
from coup_rules.setup import new_game
from coup_rules.simulation import MAX_WORKERS

__all__ = ["DEFAULT_SEED", "build_parser", "demo_main", "main", "narrate_game"]

COMMANDS = (
    "demo",
    "play",
    "simulate",
    "replay",
    "tournament",
    "ladder",
    "warmup",
    "engine",
    "conform",
)
"""The subcommands, in the order ``--help`` lists them."""


TERMINATED = 128 + signal.SIGTERM
"""The exit status after SIGTERM (as a shell reports a process it killed)."""


def _shown(text: str) -> str:
    """A command-line value in a message, cut short if long."""
    return repr(text) if len(text) <= 40 else repr(f"{text[:20]}...") + f" ({len(text)} characters)"


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {_shown(text)}") from None
    if not 0 <= value < MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from 0 to 2**256 - 1, not {_shown(text)}"
        )
    return value


def _turn_limit(text: str) -> int | None:
    if text.lower() == "none":
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of turns or 'none', not {text!r}"
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"the turn limit is 1 or more, not {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {_shown(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, not {value}")
    return value


def _workers(text: str) -> int:
    value = _positive(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"at most {MAX_WORKERS} workers, not {value}")
    return value


def _game_options(bots: str, *, seed: int | None, seed_help: str) -> argparse.ArgumentParser:
    """The options that make a game: table, variants, bots, seed, turn limit."""
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument(
        "--players",
        type=int,
        default=4,
        metavar="N",
        help=f"number of seats, {MIN_PLAYERS} to {MAX_PLAYERS} (default 4)",
    )
    options.add_argument(
        "--inquisitor", action="store_true", help="play with the Inquisitor, not the Ambassador"
    )
    options.add_argument(
        "--reformation", action="store_true", help="play with the Reformation expansion"
    )
    options.add_argument(
        "--bots",
        default=bots,
        metavar="LIST",
        help=(
            f"comma-separated bots, repeated over the seats; each one of {', '.join(BOTS)}, "
            f"a frozen baseline ({', '.join(BASELINES)}), a personality "
            "(counting:bluff=0.3,skepticism=0.7 or counting:bold; see the bots guide) or "
            f"cmd:COMMAND ARGS, a bot in any language (default {bots})"
        ),
    )
    options.add_argument("--seed", type=_seed, default=seed, metavar="S", help=seed_help)
    options.add_argument(
        "--max-turns",
        type=_turn_limit,
        default=DEFAULT_MAX_TURNS,
        metavar="T",
        help=(
            f"a game still going after T turns is a draw (house rule R-TURN-8; default "
            f"{DEFAULT_MAX_TURNS}, as for the library's play_game and simulate; 'none' for the "
            f"rulebooks' game, which may never end, as the library's Config(max_turns=None))"
        ),
    )
    return options


_SEED_WARNING = (
    "A server must never use small, fixed or time-based seeds: anyone who guesses the seed can "
    "rebuild every hand. Call new_game() without a seed to get an unguessable one."
)


def _add_demo(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "demo",
        parents=[
            _game_options(
                "honest,bluff,random",
                seed=DEFAULT_SEED,
                seed_help=f"seed of the deal, the draws and the bots (default {DEFAULT_SEED})",
            )
        ],
        help="watch bots play one game, narrated in plain words (the default command)",
        description=(
            "Play one complete game of Coup between bots and narrate it in plain words. "
            "The narration is omniscient: it shows every hidden card."
        ),
        epilog=f"The default seed ({DEFAULT_SEED}) makes the demo reproducible. {_SEED_WARNING}",
    )
    parser.set_defaults(parser=parser)
    _demo_flags(parser)


def _demo_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--notation", action="store_true", help="also print each move in the text notation"
    )
    parser.add_argument("--quiet", action="store_true", help="print only the result line")


def _add_play(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "play",
        parents=[
            _game_options(
                "counting",
                seed=None,
                seed_help="seed of the game (default: a fresh one, printed at the end)",
            )
        ],
        help="play a game against bots in the terminal",
        description=(
            "Play one game of Coup against bots. At each of your decisions you see your cards "
            "and coins, what the others show, what happened since your last move, and your "
            "legal moves, numbered: answer with a number or the move in words (income, "
            "'steal p2', 'block captain'). Reads standard input, so it can be piped."
        ),
    )
    parser.set_defaults(parser=parser)
    parser.add_argument(
        "--seat", type=int, default=0, metavar="N", help="your seat (default 0, who plays first)"
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="save the finished game to FILE, in the format 'coup-rules replay' reads",
    )


def _add_simulate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "simulate",
        parents=[
            _game_options(
                "counting,honest,random,bluff",
                seed=0,
                seed_help="master seed: game i is played from a seed made of it and i (default 0)",
            )
        ],
        help="play many games between bots and compare their win rates",
        description=(
            "Play many games between bots and print the win rate of each bot (per seat it "
            "took) and of each seat, with 95 % Wilson intervals, the draws, the average length "
            "and the speed. The bots change seats from one game to the next. The results depend "
            "only on the options, never on the number of workers."
        ),
    )
    parser.set_defaults(parser=parser)
    parser.add_argument(
        "--games", type=_positive, default=1000, metavar="N", help="games to play (default 1000)"
    )
    parser.add_argument(
        "--workers",
        type=_workers,
        default=1,
        metavar="K",
        help=(
            f"processes playing in parallel, 1 to {MAX_WORKERS} (default 1: this process); no "
            "more are started than there are batches of games, nor than 4 per CPU"
        ),
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="write every game (config, seed, bots, moves, result) to FILE, one JSON per line",
    )
    parser.add_argument(
        "--no-rotate", action="store_true", help="keep each bot in its seat from game to game"
    )
    parser.add_argument(
        "--engine",
        choices=vector_sim.ENGINES,
        default="objects",
        help=(
            "objects: the engine itself, any bots (default); vector: uniformly random games "
            "compiled with numba, many times faster (the [vector] extra; --workers is threads)"
        ),
    )
    parser.add_argument(
        "--plain", action="store_true", help="plain-text tables, even where rich is installed"
    )


def _add_replay(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "replay",
        help="replay recorded games and check their results",
        description=(
            "Re-apply the moves of every game recorded by 'simulate --out' and check that each "
            "one reproduces its recorded winner and length. Exits 1 if one does not."
        ),
    )
    parser.set_defaults(parser=parser)
    parser.add_argument("file", type=Path, metavar="FILE", help="a file written by simulate --out")
    parser.add_argument(
        "--narrate",
        type=int,
        metavar="GAME",
        help="also narrate game number GAME (its 'game' field), every card shown",
    )


def _add_serve(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Listed for ``--help`` only: ``main`` hands ``serve`` to ``coup_rules.web`` unparsed."""
    commands.add_parser(
        "serve",
        help="host games in the browser on a local network (extra [web])",
        description="See 'coup-rules serve --help'.",
    )


def build_parser(prog: str = "coup-rules") -> argparse.ArgumentParser:
    """The command line parser of ``coup-rules``."""
    from coup_rules import __version__

    parser = argparse.ArgumentParser(
        prog=prog,
        description=(
            "The rules of Coup as a game engine: watch bots play, play against them, simulate "
            "many games and compare bots, replay recorded games. Without a command, plays the "
            "narrated demo."
        ),
        epilog=f"'{prog} COMMAND --help' describes each command. {_SEED_WARNING}",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    _add_demo(commands)
    _add_play(commands)
    _add_simulate(commands)
    _add_replay(commands)
    tournament.add_parser(commands)
    tournament.add_ladder_parser(commands)
    warmup.add_parser(commands)
    conform.add_parsers(commands)
    _add_serve(commands)
    return parser


def _config(args: argparse.Namespace) -> tuple[Config, list[str]]:
    names = split_bots(args.bots)
    config = Config(players=args.players, inquisitor=args.inquisitor, reformation=args.reformation)
    make_bots(names, config.players)
    if args.seed is not None:
        new_game(config, seed=args.seed)
    return config, names


def _with_command(argv: Sequence[str]) -> list[str]:
    """``argv`` with ``demo`` in front when no command is named (the demo's options alone)."""
    if not argv:
        return ["demo"]
    if argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"):
        return ["demo", *argv]
    return list(argv)


class _Terminated(BaseException):
    """SIGTERM, raised where the command is, so that it stops its workers and ends cleanly."""


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise _Terminated


@contextlib.contextmanager
def _sigterm_stops() -> Iterator[None]:
    """While the block runs (in the main thread), SIGTERM raises ``_Terminated`` in it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None, *, prog: str = "coup-rules") -> int:
    """Run ``coup-rules``; ``argv`` defaults to the command line. Returns the exit status."""
    with _sigterm_stops():
        try:
            return _main(argv, prog)
        except _Terminated:
            print(f"\n{prog}: terminated", file=sys.stderr)
            return TERMINATED


def _main(argv: Sequence[str] | None, prog: str) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["serve"]:
        from coup_rules.web import serve_main

        return serve_main(arguments[1:])
    parser = build_parser(prog)
    args, unknown = parser.parse_known_args(_with_command(arguments))
    command: argparse.ArgumentParser = args.parser
    if unknown:  # the usage of the command that was given, not the top-level one
        command.error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        if args.command == "replay":
            return sim.replay_command(args)
        if args.command == "ladder":
            return tournament.run_ladder(args)
        if args.command == "warmup":
            return warmup.run()
        if args.command == "engine":
            return conform.run_engine()
        if args.command == "conform":
            return conform.run_conform(args)
        if args.command == "tournament":
            try:
                return tournament.run(args)
            except ValueError as error:
                command.error(str(error))
        try:
            config, names = _config(args)
        except ValueError as error:
            command.error(str(error))
        if args.command == "play":
            try:
                return play.run(args, config, names, sys.stdin)
            except ValueError as error:
                command.error(str(error))
        if args.command == "simulate":
            try:
                if args.engine == "vector":
                    given = args.bots != command.get_default("bots")
                    return vector_sim.simulate_command(args, config, given)
                return sim.simulate_command(args, config, names)
            except ValueError as error:
                command.error(str(error))
        return demo.run(args, config, names)
    except KeyboardInterrupt:  # Ctrl-C: one line, never a traceback
        print(f"\n{prog}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader left early (e.g. `coup-rules | head`): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def demo_main(argv: Sequence[str] | None = None) -> int:
    """``coup-demo``, the older name of ``coup-rules demo``, kept as an alias."""
    args = list(sys.argv[1:] if argv is None else argv)
    return main(["demo", *args])


if __name__ == "__main__":
    sys.exit(main())
