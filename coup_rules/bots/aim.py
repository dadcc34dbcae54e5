"""Whom a bot aims at: the ``targeting`` and ``vengeance`` knobs of the heuristic bots.

A bot that has decided to Coup, Assassinate or Steal hands its candidate moves to ``aim``, which
picks the victim: first, with the chance ``vengeance``, the seat that last cost the bot an
influence or coins (``last_hurt``, read from the public log), if it is among the candidates; else
by ``targeting``:

- ``own``: the bot's own rule (what it played before it had knobs);
- ``richest``: the most coins, then the most influence;
- ``influence``: the most influence (face-down cards), then the most coins;
- ``leader``: the seat closest to winning, coins + 3 x influence;
- ``random``: any candidate, uniformly.

Ties go to the lowest seat. A knob at its default (``own``, vengeance 0) draws nothing from the
random stream, so a bot without knobs plays (and draws) exactly as before.
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable, Mapping, Sequence

from coup_rules.bots.base import seat_of
from coup_rules.events import (
    ActionDeclared,
    Challenged,
    CoinsMoved,
    Conceded,
    InfluenceLost,
    Proved,
    TurnStarted,
)
from coup_rules.moves import ActionMove, Assassinate, Coup, Move, Steal
from coup_rules.views import PlayerView, SeatView

__all__ = [
    "TARGETINGS",
    "Aimed",
    "aim",
    "chance",
    "check_chance",
    "check_targeting",
    "last_hurt",
    "targeting",
]

Aimed = Coup | Assassinate | Steal
"""A move with a victim."""

_KEYS: Mapping[str, Callable[[SeatView], tuple[int, ...]]] = types.MappingProxyType(
    {
        "richest": lambda p: (p.coins, p.hidden),
        "influence": lambda p: (p.hidden, p.coins),
        "leader": lambda p: (p.coins + 3 * p.hidden,),
    }
)

TARGETINGS: tuple[str, ...] = ("own", *_KEYS, "random")
"""The values of the ``targeting`` knob."""


def check_targeting(value: str) -> str:
    """``value`` if it is one of ``TARGETINGS``.

    Raises:
        ValueError: another value, with the list.
    """
    if value not in TARGETINGS:
        raise ValueError(
            f"targeting is one of {', '.join(TARGETINGS)} (whom the bot aims its Coups, "
            f"Assassinations and Steals at), not {value!r}"
        )
    return value


def check_chance(knob: str, value: float) -> float:
    """``value`` if it is a number from 0 to 1 (the knob ``knob``'s).

    Raises:
        ValueError: anything else, naming the knob.
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise ValueError(f"{knob} is a number from 0 to 1, not {value!r}")
    return float(value)


def chance(knob: str) -> Callable[[object, object, float], None]:
    """An attrs validator: the field (the knob ``knob``) is a number from 0 to 1."""

    def check(_: object, __: object, value: float) -> None:
        check_chance(knob, value)

    return check


def targeting(_: object, __: object, value: str) -> None:
    """An attrs validator: the field is one of ``TARGETINGS``."""
    check_targeting(value)


def last_hurt(view: PlayerView) -> int | None:
    """The seat that last cost the viewer an influence or coins, by the public log: the one
    whose Coup or Assassination it lost a card to, who won a challenge against it (either way
    round), or who took its coins (a Steal). ``None`` before anyone has."""
    me = seat_of(view)
    culprit: int | None = None
    action: ActionMove | None = None
    challenge: tuple[int, int] | None = None
    blame: dict[int, int] = {}  # who loses a card next -> whose doing it is
    for event in view.log:
        match event:
            case TurnStarted():
                action, challenge = None, None
                blame.clear()
            case ActionDeclared(action=declared):
                action = declared
            case Challenged(player=p, challenged=q):
                challenge = (p, q)
            case Proved(player=q) if challenge is not None and challenge[1] == q:
                blame[challenge[0]] = q
                challenge = None
            case Conceded(player=q) if challenge is not None and challenge[1] == q:
                blame[q] = challenge[0]
                challenge = None
            case InfluenceLost(player=p):
                who = blame.pop(p, None)
                if who is None and getattr(action, "target", None) == p:
                    who = getattr(action, "player", None)
                if p == me and who is not None and who != me:
                    culprit = who
            case CoinsMoved(source=int() as source, dest=int() as dest) if source == me:
                culprit = dest
            case _:
                pass
    return culprit


def aim(
    view: PlayerView,
    moves: Sequence[Aimed],
    rng: random.Random,
    *,
    targeting: str,
    vengeance: float,
    own: Callable[[Sequence[Aimed]], Move],
) -> Move:
    """One of ``moves`` (not empty): vengeance first, then ``targeting`` (``own`` calls the
    bot's own rule). Draws from ``rng`` only for vengeance strictly between 0 and 1 with the
    culprit among the victims, and for ``random`` targeting."""
    if vengeance > 0.0:
        foe = last_hurt(view)
        revenge = [m for m in moves if m.target == foe]
        if revenge and (vengeance >= 1.0 or rng.random() < vengeance):
            return revenge[0]
    if targeting == "own":
        return own(moves)
    if targeting == "random":
        return rng.choice(moves)
    key = _KEYS[targeting]
    return max(moves, key=lambda m: (*key(view.players[m.target]), -m.target))
