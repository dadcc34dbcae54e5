"""MkDocs hook: under each rule of the spec, list the tests that cite its id.

Registered in ``mkdocs.yml``::

    hooks:
      - docs/hooks/traceability.py

At build time the hook scans ``tests/**/*.py`` for rule ids (``R-ACT-6`` in a docstring, comment
or string, or ``r_act_6`` in a test's name) and, in every page under ``docs/spec/``, appends to
each rule (a heading carrying ``{#R-...}``) a generated line::

    Tested by: test_actions.py::test_steal_takes_two, ...

On ``spec/index.md`` it also replaces the marker ``<!-- traceability-summary -->`` with a table
of every rule and the number of tests citing it. Nothing here is written by hand, so the docs
always show the tests of the tree they were built from. ``tests/test_traceability.py`` uses the
same functions to fail the suite when a rule is cited by no test or a test cites an unknown id.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - only for type checkers
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

__all__ = [
    "GROUPS",
    "Citation",
    "Rule",
    "add_tested_by",
    "cited_ids",
    "rules_of_page",
    "scan_tests",
    "spec_rules",
    "summary_table",
]

ROOT = Path(__file__).resolve().parents[2]
"""The repository: this file is ``docs/hooks/traceability.py``."""

SPEC_DIR = ROOT / "docs" / "spec"
TESTS_DIR = ROOT / "tests"
BRANCH = "main"
SUMMARY_MARKER = "<!-- traceability-summary -->"

GROUPS: dict[str, str] = {
    "setup": "SETUP",
    "turn": "TURN",
    "actions": "ACT",
    "windows": "WIN",
    "challenges": "CHAL",
    "influence": "INF",
    "inquisitor": "INQ",
    "reformation": "REF",
    "information": "INFO",
}
"""Spec page (file stem) -> the rule-id group it defines."""

RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
"""A rule id as cited anywhere: ``R-ACT-6``."""

NAME_ID = re.compile(r"(?:^|_)r_([a-z]+)_(\d+)(?=_|$)", re.IGNORECASE)
"""A rule id in a test's name: ``test_r_act_6_steal`` cites ``R-ACT-6``."""

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*\{[^}]*#(R-[A-Z]+-\d+)[^}]*\}\s*$")
"""A rule heading: ``### R-ACT-6 Steal {#R-ACT-6}``."""

ANY_HEADING = re.compile(r"^#{1,6}\s")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")


@dataclass(frozen=True, order=True)
class Citation:
    """A test that cites a rule id.

    Attributes:
        path: the file, relative to the repository (``tests/test_actions.py``).
        line: the line where the test (or the citing module text) starts.
        test: ``test_actions.py::test_steal`` (``test_actions.py`` for a module-level citation).
    """

    path: str
    line: int
    test: str


@dataclass(frozen=True)
class Rule:
    """A rule defined by a heading of the spec.

    Attributes:
        rule: the id, e.g. ``R-ACT-6``.
        title: the heading text without the id and the anchor.
        page: the page's path under ``docs/`` (``spec/actions.md``).
        line: the heading's line number in that page.
    """

    rule: str
    title: str
    page: str
    line: int


# --- the spec ----------------------------------------------------------------------------------


def _outside_fences(lines: list[str]) -> Iterator[tuple[int, str]]:
    """The (index, line) pairs of ``lines`` that are not inside a fenced code block."""
    fence: str | None = None
    for i, line in enumerate(lines):
        m = FENCE.match(line)
        if m:
            mark = m.group(1)
            if fence is None:
                fence = mark
            elif mark[0] == fence[0] and len(mark) >= len(fence):
                fence = None
            continue
        if fence is None:
            yield i, line


def rules_of_page(markdown: str, page: str) -> list[Rule]:
    """The rules a spec page defines, in page order."""
    found = []
    for i, line in _outside_fences(markdown.splitlines()):
        m = HEADING.match(line)
        if m:
            title = m.group(2)
            if title.startswith(m.group(3)):
                title = title[len(m.group(3)) :].strip()
            found.append(Rule(m.group(3), title, page, i + 1))
    return found


def spec_rules(spec_dir: Path = SPEC_DIR) -> list[Rule]:
    """Every rule heading of every page of the spec (duplicates included), by page and line."""
    rules: list[Rule] = []
    for path in sorted(spec_dir.glob("*.md")):
        rules += rules_of_page(path.read_text(encoding="utf-8"), f"spec/{path.name}")
    return rules


# --- the tests ---------------------------------------------------------------------------------


def cited_ids(text: str) -> set[str]:
    """The rule ids written out in ``text``."""
    return set(RULE_ID.findall(text))


def _name_ids(name: str) -> set[str]:
    return {f"R-{g.upper()}-{int(n)}" for g, n in NAME_ID.findall(name)}


def is_test_file(path: Path) -> bool:
    """Whether pytest would collect tests from ``path``."""
    return path.name.startswith("test_") or path.name.endswith("_test.py")


def _span(node: ast.stmt) -> tuple[int, int]:
    decorators = getattr(node, "decorator_list", [])
    start = min([node.lineno, *(d.lineno for d in decorators)])
    return start, node.end_lineno or node.lineno


