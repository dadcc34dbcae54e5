"""The public API of ``coup_rules`` as text: every public name, its signature, and the fields,
members and public methods of every public class.

    python scripts/api_snapshot.py           # print the snapshot
    python scripts/api_snapshot.py --write   # rewrite api/coup_rules.txt, the checked-in copy
    python scripts/api_snapshot.py --check   # exit 1 (with a diff) if the copy is stale

``tests/test_api_snapshot.py`` fails when the API and ``api/coup_rules.txt`` differ, so a change
of the public API comes with its snapshot in the same commit, where a reviewer sees it. The
public modules are listed in ``PUBLIC_MODULES``: a new public module is one line there.
"""

from __future__ import annotations

import argparse
import difflib
import enum
import importlib
import inspect
import re
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ROOT / "api" / "coup_rules.txt"
COMMAND = "python scripts/api_snapshot.py --write"
"""The one command that regenerates the snapshot; the test's failure message names it."""

PUBLIC_MODULES: tuple[str, ...] = ("coup_rules",)
"""The modules whose ``__all__`` is the public API (see docs/versioning.md)."""


def _type(annotation: Any) -> str:
    """An annotation as written: ``"tuple[int, ...]"``, ``"Character | None"``."""
    if isinstance(annotation, str):
        text = annotation
    elif isinstance(annotation, type) and typing.get_origin(annotation) is None:
        text = annotation.__qualname__
    else:
        text = str(annotation)
    return re.sub(r"\bcoup_rules(\.\w+)*\.(?=[A-Z])", "", text)


def _annotation(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        annotations = vars(klass).get("__annotations__", {})
        if name in annotations:
            return annotations[name]
    return None


def _signature(obj: Any) -> str:
    try:
        return str(inspect.signature(obj))
    except (TypeError, ValueError):
        return "(...)"


def _class_lines(cls: type) -> Iterator[str]:
    if issubclass(cls, enum.Enum):
        for member in cls:
            yield f"    {member.name} = {member.value!r}"
        return
    if attrs.has(cls):
        for field in attrs.fields(cls):
            if field.name.startswith("_"):
                continue
            kind = _type(_annotation(cls, field.name) or field.type)
            default = "" if field.default is attrs.NOTHING else " = ..."
            yield f"    field {field.name}: {kind}{default}"
    for name, value in sorted(vars(cls).items()):
        if name.startswith("_") or (attrs.has(cls) and name in attrs.fields_dict(cls)):
            continue
        if isinstance(value, property):
            yield f"    property {name}"
        elif isinstance(value, (classmethod, staticmethod)):
            yield f"    {type(value).__name__} {name}{_signature(value.__func__)}"
        elif inspect.isfunction(value):
            yield f"    method {name}{_signature(value)}"
        elif not callable(value):
            yield f"    attribute {name}"


def describe(name: str, obj: Any) -> list[str]:
    """The lines of the snapshot for one public name."""
    if inspect.isclass(obj):
        bases = ", ".join(b.__name__ for b in obj.__bases__ if b is not object)
        head = f"class {name}({bases})" if bases else f"class {name}"
        return [head, *_class_lines(obj)]
    if inspect.isfunction(obj) or inspect.isbuiltin(obj) or callable(obj):
        if typing.get_origin(obj) is not None:
            return [f"alias {name} = {_type(obj)}"]
        return [f"def {name}{_signature(obj)}"]
    if typing.get_origin(obj) is not None or type(obj).__name__ in ("UnionType", "TypeAliasType"):
        return [f"alias {name} = {_type(obj)}"]
    return [f"value {name}: {type(obj).__name__}"]


def entries() -> dict[str, list[str]]:
    """Per qualified public name, its lines; in the order of the modules, then of the names."""
    found: dict[str, list[str]] = {}
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in sorted(module.__all__):
            found[f"{module_name}.{name}"] = describe(name, getattr(module, name))
    return found


def snapshot() -> str:
    """The whole snapshot, as written to ``api/coup_rules.txt``."""
    lines = ["# The public API of coup_rules. Regenerate with: " + COMMAND, ""]
    for qualified, block in entries().items():
        lines.append(f"## {qualified}")
        lines.extend(block)
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help=f"rewrite {SNAPSHOT.relative_to(ROOT)}")
    group.add_argument("--check", action="store_true", help="exit 1 if the copy is stale")
    args = parser.parse_args(argv)
    text = snapshot()
    if args.write:
        SNAPSHOT.parent.mkdir(exist_ok=True)
        SNAPSHOT.write_text(text, encoding="utf-8")
        print(f"wrote {SNAPSHOT.relative_to(ROOT)}: {len(entries())} public names")
        return 0
    if args.check:
        old = SNAPSHOT.read_text(encoding="utf-8") if SNAPSHOT.exists() else ""
        if old != text:
            sys.stdout.writelines(
                difflib.unified_diff(
                    old.splitlines(True), text.splitlines(True), "checked in", "now"
                )
            )
            print(f"\nthe public API changed: review the diff, then run {COMMAND}")
            return 1
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
