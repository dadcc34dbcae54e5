"""``coup-rules simulate`` and ``coup-rules replay``: many games between bots, their statistics,
and the replay of recorded games."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from coup_rules.bots import Bot
from coup_rules.bots.process import ProcessBot, is_command
from coup_rules.cli.demo import Narrator, result_line, variant
from coup_rules.cli.output import Progress, check_writable, print_table
from coup_rules.config import Config
from coup_rules.engine import apply
from coup_rules.errors import IllegalMoveError
from coup_rules.serde import DecodeError
from coup_rules.setup import new_game
from coup_rules.simulation import GameRecord, Rate, ReplayError, Simulation, read_records, replay
from coup_rules.simulation import simulate as run_games

__all__ = ["print_report", "replay_command", "simulate_command"]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rows(rates: Sequence[Rate]) -> list[list[str]]:
    return [
        [r.name, str(r.trials), str(r.wins), _pct(r.rate), f"{_pct(r.low)} – {_pct(r.high)}"]
        for r in rates
    ]


def print_report(sim: Simulation, *, plain: bool = False) -> None:
    """Print the tables and the summary of a simulation on standard output."""
    out = sys.stdout
    n = len(sim.games)
    lineup = ", ".join(sim.lineup)
    rotation = "rotating seats" if len(set(sim.lineup)) > 1 else "same bot in every seat"
    print(
        f"{n} games of {sim.config.players} players ({variant(sim.config)}), seed {sim.seed}, "
        f"turn limit {sim.config.max_turns}; bots {lineup} ({rotation}).",
        file=out,
    )
    print("", file=out)
    share = _pct(sim.fair_share)
    headers = ["bot", "seats", "wins", "win rate", "95% interval"]
    print_table(
        f"Win rate per bot (fair share {share})", headers, _rows(sim.by_bot()), out, plain=plain
    )
    headers = ["seat", "games", "wins", "win rate", "95% interval"]
    print_table("Win rate per seat", headers, _rows(sim.by_seat()), out, plain=plain)
    draws = sim.draws
    workers = (
        f"{sim.workers} worker{'' if sim.workers == 1 else 's'}" if sim.workers else "executor"
    )
    print(f"Draws: {draws} ({_pct(draws / n if n else 0.0)}).", file=out)
    print(f"Average length: {sim.mean_turns:.1f} turns.", file=out)
    print(f"Speed: {sim.games_per_second:.1f} games/s ({sim.seconds:.1f} s, {workers}).", file=out)


def simulate_command(args: argparse.Namespace, config: Config, names: Sequence[str]) -> int:
    """Run ``simulate``; the exit status."""
    if args.games < 1:
        raise ValueError(f"--games must be 1 or more, not {args.games}")
    if args.workers < 1:
        raise ValueError(f"--workers must be 1 or more, not {args.workers}")
    lineup = [names[s % len(names)] for s in range(config.players)]
    out_path: Path | None = args.out
    if out_path is not None:
        check_writable(out_path, "--out")
    commands = {name: ProcessBot(name) for name in names if is_command(name)}
    try:
        return _simulate(args, config, [commands.get(name, name) for name in lineup], commands)
    finally:
        for bot in commands.values():
            bot.close()


def _simulate(
    args: argparse.Namespace,
    config: Config,
    lineup: list[Bot | str],
    commands: dict[str, ProcessBot],
) -> int:
    out_path: Path | None = args.out
    with Progress(args.games, "simulating", plain=args.plain) as bar:
        sim = run_games(
            config,
            lineup,
            args.games,
            seed=args.seed,
            max_turns=args.max_turns,
            rotate=not args.no_rotate,
            keep_moves=out_path is not None,
            workers=args.workers,
            progress=bar.update,
        )
    print_report(sim, plain=args.plain)
    from coup_rules.cli.tournament import report_fallbacks

    report_fallbacks(commands, args.workers)
    if out_path is not None:
        try:
            with out_path.open("w", encoding="utf-8") as f:
                for record in sim.games:
                    f.write(record.to_json() + "\n")
        except OSError as error:
            print(f"coup-rules simulate: cannot write {str(out_path)!r}: {error}", file=sys.stderr)
            return 1
        print(f"Wrote {len(sim.games)} replayable games to {out_path}.")
    return 0


def _narrate(record: GameRecord) -> None:
    print(
        f"Game {record.index}: {record.config.players} players ({variant(record.config)}), "
        f"seed {record.seed}; bots by seat: {', '.join(record.bots)}."
    )
    print("Omniscient narration: every hidden card is shown.")
    narrator = Narrator(print)
    state = new_game(record.config, seed=record.seed)
    for move in record.moves:
        after = apply(state, move)
        narrator(state, move, after)
        state = after
    print("")
    print(result_line(state, record.bots))


def replay_command(args: argparse.Namespace) -> int:
    """Replay every record of a file; narrate one if asked. The exit status."""
    path: Path = args.file
    try:
        with path.open(encoding="utf-8") as f:
            records = list(read_records(f))
    except OSError as error:
        print(f"coup-rules replay: cannot read {str(path)!r}: {error.strerror}", file=sys.stderr)
        return 1
    except DecodeError as error:
        print(f"coup-rules replay: {path}: {error}", file=sys.stderr)
        return 1
    except UnicodeDecodeError as error:
        print(
            f"coup-rules replay: {path}: not a text file in UTF-8 (byte "
            f"{error.object[error.start]:#04x} at offset {error.start})",
            file=sys.stderr,
        )
        return 1
    if not records:
        print(f"coup-rules replay: {path} holds no game", file=sys.stderr)
        return 1
    failures = 0
    broken: set[int] = set()
    for record in records:
        try:
            replay(record)
        except (ReplayError, IllegalMoveError) as error:
            failures += 1
            print(f"coup-rules replay: game {record.index}: {error}", file=sys.stderr)
        except ValueError as error:  # a record new_game refuses, e.g. a seed out of range
            failures += 1
            broken.add(record.index)
            print(f"coup-rules replay: {path}, game {record.index}: {error}", file=sys.stderr)
    if args.narrate is not None:
        chosen = [r for r in records if r.index == args.narrate]
        if not chosen:
            games = f"{records[0].index} to {records[-1].index}"
            print(
                f"coup-rules replay: no game {args.narrate} in {path} (games {games})",
                file=sys.stderr,
            )
            return 1
        if chosen[0].index not in broken:
            _narrate(chosen[0])
        print("")
    if failures:
        print(f"{failures} of {len(records)} games did not reproduce their recorded result.")
        return 1
    print(f"Replayed {len(records)} games from {path}: every recorded result reproduced.")
    return 0
