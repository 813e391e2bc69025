"""The optional compiled build (docs/performance.rst, "The compiled build").

Builds the wheel through the project's own build hook (tools/hatch_compiled.py) with
``HATCH_BUILD_HOOK_ENABLE_CUSTOM=true``, installs it into a temporary directory and runs the
rules' tests against it: the menu oracle, the rule cases of RULES.md, the variants, the property
tests and the bad-input tests. It needs mypy, hatchling and setuptools (the ``dev`` extra) and a C
compiler; without them it is skipped, except under ``CI=true``, where it fails.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import canasta

ROOT = Path(__file__).resolve().parent.parent

#: The test files run against the compiled build: every rule, the menu, the invariants, bad input.
RULES_TESTS = [
    "tests/test_api.py",
    "tests/test_derived_caches.py",
    "tests/test_fuzz.py",
    "tests/test_menu_oracle.py",
    "tests/test_properties.py",
    "tests/test_regressions.py",
    "tests/test_rules_classic.py",
    "tests/test_rules_going_out.py",
    "tests/test_rules_pile.py",
    "tests/test_scoring_classic.py",
    "tests/test_variants_engine.py",
    "tests/test_variants_rules.py",
]

COMPILED_MODULES = ["_core", "_memo", "_menu", "_rules"]


def _missing() -> list[str]:
    missing = [m for m in ("mypyc", "hatchling", "setuptools") if not importlib.util.find_spec(m)]
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(compiler):
        missing.append("a C compiler")
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        missing.append("Python.h")
    return missing


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    missing = _missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the compiled build cannot be tested: missing {', '.join(missing)}")
        pytest.skip(f"the compiled build needs {', '.join(missing)}")
    tmp = tmp_path_factory.mktemp("compiled")
    env = {**os.environ, "HATCH_BUILD_HOOK_ENABLE_CUSTOM": "true", "PIP_NO_INPUT": "1"}
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run(
        [*pip, "wheel", "--no-build-isolation", "--no-deps", "-w", str(tmp / "wheel"), str(ROOT)],
        env=env,
        check=True,
        timeout=600,
    )
    (wheel,) = (tmp / "wheel").glob("canasta-*.whl")
    assert "-cp3" in wheel.name, f"not a compiled wheel: {wheel.name}"
    site = tmp / "site"
    subprocess.run(
        [*pip, "install", "--no-deps", "--target", str(site), str(wheel)], check=True, timeout=300
    )
    return site


def test_the_wheel_holds_the_compiled_modules_and_the_tree_none(compiled_site: Path) -> None:
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for name in COMPILED_MODULES:
        assert (compiled_site / "canasta" / f"{name}{suffix}").exists(), name
    assert list(compiled_site.glob(f"canasta__mypyc{suffix}"))
    # the build compiles in a copy: the source tree (and an editable install of it) stays Python
    assert not [p for p in (ROOT / "src").rglob(f"*{suffix}")]
    assert not canasta.COMPILED


def test_the_compiled_build_reports_itself(compiled_site: Path) -> None:
    code = (
        "import canasta, inspect; "
        "import canasta._core, canasta._memo, canasta._menu, canasta._rules; "
        "mods = [canasta._core, canasta._memo, canasta._menu, canasta._rules]; "
        "print(canasta.COMPILED, all(not m.__file__.endswith('.py') for m in mods), "
        "bool(canasta.apply.__doc__), inspect.signature(canasta.apply))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(compiled_site)},
        cwd=compiled_site,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split(maxsplit=3)
    # compiled, yet the public functions keep their docs and signatures
    assert out[:3] == ["True", "True", "True"]
    assert out[3].strip() == (
        "(state: 'GameState', action: 'Action | str | Mapping[str, Any]', *, "
        "seat: 'int | None' = None) -> 'GameState'"
    )


def test_the_rules_tests_pass_on_the_compiled_build(compiled_site: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(compiled_site),
        "CANASTA_EXPECT_COMPILED": str(compiled_site),
    }
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *RULES_TESTS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "compiled (mypyc)" in done.stdout


def test_both_builds_say_the_same(compiled_site: Path) -> None:
    """Every menu, check, end position and score of random hands of every preset, as one digest
    (tests/differential_play.py), is the same on the compiled build as on the source."""

    def digest(pythonpath: str) -> str:
        return subprocess.run(
            [sys.executable, str(ROOT / "tests" / "differential_play.py"), "10"],
            env={**os.environ, "PYTHONPATH": pythonpath},
            cwd=compiled_site.parent,
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        ).stdout.strip()

    source, source_compiled = digest(str(ROOT / "src")).split()
    compiled, compiled_compiled = digest(str(compiled_site)).split()
    assert (source_compiled, compiled_compiled) == ("False", "True")
    assert len(source) == 64
    assert compiled == source
