"""Hatchling build hook: the optional mypyc-compiled core.

With ``COUP_RULES_COMPILE=1`` in the environment, building a wheel (``pip install .``,
``python -m build --wheel``) compiles the modules listed under ``[tool.coup_rules.compile]`` in
pyproject.toml with mypyc and ships the extension modules next to the Python sources (an
extension module is imported in preference to the ``.py`` file of the same name). Without the
variable this hook does nothing: the wheel is pure Python and the build needs neither mypy nor a
C compiler.

Only the wheel target runs this hook (the sdist keeps the sources), and an editable install
stays pure Python even with the variable set, since it imports the source tree.
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from packaging.requirements import Requirement

ENV_VAR = "COUP_RULES_COMPILE"

# setuptools drives the C compiler for mypyc (mypyc.build needs it; Python 3.12 has no distutils).
SETUPTOOLS = "setuptools>=70"

# Run in a child process, in an empty temporary directory, so that setuptools finds no
# pyproject.toml or setup.cfg of ours to read. Arguments: the mypy config file, the shared
# library's group name, the C output directory, build_ext's --build-lib and --build-temp, then
# the module files to compile.
_BUILD_SCRIPT = """\
import sys

import setuptools  # first: mypyc.build uses setuptools when it is already imported

from mypyc.build import mypycify

config_file, group, target_dir, build_lib, build_temp, *files = sys.argv[1:]
setuptools.setup(
    name="coup-rules-compiled-core",
    ext_modules=mypycify(
        ["--config-file", config_file, *files], target_dir=target_dir, group_name=group
    ),
    script_args=["build_ext", "--build-lib", build_lib, "--build-temp", build_temp],
)
"""


def compile_requested() -> bool:
    """Whether ``COUP_RULES_COMPILE`` asks for the compiled core ("1"; unset, "" or "0": no)."""
    value = os.environ.get(ENV_VAR, "").strip()
    if value in ("", "0"):
        return False
    if value == "1":
        return True
    raise ValueError(f"{ENV_VAR} must be 1 (compile) or 0/unset (pure Python), not {value!r}")


class CompiledCoreHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the listed modules with mypyc when ``COUP_RULES_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def _settings(self) -> dict[str, Any]:
        tool = self.metadata.config.get("tool", {})
        settings = tool.get("coup_rules", {}).get("compile", {})
        if not isinstance(settings, dict):
            raise TypeError("[tool.coup_rules.compile] must be a table")
        return settings

    def _mypy_requirement(self) -> str:
        """The mypy of the dev extra, pin and all, so the build compiles with the checked mypy."""
        dev = self.metadata.core.optional_dependencies.get("dev", [])
        for spec in dev:
            if Requirement(spec).name.lower() == "mypy":
                return str(spec)
        raise ValueError("the dev extra in pyproject.toml names no mypy to compile with")

    def dependencies(self) -> list[str]:
        """What a compiling build needs: mypy, setuptools, and the runtime dependencies, since
        mypyc type-checks the code against attrs and cattrs. A pure build needs none of them."""
        if self.target_name != "wheel" or not compile_requested():
            return []
        return [self._mypy_requirement(), SETUPTOOLS, *self.metadata.core.dependencies]

    def modules(self) -> list[str]:
        """The files to compile, relative to the root: ``modules`` globs minus ``exclude`` globs."""
        settings = self._settings()
        patterns = settings.get("modules", [])
        excluded = settings.get("exclude", [])
        if not isinstance(patterns, list) or not isinstance(excluded, list):
            raise TypeError("[tool.coup_rules.compile] modules and exclude must be arrays")
        root = Path(self.root)
        found: dict[str, None] = {}  # an ordered set
        for pattern in patterns:
            matches = sorted(p.relative_to(root).as_posix() for p in root.glob(pattern))
            if not matches:
                raise ValueError(f"[tool.coup_rules.compile] {pattern!r} matches no file")
            for match in matches:
                if match.endswith(".py") and not any(fnmatch.fnmatch(match, e) for e in excluded):
                    found[match] = None
        if not found:
            raise ValueError("[tool.coup_rules.compile] lists no module to compile")
        return list(found)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not compile_requested():
            return
        if version == "editable":
            self.app.display_warning(
                f"{ENV_VAR}=1 is ignored for an editable install (it imports the source tree)"
            )
            return
        modules = self.modules()
        root = Path(self.root)
        self._work = Path(tempfile.mkdtemp(prefix="coup-rules-mypyc-"))
        build_lib = self._work / "lib"
        self.app.display_info(f"mypyc: compiling {len(modules)} modules: {' '.join(modules)}")
        command = [
            sys.executable,
            "-c",
            _BUILD_SCRIPT,
            str(root / "pyproject.toml"),
            "coup_rules",  # the shared library: coup_rules__mypyc.<suffix>, beside the package
            str(self._work / "c"),
            str(build_lib),
            str(self._work / "temp"),
            *(str(root / m) for m in modules),
        ]
        start = time.monotonic()
        done = subprocess.run(
            command,
            cwd=self._work,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"mypyc failed (exit {done.returncode}):\n{done.stdout}")
        built = sorted(p for p in build_lib.rglob("*") if p.is_file())
        if len(built) < len(modules):
            raise RuntimeError(f"mypyc built {len(built)} files for {len(modules)} modules")
        self.app.display_info(
            f"mypyc: {len(built)} extension modules in {time.monotonic() - start:.0f}s"
        )
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(build_lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
