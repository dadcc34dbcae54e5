"""``coup-rules tournament``: a tournament between bots, with win rates and ratings.

Its own module: ``coup_rules.cli`` only registers it (``add_parser``) and hands over (``run``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from coup_rules.bots import BASELINES, BOTS, DEFAULT_MAX_TURNS, Bot
from coup_rules.bots.personality import split_bots
from coup_rules.bots.process import DEFAULT_TIMEOUT, ProcessBot, is_command
from coup_rules.cli import warmup
from coup_rules.cli.output import Progress, check_writable, print_table
from coup_rules.config import Config
from coup_rules.evaluate import MAX_ENTRANT_ITERATIONS, Evaluation, evaluate, make_entrant
from coup_rules.ladder import Ladder, LadderError, Run
from coup_rules.rng import MAX_SEED
from coup_rules.simulation import MAX_WORKERS

__all__ = ["add_ladder_parser", "add_parser", "report_fallbacks", "run", "run_ladder"]

DEFAULT_BOTS = "counting,honest,bluff,random"


def _whole(text: str, least: int, most: int | None = None, most_text: str = "") -> int:
    shown = repr(text) if len(text) <= 40 else f"{text[:20]!r}... ({len(text)} characters)"
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {shown}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"expected {least} or more, not {shown}")
    if most is not None and value > most:
        raise argparse.ArgumentTypeError(f"expected at most {most_text or most}, not {shown}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"expected more than 0 and at most 3600, not {text!r}")
    return value


def _turns(text: str) -> int | None:
    return None if text.lower() == "none" else _whole(text, 1)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``tournament`` among the subcommands."""
    parser = commands.add_parser(
        "tournament",
        help="rate bots against each other: win rates with intervals, ratings, a ladder",
        description=(
            "Play a tournament between bots (coup_rules.evaluate): game i is dealt from a seed "
            "made of the master seed and i, and seat s gets bot (s + i) mod k of the k bots, so "
            "every bot takes every seat alike. Prints each bot's win rate per seat taken with "
            "its 95 % Wilson interval, a Plackett-Luce rating on each game's whole finishing "
            "order (mu, sigma and the ordinal mu - 3 sigma; a game drawn at the turn limit "
            "ranks its survivors tied first), and a Bradley-Terry rating of the winners on the "
            "Elo scale with its 95 % interval. The results depend only on the options, never "
            "on --workers."
        ),
    )
    parser.set_defaults(parser=parser)
    parser.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        metavar="LIST",
        help=(
            f"comma-separated entrants, two or more, each one of {', '.join(BOTS)}, a frozen "
            f"baseline ({', '.join(BASELINES)}), a personality (counting:bluff=0.3,"
            "skepticism=0.7 or counting:bold), ismcts, "
            f"ismcts:N (N iterations per decision, at most {MAX_ENTRANT_ITERATIONS:_}) or "
            "module:factory (a function or class of an "
            "importable module, or of a .py file in the current directory, that returns a bot when "
            "called with no arguments; it plays games of the options below, turn limit "
            f"included); default {DEFAULT_BOTS}"
        ),
    )
    parser.add_argument(
        "--entrant",
        action="append",
        default=[],
        metavar="'cmd:COMMAND ARGS'",
        help=(
            "also enter a bot that is a command in any language, speaking the coup-bot "
            "protocol on its standard input and output (repeatable), e.g. 'cmd:node mybot.js'; "
            "see the guide 'Bots in any language'"
        ),
    )
    parser.add_argument(
        "--bot-timeout",
        type=_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="S",
        help=(
            f"seconds a command entrant has for each decision (default {DEFAULT_TIMEOUT:g}); "
            "one that crashes, stalls, writes garbage or plays an illegal move is replaced by "
            "the random bot for the rest of that game, and counted"
        ),
    )
    parser.add_argument("--players", type=int, default=4, metavar="N", help="seats (default 4)")
    parser.add_argument("--inquisitor", action="store_true", help="play with the Inquisitor")
    parser.add_argument("--reformation", action="store_true", help="play with Reformation")
    parser.add_argument(
        "--games", type=lambda t: _whole(t, 1), default=200, metavar="N", help="default 200"
    )
    parser.add_argument(
        "--seed",
        type=lambda t: _whole(t, 0, MAX_SEED - 1, "2**256 - 1"),
        default=0,
        metavar="S",
        help="master seed, 0 to 2**256 - 1 (default 0)",
    )
    parser.add_argument(
        "--max-turns",
        type=_turns,
        default=DEFAULT_MAX_TURNS,
        metavar="T",
        help=f"a game still going after T turns is a draw (R-TURN-8; default {DEFAULT_MAX_TURNS})",
    )
    parser.add_argument(
        "--workers",
        type=lambda t: _whole(t, 1, MAX_WORKERS),
        default=1,
        metavar="K",
        help=(
            f"processes playing in parallel, 1 to {MAX_WORKERS} (default 1: this process); "
            "no more are started than there are batches of games, nor than 4 per CPU"
        ),
    )
    parser.add_argument(
        "--markdown",
        type=Path,
        metavar="FILE",
        help="also write the results as a Markdown table to FILE (as in the AI guide)",
    )
    parser.add_argument(
        "--ladder",
        type=Path,
        metavar="FILE",
        help=(
            "start each entrant's Plackett-Luce rating from its standing in the ladder FILE "
            "(a new name starts at the prior; FILE is created if missing), rate these games "
            "into it and write it back; old games are not replayed. A ladder holds one "
            "configuration: one of other options is refused"
        ),
    )
    parser.add_argument("--plain", action="store_true", help="plain-text tables, even with rich")