def _tests_of(tree: ast.Module) -> Iterator[tuple[str, ast.stmt, bool]]:
    """(qualified name, node, is_test) for the module's top-level statements and test methods."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node.name, node, node.name.startswith("test")
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    is_test = item.name.startswith("test")
                    yield f"{node.name}::{item.name}", item, is_test


def scan_file(path: Path, root: Path = ROOT) -> dict[str, set[Citation]]:
    """Rule id -> the tests of one test file that cite it.

    Ids in a test function (its decorators, name, docstring, body and comments) are cited by
    that test; ids anywhere else in the file (the module docstring, shared tables) by the file.
    """
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    rel = path.relative_to(root).as_posix()
    short = path.relative_to(root / "tests").as_posix() if rel.startswith("tests/") else rel
    found: dict[str, set[Citation]] = {}
    covered: set[int] = set()
    for name, node, is_test in _tests_of(ast.parse(text, filename=str(path))):
        start, end = _span(node)
        if not is_test:
            continue
        covered.update(range(start, end + 1))
        ids = cited_ids("\n".join(lines[start - 1 : end])) | _name_ids(name.split("::")[-1])
        for rule in ids:
            found.setdefault(rule, set()).add(Citation(rel, start, f"{short}::{name}"))
    rest = "\n".join(line for i, line in enumerate(lines, 1) if i not in covered)
    for rule in cited_ids(rest):
        found.setdefault(rule, set()).add(Citation(rel, 1, short))
    return found


def scan_tests(tests_dir: Path = TESTS_DIR, root: Path = ROOT) -> dict[str, list[Citation]]:
    """Rule id -> every test that cites it, sorted by file and line."""
    found: dict[str, set[Citation]] = {}
    for path in sorted(tests_dir.rglob("*.py")):
        if not is_test_file(path) or "__pycache__" in path.parts:
            continue
        for rule, cites in scan_file(path, root).items():
            found.setdefault(rule, set()).update(cites)
    return {rule: sorted(cites) for rule, cites in sorted(found.items())}


# --- rendering ---------------------------------------------------------------------------------


def _link(cite: Citation, repo_url: str | None) -> str:
    label = f"`{cite.test}`"
    if not repo_url:
        return label
    return f"[{label}]({repo_url.rstrip('/')}/blob/{BRANCH}/{cite.path}#L{cite.line})"


def tested_by_line(cites: Iterable[Citation], repo_url: str | None = None) -> str:
    """The generated paragraph listing the tests of one rule."""
    links = [_link(c, repo_url) for c in cites]
    body = ", ".join(links) if links else "*no test cites this rule yet*"
    return f"**Tested by:** {body}\n{{: .tested-by }}"


def add_tested_by(
    markdown: str, citations: dict[str, list[Citation]], repo_url: str | None = None
) -> str:
    """``markdown`` with a "Tested by" line at the end of each rule's section.

    A rule's section runs from its heading to the next heading (or the end of the page).
    """
    lines = markdown.splitlines()
    headings = [(i, line) for i, line in _outside_fences(lines) if ANY_HEADING.match(line)]
    inserts: list[tuple[int, str]] = []
    for k, (start, line) in enumerate(headings):
        m = HEADING.match(line)
        if not m:
            continue
        end = headings[k + 1][0] if k + 1 < len(headings) else len(lines)
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        inserts.append((end, tested_by_line(citations.get(m.group(3), []), repo_url)))
    for end, text in reversed(inserts):
        gap = [""] if end < len(lines) and lines[end].strip() else []
        lines[end:end] = ["", *text.splitlines(), *gap]
    return "\n".join(lines) + ("\n" if markdown.endswith("\n") else "")


def summary_table(rules: list[Rule], citations: dict[str, list[Citation]]) -> str:
    """A Markdown table: every rule, its page and how many tests cite it."""
    rows = ["| Rule | Title | Tests |", "| --- | --- | ---: |"]
    for r in rules:
        n = len(citations.get(r.rule, []))
        link = f"[{r.rule}]({Path(r.page).name}#{r.rule})"
        rows.append(f"| {link} | {r.title} | {n if n else '**none**'} |")
    return "\n".join(rows)


# --- MkDocs events -----------------------------------------------------------------------------

_cache: dict[str, dict[str, list[Citation]]] = {}


def on_pre_build(config: MkDocsConfig, **kwargs: Any) -> None:
    """Scan the tests once per build (and once per rebuild under ``mkdocs serve``)."""
    _cache["citations"] = scan_tests()


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    """Keep the hooks themselves (and their bytecode caches) out of the published site."""
    for file in [f for f in files if f.src_uri.startswith("hooks/")]:
        files.remove(file)
    return files


def on_page_markdown(
    markdown: str, page: Page, config: MkDocsConfig, files: Files, **kwargs: Any
) -> str:
    """Add the generated "Tested by" lines to the spec pages, and the summary to its index."""
    src = page.file.src_uri
    if not src.startswith("spec/"):
        return markdown
    citations = _cache.get("citations")
    if citations is None:
        citations = _cache["citations"] = scan_tests()
    repo_url = config.get("repo_url")
    if src == "spec/index.md" and SUMMARY_MARKER in markdown:
        spec_dir = Path(page.file.abs_src_path or SPEC_DIR / "index.md").parent
        markdown = markdown.replace(SUMMARY_MARKER, summary_table(spec_rules(spec_dir), citations))
    return add_tested_by(markdown, citations, repo_url)


def on_serve(server: Any, config: MkDocsConfig, builder: Any, **kwargs: Any) -> Any:
    """Under ``mkdocs serve``, rebuild when a test changes."""
    server.watch(str(TESTS_DIR))
    return server
