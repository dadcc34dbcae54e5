"""pytest configuration: hypothesis profiles; the ``slow`` marker (``tests/slow.py``)."""

from pathlib import Path

import pytest
from hypothesis import settings

from tests.slow import SLOW

settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True)
settings.load_profile("default")


_ROOT = Path(__file__).resolve().parents[1]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test of the files ``tests/slow.py`` names (``pytest -m "not slow"``
    is the quick check a contributor runs before pushing)."""
    for item in items:
        if item.path.is_relative_to(_ROOT) and item.path.relative_to(_ROOT).as_posix() in SLOW:
            item.add_marker(pytest.mark.slow)
