"""Recorded observations: today's ``ObservationEncoder`` vectors of positions from seeded games.

A trained agent reads the observation by index, so a change to the layout (a component moved,
renamed, added or dropped, or a value written differently) silently breaks every saved network.
``tests/golden/observations.json`` pins, for a few configurations, every component's name and
the vector of every seat (and of a spectator) at positions of one seeded random game each;
``tests/test_observation_golden.py`` compares today's encoder with it.

Command line (from the repository root)::

    python -m tests.observation_golden            # compare with the golden file
    python -m tests.observation_golden --update   # rewrite it (only for a deliberate change)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from coup_rules import Config, GameState, apply, legal_moves, new_game, to_act, view
from coup_rules.ai.encoding import ObservationEncoder

GOLDEN = Path(__file__).resolve().parent / "golden" / "observations.json"

ABOUT = (
    "ObservationEncoder vectors of recorded positions: per game, the component names and, at "
    "every EVERY-th state of a seeded random game, each viewer's vector as [index, value] pairs "
    "of its nonzero components (viewer null: a spectator). Written by "
    "python -m tests.observation_golden --update."
)

EVERY = 3
"""Every how many states of a game a position is recorded."""

MAX_MOVES = 150
"""The longest game recorded (moves)."""

GAMES: dict[str, tuple[Config, int]] = {
    "base-2p-plain": (Config(players=2, two_player_setup=False), 11),
    "base-2p-draft": (Config(players=2), 12),
    "base-4p": (Config(players=4), 13),
    "inquisitor-3p": (Config(players=3, inquisitor=True), 14),
    "reformation-5p": (Config(players=5, reformation=True), 15),
    "both-6p-capped": (Config(players=6, inquisitor=True, reformation=True, max_turns=40), 16),
    "base-7p": (Config(players=7), 17),
}
"""The recorded games: a configuration and the seed of both the deal and the moves."""


def _config_json(config: Config) -> dict[str, Any]:
    return {
        "players": config.players,
        "inquisitor": config.inquisitor,
        "reformation": config.reformation,
        "two_player_setup": config.two_player_setup,
        "max_turns": config.max_turns,
    }


def _states(config: Config, seed: int) -> list[GameState]:
    """Every state of a seeded random game (each move drawn among one seat's legal moves)."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    states = [state]
    for _ in range(MAX_MOVES):
        seats = to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        state = apply(state, rng.choice(legal_moves(state, seat)))
        states.append(state)
    return states


def _sparse(vector: list[float]) -> list[list[float]]:
    return [[i, x] for i, x in enumerate(vector) if x]


def record(config: Config, seed: int) -> dict[str, Any]:
    """The golden entry of one game: its names and the vectors of its recorded positions."""
    encoder = ObservationEncoder(config)
    positions = []
    for move, state in enumerate(_states(config, seed)):
        if move % EVERY:
            continue
        for viewer in (*range(config.players), None):
            vector = encoder.encode(view(state, viewer))
            positions.append({"move": move, "viewer": viewer, "nonzero": _sparse(vector)})
    return {
        "config": _config_json(config),
        "seed": seed,
        "names": list(encoder.names),
        "high": list(encoder.high),
        "positions": positions,
    }


def recorded() -> dict[str, Any]:
    """The whole golden file as today's encoder writes it."""
    return {"about": ABOUT, "games": {name: record(*game) for name, game in GAMES.items()}}


def golden() -> dict[str, Any]:
    """The golden file as stored."""
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def _write(data: dict[str, Any]) -> None:
    lines = ["{", f'  "about": {json.dumps(data["about"])},', '  "games": {']
    games = list(data["games"].items())
    for g, (name, game) in enumerate(games):
        lines.append(f"    {json.dumps(name)}: {{")
        for key in ("config", "seed", "names", "high"):
            lines.append(f"      {json.dumps(key)}: {json.dumps(game[key])},")
        lines.append('      "positions": [')
        rows = [json.dumps(p, separators=(",", ":")) for p in game["positions"]]
        lines += [f"        {row}{',' if i < len(rows) - 1 else ''}" for i, row in enumerate(rows)]
        lines.append("      ]")
        lines.append("    }" + ("," if g < len(games) - 1 else ""))
    lines += ["  }", "}"]
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="rewrite the golden file")
    args = parser.parse_args(argv)
    data = recorded()
    if args.update:
        _write(data)
        print(f"wrote {GOLDEN}")
        return 0
    same = json.loads(json.dumps(data)) == golden()
    print("same as the golden file" if same else "DIFFERS from the golden file")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
