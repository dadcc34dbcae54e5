"""The TypeScript side: declarations generated from schema/, and the pages typed against them.

The declarations (coup_rules/web/static/types/*.d.ts) are checked in; this test fails when they
differ from what scripts/schema_types.mjs makes of schema/ today. It needs Node and the
development packages (``npm ci``). Without them it fails, saying what to run: a skip would let a
change to schema/ reach CI with stale declarations. A contributor without Node opts out in
words, ``COUP_SKIP_NODE=1``, and is then told what is left unchecked; under CI (``CI`` or
``COUP_WEB_REQUIRED=1`` set) the opt-out is refused. CI runs the same check, and
``tsc --checkJs`` over the pages, in .ci/run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import coup_rules.web
from tests.web.support import REQUIRED, ROOT

STATIC = Path(coup_rules.web.__file__).parent / "static"
"""The pages as the installed package ships them (the tests may run against a wheel)."""


OPT_OUT = "COUP_SKIP_NODE"
"""Set to 1 to skip, knowingly, the checks that need Node (refused under CI)."""


def _node() -> str:
    """Node, with the development packages installed; else a failure (or, opted out, a skip)
    that says what to run."""
    node = shutil.which("node")
    if node is not None and (ROOT / "node_modules" / "json-schema-to-typescript").is_dir():
        return node
    missing = "Node and the development packages are missing: run `npm ci` at the repository's root"
    under_ci = REQUIRED or bool(os.environ.get("CI"))
    if os.environ.get(OPT_OUT) == "1" and not under_ci:
        pytest.skip(f"{missing}; {OPT_OUT}=1: the TypeScript declarations are not checked")
    how = "" if under_ci else f", or set {OPT_OUT}=1 to leave this check to CI"
    pytest.fail(f"{missing}{how}", pytrace=False)


def test_the_typescript_declarations_are_those_of_the_schemas() -> None:
    if not (ROOT / "coup_rules").is_dir():
        pytest.skip("the package sources are not here (tests of an installed wheel)")
    done = subprocess.run(
        [_node(), "scripts/schema_types.mjs", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_the_pages_talk_to_the_server_through_the_typed_client_only() -> None:
    for page in ("table.js", "lobby.js", "host.js", "join.js"):
        text = (STATIC / page).read_text(encoding="utf-8")
        assert text.startswith("// @ts-check"), f"{page} is not type-checked"
        assert 'from "./client.js"' in text, f"{page} does not use the client"
        assert not re.search(r"fetch\(\s*[`'\"]/api", text), f"{page} calls the API itself"
