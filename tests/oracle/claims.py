"""The claim tracking exactly as released in 1.0.0, kept as an oracle.

``coup_rules.ai.claims.ClaimTracker`` reads each event through a table of small readers and
tells a change without copying the seat's claims; it must give, event by event, what this
version gives (which compared a copy of the seat's claims before and after each event). The
released observation encoder (``tests/oracle/observation.py``) reads the claims through the
package's ``standing_claims``, so this is what holds the claims themselves. Do not edit.
"""

from __future__ import annotations

from collections.abc import Iterator

from coup_rules.actions import claimed_character
from coup_rules.cards import Character
from coup_rules.events import (
    ActionDeclared,
    Blocked,
    CardsReturned,
    Conceded,
    Eliminated,
    Event,
    InfluenceLost,
    Proved,
)

Record = tuple[dict[int, set[Character]], dict[int, Character | None]]
"""Each seat's claims (empty sets kept) and its last claim, the one a Concede gives up."""


def released_records(events: list[Event], exchanger: Character) -> Iterator[tuple[Record, int]]:
    """After each event: the record, and the seat whose claims that event changed (or -1)."""
    claims: dict[int, set[Character]] = {}
    last: dict[int, Character | None] = {}
    for event in events:
        changed = -1
        if isinstance(event, ActionDeclared):
            seat = event.action.player
        else:
            seat = getattr(event, "player", -1)
        before = frozenset(claims.get(seat, ()))
        match event:
            case ActionDeclared(action=action):
                claim = claimed_character(action, exchanger)
                last[action.player] = claim
                if claim is not None:
                    claims.setdefault(action.player, set()).add(claim)
            case Blocked(player=player, character=character):
                claims.setdefault(player, set()).add(character)
                last[player] = character
            case Conceded(player=player):
                given_up = last.get(player)
                if given_up is not None:
                    claims.get(player, set()).discard(given_up)
            case Proved(player=player, cards=cards):
                claims.get(player, set()).difference_update(cards)
            case InfluenceLost(player=player, character=character):
                claims.get(player, set()).discard(character)
            case CardsReturned(player=player) | Eliminated(player=player):
                claims.pop(player, None)
            case _:
                pass
        if before != claims.get(seat, frozenset()):
            changed = seat
        yield ({s: set(c) for s, c in claims.items()}, dict(last)), changed
