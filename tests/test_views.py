"""Per-seat views hide what a seat may not see, in every variant, also in their JSON."""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from typing import Any

import pytest

import canasta
from canasta.views import observe

PRESETS = canasta.variant_names()


def _card_strings(data: Any) -> Counter[str]:
    """Every string in a JSON value that is a card in notation."""
    found: Counter[str] = Counter()
    if isinstance(data, dict):
        for value in data.values():
            found += _card_strings(value)
    elif isinstance(data, list):
        for value in data:
            found += _card_strings(value)
    elif isinstance(data, str):
        with contextlib.suppress(canasta.NotationError):
            found[str(canasta.Card.parse(data))] += 1
    return found


def _visible(state: canasta.GameState, seat: int) -> Counter[str]:
    seen: Counter[str] = Counter(str(c) for c in state.hands[seat])
    for side in state.melds:
        for meld in side:
            seen.update(str(c) for c in meld.cards)
    for laid in state.red_threes:
        seen.update(str(c) for c in laid)
    if state.top_card is not None:
        seen[str(state.top_card)] += 1
    return seen


def _states(name: str, seed: int) -> list[canasta.GameState]:
    rng = random.Random(seed)
    state = canasta.new_game(name, seed=seed)
    out = [state]
    while not state.is_hand_over:
        menu = canasta.legal_actions(state)
        state = canasta.apply(state, menu[rng.randrange(len(menu))])
        if rng.random() < 0.1:
            out.append(state)
    out.append(state)
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_no_hidden_card_in_a_view_or_its_json(name: str) -> None:
    for seed in range(3):
        for state in _states(name, seed):
            for seat in range(state.variant.players):
                view = observe(state, seat)
                visible = _visible(state, seat)
                data = json.loads(canasta.to_json(view))
                actions = data.pop("legal_actions")
                shown = _card_strings(data)
                assert not shown - visible, f"seat {seat} sees hidden cards {shown - visible}"
                # the other hands only as sizes, the stock only as its size
                assert data["hand_sizes"] == [len(h) for h in state.hands]
                assert data["stock_size"] == len(state.stock)
                assert data["pile_size"] == len(state.discard_pile)
                own = {str(c) for c in state.hands[seat]}
                for action in actions:
                    # a listed action names only cards of the seat's own hand
                    assert set(_card_strings(action)) <= own, action
                if seat != state.current_seat:
                    assert actions == []
                assert canasta.from_json(canasta.to_json(view)) == view


def test_view_fields() -> None:
    state = canasta.new_game("classic", seed=1)
    view = observe(state, 0)
    assert view.hand == state.hands[0]
    assert view.hand_sizes == (11, 11, 11, 11)
    assert view.top_card == state.top_card
    assert view.minimums == (50, 50)
    assert view.legal_actions == tuple(canasta.legal_actions(state))
    assert observe(state, 1).legal_actions == ()
    with pytest.raises(ValueError):
        observe(state, 4)


@pytest.mark.parametrize("seat", [4, -1, "0", None, True])
def test_observe_refuses_a_seat_with_a_state_error(seat: object) -> None:
    state = canasta.new_game("classic", seed=1)
    with pytest.raises(canasta.StateError, match="seat must be from 0 to 3"):
        observe(state, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("thing", [None, 1, "state", {}])
def test_observe_refuses_a_non_state_with_a_state_error(thing: object) -> None:
    with pytest.raises(canasta.StateError, match="not a GameState"):
        observe(thing, 0)  # type: ignore[arg-type]
    state = canasta.new_game("classic", seed=1)
    with pytest.raises(canasta.StateError):
        observe(observe(state, 0), 0)  # type: ignore[arg-type]
