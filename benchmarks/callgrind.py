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
    python benchmarks/callgrind.py --loop raw --games 10 40 --repeat 1

``--loop raw`` and ``--loop env`` count the PettingZoo environment's loop instead (the raw
``CoupEnv``, or ``env()``; the ``[pettingzoo]`` extra), as ``benchmarks/envs.py`` runs it:
``agent_iter``, ``last()``, a random action among the mask's ones, ``step``. Beside that
script's timings, the count tells how much of an environment's distance to the engine is more
work and how much is the same work run slower.

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

LOOPS = ("engine", "raw", "env")
"""What ``--loop`` counts: the plain engine loop, or the PettingZoo environment's loop."""


def env_loop(games: int, wrapped: bool) -> int:
    """Play ``games`` random 4-player games through the PettingZoo environment (raw, or
    ``env()``); the decisions made."""
    from coup_rules.pettingzoo import CoupEnv, env

    e = env(players=4) if wrapped else CoupEnv(players=4)
    choice = random.Random(0).choice
    decisions = 0
    for game in range(games):
        e.reset(seed=1_000_003 + game)
        for _ in e.agent_iter():
            observation, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(choice(observation["action_mask"].nonzero()[0].tolist()))
            decisions += 1
    return decisions


def loop(games: int, kind: str = "engine") -> int:
    """Play ``games`` random 4-player games of the plain loop (or of an environment's loop:
    ``kind`` ``"raw"`` or ``"env"``); the decisions made."""
    if kind != "engine":
        return env_loop(games, wrapped=kind == "env")
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


def count(games: int, kind: str = "engine") -> tuple[int, int]:
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
                kind,
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
    inner = sub.add_parser("loop")
    inner.add_argument("games", type=int)
    inner.add_argument("kind", nargs="?", default="engine", choices=LOOPS)
    parser.add_argument("--games", type=int, nargs=2, default=(10, 110), metavar=("FEW", "MANY"))
    parser.add_argument("--repeat", type=int, default=3, help="pairs of runs; the median is kept")
    parser.add_argument(
        "--loop", default="engine", choices=LOOPS, help="the engine (default), or an environment"
    )
    args = parser.parse_args(argv)
    if args.command == "loop":
        print(loop(args.games, args.kind))
        return
    import coup_rules

    few, many = args.games
    results = []
    for _ in range(args.repeat):
        ir_few, dec_few = count(few, args.loop)
        ir_many, dec_many = count(many, args.loop)
        results.append((ir_many - ir_few) / (dec_many - dec_few))
    build = "compiled" if coup_rules.COMPILED else "pure"
    print(
        f"coup_rules {build} ({Path(coup_rules.__file__).parent}), {args.loop} loop: "
        f"{statistics.median(results):,.0f} instructions per decision, median of {args.repeat} "
        f"(from {min(results):,.0f} to {max(results):,.0f}; "
        f"{dec_many - dec_few} decisions between {few} and {many} games)"
    )


if __name__ == "__main__":
    main()
