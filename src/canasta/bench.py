"""A small benchmark: ``python -m canasta.bench [--hands N] [--variant NAME] [--json]``.

It plays random hands (a uniformly random listed action at every step, fixed seeds) and reports
random-playout actions per second and hands per second, the latency of :func:`legal_actions`
(listing the whole menu) and of :func:`apply` over the states of those hands, and, as a
reference measured in the same run, how many ``attrs.evolve`` calls on a small frozen object
this machine makes per second; the ratio of actions to evolves drifts less between machines
than the raw figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs

from .engine import apply, new_game
from .legal import legal_actions
from .state import GameState
from .variants import get_variant

__all__ = ["main", "run"]


@attrs.frozen
class _Probe:
    a: int
    b: tuple[int, ...]


def _reference(seconds: float = 0.3) -> float:
    probe = _Probe(0, tuple(range(108)))
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            probe = attrs.evolve(probe, a=probe.a + 1)
        n += 1000
    return n / (time.perf_counter() - start)


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(hands: int = 200, variant: str = "classic", seed: int = 0) -> dict[str, Any]:
    """Run the benchmark and return its figures (seconds are turned into µs and ms)."""
    if hands < 1:
        raise ValueError("hands must be at least 1")
    v = get_variant(variant)
    rng = random.Random(seed)
    # 1. random playouts: list the menu and apply a random action, as a bot would
    actions = 0
    start = time.perf_counter()
    samples: list[GameState] = []
    for h in range(hands):
        state = new_game(v, seed=seed + h)
        while not state.is_hand_over:
            menu = legal_actions(state)
            action = menu[rng.randrange(len(menu))]
            if rng.random() < 0.05:
                samples.append(state)
            state = apply(state, action)
            actions += 1
    elapsed = time.perf_counter() - start
    # 2. latencies over sampled states
    list_times = []
    apply_times = []
    for state in samples:
        t0 = time.perf_counter()
        menu = legal_actions(state)
        n = len(menu)
        t1 = time.perf_counter()
        action = menu[rng.randrange(n)]
        t2 = time.perf_counter()
        apply(state, action)
        t3 = time.perf_counter()
        list_times.append(t1 - t0)
        apply_times.append(t3 - t2)
    ref = _reference()
    rate = actions / elapsed
    return {
        "variant": v.name,
        "hands": hands,
        "actions": actions,
        "actions_per_second": round(rate),
        "hands_per_second": round(hands / elapsed, 1),
        "legal_actions_ms": {
            "median": round(statistics.median(list_times) * 1e3, 3),
            "p99": round(_percentile(list_times, 0.99) * 1e3, 3),
            "max": round(max(list_times) * 1e3, 3),
        },
        "apply_us": {
            "median": round(statistics.median(apply_times) * 1e6, 1),
            "p99": round(_percentile(apply_times, 0.99) * 1e6, 1),
        },
        "sampled_states": len(samples),
        "reference_evolves_per_second": round(ref),
        "actions_per_evolve": round(rate / ref, 4),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta.bench", description=__doc__)
    parser.add_argument("--hands", type=int, default=200, help="random hands to play (default 200)")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        result = run(args.hands, args.variant, args.seed)
    except ValueError as exc:
        print(f"canasta.bench: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    la = result["legal_actions_ms"]
    ap = result["apply_us"]
    print(
        f"variant {result['variant']}: {result['hands']} random hands, {result['actions']} actions"
    )
    print(f"random playout      {result['actions_per_second']:>10,} actions/s")
    print(f"                    {result['hands_per_second']:>10} hands/s")
    print(f"legal_actions       median {la['median']} ms, p99 {la['p99']} ms, max {la['max']} ms")
    print(f"apply               median {ap['median']} µs, p99 {ap['p99']} µs")
    print(
        f"reference           {result['reference_evolves_per_second']:>10,} attrs.evolve/s "
        f"(ratio actions/evolves {result['actions_per_evolve']})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
