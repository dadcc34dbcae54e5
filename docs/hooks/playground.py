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

On the pages of ``LINKED_PAGES`` it also adds, under every Python example that sets up a game,
a link that opens that example's position in the playground: the example is run (as the test
suite runs it), and each game it makes with ``new_game`` and plays on with ``apply`` is
written as the playground's URL fragment (``fragment``; the format is
``docs/javascripts/playground/position.mjs``'s). So the links follow the examples; nothing is
written by hand.

The engine's files are built, not committed: first ``(cd clients/engine && npm ci)`` and
``node clients/engine/build.mjs``. Without them the site still builds and the page says the
engine is missing; with ``COUP_WEB_REQUIRED=1`` (CI) a missing file is a warning instead, which
``mkdocs build --strict`` turns into a failure.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import logging
import os
import re
import shutil
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - only for type checkers
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

__all__ = [
    "ENGINE_FILES",
    "LINKED_PAGES",
    "PYODIDE_FILES",
    "Position",
    "SiteFile",
    "add_links",
    "engine_files",
    "example_positions",
    "fragment",
    "on_page_markdown",
    "on_post_build",
    "read_fragment",
]

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


# --- links from the examples ---------------------------------------------------------------------

LINKED_PAGES = ("edge-cases.md",)
"""The pages whose examples get a playground link each."""

PLAYGROUND = "playground.md"

CONFIG_FIELDS = (
    "players",
    "inquisitor",
    "reformation",
    "two_player_setup",
    "first_player",
    "max_turns",
    "coins",
    "copies",
)
"""The config fields a fragment may set (position.mjs's CONFIG_FIELDS)."""


@dataclass(frozen=True)
class Position:
    """A game as new_game made it and the moves applied since."""

    config: Mapping[str, Any]
    setup: Mapping[str, Any]
    moves: tuple[str, ...] = field(default=())


def _names(values: Sequence[Any]) -> str:
    return ".".join(v.name.lower() for v in values)


def fragment(position: Position) -> str:
    """The playground's URL fragment of a position, with "#" (position.mjs reads it)."""
    from coup_rules import Config, to_json

    default = json.loads(to_json(Config()))
    parts = []
    for name in CONFIG_FIELDS:
        value = position.config.get(name, default[name])
        if value != default[name]:
            shown = "none" if value is None else int(value) if isinstance(value, bool) else value
            parts.append(f"{name}={shown}")
    setup = position.setup
    if setup.get("hands") is not None:
        parts.append("hands=" + ",".join(_names(hand) for hand in setup["hands"]))
    if setup.get("court") is not None:
        parts.append(f"court={_names(setup['court'])}")
    if setup.get("coins") is not None:
        parts.append("deal_coins=" + ",".join(str(c) for c in setup["coins"]))
    if setup.get("allegiances") is not None:
        parts.append("allegiances=" + ",".join(a.name.lower() for a in setup["allegiances"]))
    if setup.get("seed") is not None:
        parts.append(f"seed={setup['seed']}")
    if position.moves:
        parts.append("moves=" + ",".join(m.replace(" ", ".") for m in position.moves))
    return "#" + "&".join(parts)


def read_fragment(text: str) -> Position:
    """The position of a playground URL fragment (``fragment``'s inverse, as position.mjs
    reads it; the moves as notation).

    Raises:
        ValueError: a part is not one the playground reads.
    """
    from urllib.parse import unquote

    from coup_rules import Allegiance, Character, Config, to_json

    config = json.loads(to_json(Config()))
    setup: dict[str, Any] = {}
    moves: tuple[str, ...] = ()

    def cards(value: str) -> list[Character]:
        return [Character[name.upper()] for name in value.split(".") if name]

    for part in text.lstrip("#").split("&"):
        name, _, value = part.partition("=")
        value = unquote(value)
        if name in CONFIG_FIELDS:
            default = config[name]
            if isinstance(default, bool):
                config[name] = value in ("1", "true", "yes")
            else:
                config[name] = None if value in ("", "none", "null") else int(value)
        elif name == "seed":
            setup["seed"] = int(value)
        elif name == "hands":
            setup["hands"] = [cards(hand) for hand in value.split(",")]
        elif name == "court":
            setup["court"] = cards(value)
        elif name == "deal_coins":
            setup["coins"] = [int(c) for c in value.split(",")]
        elif name == "allegiances":
            setup["allegiances"] = [Allegiance[a.upper()] for a in value.split(",")]
        elif name == "moves":
            moves = tuple(m.replace(".", " ") for m in value.split(",") if m)
        elif name != "at":
            raise ValueError(f"the playground reads no part {name!r}")
    return Position(config, setup, moves)


