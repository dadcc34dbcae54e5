"""Bots that play from a seat's view: the search bot ``ISMCTSBot``, and ``PolicyBot``, which
plays a learned policy's moves.

A bot here has one method, ``choose(view, rng) -> Move``: it is handed the seat's ``PlayerView``
(never the state) and draws all its chance from ``rng``.
"""

from coup_rules.ai.ismcts import ISMCTSBot, SearchStats
from coup_rules.ai.policybot import PolicyBot

__all__ = ["ISMCTSBot", "PolicyBot", "SearchStats"]
