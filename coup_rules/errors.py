"""The error raised for a move the rules do not allow."""

from __future__ import annotations

from typing import Any

__all__ = ["IllegalMoveError"]


class IllegalMoveError(ValueError):
    """A move that is not legal in the state it was applied to.

    Attributes:
        move: the move that was rejected (typed ``object``: it may be anything a caller passed).
        reason: a sentence a player would understand.
        rule: the id of the spec rule that forbids it, e.g. ``"R-ACT-9"``.
    """

    move: object
    reason: str
    rule: str

    def __init__(self, move: object, reason: str, rule: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.move = move
        self.reason = reason
        self.rule = rule

    def __reduce__(self) -> tuple[Any, ...]:
        return (IllegalMoveError, (self.move, self.reason, self.rule))
