"""Every Python example of the documentation runs, and prints what the page says it prints.

The pages are ``README.md`` and every ``docs/**/*.md``. In each page, every fenced code block
whose language is ``python`` is executed, in page order, in one namespace shared by the page's
blocks (like a doctest session). A failure names the page and the line of the block.

Conventions for authors of pages:

- A ``python`` block immediately followed by a ``text`` block whose first line is exactly
  ``# output`` shows that block's output: the test captures what the block prints and compares
  it with the rest of the ``text`` block, exactly, except for whitespace at the end of lines and
  blank lines at the end.
- An HTML comment ``<!-- no-run -->`` on the line before a block (blank lines allowed between)
  leaves that block out. Use it sparingly: a runnable example is worth more.
- A ``# output`` block that does not follow a runnable ``python`` block is an error, since it
  would never be checked.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import re
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
"""The repository."""

NO_RUN = "<!-- no-run -->"
OUTPUT_MARK = "# output"

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*?)\s*$")


@dataclass(frozen=True)
class Fence:
    """A fenced code block of a Markdown page."""

    line: int
    """The 1-based line of the opening fence."""
    lang: str
    """The first word of the info string, lower-cased ("" if none)."""
    body: str
    """The block's content, the fence's indentation removed."""
    no_run: bool
    """Whether a ``<!-- no-run -->`` comment precedes the block."""
    follows: int | None
    """The index of the fence this one immediately follows (only blank lines between)."""


@dataclass(frozen=True)
class Example:
    """A runnable ``python`` block and the output it must print, if the page shows one."""

    line: int
    code: str
    expected: str | None
    output_line: int | None


def _dedent(line: str, indent: str) -> str:
    return line[len(indent) :] if line.startswith(indent) else line.lstrip(" \t")


def parse_fences(text: str) -> list[Fence]:
    """Every fenced code block of a page, in order (a fence left open runs to the end)."""
    lines = text.splitlines()
    fences: list[Fence] = []
    previous: str | None = None  # the last non-blank line outside a block
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match is None:
            if lines[i].strip():
                previous = lines[i].strip()
            i += 1
            continue
        indent, fence = match["indent"], match["fence"]
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines):
            stripped = lines[i].strip()
            if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
                break
            body.append(_dedent(lines[i], indent))
            i += 1
        follows = len(fences) - 1 if fences and previous is None else None
        words = match["info"].lstrip("{.").split()
        fences.append(
            Fence(
                line=start + 1,
                lang=words[0].lower() if words else "",
                body="\n".join(body) + "\n",
                no_run=previous == NO_RUN,
                follows=follows,
            )
        )
        previous = None
        i += 1
    return fences


def _is_output(fence: Fence) -> bool:
    return fence.lang == "text" and fence.body.split("\n", 1)[0].rstrip() == OUTPUT_MARK


def examples(text: str) -> list[Example]:
    """The runnable examples of a page, each with its expected output if it shows one.

    Raises:
        ValueError: a ``# output`` block follows no runnable ``python`` block.
    """
    fences = parse_fences(text)
    found: list[Example] = []
    for index, fence in enumerate(fences):
        if _is_output(fence):
            before = fences[fence.follows] if fence.follows is not None else None
            if before is None or before.lang != "python" or before.no_run:
                raise ValueError(
                    f"line {fence.line}: a '# output' block must follow a runnable python block"
                )
            continue
        if fence.lang != "python" or fence.no_run:
            continue
        after = fences[index + 1] if index + 1 < len(fences) else None
        shown = after is not None and after.follows == index and _is_output(after)
        found.append(
            Example(
                line=fence.line,
                code=fence.body,
                expected=after.body.split("\n", 1)[1] if shown and after else None,
                output_line=after.line if shown and after else None,
            )
        )
    return found


def normalize(output: str) -> str:
    """Output as compared: trailing whitespace of each line and trailing blank lines removed."""
    return "\n".join(line.rstrip() for line in output.rstrip().splitlines())


def run_page(path: Path, name: str) -> list[tuple[Example, str]]:
    """Run every example of a page in one namespace; each example with what it printed.

    Raises:
        AssertionError: an example raised; the message names the page and the block's line.
    """
    namespace: dict[str, object] = {"__name__": "__docs__"}
    results: list[tuple[Example, str]] = []
    for example in examples(path.read_text(encoding="utf-8")):
        # Blank lines in front, so that a traceback's line numbers are the page's own.
        code = compile("\n" * example.line + example.code, name, "exec")
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(code, namespace)
        except Exception as err:  # any error of an example fails the page
            trace = "".join(traceback.format_exception(err))
            raise AssertionError(
                f"{name}:{example.line}: the example raised {type(err).__name__}: {err}\n{trace}"
            ) from err
        results.append((example, out.getvalue()))
    return results


def check_page(path: Path, name: str) -> None:
    """Run a page's examples and compare each shown output with what the example printed."""
    for example, printed in run_page(path, name):
        if example.expected is None:
            continue
        want, got = normalize(example.expected), normalize(printed)
        if want != got:
            diff = "\n".join(
                difflib.unified_diff(
                    want.splitlines(),
                    got.splitlines(),
                    f"{name}:{example.output_line} (shown)",
                    f"{name}:{example.line} (printed)",
                    lineterm="",
                )
            )
            raise AssertionError(
                f"{name}:{example.line}: the example printed something else than the "
                f"'# output' block at line {example.output_line}:\n{diff}"
            )


