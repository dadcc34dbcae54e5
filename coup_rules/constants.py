"""Every number of the rules, in one place at the bottom of the import graph.

This module imports nothing of ours: every other module takes its numbers from here, so a coin
amount or a limit is written once. The rule id after each constant is where the spec states it.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ASSASSINATE_COST",
    "BANK",
    "CONVERT_OTHER_COST",
    "CONVERT_SELF_COST",
    "COUP_COST",
    "EXCHANGE_DRAWS",
    "FORCED_COUP_COINS",
    "FOREIGN_AID_COINS",
    "HAND_SIZE",
    "INCOME_COINS",
    "INQUISITOR_EXCHANGE_DRAWS",
    "MAX_BANK",
    "MAX_COPIES",
    "MAX_PLAYERS",
    "MAX_SEAT",
    "MAX_TURNS",
    "MIN_COURT",
    "MIN_PLAYERS",
    "STARTING_COINS",
    "STEAL_COINS",
    "TAX_COINS",
    "TWO_PLAYER_FIRST_COINS",
]

MIN_PLAYERS: Final = 2
"""The fewest seats a game has (R-SETUP-7)."""
MAX_PLAYERS: Final = 10
"""The most seats a game has (R-SETUP-2)."""
MAX_SEAT: Final = MAX_PLAYERS - 1
"""The highest seat number of any game."""
HAND_SIZE: Final = 2
"""Influences each player is dealt (R-SETUP-5)."""
MIN_COURT: Final = 2
"""The fewest cards the Court may hold after the deal (R-SETUP-3)."""
MAX_COPIES: Final = 100
"""The most copies of each character a ``Config`` accepts (a bound on hostile input)."""
MAX_TURNS: Final = 1_000_000
"""The largest turn limit a ``Config`` accepts (house rule R-TURN-8)."""
MAX_BANK: Final = 1_000_000
"""The largest bank a ``Config`` accepts (a bound on hostile input)."""
BANK: Final = 54
"""The coins in the box: the default bank (R-SETUP-4)."""
STARTING_COINS: Final = 2
"""Coins each player starts with (R-SETUP-4)."""
TWO_PLAYER_FIRST_COINS: Final = 1
"""Coins the first player starts with in the 2-player setup (R-SETUP-7)."""

INCOME_COINS: Final = 1
"""Income takes 1 coin (R-ACT-1)."""
FOREIGN_AID_COINS: Final = 2
"""Foreign Aid takes 2 coins (R-ACT-2)."""
TAX_COINS: Final = 3
"""Tax takes 3 coins (R-ACT-4)."""
STEAL_COINS: Final = 2
"""Steal takes up to 2 coins (R-ACT-6)."""
COUP_COST: Final = 7
"""A Coup costs 7 coins (R-ACT-3)."""
ASSASSINATE_COST: Final = 3
"""An assassination costs 3 coins (R-ACT-5)."""
FORCED_COUP_COINS: Final = 10
"""A player who starts a turn with this many coins must Coup (R-TURN-2)."""
CONVERT_SELF_COST: Final = 1
"""Converting yourself costs 1 coin, paid onto the Treasury Reserve (R-REF-7)."""
CONVERT_OTHER_COST: Final = 2
"""Converting another player costs 2 coins, paid onto the Treasury Reserve (R-REF-7)."""
EXCHANGE_DRAWS: Final = 2
"""The Ambassador's Exchange draws 2 cards (R-ACT-7)."""
INQUISITOR_EXCHANGE_DRAWS: Final = 1
"""The Inquisitor's Exchange draws 1 card (R-INQ-3)."""
