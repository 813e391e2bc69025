"""The benchmark: ``python -m canasta.bench [--hands N] [--variant NAME ...] [--seed S] [--json]
[--no-peers] [--rl]``.

For every preset (or the named ones) it plays random hands (a uniformly random listed action at
every step; hand ``h`` of a preset is dealt with seed ``S + h``) and reports random-playout
actions and hands per second. Over states sampled from that play (every state whose seat to act
holds 25 cards or more, plus a random 5% of the others) it times listing the whole menu,
``list(legal_actions(state))`` (every action object built), and :func:`apply` of a random
listed action (the fastest of three
tries per state, so that a garbage collection or the scheduler does not stand for the state's
cost), and it tabulates the median menu time against the hand size of the seat to act. Once per
run it measures the peak memory (``ru_maxrss``) of a fresh process holding 10,000 states of one
random Classic game against one that only imports canasta, and ``attrs.evolve`` calls per second
on a small frozen object as a machine reference. Peers, when importable by this interpreter:
OpenSpiel's ``gin_rummy`` through ``pyspiel`` and RLCard's raw gin-rummy game, both played at
random from a Python loop (player actions counted), with our Classic actions per second as a
ratio to theirs. With ``--rl`` (and the ``rl`` extra installed) it also times the OpenSpiel and
PettingZoo adapters against the bare engine and their gin-rummy peers (:mod:`canasta.bench_rl`,
under the key ``"rl"``).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, NoReturn

import attrs

from ._bench import (
    _classic_player,
    _failure,
    _interleaved,
    _Play,
    _random_hands,
    _spiel_player,
    _version,
)
from .cards import Rank
from .engine import COMPILED, apply, check, new_game
from .legal import legal_actions
from .positions import position
from .state import GameState
from .variants import get_variant, variant_names

__all__ = ["format_report", "main", "run"]

#: Version of the figures' layout (the keys of ``--json``); raised when a key changes.
FORMAT = 5  # 3: the menu time builds every listed action (list(), not len()); 4: "build";
# 5: each preset's "worst_case_menu"
#: States held by the memory probe's process.
MEMORY_STATES = 10_000
#: A state whose seat to act holds at least this many cards is always sampled.
BIG_HAND = 25
#: The share of the other states that is sampled.
SAMPLE_RATE = 0.05
#: Each sampled state is timed this many times and the fastest time is kept.
REPEATS = 3
#: Hand-size buckets of the seat to act: (label, smallest, largest).
BUCKETS: tuple[tuple[str, int, int], ...] = (
    ("0", 0, 0),
    *((f"{lo}-{lo + 4}", lo, lo + 4) for lo in range(1, 41, 5)),
    ("41+", 41, 10_000),
)
PEERS = ("open_spiel", "rlcard")
#: Our Classic and the peers are played in this many interleaved rounds (at most one per hand).
PEER_ROUNDS = 10


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


def _ms(seconds: float) -> float:
    return round(seconds * 1e3, 3)


def _us(seconds: float) -> float:
    return round(seconds * 1e6, 1)


def _hand_size(state: GameState) -> int:
    seat = state.current_seat
    return 0 if seat is None else len(state.hands[seat])


# ---------------------------------------------------------------------------- canasta


def _playout(variant: str, hands: int, seed: int) -> tuple[int, float, list[GameState]]:
    """Play ``hands`` random hands; return the actions applied, the seconds, sampled states.

    The sampling draws from its own generator, so the hands played do not depend on it.
    """
    pick = random.Random(seed + 1)
    samples: list[GameState] = []

    def sample(state: GameState) -> None:
        if _hand_size(state) >= BIG_HAND or pick.random() < SAMPLE_RATE:
            samples.append(state)

    start = time.perf_counter()
    actions = _random_hands(variant, range(seed, seed + hands), random.Random(seed), sample)
    return actions, time.perf_counter() - start, samples


class _Timing(NamedTuple):
    size: int  # cards held by the seat to act
    menu: int  # listed actions
    list_s: float  # list(legal_actions(state)), seconds
    apply_s: float  # apply(state, action), seconds


_BUCKET_KEYS = ("median_ms", "p99_ms", "mean_menu", "apply_median_us")


def _size_table(rows: Sequence[_Timing]) -> dict[str, dict[str, Any]]:
    """Per bucket of the seat to act's hand size: states, median and p99 menu time, mean menu
    length and median apply time."""
    table: dict[str, dict[str, Any]] = {}
    for label, lo, hi in BUCKETS:
        bucket = [r for r in rows if lo <= r.size <= hi]
        times = [r.list_s for r in bucket]
        table[label] = {"states": len(bucket), **dict.fromkeys(_BUCKET_KEYS)}
        if bucket:
            table[label].update(
                median_ms=_ms(statistics.median(times)),
                p99_ms=_ms(_percentile(times, 0.99)),
                mean_menu=round(statistics.fmean(r.menu for r in bucket), 1),
                apply_median_us=_us(statistics.median(r.apply_s for r in bucket)),
            )
    return table


def _variant(name: str, hands: int, seed: int) -> tuple[dict[str, Any], list[_Timing]]:
    actions, elapsed, samples = _playout(name, hands, seed)
    rng = random.Random(seed + 2)
    rows: list[_Timing] = []
    for state in samples:
        n = len(legal_actions(state))
        action = legal_actions(state)[rng.randrange(n)]
        list_time = apply_time = float("inf")
        for _ in range(REPEATS):  # the fastest of a few: the state's cost, not a GC pause
            t0 = time.perf_counter()
            list(legal_actions(state))  # every listed action built, as a front-end lists them
            t1 = time.perf_counter()
            apply(state, action)
            t2 = time.perf_counter()
            list_time = min(list_time, t1 - t0)
            apply_time = min(apply_time, t2 - t1)
        rows.append(_Timing(_hand_size(state), n, list_time, apply_time))
    list_times = [r.list_s for r in rows]
    apply_times = [r.apply_s for r in rows]
    v = get_variant(name)
    figures = {
        "seats": v.players,
        "hands": hands,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "actions_per_second": round(actions / elapsed),
        "hands_per_second": round(hands / elapsed, 1),
        "sampled_states": len(samples),
        "sampled_big_hands": sum(1 for r in rows if r.size >= BIG_HAND),
        "largest_hand": max((r.size for r in rows), default=0),
        "legal_actions_ms": {
            "median": _ms(statistics.median(list_times)),
            "p99": _ms(_percentile(list_times, 0.99)),
            "max": _ms(max(list_times)),
        },
        "apply_us": {
            "median": _us(statistics.median(apply_times)),
            "p99": _us(_percentile(apply_times, 0.99)),
        },
        "by_hand_size": _size_table(rows),
        "worst_case_menu": _worst_case(name, seed),
    }
    return figures, rows


# ---------------------------------------------------------------------------- worst case
#: Listed actions looked up (and checked) by index in each worst-case menu.
WORST_CASE_PICKS = 20
#: A worst-case menu is iterated over whole when it is at most this long.
WORST_CASE_ITERATE = 100_000


def _worst_case_position(name: str, phase: str) -> GameState:
    """The largest unmelded hand the builder takes, for the menu's worst case: the first seat
    to play holds every card of the pack but the threes (less an ace, the pile's top card, in the
    draw phase), the others hold the threes, the stock is empty, and the side's total is in the
    highest minimum band (in the play phase the seat drew from the stock, so every concealed
    going out, with or without a card to discard, is listed whole)."""
    v = get_variant(name)
    order = new_game(v, seed=0).order  # the seats of the first hand, in playing order
    seat = order[0]
    hand = [c for c in v.pack() if c.rank is not Rank.THREE]
    threes = [c for c in v.pack() if c.rank is Rank.THREE]
    black = next(c for c in threes if c.is_black_three)
    threes.remove(black)
    pile = [black]
    if phase == "draw":
        ace = next(c for c in hand if c.rank is Rank.ACE)
        hand.remove(ace)
        pile.append(ace)
    hands: list[list[Any]] = [[] for _ in range(v.players)]
    hands[seat] = hand
    for i, card in enumerate(threes):
        hands[order[1 + i % (len(order) - 1)]].append(card)
    lowest = v.minimum_bands[-1][0]
    return position(
        name,
        hands=hands,
        discard_pile=pile,
        stock=[],
        current_seat=seat,
        phase=phase,
        totals=[lowest or 0] * len(v.sides),
    )


def _worst_case(name: str, seed: int) -> dict[str, Any]:
    """Milliseconds for the worst-case menus of a preset (:func:`_worst_case_position`):
    ``len`` of a fresh menu, the first entry of another fresh one, an entry by index of a
    counted menu and :func:`check` of a listed action (means of a few), and iterating over the
    whole menu when it is not too long (``None`` otherwise)."""
    rng = random.Random(seed + 3)
    out: dict[str, Any] = {}
    for phase in ("play", "draw"):
        state = _worst_case_position(name, phase)
        t0 = time.perf_counter()
        menu = legal_actions(state)
        n = len(menu)
        t1 = time.perf_counter()
        first = legal_actions(state)[0]  # a fresh menu: counting it, then one lookup
        t2 = time.perf_counter()
        picks = [rng.randrange(n) for _ in range(WORST_CASE_PICKS)]
        t3 = time.perf_counter()
        actions = [first, *(menu[i] for i in picks)]  # the menu is counted already
        t4 = time.perf_counter()
        verdicts = [check(state, a) for a in actions]
        t5 = time.perf_counter()
        assert all(v is None for v in verdicts)
        iterate_ms = None
        if n <= WORST_CASE_ITERATE:
            t6 = time.perf_counter()
            for _ in legal_actions(state):
                pass
            iterate_ms = _ms(time.perf_counter() - t6)
        out[phase] = {
            "hand": _hand_size(state),
            "minimum": state.minimum_for(state.turn.seat),
            "menu": n,
            "len_ms": _ms(t1 - t0),
            "first_index_ms": _ms(t2 - t1),
            "index_ms": _ms((t4 - t3) / len(picks)),
            "check_ms": _ms((t5 - t4) / len(actions)),
            "iterate_ms": iterate_ms,
        }
    return out


# ---------------------------------------------------------------------------- memory
_MEMORY_BASELINE = """\
import resource, sys
import canasta
kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(kib // 1024 if sys.platform == "darwin" else kib)
"""

_MEMORY_PROBE = """\
import random, resource, sys
import attrs, canasta
n, seed = int(sys.argv[1]), int(sys.argv[2])
# one Classic match that never reaches its target, so that it spans as many hands as needed
variant = attrs.evolve(canasta.get_variant("classic"), target_score=10**7)
rng = random.Random(seed)
state = canasta.new_game(variant, seed=seed)
states = [state]
while len(states) < n:
    menu = canasta.legal_actions(state)  # [canasta.DealNextHand()] at the end of a hand
    state = canasta.apply(state, menu[rng.randrange(len(menu))])
    states.append(state)
kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(kib // 1024 if sys.platform == "darwin" else kib, state.hand_number)
"""


def _python(code: str, *args: str) -> list[int]:
    """Run ``python -c code args`` with this interpreter and this canasta; its printed ints.

    On Linux a child's ``ru_maxrss`` starts from the high-water mark of the process it was
    forked from (the benchmark, already large), so the child is forked by a small ``/bin/sh``
    instead (``; exit`` keeps the shell from exec'ing it in place).
    """
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    command = [sys.executable, "-c", code, *args]
    if os.path.exists("/bin/sh"):
        command = ["/bin/sh", "-c", '"$0" "$@"; exit $?', *command]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True, timeout=600)
    return [int(word) for word in out.stdout.split()]


def _memory(states: int, seed: int) -> dict[str, Any]:
    unmeasured = ("hands", "peak_mib", "baseline_mib", "difference_mib", "bytes_per_state", "error")
    figures: dict[str, Any] = {"states": states, "variant": "classic", **dict.fromkeys(unmeasured)}
    try:
        (base_kib,) = _python(_MEMORY_BASELINE)
        peak_kib, hand_number = _python(_MEMORY_PROBE, str(states), str(seed))
    except (OSError, ValueError, subprocess.SubprocessError) as exc:
        stderr = getattr(exc, "stderr", None) or ""
        message = stderr.strip().splitlines()[-1] if stderr.strip() else str(exc)
        figures["error"] = message.splitlines()[0] if message else type(exc).__name__
        return figures
    figures.update(
        hands=hand_number,
        peak_mib=round(peak_kib / 1024, 1),
        baseline_mib=round(base_kib / 1024, 1),
        difference_mib=round((peak_kib - base_kib) / 1024, 1),
        bytes_per_state=round((peak_kib - base_kib) * 1024 / states),
    )
    return figures


# ---------------------------------------------------------------------------- peers


def _rlcard_player(seed: int) -> _Play:
    """RLCard's raw gin-rummy game (no environment wrapper): ``judge.get_legal_actions()`` and
    ``step()`` until ``is_over()``. Every step is a player's (the deal happens in ``init_game``;
    the two closing score steps are counted too)."""
    np = importlib.import_module("numpy")
    game_class = importlib.import_module("rlcard.games.gin_rummy.game").GinRummyGame
    rng = random.Random(seed)

    def play(first: int, count: int) -> tuple[int, int]:
        actions = 0
        for h in range(first, first + count):
            game = game_class()
            game.np_random = np.random.RandomState(seed + h)
            game.init_game()
            while not game.is_over():
                legal = game.judge.get_legal_actions()
                game.step(legal[rng.randrange(len(legal))])
                actions += 1
        return actions, 0

    return play


_PEER_GAMES: dict[str, tuple[str, str, Callable[[int], _Play]]] = {
    "open_spiel": (
        "gin_rummy (pyspiel)",
        "open_spiel",
        functools.partial(_spiel_player, "gin_rummy"),
    ),
    "rlcard": ("gin-rummy (rlcard raw game)", "rlcard", _rlcard_player),
}


_PEER_KEYS = ("game", "version", "hands", "actions", "chance_actions", "seconds")
_PEER_RATES = ("actions_per_second", "hands_per_second", "classic_ratio")


def _empty_peer(status: str) -> dict[str, Any]:
    return {"status": status, **dict.fromkeys(_PEER_KEYS + _PEER_RATES)}


def _peers(hands: int, seed: int) -> dict[str, Any]:
    """Our Classic and each importable peer, ``hands`` games each, played in interleaved rounds
    so that a change of load on the machine weighs alike on all of them."""
    players: dict[str, _Play] = {"classic": _classic_player(seed)}
    figures = {name: _empty_peer("not installed") for name in PEERS}
    for name in PEERS:
        game, distribution, setup = _PEER_GAMES[name]
        try:
            players[name] = setup(seed)
        except ImportError:
            continue
        except Exception as exc:  # a broken peer install must not stop the benchmark
            figures[name] = _empty_peer(_failure(exc))
            continue
        figures[name].update(game=game, version=_version(distribution))
    rounds = min(hands, PEER_ROUNDS)
    counts, seconds, failed = _interleaved(players, hands, rounds)
    for name, why in failed.items():
        figures[name] = _empty_peer(why)
    classic_actions = counts["classic"][0]
    classic_rate = classic_actions / seconds["classic"]
    for name in players:
        if name == "classic" or name in failed:
            continue
        actions, chance = counts[name]
        rate = actions / seconds[name]
        figures[name].update(
            status="measured",
            hands=hands,
            actions=actions,
            chance_actions=chance,
            seconds=round(seconds[name], 3),
            actions_per_second=round(rate),
            hands_per_second=round(hands / seconds[name], 1),
            classic_ratio=round(classic_rate / rate, 3),
        )
    return {
        "measured": True,
        "rounds": rounds,
        "classic_actions": classic_actions,
        "classic_actions_per_second": round(classic_rate),
        **figures,
    }


# ---------------------------------------------------------------------------- run
def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _check(hands: int, variants: Sequence[str] | None) -> list[str]:
    """The presets to measure; ValueError with a one-line message for nonsense arguments."""
    if hands < 1:
        raise ValueError(f"--hands must be at least 1, not {hands}")
    known = variant_names()
    names = list(dict.fromkeys(variants)) if variants else list(known)
    for name in names:
        if name not in known:
            raise ValueError(f"unknown preset {name!r}; known presets: {', '.join(known)}")
    return names


def run(
    hands: int = 200,
    variants: Sequence[str] | None = None,
    seed: int = 0,
    peers: bool = True,
    memory_states: int = MEMORY_STATES,
) -> dict[str, Any]:
    """Run the benchmark and return its figures (seconds are turned into µs and ms).

    Raises ValueError for fewer than one hand or an unknown preset."""
    names = _check(hands, variants)
    per_variant: dict[str, dict[str, Any]] = {}
    pooled: list[_Timing] = []
    for name in names:
        per_variant[name], rows = _variant(name, hands, seed)
        pooled.extend(rows)
    unmeasured = dict.fromkeys(("rounds", "classic_actions", "classic_actions_per_second", *PEERS))
    peer_figures = _peers(hands, seed) if peers else {"measured": False, **unmeasured}
    ref = _reference()
    for figures in per_variant.values():  # drifts less between machines than the raw rates
        figures["actions_per_evolve"] = round(figures["actions_per_second"] / ref, 4)
    load = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    return {
        "format": FORMAT,
        "machine": {
            "cpus": os.cpu_count(),
            "cpu_model": _cpu_model(),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "load_average": load,
        },
        "build": "compiled" if COMPILED else "python",
        "hands": hands,
        "seed": seed,
        "variants": per_variant,
        "by_hand_size": _size_table(pooled),
        "memory": _memory(memory_states, seed),
        "reference_evolves_per_second": round(ref),
        "peers": peer_figures,
    }


# ---------------------------------------------------------------------------- output
def format_report(result: dict[str, Any]) -> str:
    """The readable report of :func:`run`'s figures."""
    m = result["machine"]
    lines = [
        f"canasta.bench: {result['hands']} random hands per preset, seed {result['seed']}; "
        f"{m['cpus']} CPUs ({m['cpu_model']}), {m['implementation']} {m['python']}"
        + ("" if m["load_average"] is None else f"; load average {m['load_average'][0]}"),
        "build: "
        + (
            "compiled (the rules compiled with mypyc)"
            if result.get("build") == "compiled"
            else "Python source (the default; see the docs for the compiled build)"
        ),
        "",
        f"{'':16}{'':6}{'':8}{'random playout':>20}   {'legal_actions ms':>20}"
        f"   {'apply µs':>14}   {'sampled':>13}",
        f"{'preset':<16}{'seats':>6}{'actions':>8}{'actions/s':>11}{'hands/s':>9}"
        f"   {'median':>6}{'p99':>7}{'max':>7}   {'median':>7}{'p99':>7}"
        f"   {'states':>7}{'25+':>6}",
    ]
    for name, v in result["variants"].items():
        la, ap = v["legal_actions_ms"], v["apply_us"]
        lines.append(
            f"{name:<16}{v['seats']:>6}{v['actions']:>8}{v['actions_per_second']:>11,}"
            f"{v['hands_per_second']:>9}   {la['median']:>6.3f}{la['p99']:>7.2f}{la['max']:>7.2f}"
            f"   {ap['median']:>7.1f}{ap['p99']:>7.0f}"
            f"   {v['sampled_states']:>7}{v['sampled_big_hands']:>6}"
        )
    lines += [
        "",
        "legal_actions by the hand size of the seat to act (sampled states of all presets above)",
        f"{'cards':<8}{'states':>7}{'median ms':>11}{'p99 ms':>9}{'mean menu':>11}"
        f"{'apply median µs':>17}",
    ]
    for label, row in result["by_hand_size"].items():
        if row["states"]:
            lines.append(
                f"{label:<8}{row['states']:>7}{row['median_ms']:>11.3f}{row['p99_ms']:>9.2f}"
                f"{row['mean_menu']:>11.1f}{row['apply_median_us']:>17.1f}"
            )
    lines += [
        "",
        "worst-case menu: the largest unmelded hand (every card but the threes; see the docs),",
        "highest minimum; ms for len() and the first entry of a fresh menu, one entry and one "
        f"check (means of {WORST_CASE_PICKS}), iterating",
        f"{'preset':<16}{'phase':<6}{'cards':>6}{'menu':>16}{'len':>8}{'first':>8}"
        f"{'index':>8}{'check':>8}{'iterate':>10}",
    ]
    for name, v in result["variants"].items():
        for phase, w in v["worst_case_menu"].items():
            it = "-" if w["iterate_ms"] is None else f"{w['iterate_ms']:.1f}"
            lines.append(
                f"{name:<16}{phase:<6}{w['hand']:>6}{w['menu']:>16,}{w['len_ms']:>8.1f}"
                f"{w['first_index_ms']:>8.1f}{w['index_ms']:>8.2f}{w['check_ms']:>8.2f}{it:>10}"
            )
    mem = result["memory"]
    lines.append("")
    if mem["error"] is None:
        lines.append(
            f"memory: {mem['states']:,} states of one random {mem['variant']} game "
            f"({mem['hands']} hands): peak {mem['peak_mib']} MiB, import only "
            f"{mem['baseline_mib']} MiB, difference {mem['difference_mib']} MiB "
            f"(~{mem['bytes_per_state']:,} bytes/state)"
        )
    else:
        lines.append(f"memory: unavailable ({mem['error']})")
    lines.append(
        f"reference: {result['reference_evolves_per_second']:,} attrs.evolve/s on this machine"
    )
    peers = result["peers"]
    lines.append("")
    if not peers["measured"]:
        lines.append("peers: not measured (--no-peers)")
        return "\n".join(lines)
    lines.append(
        f"peers: random playouts, {result['hands']} games each, player actions only, played in "
        f"{peers['rounds']} rounds interleaved with our classic "
        f"({peers['classic_actions_per_second']:,} actions/s in those rounds)"
    )
    for name in PEERS:
        p = peers[name]
        if p["status"] != "measured":
            lines.append(f"{name:<11} {p['status']}")
            continue
        chance = f" (+{p['chance_actions']:,} chance steps)" if p["chance_actions"] else ""
        lines.append(
            f"{name:<11} {p['game']} {p['version']}: {p['actions_per_second']:>8,} actions/s, "
            f"{p['hands_per_second']} hands/s over {p['actions']:,} actions{chance}; "
            f"classic/{name} = {p['classic_ratio']}"
        )
    return "\n".join(lines)


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(message)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(
        prog="python -m canasta.bench",
        description=(__doc__ or "").split("\n\n", 1)[-1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--hands", type=int, default=200, help="random hands per preset (default 200)"
    )
    parser.add_argument(
        "--variant",
        nargs="+",
        action="extend",
        metavar="NAME",
        help="presets to measure (default: all of them)",
    )
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--no-peers", action="store_true", help="do not measure OpenSpiel and RLCard"
    )
    parser.add_argument(
        "--rl", action="store_true", help="also time the OpenSpiel and PettingZoo adapters"
    )
    try:
        args = parser.parse_args(argv)
        _check(args.hands, args.variant)
    except (_ArgumentError, ValueError) as exc:
        print(f"canasta.bench: error: {exc}", file=sys.stderr)
        return 2
    result = run(args.hands, args.variant, args.seed, not args.no_peers, MEMORY_STATES)
    rl_report = ""
    if args.rl:  # the rl extra's adapters, timed only when asked
        from . import bench_rl

        result["rl"] = bench_rl.run(min(args.hands, bench_rl.HANDS), args.seed)
        rl_report = "\n\n" + bench_rl.format_report(result["rl"])
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(format_report(result) + rl_report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
