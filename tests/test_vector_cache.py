"""numba's on-disk cache empties itself when the kernels' sources or tables change (issue 40).

numba checks only a cached function's own file's time stamp; ``coup_rules.vector.cache`` keeps a
fingerprint of every source of the package and every number of ``fields`` and ``constants`` in
the cache folder, and deletes the cached functions when it no longer matches.
"""

from __future__ import annotations

import types
from pathlib import Path

import pytest

pytest.importorskip("numba", reason="the [vector] extra is not installed")

from coup_rules import constants
from coup_rules.vector import cache, fields, kernel


def _table(**numbers: object) -> types.ModuleType:
    module = types.ModuleType("table")
    vars(module).update(numbers)
    return module


def _source(tmp_path: Path, text: str) -> list[Path]:
    path = tmp_path / "kernel.py"
    path.write_text(text)
    return [path]


def test_the_fingerprint_changes_with_a_source(tmp_path: Path) -> None:
    table = _table(A_TAX=3)
    before = cache.fingerprint(_source(tmp_path, "x = 1\n"), [table])
    assert cache.fingerprint(_source(tmp_path, "x = 2\n"), [table]) != before


def test_the_fingerprint_changes_with_a_number_of_a_table(tmp_path: Path) -> None:
    sources = _source(tmp_path, "x = 1\n")
    before = cache.fingerprint(sources, [_table(A_TAX=3, D_KEEP=9)])
    assert cache.fingerprint(sources, [_table(A_TAX=4, D_KEEP=9)]) != before
    assert cache.fingerprint(sources, [_table(A_TAX=3, D_KEEP=9, A_TITHE=10)]) != before


def test_the_fingerprint_ignores_what_differs_in_every_process(tmp_path: Path) -> None:
    sources = _source(tmp_path, "x = 1\n")
    same = cache.fingerprint(sources, [_table(A_TAX=3, HELPER=(object(),), _private=object())])
    assert cache.fingerprint(sources, [_table(A_TAX=3, HELPER=(object(),))]) == same


def test_a_stale_cache_is_deleted_and_marked_fresh(tmp_path: Path) -> None:
    compiled = [tmp_path / "kernel.legal-1.py311.nbi", tmp_path / "kernel.legal-1.py311.1.nbc"]
    for path in compiled:
        path.write_bytes(b"old")
    (tmp_path / cache.STAMP).write_text("built from other tables")
    assert cache.refresh(tmp_path, "now")
    assert not any(path.exists() for path in compiled)
    assert (tmp_path / cache.STAMP).read_text() == "now"


def test_a_fresh_cache_is_kept(tmp_path: Path) -> None:
    compiled = tmp_path / "kernel.legal-1.py311.nbi"
    compiled.write_bytes(b"current")
    (tmp_path / cache.STAMP).write_text("now")
    assert not cache.refresh(tmp_path, "now")
    assert compiled.read_bytes() == b"current"


def test_a_cache_with_no_fingerprint_is_taken_as_stale(tmp_path: Path) -> None:
    compiled = tmp_path / "kernel.legal-1.py311.nbi"
    compiled.write_bytes(b"from an older release")
    assert cache.refresh(tmp_path, "now")
    assert not compiled.exists()


def test_the_kernel_s_cache_folder_carries_the_current_fingerprint() -> None:
    folder = cache.folder_of(kernel.seed_row)
    if folder is None:
        pytest.skip("numba caches nothing here (NUMBA_DISABLE_JIT)")
    sources = Path(kernel.__file__).resolve().parent.glob("*.py")
    assert (folder / cache.STAMP).read_text() == cache.fingerprint(sources, (constants, fields))
