"""What a client receives: a ``PlayerView`` as the library's JSON, plus the same view in words.

``envelope`` is the only thing the server ever sends about a game. It is built from one
``PlayerView`` and the table's public facts (``Table.public``: names, who is a bot but never
which, who is connected, the time left), nothing else, so a client can learn no more than its
view holds: the words (``describe_pending``, ``describe_event`` of the view's redacted log, a
label per legal move) are functions of the view. The one line the log's sentences need more for,
that an action came to nothing (R-INF-5, ``narrate_events``), reads the same seat's view of the
turn's events before it (``seat_envelope``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from coup_rules.config import Config
from coup_rules.events import Event, TurnStarted
from coup_rules.moves import Move
from coup_rules.narrate import describe_move, describe_pending, narrate_events, narration_start
from coup_rules.notation import format_move
from coup_rules.serde import to_json
from coup_rules.state import GameState
from coup_rules.views import PlayerView, view

__all__ = ["envelope", "envelope_data", "move_label", "seat_envelope"]


def move_label(move: Move, config: Config) -> str:
    """A button's text for one of your own moves: ``"Steal from seat 0 (Captain)"``."""
    return describe_move(move, config, style="button")


def _log_texts(v: PlayerView, earlier: Sequence[Event]) -> list[str]:
    """One text per event of ``v.log``: its sentence, and on the event before a turn begins the
    line of an action that came to nothing there (R-INF-5), read off ``earlier`` and the log."""
    told = narrate_events((*earlier, *v.log), v.config, you=v.seat)[len(earlier) :]
    texts = [lines[-1] for lines in told]
    for i, lines in enumerate(told):
        if len(lines) > 1:
            k = max(i - 1, 0)
            texts[k] = " ".join((texts[k], *lines[:-1]) if k < i else (*lines[:-1], texts[k]))
    return texts


def _extras(
    v: PlayerView, table: Mapping[str, Any], earlier: Sequence[Event] = ()
) -> dict[str, Any]:
    config = v.config
    return {
        "version": v.log_length,
        "table": dict(table),
        "pending_text": describe_pending(v.pending, config, you=v.seat),
        "log_text": [
            {"index": v.log_start + i, "text": text, "turn": isinstance(event, TurnStarted)}
            for i, (event, text) in enumerate(zip(v.log, _log_texts(v, earlier), strict=True))
        ],
        "move_labels": [
            {"label": move_label(m, config), "notation": format_move(m)} for m in v.legal_moves
        ],
    }


def envelope(v: PlayerView, table: Mapping[str, Any], *, earlier: Sequence[Event] = ()) -> str:
    """The JSON a client gets: ``{"view": to_json(v), "version": ..., "pending_text": ...}``.

    Args:
        v: the client's view (``view(state, seat, since=...)``, or ``None`` for a spectator).
        table: the table's public facts (``Table.public``), the same for every client.
        earlier: the same seat's events of the turn before ``v.log`` (``seat_envelope`` gives
            them), from which the line of an action that came to nothing is read (R-INF-5).

    Returns:
        A JSON object: ``view`` (the library's own JSON of ``v``), ``version`` (its log length,
        to post with the next move), ``table``, ``pending_text``, ``log_text`` (one sentence
        per event of ``v.log``, with its index in the full log) and ``move_labels`` (one per
        entry of ``view.legal_moves``, same order).
    """
    extras = json.dumps(_extras(v, table, earlier), ensure_ascii=False)
    return '{"view": ' + to_json(v) + ", " + extras[1:]


def envelope_data(
    v: PlayerView, table: Mapping[str, Any], *, earlier: Sequence[Event] = ()
) -> dict[str, Any]:
    """``envelope`` as a Python object (what ``json.loads`` of it gives)."""
    data: dict[str, Any] = json.loads(envelope(v, table, earlier=earlier))
    return data


def seat_envelope(state: GameState, seat: int | None, since: int, table: Mapping[str, Any]) -> str:
    """``envelope`` of ``seat``'s view of ``state`` from ``since`` on, with the seat's view of
    the turn's events before ``since`` as ``earlier``."""
    start = narration_start(state.log, since)
    earlier = view(state, seat, since=start).log[: since - start] if start < since else ()
    return envelope(view(state, seat, since=since), table, earlier=earlier)
