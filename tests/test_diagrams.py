"""The docs' diagrams are readable at the page's width (issue 40: labels about 4 px high).

An image is shown at most as wide as the text column, so a diagram wider than the column is
shrunk with its labels. ``scripts/render_diagrams.py`` refuses to write one whose labels would be
smaller than its ``MIN_LABEL_PX``; this holds the checked-in SVGs to the same measure.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SVGS = sorted((ROOT / "docs").rglob("*.svg"))


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "render_diagrams", ROOT / "scripts" / "render_diagrams.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RENDER = _script()


def test_there_are_diagrams_to_check() -> None:
    assert [p.name for p in SVGS if p.with_suffix(".mmd").is_file()], SVGS


@pytest.mark.parametrize("svg", SVGS, ids=lambda p: p.name)
def test_every_diagrams_labels_are_readable_at_the_page_width(svg: Path) -> None:
    """A label is drawn at least MIN_LABEL_PX high in the text column."""
    size = RENDER.label_px(svg.read_text(encoding="utf-8"))
    assert size >= RENDER.MIN_LABEL_PX, f"{svg.name}: labels {size:.1f} px high"


def test_a_diagram_three_times_the_column_is_refused() -> None:
    """The measure itself: a 16 px font in a diagram 3 columns wide is drawn 16 / 3 px high."""
    wide = RENDER.COLUMN_PX * 3
    svg = f'<svg style="max-width: {wide}px;"><style>#d{{font-size:16px;}}</style></svg>'
    assert RENDER.label_px(svg) == pytest.approx(16 / 3)
    assert RENDER.label_px(svg) < RENDER.MIN_LABEL_PX
