"""What each action claims, who may block it, and with which characters (R-ACT, R-WIN-3)."""

from __future__ import annotations

from coup_rules.cards import Character
from coup_rules.config import Config
from coup_rules.moves import (
    ActionMove,
    Assassinate,
    Embezzle,
    Examine,
    Exchange,
    ForeignAid,
    Steal,
    Tax,
)

__all__ = ["blocking_characters", "claimed_character", "is_challengeable"]


def claimed_character(action: ActionMove, config: Config) -> Character | None:
    """The character the action claims to hold, or ``None``.

    Embezzle claims *not* to hold the Duke; it returns ``None`` here (see R-REF-9).
    """
    if isinstance(action, Tax):
        return Character.DUKE
    if isinstance(action, Assassinate):
        return Character.ASSASSIN
    if isinstance(action, Steal):
        return Character.CAPTAIN
    if isinstance(action, Exchange):
        return config.exchanger
    if isinstance(action, Examine):
        return Character.INQUISITOR
    return None


def is_challengeable(action: ActionMove) -> bool:
    """Character actions and Embezzle open a challenge window (R-WIN-1)."""
    return isinstance(action, Tax | Assassinate | Steal | Exchange | Examine | Embezzle)


def blocking_characters(action: ActionMove, config: Config) -> tuple[Character, ...]:
    """The characters that block ``action`` in this game, in canonical order (R-WIN-3)."""
    if isinstance(action, ForeignAid):
        return (Character.DUKE,)
    if isinstance(action, Assassinate):
        return (Character.CONTESSA,)
    if isinstance(action, Steal):
        return tuple(sorted((Character.CAPTAIN, config.exchanger)))
    return ()
