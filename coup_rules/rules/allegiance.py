"""The Reformation's allegiance restriction (R-REF-2 to R-REF-5)."""

from __future__ import annotations

from collections.abc import Sequence

from coup_rules.state import Seat

__all__ = ["may_target", "opponents"]


def _united(players: Sequence[Seat]) -> bool:
    """Whether every living player shares one allegiance, which lifts the restriction."""
    sides = {p.allegiance for p in players if p.hand}
    return len(sides) <= 1


def may_target(players: Sequence[Seat], actor: int, target: int, reformation: bool) -> bool:
    """Whether ``actor`` may aim a restricted action at ``target`` (or block their Foreign Aid).

    Outside Reformation, always. In Reformation, only a player of the other allegiance, unless
    every living player shares one allegiance; judged with the allegiances of the moment.
    """
    if not reformation or players[target].allegiance != players[actor].allegiance:
        return True
    return _united(players)


def opponents(players: Sequence[Seat], actor: int, reformation: bool) -> tuple[int, ...]:
    """The living seats ``actor`` may target, which are also those who may block its Foreign Aid.

    The relation is symmetric: two players may act against each other unless they share an
    allegiance while the table is divided (R-ACT-8, R-REF-2, R-REF-3, R-REF-4).
    """
    if reformation and not _united(players):
        mine = players[actor].allegiance
        return tuple([i for i, p in enumerate(players) if p.hand and p.allegiance != mine])
    return tuple([i for i, p in enumerate(players) if p.hand and i != actor])
