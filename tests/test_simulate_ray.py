"""``canasta simulate --ray``: the figures of a Ray run are those of one process, and a missing
Ray or an unreachable cluster is one line on standard error.

The Ray test starts a real two-CPU cluster on this machine. It is skipped where Ray is not
installed, except under CI (``CI=true``), which installs the ``ray`` extra: there a missing Ray
fails the test instead of skipping it silently.
"""

from __future__ import annotations

import os
import socket
import sys
import types
from collections.abc import Callable
from typing import Any

import pytest

from canasta import get_variant, simulate
from canasta.cli import main


def _summary(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[str]:
    """The figures that must not depend on the backend: all but the first line (which names
    the backend) and the speed."""
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    return [line for line in lines[1:] if not line.startswith("actions per second")]


def _ray() -> Any:
    if os.environ.get("CI") == "true":
        import ray  # CI installs canasta[ray]: an ImportError here is a failure, not a skip

        return ray
    return pytest.importorskip("ray")


def test_ray_on_a_local_cluster_gives_the_serial_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ray = _ray()
    assert not ray.is_initialized()
    argv = ["simulate", "--games", "6", "--seed", "11", "--bots", "greedy,random"]
    serial = _summary(capsys, argv)
    assert main([*argv, "--ray", "--workers", "2"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0].endswith(", a local Ray cluster, 2 tasks at a time")
    assert [line for line in lines[1:] if not line.startswith("actions per second")] == serial
    assert captured.err == ""  # no progress off a terminal, and nothing from Ray
    assert not ray.is_initialized()  # the cluster it started is stopped


class _FakeRay(types.SimpleNamespace):
    """Enough of Ray to run :class:`canasta.simulate.RayCluster` in this process, finishing the
    tasks in the reverse order of their submission."""

    def __init__(self) -> None:
        super().__init__()
        self.most_in_flight = 0
        self.pending: list[int] = []
        self.results: dict[int, Any] = {}

    def is_initialized(self) -> bool:
        return True  # an existing session: used as it is, never shut down

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2.0}

    def remote(self, num_cpus: int) -> Callable[[Callable[[Any], Any]], Any]:
        def wrap(function: Callable[[Any], Any]) -> Any:
            def submit(job: Any) -> int:
                ref = len(self.results)
                self.results[ref] = function(job)
                self.pending.append(ref)
                self.most_in_flight = max(self.most_in_flight, len(self.pending))
                return ref

            return types.SimpleNamespace(remote=submit)

        return wrap

    def wait(self, refs: list[int], num_returns: int) -> tuple[list[int], list[int]]:
        last = max(refs)
        self.pending.remove(last)
        return [last], [r for r in refs if r != last]

    def get(self, ref: int) -> Any:
        return self.results[ref]


@pytest.mark.parametrize(("workers", "in_flight"), [(None, 4), (3, 3)])
def test_results_are_combined_in_seed_order(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    workers: int | None,
    in_flight: int,
) -> None:
    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    argv = ["simulate", "--games", "5", "--seed", "4", "--bots", "random"]
    serial = _summary(capsys, argv)
    extra = ["--workers", str(workers)] if workers else []
    assert _summary(capsys, [*argv, "--ray", "auto", *extra]) == serial
    assert fake.most_in_flight == in_flight  # twice the CPUs, or --workers
    jobs = [(get_variant("classic"), s, "random") for s in range(4, 9)]
    assert simulate.RayCluster("auto").run(jobs, lambda: None) == simulate.Serial().run(
        jobs, lambda: None
    )


def test_ray_not_installed_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    assert main(["simulate", "--games", "2", "--ray"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "canasta: error: Ray is not installed: pip install 'canasta[ray]'\n"


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@pytest.mark.parametrize(
    ("address", "status", "message"),
    [
        (f"127.0.0.1:{_closed_port()}", 1, "cannot reach the Ray cluster at 127.0.0.1:"),
        ("127.0.0.1", 2, "bad Ray address '127.0.0.1': use HOST:PORT"),
        ("ray://host:99999", 2, "bad Ray address 'ray://host:99999'"),
    ],
)
def test_bad_or_unreachable_address_is_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    address: str,
    status: int,
    message: str,
) -> None:
    fake = types.SimpleNamespace(is_initialized=lambda: False)
    monkeypatch.setitem(sys.modules, "ray", fake)  # refused before Ray is ever started
    assert main(["simulate", "--games", "2", "--ray", address]) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"canasta: error: {message}")
    assert captured.err.count("\n") == 1
