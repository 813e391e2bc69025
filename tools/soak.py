"""Whole-match soak on demand: random matches of a preset from random starting totals, every
invariant checked at every step (see tests/invariants.py), until ``--actions`` actions::

    python tools/soak.py --actions 1000000 --preset classic
    python tools/soak.py --actions 100000 --preset all

Matches are seeded 0, 1, 2... (``--first-seed``); a failure names its preset, seed, hand and
action, and ``invariants.play_match(preset, seed, max_actions=...)`` reproduces it. The figures
(actions, matches, hands, invariant checks, seconds) go to standard output, one JSON line per
preset; progress goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import canasta
from invariants import Stats, play_match


def soak(preset: str, actions: int, first_seed: int, sample: int, quiet: bool) -> Stats:
    """Play matches of ``preset`` until ``actions`` actions are applied; the figures."""
    total = Stats()
    seed = first_seed
    started = time.perf_counter()
    while total.actions < actions:
        stats = play_match(preset, seed, max_actions=actions - total.actions, sample=sample)
        total.add(stats)
        seed += 1
        if not quiet:
            print(
                f"{preset}: {total.actions} actions, {total.matches} matches "
                f"({total.finished} finished), "
                f"{total.hands} hands, {total.checks} checks, "
                f"{time.perf_counter() - started:.0f} s",
                file=sys.stderr,
            )
    total.seconds = time.perf_counter() - started
    return total


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
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    args = parser.parse_args(argv)
    presets = canasta.variant_names() if args.preset == "all" else (args.preset,)
    for preset in presets:
        stats = soak(preset, args.actions, args.first_seed, args.sample, args.quiet)
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
