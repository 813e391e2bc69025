"""The adapters' speed: ``python -m canasta.bench --rl`` (or ``python -m canasta.bench_rl
[--hands N] [--seed S] [--json]`` for this section alone).

Random play from a Python loop, the same number of episodes (one hand each) for every
contestant, in interleaved rounds so that a change of load weighs alike on all:

- ``engine``: the bare engine, :func:`canasta.apply` of a uniformly random entry of
  :func:`canasta.legal_actions` (Classic; the lazy menu is counted, one entry built);
- ``engine_listed``: the same, with every listed action built first (``list(menu)``), as an
  agent choosing by a mask of the whole menu must;
- ``openspiel``: ``python_canasta`` (:mod:`canasta.openspiel`, Classic): ``legal_actions()``
  and ``apply_action()`` of a random one; the shuffle's chance steps are applied with their
  odds and timed, not counted;
- ``openspiel_gin_rummy``: OpenSpiel's own ``gin_rummy`` through ``pyspiel``, the same loop;
- ``pettingzoo``: ``canasta.pettingzoo.env()`` (Classic), the AEC loop ``env.last()`` then
  ``env.step()`` of a random action of the mask (steps of agents whose episode is over
  counted too, as PettingZoo's loop makes them);
- ``pettingzoo_gin_rummy``: PettingZoo's ``gin_rummy_v4``, the same loop; PettingZoo 1.25
  removed it, and then RLCard's ``gin-rummy`` environment, which it wrapped, is measured
  instead (``env.step()`` of a random legal action), as the report says.

Each contestant's figure is player actions (or environment steps) per second; the ratios are
the engine's actions/s over each adapter's (the adapter's cost: at most :data:`BOUND`, 2, is
wanted, and the report says whether each adapter is within it; also against ``engine_listed``)
and each of ours over its gin-rummy peer's.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ._bench import _classic_player, _interleaved, _Play, _spiel_player, _version

__all__ = ["format_report", "main", "run"]

#: Episodes per contestant by default.
HANDS = 40
#: Interleaved rounds (at most one per episode).
ROUNDS = 5
#: The most an adapter may cost: the engine's actions/s over the adapter's (issue 13).
BOUND = 2.0


def _aec(make: Callable[[], Any], seed: int) -> _Play:
    """A PettingZoo AEC environment's loop, ``env.last()`` then ``env.step()`` of a random
    action of the mask: the steps (of agents whose episode is over too), no chance steps."""
    np = importlib.import_module("numpy")
    env = make()
    rng = random.Random(seed)

    def play(first: int, count: int) -> tuple[int, int]:
        steps = 0
        for h in range(first, first + count):
            env.reset(seed=seed + h)
            for _agent in env.agent_iter():
                observation, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    action = None
                else:
                    legal = np.flatnonzero(observation["action_mask"])
                    action = int(legal[rng.randrange(len(legal))])
                env.step(action)
                steps += 1
        return steps, 0

    return play


def _canasta_env(seed: int) -> _Play:
    module = importlib.import_module("canasta.pettingzoo")
    return _aec(module.env, seed)


def _gin_rummy_env(seed: int) -> tuple[_Play, str]:
    try:
        module = importlib.import_module("pettingzoo.classic.gin_rummy_v4")
    except (ImportError, AttributeError):
        pass
    else:
        return _aec(module.env, seed), "gin_rummy_v4 (pettingzoo)"
    rlcard = importlib.import_module("rlcard")
    env = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)

    def play(first: int, count: int) -> tuple[int, int]:
        steps = 0
        for _ in range(count):
            state, _player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, 0

    return play, "gin-rummy env (rlcard; gin_rummy_v4 left PettingZoo in 1.25)"


def _contestants(seed: int) -> dict[str, tuple[str, _Play | str]]:
    """Name -> (what is measured, its player or why it is not measured)."""
    setups: dict[str, tuple[str, Callable[[], tuple[_Play, str]]]] = {
        "engine": ("canasta.apply (classic)", lambda: (_classic_player(seed), "")),
        "engine_listed": (
            "canasta.apply, every listed action built (classic)",
            lambda: (_classic_player(seed, listed=True), ""),
        ),
        "openspiel": (
            "python_canasta (classic)",
            lambda: (_spiel_player("python_canasta", seed), ""),
        ),
        "openspiel_gin_rummy": (
            "gin_rummy (pyspiel)",
            lambda: (_spiel_player("gin_rummy", seed), ""),
        ),
        "pettingzoo": ("canasta.pettingzoo.env() (classic)", lambda: (_canasta_env(seed), "")),
        "pettingzoo_gin_rummy": ("gin_rummy_v4 (pettingzoo)", lambda: _gin_rummy_env(seed)),
    }
    out: dict[str, tuple[str, _Play | str]] = {}
    for name, (game, setup) in setups.items():
        try:
            play, label = setup()
        except ImportError as exc:
            out[name] = (game, f"not installed ({exc.name or exc})")
        except Exception as exc:  # a broken install must not stop the benchmark
            out[name] = (game, f"failed: {type(exc).__name__}: {exc}".splitlines()[0])
        else:
            out[name] = (label or game, play)
    return out


def run(hands: int = HANDS, seed: int = 0) -> dict[str, Any]:
    """Play ``hands`` episodes with each contestant and return the figures.

    Raises:
        ValueError: fewer than one hand.
    """
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    contestants = _contestants(seed)
    players = {name: play for name, (_, play) in contestants.items() if callable(play)}
    rounds = min(hands, ROUNDS)
    counts, seconds, failed = _interleaved(players, hands, rounds)
    status = {
        name: failed.get(name, "measured") if callable(play) else play
        for name, (_, play) in contestants.items()
    }
    rates = {
        name: (round(counts[name][0] / seconds[name]) if status[name] == "measured" else None)
        for name in contestants
    }

    def ratio(a: str, b: str) -> float | None:
        ra, rb = rates[a], rates[b]
        return None if ra is None or rb is None else round(ra / rb, 3)

    def within(name: str) -> bool | None:
        cost = ratio("engine", name)
        return None if cost is None else cost <= BOUND

    return {
        "hands": hands,
        "seed": seed,
        "rounds": rounds,
        "versions": {d: _version(d, None) for d in ("open-spiel", "pettingzoo", "rlcard")},
        "contestants": {
            name: {
                "game": game,
                "status": status[name],
                "actions": counts[name][0] if status[name] == "measured" else None,
                "seconds": round(seconds[name], 3) if status[name] == "measured" else None,
                "actions_per_second": rates[name],
            }
            for name, (game, _) in contestants.items()
        },
        "engine_over_openspiel": ratio("engine", "openspiel"),
        "engine_over_pettingzoo": ratio("engine", "pettingzoo"),
        "bound": BOUND,
        "openspiel_within_bound": within("openspiel"),
        "pettingzoo_within_bound": within("pettingzoo"),
        "listed_over_openspiel": ratio("engine_listed", "openspiel"),
        "listed_over_pettingzoo": ratio("engine_listed", "pettingzoo"),
        "openspiel_over_gin_rummy": ratio("openspiel", "openspiel_gin_rummy"),
        "pettingzoo_over_gin_rummy": ratio("pettingzoo", "pettingzoo_gin_rummy"),
    }


def format_report(result: dict[str, Any]) -> str:
    """The readable report of :func:`run`'s figures."""
    lines = [
        f"adapters: random play, {result['hands']} hands each, in {result['rounds']} "
        "interleaved rounds (player actions or environment steps per second)"
    ]
    for name, c in result["contestants"].items():
        if c["status"] == "measured":
            lines.append(
                f"{name:<21} {c['actions_per_second']:>8,}/s  {c['game']} "
                f"({c['actions']:,} in {c['seconds']} s)"
            )
        else:
            lines.append(f"{name:<21} {c['status']}  {c['game']}")

    def show(value: float | None) -> str:
        return "-" if value is None else f"{value}"

    def verdict(name: str) -> str:
        within = result.get(f"{name}_within_bound")
        if within is None:
            return ""
        return " (within the bound)" if within else f" (over the bound of {result['bound']:g})"

    lines += [
        f"adapter cost (want <= 2): engine/openspiel = {show(result['engine_over_openspiel'])}"
        f"{verdict('openspiel')}, engine/pettingzoo = {show(result['engine_over_pettingzoo'])}"
        f"{verdict('pettingzoo')}; against the engine "
        f"listing its menu: {show(result['listed_over_openspiel'])}, "
        f"{show(result['listed_over_pettingzoo'])}",
        f"against the peers: python_canasta/gin_rummy = "
        f"{show(result['openspiel_over_gin_rummy'])}, "
        f"canasta env/gin rummy env = {show(result['pettingzoo_over_gin_rummy'])}",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m canasta.bench_rl",
        description=(__doc__ or "").split("\n\n", 1)[-1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--hands", type=int, default=HANDS, help=f"hands (default {HANDS})")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1:
        print("canasta.bench_rl: error: --hands must be at least 1", file=sys.stderr)
        return 2
    result = run(args.hands, args.seed)
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
