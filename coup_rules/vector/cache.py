"""numba's on-disk cache, emptied by itself when what the kernels were compiled from changes.

numba keys a cached function on its own source file's time stamp only. The kernels bake in the
numbers of ``fields`` (derived from ``actions.ACTIONS``, ``decisions`` and the move classes) and
of ``constants``, and the functions of one module call (and carry compiled copies of) those of
another, so a change to a table, or to ``kernel.py`` under ``bots.py``, would leave a stale
kernel running. The cache folder therefore holds a fingerprint of every source of this package
and every number of ``fields`` and ``constants``; when it differs from the one computed at import,
the folder's cached functions are deleted and numba compiles them afresh.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

__all__ = ["STAMP", "fingerprint", "folder_of", "refresh"]

STAMP = "coup_rules-tables.fingerprint"
"""The name of the file, in numba's cache folder, that holds the fingerprint it was built for."""

_CACHED = ("*.nbi", "*.nbc")
"""numba's index and data files."""


def _numbers(module: ModuleType) -> list[str]:
    """Every upper-case name of ``module`` bound to a plain value, with that value."""
    out = []
    for name in sorted(vars(module)):
        value = getattr(module, name)
        written = repr(value)
        # an object's address differs in every process: such a value would never match
        if name.isupper() and isinstance(value, int | float | str | tuple) and "0x" not in written:
            out.append(f"{name}={written}")
    return out


def fingerprint(sources: Iterable[Path], tables: Iterable[ModuleType]) -> str:
    """A digest of the text of ``sources`` and of the numbers of the ``tables`` modules."""
    digest = hashlib.blake2b(digest_size=16)
    for path in sorted(sources):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for module in tables:
        digest.update("\n".join([module.__name__, *_numbers(module)]).encode() + b"\0")
    return digest.hexdigest()


def folder_of(function: object) -> Path | None:
    """The folder numba caches the compiled ``function`` in; ``None`` when it caches nothing
    (``NUMBA_DISABLE_JIT``, or ``cache=False``)."""
    path = getattr(getattr(function, "_cache", None), "_cache_path", None)
    return Path(path) if path else None


def refresh(folder: Path, stamp: str) -> bool:
    """Delete the cached functions of ``folder`` unless they were built for ``stamp``, and mark
    the folder with it; whether anything was deleted."""
    mark = folder / STAMP
    try:
        if mark.read_text() == stamp:
            return False
    except OSError:
        pass
    stale = [p for pattern in _CACHED for p in folder.glob(pattern)]
    for path in stale:
        path.unlink(missing_ok=True)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        mark.write_text(stamp)
    except OSError:  # a read-only cache is numba's to skip; nothing of ours to keep there
        pass
    return bool(stale)
