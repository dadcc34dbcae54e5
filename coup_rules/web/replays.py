"""A finished table game as the library's game record, and its link to the rules playground.

The record is the one ``coup-rules simulate --out`` writes (``simulation.GameRecord``): the
config, the seed, who sat where, every move in order and the result, so ``coup-rules replay``
checks it and the docs' rules playground (docs/playground.md) opens it. It holds the seed, which
deals every card, so the server gives it only once the game is over (``app.py``).

The playground link carries the same game in the playground's URL fragment (the format of
docs/javascripts/playground/position.mjs; tests/web/test_web_record.py reads it back with the
docs hook that writes the docs' own links).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from coup_rules.moves import Move
from coup_rules.notation import format_move
from coup_rules.serde import to_json
from coup_rules.simulation import GameRecord, elimination_order
from coup_rules.state import GameState
from coup_rules.web import records

__all__ = ["DEFAULT_PLAYGROUND", "game_record", "playground_link", "record_json"]

DEFAULT_PLAYGROUND = "https://coup-rules.github.io/coup_rules/playground/"
"""The published docs' rules playground (mkdocs.yml's ``site_url`` + ``playground/``)."""

_CONFIG_FIELDS = (
    "players",
    "inquisitor",
    "reformation",
    "two_player_setup",
    "first_player",
    "max_turns",
    "coins",
    "copies",
)
"""The config fields the playground's fragment carries (position.mjs's ``CONFIG_FIELDS``)."""


def _who(seat: records.GameRecord, n: int) -> str:
    """A seat's player in the record: the name its person gave, or the bot's name."""
    s = seat.seating.seats[n]
    return s.name if s.name is not None and not s.is_bot else s.who


def game_record(record: records.GameRecord, final: GameState, moves: Sequence[Move]) -> GameRecord:
    """The finished game as the library's record: ``record``'s config and seed, the players
    (a person's name, a bot's name), ``moves`` and ``final``'s result."""
    return GameRecord(
        index=0,
        config=final.config,
        seed=record.seed,
        bots=tuple(_who(record, n) for n in range(len(record.seating.seats))),
        winner=final.winner,
        turns=final.turn,
        moves=tuple(moves),
        eliminated=elimination_order(final),
    )


def playground_link(base: str, game: GameRecord) -> str:
    """``base`` (the playground's address) with ``game`` set up in its fragment, at its end."""
    default = json.loads(to_json(type(game.config)()))
    config = json.loads(to_json(game.config))
    parts: list[str] = []
    for name in _CONFIG_FIELDS:
        value = config[name]
        if value != default[name]:
            shown = "none" if value is None else int(value) if isinstance(value, bool) else value
            parts.append(f"{name}={shown}")
    parts.append(f"seed={game.seed}")
    if game.moves:
        parts.append("moves=" + ",".join(format_move(m).replace(" ", ".") for m in game.moves))
    return base.split("#", 1)[0] + "#" + "&".join(parts)


def record_json(game: GameRecord, playground: str | None) -> str:
    """The record's JSON (``GameRecord.to_json``), with ``playground``: the link that replays
    it there, when the server names a playground."""
    if playground is None:
        return game.to_json()
    data: dict[str, Any] = json.loads(game.to_json())
    data["playground"] = playground_link(playground, game)
    return json.dumps(data, separators=(",", ":"))
