"""What a client receives: a ``PlayerView`` as the library's JSON, plus the same view in words.

``envelope`` is the only thing the server ever sends about a game. It is built from one
``PlayerView`` and the table's public facts (``Table.public``: names, who is a bot but never
which, who is connected, the time left), nothing else, so a client can learn no more than its
view holds: the words (``describe_pending``, ``describe_event`` of the view's redacted log, a
label per legal move) are functions of the view.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from coup_rules.config import Config
from coup_rules.events import TurnStarted
from coup_rules.moves import Move
from coup_rules.narrate import describe_event, describe_move, describe_pending
from coup_rules.notation import format_move
from coup_rules.serde import to_json
from coup_rules.views import PlayerView

__all__ = ["envelope", "envelope_data", "move_label"]


def move_label(move: Move, config: Config) -> str:
    """A button's text for one of your own moves: ``"Steal from seat 0 (Captain)"``."""
    return describe_move(move, config, style="button")


def _extras(v: PlayerView, table: Mapping[str, Any]) -> dict[str, Any]:
    config = v.config
    return {
        "version": v.log_length,
        "table": dict(table),
        "pending_text": describe_pending(v.pending, config, you=v.seat),
        "log_text": [
            {
                "index": v.log_start + i,
                "text": describe_event(event, config, you=v.seat),
                "turn": isinstance(event, TurnStarted),
            }
            for i, event in enumerate(v.log)
        ],
        "move_labels": [
            {"label": move_label(m, config), "notation": format_move(m)} for m in v.legal_moves
        ],
    }


def envelope(v: PlayerView, table: Mapping[str, Any]) -> str:
    """The JSON a client gets: ``{"view": to_json(v), "version": ..., "pending_text": ...}``.

    Args:
        v: the client's view (``view(state, seat, since=...)``, or ``None`` for a spectator).
        table: the table's public facts (``Table.public``), the same for every client.

    Returns:
        A JSON object: ``view`` (the library's own JSON of ``v``), ``version`` (its log length,
        to post with the next move), ``table``, ``pending_text``, ``log_text`` (one sentence
        per event of ``v.log``, with its index in the full log) and ``move_labels`` (one per
        entry of ``view.legal_moves``, same order).
    """
    extras = json.dumps(_extras(v, table), ensure_ascii=False)
    return '{"view": ' + to_json(v) + ", " + extras[1:]


def envelope_data(v: PlayerView, table: Mapping[str, Any]) -> dict[str, Any]:
    """``envelope`` as a Python object (what ``json.loads`` of it gives)."""
    data: dict[str, Any] = json.loads(envelope(v, table))
    return data
