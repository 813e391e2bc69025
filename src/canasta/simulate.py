"""Where ``canasta simulate`` plays its matches: in this process, over local processes, or over a
Ray cluster.

Every backend runs the same job, :func:`play_job`, on the same list of jobs (one match per seed)
and returns the results in the order of the jobs, whatever order they finished in; the summary
adds them up in that order. A match is deterministic for its seed, so the aggregate is the same
whatever the backend and the number of workers.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol

from .actions import Action
from .bots import GreedyPlayer, Player, RandomPlayer, SearchPlayer, play_match
from .engine import new_game
from .state import GameState
from .variants import Variant

__all__ = [
    "BOTS",
    "LOCAL",
    "Backend",
    "BackendError",
    "Job",
    "MatchResult",
    "Processes",
    "RayCluster",
    "Serial",
    "bot_names",
    "choose_backend",
    "play_job",
    "play_one_match",
    "players",
]

#: ``--ray`` without an address: start a Ray cluster on this machine for the run.
LOCAL = "local"
#: Seconds allowed to open a TCP connection to a Ray address before it is called unreachable.
CONNECT_TIMEOUT = 5.0

#: One match: the variant, its seed and the bots (``greedy,random``, see :func:`players`).
Job = tuple[Variant, int, str]
#: What a match gives: hands played, actions played, winning sides.
MatchResult = tuple[int, int, tuple[int, ...]]


class BackendError(Exception):
    """A backend cannot be used; ``status`` is the exit status the command should give."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


#: The bots ``--bots`` names: ``search`` takes a budget, ``search:N`` (N playouts a move) or
#: ``search:Ts`` (T seconds a move).
BOTS = ("greedy", "random", "search")


def bot_names(spec: str, n: int) -> list[str]:
    """The bot of each of ``n`` seats, as ``spec`` names it (``"greedy,search:32"``, cycled
    over the seats), in lower case."""
    kinds = [k.strip().lower() for k in spec.split(",") if k.strip()]
    if not kinds:
        raise ValueError(f"--bots needs at least one of: {', '.join(BOTS)}")
    return [kinds[seat % len(kinds)] for seat in range(n)]


def players(spec: str, n: int, seed: int) -> list[Player]:
    """The bots of ``n`` seats from a spec like ``"greedy,random"`` (cycled over the seats)."""
    out: list[Player] = []
    for seat, kind in enumerate(bot_names(spec, n)):
        if kind == "greedy":
            out.append(GreedyPlayer())
        elif kind == "random":
            out.append(RandomPlayer(seed * 1000 + seat))
        elif kind.partition(":")[0] == "search":
            out.append(_search_player(kind, seed * 1000 + seat))
        else:
            raise ValueError(f"unknown bot {kind!r}: use {', '.join(BOTS)}")
    return out


def _search_player(kind: str, seed: int) -> SearchPlayer:
    """``search``, ``search:N`` (playouts) or ``search:Ts`` (seconds) as a player."""
    _, colon, budget = kind.partition(":")
    try:
        if not colon:
            return SearchPlayer(seed)
        if budget.endswith("s"):
            return SearchPlayer(seed, playouts=None, seconds=float(budget[:-1]))
        return SearchPlayer(seed, playouts=int(budget))
    except ValueError:
        raise ValueError(
            f"bad search budget in {kind!r}: use search:N (playouts) or search:Ts (seconds)"
        ) from None


def play_one_match(variant: Variant, seed: int, bots: str) -> MatchResult:
    """Play one match of bots from ``seed``: ``(hands, actions, winning sides)``. Deterministic,
    so the aggregate of many matches does not depend on where they are played."""
    actions = 0

    def tally(before: GameState, action: Action, after: GameState) -> None:
        nonlocal actions
        actions += 1

    state = play_match(new_game(variant, seed=seed), players(bots, variant.players, seed), tally)
    return state.hand_number, actions, state.winners


def play_job(job: Job) -> MatchResult:
    """The job every backend runs: one match."""
    return play_one_match(*job)


class Backend(Protocol):
    """Plays a list of jobs and returns their results in the order of the jobs."""

    def describe(self) -> str:
        """Words for the summary line, such as ``"2 processes"``; empty for this process."""
        ...

    def run(self, jobs: Sequence[Job], done: Callable[[], None]) -> list[MatchResult]:
        """Play every job, calling ``done()`` once as each one finishes."""
        ...


class Serial:
    """Every match in this process, one after the other."""

    def describe(self) -> str:
        return ""

    def run(self, jobs: Sequence[Job], done: Callable[[], None]) -> list[MatchResult]:
        return _as_done(map(play_job, jobs), done)