def report(result: Evaluation, *, plain: bool = False) -> None:
    """Print a tournament's results on standard output."""
    out = sys.stdout
    config = result.config
    print(
        f"{len(result.games)} games of {config.players} players, seed {result.seed}, turn limit "
        f"{config.max_turns}; entrants {', '.join(result.entrants)} (rotating seats); "
        f"fair share {100 * result.fair_share:.1f} %.",
        file=out,
    )
    ratings = {r.name: r for r in result.ratings()}
    skills = {s.name: s.skill for s in result.standings()}
    rows = []
    for rate in result.rates():
        r = ratings[rate.name]
        skill = skills[rate.name]
        rows.append(
            [
                rate.name,
                str(rate.trials),
                str(rate.wins),
                f"{100 * rate.rate:.1f}%",
                f"{100 * rate.low:.1f}% – {100 * rate.high:.1f}%",
                f"{skill.mu:.1f}",
                f"{skill.sigma:.2f}",
                f"{skill.ordinal:.1f}",
                f"{r.elo:+.0f}",
                f"{r.low:+.0f} – {r.high:+.0f}",
            ]
        )
    headers = ["bot", "seats", "wins", "win rate", "95% interval", "μ", "σ", "ordinal", "Elo"]
    headers.append("95% interval")
    print_table("Tournament", headers, rows, out, plain=plain)
    print(
        f"Draws: {result.draws}. Time: {result.seconds:.1f} s. μ, σ: Plackett-Luce ratings on "
        "each game's finishing order (draws: survivors tied first); ordinal = μ - 3σ; Elo: "
        "Bradley-Terry on the winners alone (draws left out).",
        file=out,
    )


def report_ladder(ladder: Ladder, before: Ladder, path: Path, *, plain: bool) -> None:
    """Print a ladder's standings, best ordinal first, with the games each entrant just
    played (``before``: the ladder as it was)."""
    rows = []
    for place, s in enumerate(ladder.ranked(), start=1):
        old = before.standings.get(s.name)
        rows.append(
            [
                str(place),
                s.name,
                f"{s.skill.mu:.1f}",
                f"{s.skill.sigma:.2f}",
                f"{s.skill.ordinal:.1f}",
                str(s.games),
                f"+{s.games - (old.games if old else 0)}",
            ]
        )
    headers = ["rank", "bot", "μ", "σ", "ordinal", "games", "new games"]
    print_table(f"Ladder {path}", headers, rows, sys.stdout, plain=plain)
    runs = len(ladder.runs)
    print(
        f"Wrote the ladder to {path}: {len(ladder.standings)} entrants, rated on "
        f"{runs} tournament{'' if runs == 1 else 's'} (its runs)."
    )


def report_fallbacks(bots: Mapping[str, Bot], workers: int) -> None:
    """Say how often each bot that is a command failed and a stand-in played its seat on
    (``tournament`` and ``simulate``)."""
    commands = {name: bot for name, bot in bots.items() if isinstance(bot, ProcessBot)}
    if not commands:
        return
    if workers > 1:
        print(
            "Bots that are commands played in the worker processes: each failure was logged "
            "there (on standard error); run with --workers 1 to have them counted here."
        )
        return
    for name, bot in commands.items():
        kinds = Counter(failure.kind for failure in bot.failures)
        detail = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
        print(
            f"{name}: {bot.fallbacks} fallback{'' if bot.fallbacks == 1 else 's'} to the "
            f"{bot.fallback} bot{f' ({detail})' if detail else ''}."
        )


def _modules_here(names: list[str]) -> None:
    """Let ``module:factory`` entrants be found in the current directory, as ``python -m``
    would (the ``coup-rules`` script's own directory is first on the path instead)."""
    here = os.getcwd()
    loads = any(":" in n and n.partition(":")[0] not in ("ismcts", "cmd") for n in names)
    if loads and here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)


