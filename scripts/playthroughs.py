"""Golden playthroughs: whole games from fixed seeds, written to ``tests/playthroughs/``.

Each case is one configuration and one seed. The game is dealt with ``new_game(config,
seed=seed)`` and played to the end by a deterministic chooser: ``random.Random(seed)`` picks a
seat of ``to_act``, then a move of that seat's ``legal_moves``. The file records, for every step,
the turn, the kind of decision pending, ``to_act``, how many legal moves the mover had and the
move chosen (in the text notation of ``format_move``); then the whole log (``to_json`` of each
event), the winner, the final coins and how many random picks the game took.

The files pin the rules' behaviour and the random stream (R-INFO-5): one seed and one sequence of
moves must give one game in every version. ``tests/test_playthroughs.py`` regenerates them in
memory and compares. Usage::

    python scripts/playthroughs.py --check   # exit 1 if any file differs (the default)
    python scripts/playthroughs.py --write   # rewrite the files after an intended change

A case whose game cannot be played (a half-edited tree: an arm of the rules not written yet) is
named with its error and left as it was, and the others are still checked or written.

A change of the files after a change of the random stream is a breaking change to announce in
CHANGELOG.md (see docs/versioning.md).

The seeds were picked among 1 to 100 as the short games that use the most kinds of move.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any, NamedTuple

from coup_rules import Config, GameState, apply, format_move, legal_moves, new_game, to_act, to_json

ROOT = Path(__file__).resolve().parents[1]
"""The repository."""

GOLDEN_DIR = ROOT / "tests" / "playthroughs"
"""Where the golden files live, one per case."""

MAX_STEPS = 5_000
"""A guard against a game that never ends (a rules bug): no case comes near it."""

CHOOSER = "random.Random(seed): choice(to_act(state)), then choice(legal_moves(state, seat))"
"""How the moves are chosen, written into every file."""


class Case(NamedTuple):
    """One golden playthrough: a configuration and the seed of both the deal and the chooser."""

    name: str
    config: Config
    seed: int

    @property
    def path(self) -> Path:
        """The golden file of this case."""
        return GOLDEN_DIR / f"{self.name}.json"


CASES: tuple[Case, ...] = (
    Case("2p_draft", Config(players=2), 45),
    Case("2p_plain", Config(players=2, two_player_setup=False), 73),
    Case("4p_base", Config(players=4), 69),
    Case("6p_base", Config(players=6), 41),
    Case("4p_inquisitor", Config(players=4, inquisitor=True), 79),
    Case("4p_reformation", Config(players=4, reformation=True), 95),
    Case("5p_both", Config(players=5, inquisitor=True, reformation=True), 8),
    Case("10p_base", Config(players=10), 6),
)
"""Every golden playthrough, by name."""


def _pending_kind(state: GameState) -> str:
    assert state.pending is not None
    return state.pending.kind.value


def play(case: Case) -> dict[str, Any]:
    """Play the case's game to the end; its record, as JSON-ready data.

    Raises:
        RuntimeError: the game did not end within ``MAX_STEPS`` moves.
    """
    state = new_game(case.config, seed=case.seed)
    rng = random.Random(case.seed)
    steps: list[dict[str, Any]] = []
    while not state.is_over:
        if len(steps) >= MAX_STEPS:
            raise RuntimeError(f"{case.name}: no winner after {MAX_STEPS} moves")
        seats = to_act(state)
        seat = rng.choice(seats)
        moves = legal_moves(state, seat)
        move = rng.choice(moves)
        steps.append(
            {
                "turn": state.turn,
                "pending": _pending_kind(state),
                "to_act": list(seats),
                "legal": len(moves),
                "move": format_move(move),
            }
        )
        state = apply(state, move)
    return {
        "name": case.name,
        "generated_by": "scripts/playthroughs.py",
        "config": json.loads(to_json(case.config)),
        "seed": case.seed,
        "chooser": CHOOSER,
        "steps": steps,
        "log": [json.loads(to_json(event)) for event in state.log],
        "winner": state.winner,
        "turns": state.turn,
        "coins": [p.coins for p in state.players],
        "treasury": state.treasury,
        "reserve": state.reserve,
        "draws": state.draws,
    }


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def render(record: dict[str, Any]) -> str:
    """The record as JSON text with one step and one event per line, so diffs read well."""
    out = ["{"]
    items = list(record.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], dict):
            out.append(f"  {_line(key)}: [")
            out += [f"    {_line(v)}," for v in value[:-1]]
            out.append(f"    {_line(value[-1])}")
            out.append(f"  ]{comma}")
        else:
            out.append(f"  {_line(key)}: {_line(value)}{comma}")
    out.append("}")
    return "\n".join(out) + "\n"


def expected_text(case: Case) -> str:
    """What the case's golden file must hold."""
    return render(play(case))


def stray_files() -> list[Path]:
    """Files in the golden folder that no case writes."""
    known = {case.path for case in CASES}
    return sorted(p for p in GOLDEN_DIR.glob("*") if p.is_file() and p not in known)


def main(argv: list[str] | None = None) -> int:
    """Check (default) or rewrite the golden files; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite the golden files")
    mode.add_argument("--check", action="store_true", help="compare (the default)")
    args = parser.parse_args(argv)
    failures = 0
    for case in CASES:
        rel = case.path.relative_to(ROOT)
        try:
            text = expected_text(case)
        except Exception as error:  # a half-edited tree: write the cases that play, name the rest
            failures += 1
            print(f"{rel}: not played ({type(error).__name__}: {error}); left as it was")
            continue
        old = case.path.read_text(encoding="utf-8") if case.path.exists() else None
        if args.write:
            GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
            if old != text:
                case.path.write_text(text, encoding="utf-8")
                print(f"{rel}: written ({len(text.encode())} bytes)")
        elif old != text:
            failures += 1
            print(f"{rel}: {'missing' if old is None else 'differs'}")
    for path in stray_files():
        failures += 1
        print(f"{path.relative_to(ROOT)}: no case writes this file; delete it or add a case")
    if failures:
        print("If the change is intended, rerun `python scripts/playthroughs.py --write`.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
