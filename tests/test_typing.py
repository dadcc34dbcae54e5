"""The public API's types are tested too: ``mypy --strict`` accepts typical code, rejects misuse.

One mypy run checks both files of ``tests/typing/``: ``positive.py`` (typical user code) must
have no error; every line of ``negative.py`` tagged ``# E: <code>`` must get errors with exactly
that code, and no untagged line may get one. mypy is in-process (``mypy.api.run``) with a fresh
cache, so the run takes a few seconds at most.
"""

from __future__ import annotations

import re
import runpy
from collections import defaultdict
from pathlib import Path

import mypy.api
import pytest

ROOT = Path(__file__).resolve().parents[1]
TYPING = ROOT / "tests" / "typing"
POSITIVE = TYPING / "positive.py"
NEGATIVE = TYPING / "negative.py"

TAG = re.compile(r"#\s*E:\s*(?P<codes>[a-z][a-z-]*(?:[ ,]+[a-z][a-z-]*)*)\s*$")
ERROR = re.compile(
    r"^(?P<path>.+?):(?P<line>\d+): error: (?P<msg>.*?)(?:  \[(?P<code>[a-z-]+)\])?$"
)

Errors = dict[Path, dict[int, list[tuple[str, str]]]]
"""File -> line -> (code, message) of each error mypy reported there."""


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory: pytest.TempPathFactory) -> Errors:
    """mypy --strict's errors on both files, from one run."""
    cache = tmp_path_factory.mktemp("mypy_cache")
    stdout, stderr, status = mypy.api.run(
        [
            "--strict",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(cache),
            "--show-absolute-path",
            "--show-error-codes",
            "--no-error-summary",
            "--no-pretty",
            "--no-color-output",
            "--hide-error-context",
            str(POSITIVE),
            str(NEGATIVE),
        ]
    )
    assert status in (0, 1) and not stderr, f"mypy failed (status {status}):\n{stderr}{stdout}"
    found: Errors = defaultdict(lambda: defaultdict(list))
    for text in stdout.splitlines():
        m = ERROR.match(text)
        if m:
            path = Path(m["path"]).resolve()
            found[path][int(m["line"])].append((m["code"] or "?", m["msg"]))
    return found


def _tags() -> dict[int, set[str]]:
    """Line -> the error codes its ``# E:`` tag expects."""
    tags: dict[int, set[str]] = {}
    for number, text in enumerate(NEGATIVE.read_text(encoding="utf-8").splitlines(), start=1):
        m = TAG.search(text)
        if m:
            tags[number] = set(re.split(r"[ ,]+", m["codes"].strip()))
    return tags


def _source(path: Path, line: int) -> str:
    return path.read_text(encoding="utf-8").splitlines()[line - 1].strip()


def test_typical_user_code_type_checks(mypy_errors: Errors) -> None:
    """positive.py: a game loop, an exhaustive match on Move, JSON, views: no error at all."""
    errors = mypy_errors.get(POSITIVE, {})
    shown = [f"  line {n}: {msg} [{code}]" for n, es in sorted(errors.items()) for code, msg in es]
    assert not shown, "mypy --strict rejects tests/typing/positive.py:\n" + "\n".join(shown)


def test_misuses_fail_with_the_tagged_codes(mypy_errors: Errors) -> None:
    """negative.py: each tagged line fails with exactly its code; no other line fails."""
    tags = _tags()
    errors = mypy_errors.get(NEGATIVE, {})
    problems = []
    for line, codes in sorted(tags.items()):
        got = {code for code, _ in errors.get(line, [])}
        if got != codes:
            what = "type-checks" if not got else f"fails with {sorted(got)}"
            problems.append(
                f"  line {line}: {_source(NEGATIVE, line)!r} expects {sorted(codes)}, but {what}"
            )
    for line, es in sorted(errors.items()):
        if line not in tags:
            problems += [f"  line {line}: unexpected error: {msg} [{code}]" for code, msg in es]
    assert not problems, (
        "tests/typing/negative.py does not fail as tagged (a line that now type-checks means "
        "the public API's types got looser):\n" + "\n".join(problems)
    )


def test_negative_file_tags_many_misuses() -> None:
    """The negative check is not vacuous: it holds a few dozen tagged lines."""
    assert len(_tags()) >= 30


def test_mypy_reports_nothing_outside_the_two_files(mypy_errors: Errors) -> None:
    """Errors in coup_rules itself (reached through imports) would blur the two checks."""
    others = sorted(str(p) for p in mypy_errors if p not in (POSITIVE, NEGATIVE))
    assert not others, f"mypy reports errors in other files: {others}"


def test_typical_user_code_runs() -> None:
    """positive.py also runs: its match covers every class of get_args(Move), its game ends."""
    namespace = runpy.run_path(str(POSITIVE), run_name="positive")
    namespace["main"]()
