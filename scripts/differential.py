"""Differential check of two builds of coup_rules: the pure-Python package and the compiled one.

A build built with ``COUP_RULES_COMPILE=1`` runs its core as mypyc extension modules
(``coup_rules.COMPILED``); it must behave exactly as the pure-Python package. This script plays
seeded random games of every variant (2, 4 and 6 players; base, Inquisitor, Reformation and both)
in one build and writes what it saw, then replays the same games in another build and compares
every step. ``random.Random(seed)`` picks a seat of ``to_act(state)``, then a move of that seat's
``legal_moves``. At every step the record holds ``to_json(state)`` (the whole state, its log and
its random counter included), ``to_act``, the exact, ordered legal moves of every seat in
``to_act`` and the move played. Usage::

    python scripts/differential.py record OUT.jsonl    # in one build
    python scripts/differential.py check IN.jsonl      # in the other: exit 1 on any difference

``check --other-build`` also fails when the record was made by the same kind of build (pure or
compiled) as the one checking it. ``.ci/run`` records with each build and checks with the other;
``tests/test_compiled.py`` checks a record named by ``COUP_RULES_DIFFERENTIAL_RECORD``.

The record is JSON Lines: a header (the games: players, variant, seed; the build that made it),
then one line per step.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import coup_rules
from coup_rules import Config, apply, legal_moves, new_game, to_act, to_json

FORMAT = "coup_rules differential record, version 1"
"""The header's ``format``; a record in another format is refused."""

PLAYERS = (2, 4, 6)
VARIANTS: dict[str, dict[str, bool]] = {
    "base": {},
    "inquisitor": {"inquisitor": True},
    "reformation": {"reformation": True},
    "both": {"inquisitor": True, "reformation": True},
}
GAMES_PER_VARIANT = 10
"""Games of each player count and variant: 120 games, about 5,000 steps, about 25 MB."""

MAX_STEPS = 5_000
"""A guard against a game that never ends (a rules bug): no game comes near it."""

MAX_PROBLEMS = 20
"""``check`` stops reporting after this many differences."""


def build_name(compiled: bool) -> str:
    return "compiled" if compiled else "pure"


def games(per_variant: int = GAMES_PER_VARIANT) -> list[dict[str, Any]]:
    """Every game to play: its player count, variant and seed (the deal's and the chooser's)."""
    out = []
    for players in PLAYERS:
        for v, variant in enumerate(VARIANTS):
            for g in range(per_variant):
                seed = 10_000 * players + 1_000 * v + g
                out.append({"players": players, "variant": variant, "seed": seed})
    return out