def run(args: argparse.Namespace) -> int:
    """Run the tournament the options describe; the exit status.

    Raises:
        ValueError: options that make no tournament, or an entrant that cannot be loaded (the
            caller reports it as a usage error).
    """
    names = split_bots(args.bots)
    for entrant in args.entrant:
        if not is_command(entrant.strip()):
            raise ValueError(f"--entrant takes a command, cmd:COMMAND ARGS, not {entrant!r}")
        names.append(entrant.strip())
    _modules_here(names)
    bots: dict[str, Bot] = {}
    for name in names:
        bots[name] = (
            ProcessBot(name, timeout=args.bot_timeout) if is_command(name) else make_entrant(name)
        )
    if len(bots) != len(names):
        raise ValueError(f"each bot needs a name of its own: {names}")
    try:
        return _play(args, bots)
    finally:
        for bot in bots.values():
            if isinstance(bot, ProcessBot):
                bot.close()


def _play(args: argparse.Namespace, bots: dict[str, Bot]) -> int:
    config = Config(
        players=args.players,
        inquisitor=args.inquisitor,
        reformation=args.reformation,
        max_turns=args.max_turns,
    )
    if args.markdown is not None:
        check_writable(args.markdown, "--markdown")
    ladder = None
    if args.ladder is not None:
        ladder = _open_ladder(args.ladder, config)
        if ladder is None:
            return 1
    warmup.prepare(bots)  # the search's compile, before the first move rather than in it
    with Progress(args.games, "playing", plain=args.plain) as bar:
        result = evaluate(
            bots,
            config,
            args.games,
            seed=args.seed,
            workers=args.workers,
            progress=bar.update,
        )
    report(result, plain=args.plain)
    report_fallbacks(bots, args.workers)
    if ladder is not None and not _write_ladder(ladder, args.ladder, result, plain=args.plain):
        return 1
    if args.markdown is not None:
        try:
            args.markdown.write_text(result.to_markdown() + "\n", encoding="utf-8")
        except OSError as error:
            print(
                f"coup-rules tournament: cannot write {str(args.markdown)!r}: {error}",
                file=sys.stderr,
            )
            return 1
        print(f"Wrote the table to {args.markdown}.")
    return 0


def _open_ladder(path: Path, config: Config) -> Ladder | None:
    """The ladder of ``path`` (a new one if there is no such file), checked against the games'
    config before any game is played; ``None`` after saying why it cannot be used."""
    check_writable(path, "--ladder")
    try:
        ladder = Ladder.load(path) if path.exists() else Ladder(config)
        ladder.check(config)
    except LadderError as error:
        print(f"coup-rules tournament: --ladder: {error}", file=sys.stderr)
        return None
    return ladder


def _write_ladder(ladder: Ladder, path: Path, result: Evaluation, *, plain: bool) -> bool:
    """Rate the tournament's games into ``ladder``, write it to ``path`` and show it."""
    standings = result.standings(ladder.model, ladder.standings)
    run = Run(result.seed, len(result.games), result.entrants)
    updated = ladder.updated(standings, run)
    try:
        updated.save(path)
    except OSError as error:
        print(f"coup-rules tournament: cannot write {str(path)!r}: {error}", file=sys.stderr)
        return False
    report_ladder(updated, ladder, path, plain=plain)
    return True


def add_ladder_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``ladder`` (show a ladder file) among the subcommands."""
    parser = commands.add_parser(
        "ladder",
        help="show a ladder file: its entrants' Plackett-Luce ratings and its tournaments",
        description=(
            "Show the ladder FILE that 'coup-rules tournament --ladder FILE' keeps: its "
            "entrants by ordinal (mu - 3 sigma), best first, the games' options, and the "
            "tournaments rated into it with their seeds, in order. Nothing is played."
        ),
    )
    parser.set_defaults(parser=parser)
    parser.add_argument("file", type=Path, metavar="FILE", help="the ladder file (JSON)")
    parser.add_argument("--plain", action="store_true", help="plain-text tables, even with rich")


def run_ladder(args: argparse.Namespace) -> int:
    """Show the ladder ``args.file``; the exit status (1 for a file that is not a ladder)."""
    try:
        ladder = Ladder.load(args.file)
    except LadderError as error:
        print(f"coup-rules ladder: {error}", file=sys.stderr)
        return 1
    config = ladder.config
    print(
        f"Games of {config.players} players, turn limit {config.max_turns}"
        f"{', Inquisitor' if config.inquisitor else ''}"
        f"{', Reformation' if config.reformation else ''}."
    )
    rows = [
        [
            str(place),
            s.name,
            f"{s.skill.mu:.1f}",
            f"{s.skill.sigma:.2f}",
            f"{s.skill.ordinal:.1f}",
            str(s.games),
        ]
        for place, s in enumerate(ladder.ranked(), start=1)
    ]
    headers = ["rank", "bot", "μ", "σ", "ordinal", "games"]
    print_table(f"Ladder {args.file}", headers, rows, sys.stdout, plain=args.plain)
    for number, run in enumerate(ladder.runs, start=1):
        print(f"{number}. seed {run.seed}, {run.games} games: {', '.join(run.entrants)}")
    return 0
