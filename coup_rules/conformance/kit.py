"""Read the conformance kit shipped in the package, and export it to a directory.

The kit's files are JSON under ``coup_rules/conformance/kit/`` (described by
``conformance.schema.json``); the manifest lists them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import attrs

from coup_rules.conformance.schema import FILE_NAME, schema_text

__all__ = [
    "Kit",
    "export",
    "kit_files",
    "load_cases",
    "load_kit",
    "load_manifest",
    "load_perft",
    "load_playthroughs",
    "write_files",
]

Json = dict[str, Any]


def _root() -> Traversable:
    return resources.files("coup_rules.conformance").joinpath("kit")


def _text(relative: str) -> str:
    node = _root()
    for part in relative.split("/"):
        node = node.joinpath(part)
    return node.read_text(encoding="utf-8")


def _read(relative: str) -> Any:
    return json.loads(_text(relative))


def load_manifest() -> Json:
    """``kit/manifest.json``: kit_version, library_version, protocol, files, rule -> case ids."""
    data: Json = _read("manifest.json")
    return data


def kit_files() -> list[str]:
    """Every kit file, relative to ``kit/``, as the manifest lists them (manifest first)."""
    files = load_manifest()["files"]
    return ["manifest.json", *files["cases"], *files["playthroughs"], files["perft"]]


def _cases_of(kind: str) -> tuple[Json, ...]:
    return tuple(case for f in load_manifest()["files"][kind] for case in _read(f)["cases"])


def load_cases() -> tuple[Json, ...]:
    """Every scenario case of the kit (the ``CASE`` JSON), family by family."""
    return _cases_of("cases")


def load_playthroughs() -> tuple[Json, ...]:
    """Every playthrough of the kit (the same ``CASE`` shape), configuration by configuration."""
    return _cases_of("playthroughs")


def load_perft() -> Json:
    """``kit/perft.json``: fixed deals and their perft counts."""
    data: Json = _read(load_manifest()["files"]["perft"])
    return data


@attrs.frozen
class Kit:
    """The whole kit, read from the package."""

    manifest: Json
    cases: tuple[Json, ...]
    playthroughs: tuple[Json, ...]
    perft: Json


def load_kit() -> Kit:
    """Read every file of the kit."""
    return Kit(
        manifest=load_manifest(),
        cases=load_cases(),
        playthroughs=load_playthroughs(),
        perft=load_perft(),
    )


def write_files(directory: Path, texts: Mapping[str, str]) -> list[Path]:
    """Write each text under ``directory`` at its relative path; return the paths written."""
    written = []
    for relative, text in texts.items():
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def export(directory: Path) -> list[Path]:
    """Copy the kit's files into ``directory`` (made if missing), with ``conformance.schema.json``
    beside ``manifest.json``; return the paths written."""
    texts = {relative: _text(relative) for relative in kit_files()}
    texts[FILE_NAME] = schema_text()
    return write_files(Path(directory), texts)
