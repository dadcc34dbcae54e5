"""Which game a rule belongs to: the base game, or one of the variants a ``Config`` turns on.

Each action (``coup_rules.actions.ActionSpec.variant``) and each decision
(``coup_rules.decisions.DecisionSpec.variant``) names its variant once; ``Variant.in_play`` is
the one statement of which configurations have it, read by the legal moves, the move table and
the observation (``coup_rules.ai.encoding``).
"""

from __future__ import annotations

import enum
from typing import assert_never

from coup_rules.config import Config

__all__ = ["Variant"]


class Variant(enum.Enum):
    """Which game an action, a decision or an answer belongs to."""

    BASE = "base"
    INQUISITOR = "inquisitor"
    REFORMATION = "reformation"
    TWO_PLAYER_SETUP = "two_player_setup"

    def in_play(self, config: Config) -> bool:
        """Whether a game of ``config`` has what belongs to this variant (R-INQ-1, R-REF-1,
        R-SETUP-7)."""
        if self is Variant.BASE:  # identity tests: the legal moves ask this of every action
            return True
        if self is Variant.INQUISITOR:
            return config.inquisitor
        if self is Variant.REFORMATION:
            return config.reformation
        if self is Variant.TWO_PLAYER_SETUP:
            return config.is_two_player_setup
        assert_never(self)
