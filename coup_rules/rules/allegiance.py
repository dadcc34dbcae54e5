"""The Reformation's allegiance restriction (R-REF-2 to R-REF-5)."""

from __future__ import annotations

from collections.abc import Sequence

from coup_rules.state import PlayerState

__all__ = ["may_target"]


def may_target(players: Sequence[PlayerState], actor: int, target: int, reformation: bool) -> bool:
    """Whether ``actor`` may aim a restricted action at ``target`` (or block their Foreign Aid).

    Outside Reformation, always. In Reformation, only a player of the other allegiance, unless
    every living player shares one allegiance; judged with the allegiances of the moment.
    """
    if not reformation:
        return True
    mine = players[actor].allegiance
    if players[target].allegiance != mine:
        return True
    return all(p.allegiance == mine for p in players if p.hand)
