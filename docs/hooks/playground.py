"""MkDocs hook: put the rules engine into the built site, for the playground page.

Registered in ``mkdocs.yml``::

    hooks:
      - docs/hooks/playground.py

The playground (``docs/playground.md``, ``docs/javascripts/playground/``) runs the library in
the reader's browser through ``@coup-rules/engine`` (``clients/engine/``) in a Web Worker. After
each build this hook copies, from the site's own repository, never from a CDN:

- into ``assets/coup-engine/``: the package's ``engine.js``, ``worker.js``,
  ``worker-client.js`` and ``wheels/`` (``wheels/manifest.json`` and the wheels it names);
- into ``assets/pyodide/``: Pyodide's files from the package's ``node_modules/pyodide/``
  (``PYODIDE_FILES``).

Both are built, not committed: first ``(cd clients/engine && npm ci)`` and
``node clients/engine/build.mjs``. Without them the site still builds and the page says the
engine is missing; with ``COUP_WEB_REQUIRED=1`` (CI) a missing file is a warning instead, which
``mkdocs build --strict`` turns into a failure.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - only for type checkers
    from mkdocs.config.defaults import MkDocsConfig

__all__ = ["ENGINE_FILES", "PYODIDE_FILES", "SiteFile", "engine_files", "on_post_build"]

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "clients" / "engine"
ASSETS = "assets"

ENGINE_FILES = ("engine.js", "worker.js", "worker-client.js")
"""The package's modules a page loads (the worker imports engine.js)."""

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What Pyodide loads to start, as the package's README names them."""

log = logging.getLogger("mkdocs.hooks.playground")

SiteFile = tuple[Path, str]
"""A file to copy and its path in the site."""


def _pyodide_dir() -> Path:
    """Pyodide's files: ``COUP_PYODIDE_DIR``, else the package's ``node_modules/pyodide``."""
    given = os.environ.get("COUP_PYODIDE_DIR")
    return Path(given) if given else PACKAGE / "node_modules" / "pyodide"


def engine_files(package: Path = PACKAGE, pyodide: Path | None = None) -> list[SiteFile]:
    """Every file the playground needs, with its path in the site; missing ones included (the
    caller checks)."""
    pyodide = _pyodide_dir() if pyodide is None else pyodide
    files = [(package / name, f"{ASSETS}/coup-engine/{name}") for name in ENGINE_FILES]
    manifest = package / "wheels" / "manifest.json"
    files.append((manifest, f"{ASSETS}/coup-engine/wheels/manifest.json"))
    if manifest.is_file():
        wheels = json.loads(manifest.read_text(encoding="utf-8"))["wheels"]
        files += [(package / "wheels" / w, f"{ASSETS}/coup-engine/wheels/{w}") for w in wheels]
    files += [(pyodide / name, f"{ASSETS}/pyodide/{name}") for name in PYODIDE_FILES]
    return files


def on_post_build(config: MkDocsConfig) -> None:
    """Copy the engine and Pyodide into the built site (``site_dir``)."""
    site = Path(config.site_dir)
    files = engine_files()
    missing = [str(source) for source, _ in files if not source.is_file()]
    if missing:
        say = log.warning if os.environ.get("COUP_WEB_REQUIRED") == "1" else log.info
        say(
            "the playground has no engine: %s missing; build it first: "
            "(cd clients/engine && npm ci) && node clients/engine/build.mjs",
            ", ".join(missing),
        )
        return
    size = 0
    for source, target in files:
        path = site / target
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, path)
        size += source.stat().st_size
    log.info("playground: the engine and Pyodide copied into the site (%.1f MB)", size / 1e6)