def pages() -> list[Path]:
    """README.md and every Markdown page under docs/, sorted."""
    found = [ROOT / "README.md"] if (ROOT / "README.md").is_file() else []
    return found + sorted((ROOT / "docs").rglob("*.md"))


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", pages(), ids=_name)
def test_page_examples_run_and_print_what_is_shown(
    path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Every python block of the page runs; every '# output' block matches what it printed."""
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    check_page(path, _name(path))


# --- the machinery itself ----------------------------------------------------------------------


def _page(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "page.md"
    path.write_text(text, encoding="utf-8")
    return path


def test_blocks_of_a_page_share_one_namespace(tmp_path: Path) -> None:
    page = "```python\nx = 2\n```\n\ntext\n\n```python\nprint(x * 3)\n```\n"
    [(_, first), (_, second)] = run_page(_page(tmp_path, page), "page.md")
    assert (first, second) == ("", "6\n")


def test_an_output_block_is_compared_exactly(tmp_path: Path) -> None:
    page = "```python\nprint('a')\n```\n\n```text\n# output\nb\n```\n"
    with pytest.raises(AssertionError, match=r"page\.md:1: the example printed"):
        check_page(_page(tmp_path, page), "page.md")


def test_trailing_whitespace_and_blank_lines_do_not_count(tmp_path: Path) -> None:
    page = "```python\nprint('a  ')\nprint()\n```\n```text\n# output\na\n\n```\n"
    check_page(_page(tmp_path, page), "page.md")


def test_an_error_names_the_page_and_the_line(tmp_path: Path) -> None:
    page = "# Title\n\n```python\nx = 1\n1 / 0\n```\n"
    with pytest.raises(AssertionError, match=r"page\.md:3: the example raised ZeroDivisionError"):
        run_page(_page(tmp_path, page), "page.md")


def test_a_traceback_gives_the_line_in_the_page(tmp_path: Path) -> None:
    page = "# Title\n\n```python\nx = 1\n1 / 0\n```\n"
    with pytest.raises(AssertionError, match=r'File "page\.md", line 5'):
        run_page(_page(tmp_path, page), "page.md")


def test_no_run_leaves_a_block_out() -> None:
    page = "<!-- no-run -->\n\n```python\n1 / 0\n```\n\n```python\nx = 1\n```\n"
    assert [e.line for e in examples(page)] == [7]


def test_other_languages_are_not_run() -> None:
    page = "```bash\npip install .\n```\n\n```\nplain\n```\n\n```pycon\n>>> 1\n```\n"
    assert examples(page) == []


def test_an_output_block_after_prose_is_an_error() -> None:
    page = "```python\nprint(1)\n```\n\nSome prose.\n\n```text\n# output\n1\n```\n"
    with pytest.raises(ValueError, match="line 7"):
        examples(page)


def test_an_output_block_after_a_no_run_block_is_an_error() -> None:
    page = "<!-- no-run -->\n```python\nprint(1)\n```\n```text\n# output\n1\n```\n"
    with pytest.raises(ValueError, match="line 5"):
        examples(page)


def test_a_text_block_without_the_mark_is_not_an_output() -> None:
    page = "```python\nprint(1)\n```\n\n```text\nanything\n```\n"
    assert examples(page)[0].expected is None


def test_indented_blocks_are_dedented() -> None:
    page = "- item\n\n    ```python\n    if True:\n        x = 1\n    ```\n"
    assert examples(page)[0].code == "if True:\n    x = 1\n"


def test_a_longer_fence_holds_a_shorter_one() -> None:
    page = "````markdown\n```python\n1 / 0\n```\n````\n"
    assert examples(page) == []
