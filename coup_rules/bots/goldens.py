"""The golden records of the baselines: the move each id chose at fixed positions.

A position is one seat's view (``PlayerView``, whole log) at a decision with more than one legal
move, taken from seeded games of several configurations (``CONFIGS``) between the baselines. A
record holds, per position, the seed of the ``random.Random`` the bot was handed, the move it
chose, and the stream's next 32 bits after the choice: in a game a seat's stream runs on from one
decision to the next, so how much chance a bot draws is part of its play (and a search that
changes draws otherwise, though its move stays the same). ``drifts`` replays a record and names
every position where the bot now chooses or draws otherwise.
The positions are stored, not replayed from their games, so a record checks the bot alone: a
change to the engine that moved the games would not move the records.

The records live in ``tests/golden/baselines/`` (``positions.json``, and ``ID.json`` per id):
they pin the code of a release, and the release is tested against them before it ships, so the
wheel carries the ids and their bots but not the records. ``scripts/baseline_goldens.py``
writes them.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from coup_rules.bots.base import Bot
from coup_rules.bots.baselines import Baseline, Param, baseline
from coup_rules.bots.runner import play_game
from coup_rules.config import Config
from coup_rules.moves import Move
from coup_rules.serde import from_json, to_json
from coup_rules.state import GameState
from coup_rules.views import PlayerView, view

__all__ = [
    "CONFIGS",
    "DRIVERS",
    "Decision",
    "Drift",
    "Position",
    "decide",
    "decisions_from_json",
    "drifts",
    "positions_from_json",
    "positions_to_json",
    "record",
    "record_to_json",
    "sample_positions",
    "seed_of",
]

CONFIGS: Mapping[str, Config] = {
    "2p": Config(players=2),
    "3p-inquisitor-reformation": Config(players=3, inquisitor=True, reformation=True),
    "4p": Config(players=4),
    "4p-inquisitor": Config(players=4, inquisitor=True),
    "5p-reformation": Config(players=5, reformation=True),
    "6p": Config(players=6),
}
"""The configurations the positions are drawn from, by the name each position carries."""

DRIVERS: tuple[str, ...] = ("counting-v1", "bluff-v1", "honest-v1", "random-v1")
"""The baselines that play the games the positions come from, repeated over the seats."""


@attrs.frozen
class Position:
    """One seat's view at a decision, named ``CONFIG/gSEED/mEVENTS`` (the game's seed and how
    many events its log held then)."""

    name: str
    view: PlayerView


@attrs.frozen
class Decision:
    """What a baseline chose at a position, handed ``random.Random(seed)``, and the stream's
    next 32 bits after it chose (``then``)."""

    position: str
    seed: int
    move: Move
    then: int


@attrs.frozen
class Drift:
    """A position where a baseline no longer chooses what its record says."""

    id: str
    position: str
    seed: int
    recorded: Move
    now: Move | str
    recorded_then: int
    now_then: int | None

    def __str__(self) -> str:
        text = (
            f"{self.id} at position {self.position} (rng seed {self.seed}): "
            f"recorded {self.recorded!r}, now {self.now!r}"
        )
        if self.now == self.recorded:
            text += (
                f", but it draws from its stream otherwise (next bits {self.recorded_then:#010x}"
                f" recorded, {self.now_then:#010x} now)"
            )
        return text


def _game_positions(name: str, config: Config, seed: int) -> list[Position]:
    """Every decision of the game with more than one legal move, as its mover saw it."""
    bots = [baseline(DRIVERS[s % len(DRIVERS)]) for s in range(config.players)]
    found: list[Position] = []

    def keep(before: GameState, move: Move, _: GameState) -> None:
        seen = view(before, move.player)
        if len(seen.legal_moves) > 1:
            found.append(Position(f"{name}/g{seed}/m{len(before.log)}", seen))

    play_game(config, bots, seed=seed, on_move=keep)
    return found


def sample_positions(per_config: int = 8, games: int = 3) -> tuple[Position, ...]:
    """``per_config`` positions from each of ``CONFIGS``, from the games with seeds 1 to
    ``games``, spread over the kinds of decision (taken in turn, each kind's in a seeded order)."""
    chosen: list[Position] = []
    for name, config in CONFIGS.items():
        kinds: defaultdict[str, list[Position]] = defaultdict(list)
        for seed in range(1, games + 1):
            for position in _game_positions(name, config, seed):
                pending = position.view.pending
                kinds[type(pending).__name__ if pending else "none"].append(position)
        order = random.Random(f"coup-rules/baselines/{name}")
        queues = [order.sample(kinds[k], len(kinds[k])) for k in sorted(kinds)]
        picked: list[Position] = []
        while len(picked) < per_config and any(queues):
            picked.extend(q.pop() for q in queues if q and len(picked) < per_config)
        chosen.extend(picked)
    return tuple(chosen)


def decide(bot: Bot, position: Position, seed: int) -> tuple[Move, int]:
    """The move ``bot`` chooses at ``position`` with ``random.Random(seed)``, and the stream's
    next 32 bits after it."""
    rng = random.Random(seed)
    move = bot.choose(position.view, rng)
    return move, rng.getrandbits(32)


def seed_of(index: int) -> int:
    """The rng seed a record hands the bot at the ``index``-th position."""
    return 1000 + index


def record(entry: Baseline, positions: Sequence[Position]) -> tuple[Decision, ...]:
    """The decisions of ``entry`` at every ``entry.record_every``-th of ``positions``."""
    bot = entry.build()
    return tuple(
        Decision(p.name, seed_of(i), *decide(bot, p, seed_of(i)))
        for i, p in enumerate(positions)
        if i % entry.record_every == 0
    )


def drifts(
    id: str, bot: Bot, decisions: Iterable[Decision], positions: Mapping[str, Position]
) -> list[Drift]:
    """Every decision of the record of baseline ``id`` that ``bot`` (a new bot of it) makes
    otherwise, or makes drawing otherwise from its stream (a move that raises is a drift too,
    its error in words)."""
    found: list[Drift] = []
    for d in decisions:
        now: Move | str
        then: int | None
        try:
            now, then = decide(bot, positions[d.position], d.seed)
        except Exception as error:  # a drift that crashes is reported like any other
            now, then = f"{type(error).__name__}: {error}", None
        if (now, then) != (d.move, d.then):
            found.append(Drift(id, d.position, d.seed, d.move, now, d.then, then))
    return found


# --- JSON -----------------------------------------------------------------------------------------


def positions_to_json(positions: Sequence[Position]) -> str:
    """The positions file: one position a line."""
    lines = [
        json.dumps({"name": p.name, "view": json.loads(to_json(p.view))}, separators=(",", ":"))
        for p in positions
    ]
    return '{"positions": [\n' + ",\n".join(lines) + "\n]}\n"


def positions_from_json(text: str) -> dict[str, Position]:
    """The positions of a positions file, by name."""
    data = json.loads(text)
    return {
        p["name"]: Position(p["name"], from_json(json.dumps(p["view"]), PlayerView))
        for p in data["positions"]
    }


def record_to_json(entry: Baseline, decisions: Sequence[Decision]) -> str:
    """An id's record: the entry as the table had it, and its decisions, one a line."""
    head = {"id": entry.id, "make": entry.make, "params": dict(entry.params)}
    lines = [
        json.dumps(
            {
                "position": d.position,
                "seed": d.seed,
                "move": json.loads(to_json(d.move)),
                "then": d.then,
            },
            separators=(",", ":"),
        )
        for d in decisions
    ]
    text = json.dumps(head, indent=1)[:-2]
    return text + ',\n "decisions": [\n' + ",\n".join(lines) + "\n ]\n}\n"


def decisions_from_json(text: str) -> tuple[str, str, dict[str, Param], tuple[Decision, ...]]:
    """An id's record: its id, ``make``, parameters and decisions."""
    data: dict[str, Any] = json.loads(text)
    decisions = tuple(
        Decision(d["position"], d["seed"], from_json(json.dumps(d["move"]), Move), d["then"])
        for d in data["decisions"]
    )
    return data["id"], data["make"], dict(data["params"]), decisions
