"""Write or check the golden records of the baselines (``coup_rules.bots.baselines``).

    python scripts/baseline_goldens.py            # check every record, name each drift
    python scripts/baseline_goldens.py --update   # write the records of ids that have none

``--update`` writes ``tests/golden/baselines/positions.json`` if it is missing (the positions are
drawn once and then kept), and ``ID.json`` for each id of the table without a record. It never
rewrites a record: a record that no longer holds means the bot changed, and the changed play
needs a new id (see the bots guide, "What is stable"). A record of an id not released yet may be
deleted and written again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from coup_rules.bots.baselines import BASELINES
from coup_rules.bots.goldens import (
    decisions_from_json,
    drifts,
    positions_from_json,
    positions_to_json,
    record,
    record_to_json,
    sample_positions,
)

GOLDENS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "baselines"
POSITIONS = GOLDENS / "positions.json"


def update() -> None:
    """Write the positions if missing, then the record of every id that has none."""
    GOLDENS.mkdir(parents=True, exist_ok=True)
    if not POSITIONS.exists():
        POSITIONS.write_text(positions_to_json(sample_positions()))
        print(f"wrote {POSITIONS}")
    positions = tuple(positions_from_json(POSITIONS.read_text()).values())
    for id, entry in BASELINES.items():
        path = GOLDENS / f"{id}.json"
        if path.exists():
            continue
        path.write_text(record_to_json(entry, record(entry, positions)))
        print(f"wrote {path}")


def check() -> int:
    """Replay every record; print each drift. Returns the number of drifts and missing ones."""
    positions = positions_from_json(POSITIONS.read_text())
    bad = 0
    for id, entry in BASELINES.items():
        path = GOLDENS / f"{id}.json"
        if not path.exists():
            print(f"{id}: no record (run --update)")
            bad += 1
            continue
        _, _, _, decisions = decisions_from_json(path.read_text())
        found = drifts(id, entry.build(), decisions, positions)
        for drift in found:
            print(drift)
        print(f"{id}: {len(decisions)} decisions, {len(found)} drifted")
        bad += len(found)
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--update", action="store_true", help="write the missing records")
    args = parser.parse_args()
    if args.update:
        update()
        return 0
    return 1 if check() else 0


if __name__ == "__main__":
    sys.exit(main())
