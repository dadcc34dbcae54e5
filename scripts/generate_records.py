"""Generate the engine's decision records in ``coup_rules/records.py`` from ``decisions.py``.

``decisions.py`` is the only hand-written description of a decision. The engine runs on small
slotted twins of its classes (cheap to build; native classes in the compiled build), and this
script writes them: one record per class of ``Pending``, with its fields in the same order, their
annotations as written, and its ``kind``. It rewrites only the regions of ``records.py`` between
``# <generated: NAME>`` and ``# </generated>`` (the imports, ``__all__``, the records); the
rest (the records' common base, ``public`` and ``record``) is written by hand.
``tests/test_records.py`` fails while the file is stale, as ``tests/test_schema.py`` does for
the JSON Schemas.

It reads ``decisions.py`` as text (its syntax tree) and never imports the package, so it runs
on a half-edited tree: a new decision class whose ``spec_of`` arm, record or handlers are not
written yet, which would stop ``import coup_rules`` (the records refuse at import a decision
that has none), gets its record all the same.

    python scripts/generate_records.py --write    # after changing decisions.py
    python scripts/generate_records.py --check    # exit 1 if coup_rules/records.py is stale
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import re
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]


def _package() -> Path:
    """The source tree's ``coup_rules`` folder, or, where the tests run without one (CI's
    installed wheels), the installed package's, found without importing it."""
    tree = ROOT / "coup_rules"
    if (tree / "decisions.py").is_file():
        return tree
    spec = importlib.util.find_spec("coup_rules")
    if spec is None or spec.origin is None:
        return tree
    return Path(spec.origin).parent


SOURCE = _package() / "decisions.py"
TARGET = _package() / "records.py"
WIDTH = 100
_REGION = re.compile(r"(# <generated: (\w+)>[^\n]*\n)(.*?)(# </generated>\n)", re.DOTALL)
_BUILTINS = {"tuple", "int", "str", "bool", "None", "object"}
_HERE = "coup_rules.decisions"


class Written(NamedTuple):
    """One decision class as ``decisions.py`` writes it."""

    name: str
    kind: str
    """The name of its ``Decision`` member."""
    fields: list[tuple[str, str]]
    """Each field with its annotation as written, in order."""


def _tree() -> ast.Module:
    return ast.parse(SOURCE.read_text(), filename=str(SOURCE))


def _union(node: ast.expr) -> list[str]:
    """The names of ``A | B | ...``, in order."""
    if isinstance(node, ast.BinOp):
        return _union(node.left) + _union(node.right)
    assert isinstance(node, ast.Name), ast.unparse(node)
    return [node.id]


def _pending(tree: ast.Module) -> list[str]:
    """The members of ``Pending``, in order."""
    for node in tree.body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "Pending"
            and node.value is not None
        ):
            return _union(node.value)
    raise SystemExit("coup_rules/decisions.py has no `Pending: TypeAlias = (...)` union")


def _written(node: ast.ClassDef) -> Written:
    """The kind and the fields of an attrs class: its annotated names but the ``ClassVar``s."""
    kind = ""
    fields = []
    for item in node.body:
        if not (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)):
            continue
        annotation = ast.unparse(item.annotation)
        if annotation.startswith("ClassVar"):
            if item.target.id == "kind" and isinstance(item.value, ast.Attribute):
                kind = item.value.attr
            continue
        fields.append((item.target.id, annotation))
    if not kind:
        raise SystemExit(f"decisions.{node.name} has no `kind: ClassVar[Decision] = ...`")
    return Written(node.name, kind, fields)


def _classes() -> list[Written]:
    """The public decision classes, in the order of ``Pending``."""
    tree = _tree()
    defined = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    missing = [name for name in _pending(tree) if name not in defined]
    if missing:
        raise SystemExit(f"Pending names {missing}, which decisions.py does not define")
    return [_written(defined[name]) for name in _pending(tree)]


def _homes() -> dict[str, str]:
    """The module each name ``decisions.py`` uses comes from: its imports, or itself."""
    tree = _tree()
    homes = {n.name: _HERE for n in tree.body if isinstance(n, ast.ClassDef)}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            homes.update({alias.asname or alias.name: node.module for alias in node.names})
    return homes


def imports() -> str:
    """The import lines of every name the records' annotations use."""
    by_module: dict[str, set[str]] = {_HERE: {"Decision", "Pending"}}
    homes = _homes()
    for cls in _classes():
        for _, written in cls.fields:
            for name in set(re.findall(r"[A-Za-z_]\w*", written)) - _BUILTINS:
                by_module.setdefault(homes.get(name, _HERE), set()).add(name)
    lines = ["from coup_rules import decisions"]
    for module in sorted(by_module):
        lines.append(f"from {module} import {', '.join(sorted(by_module[module]))}")
    return "\n".join(lines) + "\n\n"  # ruff's import sorting leaves a blank line after them


def exports() -> str:
    """``__all__``: every record, the union and the two conversions."""
    names = sorted([c.name for c in _classes()] + ["Record", "decision_record", "public_decision"])
    return "__all__ = [\n" + "".join(f'    "{n}",\n' for n in names) + "]\n"


def _names(items: list[str]) -> str:
    """A tuple literal of quoted names."""
    quoted = [f'"{i}"' for i in items]
    return "(" + ", ".join(quoted) + ("," if len(quoted) == 1 else "") + ")"


def _record(cls: Written) -> str:
    """The record class of the decision class ``cls``."""
    name = cls.name
    fields = cls.fields
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
        f"    kind: ClassVar[Decision] = Decision.{cls.kind}\n"
        f"    fields: ClassVar[tuple[str, ...]] = {_names(order)}\n"
        "\n" + init + "".join(f"        self.{n} = {n}\n" for n in order)
    )


def records() -> str:
    """Every record class, the ``Record`` union and the list of twins."""
    classes = _classes()
    out = "\n\n".join(_record(c) for c in classes) + "\n\n"
    out += "Record: TypeAlias = (\n"
    out += "".join(f"    {'| ' if i else ''}{c.name}\n" for i, c in enumerate(classes))
    out += ')\n"""The decision a core waits on, as the engine holds it."""\n\n'
    out += "_TWINS: tuple[tuple[type[Record], type[Pending]], ...] = (\n"
    out += "".join(f"    ({c.name}, decisions.{c.name}),\n" for c in classes)
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
