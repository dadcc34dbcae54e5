"""Generate the engine's decision records in ``coup_rules/records.py`` from ``decisions.py``.

``decisions.py`` is the only hand-written description of a decision. The engine runs on small
slotted twins of its classes (cheap to build; native classes in the compiled build), and this
script writes them: one record per class of ``Pending``, with its fields in the same order, their
annotations as written, and its ``kind``. It rewrites only the regions of ``records.py`` between
``# <generated: NAME>`` and ``# </generated>`` (the imports, ``__all__``, the records); the
rest (the records' common base, ``public`` and ``record``) is written by hand.
``tests/test_records.py`` fails while the file is stale, as ``tests/test_schema.py`` does for
the JSON Schemas.

    python scripts/generate_records.py --write    # after changing decisions.py
    python scripts/generate_records.py --check    # exit 1 if coup_rules/records.py is stale
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
import typing
from pathlib import Path

import attrs

from coup_rules import decisions

TARGET = Path(__file__).resolve().parents[1] / "coup_rules" / "records.py"
WIDTH = 100
_REGION = re.compile(r"(# <generated: (\w+)>[^\n]*\n)(.*?)(# </generated>\n)", re.DOTALL)
_BUILTINS = {"tuple", "int", "str", "bool", "None", "object"}


def _classes() -> tuple[type, ...]:
    """The public decision classes, in the order of ``Pending``."""
    return typing.get_args(decisions.Pending)


def _fields(cls: type) -> list[tuple[str, str]]:
    """Each field of ``cls`` with its annotation as written in ``decisions.py``."""
    out = []
    for field in attrs.fields(cls):
        for klass in cls.__mro__:
            written = inspect.get_annotations(klass).get(field.name)
            if written is not None:
                out.append((field.name, str(written)))
                break
    return out


def _module_of(name: str) -> str:
    """The module that defines ``name`` as ``decisions.py`` imports it."""
    found = getattr(decisions, name)
    members = typing.get_args(found)  # a union alias: where its members live
    module: str = (members[0] if members else found).__module__
    return module


def imports() -> str:
    """The import lines of every name the records' annotations use."""
    by_module: dict[str, set[str]] = {"coup_rules.decisions": {"Decision", "Pending"}}
    for cls in _classes():
        for _, written in _fields(cls):
            for name in set(re.findall(r"[A-Za-z_]\w*", written)) - _BUILTINS:
                by_module.setdefault(_module_of(name), set()).add(name)
    lines = ["from coup_rules import decisions"]
    for module in sorted(by_module):
        lines.append(f"from {module} import {', '.join(sorted(by_module[module]))}")
    return "\n".join(lines) + "\n\n"  # ruff's import sorting leaves a blank line after them


def exports() -> str:
    """``__all__``: every record, the union and the two conversions."""
    names = sorted(
        [c.__name__ for c in _classes()] + ["Record", "decision_record", "public_decision"]
    )
    return "__all__ = [\n" + "".join(f'    "{n}",\n' for n in names) + "]\n"


def _names(items: list[str]) -> str:
    """A tuple literal of quoted names."""
    quoted = [f'"{i}"' for i in items]
    return "(" + ", ".join(quoted) + ("," if len(quoted) == 1 else "") + ")"


def _record(cls: type) -> str:
    """The record class of the decision class ``cls``."""
    name = cls.__name__
    fields = _fields(cls)
    order = [n for n, _ in fields]
    params = [f"{n}: {t}" for n, t in fields]
    init = f"    def __init__(self, {', '.join(params)}) -> None:\n"
    if len(init) - 1 > WIDTH:
        init = "    def __init__(\n        self,\n"
        init += "".join(f"        {p},\n" for p in params)
        init += "    ) -> None:\n"
    return (
        "@final\n"
        f"class {name}(_Record):\n"
        f'    """See ``decisions.{name}``."""\n'
        "\n"
        f"    __slots__ = {_names(sorted(order))}\n"
        f"    kind: ClassVar[Decision] = Decision.{cls.kind.name}\n"
        f"    fields: ClassVar[tuple[str, ...]] = {_names(order)}\n"
        "\n" + init + "".join(f"        self.{n} = {n}\n" for n in order)
    )


def records() -> str:
    """Every record class, the ``Record`` union and the list of twins."""
    classes = _classes()
    out = "\n\n".join(_record(c) for c in classes) + "\n\n"
    out += "Record: TypeAlias = (\n"
    out += "".join(f"    {'| ' if i else ''}{c.__name__}\n" for i, c in enumerate(classes))
    out += ')\n"""The decision a core waits on, as the engine holds it."""\n\n'
    out += "_TWINS: tuple[tuple[type[Record], type[Pending]], ...] = (\n"
    out += "".join(f"    ({c.__name__}, decisions.{c.__name__}),\n" for c in classes)
    return out + ")\n"


REGIONS = {"imports": imports, "exports": exports, "records": records}


def render(text: str) -> str:
    """``text`` (the current ``records.py``) with every generated region written afresh."""
    found: set[str] = set()

    def fill(match: re.Match[str]) -> str:
        name = match.group(2)
        found.add(name)
        return match.group(1) + REGIONS[name]() + match.group(4)

    out = _REGION.sub(fill, text)
    if found != set(REGIONS):
        raise SystemExit(f"records.py lacks the generated regions {sorted(set(REGIONS) - found)}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite coup_rules/records.py")
    parser.add_argument("--check", action="store_true", help="exit 1 if it is stale")
    args = parser.parse_args(argv)
    current = TARGET.read_text()
    text = render(current)
    if args.write:
        TARGET.write_text(text)
    elif args.check and text != current:
        sys.stderr.write(
            "coup_rules/records.py is stale: run scripts/generate_records.py --write\n"
        )
        return 1
    elif not args.write and not args.check:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
