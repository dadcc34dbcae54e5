"""Machine instructions per decision, counted with valgrind's callgrind (see docs/performance.md).

The count does not depend on the machine's load, so it compares two versions or two builds of
the engine exactly where a timing on a busy machine cannot. The loop is ``benchmarks/run.py``'s
plain self-play loop on random 4-player games: ``to_act``, ``legal_moves``, ``apply``, the
``winner`` test and two ``randrange`` draws per decision. Run under callgrind once for a few games
and once for many more, the difference of the two counts, divided by the difference of the
decisions, is the cost of one decision with the start-up (imports, the first catalog) taken out.
Object addresses still move dict and set layouts a little from run to run (about 2 %), so the
pair is run a few times and the median kept.

    python benchmarks/callgrind.py            # the coup_rules it imports: 10 and 110 games, 3 times
    python benchmarks/callgrind.py --games 10 60 --repeat 5

The ``loop`` subcommand is what runs under valgrind; it prints the number of decisions played.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def loop(games: int) -> int:
    """Play ``games`` random 4-player games of the plain loop; the decisions made."""
    from coup_rules import Config, apply, legal_moves, new_game, to_act

    config = Config(players=4)
    randrange = random.Random(0).randrange
    decisions = 0
    for game in range(games):
        state = new_game(config, seed=1_000_003 + game)
        while state.winner is None:
            seats = to_act(state)
            moves = legal_moves(state, seats[randrange(len(seats))])
            state = apply(state, moves[randrange(len(moves))])
            decisions += 1
    return decisions


def count(games: int) -> tuple[int, int]:
    """(instructions, decisions) of the loop over ``games`` games, under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                "loop",
                str(games),
            ],
            check=True,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # the same hashes, so the same count
        )
        found = re.search(r"Collected : (\d+)", run.stderr)
        if found is None:
            raise SystemExit(f"no instruction count in valgrind's output:\n{run.stderr}")
        return int(found.group(1)), int(run.stdout.split()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("loop").add_argument("games", type=int)
    parser.add_argument("--games", type=int, nargs=2, default=(10, 110), metavar=("FEW", "MANY"))
    parser.add_argument("--repeat", type=int, default=3, help="pairs of runs; the median is kept")
    args = parser.parse_args(argv)
    if args.command == "loop":
        print(loop(args.games))
        return
    import coup_rules

    few, many = args.games
    results = []
    for _ in range(args.repeat):
        ir_few, dec_few = count(few)
        ir_many, dec_many = count(many)
        results.append((ir_many - ir_few) / (dec_many - dec_few))
    build = "compiled" if coup_rules.COMPILED else "pure"
    print(
        f"coup_rules {build} ({Path(coup_rules.__file__).parent}): "
        f"{statistics.median(results):,.0f} instructions per decision, median of {args.repeat} "
        f"(from {min(results):,.0f} to {max(results):,.0f}; "
        f"{dec_many - dec_few} decisions between {few} and {many} games)"
    )


if __name__ == "__main__":
    main()
