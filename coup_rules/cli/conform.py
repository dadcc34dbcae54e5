"""``coup-rules engine`` and ``coup-rules conform``: the engine protocol from the command line.

``engine`` serves the project's own engine over the coup-engine protocol on standard input and
output. ``conform -- CMD ARGS...`` runs the conformance kit against any engine command that speaks
it and prints the report (exit status 1 when a case fails that no declared ruling sets apart);
``conform --export DIR`` writes the kit's files to DIR.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

__all__ = ["add_parsers", "run_conform", "run_engine"]

_RULE = re.compile(r"R-[A-Z]+-\d+")
_CHANCE = ("auto", "seed", "forced")


def _timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(
            f"the timeout is more than 0 and at most 3600 s, not {text}"
        )
    return value


def _rule(text: str) -> str:
    if not _RULE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"a rule id looks like R-ACT-7, not {text!r}")
    return text


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``engine`` and ``conform`` to ``coup-rules``' subcommands."""
    engine = commands.add_parser(
        "engine",
        help="serve this engine over the coup-engine protocol (JSON lines on stdin/stdout)",
        description=(
            "Serve coup_rules over the coup-engine protocol, version 1: one JSON request per "
            "line on standard input, one JSON answer per line on standard output, until 'quit' "
            "or the end of input (docs: The engine protocol)."
        ),
    )
    engine.set_defaults(parser=engine)
    conform = commands.add_parser(
        "conform",
        help="check an engine against the conformance kit, or export the kit",
        description=(
            "Run the conformance kit (every scenario case and playthrough) against an engine "
            "that speaks the coup-engine protocol, started as CMD ARGS..., and print per rule id "
            "the cases passed, failed, set apart by a declared ruling and skipped; for each "
            "failing case, the first step where the engine differs. Exits 1 when a case fails "
            "that no ruling sets apart."
        ),
        epilog="Example: coup-rules conform -- node peers/treason/adapter.js",
    )
    conform.set_defaults(parser=conform)
    conform.add_argument("--json", action="store_true", help="print the report as JSON")
    conform.add_argument(
        "--timeout",
        type=_timeout,
        default=10.0,
        metavar="S",
        help="seconds the engine has to answer one request (default 10)",
    )
    conform.add_argument(
        "--ruling",
        type=_rule,
        action="append",
        default=[],
        metavar="R-X-N",
        help="set apart the failures of cases naming this rule id (repeatable)",
    )
    conform.add_argument(
        "--cases", metavar="GLOB", help="only the cases whose id matches GLOB (e.g. 'steal-*')"
    )
    conform.add_argument(
        "--chance",
        choices=_CHANCE,
        default="auto",
        help=(
            "auto: the seed where the engine implements the project's random stream, else "
            "forced draws (default); seed or forced: that mode"
        ),
    )
    conform.add_argument("--export", type=Path, metavar="DIR", help="write the kit's files to DIR")
    conform.add_argument(
        "engine_command", nargs=argparse.REMAINDER, metavar="-- CMD ARGS", help="the engine"
    )


def run_engine() -> int:
    """``coup-rules engine``."""
    from coup_rules.conformance.engine import serve

    return serve()


def _cases(pattern: str | None) -> list[dict[str, Any]]:
    from coup_rules.conformance.kit import load_cases, load_playthroughs

    cases = [*load_cases(), *load_playthroughs()]
    if pattern is None:
        return cases
    return [c for c in cases if fnmatch.fnmatchcase(str(c["id"]), pattern)]


def run_conform(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``coup-rules conform``; the exit status."""
    out = sys.stdout if out is None else out
    if args.export is not None:
        from coup_rules.conformance.kit import export

        written = export(args.export)
        print(f"Wrote the conformance kit ({len(written)} files) to {args.export}", file=out)
        return 0
    command = list(args.engine_command)
    if command[:1] == ["--"]:
        command = command[1:]
    if not command:
        args.parser.error("name the engine to check after '--', e.g. -- coup-rules engine")
    cases = _cases(args.cases)
    if not cases:
        args.parser.error(f"no case id matches {args.cases!r}")
    return _run(command, cases, args, out)


def _run(
    command: Sequence[str], cases: Sequence[dict[str, Any]], args: argparse.Namespace, out: TextIO
) -> int:
    from coup_rules.conformance.report import build_report
    from coup_rules.conformance.runner import EngineFault, EngineProcess, run_case

    began = time.perf_counter()
    with EngineProcess(command, timeout=args.timeout) as engine:
        try:
            hello = engine.start()
        except EngineFault as fault:
            print(f"coup-rules conform: {fault.message}", file=sys.stderr)
            for line in fault.stderr:
                print(f"  | {line}", file=sys.stderr)
            return 1
        results = [run_case(engine, case, chance=args.chance) for case in cases]
    report = build_report(
        results,
        engine=hello,
        command=command,
        rulings=args.ruling,
        seconds=time.perf_counter() - began,
    )
    if args.json:
        json.dump(report.to_json(), out, indent=1)
        out.write("\n")
    else:
        out.write(report.text())
    return 1 if report.failed else 0
