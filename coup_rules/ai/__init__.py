"""Search bots that play from a seat's view: ``ISMCTSBot``.

A bot here has one method, ``choose(view, rng) -> Move``: it is handed the seat's ``PlayerView``
(never the state) and draws all its chance from ``rng``.
"""

from coup_rules.ai.ismcts import ISMCTSBot, SearchStats

__all__ = ["ISMCTSBot", "SearchStats"]
