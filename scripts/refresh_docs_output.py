"""Rewrite the ``# output`` blocks of the docs with what their examples print now.

Run it after a deliberate change of printed text (narration, error reasons), then review the
diff: ``python scripts/refresh_docs_output.py docs/edge-cases.md``. ``tests/test_docs.py`` holds
the conventions and fails when a shown output is stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_docs import ROOT, normalize, pages, run_page


def refresh(path: Path) -> int:
    """Rewrite one page's output blocks; the number of blocks changed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    changed = 0
    for example, printed in reversed(run_page(path, str(path.relative_to(ROOT)))):
        if example.output_line is None or example.expected is None:
            continue
        if normalize(example.expected) == normalize(printed):
            continue
        start = example.output_line + 1  # 0-based index of the line after "# output"
        end = start
        while not lines[end].lstrip().startswith("```"):
            end += 1
        lines[start:end] = normalize(printed).splitlines()
        changed += 1
    if changed:
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    for name in argv or [str(p) for p in pages()]:
        path = Path(name).resolve()
        n = refresh(path)
        if n:
            print(f"{path.relative_to(ROOT)}: {n} output block(s) rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
