"""Hatch build hook of the optional compiled build: the rules' internal modules compiled with
mypyc into the wheel.

Off by default. ``HATCH_BUILD_HOOK_ENABLE_CUSTOM=true pip install .`` turns it on; it needs a C
compiler and the Python headers. The modules to compile are listed in pyproject.toml
(``[tool.hatch.build.targets.wheel.hooks.custom] modules``). They are compiled in a copy of the
package in a temporary directory, so the source tree never holds compiled modules (an editable
install of it keeps running the Python source). Editable builds compile nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="canasta-compiled",
    ext_modules=mypycify({paths!r}, group_name="canasta", opt_level="3"),
)
"""


class CompiledBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile ``modules`` (paths under ``src/``) with mypyc into the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        modules = self.config.get("modules", [])
        if not modules or not all(isinstance(m, str) for m in modules):
            raise TypeError("the compiled build needs `modules`, a list of paths under src/")
        self._tmp = tempfile.mkdtemp(prefix="canasta-compiled-")
        work = Path(self._tmp, "src")
        shutil.copytree(Path(self.root, "src", "canasta"), work / "canasta")
        setup = Path(self._tmp, "setup.py")
        setup.write_text(_SETUP.format(paths=modules), encoding="utf-8")
        out = Path(self._tmp, "lib")
        done = subprocess.run(
            [
                sys.executable,
                str(setup),
                "build_ext",
                "--build-lib",
                str(out),
                "--build-temp",
                str(Path(self._tmp, "obj")),
            ],
            cwd=work,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"the compiled build failed (mypyc):\n{done.stdout}")
        suffix = ".pyd" if os.name == "nt" else ".so"
        built = sorted(out.rglob(f"*{suffix}"))
        if len(built) < len(modules):
            raise RuntimeError(f"the compiled build made {len(built)} modules for {modules}")
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(out).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
