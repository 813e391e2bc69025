"""What the benchmarks share (:mod:`canasta.bench`, :mod:`canasta.bench_rl`): random players of
Canasta and of OpenSpiel games, and the interleaved rounds they are timed in."""

from __future__ import annotations

import gc
import importlib
import importlib.metadata
import random
import time
from collections.abc import Callable, Sequence

from .actions import Action
from .engine import apply, new_game
from .legal import legal_actions
from .state import GameState
from .variants import get_variant


def _random_hands(
    variant: str,
    seeds: range,
    rng: random.Random,
    seen: Callable[[GameState], None] | None = None,
    listed: bool = False,
) -> int:
    """Play one random hand per seed (a uniformly random listed action at every step, drawn
    from ``rng``), calling ``seen`` with each state before its action; the actions applied.
    ``listed``: every listed action is built first (``list(menu)``), as an agent choosing by a
    mask of the whole menu must."""
    v = get_variant(variant)
    actions = 0
    for seed in seeds:
        state = new_game(v, seed=seed)
        while not state.is_hand_over:
            menu: Sequence[Action] = legal_actions(state)
            if listed:
                menu = list(menu)
            action = menu[rng.randrange(len(menu))]
            if seen is not None:
                seen(state)
            state = apply(state, action)
            actions += 1
    return actions


#: A player of games: ``play(first, count)`` plays games ``first`` to ``first + count - 1`` and
#: returns the player actions and the chance steps applied.
_Play = Callable[[int, int], tuple[int, int]]


def _classic_player(seed: int, listed: bool = False) -> _Play:
    """Our Classic random playouts, as in the table (the same deals and choices); ``listed``:
    every listed action built first (:func:`_random_hands`)."""
    rng = random.Random(seed)

    def play(first: int, count: int) -> tuple[int, int]:
        seeds = range(seed + first, seed + first + count)
        return _random_hands("classic", seeds, rng, listed=listed), 0

    return play


def _spiel_player(name: str, seed: int) -> _Play:
    """An OpenSpiel game (``gin_rummy``, or ``python_canasta`` of :mod:`canasta.openspiel`) in
    a Python loop over ``pyspiel``: chance outcomes drawn with their probabilities, player
    actions uniformly among ``legal_actions()``. Only player actions are counted as actions
    (the time includes the chance steps)."""
    pyspiel = importlib.import_module("pyspiel")
    if name.startswith("python_canasta"):
        importlib.import_module("canasta.openspiel")
    game = pyspiel.load_game(name)
    rng = random.Random(seed)

    def play(first: int, count: int) -> tuple[int, int]:
        player_actions = chance_actions = 0
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                    action = rng.choices(outcomes, odds)[0]
                    chance_actions += 1
                else:
                    legal = state.legal_actions()
                    action = legal[rng.randrange(len(legal))]
                    player_actions += 1
                state.apply_action(action)
        return player_actions, chance_actions

    return play


def _interleaved(
    players: dict[str, _Play], hands: int, rounds: int
) -> tuple[dict[str, list[int]], dict[str, float], dict[str, str]]:
    """Play games 0 to ``hands - 1`` with each of ``players`` in ``rounds`` interleaved rounds,
    so that a change of load on the machine weighs alike on all of them. Returns each one's
    player actions and chance steps, its seconds, and why each one that failed failed (it is
    not played again); a failure of the first one is raised."""
    counts = {name: [0, 0] for name in players}
    seconds = dict.fromkeys(players, 0.0)
    failed: dict[str, str] = {}
    for r in range(rounds):
        first, last = hands * r // rounds, hands * (r + 1) // rounds
        for name, play in players.items():
            if name in failed:
                continue
            gc.collect()  # each starts clean: no collection of the garbage of the one before
            start = time.perf_counter()
            try:
                actions, chance = play(first, last - first)
            except Exception as exc:
                if name == next(iter(players)):
                    raise
                failed[name] = _failure(exc)
                continue
            seconds[name] += time.perf_counter() - start
            counts[name][0] += actions
            counts[name][1] += chance
    return counts, seconds, failed


def _failure(exc: Exception) -> str:
    return f"failed: {type(exc).__name__}: {exc}".splitlines()[0]


def _version(distribution: str, missing: str | None = "unknown") -> str | None:
    """The installed version of a peer; ``missing`` for one without its metadata ("unknown"
    for one importable all the same, a source tree on ``PYTHONPATH``, which is still measured
    rather than called not installed)."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return missing