@contextlib.contextmanager
def _tracking() -> Iterator[list[Position]]:
    """While open, every game coup_rules.new_game makes and coup_rules.apply plays on (as an
    example imports them) is appended, as a Position, to the list given."""
    import coup_rules

    made: list[Position] = []
    of: dict[int, tuple[object, Position]] = {}  # id -> (state, position); keeps ids unique
    real_new, real_apply = coup_rules.new_game, coup_rules.apply

    def new_game(config: Any = None, **setup: Any) -> Any:
        state = real_new(config, **setup)
        config_json = json.loads(coup_rules.to_json(state.config))
        position = Position(config_json, setup)
        of[id(state)] = (state, position)
        made.append(position)
        return state

    def apply(state: Any, move: Any) -> Any:
        after = real_apply(state, move)
        known = of.get(id(state))
        if known is not None and known[0] is state:
            before = known[1]
            position = Position(
                before.config, before.setup, (*before.moves, coup_rules.format_move(move))
            )
            of[id(after)] = (after, position)
            made.append(position)
        return after

    coup_rules.new_game, coup_rules.apply = new_game, apply
    try:
        yield made
    finally:
        coup_rules.new_game, coup_rules.apply = real_new, real_apply


_FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w-]*)")


def _python_blocks(lines: Sequence[str]) -> Iterator[tuple[int, int, str]]:
    """Each runnable python block: its first line, the line after it (and after the output
    block that follows it, if any), and its code."""
    i, previous = 0, ""
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match is None:
            previous = lines[i].strip() or previous
            i += 1
            continue
        fence, lang, start = match[1], match[2].lower(), i
        i += 1
        while i < len(lines) and lines[i].strip() != fence:
            i += 1
        body = "\n".join(lines[start + 1 : i]) + "\n"
        i += 1
        end = i
        j = i
        while j < len(lines) and not lines[j].strip():
            j += 1
        if (
            j < len(lines)
            and lines[j].startswith("```text")
            and lines[j + 1 : j + 2] == ["# output"]
        ):
            while j + 1 < len(lines) and lines[j + 1].strip() != "```":
                j += 1
            end = j + 2
        if lang == "python" and previous != "<!-- no-run -->":
            yield start, end, body
        previous = ""


def example_positions(markdown: str, name: str = "page") -> list[tuple[int, Position]]:
    """Each python example of a page that makes or plays a game, as the line after it (and
    after its output) and the position it ends with; the examples run in one namespace, in
    page order, as the tests run them."""
    lines = markdown.splitlines()
    found: list[tuple[int, Position]] = []
    namespace: dict[str, Any] = {"__name__": "__playground_links__"}
    with _tracking() as made, contextlib.redirect_stdout(io.StringIO()):
        for start, end, code in _python_blocks(lines):
            seen = len(made)
            try:
                exec(compile(code, f"{name}:{start + 1}", "exec"), namespace)
            except Exception as exc:  # the tests report a broken example
                log.info("playground links: %s:%d stopped (%s)", name, start + 1, exc)
                break
            if len(made) > seen:
                found.append((end, made[-1]))
    return found


def add_links(markdown: str, playground: str, name: str = "page") -> str:
    """The page with a link under each python example that makes or plays a game, to the
    position it ends with, at ``playground`` (the playground page's relative URL; an HTML
    link, which MkDocs does not check for an anchor named like the fragment)."""
    lines = markdown.splitlines()
    for at, position in reversed(example_positions(markdown, name)):
        link = f"{playground}{fragment(position)}"
        anchor = f'<a href="{html.escape(link)}">Open this position in the playground</a>'
        lines.insert(at, f'\n<p class="pg-open">{anchor}</p>\n')
    return "\n".join(lines) + "\n"


ROOT_ELEMENT = '<div id="playground" class="cr-playground">'
"""The playground page's element the script fills (docs/playground.md)."""


def rule_urls(page: Page, files: Files) -> dict[str, str]:
    """Every rule id of the spec and its address from ``page`` (the rule's anchor), as the
    traceability hook finds the rules: the playground links a refusal's rule with it."""
    import importlib.util
    import sys

    from mkdocs.utils import get_relative_url

    name = "coup_docs_traceability"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).with_name("traceability.py")
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up here
        spec.loader.exec_module(module)
    urls = {}
    for rule in module.spec_rules():
        target = files.get_file_from_path(rule.page)
        if target is not None:
            urls[rule.rule] = f"{get_relative_url(target.url, page.url)}#{rule.rule}"
    return urls


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Add the playground links to the pages of ``LINKED_PAGES``, and the spec's rules to the
    playground's element."""
    from mkdocs.utils import get_relative_url

    playground = files.get_file_from_path(PLAYGROUND)
    if playground is None:
        return markdown
    if page.file.src_uri == PLAYGROUND:
        rules = html.escape(json.dumps(rule_urls(page, files), separators=(",", ":")))
        return markdown.replace(ROOT_ELEMENT, f'{ROOT_ELEMENT[:-1]} data-rules="{rules}">', 1)
    if page.file.src_uri not in LINKED_PAGES:
        return markdown
    return add_links(markdown, get_relative_url(playground.url, page.url), page.file.src_uri)