def play(game: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """One line per step of the game, the last one for the finished state (no ``move``).

    Raises:
        RuntimeError: the game did not end within ``MAX_STEPS`` moves.
    """
    config = Config(players=game["players"], **VARIANTS[game["variant"]])
    seed = game["seed"]
    state = new_game(config, seed=seed)
    rng = random.Random(seed)
    for step in range(MAX_STEPS + 1):
        seats = to_act(state)
        line: dict[str, Any] = {
            "step": step,
            "state": to_json(state),
            "to_act": list(seats),
            "legal": {str(s): [to_json(m) for m in legal_moves(state, s)] for s in seats},
        }
        if state.is_over:
            yield line
            return
        seat = rng.choice(seats)
        move = rng.choice(legal_moves(state, seat))
        line["move"] = to_json(move)
        yield line
        state = apply(state, move)
    raise RuntimeError(f"{game}: no winner after {MAX_STEPS} moves")


def header(game_list: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "build": build_name(coup_rules.COMPILED),
        "coup_rules": coup_rules.__version__,
        "python": platform.python_version(),
        "games": game_list,
    }


def record(path: Path, per_variant: int = GAMES_PER_VARIANT) -> tuple[int, int]:
    """Play the games and write the record to ``path``; the number of games and of steps."""
    game_list = games(per_variant)
    steps = 0
    with path.open("w", encoding="utf-8") as out:
        out.write(json.dumps(header(game_list)) + "\n")
        for index, game in enumerate(game_list):
            for line in play(game):
                out.write(json.dumps({"game": index, **line}) + "\n")
                steps += 1
    return len(game_list), steps


def _where(old: str, new: str) -> str:
    """Where two texts first differ, with a little context from each."""
    i = next((k for k, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), None)
    if i is None:
        i = min(len(old), len(new))
    lo = max(0, i - 60)
    return (
        f"at character {i}:\n    record: ...{old[lo : i + 60]}\n    now:    ...{new[lo : i + 60]}"
    )


def _compare(game: int, recorded: dict[str, Any], now: dict[str, Any]) -> str | None:
    """The first difference between a recorded step and the same step now, or ``None``."""
    for key in ("step", "to_act", "legal", "move", "state"):
        old, new = recorded.get(key), now.get(key)
        if old != new:
            where = (
                _where(old, new)
                if isinstance(old, str) and isinstance(new, str)
                else f"\n    record: {old!r}\n    now:    {new!r}"
            )
            return f"game {game}, step {now.get('step')}: {key} differs {where}"
    return None


def check(path: Path, other_build: bool = False) -> tuple[dict[str, Any], int, list[str]]:
    """Replay the record's games; its header, the steps compared and the differences found."""
    with path.open(encoding="utf-8") as lines:
        head = json.loads(next(lines))
        if head.get("format") != FORMAT:
            return head, 0, [f"{path}: not a record of this script ({head.get('format')!r})"]
        problems: list[str] = []
        if other_build and head.get("build") == build_name(coup_rules.COMPILED):
            problems.append(
                f"the record was made by a {head.get('build')} build, like this one: "
                "it must come from the other build"
            )
        recorded: dict[int, list[dict[str, Any]]] = {}
        for text in lines:
            line = json.loads(text)
            recorded.setdefault(line.pop("game"), []).append(line)
    steps = 0
    for index, game in enumerate(head["games"]):
        mine = recorded.pop(index, [])
        now = list(play(game))
        for old, new in zip(mine, now, strict=False):
            steps += 1
            problem = _compare(index, old, new)
            if problem is not None:
                problems.append(f"{problem}\n    ({game})")
                break
        else:
            if len(mine) != len(now):
                problems.append(
                    f"game {index} ({game}): {len(mine)} steps recorded, {len(now)} played now"
                )
        if len(problems) >= MAX_PROBLEMS:
            return head, steps, problems
    if recorded:
        problems.append(f"steps of games {sorted(recorded)} are not in the header")
    return head, steps, problems


def main(argv: list[str] | None = None) -> int:
    """Record or check; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    modes = parser.add_subparsers(dest="mode", required=True)
    rec = modes.add_parser("record", help="play the games and write what this build saw")
    rec.add_argument("path", type=Path, help="the record to write (JSON Lines)")
    rec.add_argument(
        "--games", type=int, default=GAMES_PER_VARIANT, help="games per player count and variant"
    )
    chk = modes.add_parser("check", help="replay a record's games and compare every step")
    chk.add_argument("path", type=Path, help="a record written by `record`")
    chk.add_argument(
        "--other-build",
        action="store_true",
        help="fail if the record comes from the same kind of build (pure or compiled)",
    )
    args = parser.parse_args(argv)
    this = build_name(coup_rules.COMPILED)
    if args.mode == "record":
        n_games, n_steps = record(args.path, args.games)
        print(f"recorded {n_games} games, {n_steps} steps with the {this} build in {args.path}")
        return 0
    head, n_steps, problems = check(args.path, args.other_build)
    for problem in problems[:MAX_PROBLEMS]:
        print(problem)
    print(
        f"checked {len(head.get('games', []))} games, {n_steps} steps of a record made by the "
        f"{head.get('build')} build against the {this} build: "
        + (f"{len(problems)} difference(s)" if problems else "identical")
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
