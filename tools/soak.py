"""Whole-match soak on demand: random matches of a preset from random starting totals, every
invariant checked at every step (see tests/invariants.py), until ``--actions`` actions::

    python tools/soak.py --actions 1000000 --preset classic
    python tools/soak.py --actions 100000 --preset all

Matches are seeded 0, 1, 2... (``--first-seed``); a failure names its preset, seed, hand and
action, and ``invariants.play_match(preset, seed, max_actions=...)`` reproduces it. The figures
(actions, matches, hands, invariant checks, seconds) go to standard output, one JSON line per
preset; progress goes to standard error.

``--jobs N`` plays the matches in N processes: the same matches, taken in seed order, so the
figures are those of one process (but the seconds); the match that reaches ``--actions`` is
played again up to that limit, as one process plays it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import canasta
from invariants import Stats, play_match


def soak(
    preset: str, actions: int, first_seed: int, sample: int, quiet: bool, jobs: int = 1
) -> Stats:
    """Play matches of ``preset`` until ``actions`` actions are applied; the figures. With
    ``jobs`` > 1 the matches are played in that many processes, with the same figures."""
    total = Stats()
    started = time.perf_counter()

    def progress() -> None:
        if not quiet:
            print(
                f"{preset}: {total.actions} actions, {total.matches} matches "
                f"({total.finished} finished), "
                f"{total.hands} hands, {total.checks} checks, "
                f"{time.perf_counter() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    seed = first_seed
    if jobs <= 1:
        while total.actions < actions:
            stats = play_match(preset, seed, max_actions=actions - total.actions, sample=sample)
            total.add(stats)
            seed += 1
            progress()
    else:
        with ProcessPoolExecutor(jobs) as pool:
            # whole matches (up to the whole soak's length), in seed order, a few ahead
            running: deque[tuple[int, Future[Stats]]] = deque()
            while total.actions < actions:
                while len(running) < jobs + 1:
                    running.append(
                        (seed, pool.submit(play_match, preset, seed, **_whole(actions, sample)))
                    )
                    seed += 1
                played, future = running.popleft()
                stats = future.result()
                left = actions - total.actions
                if stats.actions > left:  # the last match stops at the limit, as in one process
                    stats = pool.submit(
                        play_match, preset, played, max_actions=left, sample=sample
                    ).result()
                total.add(stats)
                progress()
            for _, future in running:
                future.cancel()
    total.seconds = time.perf_counter() - started
    return total


def _whole(actions: int, sample: int) -> dict[str, int]:
    return {"max_actions": actions, "sample": sample}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=10_000, help="actions per preset")
    parser.add_argument(
        "--preset", default="all", help="a preset name, or 'all' (every preset in turn)"
    )
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first match")
    parser.add_argument(
        "--sample",
        type=int,
        default=6,
        help="listed actions of each menu tried in every form (all when the menu is shorter)",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes playing the matches (same figures)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    args = parser.parse_args(argv)
    presets = canasta.variant_names() if args.preset == "all" else (args.preset,)
    for preset in presets:
        stats = soak(preset, args.actions, args.first_seed, args.sample, args.quiet, args.jobs)
        figures = {
            "preset": preset,
            "actions": stats.actions,
            "matches": stats.matches,
            "finished": stats.finished,
            "hands": stats.hands,
            "checks": stats.checks,
            "seconds": round(stats.seconds, 1),
        }
        print(json.dumps(figures), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
