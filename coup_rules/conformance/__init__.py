"""The conformance kit: JSON cases, playthroughs and perft counts other implementations check
themselves against (docs: "Checking another implementation").

Not imported by ``import coup_rules``; import ``coup_rules.conformance`` on use.
"""

from coup_rules.conformance.define import CaseDef

__all__ = ["CaseDef"]
