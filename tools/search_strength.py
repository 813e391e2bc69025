"""The search player's strength: match wins of SearchPlayer against GreedyPlayer, as JSON.

Matches come in pairs dealt from the same seed, the search player on one side, then on the other
(seats alternated, luck of the deal shared). A tied match counts half. The win rate has a 95%
Wilson interval. Each finished match prints a line of running figures on standard error; the
summary goes to standard output::

    python tools/search_strength.py --matches 200 --playouts 32 > strength.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

import canasta
from canasta.bots import GreedyPlayer, Player, SearchPlayer, play_match
from canasta.search import DEFAULT_PLAYOUTS


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% for ``z = 1.96``)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


class Timed:
    """A player whose decisions are timed (seconds of wall time each)."""

    def __init__(self, player: SearchPlayer, times: list[float]) -> None:
        self.player = player
        self.times = times

    def choose(self, view: canasta.PlayerView) -> canasta.Action:
        start = time.perf_counter()
        action = self.player.choose(view)
        self.times.append(time.perf_counter() - start)
        return action


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic", help="a preset of two sides")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--seconds", type=float, default=None, help="a time budget instead")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    args = parser.parse_args(argv)
    v = canasta.get_variant(args.variant)
    if len(v.sides) != 2:
        parser.error(f"{v.name} has {len(v.sides)} sides: use a preset of two")
    playouts = None if args.seconds is not None else args.playouts
    times: list[float] = []
    wins = 0.0
    hands = 0
    start = time.perf_counter()
    summary: dict[str, Any] = {}
    for g in range(args.matches):
        deal, mine = args.seed + g // 2, g % 2
        players: list[Player] = []
        for seat in range(v.players):
            if seat in v.sides[mine]:
                bot = SearchPlayer(deal * 1000 + seat, playouts=playouts, seconds=args.seconds)
                players.append(Timed(bot, times))
            else:
                players.append(GreedyPlayer())
        count = 0

        def hand_over(state: canasta.GameState) -> None:
            nonlocal count
            count += 1

        final = play_match(canasta.new_game(v, seed=deal), players, on_hand_over=hand_over)
        hands += count
        if mine in final.winners:
            wins += 1 / len(final.winners)
        n = g + 1
        low, high = wilson(wins, n)
        summary = {
            "variant": v.name,
            "budget": {"playouts": playouts, "seconds": args.seconds},
            "matches": n,
            "search_wins": wins,
            "greedy_wins": n - wins,
            "win_rate": wins / n,
            "wilson_95": [round(low, 4), round(high, 4)],
            "hands_per_match": hands / n,
            "decisions": len(times),
            "seconds_per_decision": {
                "mean": sum(times) / max(len(times), 1),
                "p99": sorted(times)[int(0.99 * (len(times) - 1))] if times else 0.0,
                "max": max(times, default=0.0),
            },
            "elapsed_seconds": time.perf_counter() - start,
            "seeds": [args.seed, args.seed + (args.matches - 1) // 2],
        }
        sys.stderr.write(json.dumps(summary) + "\n")
        sys.stderr.flush()
    sys.stdout.write(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
