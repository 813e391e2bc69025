"""Test-suite settings.

``CANASTA_EXPECT_COMPILED=DIR`` (set by tests/test_compiled.py when it runs tests against the
compiled build installed in ``DIR``) makes the run refuse to start unless ``canasta`` comes from
``DIR`` with its rules compiled, so a compiled run can never test the Python source by mistake.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import canasta


def pytest_report_header() -> str:
    build = "compiled (mypyc)" if canasta.COMPILED else "Python source"
    return f"canasta {canasta.__version__} from {Path(canasta.__file__).parent}: {build}"


def pytest_configure(config: pytest.Config) -> None:
    expected = os.environ.get("CANASTA_EXPECT_COMPILED")
    if not expected:
        return
    where = Path(canasta.__file__).resolve()
    if not canasta.COMPILED or not where.is_relative_to(Path(expected).resolve()):
        raise pytest.UsageError(
            f"expected the compiled build from {expected}, got {where} "
            f"(compiled: {canasta.COMPILED})"
        )
