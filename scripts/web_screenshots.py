"""Copy the browser tests' screenshots into the docs: the server guide's pictures.

The browser tests (tests/web/test_web_browser.py, tests/web/test_web_browser_table.py) save
their screenshots in tests/web/artifacts/ (or $COUP_WEB_ARTIFACTS). Run them, then this, and
review the images' diff:

    pytest tests/web/test_web_browser.py tests/web/test_web_browser_table.py
    python scripts/web_screenshots.py
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = Path(os.environ.get("COUP_WEB_ARTIFACTS", ROOT / "tests" / "web" / "artifacts"))
DOCS = ROOT / "docs" / "img"

PICTURES = {
    "10-host-invites.png": "web-host.png",
    "13-timed-out.png": "web-mid-game.png",
    "14-game-over.png": "web-game-over.png",
    "03-double-challenge.png": "web-double-challenge.png",
}
"""Per screenshot of the tests, the docs' picture it becomes."""


def main() -> int:
    missing = [name for name in PICTURES if not (ARTIFACTS / name).is_file()]
    if missing:
        print(f"missing in {ARTIFACTS}: {', '.join(missing)}; run the browser tests first")
        return 1
    for shot, picture in PICTURES.items():
        shutil.copyfile(ARTIFACTS / shot, DOCS / picture)
        print(f"{shot} -> docs/img/{picture}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
