"""Test-suite settings.

``CANASTA_EXPECT_COMPILED=DIR`` (set by tests/test_compiled.py when it runs tests against the
compiled build installed in ``DIR``) makes the run refuse to start unless ``canasta`` comes from
``DIR`` with its rules compiled, so a compiled run can never test the Python source by mistake.

``CANASTA_HYPOTHESIS=mutation`` (set by ``tools/mutation.py``; a mutation run sets
``MUTANT_UNDER_TEST``, which selects it too) keeps the property tests short and deterministic:
at most ``MUTATION_EXAMPLES`` examples each (the tests' own, smaller counts stay), derandomized,
no example database and no deadline (the mutation tool's tracing slows every call, which must not
count as a failure). See docs/testing.rst, "Mutation testing".
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import canasta

#: the most examples a property test runs under mutation testing
MUTATION_EXAMPLES = 10

settings.register_profile(
    "mutation",
    max_examples=MUTATION_EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _mutation_run() -> bool:
    return os.environ.get("CANASTA_HYPOTHESIS") == "mutation" or "MUTANT_UNDER_TEST" in os.environ


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under mutation testing, cap the examples of every property test (a test's own
    ``@settings`` would otherwise keep its larger count) and make its run deterministic."""
    if not _mutation_run():
        return
    settings.load_profile("mutation")
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is None:
            continue
        test._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
            own,
            max_examples=min(own.max_examples, MUTATION_EXAMPLES),
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=[*own.suppress_health_check, HealthCheck.too_slow],
        )
