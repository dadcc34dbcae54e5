"""The kinds of decision a game waits on, and where a turn resumes after a lost influence."""

from __future__ import annotations

import enum

__all__ = ["Decision", "Stage"]


class Decision(enum.Enum):
    """The kind of decision the game is waiting on."""

    def __repr__(self) -> str:
        return f"Decision.{self.name}"

    __hash__ = object.__hash__  # members are singletons: identity hashing, done in C

    CHOOSE_ALLEGIANCE = "choose_allegiance"
    """Reformation setup: the first player picks an allegiance (R-REF-1)."""
    DRAFT = "draft"
    """2-player setup: each player picks a card of their own set (R-SETUP-8)."""
    ACTION = "action"
    """The active player declares an action (R-TURN-1)."""
    CHALLENGE_ACTION = "challenge_action"
    """Window a: the seats in ``waiting`` may challenge the action's claim (R-WIN-2)."""
    COUNTER = "counter"
    """Window b: the seats in ``waiting`` may block the action (R-WIN-3)."""
    CHALLENGE_BLOCK = "challenge_block"
    """Window c: the seats in ``waiting`` may challenge the block (R-WIN-5)."""
    ANSWER_ACTION_CHALLENGE = "answer_action_challenge"
    """The actor proves or concedes the challenged action claim (R-CHAL-1)."""
    ANSWER_BLOCK_CHALLENGE = "answer_block_challenge"
    """The blocker proves or concedes the challenged block (R-CHAL-1)."""
    LOSE_INFLUENCE = "lose_influence"
    """A player with two hidden cards picks the one to turn face up (R-INF-1)."""
    KEEP = "keep"
    """The exchanger picks the cards to keep (R-ACT-12)."""
    SHOW = "show"
    """The Examine target picks the card to show (R-INQ-4)."""
    INQUISITOR_CHOICE = "inquisitor_choice"
    """The Inquisitor gives the shown card back or forces an exchange (R-INQ-5, R-INQ-6)."""


class Stage(enum.Enum):
    """Where the turn resumes once an influence has been lost."""

    def __repr__(self) -> str:
        return f"Stage.{self.name}"

    __hash__ = object.__hash__  # members are singletons: identity hashing, done in C

    COUNTER = "counter"
    """The action claim stood: on to the counter window."""
    RESOLVE = "resolve"
    """The block failed: the action takes effect."""
    END = "end"
    """The action failed or is done: the turn ends."""
