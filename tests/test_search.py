"""canasta.bots.SearchPlayer: determinized Monte Carlo tree search, with tiny budgets here (its
strength is measured by tools/search_strength.py, docs/search-player.rst)."""

from __future__ import annotations

import random
import time

import pytest

import canasta
from canasta.bots import GreedyPlayer, SearchPlayer, play_hand
from canasta.sampling import sample_state
from canasta.search import DEFAULT_PLAYOUTS
from canasta.simulate import players


@pytest.mark.parametrize("name", ["classic", "two-player", "cutthroat", "six-player-3x2"])
def test_search_plays_whole_hands_of_legal_moves(name: str) -> None:
    v = canasta.get_variant(name)
    seated = [SearchPlayer(s, playouts=2) if s % 2 else GreedyPlayer() for s in range(v.players)]
    state = play_hand(canasta.new_game(v, seed=1), seated, tries=1)
    assert state.is_hand_over


def _decisions(seed: int) -> list[tuple[canasta.PlayerView, canasta.GameState]]:
    """Views of seat 0 with a choice to make in a greedy hand of classic, with their states."""
    greedy = GreedyPlayer()
    state = canasta.new_game("classic", seed=seed)
    out = []
    while not state.is_hand_over:
        seat = state.current_seat
        assert seat is not None
        view = canasta.observe(state, seat)
        if seat == 0 and len(view.legal_actions) > 1:
            out.append((view, state))
        state = canasta.apply(state, greedy.choose(view))
    return out


@pytest.mark.parametrize("horizon", [1, None])
def test_search_is_deterministic_for_a_seed_and_a_playout_budget(horizon: int | None) -> None:
    for view, _ in _decisions(2)[:6]:
        first = SearchPlayer(7, playouts=6, horizon=horizon).choose(view)
        assert SearchPlayer(7, playouts=6, horizon=horizon).choose(view) == first
        assert first in view.legal_actions


def test_one_playout_plays_the_rollout_policys_move() -> None:
    for view, _ in _decisions(5)[:8]:
        assert SearchPlayer(playouts=1).choose(view) == SearchPlayer(candidates=1).choose(view)


def test_the_repr_names_the_budget() -> None:
    assert repr(SearchPlayer(playouts=8)) == "SearchPlayer(playouts=8, candidates=4, horizon=1)"
    timed = SearchPlayer(playouts=None, seconds=0.5, horizon=None)
    assert repr(timed) == "SearchPlayer(seconds=0.5, candidates=4, horizon=None)"


def test_search_never_peeks_at_the_hidden_cards() -> None:
    """Two states a seat cannot tell apart get the same move (the player gets only a view,
    and the same view whatever the hidden cards)."""
    rng = random.Random(0)
    for view, state in _decisions(3)[:6]:
        twin = sample_state(view, rng)
        assert twin != state
        seen = canasta.observe(twin, 0)
        assert seen == view
        assert SearchPlayer(5, playouts=6).choose(seen) == SearchPlayer(5, playouts=6).choose(view)


def test_a_time_budget_stops_the_search() -> None:
    view = _decisions(4)[3][0]
    start = time.perf_counter()
    action = SearchPlayer(playouts=None, seconds=0.05).choose(view)
    assert time.perf_counter() - start < 2.0
    assert action in view.legal_actions


def test_a_lone_legal_move_is_played_without_search() -> None:
    state = canasta.position("classic", hands=["KH KS", "", "", ""], current_seat=0)
    view = canasta.observe(state, 0)
    assert list(view.legal_actions) == [canasta.Draw(0)]
    assert SearchPlayer(playouts=1).choose(view) == canasta.Draw(0)


def test_a_seat_not_to_act_is_refused() -> None:
    view = canasta.observe(canasta.new_game(seed=1), 1)
    with pytest.raises(canasta.StateError):
        SearchPlayer().choose(view)


@pytest.mark.parametrize(
    "budget",
    [
        {"playouts": 0},
        {"playouts": 2.5},
        {"playouts": None},
        {"playouts": None, "seconds": 0},
        {"seconds": float("inf")},
        {"seconds": float("nan")},
        {"candidates": 0},
        {"horizon": 0},
        {"horizon": 1.5},
    ],
)
def test_bad_budgets_are_refused(budget: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        SearchPlayer(**budget)  # type: ignore[arg-type]


def test_the_bots_spec_names_search_with_a_budget() -> None:
    default, counted, timed, greedy = players("search,search:3,search:0.5s,greedy", 4, seed=2)
    assert isinstance(default, SearchPlayer) and default.playouts == DEFAULT_PLAYOUTS
    assert isinstance(counted, SearchPlayer) and counted.playouts == 3
    assert isinstance(timed, SearchPlayer) and timed.seconds == 0.5 and timed.playouts is None
    assert isinstance(greedy, GreedyPlayer)
    for bad in ["search:", "search:0", "search:xs", "search:-1s", "searcher"]:
        with pytest.raises(ValueError, match="search"):
            players(bad, 2, seed=0)
