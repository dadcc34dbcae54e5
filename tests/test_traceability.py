"""Traceability between the rule spec (docs/spec), the tests and the engine.

Every rule the spec defines must be cited by at least one test, and the tests and the code may
cite only ids the spec defines. The scanning is done by the docs hook
``docs/hooks/traceability.py``, the same code that writes the "Tested by" lines of the published
spec, so the check and the docs cannot disagree.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import coup_rules

ROOT = Path(__file__).resolve().parents[1]
HOOK_PATH = ROOT / "docs" / "hooks" / "traceability.py"
ID_FORM = re.compile(r"^R-([A-Z]+)-([1-9]\d*)$")


def _load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("coup_docs_traceability", HOOK_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    saved, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ under docs/
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = saved
    return module


hook = _load_hook()


@pytest.fixture(scope="module")
def rules() -> list[Any]:
    return list(hook.spec_rules())


@pytest.fixture(scope="module")
def defined(rules: list[Any]) -> set[str]:
    return {r.rule for r in rules}


@pytest.fixture(scope="module")
def citations() -> dict[str, list[Any]]:
    return dict(hook.scan_tests())


def _code_citations() -> dict[str, set[str]]:
    """Rule id -> the package files that cite it (``rule="..."``, docstrings, comments).

    The files are those of the package being tested: the source tree, or an installed build
    (which ships every ``.py`` file, compiled or not) when the tests run against one.
    """
    package = Path(coup_rules.__file__).resolve().parent
    found: dict[str, set[str]] = {}
    for path in sorted(package.rglob("*.py")):
        for rule in hook.cited_ids(path.read_text(encoding="utf-8")):
            found.setdefault(rule, set()).add(path.relative_to(package.parent).as_posix())
    assert found, f"no rule id cited in {package}"
    return found


def _test_tree_citations() -> dict[str, set[str]]:
    """Rule id -> every file under tests/ that mentions it (helpers and conftest included)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for rule in hook.cited_ids(path.read_text(encoding="utf-8")):
            found.setdefault(rule, set()).add(path.relative_to(ROOT).as_posix())
    return found


def test_every_spec_page_defines_its_group(rules: list[Any]) -> None:
    """Each group page of the spec exists and defines at least one rule."""
    pages = Counter(r.page for r in rules)
    missing = [stem for stem in hook.GROUPS if pages[f"spec/{stem}.md"] == 0]
    assert not missing, f"spec pages without rules: {missing}"


def test_rule_ids_are_unique(rules: list[Any]) -> None:
    """No id is defined twice in the spec."""
    counts = Counter(r.rule for r in rules)
    twice = sorted(rule for rule, n in counts.items() if n > 1)
    assert not twice, f"ids defined more than once: {twice}"


def test_rule_ids_have_the_documented_form(rules: list[Any]) -> None:
    """Ids are R-GROUP-N, and each page defines only the ids of its own group."""
    bad = []
    for r in rules:
        m = ID_FORM.match(r.rule)
        stem = Path(r.page).stem
        if not m or hook.GROUPS.get(stem) != m.group(1):
            bad.append(f"{r.rule} in {r.page}")
    assert not bad, f"ids not of the form R-GROUP-N for their page: {bad}"


def test_rule_numbers_have_no_gaps(rules: list[Any]) -> None:
    """Within a group the rules are numbered 1, 2, 3, ... in page order."""
    by_group: dict[str, list[int]] = {}
    for r in rules:
        m = ID_FORM.match(r.rule)
        if m:
            by_group.setdefault(m.group(1), []).append(int(m.group(2)))
    bad = {g: ns for g, ns in by_group.items() if ns != list(range(1, len(ns) + 1))}
    assert not bad, f"rule numbers out of order or with gaps: {bad}"


def test_every_rule_heading_has_a_title(rules: list[Any]) -> None:
    """A rule heading names the rule after its id."""
    untitled = [r.rule for r in rules if not r.title]
    assert not untitled, f"rule headings without a title: {untitled}"


def test_tests_cite_only_defined_ids(defined: set[str]) -> None:
    """A test (or a test helper) may cite only ids that the spec defines."""
    unknown = {rule: sorted(files) for rule, files in _test_tree_citations().items()}
    unknown = {rule: files for rule, files in unknown.items() if rule not in defined}
    assert not unknown, f"tests cite ids that docs/spec does not define: {unknown}"


def test_code_cites_only_defined_ids(defined: set[str]) -> None:
    """The engine (IllegalMoveError.rule values, docstrings) cites only ids the spec defines."""
    unknown = {r: sorted(f) for r, f in _code_citations().items() if r not in defined}
    assert not unknown, f"coup_rules cites ids that docs/spec does not define: {unknown}"


def test_every_rule_is_cited_by_a_test(rules: list[Any], citations: dict[str, list[Any]]) -> None:
    """Each rule of the spec is cited by at least one test (its docstring, name or body)."""
    uncited = [r.rule for r in rules if not citations.get(r.rule)]
    assert not uncited, f"{len(uncited)} spec rules are cited by no test: {uncited}"


def test_hook_lists_the_citing_tests_under_each_rule(tmp_path: Path) -> None:
    """The docs hook appends one generated "Tested by" line to each rule, naming its tests."""
    first, second = "R-" + "ZZ-1", "R-" + "ZZ-2"
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_demo.py").write_text(
        f'"""Module citing {second}."""\n\n\n'
        f'def test_one() -> None:\n    """{first}: a test."""\n\n\n'
        "def test_r_zz_1_by_name() -> None:\n    pass\n\n\n"
        "def helper() -> None:\n    pass\n",
        encoding="utf-8",
    )
    citations = hook.scan_tests(tests, tmp_path)
    page = (
        f"# Demo\n\n### {first} One {{#{first}}}\n\nText.\n\n```md\n# not a heading\n```\n\n"
        f"### {second} Two {{#{second}}}\n\nMore text.\n"
    )
    out = hook.add_tested_by(page, citations)
    assert out.count("**Tested by:**") == 2
    one, two = out.split(f"### {second}")
    assert "`test_demo.py::test_one`, `test_demo.py::test_r_zz_1_by_name`" in one
    assert "# not a heading\n```\n\n**Tested by:**" in one
    assert "`test_demo.py`" in two


def test_hook_marks_a_rule_no_test_cites(tmp_path: Path) -> None:
    """A rule without citing tests shows that plainly instead of an empty list."""
    rule = "R-" + "ZZ-3"
    out = hook.add_tested_by(f"### {rule} Three {{#{rule}}}\n\nText.\n", {})
    assert "**Tested by:** *no test cites this rule yet*" in out


def test_hook_renders_every_spec_rule_once(rules: list[Any]) -> None:
    """Rendering each real spec page adds exactly one "Tested by" line per rule heading."""
    by_page = Counter(r.page for r in rules)
    for page, n in by_page.items():
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        assert hook.add_tested_by(text, {}).count("**Tested by:**") == n, page
