"""Write the conformance kit (``coup_rules/conformance/kit/``) and its JSON Schema
(``schema/conformance.schema.json``) from the engine.

Plays every case of ``coup_rules/conformance/cases/`` and every playthrough, and takes the perft
counts from ``tests/golden/perft.json``. ``tests/test_conformance_kit.py`` fails while the kit
is stale. The same as ``python -m coup_rules.conformance.generate``.

    python scripts/generate_conformance.py            # after changing a case or the rules
    python scripts/generate_conformance.py --check    # exit 1 if a kit file is stale
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coup_rules.conformance.generate import main

if __name__ == "__main__":
    raise SystemExit(main())
