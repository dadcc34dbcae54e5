"""What the public log says each seat claims to hold (public events only)."""

from __future__ import annotations

from collections.abc import Iterable

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

__all__ = ["claim_record", "standing_claims"]


def standing_claims(events: Iterable[Event], exchanger: Character) -> dict[int, set[Character]]:
    """The characters each seat has claimed (in an action or a block) and not since lost,
    proved (a proved card goes back to the Court), conceded, or exchanged away (any cards it
    returned to the Court), from the events of a log. Only public facts are read, so the answer
    is the same for every viewer. Seats with no standing claim are left out.

    Args:
        events: a log, whole, in order (a view's log made with ``since=0`` will do).
        exchanger: the game's exchanger (``Config.exchanger``), which Exchange claims.
    """
    claims, _ = claim_record(events, exchanger)
    return {seat: cards for seat, cards in claims.items() if cards}


def claim_record(
    events: Iterable[Event], exchanger: Character
) -> tuple[dict[int, set[Character]], dict[int, Character | None]]:
    """``standing_claims`` before empty sets are dropped, and each seat's last claim (in an
    action, ``None`` for an action that claims nothing, or in a block): the one a ``Concede``
    would give up. ``coup_rules.vector`` rebuilds its claim fields from these."""
    claims: dict[int, set[Character]] = {}
    last: dict[int, Character | None] = {}  # the claim a Concede gives up
    for event in events:
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
    return claims, last