class Processes:
    """A pool of ``workers`` local processes (started with ``spawn``)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def describe(self) -> str:
        return f"{self.workers} processes"

    def run(self, jobs: Sequence[Job], done: Callable[[], None]) -> list[MatchResult]:
        import multiprocessing

        chunksize = max(1, len(jobs) // (self.workers * 8))
        with multiprocessing.get_context("spawn").Pool(self.workers) as pool:
            return _as_done(pool.imap(play_job, jobs, chunksize=chunksize), done)


def _as_done(results: Iterable[MatchResult], done: Callable[[], None]) -> list[MatchResult]:
    """``results`` as a list, calling ``done()`` as each one comes."""
    out = []
    for result in results:
        out.append(result)
        done()
    return out


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("Ray is not installed: pip install 'canasta[ray]'", 2) from None
    return ray


def _host_port(address: str) -> tuple[str, int] | None:
    """``(host, port)`` of a ``host:port`` or ``ray://host:port`` address; None for the words
    Ray resolves itself (``auto``). A malformed address is a BackendError."""
    if address == "auto":
        return None
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise BackendError(
            f"bad Ray address {address!r}: use HOST:PORT, ray://HOST:PORT or auto", 2
        )
    return host, int(port)


@contextlib.contextmanager
def _quiet_fd2() -> Iterator[None]:
    """Send file descriptor 2 to /dev/null for the block: Ray's C++ core logs its connection
    attempts there directly, and processes started meanwhile (a local cluster's) inherit it."""
    try:
        saved = os.dup(2)
    except OSError:  # no standard error to silence
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


class RayCluster:
    """Matches as Ray tasks (one CPU each), on a cluster at ``address`` or, for :data:`LOCAL`,
    on one started on this machine for the run and stopped after it.

    ``workers`` is the number of matches in flight at once; on a local cluster it is also the
    number of CPUs the cluster gets. Without it a local cluster gets every CPU Ray finds on the
    machine, and twice the cluster's CPUs are kept in flight. A Ray session this process already
    has is used as it is, and left running.
    """

    def __init__(self, address: str = LOCAL, workers: int | None = None) -> None:
        self.address = address
        self.workers = workers
        self._ray = _import_ray()
        self._target = None if address == LOCAL else _host_port(address)

    def describe(self) -> str:
        if self.address == LOCAL:
            where = "a local Ray cluster"
        elif self.address == "auto":
            where = "the Ray cluster found by auto"
        else:
            where = f"Ray at {self.address}"
        return where + (f", {self.workers} tasks at a time" if self.workers else "")

    def _connect(self) -> bool:
        """Start or join the cluster; True when this call did (and so must shut it down)."""
        ray = self._ray
        if ray.is_initialized():
            return False
        if self._target is not None:
            host, port = self._target
            try:
                with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT):
                    pass
            except OSError as exc:
                reason = exc.strerror or type(exc).__name__
                raise BackendError(
                    f"cannot reach the Ray cluster at {self.address}: {reason}", 1
                ) from None
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.ERROR,
        }
        if self.address == LOCAL:
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            if self.workers:
                options["num_cpus"] = self.workers
        try:
            with _quiet_fd2():
                ray.init(address=self.address, **options)
        except Exception as exc:
            message = str(exc).strip().splitlines()
            reason = message[0] if message else type(exc).__name__
            where = "start a local Ray cluster" if self.address == LOCAL else "connect to Ray"
            raise BackendError(f"cannot {where} at {self.address}: {reason}", 1) from None
        return True

    def run(self, jobs: Sequence[Job], done: Callable[[], None]) -> list[MatchResult]:
        ray = self._ray
        started = self._connect()
        try:
            task = ray.remote(num_cpus=1)(play_job)
            in_flight = self.workers or max(1, 2 * int(ray.cluster_resources().get("CPU", 1)))
            results: list[MatchResult | None] = [None] * len(jobs)
            pending: dict[Any, int] = {}
            queue = iter(enumerate(jobs))
            while True:
                for index, job in queue:  # keep ``in_flight`` tasks running
                    pending[task.remote(job)] = index
                    if len(pending) >= in_flight:
                        break
                if not pending:
                    break
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    results[pending.pop(ref)] = ray.get(ref)
                    done()
            return [r for r in results if r is not None]
        finally:
            if started:
                with _quiet_fd2():
                    ray.shutdown()


def choose_backend(workers: int | None = None, ray: str | None = None) -> Backend:
    """The backend for ``--workers`` and ``--ray``: Ray when ``ray`` is an address (or
    :data:`LOCAL`), else a pool of processes for more than one worker, else this process."""
    if ray is not None:
        return RayCluster(ray, workers)
    if workers is not None and workers > 1:
        return Processes(workers)
    return Serial()
