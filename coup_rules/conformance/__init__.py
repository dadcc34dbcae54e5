"""The conformance kit: JSON cases, playthroughs and perft counts that other implementations of
Coup check themselves against (docs: "Checking another implementation").

Not imported by ``import coup_rules``; import ``coup_rules.conformance`` on use.

- ``CaseDef``: how a case is written (``coup_rules/conformance/cases/<family>.py``).
- ``load_kit()``, ``load_cases()``, ``load_playthroughs()``, ``load_perft()``,
  ``load_manifest()``, ``kit_files()``: the kit shipped in the package.
- ``export(directory)``: write the kit's files and its JSON Schema into a directory.
"""

from coup_rules.conformance.define import CaseDef
from coup_rules.conformance.kit import (
    Kit,
    export,
    kit_files,
    load_cases,
    load_kit,
    load_manifest,
    load_perft,
    load_playthroughs,
)

__all__ = [
    "CaseDef",
    "Kit",
    "export",
    "kit_files",
    "load_cases",
    "load_kit",
    "load_manifest",
    "load_perft",
    "load_playthroughs",
]
